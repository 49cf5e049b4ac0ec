/**
 * Reading a line (spec section 2) into its JSON form (section 6).
 *
 * Grammar: tokens separated by single spaces; `RW1 TYPE id` positional; every later token is
 * `key=value`, split at the first `=`; the tail is everything after the first ` // `.
 * The parser checks the grammar only; what the tokens mean is core/validate's job.
 */
import { isKey } from "./check-value.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import { coreVocabulary } from "./core-vocabulary.js";
import type { Message, Slots } from "./message.js";
import { DECODE_STRING, decodeValue } from "./slot-type.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { MESSAGE_TYPES, VERSION } from "./vocabulary.js";

/** What a refusal needs to be addressed, recovered from a line that does not parse. */
export interface Envelope {
  readonly id: string | null;
  readonly from: string | null;
  readonly item: string | null;
}

export type LineResult =
  | { readonly ok: true; readonly value: Message; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly value: null; readonly findings: readonly Finding[]; readonly envelope: Envelope };

const TAIL_SEPARATOR = " // ";
/** The type token as the vocabulary's own string, so later lookups by type hit V8's fast paths. */
const KNOWN_TYPES: ReadonlyMap<string, string> = new Map(MESSAGE_TYPES.map((t) => [t, t]));
/** Anything that is not printable text on one line: C0 controls, DEL, and UTF-16 surrogates. */
const SUSPECT = /[\u0000-\u001f\u007f\ud800-\udfff]/;

function isEnvelopeKey(key: string): key is "re" | "from" | "to" | "item" {
  return key === "re" || key === "from" || key === "to" || key === "item";
}

/** Finds characters a line may not hold; reports the first of each kind. */
function characterFindings(text: string): Finding[] {
  const out: Finding[] = [];
  let breakAt = -1;
  let controlAt = -1;
  let encodingAt = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (breakAt < 0) breakAt = i;
    } else if (c < 0x20 || c === 0x7f) {
      if (controlAt < 0) controlAt = i;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else if (encodingAt < 0) encodingAt = i;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      if (encodingAt < 0) encodingAt = i;
    }
  }
  if (breakAt >= 0) out.push(finding("LINE_BREAK", "a message is one line: it holds a line break", { at: breakAt }));
  if (controlAt >= 0) {
    const hex = text.charCodeAt(controlAt).toString(16).padStart(2, "0");
    out.push(finding("CONTROL_CHAR", `control character U+00${hex.toUpperCase()} is not allowed`, { at: controlAt }));
  }
  if (encodingAt >= 0) out.push(finding("ENCODING", "the line is not well-formed Unicode (lone surrogate)", { at: encodingAt }));
  return out;
}

const ENVELOPE_TOKEN = /(?:^| )(from|item)=(\S+)/g;

/** Best-effort address of a broken line, so a receiver can still refuse it. */
function recoverEnvelope(text: string): Envelope {
  const head = text.split(" ", 3);
  const id = head.length === 3 && !(head[2] as string).includes("=") ? (head[2] as string) : null;
  let from: string | null = null;
  let item: string | null = null;
  const body = text.split(TAIL_SEPARATOR, 1)[0] as string;
  for (const m of body.matchAll(ENVELOPE_TOKEN)) {
    if (m[1] === "from" && from === null) from = m[2] as string;
    if (m[1] === "item" && item === null) item = m[2] as string;
  }
  return { id, from, item };
}

function fail(text: string, findings: Finding[]): LineResult {
  return { ok: false, value: null, findings, envelope: recoverEnvelope(text) };
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
 * Parses one line. Values are decoded by the slot types of `vocabulary` when the line's `p=` names
 * its profile, else by the core's: a profile's vocabulary means nothing without `p=` (section 7).
 */
export function parseLine(text: string, vocabulary: Vocabulary = coreVocabulary): LineResult {
  if (typeof text !== "string") throw new TypeError("parseLine: text must be a string");
  const length = text.length;
  if (length === 0) return fail(text, [finding("LINE_EMPTY", "the line is empty", { at: 0 })]);

  // One pass over the characters: token boundaries, each token's first `=`, the tail, and
  // whether anything unprintable needs a closer look.
  let count = 0;
  let start = 0;
  let eq = -1;
  let suspect = false;
  let end = length;
  let tail: string | null = null;
  let tailEmptyAt = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (text.charCodeAt(i + 1) === 47 && text.charCodeAt(i + 2) === 47) {
        if (i + 3 === length) {
          end = i;
          tailEmptyAt = i + 1;
          break;
        }
        if (text.charCodeAt(i + 3) === 32) {
          end = i;
          tail = text.slice(i + 4);
          if (tail.length === 0) tailEmptyAt = i + 1;
          break;
        }
      }
      if (count === starts.length) grow();
      starts[count] = start;
      ends[count] = i;
      equals[count] = eq;
      count++;
      start = i + 1;
      eq = -1;
    } else if (c === 61) {
      if (eq < 0) eq = i;
    } else if (c < 32 || c === 127 || (c >= 0xd800 && c <= 0xdfff)) suspect = true;
  }
  if (count === starts.length) grow();
  starts[count] = start;
  ends[count] = end;
  equals[count] = eq;
  count++;
  if (tail !== null && !suspect) {
    for (let i = end + 4; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c < 32 || c === 127 || (c >= 0xd800 && c <= 0xdfff)) {
        suspect = true;
        break;
      }
    }
  }
  if (suspect) {
    const bad = characterFindings(text);
    if (bad.length > 0) return fail(text, bad);
  }

  const findings: Finding[] = [];
  if (tailEmptyAt >= 0) findings.push(finding("TAIL_EMPTY", "the tail after ' // ' is empty", { at: tailEmptyAt, slot: "tail" }));
  const spacing = (at: number): void => {
    findings.push(finding("SPACING", at === 0 ? "the line starts with a space" : "tokens are separated by single spaces", { at }));
  };

  // Positional tokens: version, type, id.
  if ((ends[0] as number) === 0) spacing(0);
  const versionToken = text.slice(0, ends[0]);
  const v = versionToken === VERSION ? VERSION : versionToken;
  if (count < 2) {
    findings.push(finding("MISSING_TYPE", "the line stops after the version token; expected a message type", { at: end, slot: "type" }));
    return fail(text, findings);
  }
  if (starts[1] === ends[1] || (equals[1] as number) >= 0) {
    if (starts[1] === ends[1]) spacing(starts[1] as number);
    findings.push(finding("MISSING_TYPE", "expected the message type as the second token", { at: starts[1] as number, slot: "type" }));
    return fail(text, findings);
  }
  const typeToken = text.slice(starts[1], ends[1]);
  const type = KNOWN_TYPES.get(typeToken) ?? typeToken;
  if (count < 3) {
    findings.push(finding("MISSING_ID", "the line stops after the type; expected a message id", { at: end, slot: "id" }));
    return fail(text, findings);
  }
  if (starts[2] === ends[2] || (equals[2] as number) >= 0) {
    if (starts[2] === ends[2]) spacing(starts[2] as number);
    findings.push(finding("MISSING_ID", "expected the message id as the third token", { at: starts[2] as number, slot: "id" }));
    return fail(text, findings);
  }
  const id = text.slice(starts[2], ends[2]);

  // The profile decides how values decode, so find `p=` before decoding anything.
  let profile: string | null = null;
  for (let t = 3; t < count; t++) {
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
  const slots: Slots = {};
  for (let t = 3; t < count; t++) {
    const s = starts[t] as number;
    const e = ends[t] as number;
    const q = equals[t] as number;
    if (s === e) {
      spacing(s);
      continue;
    }
    if (q < 0) {
      const token = text.slice(s, e);
      findings.push(finding("TOKEN_NOT_KEYED", `'${token}' is not key=value`, { at: s, received: token }));
      continue;
    }
    const key = text.slice(s, q);
    const raw = text.slice(q + 1, e);
    const def = vocabulary.slots.get(key);
    if (def === undefined) {
      if (!isKey(key)) {
        findings.push(finding("KEY_SYNTAX", `key '${key}' is not [a-z][a-z0-9_]* (constructor and prototype are reserved)`, { at: s, received: key }));
      } else if (slots[key] !== undefined) {
        findings.push(finding("DUPLICATE_KEY", `${key}= appears twice`, { at: s, slot: key }));
      } else slots[key] = raw;
      continue;
    }
    const field = def.envelope;
    if (field !== 0) {
      const seen = field === 1 ? re : field === 2 ? from : field === 3 ? to : item;
      if (seen !== null) findings.push(finding("DUPLICATE_KEY", `${key}= appears twice`, { at: s, slot: key }));
      else if (field === 1) re = raw;
      else if (field === 2) from = raw;
      else if (field === 3) to = raw;
      else item = raw;
      continue;
    }
    // def.key is the vocabulary's own (interned) string: property access with it is much cheaper
    // than with a string just cut from the line.
    const name = def.key;
    if (slots[name] !== undefined) {
      findings.push(finding("DUPLICATE_KEY", `${key}= appears twice`, { at: s, slot: key }));
      continue;
    }
    const decode = def.decoding !== DECODE_STRING && (useProfile || def.origin === VERSION);
    slots[name] = decode ? decodeValue(def.type, raw) : raw;
  }
  if (findings.length > 0) return fail(text, findings);
  return { ok: true, value: { v, type, id, re, from, to, item, slots, tail }, findings };
}

/**
 * Where each part of a line starts: `v`, `type`, `id`, every key, and `tail`. Computed on demand
 * (only when there is something to report) so parsing a good line pays nothing for it.
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
      const eq = text.indexOf("=", pos);
      if (eq > pos && eq < next) {
        const key = text.slice(pos, eq);
        if (!Object.hasOwn(at, key)) at[key] = pos;
      }
    }
    index++;
    pos = next + 1;
  }
  return at;
}
