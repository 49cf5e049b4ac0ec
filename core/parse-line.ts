/**
 * Reading a line (spec section 2) into its JSON form (section 6).
 *
 * Grammar: tokens separated by single spaces; `RW1 TYPE id` positional; every later token is
 * `key=value`, split at the first `=`; the tail is everything after the first ` // `.
 * The parser checks the grammar only; what the tokens mean is core/validate's job.
 */
import { isKey } from "./check-value.js";
import { _capFindings, _error, FINDINGS_MAX } from "./finding.js";
import type { Finding } from "./finding.js";
import { coreVocabulary } from "./core-vocabulary.js";
import type { Message, Slots } from "./message.js";
import { DECODE_STRING, decodeValue } from "./slot-type.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _cut } from "./_chars.js";
import { _versionFinding } from "./validate.js";
import { MESSAGE_TYPES, VERSION } from "./vocabulary.js";

/** What a refusal needs to be addressed, recovered from a line that does not parse. */
export interface Envelope {
  readonly id: string | null;
  readonly from: string | null;
  /** The line's receiver: the agent that refuses it (rule 2). */
  readonly to: string | null;
  readonly item: string | null;
}

export type LineResult =
  | { readonly ok: true; readonly value: Message; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly value: null; readonly findings: readonly Finding[]; readonly envelope: Envelope };

const TAIL_SEPARATOR = " // ";
const HASH = 0x23;
/**
 * The message types, indexed by their two capital letters as (first - 65) * 26 + (second - 65).
 * Reading the type token through it costs no slice and no hash, and gives the vocabulary's own
 * string, so later lookups by type hit V8's fast paths.
 */
const TYPE_BY_LETTERS: readonly string[] = /* @__PURE__ */ (() => {
  const table = new Array<string>(26 * 26).fill("");
  for (const t of MESSAGE_TYPES) table[(t.charCodeAt(0) - 65) * 26 + (t.charCodeAt(1) - 65)] = t;
  return table;
})();

/** The token text[s, e) as a message type: the vocabulary's string when it is one. */
function typeAt(text: string, s: number, e: number): string {
  if (e - s === 2) {
    const first = text.charCodeAt(s) - 65;
    const second = text.charCodeAt(s + 1) - 65;
    if (first >= 0 && first < 26 && second >= 0 && second < 26) {
      const known = TYPE_BY_LETTERS[first * 26 + second] as string;
      if (known !== "") return known;
    }
  }
  return text.slice(s, e);
}

/**
 * A line of printable ASCII, the usual case, needs no character checks. Anything else (controls,
 * DEL, surrogates, but also harmless non-ASCII text) takes the careful per-character look. The
 * anchored positive class is the fastest form of this test in V8.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Finds characters a line may not hold; reports the first of each kind. */
function characterFindings(text: string): Finding[] {
  const out: Finding[] = [];
  let breakAt = -1;
  let controlAt = -1;
  let encodingAt = -1;
  for (let i = 0; i < text.length; i++) {
    const kind = refusedKind(text, i);
    if (kind === BREAK) breakAt = breakAt < 0 ? i : breakAt;
    else if (kind === CONTROL) controlAt = controlAt < 0 ? i : controlAt;
    else if (kind === HALF_PAIR) encodingAt = encodingAt < 0 ? i : encodingAt;
  }
  if (breakAt >= 0) out.push(_error("LINE_BREAK", "a message is one line: it holds a line break", { at: breakAt }));
  if (controlAt >= 0) {
    const hex = text.charCodeAt(controlAt).toString(16).padStart(4, "0");
    out.push(_error("CONTROL_CHAR", `control character U+${hex.toUpperCase()} is not allowed`, { at: controlAt }));
  }
  if (encodingAt >= 0) out.push(_error("ENCODING", "the line is not well-formed Unicode (lone surrogate)", { at: encodingAt }));
  return out;
}

const ENVELOPE_TOKEN = /(?:^|[ \t])(from|to|item)=(\S+)/g;

/**
 * Best-effort address of a broken line, so a receiver can still refuse it. Runs of spaces count as
 * one here: a doubled or leading space is refused (SPACING), but the id is still the third word.
 * A tab counts as a space (it is refused, CONTROL_CHAR, where a space would stand), and a control
 * character or a line break before the first word is passed over, as the version token is read.
 */
function recoverEnvelope(text: string): Envelope {
  const head = text.replace(/^[ \t\x00-\x1f\x7f-\x9f\u2028\u2029]+/, "").split(/[ \t]+/, 3);
  const id = head.length === 3 && !(head[2] as string).includes("=") ? (head[2] as string) : null;
  // Each field's first token: a second names nothing the first did not.
  const first: { [field: string]: string } = {};
  for (const m of (text.split(TAIL_SEPARATOR, 1)[0] as string).matchAll(ENVELOPE_TOKEN)) first[m[1] as string] ??= m[2] as string;
  return { id, from: first["from"] ?? null, to: first["to"] ?? null, item: first["item"] ?? null };
}

/**
 * Another version's grammar is unknown (note 7): when the first token is not this version, that
 * is the only finding, whatever else looks wrong, and the receiver answers `why=VER`.
 */
function fail(text: string, findings: Finding[]): LineResult {
  // The version token is the first word before the tail, after any leading spaces (those are a
  // SPACING error). A character a line may hold nowhere (note 5) does not make `RW1` another
  // version (README note 7): a tab stands where a space would, and another control character, a
  // line break or a lone surrogate is passed over, before or inside the word, so the line is
  // refused for that character (CONTROL_CHAR, LINE_BREAK, ENCODING), why=UNK. A character a line
  // may hold (a no-break space, a byte order mark) is part of the word, as of any value.
  const separator = tailSeparator(text);
  const end = separator < 0 ? text.length : separator;
  let at = 0;
  while (at < end && (text.charCodeAt(at) === 32 || refusedKind(text, at) !== 0)) at++;
  let stop = at;
  // The word without the characters passed over, kept only as far as it could still be `RW1`.
  let kept = "";
  for (let c = text.charCodeAt(stop); stop < end && c !== 32 && c !== 9; c = text.charCodeAt(++stop)) {
    if (kept.length <= VERSION.length && refusedKind(text, stop) === 0) kept += text[stop];
  }
  const read = kept === "" || kept === VERSION ? _capFindings(findings, uncounted) : [_versionFinding(text.slice(at, stop), at)];
  return { ok: false, value: null, findings: read, envelope: recoverEnvelope(text) };
}

const BREAK = 1;
const CONTROL = 2;
const HALF_PAIR = 3;

/**
 * Which of the characters a line may not hold (README note 5) stands at `i`: a line break (LF, CR,
 * and the breaks Unicode adds, NEL, LINE and PARAGRAPH SEPARATOR: JavaScript and many editors end
 * a line at each), another C0 or C1 control, or half of a surrogate pair; 0 for any other.
 */
function refusedKind(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029) return BREAK;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return CONTROL;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 0 : HALF_PAIR;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = text.charCodeAt(i - 1);
    return prev >= 0xd800 && prev <= 0xdbff ? 0 : HALF_PAIR;
  }
  return 0;
}

// Token boundaries, reused across calls (parsing is synchronous): start, end and first `=` of each.
let starts: Int32Array = new Int32Array(64);
let ends: Int32Array = new Int32Array(64);
let equals: Int32Array = new Int32Array(64);

function grow(): void {
  const size = starts.length * 2;
  const copy = (a: Int32Array): Int32Array => {
    const b = new Int32Array(size);
    b.set(a);
    return b;
  };
  starts = copy(starts);
  ends = copy(ends);
  equals = copy(equals);
}

/**
 * Makes a line's slots object. V8 gives an object made by `new` room for about ten properties in
 * the object itself, where `{}` has four and moves the rest to a separate array, copied as it
 * grows. Its prototype is Object.prototype: it is the plain object `{}` would be.
 */
function NewSlots(): void {}
NewSlots.prototype = Object.prototype;

// Which slot definitions the current line has used, by SlotDef.index: `seen[i] === stamp`. A new
// stamp per line forgets the last line without clearing the array.
let seen: Int32Array = new Int32Array(64);
let stamp = 0;

function nextStamp(slotCount: number): number {
  if (seen.length < slotCount) seen = new Int32Array(slotCount * 2);
  if (++stamp === 0x7fffffff) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/** Where the tail separator starts: the first ` // `, or a ` //` that ends the line; else -1. */
function tailSeparator(text: string): number {
  // The native search stops at each occurrence of a pattern's first character: a dozen spaces a
  // line for ` //`, hardly a slash for `//`. A ` //` starts at most one before the first `//`.
  let at = text.indexOf("//");
  if (at >= 0) at = text.indexOf(" //", at - 1);
  while (at >= 0 && at + 3 < text.length && text.charCodeAt(at + 3) !== 32) at = text.indexOf(" //", at + 1);
  return at;
}

/** Records each space-separated token of text[0, end): its start, end and first `=` (or -1). */
function splitTokens(text: string, end: number): number {
  let count = 0;
  let start = 0;
  let eq = text.indexOf("="); // the first `=` at or after `start`; -1 once none is left
  for (;;) {
    let space = text.indexOf(" ", start);
    if (space < 0 || space > end) space = end;
    if (eq >= 0 && eq < start) eq = text.indexOf("=", start);
    if (count === starts.length) grow();
    starts[count] = start;
    ends[count] = space;
    equals[count] = eq >= 0 && eq < space ? eq : -1;
    count++;
    if (space === end) return count;
    start = space + 1;
  }
}

// Past FINDINGS_MAX findings a line is only counted (each is an error): a megabyte of `a a a`
// would otherwise hold a finding object per word until the end, hundreds of megabytes, to be cut
// to a hundred and a count. Reset by each parseLine.
let uncounted = 0;

/** Keeps a finding of the line being read, or only counts it once there are enough to show. */
function add(findings: Finding[], finding: Finding): void {
  if (findings.length <= FINDINGS_MAX) findings.push(finding);
  else uncounted++;
}

function spacing(findings: Finding[], at: number): void {
  add(findings, _error("SPACING", at === 0 ? "the line starts with a space" : "tokens are separated by single spaces", { at }));
}

/**
 * Parses one line. Values are decoded by the slot types of `vocabulary` when the line's `p=` names
 * its profile, else by the core's: a profile's vocabulary means nothing without `p=` (section 7).
 */
export function parseLine(text: string, vocabulary: Vocabulary = coreVocabulary): LineResult {
  if (typeof text !== "string") throw new TypeError("parseLine: text must be a string");
  uncounted = 0;
  const length = text.length;
  if (length === 0) return fail(text, [_error("LINE_EMPTY", "the line is empty", { at: 0 })]);
  // A `#` line is a comment wherever lines are read from text (isSkippedLine): given as a message
  // (an element of a JSON body's lines, a core caller's string), it is no message, not one of an
  // unsupported version: no envelope is read, so no UN answers it (README note 44).
  if (text.charCodeAt(0) === HASH) return { ok: false, value: null, findings: [_error("LINE_COMMENT", "a line starting with # is a comment, not a message", { at: 0 })], envelope: { id: null, from: null, to: null, item: null } };

  // Native searches (indexOf, one regular expression) find the tail, the token boundaries and
  // anything unprintable: reading the line a character at a time in JavaScript costs more.
  if (!PRINTABLE_ASCII.test(text)) {
    const bad = characterFindings(text);
    if (bad.length > 0) return fail(text, bad);
  }
  const separator = tailSeparator(text);
  const end = separator < 0 ? length : separator;
  const tail = separator >= 0 && separator + 3 < length ? text.slice(separator + 4) : null;
  const tailEmptyAt = separator >= 0 && (tail === null || tail.length === 0) ? separator + 1 : -1;
  const count = splitTokens(text, end);

  const findings: Finding[] = [];
  if (tailEmptyAt >= 0) add(findings, _error("TAIL_EMPTY", "the tail after ' // ' is empty", { at: tailEmptyAt, slot: "tail" }));

  // Positional tokens: version, type, id, the first three words. An empty token (a leading or
  // doubled space) is a SPACING error and is passed over, so that one stray space is reported as
  // itself and not also as every word after it standing in the wrong place.
  let t = 0;
  while (t < count && starts[t] === ends[t]) spacing(findings, starts[t++] as number);
  // Nothing but spaces (before the tail, if any): one finding says so, not one per space.
  if (t === count) return fail(text, [_error("LINE_EMPTY", separator >= 0 ? "the line holds nothing but spaces before its tail" : "the line holds nothing but spaces", { at: 0 })]);
  const v = ends[t] === (starts[t] as number) + VERSION.length && text.startsWith(VERSION, starts[t]) ? VERSION : text.slice(starts[t], ends[t]);
  t++;
  // The type and the id: the second and third words, each without `=`.
  const at = [0, 0];
  for (let k = 0; k < 2; k++) {
    const code = k === 0 ? "MISSING_TYPE" : "MISSING_ID";
    const what = k === 0 ? "type" : "id";
    while (t < count && starts[t] === ends[t]) spacing(findings, starts[t++] as number);
    if (t === count) {
      add(findings, _error(code, `the line stops after the ${k === 0 ? "version token" : "type"}; expected a message ${what}`, { at: end, slot: what }));
      return fail(text, findings);
    }
    if ((equals[t] as number) >= 0) {
      add(findings, _error(code, `expected the message ${what} as the ${k === 0 ? "second" : "third"} token`, { at: starts[t] as number, slot: what }));
      return fail(text, findings);
    }
    at[k] = t++;
  }
  const type = typeAt(text, starts[at[0] as number] as number, ends[at[0] as number] as number);
  const id = text.slice(starts[at[1] as number], ends[at[1] as number]);
  const first = t; // the first key=value token

  // The profile decides how values decode, so find `p=` before decoding anything.
  let profile: string | null = null;
  for (let t = first; t < count; t++) {
    const s = starts[t] as number;
    if (equals[t] === s + 1 && text.charCodeAt(s) === 112) {
      profile = text.slice(s + 2, ends[t]);
      break;
    }
  }
  const useProfile = vocabulary.profile !== null && profile === vocabulary.name;

  let re: string | null = null;
  let from: string | null = null;
  let to: string | null = null;
  let item: string | null = null;
  const slots: Slots = new (NewSlots as unknown as new () => Slots)();
  const line = nextStamp(vocabulary.slots.size);
  for (let t = first; t < count; t++) {
    const s = starts[t] as number;
    const e = ends[t] as number;
    const q = equals[t] as number;
    if (s === e) {
      spacing(findings, s);
      continue;
    }
    if (q < 0) {
      const token = _cut(text.slice(s, e));
      add(findings, _error("TOKEN_NOT_KEYED", `'${token}' is not key=value`, { at: s, received: token }));
      continue;
    }
    const key = text.slice(s, q);
    const raw = text.slice(q + 1, e);
    const def = vocabulary.slots.get(key);
    if (def === undefined) {
      if (!isKey(key)) {
        const shown = _cut(key);
        const why = key === "constructor" || key === "prototype" ? "is reserved: JavaScript tools could drop it from the JSON form" : "is not [a-z][a-z0-9_]*";
        add(findings, _error("KEY_SYNTAX", `key '${shown}' ${why}`, { at: s, received: shown }));
      } else if (slots[key] !== undefined) {
        add(findings, _error("DUPLICATE_KEY", `${key}= appears twice`, { at: s, slot: key }));
      } else slots[key] = raw;
      continue;
    }
    if (seen[def.index] === line) {
      add(findings, _error("DUPLICATE_KEY", `${key}= appears twice`, { at: s, slot: key }));
      continue;
    }
    seen[def.index] = line;
    const field = def.envelope;
    if (field !== 0) {
      if (field === 1) re = raw;
      else if (field === 2) from = raw;
      else if (field === 3) to = raw;
      else item = raw;
      continue;
    }
    // def.key is the vocabulary's own (interned) string: property access with it is much cheaper
    // than with a string just cut from the line.
    const name = def.key;
    const decode = def.decoding !== DECODE_STRING && (useProfile || def.origin === VERSION);
    slots[name] = decode ? decodeValue(def.type, raw) : raw;
  }
  if (findings.length > 0) return fail(text, findings);
  return { ok: true, value: { v, type, id, re, from, to, item, slots, tail }, findings };
}

/**
 * Where each part of a line starts: `v`, `type`, `id`, every key, and `tail`. Computed on demand
 * (only when there is something to report) so parsing a good line pays nothing for it. A key named
 * like a part (`v=`, `type=`, `id=`, `tail=`: an unknown key, as no vocabulary defines one) is not
 * listed: the name is the part's, and a line without a tail has none.
 */
export function slotPositions(text: string): Record<string, number> {
  const at: Record<string, number> = {};
  const separator = text.indexOf(TAIL_SEPARATOR);
  const end = separator >= 0 ? separator : text.length;
  if (separator >= 0) at["tail"] = separator + 4;
  let pos = 0;
  let index = 0;
  while (pos <= end) {
    let next = text.indexOf(" ", pos);
    if (next < 0 || next > end) next = end;
    if (index === 0) at["v"] = pos;
    else if (index === 1) at["type"] = pos;
    else if (index === 2) at["id"] = pos;
    else {
      // Searched within the token only: a search past it made a line of tokens without `=` quadratic.
      const token = text.slice(pos, next);
      const eq = token.indexOf("=");
      if (eq > 0) {
        const key = token.slice(0, eq);
        // v, type and id are listed before any key; the tail's name is the tail's even where it has none.
        if (key !== "tail" && !Object.hasOwn(at, key)) at[key] = pos;
      }
    }
    index++;
    pos = next + 1;
  }
  return at;
}
