/** What one request may hold. Every limit has its own problem kind (worker/problem.ts). */
export const LIMITS = {
  /** Bytes in a request body: checked against Content-Length and against the bytes received. */
  bodyBytes: 1024 * 1024,
  /** Bytes of UTF-8 in one line, or in one JSON form written as JSON text. */
  lineBytes: 8 * 1024,
  /** Lines (or messages) in one request, blank and comment lines included. */
  lines: 10_000,
  /**
   * Levels of arrays and objects in a JSON body (its own object is the first) or a JSON parameter.
   * What the core reads nests a few levels (a delegation record at most 64); deeper values would
   * overflow the stack when a thread route hands them to its Durable Object (about 4,000 levels,
   * well within 1 MiB and even within one 8 KiB line).
   */
  jsonDepth: 128,
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

/**
 * Whether JSON text nests arrays and objects more than `limit` levels deep: one pass over the
 * text, brackets inside strings skipped. Run before parsing, so depth never reaches a recursion.
 */
export function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, past escapes.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
