/**
 * `h=` (section 5.2): the first 12 hexadecimal characters of SHA-256 over the canonical JSON of
 * the message. SHA-256 is @noble/hashes: pure JS and synchronous, with nothing compiled at run time (workerd refuses that).
 */
import { _SHA256 } from "@noble/hashes/sha2.js";
import { _writeCanonicalMessage } from "./canonical.js";
import type { Message } from "./message.js";

/** Character codes of the hex digits. */
const DIGITS: readonly number[] = /* @__PURE__ */ Array.from("0123456789abcdef", (d) => d.charCodeAt(0));
// digestInto() writes the hash where we say: sha256() would allocate and copy a fresh array.
const hash = new Uint8Array(32);
// One hasher, reset before each digest by copying a fresh one's state into it (`_cloneInto`, part of
// noble's Hash interface): constructing a hasher allocates a block buffer and a DataView, which costs
// as much as hashing a block of a short message. The hashers are noble's exported SHA-256 class
// itself, what `sha256.create()` returns: going through `sha256` would also bundle createHasher, its
// option checks and the OID table (about 0.9 kB minified) for one-shot hashing we never do.
const fresh = /* @__PURE__ */ new _SHA256();
const hasher = /* @__PURE__ */ new _SHA256();

/** The i-th hex digit of the hash as a character code: two per byte, high half first. */
function digit(i: number): number {
  const byte = hash[i >> 1] as number;
  return DIGITS[(i & 1) === 0 ? byte >> 4 : byte & 15] as number;
}

/** The digest a readback carries as `h=`: 12 lowercase hex characters. */
export function digest(message: Message): string {
  fresh._cloneInto(hasher).update(_writeCanonicalMessage(message)).digestInto(hash);
  // One string from twelve codes: joining six two-digit strings allocates five strings on the way.
  return String.fromCharCode(digit(0), digit(1), digit(2), digit(3), digit(4), digit(5), digit(6), digit(7), digit(8), digit(9), digit(10), digit(11));
}
