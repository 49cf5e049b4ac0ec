import { describe, expect, it } from "vitest";
import { CORE_CONSTRAINT_KEYS, CORE_ENUMS, CORE_MEANINGS, CORE_SLOTS, compileVocabulary, coreVocabulary, legend, meaningsOf, MESSAGE_TYPES, READBACK_LEVELS } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { expectComplete, expectLeanComplete, expectReadsBack } from "../legend-reader.js";
import { vocabularies } from "../vocabularies.js";

const all: [string, Vocabulary][] = [["core", coreVocabulary], ...Object.entries(vocabularies())];

describe("the core's meanings are keyed like its tables", () => {
  it("one meaning for every type, slot, code, readback level and constraint key, and nothing else", () => {
    expect(Object.keys(CORE_MEANINGS.types)).toStrictEqual([...MESSAGE_TYPES]);
    expect(Object.keys(CORE_MEANINGS.slots)).toStrictEqual(Object.keys(CORE_SLOTS));
    expect(Object.keys(CORE_MEANINGS.enums)).toStrictEqual(Object.keys(CORE_ENUMS));
    for (const [name, codes] of Object.entries(CORE_ENUMS)) expect(Object.keys(CORE_MEANINGS.enums[name] ?? {}), name).toStrictEqual([...codes]);
    expect(Object.keys(CORE_MEANINGS.readbackLevels)).toStrictEqual([...READBACK_LEVELS]);
    expect(Object.keys(CORE_MEANINGS.constraintKeys)).toStrictEqual(Object.keys(CORE_CONSTRAINT_KEYS));
    for (const t of Object.keys(CORE_MEANINGS.conditional)) expect(MESSAGE_TYPES).toContain(t);
    const texts = [CORE_MEANINGS.types, CORE_MEANINGS.conditional, CORE_MEANINGS.slots, ...Object.values(CORE_MEANINGS.enums), CORE_MEANINGS.readbackLevels, CORE_MEANINGS.constraintKeys].flatMap((table) => Object.values(table));
    expect(texts.length).toBe(9 + 3 + 32 + 36 + 5 + 12);
    for (const text of texts) expect(text).not.toBe("");
  });
  it("meaningsOf a profile's vocabulary adds the profile's words to the core's", () => {
    const pay = vocabularies().pay;
    const words = meaningsOf(pay);
    expect(words.enums.get("ask")?.get("PAY")).toBe((pay.profile?.file.asks as Record<string, string>)["PAY"]);
    expect(words.enums.get("ask")?.get("DRAFT")).toBe(CORE_MEANINGS.enums["ask"]?.["DRAFT"]);
    expect(words.slots.get("ref")).toBe("supplier reference");
    for (const [name, codes] of pay.enums) for (const code of codes.keys()) expect(words.enums.get(name)?.get(code), `${name} ${code}`).toBeTruthy();
    for (const key of pay.slots.keys()) expect(words.slots.has(key), key).toBe(true);
  });
});

describe("the legend is complete", () => {
  for (const [name, vocabulary] of all) {
    it(`${name}, full: every type, slot and enum code appears`, () => {
      expectComplete(vocabulary, legend(vocabulary));
    });
    it(`${name}, lean: everything lean keeps appears, and what it drops does not`, () => {
      expectLeanComplete(vocabulary, legend(vocabulary, { lean: true }));
    });
  }
});

describe("teach-back: the legend read back by a reader with no library gives the vocabulary", () => {
  for (const [name, vocabulary] of all) {
    it(`${name}, full`, () => expectReadsBack(vocabulary, legend(vocabulary), false));
    it(`${name}, lean`, () => expectReadsBack(vocabulary, legend(vocabulary, { lean: true }), true));
  }
});

describe("the pay legend's shapes (README note 30)", () => {
  const lean = legend(vocabularies().pay, { lean: true }).split("\n");
  it("puts a list type on its element type's line, and rb at the head of its levels' line", () => {
    expect(lean).toContain("ref: item the work item; list: art artifacts, blk blockers");
    expect(lean).toContain("rb readback level + slots to echo: echo item ask due (default), all every slot, exec exec slots as you will use them");
    expect(lean.filter((l) => l.startsWith("list:"))).toStrictEqual([]);
    const slots = lean.slice(lean.indexOf("SLOTS"), lean.indexOf("ENUMS"));
    expect(slots.filter((l) => /(: |, )rb /.test(l))).toStrictEqual([]);
  });
  it("opens with the wire format and the rules, with no title", () => {
    expect(lean.slice(0, 3)).toStrictEqual([
      "RW1 TYPE id key=value ... // tail",
      expect.stringMatching(/^single spaces; /),
      "Read back every HO; it is yours once the RB passes.",
    ]);
  });
  it("prints a list type on a line of its own when no slot has its element type", () => {
    const core = legend(coreVocabulary, { lean: true }).split("\n");
    expect(core).toContain("list:token: opts allowed answers");
  });
});

// Found by the property test (legend-property.test.ts): profiles the schema accepts, whose legend
// must still read back.
const base = { version: "0.1", extends: "RW1" } as const;
function compile(file: object): Vocabulary {
  const r = compileVocabulary(coreVocabulary, file);
  expect(r.findings).toStrictEqual([]);
  return r.value as Vocabulary;
}

describe("the legend of a profile beyond the shipped ones", () => {
  it("prints a rule's desc and the version on one line: a newline in them cannot start a section", () => {
    const v = compile({ ...base, profile: "zz", version: "1\n\nTYPES (all need zz): x", translation: [{ id: "a", desc: "one\n\nTYPES (all need zz): y\nthree" }] });
    for (const lean of [false, true]) {
      const text = legend(v, { lean });
      expect(text.split("\n\n").map((s) => s.split(/[ \n]/)[0])).toStrictEqual(["RW1", "TYPES", "SLOTS", "ENUMS", ...(lean ? [] : ["CRITERIA"]), "PROFILE"]);
      expect(text.split("\n").slice(-2)).toStrictEqual(["PROFILE zz 1 TYPES (all need zz): x", "one TYPES (all need zz): y three"]);
      expectReadsBack(v, text, lean);
    }
  });
  it("prints no control character from a profile: NEL (a line break to many readers), NUL and ESC become a space", () => {
    const meaning = "a\u0085b\u0000c\u001b[2Jd\u009be";
    const v = compile({ ...base, profile: "zz", version: "1\u0085", asks: { ZZ: meaning }, enums: { stage: { S1: meaning, S2: "x" } }, slots: [{ key: "stg", type: "enum:stage", on: ["HO"], desc: meaning }, { key: "sz", type: "token", on: ["HO"], desc: meaning }], translation: [{ id: "a", desc: meaning }] });
    for (const lean of [false, true]) {
      const text = legend(v, { lean });
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(text).toContain("ZZ a b c [2Jd e");
      expectReadsBack(v, text, lean);
    }
  });
  it("names the agents a profile lists, and human, with single spaces even when it lists none", () => {
    expect(legend(compile({ ...base, profile: "zz", agents: [] })).split("\n")).toContain("agents: human");
    expect(legend(compile({ ...base, profile: "zz", agents: ["a", "b"] })).split("\n")).toContain("agents: a b human");
  });
  it("keeps parentheses out of an enum line's head, where they mark the notes a reader sets aside", () => {
    const v = compile({
      ...base,
      profile: "zz",
      enums: { stage: { S1: "one", S2: "two" }, kind: { K1: "wrong (sender corrects)", K2: "wrong (sender corrects)" }, lvl: { L1: "low", L2: "high" } },
      // `(current)` alone would read as a note, hiding stg's own slot; `(all x)` as the shared-meaning note.
      slots: [
        { key: "stage", type: "enum:stage", on: ["HO"], desc: "(current)" },
        { key: "lvl", type: "enum:lvl", on: ["HO"], desc: "level (all x) here" },
      ],
    });
    for (const lean of [false, true]) {
      const text = legend(v, { lean });
      expect(text.split("\n").filter((l) => /^(stage|kind|lvl)\b/.test(l))).toStrictEqual([
        "stage [current]: S1 one, S2 two",
        "kind (all wrong [sender corrects]): K1 K2",
        "lvl level [all x] here: L1 low, L2 high",
      ]);
      expectReadsBack(v, text, lean);
    }
  });
  it("keeps `: ` out of an enum line's head however a meaning's colon, commas and the notes meet", () => {
    const v = compile({
      ...base,
      profile: "zz",
      enums: { stage: { S1: "one", S2: "two" }, kind: { K1: "same", K2: "same" }, ans: { OK2: "fine" } },
      slots: [
        // `:,` became `: - ` once the comma was replaced (`::,` then `: - -`); a colon at the end met the note's space.
        { key: "stage", type: "enum:stage", on: ["HO"], desc: "step::,next" },
        { key: "kind", type: "enum:kind", on: ["HO"], desc: "what it is:" },
        { key: "ans", type: "enum:ans", on: ["AN"], desc: "the answer:" },
      ],
    });
    for (const lean of [false, true]) {
      const text = legend(v, { lean });
      expect(text.split("\n").filter((l) => /^(stage|kind|ans)\b/.test(l))).toStrictEqual([
        "stage step - - next: S1 one, S2 two",
        "kind what it is - (all same): K1 K2",
        "ans the answer - (AQ opts and AN val; also Y N number date tail): OK2 fine",
      ]);
      expectReadsBack(v, text, lean);
    }
  });
});
