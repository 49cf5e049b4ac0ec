/**
 * make-rb (sections 5.1 and 5.3): the readback a receiver sends, composed by code from the HO as
 * delivered, never retyped. A small model's hand-written readback was refused for form in 210 of
 * 347 cases in the spec's study; the code-composed one in 0 of 378.
 */
import { isTime } from "./check-value.js";
import { digest } from "./digest.js";
import { finding } from "./finding.js";
import { formatLine } from "./format-line.js";
import type { Finding, Result } from "./finding.js";
import type { Message, SlotValue, Slots } from "./message.js";
import { readbackSet } from "./readback-set.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { VERSION } from "./vocabulary.js";
import { _readbackId } from "./_readback-id.js";
import { _cut } from "./_chars.js";
import { _same, _show } from "./_slot-values.js";
import { _hoValue, _sentSlots, _statedSlots } from "./_stated-slots.js";

/** What only the receiver can add to its readback. */
export interface ReceiverReadback {
  /**
   * The receiver's message number: the RB's id is `<receiver>-<n>`. Omitted, one past the highest
   * of the receiver's ids the HO names (its own id, `re=`, `ctx=`), else 1.
   */
  readonly n?: number;
  /** Acceptance criteria the receiver derived from the brief (`rb=acc`, `rb=plan`). */
  readonly acc?: readonly string[];
  /** What the receiver will produce (`rb=plan`). */
  readonly do?: string;
  readonly not?: readonly string[];
  readonly asm?: readonly string[];
  readonly eta?: string;
  /** When a prepared statement expires (an RB's `exp`; it may not outlive the HO's). */
  readonly exp?: string;
  /** Execution values the receiver resolved or will use (`rb=exec`), by slot. */
  readonly exec?: Readonly<Record<string, SlotValue>>;
  /** Extra slots, e.g. `x_tok` from a tool's statement. */
  readonly extra?: Readonly<Record<string, SlotValue>>;
  readonly tail?: string;
}


/**
 * Builds the RB for `ho` (the message exactly as delivered): `re=` its id, sender and receiver
 * swapped, the echo set its `rb=` asks for with its own values, `h=` of it, and the receiver's
 * additions. Refuses (with findings) when the HO is not a valid HO or the receiver's part is
 * missing something the readback level needs; the result always validates and formats as a line.
 */
export function makeReadback(ho: Message, receiver: ReceiverReadback, vocabulary: Vocabulary): Result<Message> {
  const findings: Finding[] = [];
  const fail = (f: Finding[]): Result<Message> => ({ ok: false, value: null, findings: f });
  if (ho.type !== "HO") return fail([finding("NOT_A_HANDOFF", `make-rb reads back an HO, not ${ho.type}`, { slot: "type", received: ho.type })]);
  const invalid = validate(ho, vocabulary).filter((f) => f.severity === "error");
  if (invalid.length > 0) return fail(invalid);
  if (ho.to === null || ho.from === null) return fail([finding("NOT_A_HANDOFF", "the HO has no sender or receiver")]);
  if (receiver.n !== undefined && (!Number.isSafeInteger(receiver.n) || receiver.n < 0)) throw new RangeError("makeReadback: n must be a non-negative integer");
  const id = _readbackId(ho, ho.to, receiver.n);
  if (!id.ok) return fail([...id.findings]);

  const set = readbackSet(ho, vocabulary);
  // What the HO's rb= does not ask for would be dropped from the readback in silence: refused.
  if (receiver.acc !== undefined && receiver.acc.length > 0 && !set.comprehension) {
    findings.push(finding("READBACK_NOT_ASKED", "acc= is not asked by this HO (no rb=acc or rb=plan): the readback would not carry it", { slot: "acc" }));
  }
  if (receiver.do !== undefined && !set.comprehension) {
    findings.push(finding("READBACK_NOT_ASKED", "do= is not asked by this HO (no rb=plan or rb=acc): no sender check would read it", { slot: "do" }));
  }
  for (const key of Object.keys(receiver.exec ?? {})) {
    if (!set.exec.includes(key)) {
      const why = set.execution ? `not an execution slot of ask=${String(ho.slots["ask"])} (${set.exec.join(" ") || "none"})` : "not asked: the HO has no rb=exec";
      findings.push(finding("READBACK_NOT_ASKED", `exec ${_cut(key)}: ${why}; the readback would not carry it`, { slot: _cut(key), expected: set.exec.join(" ") }));
    }
  }
  // An RB's exp "may not outlive the HO's" (section 3.1): such a readback fails tier 1 of check-rb.
  const hoExp = ho.slots["exp"];
  if (receiver.exp !== undefined && isTime(receiver.exp) && typeof hoExp === "string" && receiver.exp > hoExp) {
    findings.push(finding("RECEIPT", `the readback's exp=${receiver.exp} outlives the HO's exp=${hoExp}`, { slot: "exp", expected: `<= ${hoExp}`, received: receiver.exp }));
  }
  const slots: Slots = {};
  if (Object.hasOwn(ho.slots, "p")) slots["p"] = ho.slots["p"] as SlotValue;
  for (const key of set.echo) if (key !== "item") slots[key] = ho.slots[key] as SlotValue;

  if (set.comprehension) {
    if (receiver.acc === undefined || receiver.acc.length === 0) {
      findings.push(finding("READBACK_INCOMPLETE", `rb=${set.plan ? "plan" : "acc"} asks for the receiver's acceptance criteria (acc=)`, { slot: "acc" }));
    } else slots["acc"] = [...receiver.acc];
    if (set.plan && receiver.do === undefined) findings.push(finding("READBACK_INCOMPLETE", "rb=plan asks for do=: what the receiver will produce", { slot: "do" }));
  }
  let item = ho.item;
  if (set.execution) {
    for (const key of set.exec) {
      const delivered = _hoValue(ho, key, vocabulary);
      const resolved = receiver.exec?.[key];
      if (resolved !== undefined && delivered !== undefined && !_same(resolved, delivered)) {
        findings.push(finding("EXEC_DIFFERS", `the receiver will use ${key}=${_show(resolved)} where the HO says ${_show(delivered)}: the readback says so, and the sender's check will stop it`, { slot: key, expected: _show(delivered), received: _show(resolved) }));
      }
      const value = resolved ?? delivered;
      if (value === undefined) {
        findings.push(finding("READBACK_INCOMPLETE", `rb=exec asks for ${key}=, which the HO leaves to the receiver: resolve it from your records`, { slot: key }));
      } else if (key !== "item") slots[key] = value;
      // The item the receiver will act on, where a profile makes it an execution slot: the
      // readback states it, as EXEC_DIFFERS promises, rather than the HO's in its place.
      else if (typeof value === "string") item = value;
      else findings.push(finding("READBACK_INCOMPLETE", `exec item=${_show(value)}: an item is a reference, written as text`, { slot: "item" }));
    }
  }
  const own: [string, SlotValue | undefined][] = [
    ["do", receiver.do],
    ["not", receiver.not && [...receiver.not]],
    ["asm", receiver.asm && [...receiver.asm]],
    ["eta", receiver.eta],
    ["exp", receiver.exp],
  ];
  for (const [key, value] of own) if (value !== undefined) slots[key] = value;
  slots["h"] = digest(ho);
  for (const [key, value] of Object.entries(receiver.extra ?? {})) {
    if (Object.hasOwn(slots, key)) findings.push(finding("READBACK_INCOMPLETE", `extra slot ${key} would overwrite the readback's own`, { slot: key }));
    else slots[key] = value;
  }
  const rb: Message = { v: VERSION, type: "RB", id: id.value, re: ho.id, from: ho.to, to: ho.from, item, slots, tail: receiver.tail ?? null };
  // A slot of the HO the HO does not carry, or carries with another value (an extra slot, say), would fail tier 3 of check-rb.
  _statedSlots(rb, _sentSlots(ho), set, vocabulary, findings);
  if (findings.some((f) => f.severity === "error")) return fail(findings);

  const problems = validate(rb, vocabulary).filter((f) => f.severity === "error");
  if (problems.length > 0) return fail(problems);
  // A readback is sent as a line: one no line can carry (a tail with a control character, an
  // empty tail) is refused here, not handed back as a success that cannot be written.
  const written = formatLine(rb);
  if (!written.ok) return fail([...written.findings]);
  return { ok: true, value: rb, findings };
}

