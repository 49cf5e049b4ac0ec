/**
 * Text as it comes in: one leading byte order mark (U+FEFF) is dropped, as a UTF-8 decoder does by
 * default (the Worker's does), so a file saved "with BOM" reads like one without. That is input
 * decoding, not a protocol rule: a BOM anywhere else stays, and the line reader refuses it.
 */
const BOM = "\uFEFF";

/** `text` without one leading byte order mark. */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}
