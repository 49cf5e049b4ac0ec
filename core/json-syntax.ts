/**
 * Where JSON text (RFC 8259) first breaks, and why, in words of our own. Each engine's `JSON.parse`
 * says it differently (Node, Chromium and workerd each run their own V8), and the core answers the
 * same in every runtime; a position also lets a reader place a caret. Run only once `JSON.parse`
 * has refused the text, so reading valid JSON costs nothing more. One pass, no recursion: nesting
 * depth is bounded by memory, not by the call stack.
 */
export interface JsonSyntaxError {
  /** The UTF-16 index where the text stops being JSON (its length, when it ends too soon). */
  readonly at: number;
  readonly reason: string;
}

const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

const UNSEEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Z}]/u;

/** The character at `at` as a reader sees it: a visible one quoted, the rest by code point. */
function shown(text: string, at: number): string {
  const c = String.fromCodePoint(text.codePointAt(at) as number);
  return UNSEEN.test(c) ? `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}` : `"${c}"`;
}

/** The first syntax error of `text`, or null when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const fail = (at: number, expected: string): JsonSyntaxError =>
    at >= text.length ? { at: text.length, reason: `the text ends where ${expected} should follow` } : { at, reason: `expected ${expected}, found ${shown(text, at)}` };
  const skip = (i: number): number => {
    while (i < text.length && WHITE.has(text.charCodeAt(i))) i++;
    return i;
  };
  /** Reads a string from the quote at `i`; returns the index after it, or an error. */
  const string = (i: number): number | JsonSyntaxError => {
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return { at: j, reason: `a control character (${shown(text, j)}) inside a string must be escaped` };
      if (c !== 0x5c) continue;
      const e = text[j + 1];
      if (e === "u") {
        HEX4.lastIndex = j + 2;
        if (!HEX4.test(text)) return { at: j, reason: "\\u must be followed by four hex digits" };
        j += 5;
      } else if (e !== undefined && ESCAPES.has(e)) j++;
      else return e === undefined ? fail(j + 1, "an escaped character") : { at: j, reason: `\\${e} is not a JSON escape` };
    }
    return { at: text.length, reason: "the text ends inside a string" };
  };
  /** Reads a member's key and its colon from `i`; returns where its value starts, or an error. */
  const key = (i: number, expected: string): number | JsonSyntaxError => {
    if (text[i] !== '"') return fail(i, expected);
    const end = string(i);
    if (typeof end !== "number") return end;
    const colon = skip(end);
    return text[colon] === ":" ? skip(colon + 1) : fail(colon, ": after the key");
  };
  // Each open container: "{" or "[". After a value, the top says what may follow it.
  const open: string[] = [];
  let i = skip(0);
  for (;;) {
    // A value starts at i.
    const c = text[i];
    if (c === "{" || c === "[") {
      open.push(c);
      i = skip(i + 1);
      if (text[i] === (c === "{" ? "}" : "]")) {
        open.pop();
        i++;
      } else if (c === "{") {
        const value = key(i, "a double-quoted key or }");
        if (typeof value !== "number") return value;
        i = value;
        continue;
      } else continue;
    } else if (c === '"') {
      const end = string(i);
      if (typeof end !== "number") return end;
      i = end;
    } else if (c === "t" || c === "f" || c === "n") {
      const word = c === "t" ? "true" : c === "f" ? "false" : "null";
      // Pointed at the first character that differs: "not json" breaks at its "o", not its "n".
      for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return fail(i + k, word);
      i += word.length;
    } else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const whole = NUMBER.test(text);
      if (whole) i = NUMBER.lastIndex;
      if (!whole || /[0-9.eE+-]/.test(text[i] ?? "")) return { at: i, reason: "not a JSON number (digits, no leading zero, no lone sign or point)" };
    } else return fail(i, "a value");
    // After a value: close containers, or a comma and the next member.
    for (;;) {
      i = skip(i);
      const top = open[open.length - 1];
      if (top === undefined) return i === text.length ? null : fail(i, "the end of the text after the value");
      const close = top === "{" ? "}" : "]";
      if (text[i] === close) {
        open.pop();
        i++;
        continue;
      }
      if (text[i] !== ",") return fail(i, `, or ${close}`);
      i = skip(i + 1);
      if (top === "{") {
        const value = key(i, "a double-quoted key");
        if (typeof value !== "number") return value;
        i = value;
      }
      break;
    }
  }
}
