/**
 * `h=` (section 5.2): the first 12 hexadecimal characters of SHA-256 over the canonical JSON of
 * the message. SHA-256 is @noble/hashes: pure JS and synchronous, with nothing compiled at run time (workerd refuses that).
 */
import { _SHA256 } from "@noble/hashes/sha2.js";
import { _canonicalBuffer, _writeCanonicalMessage } from "./canonical.js";
import type { Message } from "./message.js";

const HEX = "0123456789abcdef";

const BLOCK = 64;

/**
 * Noble's SHA-256 (the class `sha256.create()` returns), fed by its own block function. Its
 * `update()` builds a DataView of the input and a subarray of the last partial block on every call,
 * and its one-shot `sha256()` a whole hasher (a block buffer and a DataView): for a 300-byte
 * message those allocations cost as much as writing the canonical JSON. The canonical bytes always
 * live in one reused buffer, so one DataView of it serves every digest. Going through `sha256`
 * would also bundle createHasher, its option checks and the OID table (about 0.9 kB minified).
 */
class Sha256 extends _SHA256 {
  /** The initial state (noble's SHA256_IV), as the constructor set it. */
  private readonly initial = this.get();

  /**
   * The SHA-256 of the first `n` bytes of `data` as the first 32 bytes of the block buffer, valid until the next call.
   * What `update(data)` then `digestInto(buffer)` on a fresh hasher do, in the same steps: whole
   * blocks straight from the input, the rest copied into the block buffer, noble's own padding.
   */
  hashOf(data: Uint8Array, n: number, view: DataView): Uint8Array {
    this.set(...this.initial);
    this.finished = false;
    const whole = n - (n % BLOCK);
    if (whole > 0) {
      for (let at = 0; at < whole; at += BLOCK) this.process(view, at);
      this.roundClean(); // as update() does: no input-derived words stay in noble's shared schedule
    }
    const block = this.buffer;
    for (let i = whole; i < n; i++) block[i - whole] = data[i] as number;
    this.pos = n - whole;
    this.length = n;
    this.digestInto(block);
    return block;
  }
}

// A DataView of the buffer the canonical bytes were written in, made again only when it changes.
let source: ArrayBufferLike | null = null;
let sourceView: DataView<ArrayBufferLike> = /* @__PURE__ */ new DataView(new ArrayBuffer(0));

const hasher = /* @__PURE__ */ new Sha256();

/** The i-th hex digit of a hash as a character code: two per byte, high half first. */
function digit(hash: Uint8Array, i: number): number {
  const byte = hash[i >> 1] as number;
  return HEX.charCodeAt((i & 1) === 0 ? byte >> 4 : byte & 15);
}

/** The digest a readback carries as `h=`: 12 lowercase hex characters. */
export function digest(message: Message): string {
  const n = _writeCanonicalMessage(message);
  const bytes = _canonicalBuffer();
  if (bytes.buffer !== source) {
    source = bytes.buffer;
    sourceView = new DataView(source);
  }
  const h = hasher.hashOf(bytes, n, sourceView);
  // One string from twelve codes: joining six two-digit strings allocates five strings on the way.
  return String.fromCharCode(digit(h, 0), digit(h, 1), digit(h, 2), digit(h, 3), digit(h, 4), digit(h, 5), digit(h, 6), digit(h, 7), digit(h, 8), digit(h, 9), digit(h, 10), digit(h, 11));
}
