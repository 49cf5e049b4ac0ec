/**
 * Tier 3's other half (section 5.1, README conformance note 20): what a readback states of a slot
 * of the HO beyond its echo set is still what the receiver read. Stated where the HO carries none,
 * the receiver decoded something the sender never encoded; stated with another value than the
 * HO's, it misread it. Either way the two decoded messages are not equal, and the echo fails. One
 * rule for check-rb, check-thread and make-rb, so they cannot disagree.
 *
 * Not compared: the readback's own slots (`h eta not asm exp p`; `exp` is the RB's own, never an
 * echo), `acc` and `do` when the HO asked `rb=acc` or `rb=plan`, and the ask's execution slots
 * when it asked `rb=exec` (the receiver resolves those; tier 5 checks them). Nor a slot that is
 * no slot of the HO type in the vocabulary (the RB's own profile slots, `x_` and unknown keys).
 * The echo set itself is the echo's to compare.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _field, _sameEcho, _show } from "./_slot-values.js";

/** What the readback states on its own account, whatever the HO asked. */
const OWN: ReadonlySet<string> = /* @__PURE__ */ new Set(["h", "eta", "not", "asm", "exp", "p"]);

/** What the HO's `rb=` asks (a ReadbackSet or a ReadbackShape). */
export interface ReadbackAsks {
  /** The slots the echo compares (`item` among them where the HO has one). */
  readonly echo: readonly string[];
  /** `rb=acc` or `rb=plan`: `acc` and `do` are the receiver's. */
  readonly comprehension: boolean;
  /** The ask's execution slots under `rb=exec` (else empty): the receiver's to resolve. */
  readonly exec: readonly string[];
}

/** The HO's values as a check holds them: the HO itself (check-rb), or fingerprints (check-thread). */
export interface SentSlots {
  /** Whether the HO's `key` is `value` as decoded; undefined when the HO carries no `key`. */
  readonly same: (key: string, value: SlotValue) => boolean | undefined;
  /** The HO's value of `key` as a line writes it, where the check still holds it. */
  readonly shown: (key: string) => string | undefined;
}

/** The values of an HO at hand. */
export function _sentSlots(ho: Message): SentSlots {
  const slots = ho.slots;
  return {
    same: (key, value) => (Object.hasOwn(slots, key) ? _sameEcho(key, slots[key], value) : undefined),
    shown: (key) => (Object.hasOwn(slots, key) ? _show(slots[key]) : undefined),
  };
}

/** True when `key` is a slot of the HO type in `vocabulary`. */
export function _hoSlot(key: string, vocabulary: Vocabulary): boolean {
  const def = vocabulary.slots.get(key);
  return def !== undefined && (def.onTypes & vocabulary.types.HO.bit) !== 0;
}

/**
 * What the HO says of `slot`: its value where `slot` is a slot of the HO type. A known slot the
 * HO type does not take is ignored (README note 11), so it says nothing here either: pay's `prev=`
 * written on an HO is not the sender's value, and the receiver must still resolve it.
 */
export function _hoValue(ho: Message, slot: string, vocabulary: Vocabulary): SlotValue | undefined {
  return _hoSlot(slot, vocabulary) ? _field(ho, slot) : undefined;
}

/**
 * True when tier 3 compares what `rb=` lets a readback state of `key` beyond the echo: a slot of
 * the HO type that is neither the readback's own nor the echo's, nor the receiver's under
 * `rb=acc`, `rb=plan` or `rb=exec`.
 */
export function _comparedBeyondEcho(key: string, asks: ReadbackAsks, vocabulary: Vocabulary): boolean {
  if (OWN.has(key) || !_hoSlot(key, vocabulary) || asks.echo.includes(key) || asks.exec.includes(key)) return false;
  return !(asks.comprehension && (key === "acc" || key === "do"));
}

/**
 * Appends to `out` an ECHO_MISMATCH for each slot `rb` states beyond its echo set (see above) that
 * the HO does not carry, or carries with another value. One pass over the readback's own keys;
 * allocates nothing unless it finds something.
 */
export function _statedSlots(rb: Message, sent: SentSlots, asks: ReadbackAsks, vocabulary: Vocabulary, out: Finding[]): void {
  const slots = rb.slots;
  for (const key in slots) {
    if (!Object.hasOwn(slots, key) || !_comparedBeyondEcho(key, asks, vocabulary)) continue;
    const value = slots[key] as SlotValue;
    const same = sent.same(key, value);
    if (same === true) continue;
    const got = _show(value);
    if (same === undefined) {
      out.push(finding("ECHO_MISMATCH", `${key}: the readback says ${got}, the HO carries no ${key}`, { slot: key, expected: "nothing", received: got }));
      continue;
    }
    const want = sent.shown(key);
    const ho = want === undefined ? `which is not the HO's ${key}` : `the HO says ${want}`;
    const message = `${key}: the readback says ${got}, ${ho} (outside the readback set, but stated)`;
    out.push(finding("ECHO_MISMATCH", message, want === undefined ? { slot: key, received: got } : { slot: key, expected: want, received: got }));
  }
}
