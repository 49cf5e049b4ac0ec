/** What one request may hold. Every limit has its own problem kind (worker/problem.ts). */
export const LIMITS = {
  /** Bytes in a request body: checked against Content-Length and against the bytes received. */
  bodyBytes: 1024 * 1024,
  /** Bytes of UTF-8 in one line, or in one JSON form written as JSON text. */
  lineBytes: 8 * 1024,
  /** Lines (or messages) in one request, blank and comment lines included. */
  lines: 10_000,
} as const;

/** UTF-8 length of a string, without allocating it. Lone surrogates count as U+FFFD (3 bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
