/**
 * Character-class checks. Validation runs these on every slot of every line. For a short string a
 * loop over a byte table is cheaper than a regular expression call; past a dozen characters or so
 * the compiled expression wins, so the longer kinds of value (ids, references) take one. Every
 * expression here is a single character class between anchors: linear, nothing to backtrack into.
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
  set("-", ".", AGENT); // adjacent, 45 and 46
  set("_", "_", AGENT | KEY_REST);
  return t;
})();

function all(text: string, from: number, flag: number, to: number = text.length): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ((TABLE[c] as number) & flag) === 0) return false;
  }
  return true;
}

/** `[A-Za-z0-9._-]+` */
export function _isAgentName(text: string): boolean {
  return text.length > 0 && all(text, 0, AGENT);
}

/** `[0-9]+` */
export function _isDigits(text: string): boolean {
  return text.length > 0 && all(text, 0, DIGIT);
}

/**
 * Where the `-` of a message id `<agent>-<n>` is (agent characters, and after the last hyphen one
 * or more digits), or -1 when the text is not one. Read from the end: the digits are few, and
 * lastIndexOf is a runtime call that costs more than the whole check.
 */
export function _messageIdDash(text: string): number {
  let i = text.length - 1;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(i)) i--;
  // i is now the last non-digit: it must be a hyphen, after one digit at least, after an agent name.
  if (i <= 0 || i === text.length - 1 || text.charCodeAt(i) !== 45) return -1;
  // The number must stay exact: a receiver numbers its next message one past it (note 16).
  if (text.length - i > 16 && !(Number(text.slice(i + 1)) <= Number.MAX_SAFE_INTEGER)) return -1;
  return all(text, 0, AGENT, i) ? i : -1;
}

/** `<agent>-<n>`: agent characters, and after the last hyphen one or more digits. */
export function _isMessageId(text: string): boolean {
  return _messageIdDash(text) >= 0;
}

/** `[a-z][a-z0-9_]*` */
export function _isKeyShape(text: string): boolean {
  if (text.length === 0) return false;
  const c = text.charCodeAt(0);
  return c < 128 && ((TABLE[c] as number) & KEY_START) !== 0 && all(text, 1, KEY_REST);
}

/**
 * A constraint key (section 5.2: constraints are "compared case-insensitively"): the key shape in
 * any ASCII case, lowered. Only A-Z are lowered: Unicode case mapping would turn the Kelvin sign
 * into a `k`. Null when the text is not a key in any case.
 */
export function _constraintKey(text: string): string | null {
  // Most keys come lower case already: one scan, and no new string.
  if (_isKeyShape(text)) return text;
  const lower = text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
  return lower !== text && _isKeyShape(lower) ? lower : null;
}

/** `[0-9a-f]{12}` */
export function _isHex12(text: string): boolean {
  return text.length === 12 && all(text, 0, HEX_LOWER);
}

/**
 * What a token may not hold: whitespace in the sense of JavaScript's `\s` (Unicode White_Space plus
 * U+FEFF, listed here so the set cannot drift with the engine's Unicode version) and the C0/C1
 * control characters.
 */
const NOT_IN_TOKEN = "\\u0000-\\u0020\\u007f-\\u009f\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const TOKEN = /* @__PURE__ */ new RegExp(`^[^${NOT_IN_TOKEN}]+$`);
/** A list element: a token without `+`. */
const ELEMENT = /* @__PURE__ */ new RegExp(`^[^${NOT_IN_TOKEN}+]+$`);

/** A non-empty token: no whitespace, no control characters; in a list element, no `+` either. */
export function _isToken(text: string, inList: boolean): boolean {
  return (inList ? ELEMENT : TOKEN).test(text);
}

/** A constraint (section 5.2): `key:value`, the key in any case, the value a list-element token. */
export function _isConstraint(text: string): boolean {
  const colon = text.indexOf(":");
  return colon > 0 && _constraintKey(text.slice(0, colon)) !== null && _isToken(text.slice(colon + 1), true);
}

/**
 * Money: optional `-`, digits without a leading zero (or a single 0), `.`, exactly two digits.
 * One amount, one spelling: `-0.00` is refused, as `05400.00` is.
 */
export function _isMoney(text: string): boolean {
  const n = text.length;
  const negative = text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const dot = n - 3;
  if (dot <= i || text.charCodeAt(dot) !== 46) return false;
  if (text.charCodeAt(i) === 48 && dot !== i + 1) return false;
  let zero = true;
  for (; i < n; i++) {
    if (i === dot) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    if (c !== 48) zero = false;
  }
  return !(negative && zero);
}

/**
 * The first `n` UTF-16 units of `text`, one fewer when the last would be the first half of a
 * surrogate pair: a cut never leaves half a character (findings and tails are well-formed text).
 */
export function _prefix(text: string, n: number): string {
  const last = text.charCodeAt(n - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? n - 1 : n);
}

/**
 * A token as a finding shows it: its first 40 characters, and `...` when there are more. The cut
 * never splits a surrogate pair: a finding is well-formed text, as a line must be (note 5).
 */
export const _cut = (token: string): string => (token.length > 40 ? `${_prefix(token, 40)}...` : token);

/**
 * A character a reader can see: not white space, a control, or an invisible format character
 * (U+200B, U+2060, U+00AD, a direction mark). A tail without one says nothing: no quote, no answer,
 * no unknown code named.
 */
export const _VISIBLE: RegExp = /[^\s\p{Cc}\p{Cf}]/u;
