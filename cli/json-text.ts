/**
 * A value as one line of JSON for stdout, which a person may read at a terminal. JSON.stringify
 * escapes C0 controls but leaves C1 controls (U+009B, a CSI, starts a terminal escape), the line
 * separators U+2028 and U+2029, the bidirectional controls and the other invisible formatting
 * characters (Unicode Cf: a zero-width space, a byte order mark, a tag character) raw; here they
 * are written as `\uXXXX` escapes too, one per UTF-16 code unit. Outside a string JSON holds none
 * of them, so the escape is only ever in a string, and the value read back is the same.
 */
const RAW = /[\u007f-\u009f\u2028\u2029]|\p{Cf}/gu;

const escape = (c: string): string => {
  let out = "";
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
};

export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(RAW, escape);
}
