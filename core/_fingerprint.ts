/**
 * A compact fingerprint of slot values, so a thread audit can check a readback against an HO it no
 * longer holds. cyrb53 (bryc, public domain): two 32-bit multiply-xor lanes folded into 53 bits, a
 * JavaScript number with no allocation. Not cryptographic; two different value lists share a
 * fingerprint with probability about 2^-53, which is the chance a misread slips past the check.
 */
import type { Message, SlotValue } from "./message.js";
import { _echoed, _field } from "./_slot-values.js";

/** 53-bit cyrb53 of a string. */
export function _cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}


/**
 * The fingerprint of the decoded values of `slots`, in that order (absent as null). Two messages
 * get the same fingerprint when every slot's JSON is the same as tier 3 compares it (`_echoed`),
 * the equality check-rb compares by: `pri=2` and `pri=02` agree, `keep=a+b` and `keep=b+a` do
 * not, `acc=LEN:120w` and `acc=len:120w` do. 0 for an empty list.
 */
export function _fingerprint(message: Message, slots: readonly string[]): number {
  if (slots.length === 0) return 0;
  const values: (SlotValue | null)[] = [];
  for (const slot of slots) values.push(_echoed(slot, _field(message, slot)) ?? null);
  return _cyrb53(JSON.stringify(values));
}

/** The fingerprint of `slot`'s decoded value, as `_fingerprint` gives it for a one-slot list. */
export function _valueFingerprint(slot: string, value: SlotValue): number {
  return _cyrb53(JSON.stringify([_echoed(slot, value)]));
}
