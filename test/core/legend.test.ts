import { describe, expect, it } from "vitest";
import { coreVocabulary, legend, MESSAGE_TYPES } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const all: [string, Vocabulary][] = [["core", coreVocabulary], ...Object.entries(vocabularies())];
const COMPREHENSION = new Set(["keys", "acc", "do", "not", "asm"]);
const word = (text: string, w: string): boolean => new RegExp(`(^|[\\s(,;:|=+])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[\\s),;:|=+])`, "m").test(text);

/** A reader that knows nothing of the core: it recovers the vocabulary from the legend's text alone. */
function teachBack(text: string): { types: Map<string, string[]>; slots: Map<string, string>; enums: Map<string, string[]> } {
  const types = new Map<string, string[]>();
  const slots = new Map<string, string>();
  const enums = new Map<string, string[]>();
  const sections = text.split("\n\n");
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
      // `type[ format]: key meaning, ...`; the line saying where a profile's slots go names no type.
      for (const line of lines) {
        if (line.includes(" slots on ")) continue;
        const colon = line.indexOf(": ");
        const type = line.slice(0, colon).split(" ")[0] as string;
        for (const group of line.slice(colon + 2).split(", ")) slots.set(group.split(" ")[0] as string, type);
      }
    }
    if (title?.startsWith("ENUMS")) {
      // `name[ meaning][, slot meaning]...[ (note)]: CODE meaning, ...`. The enum's own slot is there
      // when a meaning follows the name; other slots that take it follow after commas. With `(all
      // meaning)` in the header every code means that, and the codes are listed bare.
      for (const line of lines) {
        const colon = line.indexOf(": ");
        const header = line.slice(0, colon);
        const body = line.slice(colon + 2);
        const groups = header.replace(/\s*\([^)]*\)/g, "").split(", ");
        const [name, ...meaning] = (groups[0] as string).split(" ") as [string, ...string[]];
        if (meaning.length > 0) slots.set(name, `enum:${name}`);
        for (const group of groups.slice(1)) slots.set(group.split(" ")[0] as string, `enum:${name}`);
        const shared = /\(all [^)]*\)/.test(header);
        enums.set(name, shared ? body.split(" ") : body.split(", ").map((group) => group.split(" ")[0] as string));
      }
    }
  }
  return { types, slots, enums };
}

describe("the legend is complete", () => {
  for (const [name, vocabulary] of all) {
    it(`${name}, full: every type, slot and enum code appears`, () => {
      const text = legend(vocabulary);
      for (const t of MESSAGE_TYPES) expect(word(text, t), t).toBe(true);
      for (const key of vocabulary.slots.keys()) expect(word(text, key), key).toBe(true);
      for (const [enumName, codes] of vocabulary.enums) {
        expect(word(text, enumName), enumName).toBe(true);
        for (const code of codes.keys()) expect(word(text, code), `${enumName} ${code}`).toBe(true);
      }
      for (const key of vocabulary.constraintKeys.keys()) expect(word(text, key), key).toBe(true);
      for (const r of vocabulary.translation) expect(text).toContain(r.desc);
      for (const [ask, slots] of vocabulary.exec) expect(text).toContain(`${ask} ${slots.join(" ")}`);
    });
    it(`${name}, lean: everything lean keeps appears, and what it drops does not`, () => {
      const text = legend(vocabulary, { lean: true });
      expect(text).not.toContain("CRITERIA");
      for (const key of vocabulary.slots.keys()) if (!COMPREHENSION.has(key)) expect(word(text, key), key).toBe(true);
      const used = vocabulary.asksUsed === null ? null : new Set(vocabulary.asksUsed);
      for (const [code, c] of vocabulary.enums.get("ask") ?? []) {
        const kept = used === null || c.origin !== "RW1" || used.has(code);
        const askLine = text.split("\n").find((l) => l.startsWith("ask ")) as string;
        expect(word(askLine, code), code).toBe(kept);
      }
    });
  }
});

describe("teach-back: the legend read back by a reader with no library gives the vocabulary", () => {
  for (const [name, vocabulary] of all) {
    it(name, () => {
      const back = teachBack(legend(vocabulary));
      expect([...back.types.keys()]).toStrictEqual([...MESSAGE_TYPES]);
      // As sets: the header's `from to` come first when read back, and slot order carries no meaning.
      for (const t of MESSAGE_TYPES) expect(new Set(back.types.get(t)), t).toStrictEqual(new Set(vocabulary.types[t].required));
      for (const [enumName, codes] of vocabulary.enums) expect(new Set(back.enums.get(enumName)), enumName).toStrictEqual(new Set(codes.keys()));
      expect(new Set(back.slots.keys())).toStrictEqual(new Set(vocabulary.slots.keys()));
      for (const [key, def] of vocabulary.slots) expect(back.slots.get(key), key).toBe(def.type.text);
    });
    it(`${name}: where each profile slot goes is read back from the one line that says it`, () => {
      const own = [...vocabulary.slots.values()].filter((def) => def.origin !== "RW1");
      const line = legend(vocabulary, { lean: true }).split("\n").find((l) => l.includes(" slots on "));
      if (own.length === 0) return expect(line).toBeUndefined();
      // `pay slots on HO RB DN ST (prev: RB DN; ...)`: the shared placement, then each exception.
      const [, shared, exceptions] = /^\S+ slots on ([A-Z ]+?)(?: \((.*)\))?$/.exec(line as string) as RegExpExecArray;
      const on = new Map<string, string>();
      for (const part of exceptions?.split("; ") ?? []) {
        const [keys, types] = part.split(": ") as [string, string];
        for (const key of keys.split(" ")) on.set(key, types);
      }
      for (const def of own) expect(on.get(def.key) ?? shared, def.key).toBe([...def.on].join(" "));
    });
  }
});
