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

/** Objects whose members jsonTextPieces writes one by one; anything else (toJSON, a class) is written whole. */
const plain = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
};

/** What JSON.stringify leaves out of an object, and writes as null in an array. */
const skipped = (v: unknown): boolean => v === undefined || typeof v === "function" || typeof v === "symbol";

/**
 * jsonText(value) in pieces whose concatenation is the same text: an object member by member and
 * a list entry by entry, each entry whole. A report of millions of entries (check-thread --json of
 * millions of refused lines) is then never one string, which past about 512 MiB the engine cannot
 * make: "Invalid string length", exit 70, after reading all the input. Each piece is whole JSON or
 * punctuation, so no string is cut and jsonText's escapes apply to each as to the whole.
 */
export function* jsonTextPieces(value: unknown): Generator<string> {
  if (value === null || typeof value !== "object" || !plain(value)) {
    yield jsonText(value);
    return;
  }
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      yield `${i > 0 ? "," : ""}${skipped(v) ? "null" : jsonText(v)}`;
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const [key, v] of Object.entries(value)) {
    if (skipped(v)) continue;
    yield `${first ? "" : ","}${jsonText(key)}:`;
    first = false;
    yield* jsonTextPieces(v);
  }
  yield "}";
}
