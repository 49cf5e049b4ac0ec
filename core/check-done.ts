/**
 * check-dn (section 5.3, after the act): the done report carries the execution slots with the
 * values as executed, taken from the tool; the sender checks them against the plan. This is the
 * loop that catches a tool that did something other than what it was told.
 */
import { _validateReply } from "./_readback-validation.js";
import { _needsExecSent, _recordContradictions } from "./_record-contradictions.js";
import { _replyAsRead, _replyAsValidated } from "./_reply-as-read.js";
import { checkReadback } from "./check-readback.js";
import type { ReadbackExpectations } from "./check-readback.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import { readbackVerdict } from "./readback-verdict.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _field, _same, _show } from "./_slot-values.js";
import { _hoValue } from "./_stated-slots.js";

export interface DoneReport {
  readonly ok: boolean;
  readonly findings: readonly Finding[];
}


/**
 * Checks `dn` against the HO it answers. `rb` is the readback that passed, where the HO left
 * execution values to the receiver: those are checked against what the receiver read back. It
 * stands for the plan only if it passes check-rb here, judged with what the sender judged it with
 * (`expected`, check-rb's own): `record` for the values the receiver resolved (without one they are
 * unverified, and an unverified readback plans nothing, section 5.3: "and the readback passed"),
 * and `expectAcc`, the withheld criteria, at tier 4 (they set the HO's own `acc=` aside, so a
 * readback that passed with them could read void without them, README note 137). The record
 * holds the HO itself too, with or without a readback (note 99).
 */
export function checkDone(ho: Message, received: Message, vocabulary: Vocabulary, rb?: Message, expected: ReadbackExpectations = {}): DoneReport {
  const { record, resolve } = expected;
  const out: Finding[] = [];
  // Read in its HO's vocabulary, as a readback is (README note 71).
  const dn = _replyAsRead(received, ho.slots["p"], vocabulary);
  const receipt = (slot: string, message: string, expected: string, received: string): void => {
    out.push(finding("DONE_RECEIPT", message, { slot, expected, received }));
  };
  // What the DN answers must be an HO its receiver could take: one that breaks a rule is answered
  // with a UN (rule 2), so nothing reports it done (as check-rb's tier 1 reads it).
  if (ho.type !== "HO") receipt("type", `the message answered is ${ho.type}, not an HO`, "HO", ho.type);
  else {
    const refused = validate(ho, vocabulary).filter((f) => f.severity === "error");
    if (refused.length > 0) {
      const codes = refused.map((f) => `${f.code}${f.slot === undefined ? "" : ` ${f.slot}`}`).join(", ");
      receipt("re", `the HO ${ho.id} is itself refused (${codes}): its receiver answers UN (rule 2), so no done report of it passes`, ho.id, ho.id);
    }
  }
  if (dn.type !== "DN") receipt("type", `the reply is ${dn.type}, not a done report`, "DN", dn.type);
  if (dn.re !== ho.id) receipt("re", `re=${_show(dn.re)} does not answer ${ho.id}`, ho.id, _show(dn.re));
  if (dn.from !== ho.to) receipt("from", `the done report comes from ${_show(dn.from)}, not the HO's receiver ${_show(ho.to)}`, _show(ho.to), _show(dn.from));
  if (dn.to !== ho.from) receipt("to", `the done report goes to ${_show(dn.to)}, not the HO's sender ${_show(ho.from)}`, _show(ho.from), _show(dn.to));
  if (dn.item !== ho.item) receipt("item", `item=${_show(dn.item)} is not the HO's ${_show(ho.item)}`, _show(ho.item), _show(dn.item));
  out.push(..._validateReply(_replyAsValidated(received, ho.slots["p"]), vocabulary, "done report", "DONE_RECEIPT"));

  const ask = typeof ho.slots["ask"] === "string" ? (ho.slots["ask"] as string) : "";
  const exec = vocabulary.exec.get(ask) ?? [];
  const rbAsked = Array.isArray(ho.slots["rb"]) && (ho.slots["rb"] as readonly unknown[]).includes("exec");
  if (exec.length === 0) {
    out.push(finding("DONE_NO_MAP", `no execution slots for ${ask || "this ask"}: the done check is receipt only`, { slot: "out" }));
    return { ok: !out.some((f) => f.severity === "error"), findings: out };
  }
  // An ask the profile lists under exec keeps its done check without rb=exec (section 5.3 exempts
  // only "an ask the profile does not list"): "every execution slot it carries equals the HO's
  // value". No readback read the values back, so none plans them and none must be carried (the DN
  // carries them "after an act the HO asked rb=exec for", section 3); a value carried is compared.
  if (!rbAsked) out.push(finding("DONE_NO_MAP", "the HO did not ask rb=exec: the report need not carry the execution slots, and those it carries are checked against the HO's values alone", { slot: "out" }));
  // The readback stands for the plan only if it is this HO's and it passed (section 5.3: "the
  // readback's where the HO left the slot to the receiver and the readback passed"). Unverified is
  // not void (nothing to re-issue), but its resolved values were never checked: they plan nothing.
  let unverified: string | null = null;
  // Values the HO carries against what was approved, whether or not a readback came.
  // Without rb=exec no readback read the execution values back: the HO alone is the plan, and a
  // record given still holds it, as check-ho does (HO_NEEDS_EXEC; README note 99).
  if (!rbAsked) rb = undefined;
  if (record !== undefined) {
    if (!rbAsked) out.push(_needsExecSent(ask, exec));
    out.push(..._recordContradictions(ho, record, vocabulary, resolve));
  }
  if (rb !== undefined) {
    const verdict = readbackVerdict(checkReadback(ho, rb, vocabulary, expected));
    if (verdict === "void") out.push(finding("DONE_PLAN_VOID", `the readback ${rb.id} did not pass its check against ${ho.id} (check-rb says why): it cannot stand for the plan`, { slot: "rb", received: rb.id }));
    if (verdict === "unverified") unverified = rb.id;
    if (verdict !== "wilco") rb = undefined;
  }
  const outcome = dn.slots["out"];
  for (const slot of exec) {
    const got = _field(dn, slot);
    if (outcome === "NOOP") {
      if (got !== undefined && slot !== "item") out.push(finding("DONE_NOOP", `out=NOOP says nothing ran, yet the report carries ${slot}=${_show(got)}`, { slot, received: _show(got) }));
      continue;
    }
    const planned = _hoValue(ho, slot, vocabulary) ?? (rb === undefined ? undefined : _field(rb, slot));
    if (got === undefined) {
      if (outcome === "OK" && rbAsked) out.push(finding("DONE_MISSING", `out=OK and the report does not carry ${slot}, as executed`, { slot, expected: _show(planned) }));
    } else if (planned === undefined) {
      const why = !rbAsked ? "the HO, which asked no rb=exec readback, does not say what was planned" : unverified === null ? "neither the HO nor a passing readback says what was planned" : `the readback ${unverified} that states it was never checked against the sender's record (EXEC_UNVERIFIED), so it plans nothing`;
      out.push(finding("DONE_UNVERIFIED", `${slot}=${_show(got)} was executed, and ${why}`, { slot, received: _show(got) }));
    } else if (!_same(planned, got)) {
      out.push(finding("DONE_MISMATCH", `${slot}: executed ${_show(got)}, planned ${_show(planned)}`, { slot, expected: _show(planned), received: _show(got) }));
    }
  }
  return { ok: !out.some((f) => f.severity === "error"), findings: out };
}
