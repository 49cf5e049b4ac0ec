/**
 * A reader of the legend that knows nothing of the core: it recovers the vocabulary from the
 * legend's text alone, by the shapes README note 30 gives each section. Shared by the legend's
 * example tests (core and the shipped profiles) and its property test (any profile).
 */
import { expect } from "vitest";
import { MESSAGE_TYPES, READBACK_LEVELS } from "../core/index.js";
import type { Vocabulary } from "../core/index.js";

/** The slots `--lean` drops (section 7). */
export const COMPREHENSION = new Set(["keys", "acc", "do", "not", "asm"]);

/** Whether `w` stands in `text` as a word between the legend's separators. */
export const word = (text: string, w: string): boolean => new RegExp(`(^|[\\s(,;:|=+])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[\\s),;:|=+])`, "m").test(text);

export interface ReadBack {
  /** Each type's required slots (the header's `all need` first). */
  readonly types: Map<string, string[]>;
  /** Each slot's type, from its group under SLOTS or from the head of its enum's line. */
  readonly slots: Map<string, string>;
  /** Each enum's codes. */
  readonly enums: Map<string, string[]>;
  /** Where each profile slot goes: the shared placement, or the slot's exception; null without the line. */
  readonly on: { readonly shared: string; readonly exceptions: Map<string, string> } | null;
}

export function teachBack(text: string): ReadBack {
  const types = new Map<string, string[]>();
  const slots = new Map<string, string>();
  const enums = new Map<string, string[]>();
  let on: ReadBack["on"] = null;
  const sections = text.split("\n\n");
  // The last section, `PROFILE pay 0.1`, names the profile; the core's legend has none.
  const profile = /^PROFILE (\S+)/.exec(sections.at(-1) ?? "")?.[1] ?? null;
  for (const section of sections) {
    const [title, ...lines] = section.split("\n");
    if (title?.startsWith("TYPES")) {
      // `TYPES (all need from to): ...` names the slots every type requires once.
      const common = /^TYPES \(all need ([^)]*)\)/.exec(title)?.[1]?.split(" ") ?? [];
      for (const line of lines) {
        const [head, required] = line.split(" | ");
        const code = (head as string).split(" ")[0] as string;
        // Conditions in parentheses are not required slots.
        types.set(code, [...common, ...(required as string).replace(/\(.*\)/, "").split(" ").filter((t) => t !== "")]);
      }
    }
    if (title?.startsWith("SLOTS")) {
      // `type[ format]: key meaning, ...[; list: key meaning, ...]`, the slots after `; list:` of
      // the list type of the line's type; the line saying where a profile's slots go starts with
      // the profile's name (`pay slots on HO RB DN ST (prev: RB DN; ...)`) and names no type.
      for (const line of lines) {
        if (profile !== null && line.startsWith(`${profile} slots on `)) {
          const [, shared, exceptions] = /^\S+ slots on ([A-Z ]+?)(?: \((.*)\))?$/.exec(line) as RegExpExecArray;
          const map = new Map<string, string>();
          for (const part of exceptions?.split("; ") ?? []) {
            const [keys, where] = part.split(": ") as [string, string];
            for (const key of keys.split(" ")) map.set(key, where);
          }
          on = { shared: shared as string, exceptions: map };
          continue;
        }
        // `type time ...: `: a type named like a slot or an enum is headed by the word `type`.
        const colon = line.indexOf(": ");
        const head = line.slice(0, colon).split(" ");
        const type = (head[0] === "type" ? head[1] : head[0]) as string;
        const [scalars, lists] = line.slice(colon + 2).split("; list: ") as [string, string | undefined];
        for (const group of scalars.split(", ")) slots.set(group.split(" ")[0] as string, type);
        for (const group of lists?.split(", ") ?? []) slots.set(group.split(" ")[0] as string, `list:${type}`);
      }
    }
    if (title?.startsWith("ENUMS")) {
      // `name[ meaning][, slot meaning]...[ (note)]: CODE meaning, ...`. The enum's own slot is there
      // when a meaning follows the name; other slots that take it follow after commas. With `(all
      // meaning)` in the header every code means that, and the codes are listed bare.
      for (const line of lines) {
        // A line with no `: ` names an enum with no codes printed (a lean `ask` whose asks_used is empty).
        const colon = line.indexOf(": ");
        const header = colon < 0 ? line : line.slice(0, colon);
        const body = colon < 0 ? "" : line.slice(colon + 2);
        const groups = header.replace(/\s*\([^)]*\)/g, "").split(", ");
        const [name, ...meaning] = (groups[0] as string).split(" ") as [string, ...string[]];
        // The readback levels' line is headed by the slot that lists them, `rb`.
        if (meaning.length > 0) slots.set(name, name === "rb" ? "list:rblevel" : `enum:${name}`);
        for (const group of groups.slice(1)) slots.set(group.split(" ")[0] as string, `enum:${name}`);
        const shared = /\(all [^)]*\)/.test(header);
        const codes = shared ? body.split(" ") : body.split(", ").map((group) => group.split(" ")[0] as string);
        enums.set(name, codes.filter((c) => c !== ""));
      }
    }
  }
  return { types, slots, enums, on };
}

/** The text a legend prints for a profile's free text: one line, `|` as `/` (core/legend's `plain`). */
export const oneLine = (text: string): string => text.replace(/\|/g, "/").replace(/[\s\p{Cc}]+/gu, " ").trim();

/** The full legend names every type, slot, enum, code, constraint key, rule and exec map. */
export function expectComplete(vocabulary: Vocabulary, text: string): void {
  for (const t of MESSAGE_TYPES) expect(word(text, t), t).toBe(true);
  for (const key of vocabulary.slots.keys()) expect(word(text, key), key).toBe(true);
  for (const [enumName, codes] of vocabulary.enums) {
    expect(word(text, enumName), enumName).toBe(true);
    for (const code of codes.keys()) expect(word(text, code), `${enumName} ${code}`).toBe(true);
  }
  for (const key of vocabulary.constraintKeys.keys()) expect(word(text, key), key).toBe(true);
  for (const r of vocabulary.translation) expect(text).toContain(oneLine(r.desc));
  for (const [ask, slots] of vocabulary.exec) expect(text).toContain(`${ask} ${slots.join(" ")}`);
}

/** The core asks the lean legend keeps: all of them without `asks_used`, else those it lists. */
export function leanKeepsAsk(vocabulary: Vocabulary, code: string): boolean {
  const c = vocabulary.enums.get("ask")?.get(code);
  return vocabulary.asksUsed === null || c?.origin !== "RW1" || vocabulary.asksUsed.includes(code);
}

/** The lean legend keeps everything but the comprehension slots, CRITERIA and the unused core asks. */
export function expectLeanComplete(vocabulary: Vocabulary, text: string): void {
  expect(text).not.toContain("CRITERIA");
  for (const key of vocabulary.slots.keys()) if (!COMPREHENSION.has(key)) expect(word(text, key), key).toBe(true);
  // The ask line's codes as the reader takes them: a dropped code may still be a word in a meaning.
  const asks = teachBack(text).enums.get("ask") ?? [];
  for (const code of vocabulary.enums.get("ask")?.keys() ?? []) expect(asks.includes(code), code).toBe(leanKeepsAsk(vocabulary, code));
  for (const r of vocabulary.translation) expect(text).toContain(oneLine(r.desc));
  for (const [ask, slots] of vocabulary.exec) {
    expect(text).toContain(`${ask} ${slots.join(" ")}`);
    // An ask the exec line names is one the lean legend defines.
    expect(asks.includes(ask), `exec ${ask}`).toBe(true);
  }
}

/**
 * The reader recovers, from the legend alone, the vocabulary's types and their required slots,
 * every slot and its type, every enum's codes, the readback levels and where each profile slot
 * goes; for `lean`, less exactly what `--lean` drops.
 */
export function expectReadsBack(vocabulary: Vocabulary, text: string, lean: boolean): void {
  const back = teachBack(text);
  expect([...back.types.keys()]).toStrictEqual([...MESSAGE_TYPES]);
  // As sets: the header's `from to` come first when read back, and slot order carries no meaning.
  for (const t of MESSAGE_TYPES) expect(new Set(back.types.get(t)), t).toStrictEqual(new Set(vocabulary.types[t].required));
  for (const [enumName, codes] of vocabulary.enums) {
    const kept = [...codes.keys()].filter((code) => !lean || enumName !== "ask" || leanKeepsAsk(vocabulary, code));
    expect(new Set(back.enums.get(enumName)), enumName).toStrictEqual(new Set(kept));
  }
  const levels = READBACK_LEVELS.filter((level) => !lean || (level !== "acc" && level !== "plan"));
  expect(back.enums.get("rb"), "rb").toStrictEqual(levels);
  const slots = [...vocabulary.slots.values()].filter((def) => !lean || !COMPREHENSION.has(def.key));
  expect(new Set(back.slots.keys())).toStrictEqual(new Set(slots.map((def) => def.key)));
  for (const def of slots) expect(back.slots.get(def.key), def.key).toBe(def.type.text);
  const own = slots.filter((def) => def.origin !== "RW1");
  if (own.length === 0) expect(back.on).toBeNull();
  // `pay slots on HO RB DN ST (prev: RB DN; ...)`: the shared placement, then each exception.
  for (const def of own) expect(back.on?.exceptions.get(def.key) ?? back.on?.shared, def.key).toBe([...def.on].join(" "));
}
