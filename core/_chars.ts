/**
 * Character-class checks as table lookups. Validation runs these on every slot of every line, and
 * a loop over a byte table is several times cheaper here than a regular expression call.
 */

const AGENT = 1; // [A-Za-z0-9._-]
const DIGIT = 2; // [0-9]
const KEY_START = 4; // [a-z]
const KEY_REST = 8; // [a-z0-9_]
const HEX_LOWER = 16; // [0-9a-f]

const TABLE = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  const set = (from: string, to: string, flag: number): void => {
    for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) t[c] = (t[c] as number) | flag;
  };
  set("A", "Z", AGENT);
  set("a", "z", AGENT | KEY_START | KEY_REST);
  set("0", "9", AGENT | DIGIT | KEY_REST | HEX_LOWER);
  set("a", "f", HEX_LOWER);
  for (const c of "._-") t[c.charCodeAt(0)] = (t[c.charCodeAt(0)] as number) | AGENT;
  t["_".charCodeAt(0)] = (t["_".charCodeAt(0)] as number) | KEY_REST;
  return t;
})();

function all(text: string, from: number, flag: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ((TABLE[c] as number) & flag) === 0) return false;
  }
  return true;
}

/** `[A-Za-z0-9._-]+` */
export function _isAgentName(text: string): boolean {
  return text.length > 0 && all(text, 0, AGENT);
}

/** `[0-9]+` from `from` to the end. */
export function _isDigits(text: string, from = 0): boolean {
  return text.length > from && all(text, from, DIGIT);
}

/** `<agent>-<n>`: agent characters, and after the last hyphen one or more digits. */
export function _isMessageId(text: string): boolean {
  const dash = text.lastIndexOf("-");
  return dash > 0 && _isDigits(text, dash + 1) && all(text, 0, AGENT);
}

/** `[a-z][a-z0-9_]*` */
export function _isKeyShape(text: string): boolean {
  if (text.length === 0) return false;
  const c = text.charCodeAt(0);
  return c < 128 && ((TABLE[c] as number) & KEY_START) !== 0 && all(text, 1, KEY_REST);
}

/** `[0-9a-f]{12}` */
export function _isHex12(text: string): boolean {
  return text.length === 12 && all(text, 0, HEX_LOWER);
}

/**
 * Whether a character is whitespace in the sense of JavaScript's `\s` (Unicode White_Space plus
 * U+FEFF) or a C0/C1 control character: neither may appear inside a token.
 */
function isSpaceOrControl(c: number): boolean {
  if (c <= 32 || (c >= 127 && c <= 0x9f)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** A non-empty token: no whitespace, no control characters; in a list element, no `+` either. */
export function _isToken(text: string, inList: boolean): boolean {
  const n = text.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isSpaceOrControl(c) || (inList && c === 43)) return false;
  }
  return true;
}

/** Money: optional `-`, digits without a leading zero (or a single 0), `.`, exactly two digits. */
export function _isMoney(text: string): boolean {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const dot = n - 3;
  if (dot <= i || text.charCodeAt(dot) !== 46) return false;
  if (text.charCodeAt(i) === 48 && dot !== i + 1) return false;
  for (; i < n; i++) {
    if (i === dot) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
