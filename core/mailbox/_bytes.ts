/**
 * UTF-8 and SHA-256 hex for the mailbox's identifiers and manifests. The core has no TextEncoder
 * (its lib is ES2022 alone), so text is encoded here; SHA-256 is @noble/hashes, as for `h=`.
 */
import { sha256 } from "@noble/hashes/sha2.js";

/** UTF-8 bytes of a string; a lone surrogate is written as U+FFFD, as TextEncoder does. */
export function _utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** Lowercase hex of SHA-256 over the bytes. */
export function _sha256Hex(bytes: Uint8Array): string {
  let out = "";
  for (const b of sha256(bytes)) out += (b < 16 ? "0" : "") + b.toString(16);
  return out;
}
