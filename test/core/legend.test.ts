import { describe, expect, it } from "vitest";
import { coreVocabulary, legend, MESSAGE_TYPES } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const all: [string, Vocabulary][] = [["core", coreVocabulary], ...Object.entries(vocabularies())];
const COMPREHENSION = new Set(["keys", "acc", "do", "not", "asm"]);
const word = (text: string, w: string): boolean => new RegExp(`(^|[\\s(,;:|=+])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[\\s),;:|=+])`, "m").test(text);

/** A reader that knows nothing of the core: it recovers the vocabulary from the legend's text alone. */
function teachBack(text: string): { types: Map<string, string[]>; enums: Map<string, string[]> } {
  const types = new Map<string, string[]>();
  const enums = new Map<string, string[]>();
  const sections = text.split("\n\n");
  for (const section of sections) {
    const [title, ...lines] = section.split("\n");
    if (title?.startsWith("TYPES")) {
      for (const line of lines) {
        const [head, required] = line.split(" | ");
        const code = (head as string).split(" ")[0] as string;
        // Conditions in parentheses are not required slots.
        types.set(code, (required as string).replace(/\(.*\)/, "").split(" ").filter((t) => t !== ""));
      }
    }
    if (title?.startsWith("ENUMS")) {
      for (const line of lines) {
        const colon = line.indexOf(": ");
        const name = line.slice(0, colon);
        const codes: string[] = [];
        for (const group of line.slice(colon + 2).split("; ")) {
          const eq = group.indexOf("=");
          if (eq > 0) codes.push(...group.slice(0, eq).split(" "));
        }
        enums.set(name, codes);
      }
    }
  }
  return { types, enums };
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
        const askLine = text.split("\n").find((l) => l.startsWith("ask: ")) as string;
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
      for (const t of MESSAGE_TYPES) expect(back.types.get(t), t).toStrictEqual([...vocabulary.types[t].required]);
      for (const [enumName, codes] of vocabulary.enums) expect(new Set(back.enums.get(enumName)), enumName).toStrictEqual(new Set(codes.keys()));
    });
  }
});
