/**
 * check-rb (section 5.1): the sender's check of a readback against the HO it sent, tier by tier.
 * Tiers 1 and 2 are "roger" (received, intact); 3 to 5 are "wilco" (understood, will comply). Only
 * a readback that passes every tier the sender asked for transfers ownership.
 */
import { _isHex12 } from "./_chars.js";
import { _needsExecSent, _recordContradictions } from "./_record-contradictions.js";
import { _boundedCriteria, _readCriteria, parseCriteria } from "./criteria.js";
import type { Constraint } from "./criteria.js";
import { digest } from "./digest.js";
import { _capFindings, FINDINGS_MAX, finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import type { SenderRecord } from "./record.js";
import { readbackSet } from "./readback-set.js";
import { validate } from "./validate.js";
import { _validateReadback } from "./_readback-validation.js";
import { _replyAsRead, _replyAsValidated } from "./_reply-as-read.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _field, _same, _sameEcho, _show, _strings } from "./_slot-values.js";
import { _hoValue, _sentSlots, _statedSlots } from "./_stated-slots.js";

export type TierResult = "pass" | "fail" | "not-asked";
export type TierName = "receipt" | "integrity" | "echo" | "comprehension" | "execution";

export interface TierReport {
  readonly tier: 1 | 2 | 3 | 4 | 5;
  readonly name: TierName;
  readonly result: TierResult;
  /** Why a tier failed (errors) and what the sender should know (notes). */
  readonly findings: readonly Finding[];
}

export interface ReadbackReport {
  /** Received and intact: tiers 1 and 2 pass (2 may be not asked). */
  readonly roger: boolean;
  /** Every tier the sender asked for passes: ownership moves. */
  readonly wilco: boolean;
  readonly tiers: readonly [TierReport, TierReport, TierReport, TierReport, TierReport];
  /** Every note of every tier, in one list. */
  readonly notes: readonly Finding[];
}

export interface ReadbackExpectations {
  /**
   * The sender's withheld criteria (`--expect-acc`); without them, or when they hold none (`""`),
   * the HO's own `acc=` is used.
   */
  readonly expectAcc?: string | readonly string[];
  /** The sender's record: execution values the receiver resolves are checked against it. */
  readonly record?: Readonly<Record<string, SlotValue>>;
  /**
   * The slots the record leaves to the receiver (its `"$resolve"`, `SenderRecord.resolve`): with
   * `record`, an HO that carries one the record holds no value for is HO_DIFFERS, as at check-ho.
   */
  readonly resolve?: readonly string[];
}

/**
 * The sender's side as check-rb and check-dn take it: its withheld criteria, and its record as
 * `readRecord` read it (the values, and the slots it leaves to the receiver). Each caller (rw, the
 * Worker's routes, a thread's challenge) builds the same object from what it holds.
 */
export function readbackExpectations(expectAcc: string | readonly string[] | undefined, record: SenderRecord | undefined): ReadbackExpectations {
  return { ...(expectAcc === undefined ? {} : { expectAcc }), ...(record === undefined ? {} : { record: record.values, resolve: [...record.resolve] }) };
}


function tier(n: TierReport["tier"], name: TierName, asked: boolean, findings: Finding[]): TierReport {
  const result: TierResult = !asked ? "not-asked" : findings.some((f) => f.severity === "error") ? "fail" : "pass";
  return { tier: n, name, result, findings };
}

function receipt(ho: Message, rb: Message, vocabulary: Vocabulary, validated: Message): Finding[] {
  const out: Finding[] = [];
  // A readback of a handoff that breaks a rule answers nothing a receiver should have read: under
  // rule 2 it answers UN, so no readback of it can move ownership.
  const refused = ho.type === "HO" ? validate(ho, vocabulary).filter((f) => f.severity === "error") : [];
  if (ho.type !== "HO") out.push(finding("RECEIPT", `the message read back is ${ho.type}, not an HO`, { slot: "type", expected: "HO", received: ho.type }));
  else if (refused.length > 0) {
    const codes = refused.map((f) => `${f.code}${f.slot === undefined ? "" : ` ${f.slot}`}`).join(", ");
    out.push(finding("RECEIPT", `the HO ${ho.id} is itself refused (${codes}): its receiver answers UN (rule 2), so no readback of it passes`, { slot: "re", received: ho.id }));
  }
  if (rb.type !== "RB") out.push(finding("RECEIPT", `the reply is ${rb.type}, not a readback`, { slot: "type", expected: "RB", received: rb.type }));
  if (rb.re !== ho.id) out.push(finding("RECEIPT", `re=${_show(rb.re)} does not answer ${ho.id}`, { slot: "re", expected: ho.id, received: _show(rb.re) }));
  if (rb.from !== ho.to) out.push(finding("RECEIPT", `the readback comes from ${_show(rb.from)}, not from the HO's receiver ${_show(ho.to)}`, { slot: "from", expected: _show(ho.to), received: _show(rb.from) }));
  if (rb.to !== ho.from) out.push(finding("RECEIPT", `the readback goes to ${_show(rb.to)}, not to the HO's sender ${_show(ho.from)}`, { slot: "to", expected: _show(ho.from), received: _show(rb.to) }));
  out.push(..._validateReadback(validated, vocabulary));
  const rbExp = rb.slots["exp"];
  const hoExp = ho.slots["exp"];
  if (typeof rbExp === "string" && typeof hoExp === "string" && rbExp > hoExp) {
    out.push(finding("RECEIPT", `the readback's exp=${rbExp} outlives the HO's exp=${hoExp}`, { slot: "exp", expected: `<= ${hoExp}`, received: rbExp }));
  }
  return out;
}

function echo(ho: Message, rb: Message, slots: readonly string[]): Finding[] {
  const out: Finding[] = [];
  for (const slot of slots) {
    const want = _field(ho, slot);
    const got = _field(rb, slot);
    if (got === undefined) out.push(finding("ECHO_MISSING", `the readback does not echo ${slot} (the HO says ${_show(want)})`, { slot, expected: _show(want) }));
    else if (!_sameEcho(slot, want, got)) out.push(finding("ECHO_MISMATCH", `${slot}: the readback says ${_show(got)}, the HO says ${_show(want)}`, { slot, expected: _show(want), received: _show(got) }));
  }
  return out;
}

/**
 * Tier 4 from what the HO held (its own `acc=`, or null, and `keys=`): shared with check-thread,
 * which keeps those values rather than the HO.
 */
export function _comprehension(hoAcc: readonly string[] | null, keys: readonly string[], plan: boolean, rb: Message, vocabulary: Vocabulary, expected: ReadbackExpectations): Finding[] {
  const out: Finding[] = [];
  const reported = rb.slots["acc"];
  if (reported === undefined) out.push(finding("ACC_MISSING", "the HO asks for the receiver's acceptance criteria and the readback carries no acc=", { slot: "acc" }));
  if (plan && !Object.hasOwn(rb.slots, "do")) out.push(finding("ACC_MISSING", "rb=plan asks for do=: what the receiver will produce", { slot: "do" }));
  if (reported === undefined) return out;
  let sender: Constraint[] = [];
  // Withheld criteria that hold none (`--expect-acc ""`, an unset variable) are none given: they
  // would otherwise set aside the HO's own acc= and check nothing.
  // Read uncut: the report is cut once, below, and counts every finding it leaves out.
  const withheld = expected.expectAcc === undefined ? null : _readCriteria(expected.expectAcc, vocabulary, false);
  if (withheld !== null && (withheld.constraints.length > 0 || withheld.findings.length > 0)) {
    for (const f of withheld.findings) out.push(f);
    sender = withheld.constraints;
  } else if (hoAcc !== null) {
    sender = parseCriteria(hoAcc).constraints;
  } else {
    out.push(finding("ACC_UNCHECKED", "the sender holds no criteria (neither withheld nor on the HO): only keys= is checked", { slot: "acc" }));
  }
  const receiver = parseCriteria(_strings(reported)).constraints;
  // A list of criteria is described by at most FINDINGS_MAX findings, errors first (note 36).
  const before = out.filter((f) => f.severity === "error").length;
  const compared = _boundedCriteria(sender, receiver, vocabulary, { keys, not: _strings(rb.slots["not"]) }, Math.max(0, FINDINGS_MAX - before));
  for (const f of compared.findings) out.push(f);
  return _capFindings(out, compared.uncounted, compared.uncountedNotes);
}

function comprehension(ho: Message, rb: Message, plan: boolean, vocabulary: Vocabulary, expected: ReadbackExpectations): Finding[] {
  const hoAcc = Object.hasOwn(ho.slots, "acc") ? _strings(ho.slots["acc"]) : null;
  return _comprehension(hoAcc, _strings(ho.slots["keys"]), plan, rb, vocabulary, expected);
}

function execution(ho: Message, rb: Message, slots: readonly string[], ask: string, vocabulary: Vocabulary, expected: ReadbackExpectations): Finding[] {
  const out: Finding[] = [];
  for (const slot of slots) {
    const got = _field(rb, slot);
    const sent = _hoValue(ho, slot, vocabulary);
    if (got === undefined) {
      out.push(finding("EXEC_MISSING", `rb=exec: the readback does not carry ${slot}, an execution slot of ${ask}`, { slot, expected: _show(sent) }));
    } else if (sent !== undefined) {
      if (!_same(sent, got)) out.push(finding("EXEC_MISMATCH", `${slot}: the receiver will use ${_show(got)}, the HO says ${_show(sent)}`, { slot, expected: _show(sent), received: _show(got) }));
    } else if (expected.record === undefined || !Object.hasOwn(expected.record, slot)) {
      out.push(finding("EXEC_UNVERIFIED", `${slot}=${_show(got)} was resolved by the receiver and the sender's record has no ${slot} to check it against`, { slot, received: _show(got) }));
    } else if (!_same(expected.record[slot], got)) {
      out.push(finding("EXEC_MISMATCH", `${slot}: the receiver resolved ${_show(got)}, the sender's record says ${_show(expected.record[slot])}`, { slot, expected: _show(expected.record[slot]), received: _show(got) }));
    }
  }
  return out;
}

/** Why `h=` fails: other bytes, or no digest at all (which says nothing of the bytes). check-thread's too. */
export function _integrityMiss(h: SlotValue, sent: string): string {
  if (typeof h === "string" && _isHex12(h)) return `h=${h} is not the digest of the HO sent (${sent}): the receiver holds other bytes`;
  const same = typeof h === "string" && h.toLowerCase() === sent ? `; in lowercase it is the HO's` : "";
  return `h=${_show(h)} is not a digest (12 lowercase hex characters), so it cannot show the HO sent (${sent})${same}`;
}

/**
 * Checks `rb` against the HO the sender sent (both JSON forms, the HO as the sender holds it).
 * Values compare as decoded: `pri=2` equals `pri=02`, `keep=a+b` differs from `keep=b+a`.
 */
export function checkReadback(ho: Message, received: Message, vocabulary: Vocabulary, expected: ReadbackExpectations = {}): ReadbackReport {
  const set = readbackSet(ho, vocabulary);
  const rb = _replyAsRead(received, ho.slots["p"], vocabulary);
  const t1 = receipt(ho, rb, vocabulary, _replyAsValidated(received, ho.slots["p"]));
  const h = rb.slots["h"];
  const t2 = h === undefined || h === digest(ho) ? [] : [finding("INTEGRITY", _integrityMiss(h, digest(ho)), { slot: "h", expected: digest(ho), received: _show(h) })];
  const t3 = echo(ho, rb, set.echo);
  _statedSlots(rb, _sentSlots(ho), set, vocabulary, t3);
  const t4 = set.comprehension ? comprehension(ho, rb, set.plan, vocabulary, expected) : [];
  const ask = typeof ho.slots["ask"] === "string" ? (ho.slots["ask"] as string) : "";
  let t5: Finding[] = [];
  let execAsked = set.execution;
  if (set.execution && set.exec.length === 0) {
    execAsked = false;
    t5 = [finding("EXEC_NO_MAP", `rb=exec, but the vocabulary names no execution slots for ${ask || "this ask"}: no tier 5 and no done check beyond receipt`, { slot: "rb" })];
  } else if (set.execution) t5 = execution(ho, rb, set.exec, ask, vocabulary, expected);
  // Without rb=exec, an ask with execution slots still reads the record (recordUnread): check-ho
  // refuses that HO, and the readback, the last gate before ownership moves, may not pass what the
  // sender's own check refuses (README note 99). Nothing is asked of the readback itself.
  const held = !set.execution && set.askExec.length > 0 && expected.record !== undefined;
  if (held) {
    execAsked = true;
    t5 = [_needsExecSent(ask, set.askExec)];
  }
  // The record is what was approved: an HO that says otherwise is echoed and passes above.
  if (execAsked && expected.record !== undefined) t5.push(..._recordContradictions(ho, expected.record, vocabulary, expected.resolve));

  const tiers = [
    tier(1, "receipt", true, t1),
    tier(2, "integrity", h !== undefined, t2),
    tier(3, "echo", true, t3),
    tier(4, "comprehension", set.comprehension, t4),
    tier(5, "execution", execAsked, t5),
  ] as const;
  const notes = tiers.flatMap((t) => t.findings.filter((f) => f.severity === "note"));
  const roger = tiers[0].result === "pass" && tiers[1].result !== "fail";
  const wilco = tiers.every((t) => t.result !== "fail");
  return { roger, wilco, tiers, notes };
}
