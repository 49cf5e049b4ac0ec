/**
 * Profiles (section 7): a JSON file that extends the core for a domain. `profileSchema` checks the
 * file's shape with valibot; `checkProfile` adds what a schema cannot (a profile may add, never
 * redefine or remove, a core code; every name it uses is defined); `compileVocabulary` checks and
 * then merges it with the core (extendVocabulary).
 */
import * as v from "valibot";
import { _caseTwin } from "./_case-twin.js";
import { _LONE_SURROGATE } from "./_controls.js";
import { _FIELDS_NOT_SLOTS } from "./_field-names.js";
import { _jsonKind, _jsonShown } from "./_json-kind.js";
import { _numericAnswer } from "./_numeric-answer.js";
import { _reservedKeys } from "./_reserved-keys.js";
import { isKey } from "./check-value.js";
import { extendVocabulary } from "./extend-vocabulary.js";
import { finding } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import type { ProfileFile } from "./profile-file.js";
import { parseSlotType } from "./slot-type.js";
import { compileShape } from "./_compile-shape.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { CORE_ENUMS, CORE_SLOTS, MESSAGE_TYPES } from "./vocabulary.js";

/** Slot types the core uses for its own slots and no profile may (core/vocabulary.ts). */
const CORE_ONLY_KINDS: ReadonlySet<string> = new Set(["value", "hex12", "constraint", "ckey", "rblevel", "profile"]);

const CODE = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "codes are letters, digits, _ . - (no spaces, no +)"));
const NAME = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/, "names are [a-z][a-z0-9_]*"));
const KEY = v.pipe(v.string(), v.check(isKey, "slot keys are [a-z][a-z0-9_]*"));
const AGENT = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]+$/, "agent names are [A-Za-z0-9._-]+"));
// Blank text (white space or control characters alone) says nothing, and the legend, which prints
// each text on one line with such runs folded to a space, would print an empty meaning or line.
const NOT_BLANK = v.regex(/[^\s\p{Cc}]/u, "must not be blank (white space or control characters only)");
// Half a character can be printed nowhere: the legend's UTF-8 would carry U+FFFD in its place, a
// character the profile never gave (ENCODING, README note 5). Control characters the legend folds.
const WELL_FORMED = v.check((text: string) => !_LONE_SURROGATE.test(text), "must not hold a lone surrogate (half a character, which no UTF-8 text can carry)");
/**
 * At most `max` characters, counted as Unicode code points, the unit of the tail's 300 (README
 * note 14): valibot's maxLength counts UTF-16 units, which refused 151 emoji as "more than 300".
 */
function atMost(max: number): v.CheckAction<string, string> {
  return v.check((text) => {
    if (text.length <= max) return true;
    let n = 0;
    for (const _ of text) if (++n > max) return false;
    return true;
  }, `at most ${max} characters`);
}
const TEXT = v.pipe(v.string(), v.minLength(1, "must not be empty"), atMost(300), NOT_BLANK, WELL_FORMED);
/**
 * What a value of the wrong JSON type should have been, by the schema entry that refused it, in the
 * words of the file format (the JSON kinds `_jsonKind` names), where valibot says `Array`, `Object`
 * and `string`; a list given for an object is refused in the same words, and a list says what it
 * lists (`listOf`). An entry not here (none in the schema today) falls back to valibot's `expected`.
 */
const EXPECTED: Readonly<Record<string, string>> = {
  string: "text",
  boolean: "true or false",
  record: "an object of entries",
  strict_object: "an object of fields",
};
/** `expected X, received Y`: a value of the wrong type by its JSON kind, the one value a literal allows as written. */
const wrongType = (issue: v.BaseIssue<unknown>, expected: string): string =>
  `expected ${expected}, received ${issue.type === "literal" ? _jsonShown(issue.input) : _jsonKind(issue.input)}`;
/** A JSON list of `what`, refused as that when the value is no list. */
function listOf<TItem extends v.GenericSchema>(item: TItem, what: string) {
  return v.array(item, (issue) => wrongType(issue, `a list of ${what}`));
}
const TYPES = v.pipe(listOf(v.picklist(MESSAGE_TYPES, (issue) => `${_jsonShown(issue.input)} is not one of the nine message types (${MESSAGE_TYPES.join(" ")})`), "message types"), v.minLength(1, "names at least one type"));
/** Valibot's record and strictObject each take a list as well, as an object keyed by its indices. */
const notAList = (what: "record" | "strict_object") => v.check((input: unknown) => !Array.isArray(input), `expected ${EXPECTED[what]}, received a list`);
/**
 * A JSON object of `key: value` entries. Valibot's record takes a list as well, as an object keyed
 * by its indices: `"asks": ["SHIP"]` added an ask `0` meaning SHIP, so `ask=0` passed and `ask=SHIP`
 * was refused, a meaning guessed from a file of the wrong shape (rule 2).
 */
function entries<TKey extends v.GenericSchema<string, string>, TValue extends v.GenericSchema>(key: TKey, value: TValue) {
  return v.pipe(v.unknown(), notAList("record"), v.record(key, value));
}
const CODES = entries(CODE, TEXT);
/**
 * A JSON object of named fields. Valibot's strictObject takes a list as well, as an object keyed by
 * its indices: `"when": ["net"]` was refused for "when.0: not a field of a profile file here" and
 * `"sum": ["a", "b"]` for a missing parts and total and a field `0`, words about fields the file
 * never gave instead of its one fault, a list where an object goes (README note 188).
 */
function fields<TEntries extends v.ObjectEntries>(shape: TEntries) {
  return v.pipe(v.unknown(), notAList("strict_object"), v.strictObject(shape));
}

const slotSchema = fields({
  key: KEY,
  type: v.string(),
  on: TYPES,
  required: v.optional(v.boolean()),
  desc: v.optional(TEXT),
});

const ruleFields = fields({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, "rule ids are [a-z][a-z0-9-]*")),
  desc: TEXT,
  on: v.optional(TYPES),
  // Empty, when or either of its lists would name no condition: refused alike (README note 179).
  when: v.optional(
    v.pipe(
      fields({
        item_ns: v.optional(v.pipe(listOf(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]+$/, "item namespaces are [A-Za-z0-9._-]+ (the part of item before its first :)")), "item namespaces"), v.minLength(1, "names at least one item namespace (leave item_ns out to match any)"))),
        has: v.optional(v.pipe(listOf(KEY, "slot keys"), v.minLength(1, "names at least one slot (leave has out to match any)"))),
      }),
      v.check((when) => when.item_ns !== undefined || when.has !== undefined, "names no condition (item_ns or has; leave when out to match any)"),
    ),
  ),
  // An empty require or shape, like an empty when.has, is most likely a list whose names were lost (README note 187).
  require: v.optional(v.pipe(listOf(KEY, "slot keys"), v.minLength(1, "names at least one slot (leave require out to require none)"))),
  tail: v.optional(v.literal("required")),
  shape: v.optional(
    v.pipe(
      entries(KEY, v.pipe(v.string(), v.minLength(1, "must not be empty: a shape is a template such as doc:{id}"), atMost(200), WELL_FORMED)),
      v.check((shapes) => Object.keys(shapes).length > 0, "names at least one slot (leave shape out to shape none)"),
    ),
  ),
  sum: v.optional(fields({ parts: v.pipe(listOf(KEY, "slot keys"), v.minLength(2, "a sum adds at least two parts")), total: KEY })),
});
// A rule naming none of its checks passes every line while the legend prints it as a rule: most
// likely one whose checks were lost, refused as an empty when.has is (README notes 179 and 187).
const ruleSchema = v.pipe(
  ruleFields,
  v.check((rule) => rule.require !== undefined || rule.tail !== undefined || rule.shape !== undefined || rule.sum !== undefined, "names nothing to check (require, tail, shape or sum): every line would pass it, yet the legend prints it as a rule"),
);

/** The profile file format. Unknown fields are refused: a misspelt field would silently do nothing. */
export const profileSchema: v.GenericSchema<unknown, ProfileFile> = v.strictObject({
  profile: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_-]*$/, "profile names are [a-z][a-z0-9_-]*")),
  version: TEXT,
  extends: v.literal("RW1", (issue) => `profiles extend RW1, not ${_jsonShown(issue.input)}`),
  title: v.optional(TEXT),
  // Blank, as every other text: it says nothing, and the Worker's profile list would show it as a desc.
  desc: v.optional(v.pipe(v.string(), atMost(2000), NOT_BLANK, WELL_FORMED)),
  // An enum without codes takes no value, and a shape's {enum:<name>} over it would match nothing at all: an empty string.
  enums: v.optional(entries(NAME, v.pipe(CODES, v.check((codes) => Object.keys(codes).length > 0, "an enum names at least one code")))),
  asks: v.optional(CODES),
  why: v.optional(CODES),
  slots: v.optional(listOf(slotSchema, "slots")),
  agents: v.optional(listOf(AGENT, "agent names")),
  asks_used: v.optional(listOf(CODE, "asks")),
  exec: v.optional(entries(CODE, v.pipe(listOf(KEY, "slot keys"), v.minLength(1, "names at least one execution slot (an ask done with none is left out of exec)")))),
  ckeys: v.optional(entries(NAME, fields({ desc: TEXT, set: v.optional(v.boolean()) }))),
  aliases: v.optional(listOf(v.pipe(listOf(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, "spellings are [a-z0-9-]+")), "spellings"), v.minLength(2, "a group names at least two spellings (the first is canonical)")), "groups of spellings")),
  translation: v.optional(listOf(ruleSchema, "rules")),
});

const REMOVAL_FIELDS = ["remove", "removes", "delete", "drop", "omit", "exclude"];

/** Attempts to remove core codes, reported as such before the schema would call them shape errors. */
function removals(input: Record<string, unknown>): Finding[] {
  const out: Finding[] = [];
  for (const field of REMOVAL_FIELDS) {
    if (Object.hasOwn(input, field)) {
      out.push(finding("PROFILE_REMOVES_CORE", `'${field}': a profile may add to the core, never remove from it`, { path: field }));
    }
  }
  const tables: [string, unknown, readonly string[]][] = [
    ["asks", input["asks"], CORE_ENUMS["ask"] as readonly string[]],
    ["why", input["why"], CORE_ENUMS["why"] as readonly string[]],
  ];
  const enums = input["enums"];
  if (enums !== null && typeof enums === "object") {
    for (const [name, codes] of Object.entries(enums)) {
      if (!Object.hasOwn(CORE_ENUMS, name)) continue;
      // A core enum mapped to nothing would remove every code it has: removal, not a shape error.
      if (codes === null || codes === false) {
        out.push(finding("PROFILE_REMOVES_CORE", `enums.${name}: ${name} is a core enum; a profile cannot remove it`, { path: `enums.${name}` }));
      } else tables.push([`enums.${name}`, codes, CORE_ENUMS[name] as readonly string[]]);
    }
  }
  for (const [path, table, core] of tables) {
    if (table === null || typeof table !== "object") continue;
    for (const [code, meaning] of Object.entries(table)) {
      if (core.includes(code) && (meaning === null || meaning === false || meaning === "")) {
        out.push(finding("PROFILE_REMOVES_CORE", `${path}.${code}: ${code} is a core code; a profile cannot remove it`, { path: `${path}.${code}` }));
      }
    }
  }
  return out;
}

/**
 * The schema's issues in a profile author's words: valibot says a missing field is "Invalid key:
 * Expected "profile" but received undefined" and an unknown one "Expected never"; the schema's own
 * messages ("profiles extend RW1") stand as written, and an entry with none (a string where a list
 * goes) is `expected X, received Y` (UNWORDED).
 */
function schemaFindings(issues: readonly v.BaseIssue<unknown>[]): Finding[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue) ?? "";
    const field = issue.kind === "schema" && (issue.type === "strict_object" || issue.type === "object");
    const said =
      field && issue.expected === "never" ? "not a field of a profile file here (misspelt?)"
      : field && issue.received === "undefined" ? "missing: a profile file must give it"
      : issue.message;
    return finding("PROFILE_SCHEMA", `${path === "" ? "profile" : path}: ${said}`, { path });
  });
}

/**
 * Valibot takes a parse's message only for an entry that has none of its own (README note 92):
 * worded here for every issue, the type test's words replaced the schema's, which never showed.
 * Here are the entries that have none: a text, a boolean, an object, and `tail`'s one value.
 */
const UNWORDED: v.Config<v.BaseIssue<unknown>> = {
  message: (issue) => wrongType(issue, EXPECTED[issue.type] ?? issue.expected ?? "another value"),
};

/** The answers section 7 keeps outside any profile's `ans`, by their spelling in upper case. */
const ANSWER_WORDS: ReadonlyMap<string, readonly [word: string, meaning: string]> = /* @__PURE__ */ new Map([
  ["Y", ["Y", "yes, the bool"]],
  ["N", ["N", "no, the bool"]],
  ["TAIL", ["tail", "val=tail: the answer is the tail"]],
] as const);

/** Everything compileVocabulary refuses that the schema cannot see, for a file the schema accepted. */
function semanticFindings(core: Vocabulary, file: ProfileFile): Finding[] {
  const out: Finding[] = [];
  const push = (code: Finding["code"], path: string, message: string): void => {
    out.push(finding(code, `${path}: ${message}`, { path }));
  };

  // Codes: new ones only; `asks` and `why` extend the core's ask and why.
  const tables: [string, string, Record<string, string>][] = [
    ...Object.entries(file.enums ?? {}).map(([name, codes]) => [name, `enums.${name}`, codes] as [string, string, Record<string, string>]),
    ["ask", "asks", file.asks ?? {}],
    ["why", "why", file.why ?? {}],
  ];
  const defined = new Map<string, Set<string>>();
  for (const [name, path, codes] of tables) {
    const coreCodes = core.enums.get(name);
    // Codes are ASCII (CODE) and read as written (note 15), yet `draft` beside the core's `DRAFT`
    // would print one word with two meanings in the legend, which a model reads as one: a
    // redefinition in another case, refused as one.
    const coreByCase = new Map([...(coreCodes?.keys() ?? [])].map((c) => [c.toUpperCase(), c]));
    const seen = defined.get(name) ?? new Set<string>();
    defined.set(name, seen);
    // The same holds between the profile's own codes: `APPROVE` and `approve` in `ans` reopen the
    // closed answer vocabulary to the spellings it exists to stop (section 7).
    const seenByCase = new Map([...seen].map((c) => [c.toUpperCase(), c]));
    for (const code of Object.keys(codes)) {
      const coreCode = coreByCase.get(code.toUpperCase());
      const ownCode = seenByCase.get(code.toUpperCase());
      if (coreCode === code) push("PROFILE_REDEFINES_CORE", `${path}.${code}`, `${code} is a core ${name} code; a profile cannot redefine it`);
      else if (coreCode !== undefined) push("PROFILE_REDEFINES_CORE", `${path}.${code}`, `${code} is the core ${name} code ${coreCode} in another case; a profile cannot redefine it`);
      else if (ownCode === code) push("PROFILE_SCHEMA", `${path}.${code}`, `${code} is defined twice in ${name}`);
      else if (ownCode !== undefined) push("PROFILE_SCHEMA", `${path}.${code}`, `${code} is ${ownCode} in another case, defined twice in ${name}: the legend would print one word with two meanings`);
      seen.add(code);
      seenByCase.set(code.toUpperCase(), code);
    }
  }
  // Section 7 closes the answers to `ans` "other than `tail`, `Y`, `N`, a number or a date": those
  // are the core's, read the same under every profile (`Y` and `N` the bool, `tail` the answer in
  // the tail). An `ans` code spelt as one of them, in any case, is one word with two meanings: `Y`
  // for YIELD would be read as yes, an AN `val=n` would pass as the profile's `n` and be read as no
  // by anyone who folds case (as the case-twin rule above says a model does).
  // A code that reads as a number or a date (`1`, `20261002`) is never checked against `ans` at all:
  // val=1 passes as the number whatever the profile says, so the code could never be told from it.
  for (const code of Object.keys(file.enums?.["ans"] ?? {})) {
    const numeric = _numericAnswer(code);
    if (numeric !== null) {
      push("PROFILE_REDEFINES_CORE", `enums.ans.${code}`, `${code} reads as ${numeric}, an answer section 7 keeps outside ans (val=${code} is ${numeric} under every profile); an ans code cannot take it`);
      continue;
    }
    const word = ANSWER_WORDS.get(code.toUpperCase());
    if (word === undefined) continue;
    const spelt = word[0] === code ? `the core's answer ${code}` : `the core's answer ${word[0]} in another case`;
    push("PROFILE_REDEFINES_CORE", `enums.ans.${code}`, `${code} is ${spelt} (${word[1]}, section 7), which every profile reads the same; an ans code cannot take it`);
  }
  // The readback levels are closed (section 3.1) and named `rb` where enums are listed (the
  // legend's `rb:` line): a profile's own `rb` enum would be a second, different list of that name.
  if (file.enums && Object.hasOwn(file.enums, "rb")) {
    push("PROFILE_REDEFINES_CORE", "enums.rb", "rb names the readback levels (echo all acc plan exec), which are closed; a profile cannot define an enum of that name");
  }
  const enumNames = new Set([...core.enums.keys(), ...defined.keys()]);

  // A list names each thing once: `exec: {"PAY": ["amt", "amt"]}` printed `PAY amt amt` in the
  // legend and failed tier 5 twice for one missing slot, a rule's `require` twice refused a line twice.
  const once = (list: readonly string[] | undefined, path: string): void => {
    const named = new Set<string>();
    for (const name of list ?? []) {
      if (named.has(name)) push("PROFILE_SCHEMA", path, `${name} is named twice in ${path}; a list names each once`);
      named.add(name);
    }
  };
  once(file.agents, "agents");
  once(file.asks_used, "asks_used");
  for (const [ask, keys] of Object.entries(file.exec ?? {})) once(keys, `exec.${ask}`);
  (file.slots ?? []).forEach((slot, i) => once(slot.on, `slots.${i}.on`));
  (file.translation ?? []).forEach((rule, i) => {
    once(rule.on, `translation.${i}.on`);
    once(rule.when?.item_ns, `translation.${i}.when.item_ns`);
    once(rule.when?.has, `translation.${i}.when.has`);
    once(rule.require, `translation.${i}.require`);
    once(rule.sum?.parts, `translation.${i}.sum.parts`);
    // parts + total = total holds only when the other parts are zero: a sum that checks nothing the
    // line's other slots do not, most likely a part or the total misnamed (README note 191).
    if (rule.sum?.parts.includes(rule.sum.total)) {
      push("PROFILE_SCHEMA", `translation.${i}.sum`, `${rule.sum.total} is both a part and the total of the sum, which could then hold only when the other parts are zero; a sum's total is not one of its parts`);
    }
  });

  // Slots: new keys, real types, defined enums.
  const slotKeys = new Set<string>();
  (file.slots ?? []).forEach((slot, i) => {
    const path = `slots.${i}`;
    if (Object.hasOwn(CORE_SLOTS, slot.key)) return push("PROFILE_REDEFINES_CORE", `${path}.key`, `${slot.key} is a core slot; a profile cannot redefine it`);
    // A finding's slot names either, and the line's parts and the form's fields are the core's.
    if (_FIELDS_NOT_SLOTS.has(slot.key)) return push("PROFILE_REDEFINES_CORE", `${path}.key`, `${slot.key} is a field of every message (section 6: v type id slots tail); a profile cannot define a slot of that name`);
    if (slot.key.startsWith("x_")) return push("PROFILE_SCHEMA", `${path}.key`, "x_ keys are the extension namespace; a profile names its slots without it");
    if (slotKeys.has(slot.key)) return push("PROFILE_SCHEMA", `${path}.key`, `slot ${slot.key} is defined twice`);
    slotKeys.add(slot.key);
    const type = parseSlotType(slot.type);
    const element = type === null ? null : type.kind === "list" ? type.of : type;
    // The core's own kinds (a readback level, a digest, a constraint ...) carry core rules that mean
    // nothing on a profile's slot: a profile takes section 7's types only.
    if (element === null || CORE_ONLY_KINDS.has(element.kind)) {
      // An int range says what a range may be: the bounds' shape and order are what went wrong.
      const range = /^(?:list:)?int:/.test(slot.type) ? "; an int range is int:<lo>-<hi>, whole numbers of at most 15 digits, lo not above hi, either may be negative (int:-10-10, int:-20--5)" : "";
      return push("PROFILE_SCHEMA", `${path}.type`, `'${slot.type}' is not a slot type (token ref enum:<name> list:<type> int:<lo>-<hi> date time days bool money num msgid agent)${range}`);
    }
    if (element.kind === "enum" && !enumNames.has(element.name)) push("PROFILE_REFERENCE", `${path}.type`, `type ${slot.type} names enum ${element.name}, which is neither core nor defined by the profile`);
  });
  // A refused redefinition (a core slot, item, a field) defines nothing: a rule naming the key is
  // judged by the core's slot, or every finding after the refusal would rest on a slot that is not.
  const slotOf = (key: string) => (slotKeys.has(key) ? (file.slots ?? []).find((s) => s.key === key) : undefined);
  const isSlot = (key: string): boolean => key === "item" || core.slots.has(key) || slotKeys.has(key);
  const on = (key: string): readonly string[] => slotOf(key)?.on ?? [...(core.slots.get(key)?.on ?? [])];
  // Codes are read as written, in any case (note 15): an ask named in a case no table defines it in
  // is refused, and the finding names the case twin the author most likely meant (_caseTwin). Slot
  // keys and enum names have one case by their format ([a-z][a-z0-9_]*), so theirs cannot occur.
  const coreAsks = [...(core.enums.get("ask")?.keys() ?? [])];

  // Each name once below: a name listed twice is one finding above (once), and its reference is one fault.
  for (const ask of new Set(file.asks_used)) {
    if (!core.enums.get("ask")?.has(ask)) push("PROFILE_REFERENCE", "asks_used", `${ask} is not a core ask${_caseTwin(ask, coreAsks)}: asks_used lists the core asks the domain needs`);
  }
  for (const [ask, keys] of Object.entries(file.exec ?? {})) {
    const path = `exec.${ask}`;
    if (!core.enums.get("ask")?.has(ask) && !defined.get("ask")?.has(ask)) push("PROFILE_REFERENCE", path, `${ask} is not an ask of the core or the profile${_caseTwin(ask, [...coreAsks, ...(defined.get("ask") ?? [])])}`);
    // An ask with execution slots is one the domain needs; the lean legend keeps only the core asks in asks_used.
    else if (core.enums.get("ask")?.has(ask) && file.asks_used !== undefined && !file.asks_used.includes(ask)) {
      push("PROFILE_REFERENCE", path, `${ask} is a core ask that asks_used leaves out; an ask with execution slots is one the domain needs, so list it there`);
    }
    for (const key of new Set(keys)) {
      if (!isSlot(key)) push("PROFILE_REFERENCE", path, `slot ${key} is not defined`);
      // A readback answers these with the HO's id, to and from, so it could never carry the HO's values.
      else if (key === "re" || key === "from" || key === "to") push("PROFILE_REFERENCE", path, `${key} cannot be an execution slot: a readback answers re, from and to (with the HO's id, to and from) rather than echoing them`);
      else if (key !== "item" && !(on(key).includes("RB") && on(key).includes("DN"))) {
        push("PROFILE_REFERENCE", path, `execution slot ${key} must be defined on RB and DN (the readback and the done report carry it)`);
      }
    }
  }
  // Section 5.4 reverses a done report that does not match its plan with `ask=UNDO`: a profile
  // with execution slots needs UNDO, and a lean legend without it could not say how (README note 51).
  if (file.asks_used !== undefined && !file.asks_used.includes("UNDO") && Object.keys(file.exec ?? {}).length > 0) {
    push("PROFILE_REFERENCE", "asks_used", "asks_used leaves out UNDO, but the profile names execution slots: a done report that does not match its plan is reversed with ask=UNDO (section 5.4), so list it there");
  }
  for (const key of Object.keys(file.ckeys ?? {})) {
    if (core.constraintKeys.has(key)) push("PROFILE_REDEFINES_CORE", `ckeys.${key}`, `${key} is a core constraint key`);
  }
  // One spelling names one fact: in a second group it would be taken from the first, silently.
  const grouped = new Map<string, number>();
  (file.aliases ?? []).forEach((group, i) => {
    for (const spelling of group) {
      if (core.aliases.has(spelling)) push("PROFILE_REDEFINES_CORE", `aliases.${i}`, `${spelling} already names ${core.aliases.get(spelling)} in the core alias table`);
      else if (grouped.has(spelling)) push("PROFILE_SCHEMA", `aliases.${i}`, `${spelling} is already in aliases.${grouped.get(spelling)}; a spelling names one fact, so it is in one group, once`);
      else grouped.set(spelling, i);
    }
  });

  // Translation rules: defined slots, money sums, shapes that compile.
  const enums = new Map<string, ReadonlyMap<string, unknown>>(core.enums);
  for (const [name, codes] of defined) enums.set(name, new Map([...(core.enums.get(name)?.keys() ?? []), ...codes].map((c) => [c, c])));
  const ids = new Set<string>();
  (file.translation ?? []).forEach((rule, i) => {
    const path = `translation.${i}`;
    if (ids.has(rule.id)) push("PROFILE_SCHEMA", `${path}.id`, `rule id ${rule.id} is used twice`);
    ids.add(rule.id);
    // A slot the rule names in two places (when.has and require, a part and the total) is one name.
    const sum = new Set(rule.sum ? [...rule.sum.parts, rule.sum.total] : []);
    for (const key of new Set([...(rule.when?.has ?? []), ...(rule.require ?? []), ...Object.keys(rule.shape ?? {}), ...sum])) {
      if (!isSlot(key)) push("PROFILE_REFERENCE", path, `rule ${rule.id} names slot ${key}, which is not defined`);
    }
    // A rule applies to its types that take every slot of when.has; each slot it requires must be
    // one those types take, or every such message would be refused for a slot it cannot carry.
    const has = rule.when?.has ?? [];
    if (has.every(isSlot)) {
      const types = rule.on ?? MESSAGE_TYPES;
      const applies = types.filter((t) => has.every((k) => on(k).includes(t)));
      if (applies.length === 0) push("PROFILE_REFERENCE", `${path}.when`, `rule ${rule.id} applies to nothing: no type it is on (${types.join(" ")}) takes every slot of when.has`);
      for (const key of new Set((rule.require ?? []).filter(isSlot))) {
        const cannot = applies.filter((t) => !on(key).includes(t));
        if (cannot.length > 0) push("PROFILE_REFERENCE", `${path}.require`, `rule ${rule.id} requires ${key} on ${cannot.join(" ")}, which does not take it: every such message would be refused`);
      }
    }
    for (const key of sum) {
      if (isSlot(key) && slotOf(key)?.type !== "money") push("PROFILE_REFERENCE", `${path}.sum`, `a sum adds money slots, and ${key} is not one`);
    }
    for (const [slot, template] of Object.entries(rule.shape ?? {})) {
      const pattern = compileShape(template, enums);
      if (!(pattern instanceof RegExp)) push(pattern.code, `${path}.shape.${slot}`, pattern.reason);
    }
  });
  return out;
}

/** Checks an untrusted profile file: its shape, then every rule a schema cannot express. */
export function checkProfile(core: Vocabulary, profile: unknown): Result<ProfileFile> {
  if (core.profile !== null) throw new TypeError("checkProfile: the first argument must be the core vocabulary");
  const fail = (findings: Finding[]): Result<ProfileFile> => ({ ok: false, value: null, findings });
  if (profile === null || typeof profile !== "object" || Array.isArray(profile)) {
    return fail([finding("PROFILE_SCHEMA", "a profile is a JSON object", { path: "" })]);
  }
  const reserved = _reservedKeys(profile);
  if (reserved.length > 0) return fail(reserved.map((path) => finding("PROFILE_SCHEMA", `${path}: this key is reserved`, { path })));
  const removed = removals(profile as Record<string, unknown>);
  if (removed.length > 0) return fail(removed);
  const parsed = v.safeParse(profileSchema, profile, UNWORDED);
  if (!parsed.success) return fail(schemaFindings(parsed.issues));
  const problems = semanticFindings(core, parsed.output);
  return problems.length > 0 ? fail(problems) : { ok: true, value: parsed.output, findings: [] };
}

/**
 * Checks a profile file and compiles the core plus it into the vocabulary a `p=<profile>` line is
 * read against. `profile` is untrusted JSON; every problem is a finding, nothing throws.
 */
export function compileVocabulary(core: Vocabulary, profile: unknown): Result<Vocabulary> {
  const checked = checkProfile(core, profile);
  if (!checked.ok) return { ok: false, value: null, findings: checked.findings };
  return { ok: true, value: extendVocabulary(core, checked.value), findings: [] };
}
