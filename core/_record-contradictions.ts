/**
 * An HO against the sender's record after it was sent, as check-rb's tier 5, check-dn and
 * check-thread hold it. Apart from check-handoff.ts so that these checks do not bring check-ho and
 * check-relay, nor record.ts's reader, into a bundle that reads lines (the playground's first download).
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show, _same } from "./_slot-values.js";
import { _hoValue } from "./_stated-slots.js";
import type { SentSlots } from "./_stated-slots.js";

/** HO_DIFFERS: the HO's `slot` says `got` (as `said` words it) where the record holds `want`. */
export const _differs = (slot: string, got: SlotValue, want: SlotValue, said: string, why = ""): Finding =>
  finding("HO_DIFFERS", `${slot}: ${said} ${_show(got)}, the record says ${_show(want)}${why}`, { slot, expected: _show(want), received: _show(got) });

const CONTRADICTS = ": the HO contradicts what was approved, and check-ho refuses it";

/**
 * Each execution value the HO carries that the sender's record holds otherwise (HO_DIFFERS):
 * check-rb's tier 5 and check-dn compare the readback and the report with the HO's carried
 * values, so an HO that contradicts its record would pass them with values nobody approved. (Its
 * other slots are check-ho's to hold to the record, before it is sent.) Slot by slot, whatever
 * else the record holds or lacks: one rule for the checks that hold the HO and for check-thread,
 * which holds each slot's fingerprint (`carried`), so they cannot disagree on a partial record.
 */
export function _contradictions(exec: readonly string[], carried: SentSlots, values: Readonly<Record<string, SlotValue>>): Finding[] {
  const out: Finding[] = [];
  for (const slot of exec) {
    if (!Object.hasOwn(values, slot)) continue;
    const want = values[slot] as SlotValue;
    if (carried.same(slot, want) !== false) continue;
    const got = carried.shown(slot);
    if (got !== undefined) out.push(finding("HO_DIFFERS", `${slot}: the HO sent says ${got}, the record says ${_show(want)}${CONTRADICTS}`, { slot, expected: _show(want), received: got }));
    else out.push(finding("HO_DIFFERS", `${slot}: the HO sent carries another value than the record's ${_show(want)}${CONTRADICTS}`, { slot, expected: _show(want) }));
  }
  return out;
}

/**
 * Each execution slot the record leaves to the receiver (`"$resolve"`) and holds no value for that
 * the HO carries all the same (HO_DIFFERS, as check-ho refuses it, README note 24): the readback
 * and the done report are compared with the HO's value, so a planted one (an account) would pass
 * both with nobody having approved it. `carried` names the execution slots the HO carries, and
 * `shown` gives one's value where the check still holds it.
 */
export function _unapprovedResolved(carried: readonly string[], values: Readonly<Record<string, SlotValue>>, resolve: readonly string[], shown: (slot: string) => string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const slot of carried) {
    if (!resolve.includes(slot) || Object.hasOwn(values, slot)) continue;
    const got = shown(slot);
    const message = `${slot}${got === undefined ? "" : `=${got}`}: the HO sent carries a value the record leaves to the receiver ($resolve) and holds none for: nobody approved it, and check-ho refuses it`;
    out.push(finding("HO_DIFFERS", message, got === undefined ? { slot } : { slot, received: got }));
  }
  return out;
}

/** The execution values an HO at hand carries (`_hoValue`: its item too, where the profile makes it one). */
function carriedBy(ho: Message, vocabulary: Vocabulary): SentSlots {
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
 * `_contradictions` for an HO at hand, over its ask's execution slots, and `_unapprovedResolved`
 * for the slots the record leaves to the receiver (`resolve`).
 */
export function _recordContradictions(ho: Message, values: Readonly<Record<string, SlotValue>>, vocabulary: Vocabulary, resolve: readonly string[] = []): Finding[] {
  const ask = ho.slots["ask"];
  const exec = (typeof ask === "string" ? vocabulary.exec.get(ask) : undefined) ?? [];
  const carried = carriedBy(ho, vocabulary);
  const out = _contradictions(exec, carried, values);
  if (resolve.length > 0) out.push(..._unapprovedResolved(exec.filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined), values, resolve, carried.shown));
  return out;
}
