/**
 * `h=` (section 5.2): the first 12 hexadecimal characters of SHA-256 over the canonical JSON of
 * the message. SHA-256 is @noble/hashes: pure JS and synchronous, with nothing compiled at run time (workerd refuses that).
 */
import { _SHA256 } from "@noble/hashes/sha2.js";
import { _writeCanonicalMessage } from "./canonical.js";
import type { Message } from "./message.js";

/** Character codes of the hex digits. */
const DIGITS: readonly number[] = /* @__PURE__ */ Array.from("0123456789abcdef", (d) => d.charCodeAt(0));

/**
 * Noble's SHA-256 (what `sha256.create()` returns), finishing into its own block buffer, as noble's
 * digest() does, rather than into an array of ours: writing elsewhere builds a DataView of that
 * array on every call. Going through `sha256` would also bundle createHasher, its option checks and
 * the OID table (about 0.9 kB minified) for one-shot hashing we never do.
 */
class Sha256 extends _SHA256 {
  /** The hash of what was fed in, as the first 32 bytes of the block buffer: valid until the next use. */
  finish(): Uint8Array {
    this.digestInto(this.buffer);
    return this.buffer;
  }
}

// One hasher, reset before each digest by copying a fresh one's state into it (`_cloneInto`, part of
// noble's Hash interface): constructing a hasher allocates a block buffer and a DataView, which costs
// as much as hashing a block of a short message.
const fresh = /* @__PURE__ */ new Sha256();
const hasher = /* @__PURE__ */ new Sha256();

/** The i-th hex digit of a hash as a character code: two per byte, high half first. */
function digit(hash: Uint8Array, i: number): number {
  const byte = hash[i >> 1] as number;
  return DIGITS[(i & 1) === 0 ? byte >> 4 : byte & 15] as number;
}

/** The digest a readback carries as `h=`: 12 lowercase hex characters. */
export function digest(message: Message): string {
  fresh._cloneInto(hasher);
  const h = hasher.update(_writeCanonicalMessage(message)).finish();
  // One string from twelve codes: joining six two-digit strings allocates five strings on the way.
  return String.fromCharCode(digit(h, 0), digit(h, 1), digit(h, 2), digit(h, 3), digit(h, 4), digit(h, 5), digit(h, 6), digit(h, 7), digit(h, 8), digit(h, 9), digit(h, 10), digit(h, 11));
}
