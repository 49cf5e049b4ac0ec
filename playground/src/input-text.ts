/**
 * A conversation as text comes in, decoded as the CLI and the Worker decode theirs: one leading
 * byte order mark (U+FEFF) is dropped. That is input decoding, not a protocol rule: a BOM anywhere
 * else stays, and the core reads (and refuses) it.
 */
const BOM = "\uFEFF";

export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}
