/**
 * A value as one line of JSON for stdout, which a person may read at a terminal. JSON.stringify
 * escapes C0 controls but leaves C1 controls (U+009B, a CSI, starts a terminal escape), the line
 * separators U+2028 and U+2029 and the bidirectional controls raw; here they are written as
 * `\uXXXX` escapes too. Outside a string JSON holds none of them, so the escape is only ever in a
 * string, and the value read back is the same.
 */
const RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  return text.replace(RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
