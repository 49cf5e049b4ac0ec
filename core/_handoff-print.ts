/**
 * What a readback must match, kept without the HO (for core/thread): the HO's digest, its `item`,
 * `ask`, `due`, one fingerprint of the rest of its echo set and one of the execution values it
 * carries, and a shared "shape" naming those slots. `_checkPrint` then judges an RB by the rules
 * of check-rb (core/check-readback) tiers 1 to 5, with the same findings, except that a slot
 * covered by a fingerprint can be named only as one of a list, and not at all when another of that
 * list is missing (its `_MISSING` stands alone: README note 29).
 */
import { isTime } from "./check-value.js";
import { _comprehension, _integrityMiss } from "./check-readback.js";
import type { ReadbackExpectations } from "./check-readback.js";
import { _fingerprint, _valueFingerprint } from "./_fingerprint.js";
import { _digestNumber, _digestText } from "./_handoff-table.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import { readbackSet, recordUnread } from "./readback-set.js";
import { _validateReadback } from "./_readback-validation.js";
import { _replyAsRead, _replyAsValidated } from "./_reply-as-read.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _field, _show, _strings } from "./_slot-values.js";
import { _contradictions, _needsExecSent, _unapprovedCarried, _unapprovedOmitted } from "./_record-contradictions.js";
import { _comparedBeyondEcho, _hoSlot, _hoValue, _statedSlots } from "./_stated-slots.js";
import type { SentSlots } from "./_stated-slots.js";

/** The readback an HO asks for, by slot name; shared by every HO with the same shape. */
export interface ReadbackShape {
  readonly vocabulary: Vocabulary;
  /** The HO's `p=` (null when it names none): a readback is read in its HO's vocabulary (core/_reply-as-read). */
  readonly profile: string | null;
  /** `item`, `ask`, `due`, where the HO carries them (as strings): compared one by one. */
  readonly named: readonly string[];
  /** The rest of the echo set: compared through one fingerprint. */
  readonly extra: readonly string[];
  /** The whole echo set, `named` and `extra`. */
  readonly echo: readonly string[];
  readonly comprehension: boolean;
  readonly plan: boolean;
  /** `rb=exec` with no execution slots for the ask: a note, no tier 5. */
  readonly noMap: boolean;
  readonly ask: string;
  /** The execution slots for the ask (empty when tier 5 is not asked). */
  readonly exec: readonly string[];
  /** Execution slots the HO carries: compared through one fingerprint. */
  readonly carried: readonly string[];
  /**
   * The ask's execution slots when the HO did not ask `rb=exec` (else empty), and those of them it
   * carries: a sender's record still holds the HO by them (HO_NEEDS_EXEC, README note 99).
   */
  readonly unasked: readonly string[];
  readonly unaskedCarried: readonly string[];
  /** Why a sender's record would be read by nothing (the core's `recordUnread`), or null. */
  readonly recordUnread: string | null;
  /**
   * The slots of the HO type the HO carries, as keys: a readback that states any other (but its
   * own) fails tier 3 (core/_stated-slots). Part of the shape, so it costs an HO nothing.
   */
  readonly sent: Readonly<Record<string, true>>;
  /**
   * Of those, the ones tier 3 compares when a readback states them beyond its echo set (sorted):
   * each HO keeps one fingerprint of its value per slot (HandoffPrint.stated).
   */
  readonly beyond: readonly string[];
}

/** One HO as the thread audit holds it, rebuilt for the moment its readback is checked. */
export interface HandoffPrint {
  readonly id: string;
  readonly from: string | null;
  readonly to: string | null;
  /** Values of `shape.named`, in order. */
  readonly named: readonly string[];
  /** `exp` as the number YYYYMMDDHHMM, or -1. */
  readonly exp: number;
  /** The HO's digest as a number (core/_handoff-table). */
  readonly digest: number;
  readonly shape: ReadbackShape;
  readonly echoPrint: number;
  readonly execPrint: number;
  /** Fingerprints of the HO's values of `shape.beyond`, in that order. */
  readonly stated: Float64Array;
  /** The HO's own `acc=` (null when it sent none) and `keys=`, kept only while tier 4 may need them. */
  readonly acc: readonly string[] | null;
  readonly keys: readonly string[];
  /**
   * The values the HO carries, each through its own fingerprint (never shown): what the sender's
   * record is held to, slot by slot, by check-ho's and check-rb's rule (core/_record-contradictions).
   */
  readonly carried: SentSlots;
}

const NAMED: ReadonlySet<string> = /* @__PURE__ */ new Set(["item", "ask", "due"]);
/** How many signatures a shape table remembers per vocabulary before it starts again. */
const SIGNATURES = 4096;

/** `YYYYMMDDTHHMMZ` as the number YYYYMMDDHHMM (ordered as time is), or -1 when it is not a time. */
export function _timeNumber(text: unknown): number {
  return typeof text === "string" && isTime(text) ? Number(text.slice(0, 8) + text.slice(9, 13)) : -1;
}

export function _timeText(n: number): string {
  const digits = String(n);
  return `${digits.slice(0, 8)}T${digits.slice(8)}Z`;
}


export interface ShapeTable {
  /** The shape of an HO's readback, as a small number. */
  readonly of: (ho: Message, vocabulary: Vocabulary) => number;
  readonly get: (n: number) => ReadbackShape;
}

/**
 * What an HO's shape depends on, cheaply: its vocabulary (a map per vocabulary), `rb`, `ask`, the
 * JSON type of `due`, whether it has an item, and which slots it carries, in the order written.
 */
function signature(ho: Message): string {
  const { ask, rb, due } = ho.slots;
  return JSON.stringify([ask ?? null, rb ?? null, typeof due, ho.item === null, Object.keys(ho.slots)]);
}

/** Interns shapes: a conversation has a handful, each HO holds only its number. */
export function _shapeTable(): ShapeTable {
  const byVocabulary = new Map<Vocabulary, { bySignature: Map<string, number>; byShape: Map<string, number> }>();
  const shapes: ReadbackShape[] = [];
  function intern(ho: Message, vocabulary: Vocabulary, byShape: Map<string, number>): number {
    const set = readbackSet(ho, vocabulary);
    const named: string[] = [];
    const extra: string[] = [];
    for (const slot of set.echo) {
      if (NAMED.has(slot) && typeof _field(ho, slot) === "string") named.push(slot);
      else extra.push(slot);
    }
    const ask = typeof ho.slots["ask"] === "string" ? (ho.slots["ask"] as string) : "";
    const noMap = set.execution && set.exec.length === 0;
    const exec = set.execution ? set.exec : [];
    const carried = exec.filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined);
    const unasked = set.execution ? [] : set.askExec;
    const unaskedCarried = unasked.filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined);
    // Only slots of the HO type, so extension and unknown keys do not multiply shapes.
    const sent = Object.keys(ho.slots).filter((slot) => _hoSlot(slot, vocabulary)).sort();
    const beyond = sent.filter((slot) => _comparedBeyondEcho(slot, { echo: set.echo, comprehension: set.comprehension, exec }, vocabulary));
    const profile = typeof ho.slots["p"] === "string" ? ho.slots["p"] : null;
    const key = JSON.stringify([named, extra, set.comprehension, set.plan, noMap, ask, exec, carried, unasked, unaskedCarried, sent, profile]);
    let n = byShape.get(key);
    if (n === undefined) {
      n = shapes.length;
      const own = (xs: readonly string[]): string[] => JSON.parse(JSON.stringify(xs)) as string[];
      shapes.push({ vocabulary, profile: profile === null ? null : (own([profile])[0] as string), named: own(named), extra: own(extra), echo: own(set.echo), beyond: own(beyond), comprehension: set.comprehension, plan: set.plan, noMap, ask: own([ask])[0] as string, exec: own(exec), carried: own(carried), unasked: own(unasked), unaskedCarried: own(unaskedCarried), recordUnread: recordUnread(set), sent: Object.fromEntries(own(sent).map((slot) => [slot, true] as const)) });
      byShape.set(key, n);
    }
    return n;
  }
  return {
    of(ho, vocabulary) {
      let known = byVocabulary.get(vocabulary);
      if (known === undefined) byVocabulary.set(vocabulary, (known = { bySignature: new Map(), byShape: new Map() }));
      const sig = signature(ho);
      let n = known.bySignature.get(sig);
      if (n === undefined) {
        n = intern(ho, vocabulary, known.byShape);
        // A cache, so bounded: a stream of HOs with ever-new extension slots must not grow it.
        if (known.bySignature.size >= SIGNATURES) known.bySignature.clear();
        known.bySignature.set(sig, n);
      }
      return n;
    },
    get: (n) => shapes[n] as ReadbackShape,
  };
}

const list = (slots: readonly string[]): string => (slots.length === 1 ? (slots[0] as string) : `one of ${slots.join(", ")}`);

function receipt(p: HandoffPrint, rb: Message, validated: Message): Finding[] {
  const out: Finding[] = [];
  if (rb.from !== p.to) out.push(finding("RECEIPT", `the readback comes from ${_show(rb.from)}, not from the HO's receiver ${_show(p.to)}`, { slot: "from", expected: _show(p.to), received: _show(rb.from) }));
  if (rb.to !== p.from) out.push(finding("RECEIPT", `the readback goes to ${_show(rb.to)}, not to the HO's sender ${_show(p.from)}`, { slot: "to", expected: _show(p.from), received: _show(rb.to) }));
  out.push(..._validateReadback(validated, p.shape.vocabulary));
  const rbExp = _timeNumber(rb.slots["exp"]);
  if (p.exp >= 0 && rbExp > p.exp) {
    out.push(finding("RECEIPT", `the readback's exp=${_timeText(rbExp)} outlives the HO's exp=${_timeText(p.exp)}`, { slot: "exp", expected: `<= ${_timeText(p.exp)}`, received: _timeText(rbExp) }));
  }
  return out;
}

function echo(p: HandoffPrint, rb: Message): Finding[] {
  const out: Finding[] = [];
  const { named, extra } = p.shape;
  for (let k = 0; k < named.length; k++) {
    const slot = named[k] as string;
    const want = p.named[k] as string;
    const got = _field(rb, slot);
    if (got === undefined) out.push(finding("ECHO_MISSING", `the readback does not echo ${slot} (the HO says ${_show(want)})`, { slot, expected: _show(want) }));
    else if (got !== want) out.push(finding("ECHO_MISMATCH", `${slot}: the readback says ${_show(got)}, the HO says ${_show(want)}`, { slot, expected: _show(want), received: _show(got) }));
  }
  const missing = extra.filter((slot) => _field(rb, slot) === undefined);
  for (const slot of missing) out.push(finding("ECHO_MISSING", `the readback does not echo ${slot}`, { slot }));
  if (missing.length === 0 && extra.length > 0 && _fingerprint(rb, extra) !== p.echoPrint) {
    out.push(finding("ECHO_MISMATCH", `the readback's ${list(extra)} differs from the HO's`, { slot: extra.join("+") }));
  }
  return out;
}

function comprehension(p: HandoffPrint, rb: Message, expected: ReadbackExpectations): Finding[] {
  return _comprehension(p.acc, p.keys, p.shape.plan, rb, p.shape.vocabulary, expected);
}

function execution(p: HandoffPrint, rb: Message, expected: ReadbackExpectations): Finding[] {
  const out: Finding[] = [];
  const { exec, carried, ask } = p.shape;
  let complete = true;
  for (const slot of exec) {
    const got = _field(rb, slot);
    if (got === undefined) {
      if (carried.includes(slot)) complete = false;
      out.push(finding("EXEC_MISSING", `rb=exec: the readback does not carry ${slot}, an execution slot of ${ask}`, { slot }));
    } else if (carried.includes(slot)) {
      continue;
    } else if (expected.record === undefined || !Object.hasOwn(expected.record, slot)) {
      out.push(finding("EXEC_UNVERIFIED", `${slot}=${_show(got)} was resolved by the receiver and the sender's record has no ${slot} to check it against`, { slot, received: _show(got) }));
    } else if (JSON.stringify(expected.record[slot]) !== JSON.stringify(got)) {
      out.push(finding("EXEC_MISMATCH", `${slot}: the receiver resolved ${_show(got)}, the sender's record says ${_show(expected.record[slot])}`, { slot, expected: _show(expected.record[slot]), received: _show(got) }));
    }
  }
  if (complete && carried.length > 0 && _fingerprint(rb, carried) !== p.execPrint) {
    out.push(finding("EXEC_MISMATCH", `the receiver will use values for ${list(carried)} other than the HO's`, { slot: carried.join("+") }));
  }
  // The HO against the record, by check-rb's tier 5 rule, slot by slot through each carried
  // value's fingerprint, execution slot or not: a record that holds only some of them is compared
  // on those, as there.
  if (expected.record !== undefined) {
    out.push(..._contradictions(p.carried, expected.record, p.shape.vocabulary));
    out.push(..._unapprovedCarried(carried, expected.record, expected.resolve ?? [], () => undefined));
    out.push(..._unapprovedOmitted(exec, carried, expected.record, ask));
  }
  return out;
}

/**
 * The HO's values as the audit keeps them: which slots it carries, and a fingerprint of each one
 * tier 3 compares beyond the echo. A value it cannot find a fingerprint for compares as different.
 */
function printedSlots(p: HandoffPrint): SentSlots {
  const { sent, beyond } = p.shape;
  return {
    same: (key, value) => (Object.hasOwn(sent, key) ? p.stated[beyond.indexOf(key)] === _valueFingerprint(key, value) : undefined),
    shown: () => undefined,
  };
}

/**
 * Every finding check-rb would give `rb` against the HO behind `p` (errors and notes): no error
 * means the readback passes every tier the sender asked for.
 */
export function _checkPrint(p: HandoffPrint, received: Message, expected: ReadbackExpectations): Finding[] {
  const rb = _replyAsRead(received, p.shape.profile ?? undefined, p.shape.vocabulary);
  const out = receipt(p, rb, _replyAsValidated(received, p.shape.profile ?? undefined));
  const h = rb.slots["h"];
  if (h !== undefined && (typeof h !== "string" || _digestNumber(h) !== p.digest)) {
    const sent = _digestText(p.digest);
    out.push(finding("INTEGRITY", _integrityMiss(h, sent), { slot: "h", expected: sent, received: _show(h) }));
  }
  out.push(...echo(p, rb));
  _statedSlots(rb, printedSlots(p), p.shape, p.shape.vocabulary, out);
  if (p.shape.comprehension) out.push(...comprehension(p, rb, expected));
  if (p.shape.noMap) {
    out.push(finding("EXEC_NO_MAP", `rb=exec, but the vocabulary names no execution slots for ${p.shape.ask || "this ask"}: no tier 5 and no done check beyond receipt`, { slot: "rb" }));
  } else if (p.shape.exec.length > 0) out.push(...execution(p, rb, expected));
  else if (p.shape.unasked.length > 0 && expected.record !== undefined) {
    // No rb=exec where the ask has execution slots: the record holds the HO as check-rb's tier 5
    // holds it (README note 99), and asks nothing of the readback.
    const { unasked, unaskedCarried, ask, vocabulary } = p.shape;
    out.push(_needsExecSent(ask, unasked), ..._contradictions(p.carried, expected.record, vocabulary));
    out.push(..._unapprovedCarried(unaskedCarried, expected.record, expected.resolve ?? [], () => undefined));
    out.push(..._unapprovedOmitted(unasked, unaskedCarried, expected.record, ask));
  }
  return out;
}
