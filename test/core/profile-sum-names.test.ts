// A name a profile lists twice, or in two places of one rule, is one fault and one finding: the checks
// after `once()` read each distinct name once (README note 191), and a sum's total is not one of its
// parts, which it could equal only when the other parts are zero.
import { describe, expect, it } from "vitest";
import { compileVocabulary, coreVocabulary } from "../../core/index.js";

const slots = [
  { key: "net", type: "money", on: ["ST"] },
  { key: "vat", type: "money", on: ["ST"] },
  { key: "amt", type: "money", on: ["ST"] },
  { key: "tok", type: "token", on: ["ST"] },
];
const withRule = (rule: object, extra: object = {}) => ({ profile: "demo", version: "0.1", extends: "RW1", slots, translation: [{ id: "r", desc: "d", on: ["ST"], ...rule }], ...extra });
const said = (profile: unknown): string[] => compileVocabulary(coreVocabulary, profile).findings.map((f) => `${f.code} ${f.message}`);

const TWICE = (path: string, name: string) => `PROFILE_SCHEMA ${path}: ${name} is named twice in ${path}; a list names each once`;
const UNDEFINED = "PROFILE_REFERENCE translation.0: rule r names slot nope, which is not defined";
const TOTAL_A_PART = (name: string) =>
  `PROFILE_SCHEMA translation.0.sum: ${name} is both a part and the total of the sum, which could then hold only when the other parts are zero; a sum's total is not one of its parts`;

describe("a name listed twice is one finding for each fault", () => {
  it("a defined money part twice: the repetition alone", () => {
    expect(said(withRule({ sum: { parts: ["net", "net"], total: "amt" } }))).toStrictEqual([TWICE("translation.0.sum.parts", "net")]);
  });
  it("an undefined part twice: the repetition, and one reference to nothing", () => {
    expect(said(withRule({ sum: { parts: ["nope", "nope"], total: "amt" } }))).toStrictEqual([TWICE("translation.0.sum.parts", "nope"), UNDEFINED]);
  });
  it("a part that is not money, twice: the repetition, and one sum of a slot that is not money", () => {
    expect(said(withRule({ sum: { parts: ["tok", "tok"], total: "amt" } }))).toStrictEqual([
      TWICE("translation.0.sum.parts", "tok"),
      "PROFILE_REFERENCE translation.0.sum: a sum adds money slots, and tok is not one",
    ]);
  });
  it("an undefined slot twice in when.has or require", () => {
    expect(said(withRule({ when: { has: ["nope", "nope"] }, tail: "required" }))).toStrictEqual([TWICE("translation.0.when.has", "nope"), UNDEFINED]);
    expect(said(withRule({ require: ["nope", "nope"] }))).toStrictEqual([TWICE("translation.0.require", "nope"), UNDEFINED]);
  });
  it("an undefined slot in when.has and in require: one name, one reference to nothing", () => {
    expect(said(withRule({ when: { has: ["nope"] }, require: ["nope"] }))).toStrictEqual([UNDEFINED]);
  });
  it("a slot required twice on a type that does not take it: one finding", () => {
    expect(said(withRule({ on: ["HO", "ST"], require: ["net", "net"] }))).toStrictEqual([
      TWICE("translation.0.require", "net"),
      "PROFILE_REFERENCE translation.0.require: rule r requires net on HO, which does not take it: every such message would be refused",
    ]);
  });
  it("an undefined execution slot twice, and an ask asks_used lists twice that is no core ask", () => {
    const exec = { asks: { SHIP: "ship it" }, asks_used: ["SHIP", "SHIP", "UNDO"], exec: { SHIP: ["nope", "nope"] } };
    expect(said(withRule({ tail: "required" }, exec))).toStrictEqual([
      TWICE("asks_used", "SHIP"),
      TWICE("exec.SHIP", "nope"),
      "PROFILE_REFERENCE asks_used: SHIP is not a core ask: asks_used lists the core asks the domain needs",
      "PROFILE_REFERENCE exec.SHIP: slot nope is not defined",
    ]);
  });
});

describe("a sum's total is not one of its parts (README note 191)", () => {
  it("is refused once, at the sum, where it passed", () => {
    expect(said(withRule({ sum: { parts: ["amt", "vat"], total: "amt" } }))).toStrictEqual([TOTAL_A_PART("amt")]);
  });
  it("beside the total's other fault, each said once", () => {
    expect(said(withRule({ sum: { parts: ["nope", "vat"], total: "nope" } }))).toStrictEqual([TOTAL_A_PART("nope"), UNDEFINED]);
    expect(said(withRule({ sum: { parts: ["tok", "vat"], total: "tok" } }))).toStrictEqual([
      TOTAL_A_PART("tok"),
      "PROFILE_REFERENCE translation.0.sum: a sum adds money slots, and tok is not one",
    ]);
  });
  it("a total apart from its parts passes", () => {
    expect(said(withRule({ sum: { parts: ["net", "vat"], total: "amt" } }))).toStrictEqual([]);
  });
});
