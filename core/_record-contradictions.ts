/**
 * An HO against the sender's record after it was sent, as check-rb's tier 5 and check-dn hold it.
 * Apart from check-handoff.ts so that these checks do not bring check-ho and check-relay, nor
 * record.ts's reader, into a bundle that reads lines (the playground's first download).
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show, _same } from "./_slot-values.js";
import { _hoValue } from "./_stated-slots.js";

/** HO_DIFFERS: the HO's `slot` says `got` (as `said` words it) where the record holds `want`. */
export const _differs = (slot: string, got: SlotValue, want: SlotValue, said: string, why = ""): Finding =>
  finding("HO_DIFFERS", `${slot}: ${said} ${_show(got)}, the record says ${_show(want)}${why}`, { slot, expected: _show(want), received: _show(got) });

/**
 * Each execution value the HO carries that the sender's record holds otherwise (HO_DIFFERS):
 * check-rb's tier 5 and check-dn compare the readback and the report with the HO's carried
 * values, so an HO that contradicts its record would pass them with values nobody approved. (Its
 * other slots are check-ho's to hold to the record, before it is sent.)
 */
export function _recordContradictions(ho: Message, values: Readonly<Record<string, SlotValue>>, vocabulary: Vocabulary): Finding[] {
  const ask = ho.slots["ask"];
  const out: Finding[] = [];
  for (const slot of (typeof ask === "string" ? vocabulary.exec.get(ask) : undefined) ?? []) {
    const got = _hoValue(ho, slot, vocabulary);
    if (got !== undefined && Object.hasOwn(values, slot) && !_same(values[slot], got)) out.push(_differs(slot, got, values[slot] as SlotValue, "the HO sent says", ": the HO contradicts what was approved, and check-ho refuses it"));
  }
  return out;
}
