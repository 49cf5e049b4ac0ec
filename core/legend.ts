/**
 * The legend (spec section 7, last paragraph): the text a model reads to speak RW1 with no library
 * on its side. Generated from the vocabulary, so it can never disagree with the validator. Each
 * section is one line per entry in a fixed shape (`NAME: a | b | c`), plain enough for a model and
 * regular enough for a machine to read back.
 */
import type { Vocabulary } from "./vocabulary-model.js";
import { MESSAGE_TYPES, READBACK_LEVELS, TAIL_MAX, VERSION } from "./vocabulary.js";

export interface LegendOptions {
  /** Drop the comprehension-readback keys and the core asks the profile does not use (section 7). */
  readonly lean?: boolean;
}

const WIRE = [
  `LINE: ${VERSION} TYPE id key=value ... // tail`,
  "single spaces; value after the first =; id <from>-<n>; keys a-z0-9_; x_ keys free; lists a+b",
  `date YYYYMMDD; time YYYYMMDDTHHMMZ UTC; bool Y N; money 5400.00; tail max ${TAIL_MAX} chars, more goes in art=`,
];

/** Slots a team that reads back by envelope echo alone never uses (section 7, --lean). */
const COMPREHENSION_SLOTS = new Set(["keys", "acc", "do", "not", "asm"]);
const COMPREHENSION_LEVELS = new Set(["acc", "plan"]);

function rules(vocabulary: Vocabulary): string[] {
  const profile = vocabulary.profile === null ? "" : ` Lines using ${vocabulary.name} codes carry p=${vocabulary.name}.`;
  return [
    "RULES",
    "1 Read back every HO (RB from the HO as received); it is yours only when the RB passes.",
    "2 Never guess: unknown version, type or code: UN why=UNK (VER: version), naming it in the tail.",
    "3 Every reply carries re=.",
    `4 Facts in slots, not only in the tail.${profile}`,
    "5 Every HO ends once: DN UN FL (receiver) or CX (sender). Answer CX with AN val=Y, or the DN if it ran.",
    "6 A DN after an act carries the tool's values as executed.",
  ];
}

function types(vocabulary: Vocabulary, lean: boolean): string[] {
  const out = ["TYPES (TYPE meaning | required | optional)"];
  for (const t of MESSAGE_TYPES) {
    const def = vocabulary.types[t];
    const optional = vocabulary.base.types[t].optional.filter((k) => !(lean && COMPREHENSION_SLOTS.has(k)));
    const required = def.required.join(" ") + (def.conditional === undefined ? "" : ` (${plain(def.conditional)})`);
    out.push(`${t} ${plain(def.meaning)} | ${required} | ${optional.join(" ")}`);
  }
  return out;
}

/** Slots grouped by type, so each type is stated once: `date: due work needed by, by answer needed by`. */
function slots(vocabulary: Vocabulary, lean: boolean): string[] {
  const groups = new Map<string, string[]>();
  const on = new Map<string, string[]>();
  for (const def of vocabulary.slots.values()) {
    if (lean && COMPREHENSION_SLOTS.has(def.key)) continue;
    const entries = groups.get(def.type.text) ?? [];
    entries.push(`${def.key} ${plain(def.meaning)}`);
    groups.set(def.type.text, entries);
    if (def.origin !== VERSION) {
      const where = [...def.on].join(" ");
      on.set(where, [...(on.get(where) ?? []), def.key]);
    }
  }
  const out = ["SLOTS (type: key meaning, ...)"];
  for (const [type, entries] of groups) out.push(`${type}: ${entries.join(", ")}`);
  if (on.size > 0) out.push(`${vocabulary.name} slots go on: ${[...on].map(([where, keys]) => `${where} (${keys.join(" ")})`).join("; ")}`);
  return out;
}

/** No meaning may carry the separators the legend's lines are read by. */
const plain = (text: string): string => text.replace(/;/g, ",").replace(/\|/g, "/").replace(/\s+/g, " ").trim();

/** `CODE=meaning; ...`, with codes that share a meaning listed together: `GBP EUR USD=currency`. */
function codeList(entries: readonly (readonly [string, string])[]): string {
  const byMeaning = new Map<string, string[]>();
  for (const [code, meaning] of entries) byMeaning.set(meaning, [...(byMeaning.get(meaning) ?? []), code]);
  return [...byMeaning].map(([meaning, codes]) => `${codes.join(" ")}=${plain(meaning)}`).join("; ");
}

function enums(vocabulary: Vocabulary, lean: boolean): string[] {
  const out = ["ENUMS (name: CODE=meaning; ...)"];
  const used = vocabulary.asksUsed === null ? null : new Set(vocabulary.asksUsed);
  for (const [name, codes] of vocabulary.enums) {
    const entries = [...codes].filter(([code, c]) => !(lean && name === "ask" && used !== null && c.origin === VERSION && !used.has(code)));
    out.push(`${name}: ${codeList(entries.map(([code, c]) => [code, c.meaning] as const))}`);
  }
  const levels = Object.entries(READBACK_LEVELS).filter(([level]) => !(lean && COMPREHENSION_LEVELS.has(level)));
  out.push(`rb: ${codeList(levels)}; a slot name adds it`);
  return out;
}

function criteria(vocabulary: Vocabulary): string[] {
  const single = [...vocabulary.constraintKeys].filter(([, k]) => !k.set);
  const set = [...vocabulary.constraintKeys].filter(([, k]) => k.set);
  const aliases = new Map<string, string[]>();
  for (const [spelling, canonical] of vocabulary.aliases) if (spelling !== canonical) aliases.set(canonical, [...(aliases.get(canonical) ?? []), spelling]);
  return [
    "CRITERIA (acc=key:value+...; the HO's keys= lists the keys to report)",
    `once: ${single.map(([key, k]) => `${key} ${k.meaning}`).join("; ")}`,
    `may repeat: ${set.map(([key, k]) => `${key} ${k.meaning}`).join("; ")}`,
    `equal: ${[...aliases].map(([canonical, others]) => [canonical, ...others].join("=")).join(" ")}`,
  ];
}

function profileSection(vocabulary: Vocabulary): string[] {
  if (vocabulary.profile === null) return [];
  const out = [`PROFILE ${vocabulary.name} ${vocabulary.profile.version}`];
  if (vocabulary.exec.size > 0) out.push(`exec (rb=exec; DN as executed): ${[...vocabulary.exec].map(([ask, keys]) => `${ask} ${keys.join(" ")}`).join("; ")}`);
  if (vocabulary.ans !== null) out.push("AQ opts and AN val use ans codes (AN val may also be tail Y N a number or a date)");
  if (vocabulary.agents !== null) out.push(`agents: ${[...vocabulary.agents].join(" ")} human`);
  for (const r of vocabulary.translation) out.push(`rule ${r.id}: ${r.desc}`);
  return out;
}

/** The legend for a vocabulary (the core, or the core plus one profile). */
export function legend(vocabulary: Vocabulary, options: LegendOptions = {}): string {
  const lean = options.lean === true;
  const title = vocabulary.profile === null ? `${VERSION} legend` : `${VERSION} legend, profile ${vocabulary.name}`;
  const sections = [[title, ...WIRE], rules(vocabulary), types(vocabulary, lean), slots(vocabulary, lean), enums(vocabulary, lean), lean ? [] : criteria(vocabulary), profileSection(vocabulary)];
  return sections.filter((s) => s.length > 0).map((s) => s.join("\n")).join("\n\n");
}
