/**
 * Validating one message against the core and, when it carries `p=`, its profile: every rule a
 * single line can break (sections 2, 3, 4, 5 rules 2-4, and 7). Rules that need another message
 * (a readback against its handoff) belong to the readback checks, not here.
 */
import { _constraintKey, _cut, _isAgentName, _isConstraint, _isMessageId, _isToken, _messageIdDash, _VISIBLE } from "./_chars.js";
import { _repeatTracker } from "./_single-valued.js";
import { _same, _show, _written } from "./_slot-values.js";
import { decodeValue } from "./slot-type.js";
import { _numericAnswer } from "./_numeric-answer.js";
import { coreVocabulary } from "./core-vocabulary.js";
import { _capFindings, _error, _note } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, Scalar, SlotValue } from "./message.js";
import { checkTranslation } from "./translation.js";
import type { SlotDef, TypeDef, Vocabulary } from "./vocabulary-model.js";
import { HUMAN, MESSAGE_TYPES, TAIL_MAX, VERSION } from "./vocabulary.js";
import type { MessageType } from "./vocabulary.js";


/**
 * A JSON form's value of the wrong JSON type, which a line would write validly (`"pri": "2"`,
 * `"retry": "Y"`, `"keep": [1]`): said as such, since "pri=2 is not an integer" contradicts itself.
 * The line's reading of it, decoded by the slot's type, is what the JSON form holds instead.
 */
function jsonTypeSlip(key: string, value: SlotValue, def: SlotDef): string | null {
  const asLine = decodeValue(def.type, _written(value));
  return def.check(asLine) !== null ? null : readsOtherwise(key, value, asLine);
}

/**
 * A JSON boolean where the slot takes no boolean (`"pri": true`): only a JSON form holds one there,
 * so it is said as given, not as the `Y` a line would write and the sender never did.
 */
const jsonBoolean = (key: string, value: SlotValue, reason: string): string | null =>
  typeof value === "boolean" ? `${key}: the JSON form holds ${value} (a JSON boolean), which ${reason}` : null;

/** What a JSON form holds against what a line writing it would read back. */
const readsOtherwise = (key: string, value: SlotValue, asLine: SlotValue): string =>
  `${key}: the JSON form holds ${_cut(JSON.stringify(value))}, where a line's ${key}=${_show(value)} reads ${_cut(JSON.stringify(asLine))}`;

/** Length in Unicode code points, the unit of the 300-character tail limit. */
function codePoints(text: string): number {
  if (text.length <= TAIL_MAX) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The message types, each as its own key: a map lookup is cheaper than Object.hasOwn on `types`. */
const TYPE_CODES: ReadonlyMap<string, MessageType> = new Map(MESSAGE_TYPES.map((t) => [t, t]));

/** The vocabulary a message is read against: its profile's when `p=` names it, else the core. */
function vocabularyFor(message: Message, vocabulary: Vocabulary, hasP: boolean, out: Finding[]): Vocabulary {
  const p = message.slots["p"];
  if (p === undefined || !hasP) return vocabulary.base;
  if (typeof p !== "string") {
    // A JSON form's list or boolean: no profile has that name, and the fault is the JSON type.
    out.push(_error("VALUE_TYPE", `p: the JSON form holds ${_cut(JSON.stringify(p))}, where a line's p=${_show(p)} reads "${_show(p)}": a profile's name is a string`, { slot: "p", expected: "profile", received: _show(p) }));
    return vocabulary.base;
  }
  if (vocabulary.profile !== null && p === vocabulary.name) return vocabulary;
  const known = vocabulary.profile === null ? "none is loaded" : `the loaded profile is ${vocabulary.name}`;
  out.push(_error("PROFILE_UNKNOWN", `p=${_show(p)} names a profile this reader does not have (${known})`, { slot: "p", received: _show(p) }));
  return vocabulary.base;
}

function missing(type: TypeDef | undefined, field: string, out: Finding[]): void {
  if (type !== undefined && type.required.includes(field)) out.push(_error("MISSING_SLOT", `${type.code} requires ${field}=`, { slot: field }));
}

function wrong(field: string, value: string, expected: string, what: string, out: Finding[]): void {
  const shown = _cut(value);
  out.push(_error("VALUE_TYPE", `${field}=${shown} is not ${what}`, { slot: field, expected, received: shown }));
}

function checkEnvelope(message: Message, type: TypeDef | undefined, out: Finding[]): void {
  const { id, re, from, to, item } = message;
  const dash = _messageIdDash(id);
  // An id's part before its dash is an agent name already: a sender it names needs no second look.
  const named = from !== null && dash === from.length && id.startsWith(from);
  const fromIsAgent = named || (from !== null && _isAgentName(from));
  if (dash < 0) {
    out.push(_error("ID_SHAPE", `id ${_cut(id)} is not <from>-<n>`, { slot: "id", expected: "<from>-<n>", received: _cut(id) }));
  } else if (fromIsAgent && !named) {
    out.push(_error("ID_FROM", `id ${_cut(id)} does not start with its sender ${_cut(from as string)}-`, { slot: "id", expected: `${_cut(from as string)}-<n>`, received: _cut(id) }));
  }
  if (re === null) missing(type, "re", out);
  else if (!_isMessageId(re)) wrong("re", re, "msgid", "a message id (<agent>-<n>)", out);
  // re= names the message this one replies to (section 2), and ids are unique: never itself.
  else if (re === id) out.push(_error("RE_SELF", `re=${_cut(re)} names this message itself: a message replies to another`, { slot: "re", received: _cut(re) }));
  if (from === null) missing(type, "from", out);
  else if (!fromIsAgent) wrong("from", from, "agent", "an agent name ([A-Za-z0-9._-]+)", out);
  if (to === null) missing(type, "to", out);
  else if (!_isAgentName(to)) wrong("to", to, "agent", "an agent name ([A-Za-z0-9._-]+)", out);
  if (item === null) missing(type, "item", out);
  else if (!_isToken(item, false)) wrong("item", item, "ref", "a reference (no spaces)", out);
}

/**
 * What the slot pass saw, for the checks after it (validate is synchronous): whether `acc` or
 * `keys` is among the keys, and how many of the type's required slots (envelope fields aside) are.
 */
let constraintSlots = false;
let requiredSeen = 0;

/**
 * `hint` is the loaded profile when the message carries no `p=`: what it defines is then refused
 * with PROFILE_REQUIRED, which names the missing `p=`, rather than as unknown.
 */
function checkSlots(message: Message, read: Vocabulary, hint: Vocabulary | null, type: TypeDef | undefined, out: Finding[]): string[] | null {
  const slots = message.slots;
  const keys = Object.keys(slots);
  let strays: string[] | null = null;
  constraintSlots = false;
  requiredSeen = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key === "p") continue;
    if (key === "acc" || key === "keys") constraintSlots = true;
    const value = slots[key] as SlotValue;
    const def = read.slots.get(key);
    if (def === undefined) {
      // A slot no type describes reads from a line as a string without spaces (sections 2 and 6),
      // so a JSON form holding a number, a boolean, a list or a spaced string there would not
      // survive the round trip to a line, nor keep its digest.
      if ((typeof value !== "string" || (value !== "" && !_isToken(value, false))) && hint?.slots.has(key) !== true) {
        // Only a JSON form holds a non-string: said as given, not as the line (true as the Y) it never was.
        const what = typeof value === "string" ? `${key}=${_show(value)}: holds a space or control character` : `${key}: the JSON form holds ${_cut(JSON.stringify(value))}, which is not a string`;
        out.push(_error("VALUE_TYPE", `${what}; a slot the vocabulary does not type is a string without spaces`, { slot: key, expected: "token", received: _show(value) }));
      }
      if (key.charCodeAt(0) === 120 && key.charCodeAt(1) === 95) continue; // x_ extension keys: accepted as they are
      if (hint !== null && hint.slots.has(key)) {
        out.push(_error("PROFILE_REQUIRED", `${key}= belongs to profile ${hint.name}: the line needs p=${hint.name}`, { slot: key, received: _show(value) }));
      } else {
        out.push(_note("SLOT_UNKNOWN", `${key}= is not in the vocabulary; ignored`, { slot: key, received: _show(value) }));
      }
      continue;
    }
    if (type !== undefined && (def.onTypes & type.bit) === 0) {
      // Ignored as an unknown key is (README note 11): its value is read by no check, so neither
      // its range nor its code refuses the line. It must still be what a line would read back, or
      // the JSON form would not survive the round trip (nor keep its digest).
      out.push(_note("SLOT_NOT_ON_TYPE", `${key}= is not a slot of ${message.type}; ignored`, { slot: key }));
      const slip = unwritten(key, value, def);
      if (slip !== null) out.push(_error("VALUE_TYPE", slip, { slot: key, expected: def.type.text, received: _show(value) }));
      (strays ??= []).push(key);
      continue;
    }
    if (type !== undefined && (def.requiredOn & type.bit) !== 0) requiredSeen++;
    // A list of codes (`rb=`, a list of an enum) has each code read alone, so its UN names every
    // offending code (rule 2), not the first alone: `rb=exce+ech` is two unknown codes. A list
    // holding an empty element, or none, is malformed: one finding, as any list's.
    for (const part of Array.isArray(value) && value.length > 1 && !value.includes("") && /^list:(rb|en)/.test(def.type.text) ? value.map((e) => [e]) : [value]) {
      const problem = def.check(part);
      if (problem === null) continue;
      // A code (or an rb= slot name) only the loaded profile knows: the line lacks its p=.
      if ((problem.code === "ENUM_UNKNOWN" || problem.code === "RB_UNKNOWN") && hint !== null && hint.slots.get(key)?.check(part) === null) {
        out.push(_error("PROFILE_REQUIRED", `${key}=${_cut(problem.received)} belongs to profile ${hint.name}: the line needs p=${hint.name}`, { slot: key, received: _cut(problem.received) }));
      } else {
        out.push(_error(problem.code, jsonTypeSlip(key, value, def) ?? jsonBoolean(key, value, problem.reason) ?? `${key}=${_show(part)} ${problem.reason}`, { slot: key, expected: def.type.text, received: _cut(problem.received) }));
      }
    }
  }
  return strays;
}

/**
 * Why a JSON form's value for an ignored slot would not come back from a line (a space, a `+`
 * inside a list element, `"2"` where the line reads 2), or null when it would.
 */
function unwritten(key: string, value: SlotValue, def: SlotDef): string | null {
  const written = _written(value);
  if (written !== "" && !_isToken(written, false)) return `${key}=${_show(value)}: holds a space or control character, which a line cannot write`;
  const asLine = decodeValue(def.type, written);
  return _same(asLine, value) ? null : readsOtherwise(key, value, asLine);
}

/** The message as the checks after the slot pass read it: without the slots its type ignores. */
function withoutStrays(message: Message, strays: readonly string[] | null): Message {
  if (strays === null) return message;
  const slots = { ...message.slots };
  for (const key of strays) delete slots[key];
  return { ...message, slots };
}

function checkRequired(message: Message, type: TypeDef, read: Vocabulary, out: Finding[]): void {
  const slots = message.slots;
  // The slot pass saw every required slot among the keys: none can be missing.
  // The envelope fields among `required` are checked with the envelope.
  if (requiredSeen !== type.requiredSlots.length) for (const key of type.requiredSlots) {
    if (!Object.hasOwn(slots, key)) out.push(_error("MISSING_SLOT", `${type.code} requires ${key}=`, { slot: key }));
  }
  // Requirements that depend on another slot of the same line.
  if (type.code === "AQ") {
    const need = slots["need"];
    if (need === "ENUM") {
      if (!Object.hasOwn(slots, "opts")) out.push(_error("MISSING_SLOT", "need=ENUM requires opts=", { slot: "opts" }));
    } else if (need !== undefined && Object.hasOwn(slots, "opts") && read.slots.get("need")?.check(need) === null) {
      // Section 3.1: opts are the "allowed values when need=ENUM"; another need's answer is never
      // one of them, so they are unread (and not held to a profile's ans), as keys= is without rb=acc.
      // An unknown need is refused already: what it would read is a guess.
      out.push(_note("OPTS_UNREAD", `opts= is read only under need=ENUM, and this AQ asks need=${_show(need)}; ignored`, { slot: "opts" }));
    }
  }
  if (type.code === "HO") {
    if (slots["ask"] === "UNDO" && !Object.hasOwn(slots, "ctx")) {
      out.push(_error("MISSING_SLOT", "ask=UNDO requires ctx= naming the act to reverse", { slot: "ctx" }));
    }
    // Section 3.1: keys= names what tier 4 checks, which only rb=acc or rb=plan asks for; else unread.
    const rb = slots["rb"];
    if (Object.hasOwn(slots, "keys") && !(Array.isArray(rb) && (rb.includes("acc") || rb.includes("plan")))) {
      out.push(_note("KEYS_UNCHECKED", "keys= is read only under rb=acc or rb=plan; ignored", { slot: "keys" }));
    }
  }
  // A tail of spaces, or of invisible format characters alone, carries no answer either.
  const blankTail = (): boolean => message.tail === null || !_VISIBLE.test(message.tail);
  if (type.code === "AN" && slots["val"] === "tail" && blankTail()) {
    out.push(_error("TAIL_REQUIRED", "val=tail puts the answer in the tail, but there is none", { slot: "tail" }));
  }
  // Rule 2: the refusal names the offending code in the tail; without it the sender can fix nothing.
  if (type.code === "UN" && (slots["why"] === "UNK" || slots["why"] === "VER") && blankTail()) {
    out.push(_error("TAIL_REQUIRED", `why=${slots["why"]} names the code it does not know in the tail (rule 2), but there is none`, { slot: "tail" }));
  }
}

/** The profile's closed answer vocabulary (section 7): AQ options and AN values. */
function checkAnswers(message: Message, ans: ReadonlySet<string>, profile: string, out: Finding[]): void {
  const slots = message.slots;
  if (message.type === "AQ" && slots["need"] === "ENUM" && Array.isArray(slots["opts"])) {
    for (const option of slots["opts"] as readonly Scalar[]) {
      if (typeof option === "string" && !ans.has(option)) {
        out.push(_error("ANS_UNKNOWN", `opts ${_cut(option)} is not in profile ${profile}'s answers (${[...ans].join(" ")})`, { slot: "opts", received: _cut(option) }));
      }
    }
  }
  if (message.type === "AN") {
    const val = slots["val"];
    if (typeof val !== "string" || val === "tail" || val === "Y" || val === "N" || _numericAnswer(val) !== null) return;
    if (!ans.has(val)) {
      out.push(_error("ANS_UNKNOWN", `val=${_cut(val)} is not in profile ${profile}'s answers (${[...ans].join(" ")})`, { slot: "val", received: _cut(val) }));
    }
  }
}

/**
 * Constraint keys outside the closed set are noted, never compared (section 5.2). In `acc=`, only
 * set-valued keys may repeat: a single-valued key named twice holds two values for one fact, and
 * which one the sender meant would be a guess (rule 2).
 */
function checkConstraintKeys(message: Message, read: Vocabulary, out: Finding[]): void {
  const slots = message.slots;
  for (const slot of ["acc", "keys"]) {
    const value = slots[slot];
    if (!Array.isArray(value) || !Object.hasOwn(slots, slot)) continue;
    const repeats = slot === "acc" ? _repeatTracker(read) : null;
    for (const element of value as readonly Scalar[]) {
      if (typeof element !== "string") continue;
      const colon = element.indexOf(":");
      // Not a constraint at all (`len`, `len:`): a VALUE_TYPE error already, so its key is neither
      // noted nor counted as a repeat.
      if (slot === "acc" && !_isConstraint(element)) continue;
      const key = _constraintKey(slot === "acc" ? element.slice(0, colon) : element); // null: a VALUE_TYPE error already
      if (key === null) continue;
      if (!read.constraintKeys.has(key)) {
        out.push(_note("CONSTRAINT_KEY_UNKNOWN", `${slot} names constraint key '${_cut(key)}', outside the closed set; it will be noted, not compared`, { slot, received: _cut(element) }));
      } else {
        const first = repeats?.(key, element) ?? null;
        if (first !== null) {
          out.push(_error("CONSTRAINT_REPEATED", `acc names ${key} more than once (${_cut(first)}, then ${_cut(element)}); ${key} is single-valued: one value`, { slot, expected: _cut(first), received: _cut(element) }));
        }
      }
    }
  }
}

function checkAgents(message: Message, agents: ReadonlySet<string>, profile: string, out: Finding[]): void {
  for (const field of ["from", "to"] as const) {
    const name = message[field];
    if (name !== null && name !== HUMAN && !agents.has(name)) {
      out.push(_note("AGENT_NOT_IN_PROFILE", `${field}=${_cut(name)} is not one of profile ${profile}'s agents`, { slot: field, received: _cut(name) }));
    }
  }
}


/** Rule 2's VER: the version token (at `at` on a line, null in a JSON form) is not this reader's. Long tokens are shown cut. */
export function _versionFinding(v: string, at: number | null): Finding {
  const shown = _cut(v);
  // A byte-order mark inside a stream (files joined) or another invisible character would make the
  // message read "unsupported protocol version RW1": name what cannot be seen, or not told from a
  // space (a no-break space, an ideographic space: a line of one is read, not skipped as blank).
  const hidden = [...new Set(shown.match(/(?! )[\p{Cf}\p{Cc}\p{Z}]/gu))].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`);
  const note = hidden.length === 0 ? "" : ` (it holds ${hidden.join(" ")}, not shown)`;
  return _error("VERSION", `unsupported protocol version ${shown}${note}; this reader speaks ${VERSION}`, { slot: "v", ...(at === null ? {} : { at }), expected: VERSION, received: shown });
}

/**
 * Every finding for one message: errors refuse it (a receiver answers with `refusal()`), notes
 * inform. The message is the JSON form, so lines and JSON are held to the same rules.
 */
export function validate(message: Message, vocabulary: Vocabulary = coreVocabulary): Finding[] {
  const out: Finding[] = [];
  if (message.v !== VERSION) {
    out.push(_versionFinding(message.v, null));
    return out; // another version's grammar is unknown: nothing else can be read with confidence
  }
  const hasP = Object.hasOwn(message.slots, "p");
  const read = vocabularyFor(message, vocabulary, hasP, out);
  const code = TYPE_CODES.get(message.type);
  const type = code === undefined ? undefined : read.types[code];
  if (type === undefined) {
    out.push(_error("TYPE_UNKNOWN", `unknown message type ${_cut(message.type)}`, { slot: "type", expected: Object.keys(read.types).join(" "), received: _cut(message.type) }));
  }
  checkEnvelope(message, type, out);
  const hint = vocabulary.profile !== null && !hasP ? vocabulary : null;
  // Every check after the slot pass reads the slots the type takes; the others are ignored.
  const kept = withoutStrays(message, checkSlots(message, read, hint, type, out));
  if (type !== undefined) checkRequired(kept, type, read, out);
  if (kept.tail !== null && codePoints(kept.tail) > TAIL_MAX) {
    out.push(_error("TAIL_TOO_LONG", `the tail is ${codePoints(kept.tail)} characters; at most ${TAIL_MAX}, longer content goes in an artifact (art=)`, { slot: "tail", expected: `<= ${TAIL_MAX}` }));
  }
  if (read.ans !== null) checkAnswers(kept, read.ans, read.name, out);
  if (constraintSlots) checkConstraintKeys(kept, read, out);
  if (read.agents !== null) checkAgents(kept, read.agents, read.name, out);
  if (read.translation.length > 0 && type !== undefined) checkTranslation(kept, read.translation, out);
  return _capFindings(out);
}
