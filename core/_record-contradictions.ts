/**
 * An HO against the sender's record: check-ho before it is sent, and check-rb's tier 5, check-dn
 * and check-thread after. Apart from check-handoff.ts so that the later checks do not bring
 * check-ho and check-relay, nor record.ts's reader, into a bundle that reads lines (the
 * playground's first download).
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show, _same } from "./_slot-values.js";
import { _hoSlot, _hoValue } from "./_stated-slots.js";
import type { SentSlots } from "./_stated-slots.js";

const CONTRADICTS = ": the HO contradicts what was approved, and check-ho refuses it";

/** How a check words what it finds (check-ho speaks of the line before it is sent). */
export interface ContradictionWords {
  /** HO_DIFFERS for `slot`, which the HO carries as `got` (undefined: a fingerprint, not shown). */
  readonly differs: (slot: string, want: SlotValue, got: string | undefined) => Finding;
  /** What a record value the HO does not carry is (check-ho: HO_OMITS), or nothing. */
  readonly omitted?: (slot: string, want: SlotValue) => Finding | undefined;
}

/** After the HO was sent: the readback, the report and the thread say it would not have passed check-ho. */
const SENT: ContradictionWords = {
  differs: (slot, want, got) =>
    got !== undefined
      ? finding("HO_DIFFERS", `${slot}: the HO sent says ${got}, the record says ${_show(want)}${CONTRADICTS}`, { slot, expected: _show(want), received: got })
      : finding("HO_DIFFERS", `${slot}: the HO sent carries another value than the record's ${_show(want)}${CONTRADICTS}`, { slot, expected: _show(want) }),
};

/**
 * Each value the sender's record holds, for a slot of the HO type, that the HO carries otherwise
 * (HO_DIFFERS): execution slot or not, what the record holds is what was approved. One rule for
 * check-ho and for the checks after it (check-rb's tier 5, check-dn, check-thread): those compare
 * the readback and the report with the HO's carried values, so an HO that contradicts its record
 * in any slot check-ho holds (`ref` on a CHGBANK, which is no execution slot of it) would pass
 * them with a value nobody approved. Slot by slot, whatever else the record holds or lacks, so
 * check-thread, which holds each slot's fingerprint (`carried`), cannot disagree on a partial
 * record. A slot the HO type does not take (pay's `prev`) is the receiver's to state: skipped.
 */
export function _contradictions(carried: SentSlots, values: Readonly<Record<string, SlotValue>>, vocabulary: Vocabulary, words: ContradictionWords = SENT): Finding[] {
  const out: Finding[] = [];
  for (const slot in values) {
    if (!Object.hasOwn(values, slot) || !_hoSlot(slot, vocabulary)) continue;
    const want = values[slot] as SlotValue;
    const same = carried.same(slot, want);
    if (same === false) out.push(words.differs(slot, want, carried.shown(slot)));
    else if (same === undefined && words.omitted !== undefined) {
      const omitted = words.omitted(slot, want);
      if (omitted !== undefined) out.push(omitted);
    }
  }
  return out;
}

/**
 * Each execution slot of the ask that the HO carries and the record holds no value for
 * (HO_DIFFERS): nobody approved it (note 23: the record is the plan), whether the record leaves the
 * slot to the receiver (`"$resolve"`, note 24) or does not mention it. The readback and the done
 * report are compared with the HO's value, so a planted one (an account) would pass both; check-ho
 * refuses it by this same rule. `carried` names the execution slots the HO carries, and `shown`
 * gives one's value where the check still holds it.
 */
export function _unapprovedCarried(carried: readonly string[], values: Readonly<Record<string, SlotValue>>, resolve: readonly string[], shown: (slot: string) => string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const slot of carried) {
    if (Object.hasOwn(values, slot)) continue;
    const got = shown(slot);
    const why = resolve.includes(slot) ? "a value the record leaves to the receiver ($resolve) and holds none for" : "an execution value the record does not hold";
    const message = `${slot}${got === undefined ? "" : `=${got}`}: the HO sent carries ${why}: nobody approved it, and check-ho refuses it`;
    out.push(finding("HO_DIFFERS", message, got === undefined ? { slot } : { slot, received: got }));
  }
  return out;
}

/**
 * Each execution slot of the ask that the HO leaves out and the record holds no value for
 * (HO_EXEC_UNSET), `$resolve` or not: the act would use a value the receiver resolves (section
 * 5.3), and the sender has nothing to check that value against, so no readback of the HO can pass
 * tier 5 (EXEC_UNVERIFIED) and nothing approved what the act would use.
 */
export function _unapprovedOmitted(exec: readonly string[], carried: readonly string[], values: Readonly<Record<string, SlotValue>>, ask: string): Finding[] {
  const out: Finding[] = [];
  for (const slot of exec) {
    if (carried.includes(slot) || Object.hasOwn(values, slot)) continue;
    const message = `${slot}: the HO leaves this execution slot of ${ask} to the receiver and the record holds no value for it: nothing approves what the act would use`;
    out.push(finding("HO_EXEC_UNSET", message, { slot }));
  }
  return out;
}

/**
 * HO_NEEDS_EXEC for an HO already sent that did not ask `rb=exec` where the vocabulary names
 * execution slots for its ask: check-ho refuses it, so given the sender's record, no readback or
 * done report of it passes either (README note 99), whatever its values.
 */
export function _needsExecSent(ask: string, exec: readonly string[]): Finding {
  return finding("HO_NEEDS_EXEC", `the HO sent did not ask rb=exec, though the profile names execution slots for ${ask} (${exec.join(" ")}): check-ho refuses it`, { slot: "rb", expected: "exec" });
}

/** The values an HO at hand carries, by slot of the HO type (`_hoValue`: its envelope's too). */
export function _carriedBy(ho: Message, vocabulary: Vocabulary): SentSlots {
  return {
    same: (slot, value) => {
      const got = _hoValue(ho, slot, vocabulary);
      return got === undefined ? undefined : _same(value, got);
    },
    shown: (slot) => {
      const got = _hoValue(ho, slot, vocabulary);
      return got === undefined ? undefined : _show(got);
    },
  };
}

/**
 * `_contradictions` for an HO at hand, after it was sent, and the ask's execution slots the record
 * does not hold (`_unapprovedCarried`, `_unapprovedOmitted`), as check-ho finds them.
 */
export function _recordContradictions(ho: Message, values: Readonly<Record<string, SlotValue>>, vocabulary: Vocabulary, resolve: readonly string[] = []): Finding[] {
  const carried = _carriedBy(ho, vocabulary);
  const out = _contradictions(carried, values, vocabulary);
  const ask = ho.slots["ask"];
  const exec = (typeof ask === "string" ? vocabulary.exec.get(ask) : undefined) ?? [];
  const sent = exec.filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined);
  out.push(..._unapprovedCarried(sent, values, resolve, carried.shown));
  out.push(..._unapprovedOmitted(exec, sent, values, String(ask)));
  return out;
}
