/**
 * Tier 3's other half (section 5.1, README conformance note 20): a readback that states a slot of
 * the HO the HO does not carry decoded something the sender never encoded, so the two decoded
 * messages are not equal. One rule for check-rb, check-thread and make-rb, so they cannot disagree.
 *
 * Not refused: the readback's own slots (`h eta not asm exp p`; `exp` is the RB's own, never an
 * echo), `acc` and `do` when the HO asked `rb=acc` or `rb=plan`, and the ask's execution slots
 * when it asked `rb=exec` (the receiver resolves those; tier 5 checks them). Nor is a slot that is
 * no slot of the HO type in the vocabulary (the RB's own profile slots, `x_` and unknown keys).
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show } from "./_slot-values.js";

/** What the readback states on its own account, whatever the HO asked. */
const OWN: ReadonlySet<string> = /* @__PURE__ */ new Set(["h", "eta", "not", "asm", "exp", "p"]);

/** What the HO's `rb=` lets the receiver state beyond the echo (a ReadbackSet or a ReadbackShape). */
export interface ReadbackAsks {
  /** `rb=acc` or `rb=plan`: `acc` and `do` are the receiver's. */
  readonly comprehension: boolean;
  /** The ask's execution slots under `rb=exec` (else empty): the receiver's to resolve. */
  readonly exec: readonly string[];
}

/** True when `key` is a slot of the HO type in `vocabulary`. */
export function _hoSlot(key: string, vocabulary: Vocabulary): boolean {
  const def = vocabulary.slots.get(key);
  return def !== undefined && (def.onTypes & vocabulary.types.HO.bit) !== 0;
}

/**
 * Appends to `out` an ECHO_MISMATCH for each slot `rb` states that is a slot of the HO type, that
 * the HO does not carry (`sent` has a key for each slot the HO carries: the HO's own `slots` will
 * do) and that is not the readback's own. One pass over the readback's own keys; allocates
 * nothing unless it finds something.
 */
export function _unsentSlots(rb: Message, sent: Readonly<Record<string, unknown>>, asks: ReadbackAsks, vocabulary: Vocabulary, out: Finding[]): void {
  const slots = rb.slots;
  for (const key in slots) {
    if (!Object.hasOwn(slots, key) || Object.hasOwn(sent, key) || OWN.has(key) || !_hoSlot(key, vocabulary)) continue;
    if (asks.comprehension && (key === "acc" || key === "do")) continue;
    if (asks.exec.includes(key)) continue;
    const got = _show(slots[key]);
    out.push(finding("ECHO_MISMATCH", `${key}: the readback says ${got}, the HO carries no ${key}`, { slot: key, expected: "nothing", received: got }));
  }
}
