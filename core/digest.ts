/**
 * `h=` (section 5.2): the first 12 hexadecimal characters of SHA-256 over the canonical JSON of
 * the message. SHA-256 is @noble/hashes: pure JS, synchronous, no WebAssembly (workerd refuses it).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { _writeCanonicalMessage } from "./canonical.js";
import type { Message } from "./message.js";

const HEX: readonly string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
// digestInto() writes the hash where we say: sha256() would allocate and copy a fresh array.
const hash = new Uint8Array(32);

/** The digest a readback carries as `h=`: 12 lowercase hex characters. */
export function digest(message: Message): string {
  sha256.create().update(_writeCanonicalMessage(message)).digestInto(hash);
  return (HEX[hash[0] as number] as string) + HEX[hash[1] as number] + HEX[hash[2] as number] + HEX[hash[3] as number] + HEX[hash[4] as number] + HEX[hash[5] as number];
}
