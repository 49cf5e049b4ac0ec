/**
 * The legend (spec section 7, last paragraph): the text a model reads to speak RW1 with no library
 * on its side. Generated from the vocabulary, so it can never disagree with the validator. Each
 * section is one line per entry in a fixed shape (`TYPE meaning | required | optional`, `name: CODE meaning, ...`), plain
 * enough for a model and regular enough for a machine to read back. Every word costs tokens on
 * every conversation, so meanings are as short as they can be while still saying what a code is for.
 */
import { meaningsOf } from "./meanings.js";
import type { Meanings } from "./meanings.js";
import type { TranslationRule } from "./translation.js";
import type { Vocabulary } from "./vocabulary-model.js";
import type { MessageType } from "./vocabulary.js";
import { MESSAGE_TYPES, READBACK_LEVELS, TAIL_MAX, VERSION } from "./vocabulary.js";

export interface LegendOptions {
  /** Drop the comprehension-readback keys and the core asks the profile does not use (section 7). */
  readonly lean?: boolean;
}

const WIRE = [
  `${VERSION} TYPE id key=value ... // tail`,
  `single spaces; value after first =; id from-n; keys a-z0-9_ (x_ free); lists a+b; tail max ${TAIL_MAX} chars, more in art=`,
];

/** Slots a team that reads back by envelope echo alone never uses (section 7, --lean). */
const COMPREHENSION_SLOTS = new Set(["keys", "acc", "do", "not", "asm"]);
const COMPREHENSION_LEVELS = new Set(["acc", "plan"]);

function rules(vocabulary: Vocabulary): string[] {
  const profile = vocabulary.profile === null ? "" : ` Use p=${vocabulary.name} with ${vocabulary.name} codes.`;
  return [
    "Read back every HO; it is yours once the RB passes.",
    "Never guess: reply UN why=UNK (version: VER) naming the unknown code or type in the tail.",
    `Replies carry re=. Facts go in slots, not only the tail.${profile}`,
    "Every HO closes once: DN UN FL, or the sender's CX (answered AN val=Y, or DN if done).",
  ];
}

/** The RB's own optional slots, then the rest in one phrase: an RB may echo whatever the HO carries. */
function optionalSlots(vocabulary: Vocabulary, t: MessageType, lean: boolean): string {
  const keep = (k: string): boolean => !(lean && COMPREHENSION_SLOTS.has(k));
  const optional = vocabulary.base.types[t].optional.filter(keep);
  if (t !== "RB") return optional.join(" ");
  const handoff = new Set(vocabulary.base.types.HO.optional);
  return `${optional.filter((k) => !handoff.has(k)).join(" ")}, any HO slot`;
}

/**
 * The slots every type requires (`from to`) are said once, in the header, not in every row: nine
 * rows times two slot names is about a dozen tokens on every conversation.
 */
function types(vocabulary: Vocabulary, words: Meanings, lean: boolean): string[] {
  const common = vocabulary.types.HO.required.filter((k) => MESSAGE_TYPES.every((t) => vocabulary.types[t].required.includes(k)));
  const out = [`TYPES${common.length > 0 ? ` (all need ${common.join(" ")})` : ""}: meaning | required | optional`];
  for (const t of MESSAGE_TYPES) {
    const def = vocabulary.types[t];
    const optional = optionalSlots(vocabulary, t, lean);
    const own = def.required.filter((k) => !common.includes(k));
    const conditional = words.conditional[t];
    const required = own.join(" ") + (conditional === undefined ? "" : ` (${plain(conditional)})`);
    out.push(`${t} ${plain(words.types[t])} | ${required} | ${optional}`);
  }
  return out;
}

/** The formats of the value types whose shape a model cannot guess, printed where the type is first named. */
const FORMATS: Readonly<Record<string, string>> = { date: "YYYYMMDD", time: "YYYYMMDDTHHMMZ UTC", bool: "Y N", money: "5400.00", num: "12.5 or 140/90", days: "whole number" };

/** The readback levels' type: `rb` is printed with its levels, under ENUMS, like an enum slot. */
const RB_LEVELS = "list:rblevel";

/**
 * Slots grouped by type, so each type is stated once (`date YYYYMMDD: due needed by, by answer by`),
 * and a list type on its element type's line (`ref: item the work item; list: art artifacts`).
 * Slots of an enum type are not here: each is named in the header of its enum's line under ENUMS.
 */
function slots(vocabulary: Vocabulary, words: Meanings, lean: boolean): string[] {
  const groups = new Map<string, string[]>();
  const on = new Map<string, string[]>();
  for (const def of vocabulary.slots.values()) {
    if (lean && COMPREHENSION_SLOTS.has(def.key)) continue;
    if (def.type.kind !== "enum" && def.type.text !== RB_LEVELS) groups.set(def.type.text, [...(groups.get(def.type.text) ?? []), `${def.key} ${listed(words.slots.get(def.key) ?? "")}`.trim()]);
    if (def.origin !== VERSION) {
      const where = [...def.on].join(" ");
      on.set(where, [...(on.get(where) ?? []), def.key]);
    }
  }
  const out = ["SLOTS"];
  // A type named like an enum (the core's type `time`, clin's enum and slot `time`) is headed
  // `type time`, or two lines would start with `time`, one under ENUMS: only then, as every word
  // costs tokens. A slot named like a type (pay's `ref`) is never a line's first word here.
  const named = (type: string): string => (vocabulary.enums.has(type) ? `type ${type}` : type);
  for (const [type, entries] of groups) {
    const element = type.startsWith("list:") ? type.slice("list:".length) : null;
    if (element !== null && groups.has(element)) continue;
    const lists = groups.get(`list:${type}`);
    // A list on its own line (no slot of its element type beside it) takes its element's format.
    const format = FORMATS[element ?? type];
    out.push(`${named(type)}${format === undefined ? "" : ` ${format}`}: ${entries.join(", ")}${lists === undefined ? "" : `; list: ${lists.join(", ")}`}`);
  }
  if (on.size > 0) out.push(profileSlotsOn(vocabulary.name, on));
  return out;
}

/**
 * Where a profile's slots go, said once for the types most of them share and then for each
 * exception (`pay slots on HO RB DN ST (prev: RB DN)`): every slot is already named under its type.
 */
function profileSlotsOn(name: string, on: ReadonlyMap<string, readonly string[]>): string {
  const groups = [...on].sort(([, a], [, b]) => b.length - a.length);
  const [[where], ...rest] = groups as [[string, readonly string[]], ...(readonly [string, readonly string[]])[]];
  const exceptions = rest.map(([types, keys]) => `${keys.join(" ")}: ${types}`).join("; ");
  return `${name} slots on ${where}${exceptions === "" ? "" : ` (${exceptions})`}`;
}

/**
 * No text may carry the separators its line is read by: `|` in TYPES, `,` and `;` in lists; nor
 * break its line: white space and control characters (NEL, which many readers take for a line
 * break, NUL, ESC) become one space.
 */
const plain = (text: string): string => text.replace(/\|/g, "/").replace(/[\s\p{Cc}]+/gu, " ").trim();
const listed = (text: string): string => plain(text.replace(/\s*[;,]\s*/g, " - "));
/**
 * An enum line's header ends at its first `: `, so a meaning in it cannot hold one: not after
 * `listed` (whose ` - ` can follow a colon, `a:,b`), nor at its end (a note's space or the
 * header's own `: ` follows). Its notes are in parentheses (`(all ISO 4217 currency)`, `ans`'s),
 * so a meaning in it holds brackets instead.
 */
const headed = (text: string): string => listed(text).replace(/:+(\s+|$)/g, " - ").trim().replace(/\(/g, "[").replace(/\)/g, "]");

/**
 * The header of an enum's line: its name, then the slots that take it, each with its meaning
 * (`ask what to do, next suggested next`). The slot named like the enum comes first and says so by
 * having a meaning; an enum no slot of its own name takes stands bare (`ans`, `rb`).
 */
function enumHeader(vocabulary: Vocabulary, words: Meanings, name: string): string {
  const parts = [name];
  for (const def of vocabulary.slots.values()) {
    if (def.type.kind !== "enum" || def.type.name !== name) continue;
    const meaning = words.slots.get(def.key) ?? "";
    if (def.key === name) parts[0] = `${name} ${headed(meaning) || "slot"}`;
    else parts.push(`${def.key} ${headed(meaning)}`.trim());
  }
  return parts.join(", ");
}

/**
 * `header: CODE meaning, CODE meaning`: the code is always the first word. A code whose meaning is
 * its own name stands alone (`PLAN`); an enum whose codes all mean one thing says it once, in the
 * header (`cur currency (all ISO 4217 currency): GBP EUR USD`). An enum with no codes to print has
 * no `: ` and says so (`ask what to do, next suggested next (no codes listed)`).
 */
function enumLine(header: string, note: string, entries: readonly (readonly [string, string])[]): string {
  // A lean `ask` whose asks_used is empty, with no asks of the profile's own: said, not an empty list.
  if (entries.length === 0) return `${header}${note} (no codes listed)`;
  const meanings = new Set(entries.map(([, m]) => m));
  const [shared] = meanings;
  if (entries.length > 1 && meanings.size === 1 && shared !== undefined) return `${header} (all ${headed(shared)})${note}: ${entries.map(([c]) => c).join(" ")}`;
  const codes = entries.map(([code, m]) => (m === "" || m.toLowerCase() === code.toLowerCase() ? code : `${code} ${listed(m)}`));
  return `${header}${note}: ${codes.join(", ")}`;
}

function enums(vocabulary: Vocabulary, words: Meanings, lean: boolean): string[] {
  const out = ["ENUMS"];
  const used = vocabulary.asksUsed === null ? null : new Set(vocabulary.asksUsed);
  for (const [name, codes] of vocabulary.enums) {
    const entries = [...codes].filter(([code, c]) => !(lean && name === "ask" && used !== null && c.origin === VERSION && !used.has(code)));
    // Section 7: a profile's `ans` closes AQ opts and AN val; an AN val may also be tail, Y, N, a
    // number or a date, an AQ's opts may not ("also" after both read as if opts could be Y or N).
    const note = name === "ans" ? " (AQ opts; AN val or Y N number date tail)" : "";
    const meaning = words.enums.get(name);
    out.push(enumLine(enumHeader(vocabulary, words, name), note, entries.map(([code]) => [code, meaning?.get(code) ?? ""] as const)));
  }
  const levels = READBACK_LEVELS.filter((level) => !(lean && COMPREHENSION_LEVELS.has(level))).map((level) => [level, words.readbackLevels.get(level) ?? ""] as const);
  const rb = [...vocabulary.slots.values()].find((def) => def.type.text === RB_LEVELS);
  out.push(enumLine(rb === undefined ? "rb" : `rb ${headed(words.slots.get(rb.key) ?? "")}`.trim(), "", levels));
  return out;
}

function criteria(vocabulary: Vocabulary, words: Meanings): string[] {
  const single = [...vocabulary.constraintKeys].filter(([, k]) => !k.set);
  const set = [...vocabulary.constraintKeys].filter(([, k]) => k.set);
  const named = ([key]: readonly [string, unknown]): string => {
    const meaning = words.constraintKeys.get(key) ?? "";
    return key === meaning ? key : `${key} ${listed(meaning)}`;
  };
  const aliases = new Map<string, string[]>();
  for (const [spelling, canonical] of vocabulary.aliases) if (spelling !== canonical) aliases.set(canonical, [...(aliases.get(canonical) ?? []), spelling]);
  return [
    "CRITERIA (acc=key:value+..., keys= names the keys to report)",
    `once: ${single.map(named).join(", ")}`,
    `may repeat: ${set.map(named).join(", ")}`,
    `equal: ${[...aliases].map(([canonical, others]) => [canonical, ...others].join("=")).join(" ")}`,
  ];
}

function profileSection(vocabulary: Vocabulary, lean: boolean): string[] {
  if (vocabulary.profile === null) return [];
  // The version and the rules' descs are the profile's own text: one line each, like every meaning.
  const out = [`PROFILE ${vocabulary.name} ${plain(vocabulary.profile.version)}`];
  if (vocabulary.exec.size > 0) out.push(`exec slots (rb=exec, DN): ${[...vocabulary.exec].map(([ask, keys]) => `${ask} ${keys.join(" ")}`).join("; ")}`);
  if (vocabulary.agents !== null) out.push(`agents: ${[...vocabulary.agents, "human"].join(" ")}`);
  // Lean keeps each rule's desc and leaves out what the validator holds a line to, which it
  // restates: with it the pay legend is 946 tokens against lean's 900 (issue 4), without it 900.
  for (const r of vocabulary.translation) out.push(lean ? plain(r.desc) : ruleLine(r));
  return out;
}

/** A shape's placeholders as the spec writes them (`doc:<id>#l<n>`, `<kind>:<id>`). */
const placeholders = (template: string): string => template.replace(/\{(?:enum:)?([a-z][a-z0-9_]*)\}/g, "<$1>");

/**
 * A translation rule: its desc, then what the validator holds a line to, read from the rule itself
 * (`an invoice line carries amt cur kind (ST, item inv:; needs amt cur kind)`). The desc is the
 * profile's own words and need not say when the rule applies (which item namespaces are "a source
 * document") or all it checks, and a model reading the legend alone cannot guess either. A rule
 * that checks nothing is refused (README note 187), so the parentheses always name a check.
 */
function ruleLine(r: TranslationRule): string {
  const checks: string[] = [];
  const needs = [...r.require, ...(r.tail ? ["tail"] : [])];
  if (needs.length > 0) checks.push(`needs ${needs.join(" ")}`);
  const shapes = r.shapes.map((s) => `${s.slot}=${plain(placeholders(s.template))}`);
  if (r.sum !== null) shapes.push(`${r.sum.parts.join("+")}=${r.sum.total}`);
  if (shapes.length > 0) checks.push(shapes.join(" "));
  const scope: string[] = [];
  if (r.on !== null) scope.push([...r.on].join(" "));
  if (r.itemNamespaces !== null) scope.push(`item ${[...r.itemNamespaces].map((ns) => `${ns}:`).join(" ")}`);
  if (r.has.length > 0) scope.push(`with ${r.has.join(" ")}`);
  return `${plain(r.desc)} (${[...(scope.length > 0 ? [scope.join(", ")] : []), ...checks].join("; ")})`;
}

/** The legend for a vocabulary (the core, or the core plus one profile). */
export function legend(vocabulary: Vocabulary, options: LegendOptions = {}): string {
  const lean = options.lean === true;
  const words = meaningsOf(vocabulary);
  const sections = [[...WIRE, ...rules(vocabulary)], types(vocabulary, words, lean), slots(vocabulary, words, lean), enums(vocabulary, words, lean), lean ? [] : criteria(vocabulary, words), profileSection(vocabulary, lean)];
  return sections.filter((s) => s.length > 0).map((s) => s.join("\n")).join("\n\n");
}
