import { describe, expect, it } from "vitest";
import { checkLine, compileVocabulary, coreVocabulary, legend, profileResolver, shippedNameTaken } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { shippedNames, shippedProfiles } from "../../profiles/index.js";
import { vocabularies } from "../vocabularies.js";

const minimal = { profile: "demo", version: "0.1", extends: "RW1" };

function refused(profile: unknown): string[] {
  const r = compileVocabulary(coreVocabulary, profile);
  expect(r.ok).toBe(false);
  return r.findings.map((f) => `${f.code} ${f.path ?? ""}`.trim());
}

describe("the shipped profiles compile", () => {
  it("shippedNames, written apart from the files (profiles/names.ts), names every file in profiles/ and every profile index.ts holds, sorted", () => {
    const files = readdirSync(join(import.meta.dirname, "..", "..", "profiles")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -".json".length)).sort();
    expect(shippedNames).toStrictEqual(files);
    expect(shippedNames).toStrictEqual(Object.keys(shippedProfiles).sort());
  });
  for (const name of Object.keys(shippedProfiles)) {
    it(name, () => {
      const r = compileVocabulary(coreVocabulary, shippedProfiles[name]);
      expect(r.findings).toStrictEqual([]);
      expect(r.value?.name).toBe(name);
    });
  }

  it("pform is section 7's example: the stage enum, three asks, stg on HO and ST, eleven agents", () => {
    const { pform } = vocabularies();
    expect([...(pform.enums.get("stage")?.keys() ?? [])]).toStrictEqual(["DIA", "REV", "OPT", "DEC", "ACT", "DONE"]);
    for (const ask of ["SCORE4", "ENRICH", "PRUNE"]) expect(pform.enums.get("ask")?.get(ask)?.origin).toBe("pform");
    expect([...(pform.slots.get("stg")?.on ?? [])]).toStrictEqual(["HO", "ST"]);
    expect(pform.agents?.size).toBe(11);
  });

  it("pay: asks, exec map, answers and slot types as the spec implies", () => {
    const { pay } = vocabularies();
    expect(["PAY", "CHGBANK", "SEND"].every((a) => pay.enums.get("ask")?.has(a))).toBe(true);
    expect(Object.fromEntries(pay.exec)).toStrictEqual({
      PAY: ["sup", "amt", "cur", "kind", "acct", "paid", "ref", "apref"],
      CHGBANK: ["sup", "acct", "eff", "apref", "prev"],
      SEND: ["sup", "addr", "amt", "cur", "paid", "ref"],
    });
    expect([...(pay.ans ?? [])]).toStrictEqual(["APPROVE", "DECLINE", "HOLD", "REJECT", "CALLBACK"]);
    const types = Object.fromEntries(["sup", "amt", "cur", "kind", "acct", "paid", "ref", "apref", "prev", "addr", "eff", "src", "net", "vat"].map((k) => [k, pay.slots.get(k)?.type.text]));
    expect(types).toStrictEqual({
      sup: "token", amt: "money", cur: "enum:cur", kind: "enum:kind", acct: "token", paid: "date", ref: "token",
      apref: "token", prev: "token", addr: "token", eff: "date", src: "list:token", net: "money", vat: "money",
    });
    expect([...(pay.slots.get("prev")?.on ?? [])]).toStrictEqual(["RB", "DN"]);
  });

  it("clin: act pol cert subj time and src required on ST", () => {
    const { clin } = vocabularies();
    expect(clin.types.ST.required).toStrictEqual(["from", "to", "item", "act", "pol", "cert", "subj", "time", "src"]);
  });

  it("a compiled profile leaves the core vocabulary untouched", () => {
    vocabularies();
    expect(coreVocabulary.enums.get("ask")?.has("PAY")).toBe(false);
    expect(coreVocabulary.slots.has("amt")).toBe(false);
  });
});

describe("a profile may add, never redefine or remove", () => {
  it("redefining a core ask is refused", () => {
    expect(refused({ ...minimal, asks: { DRAFT: "write something" } })).toStrictEqual(["PROFILE_REDEFINES_CORE asks.DRAFT"]);
  });
  it("redefining a core why or enum code is refused", () => {
    expect(refused({ ...minimal, why: { BUSY: "tired" } })).toStrictEqual(["PROFILE_REDEFINES_CORE why.BUSY"]);
    expect(refused({ ...minimal, enums: { out: { OK: "fine" } } })).toStrictEqual(["PROFILE_REDEFINES_CORE enums.out.OK"]);
  });
  it("a core code in another case is a redefinition, refused as one (draft beside DRAFT: one word, two meanings in the legend)", () => {
    expect(refused({ ...minimal, asks: { draft: "write something" } })).toStrictEqual(["PROFILE_REDEFINES_CORE asks.draft"]);
    expect(refused({ ...minimal, asks: { Draft: "write something" }, why: { unk: "unknown" } })).toStrictEqual(["PROFILE_REDEFINES_CORE asks.Draft", "PROFILE_REDEFINES_CORE why.unk"]);
    expect(refused({ ...minimal, enums: { conf: { h: "high" }, out: { Ok: "fine" } } })).toStrictEqual(["PROFILE_REDEFINES_CORE enums.conf.h", "PROFILE_REDEFINES_CORE enums.out.Ok"]);
    const r = compileVocabulary(coreVocabulary, { ...minimal, asks: { draft: "write something" } });
    expect(r.findings[0]?.message).toBe("asks.draft: draft is the core ask code DRAFT in another case; a profile cannot redefine it");
    // A code of the profile's own enum may be any case: only the core's codes are taken.
    expect(compileVocabulary(coreVocabulary, { ...minimal, enums: { kind: { draft: "a draft", ok: "fine" } } }).ok).toBe(true);
  });
  it("two of the profile's own codes differing only in case are refused too (APPROVE and approve in ans reopen the closed answers)", () => {
    expect(refused({ ...minimal, enums: { ans: { APPROVE: "as read back", approve: "yes" } } })).toStrictEqual(["PROFILE_SCHEMA enums.ans.approve"]);
    expect(refused({ ...minimal, enums: { colour: { RED: "red", Red: "also red" } } })).toStrictEqual(["PROFILE_SCHEMA enums.colour.Red"]);
    // asks and enums.ask both add to the core's ask enum.
    expect(refused({ ...minimal, enums: { ask: { SHIP: "ship it" } }, asks: { ship: "ship it" } })).toStrictEqual(["PROFILE_SCHEMA asks.ship"]);
    const r = compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { APPROVE: "as read back", approve: "yes" } } });
    expect(r.findings[0]?.message).toBe("enums.ans.approve: approve is APPROVE in another case, defined twice in ans: the legend would print one word with two meanings");
    // The same spelling in two enums is two codes of two enums.
    expect(compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { HOLD: "wait" }, state: { hold: "held" } } }).ok).toBe(true);
  });
  it("an ans code spelt as an answer section 7 keeps outside ans (Y, N, tail), in any case, is refused: val=Y or val=n would have two meanings", () => {
    expect(refused({ ...minimal, enums: { ans: { Y: "yield", OK: "fine" } } })).toStrictEqual(["PROFILE_REDEFINES_CORE enums.ans.Y"]);
    expect(refused({ ...minimal, enums: { ans: { n: "nudge", y: "yank", TAIL: "follow" } } })).toStrictEqual(["n", "y", "TAIL"].map((c) => `PROFILE_REDEFINES_CORE enums.ans.${c}`));
    expect(refused({ ...minimal, enums: { ans: { N: "no", tail: "later" } } })).toStrictEqual(["N", "tail"].map((c) => `PROFILE_REDEFINES_CORE enums.ans.${c}`));
    const r = compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { n: "nudge" } } });
    expect(r.findings[0]?.message).toBe("enums.ans.n: n is the core's answer N in another case (no, the bool, section 7), which every profile reads the same; an ans code cannot take it");
    // Only ans closes the answers: Y in another enum is that enum's code, and NO or YES is an answer word like any.
    expect(compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { YES: "yes", NO: "no", NY: "new york" }, grade: { Y: "young", n: "new" } } }).ok).toBe(true);
  });
  it("an ans code that reads as a number or a date (1, 1.5, 20261002) is refused: val= of that shape is never checked against ans", () => {
    // (JSON puts the keys that read as array indices first.)
    expect(refused({ ...minimal, enums: { ans: { "1": "one", OK: "fine", "1.5": "half", "20261002": "the day" } } })).toStrictEqual(["1", "20261002", "1.5"].map((c) => `PROFILE_REDEFINES_CORE enums.ans.${c}`));
    const said = compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { "20261002": "the day" } } }).findings.map((f) => f.message);
    expect(said).toStrictEqual(["enums.ans.20261002: 20261002 reads as a date, an answer section 7 keeps outside ans (val=20261002 is a date under every profile); an ans code cannot take it"]);
    // Only the value grammar's shapes: 2026-10-02 is no date (dates are YYYYMMDD) and 1e3 no number,
    // so val=2026-10-02 is checked against ans like any word; and 1 in another enum is that enum's code.
    const kept = compileVocabulary(coreVocabulary, { ...minimal, enums: { ans: { "2026-10-02": "the day", "1e3": "a thousand", "20261002T1405Z": "then" }, grade: { "1": "first" } } });
    expect(kept.findings).toStrictEqual([]);
    expect(checkLine("RW1 AN a-2 re=b-1 from=a to=b val=2026-10-03 p=demo", kept.value!).findings.map((f) => f.code)).toContain("ANS_UNKNOWN");
    expect(checkLine("RW1 AN a-2 re=b-1 from=a to=b val=2026-10-02 p=demo", kept.value!).findings).toStrictEqual([]);
  });
  it("a lone surrogate in any text of a profile (version, title, desc, a meaning, a slot's, rule's or constraint key's desc, a shape) is refused", () => {
    const half = "1\ud800";
    const slots = [{ key: "box", type: "token", on: ["HO"], desc: half }];
    expect(refused({ ...minimal, version: half, title: "\udc00x", desc: half, asks: { SHIP: half }, slots, ckeys: { crate: { desc: half } } })).toStrictEqual(
      ["version", "title", "desc", "asks.SHIP", "slots.0.desc", "ckeys.crate.desc"].map((p) => `PROFILE_SCHEMA ${p}`),
    );
    expect(refused({ ...minimal, translation: [{ id: "r", desc: half, shape: { item: `x${half}` } }] })).toStrictEqual(["PROFILE_SCHEMA translation.0.desc", "PROFILE_SCHEMA translation.0.shape.item"]);
    const said = compileVocabulary(coreVocabulary, { ...minimal, version: half }).findings.map((f) => f.message);
    expect(said).toStrictEqual(["version: must not hold a lone surrogate (half a character, which no UTF-8 text can carry)"]);
    // A whole pair is one character, and the legend folds control characters to a space.
    expect(compileVocabulary(coreVocabulary, { ...minimal, version: "1\u{1F600}", title: "a\u0007b" }).findings).toStrictEqual([]);
  });
  it("redefining a core slot is refused", () => {
    expect(refused({ ...minimal, slots: [{ key: "due", type: "token", on: ["HO"] }] })).toStrictEqual(["PROFILE_REDEFINES_CORE slots.0.key"]);
  });
  it("a refused redefinition defines nothing: a rule naming the slot is judged by the core's slot or field (README note 178)", () => {
    // Every type takes item, the envelope field; the refused slot's own `on` said RB alone, and the
    // rule was also refused for requiring item "on HO AN ..., which does not take it".
    const item = { key: "item", type: "time", on: ["RB"] };
    expect(refused({ ...minimal, slots: [item], translation: [{ id: "r", desc: "d", require: ["item"] }] })).toStrictEqual(["PROFILE_REDEFINES_CORE slots.0.key"]);
    // The core's due is on HO; a redefinition on ST alone does not take it from HO.
    const due = { key: "due", type: "date", on: ["ST"] };
    expect(refused({ ...minimal, slots: [due], translation: [{ id: "r", desc: "d", on: ["HO"], require: ["due"] }] })).toStrictEqual(["PROFILE_REDEFINES_CORE slots.0.key"]);
  });
  it("a slot named like a field of every message (v type id slots tail) is refused: a finding's slot would name either", () => {
    const slots = ["v", "type", "id", "slots", "tail"].map((key) => ({ key, type: "token", on: ["HO"] }));
    expect(refused({ ...minimal, slots })).toStrictEqual([0, 1, 2, 3, 4].map((i) => `PROFILE_REDEFINES_CORE slots.${i}.key`));
    expect(compileVocabulary(coreVocabulary, { ...minimal, slots: [slots[2]] }).findings[0]?.message).toBe("slots.0.key: id is a field of every message (section 6: v type id slots tail); a profile cannot define a slot of that name");
  });
  it("redefining a core constraint key or alias is refused", () => {
    expect(refused({ ...minimal, ckeys: { len: { desc: "length" } } })).toStrictEqual(["PROFILE_REDEFINES_CORE ckeys.len"]);
    expect(refused({ ...minimal, aliases: [["uk", "united-kingdom"]] })).toStrictEqual(["PROFILE_REDEFINES_CORE aliases.0"]);
  });
  it("removing a core code is refused with its own code", () => {
    expect(refused({ ...minimal, asks: { DRAFT: null } })).toStrictEqual(["PROFILE_REMOVES_CORE asks.DRAFT"]);
    expect(refused({ ...minimal, remove: ["DRAFT"] })).toStrictEqual(["PROFILE_REMOVES_CORE remove"]);
  });
  it("a core enum mapped to null or false (every code of it removed) is refused as a removal, not a shape error", () => {
    expect(refused({ ...minimal, enums: { conf: null } })).toStrictEqual(["PROFILE_REMOVES_CORE enums.conf"]);
    expect(refused({ ...minimal, enums: { ask: false, out: null } })).toStrictEqual(["PROFILE_REMOVES_CORE enums.ask", "PROFILE_REMOVES_CORE enums.out"]);
    // A profile's own enum mapped to null removes nothing of the core: a shape error.
    expect(refused({ ...minimal, enums: { stage: null } })).toStrictEqual(["PROFILE_SCHEMA enums.stage"]);
  });
  it("extending a core enum with new codes is allowed", () => {
    const r = compileVocabulary(coreVocabulary, { ...minimal, enums: { out: { HELD: "held for review" } }, why: { LEGAL: "legal hold" } });
    expect(r.findings).toStrictEqual([]);
    expect(r.value?.enums.get("out")?.has("OK")).toBe(true);
    expect(r.value?.enums.get("out")?.get("HELD")?.origin).toBe("demo");
  });
});

describe("an int range may have negative bounds (section 6: an integer is a JSON number)", () => {
  const lab = { ...minimal, profile: "lab", slots: [{ key: "tmp", type: "int:-40-60", on: ["ST"] }, { key: "off", type: "list:int:-20--5", on: ["ST"] }, { key: "z", type: "int:-0-3", on: ["ST"] }] };
  const compiled = compileVocabulary(coreVocabulary, lab);
  const resolve = profileResolver(null, (name) => (name === "lab" ? (compiled.value ?? undefined) : undefined));
  const line = (slots: string) => checkLine(`RW1 ST a-1 from=a to=b item=x:1 p=lab ${slots}`, resolve);
  it("reads int:-40-60 and int:-20--5, and checks a line's values against them", () => {
    expect(compiled.findings).toStrictEqual([]);
    const ok = line("tmp=-40 off=-20+-5 z=0");
    expect([ok.ok, ok.message?.slots]).toStrictEqual([true, { p: "lab", tmp: -40, off: [-20, -5], z: 0 }]);
    expect(line("tmp=-41 off=-4 z=-1").findings.map((f) => `${f.code} ${f.message}`)).toStrictEqual([
      "OUT_OF_RANGE tmp=-41 is outside -40-60",
      "OUT_OF_RANGE off=-4 is outside -20--5",
      "OUT_OF_RANGE z=-1 is outside 0-3",
    ]);
  });
  it("refuses a malformed range saying what a range is", () => {
    for (const type of ["int:5--3", "int:--3-4", "int:-3-", "int:3-1", "list:int:1--1"]) {
      const r = compileVocabulary(coreVocabulary, { ...minimal, slots: [{ key: "n", type, on: ["ST"] }] });
      expect(r.findings.map((f) => f.code)).toStrictEqual(["PROFILE_SCHEMA"]);
      expect(r.findings[0]?.message).toContain("an int range is int:<lo>-<hi>, whole numbers of at most 15 digits, lo not above hi, either may be negative (int:-10-10, int:-20--5)");
    }
    expect(compileVocabulary(coreVocabulary, { ...minimal, slots: [{ key: "n", type: "decimal", on: ["ST"] }] }).findings[0]?.message).not.toContain("int range");
  });
});

describe("a profile is checked before it is used", () => {
  const cases: [string, unknown, string][] = [
    ["not an object", [], "PROFILE_SCHEMA"],
    ["missing name", { version: "1", extends: "RW1" }, "PROFILE_SCHEMA profile"],
    ["extends another version", { ...minimal, extends: "RW2" }, "PROFILE_SCHEMA extends"],
    ["a misspelt field", { ...minimal, transaltion: [] }, "PROFILE_SCHEMA transaltion"],
    ["a slot type that is not a type", { ...minimal, slots: [{ key: "amt", type: "decimal", on: ["HO"] }] }, "PROFILE_SCHEMA slots.0.type"],
    ["a slot type only the core's own slots take", { ...minimal, slots: [{ key: "lvl", type: "rblevel", on: ["HO"] }] }, "PROFILE_SCHEMA slots.0.type"],
    ["a list of a core-only type", { ...minimal, slots: [{ key: "dg", type: "list:hex12", on: ["HO"] }] }, "PROFILE_SCHEMA slots.0.type"],
    ["a slot on a type that does not exist", { ...minimal, slots: [{ key: "amt", type: "money", on: ["XX"] }] }, "PROFILE_SCHEMA slots.0.on.0"],
    ["an enum type naming no enum", { ...minimal, slots: [{ key: "amt", type: "enum:nothing", on: ["HO"] }] }, "PROFILE_REFERENCE slots.0.type"],
    ["an x_ slot", { ...minimal, slots: [{ key: "x_amt", type: "money", on: ["HO"] }] }, "PROFILE_SCHEMA slots.0.key"],
    ["a slot twice", { ...minimal, slots: [{ key: "amt", type: "money", on: ["HO"] }, { key: "amt", type: "money", on: ["ST"] }] }, "PROFILE_SCHEMA slots.1.key"],
    ["asks_used naming a non-core ask", { ...minimal, asks_used: ["PAY"] }, "PROFILE_REFERENCE asks_used"],
    ["exec for an unknown ask", { ...minimal, exec: { SHIP: ["item"] } }, "PROFILE_REFERENCE exec.SHIP"],
    ["exec naming an undefined slot", { ...minimal, asks: { SHIP: "ship it" }, exec: { SHIP: ["box"] } }, "PROFILE_REFERENCE exec.SHIP"],
    ["exec slot not on RB and DN", { ...minimal, asks: { SHIP: "ship it" }, slots: [{ key: "box", type: "token", on: ["HO"] }], exec: { SHIP: ["box"] } }, "PROFILE_REFERENCE exec.SHIP"],
    ["exec naming to (a readback answers re, from and to, so rb=exec could never be read back)", { ...minimal, asks: { SHIP: "ship it" }, exec: { SHIP: ["item", "to"] } }, "PROFILE_REFERENCE exec.SHIP"],
    ["exec naming re", { ...minimal, asks: { SHIP: "ship it" }, exec: { SHIP: ["re"] } }, "PROFILE_REFERENCE exec.SHIP"],
    ["a rule requiring a slot on a type that does not take it (every CX would be refused)", { ...minimal, slots: [{ key: "sup", type: "token", on: ["HO", "ST"] }], translation: [{ id: "r", desc: "d", require: ["sup"] }] }, "PROFILE_REFERENCE translation.0.require"],
    ["a rule whose when.has no type of the rule takes (it would never apply)", { ...minimal, slots: [{ key: "sup", type: "token", on: ["HO"] }], translation: [{ id: "r", desc: "d", on: ["ST"], when: { has: ["sup"] }, require: ["item"] }] }, "PROFILE_REFERENCE translation.0.when"],
    ["an enum with no codes (no value passes, and a shape {enum:e}:{id} took item=:x)", { ...minimal, enums: { e: {} } }, "PROFILE_SCHEMA enums.e"],
    ["a rule naming an undefined slot", { ...minimal, translation: [{ id: "r", desc: "d", require: ["ghost"] }] }, "PROFILE_REFERENCE translation.0"],
    ["a sum over non-money slots", { ...minimal, slots: [{ key: "n", type: "token", on: ["ST"] }], translation: [{ id: "r", desc: "d", sum: { parts: ["n", "n"], total: "n" } }] }, "PROFILE_REFERENCE translation.0.sum"],
    ["an ambiguous shape", { ...minimal, translation: [{ id: "r", desc: "d", shape: { item: "{id}{n}" } }] }, "PROFILE_SCHEMA translation.0.shape.item"],
    ["a shape run-on", { ...minimal, translation: [{ id: "r", desc: "d", shape: { item: "{id}.{n}" } }] }, "PROFILE_SCHEMA translation.0.shape.item"],
    ["a shape naming no enum (a reference to nothing, as enum:nothing in a slot's type is)", { ...minimal, translation: [{ id: "r", desc: "d", shape: { item: "{enum:kind}:{id}" } }] }, "PROFILE_REFERENCE translation.0.shape.item"],
    ["a blank meaning (the legend would print the code with nothing after it)", { ...minimal, asks: { SHIP: " \n\u0085 " } }, "PROFILE_SCHEMA asks.SHIP"],
    ["a blank slot desc", { ...minimal, slots: [{ key: "box", type: "token", on: ["HO"], desc: "\t" }] }, "PROFILE_SCHEMA slots.0.desc"],
    ["a blank rule desc (the legend would print an empty line, which ends a section)", { ...minimal, translation: [{ id: "r", desc: " " }] }, "PROFILE_SCHEMA translation.0.desc"],
    ["a blank version", { ...minimal, version: "\u0000" }, "PROFILE_SCHEMA version"],
    ["a version longer than any other text (the legend prints it on its PROFILE line)", { ...minimal, version: "1".repeat(301) }, "PROFILE_SCHEMA version"],
    ["an enum named rb (the readback levels, closed by section 3.1, and the legend's rb line)", { ...minimal, enums: { rb: { FULL: "everything" } } }, "PROFILE_REDEFINES_CORE enums.rb"],
    ["exec for a core ask that asks_used leaves out (the lean legend would name an ask it drops)", { ...minimal, asks_used: ["DECIDE"], exec: { REVIEW: ["item"] } }, "PROFILE_REFERENCE exec.REVIEW"],
    ["exec with an asks_used that leaves out UNDO (section 5.4 reverses a mismatched DN with ask=UNDO; the lean legend dropped it)", { ...minimal, asks: { SHIP: "ship" }, asks_used: ["REVIEW"], slots: [{ key: "wt", type: "num", on: ["HO", "RB", "DN"] }], exec: { SHIP: ["wt"] } }, "PROFILE_REFERENCE asks_used"],
    ["a spelling in two alias groups (the second would take it from the first, silently)", { ...minimal, aliases: [["welsh", "cy"], ["cy", "cymraeg"]] }, "PROFILE_SCHEMA aliases.1"],
    ["a spelling twice in one alias group", { ...minimal, aliases: [["welsh", "cy", "welsh"]] }, "PROFILE_SCHEMA aliases.0"],
    ["an execution slot named twice (the legend printed SHIP box box, and tier 5 failed twice for one missing slot)", { ...minimal, asks: { SHIP: "ship it" }, slots: [{ key: "box", type: "token", on: ["RB", "DN"] }], exec: { SHIP: ["box", "box"] } }, "PROFILE_SCHEMA exec.SHIP"],
    ["a rule requiring a slot twice (a line lacking it was refused twice)", { ...minimal, slots: [{ key: "box", type: "token", on: ["ST"] }], translation: [{ id: "r", desc: "d", on: ["ST"], require: ["box", "box"] }] }, "PROFILE_SCHEMA translation.0.require"],
    ["a slot's on naming a type twice", { ...minimal, slots: [{ key: "box", type: "token", on: ["HO", "HO"] }] }, "PROFILE_SCHEMA slots.0.on"],
    ["asks given as a list (read as an object keyed by index, it added an ask 0 meaning SHIP: ask=0 passed, ask=SHIP was refused)", { ...minimal, asks: ["SHIP"] }, "PROFILE_SCHEMA asks"],
    ["an enum's codes given as a list", { ...minimal, enums: { stage: ["DIA", "REV"] } }, "PROFILE_SCHEMA enums.stage"],
    ["enums, why, exec or ckeys given as a list, empty", { ...minimal, enums: [], why: [], exec: [], ckeys: [] }, "PROFILE_SCHEMA exec"],
    ["a rule's shape given as a list", { ...minimal, translation: [{ id: "r", desc: "d", shape: ["doc:{id}"] }] }, "PROFILE_SCHEMA translation.0.shape"],
    ["a reserved key", JSON.parse('{"profile":"demo","version":"0.1","extends":"RW1","asks":{"constructor":"x"}}'), "PROFILE_SCHEMA asks.constructor"],
    ["a reserved key inside a list, dotted as every other path", JSON.parse('{"profile":"demo","version":"0.1","extends":"RW1","slots":[{"key":"a","type":"token","on":["HO"],"__proto__":{}}]}'), "PROFILE_SCHEMA slots.0.__proto__"],
  ];
  for (const [name, profile, expected] of cases) {
    it(name, () => {
      expect(refused(profile)).toContain(expected);
    });
  }

  it("a profile with execution slots lists UNDO when it lists asks_used, so its lean legend keeps it (README note 51)", () => {
    const zz = { ...minimal, asks: { SHIP: "ship" }, slots: [{ key: "wt", type: "num", on: ["HO", "RB", "DN"] }], exec: { SHIP: ["wt"] } };
    expect(compileVocabulary(coreVocabulary, { ...zz, asks_used: ["REVIEW"] }).findings.map((f) => `${f.code} ${f.path}`)).toStrictEqual(["PROFILE_REFERENCE asks_used"]);
    const listed = compileVocabulary(coreVocabulary, { ...zz, asks_used: ["REVIEW", "UNDO"] });
    expect(listed.findings).toStrictEqual([]);
    expect(legend(listed.value as Vocabulary, { lean: true })).toMatch(/^ask .*, UNDO /m);
    // Without asks_used every core ask is kept; without exec nothing needs UNDO.
    expect(compileVocabulary(coreVocabulary, zz).findings).toStrictEqual([]);
    expect(compileVocabulary(coreVocabulary, { ...minimal, asks_used: ["REVIEW"] }).findings).toStrictEqual([]);
  });
  it("a list names each thing once: a rule's on, item_ns, has and sum parts, asks_used and agents", () => {
    const slots = ["a", "b", "c"].map((key) => ({ key, type: "money", on: ["ST"] }));
    const rule = { id: "r", desc: "d", on: ["ST", "ST"], when: { item_ns: ["inv", "inv"], has: ["a", "a"] }, sum: { parts: ["a", "a"], total: "c" } };
    expect(refused({ ...minimal, slots, translation: [rule] })).toStrictEqual(["on", "when.item_ns", "when.has", "sum.parts"].map((p) => `PROFILE_SCHEMA translation.0.${p}`));
    expect(refused({ ...minimal, asks_used: ["DRAFT", "DRAFT"], agents: ["TRI", "TRI"] })).toStrictEqual(["PROFILE_SCHEMA agents", "PROFILE_SCHEMA asks_used"]);
    const r = compileVocabulary(coreVocabulary, { ...minimal, asks: { SHIP: "ship it" }, slots: [{ key: "box", type: "token", on: ["RB", "DN"] }], exec: { SHIP: ["box", "box"] } });
    expect(r.findings.map((f) => f.message)).toStrictEqual(["exec.SHIP: box is named twice in exec.SHIP; a list names each once"]);
    // Once each, the same names pass.
    expect(compileVocabulary(coreVocabulary, { ...minimal, slots, asks_used: ["DRAFT"], agents: ["TRI"], translation: [{ ...rule, on: ["ST"], when: { item_ns: ["inv"], has: ["a"] }, sum: { parts: ["a", "b"], total: "c" } }] }).findings).toStrictEqual([]);
  });

  it("counts a text's 300 characters (and the desc's 2,000) as Unicode code points, as the tail's limit is counted", () => {
    // valibot's maxLength counts UTF-16 units: 151 emoji were refused as "at most 300 characters".
    const emoji = "\u{1F600}";
    expect(compileVocabulary(coreVocabulary, { ...minimal, asks: { SHIP: emoji.repeat(300) } }).findings).toStrictEqual([]);
    expect(compileVocabulary(coreVocabulary, { ...minimal, title: emoji.repeat(300), desc: emoji.repeat(2000) }).findings).toStrictEqual([]);
    const said = (profile: unknown): string[] => compileVocabulary(coreVocabulary, profile).findings.map((f) => `${f.code} ${f.message}`);
    expect(said({ ...minimal, asks: { SHIP: emoji.repeat(301) } })).toStrictEqual(["PROFILE_SCHEMA asks.SHIP: at most 300 characters"]);
    // The desc's limit is said in the same words, not valibot's "Invalid length: Expected <=2000 but received 2002".
    expect(said({ ...minimal, desc: "x".repeat(2001) })).toStrictEqual(["PROFILE_SCHEMA desc: at most 2000 characters"]);
  });

  it("a rule's requirement is checked only where the rule applies: its types that take every slot of when.has", () => {
    const slots = [{ key: "sup", type: "token", on: ["HO", "ST"] }, { key: "net", type: "money", on: ["ST"] }];
    const rule = { id: "r", desc: "d", when: { has: ["net"] }, require: ["sup"] };
    expect(compileVocabulary(coreVocabulary, { ...minimal, slots, translation: [rule] }).findings).toStrictEqual([]);
    expect(compileVocabulary(coreVocabulary, { ...minimal, slots, translation: [{ ...rule, on: ["HO", "ST"], when: { has: ["sup"] } }] }).findings).toStrictEqual([]);
  });

  it("says what is wrong with a field in a profile author's words, not the schema library's", () => {
    // valibot's own wording was "Invalid key: Expected never but received \"transaltion\"".
    const said = (profile: unknown): string[] => compileVocabulary(coreVocabulary, profile).findings.map((f) => f.message);
    expect(said({ version: "1", extends: "RW1" })).toStrictEqual(["profile: missing: a profile file must give it"]);
    expect(said({ ...minimal, transaltion: [] })).toStrictEqual(["transaltion: not a field of a profile file here (misspelt?)"]);
    expect(said({ ...minimal, version: 1 })).toStrictEqual(["version: expected text, received a number"]);
    // The schema's own words (README note 92): worded for every issue, the type test's replaced them.
    expect(said({ ...minimal, extends: "RW2" })).toStrictEqual(['extends: profiles extend RW1, not "RW2"']);
    expect(said({ ...minimal, extends: 1 })).toStrictEqual(["extends: profiles extend RW1, not a number"]);
    expect(said({ ...minimal, slots: [{ key: "amt", type: "money", on: ["HO", "XX"] }] })).toStrictEqual(['slots.0.on.1: "XX" is not one of the nine message types (HO RB AQ AN ST DN UN FL CX)']);
    expect(said({ ...minimal, translation: [{ id: "r", desc: "d", on: ["ho"] }] })).toStrictEqual(['translation.0.on.0: "ho" is not one of the nine message types (HO RB AQ AN ST DN UN FL CX)']);
    // An entry with no words of its own is still said as what it expects and what it got.
    expect(said({ ...minimal, translation: [{ id: "r", desc: "d", tail: "optional" }] })).toStrictEqual(['translation.0.tail: expected "required", received "optional"']);
    expect(said({ ...minimal, slots: "amt" })).toStrictEqual(["slots: expected a list of slots, received text"]);
    expect(said({ ...minimal, slots: [{ key: "amt", on: ["HO"] }] })).toStrictEqual(["slots.0.type: missing: a profile file must give it"]);
  });

  it("never throws on arbitrary input, and throws only when the core is not the core", () => {
    for (const junk of [null, 1, "pay", { profile: 5 }, { ...minimal, slots: "x" }, { ...minimal, enums: { a: { B: 1 } } }]) {
      expect(compileVocabulary(coreVocabulary, junk).ok).toBe(false);
    }
    expect(() => compileVocabulary(vocabularies().pay, minimal)).toThrow(TypeError);
  });
});

describe("a chosen profile file may not take a shipped profile's name (shippedNameTaken, for the CLI and the Worker)", () => {
  const isShipped = (name: string): boolean => Object.hasOwn(shippedProfiles, name);
  it("names the shipped profile and says to rename the file", () => {
    const f = shippedNameTaken({ profile: "pay", version: "1", extends: "RW1" }, isShipped);
    expect([f?.code, f?.severity, f?.path, f?.received]).toStrictEqual(["PROFILE_SHIPPED_NAME", "error", "profile", "pay"]);
    expect(f?.message).toContain("the shipped profile pay");
    expect(f?.message).toContain("give the file another name");
  });
  it("says nothing of a file under its own name, nor of what is no profile file (compileVocabulary's to refuse)", () => {
    for (const file of [{ profile: "payx" }, { profile: "PAY" }, { profile: 3 }, {}, null, "pay", ["pay"], { profile: "constructor" }, Object.create({ profile: "pay" })]) {
      expect(shippedNameTaken(file, isShipped), JSON.stringify(file)).toBeUndefined();
    }
  });
});

describe("extendVocabulary: the merge without the checks, for profiles already checked", () => {
  for (const name of Object.keys(shippedProfiles)) {
    it(`${name}: the same vocabulary as compileVocabulary`, async () => {
      const { extendVocabulary, meaningsOf } = await import("../../core/index.js");
      const checked = compileVocabulary(coreVocabulary, shippedProfiles[name]);
      if (!checked.ok) throw new Error("fixture");
      const extended = extendVocabulary(coreVocabulary, shippedProfiles[name] as never);
      const shape = (v: typeof checked.value) => ({
        name: v.name,
        types: v.types,
        slots: [...v.slots.values()].map((d) => [d.key, d.type.text, [...d.on], d.origin]),
        enums: [...v.enums].map(([n, codes]) => [n, [...codes]]),
        ckeys: [...v.constraintKeys],
        aliases: [...v.aliases],
        exec: [...v.exec],
        rules: v.translation.map((r) => [r.id, r.require, r.shapes.map((s) => s.pattern.source), r.sum]),
        ans: v.ans && [...v.ans],
        agents: v.agents && [...v.agents],
        meanings: meaningsOf(v),
      });
      expect(shape(extended)).toStrictEqual(shape(checked.value));
    });
  }
});

describe("a hostile profile gets findings, never an exception", () => {
  it("a slot type of thousands of nested list: prefixes is refused, not a stack overflow", () => {
    const type = `${"list:".repeat(100_000)}token`;
    expect(refused({ ...minimal, slots: [{ key: "deep", type, on: ["HO"] }] })).toStrictEqual(["PROFILE_SCHEMA slots.0.type"]);
  });
});

describe("names an object's prototype answers for are read as any other", () => {
  // Codes may be any case (only the core's are taken), so toString is a code a profile may add;
  // every table of codes, slots and profiles is a Map or read with Object.hasOwn, so it is known
  // only where defined. (constructor, prototype and __proto__ are refused as keys: note 6.)
  it("a profile's codes toString, hasOwnProperty, valueOf are its own, and unknown elsewhere", () => {
    const r = compileVocabulary(coreVocabulary, {
      ...minimal,
      asks: { toString: "to a string", hasOwnProperty: "own it" },
      enums: { ans: { valueOf: "its value" } },
      exec: { toString: ["item"] },
    });
    if (!r.ok) throw new Error(JSON.stringify(r.findings));
    const codes = (line: string, v = r.value): string[] => checkLine(line, v).findings.map((f) => `${f.code}:${f.slot}`);
    expect(codes("RW1 HO a-1 p=demo from=a to=b item=x ask=toString rb=exec")).toStrictEqual([]);
    expect(codes("RW1 AN a-2 re=b-1 p=demo from=a to=b val=valueOf")).toStrictEqual([]);
    expect(codes("RW1 AN a-2 re=b-1 p=demo from=a to=b val=toString")).toStrictEqual(["ANS_UNKNOWN:val"]);
    expect(codes("RW1 HO a-1 p=demo from=a to=b item=x ask=valueOf")).toStrictEqual(["ENUM_UNKNOWN:ask"]);
    expect(codes("RW1 HO a-1 p=demo from=a to=b item=x ask=constructor")).toStrictEqual(["ENUM_UNKNOWN:ask"]);
    expect(codes("RW1 HO a-1 from=a to=b item=x ask=toString", coreVocabulary)).toStrictEqual(["ENUM_UNKNOWN:ask"]);
    const resolve = profileResolver(null, (name) => (name === "demo" ? r.value : undefined));
    for (const p of ["toString", "constructor", "hasOwnProperty", "__proto__"]) {
      expect(checkLine(`RW1 HO a-1 p=${p} from=a to=b item=x ask=DRAFT`, resolve).findings.map((f) => f.code)).toStrictEqual(["PROFILE_UNKNOWN"]);
    }
  });
});
