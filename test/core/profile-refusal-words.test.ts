import { describe, expect, it } from "vitest";
import { compileVocabulary, coreVocabulary, profileSchema } from "../../core/index.js";

// A profile that uses every field of the file format (profiles/README.md), each list and object
// holding one entry, so that every entry of the schema has a value to break.
const full = {
  profile: "demo",
  version: "0.1",
  extends: "RW1",
  title: "A demo",
  desc: "What the domain is",
  asks: { SHIP: "ship it" },
  why: { LEGAL: "a legal hold" },
  enums: { tone: { LOW: "low" } },
  slots: [
    { key: "box", type: "money", on: ["HO", "RB", "DN"], required: false, desc: "the box" },
    { key: "box2", type: "money", on: ["HO"] },
    { key: "box3", type: "money", on: ["HO"] },
  ],
  agents: ["ops"],
  asks_used: ["REVIEW", "UNDO"],
  exec: { SHIP: ["box"] },
  ckeys: { sev: { desc: "severity", set: true } },
  aliases: [["crate", "carton"]],
  translation: [
    { id: "r1", desc: "a rule", on: ["HO"], when: { item_ns: ["doc"], has: ["box"] }, require: ["box"], tail: "required", shape: { item: "doc:{id}" }, sum: { parts: ["box", "box2"], total: "box3" } },
    // One check alone: dropped, the rule names nothing to check (README note 187).
    { id: "r2", desc: "a quote", tail: "required" },
  ],
};

/** Values of the wrong kind, shape or size for any entry. */
const BAD: readonly unknown[] = [
  null, true, 0, 1.5, -1, "", " ", "\t\u0001", "A B", "x/y", "HO", "Ünï", "half \ud800", "y".repeat(301), "z".repeat(2001),
  [], [1], [""], ["HO", "HO"], ["A B"], [[]], [["a"]], [null],
  {}, { a: 1 }, { "A B": "x" }, { a: "" }, { a: [] }, { a: {} }, { key: "v" },
];

type Json = unknown;

/** Every file made from `full` by putting one bad value at one place, dropping one entry or adding an unknown one. */
function* broken(): Generator<Json> {
  function* at(value: Json, replace: (v: Json) => Json): Generator<Json> {
    for (const bad of BAD) yield replace(bad);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        yield* at(value[i], (v) => replace(value.map((x, j) => (j === i ? v : x))));
      }
      yield replace([...value, ...value]);
    } else if (value !== null && typeof value === "object") {
      const record = value as Record<string, Json>;
      for (const key of Object.keys(record)) {
        yield* at(record[key], (v) => replace({ ...record, [key]: v }));
        const { [key]: _, ...rest } = record;
        yield replace(rest);
      }
      yield replace({ ...record, extra: 1 });
    }
  }
  for (const key of Object.keys(full)) {
    const record = full as Record<string, Json>;
    yield* at(record[key], (v) => ({ ...full, [key]: v }));
  }
}

// valibot's own wording for an action given no message: "Invalid length: Expected >=2 but received 1".
const RAW = /(^|: )Invalid |Expected .* but received/;

describe("a refused profile file is refused in the project's words", () => {
  it("the file every broken one is made from compiles", () => {
    expect(compileVocabulary(coreVocabulary, full).findings).toStrictEqual([]);
  });

  it("no finding over thousands of broken files repeats a raw valibot message", () => {
    const raw = new Set<string>();
    let refused = 0;
    for (const file of broken()) {
      const r = compileVocabulary(coreVocabulary, file);
      if (r.ok) continue;
      refused++;
      for (const f of r.findings) if (RAW.test(f.message)) raw.add(f.message);
    }
    expect(refused).toBeGreaterThan(1000);
    expect([...raw]).toStrictEqual([]);
  });

  // README note 92: `extends`' and the types list's words were written but never shown, replaced
  // by `expected X, received Y`. Every message the schema gives of its own must reach an author.
  it("every message the schema words of its own reaches some finding", () => {
    const own = new Set<string>();
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      // A message written as a function is shown around the value received: its fixed parts must show.
      // The value is given as text, which a message quotes as written (`not "RW2"`).
      if (typeof n["message"] === "string") own.add(n["message"]);
      else if (typeof n["message"] === "function") own.add((n["message"] as (issue: object) => string)({ received: "\u0000", input: "\u0000" }).replace(JSON.stringify("\u0000"), "\u0000"));
      for (const key of ["pipe", "entries", "item", "wrapped", "key", "value"]) {
        const child = n[key];
        if (Array.isArray(child)) child.forEach(walk);
        else if (key === "entries" && child !== null && typeof child === "object") Object.values(child).forEach(walk);
        else walk(child);
      }
    };
    walk(profileSchema);
    expect(own.size).toBeGreaterThan(15);
    const said: string[] = [];
    for (const file of broken()) for (const f of compileVocabulary(coreVocabulary, file).findings) said.push(f.message);
    const unseen = [...own].filter((words) => !said.some((message) => words.split("\u0000").every((part) => message.includes(part))));
    expect(unseen).toStrictEqual([]);
  });
});

describe("each entry that valibot would word says what it must be", () => {
  const rule = (extra: Record<string, unknown>) => ({ ...full, translation: [{ id: "r1", desc: "a rule", ...extra }] });
  const cases: [string, unknown, string][] = [
    ["a sum of one part", rule({ sum: { parts: ["box"], total: "box3" } }), "translation.0.sum.parts: a sum adds at least two parts"],
    ["an empty item_ns", rule({ when: { item_ns: [] }, tail: "required" }), "translation.0.when.item_ns: names at least one item namespace (leave item_ns out to match any)"],
    ["an empty when.has", rule({ when: { has: [] }, tail: "required" }), "translation.0.when.has: names at least one slot (leave has out to match any)"],
    ["a when naming no condition", rule({ when: {}, tail: "required" }), "translation.0.when: names no condition (item_ns or has; leave when out to match any)"],
    // README note 187: a rule that checks nothing, or names no slot where it names slots to check.
    ["a rule naming nothing to check", rule({ on: ["HO"], when: { has: ["box"] } }), "translation.0: names nothing to check (require, tail, shape or sum): every line would pass it, yet the legend prints it as a rule"],
    ["an empty require", rule({ require: [] }), "translation.0.require: names at least one slot (leave require out to require none)"],
    ["an empty require beside a check", rule({ require: [], tail: "required" }), "translation.0.require: names at least one slot (leave require out to require none)"],
    ["a shape naming no slot", rule({ shape: {} }), "translation.0.shape: names at least one slot (leave shape out to shape none)"],
    ["a shape naming no slot beside a check", rule({ shape: {}, require: ["box"], on: ["HO"] }), "translation.0.shape: names at least one slot (leave shape out to shape none)"],
    ["an item namespace with a space", rule({ when: { item_ns: ["a b"] }, tail: "required" }), "translation.0.when.item_ns.0: item namespaces are [A-Za-z0-9._-]+ (the part of item before its first :)"],
    ["an empty shape", rule({ shape: { item: "" } }), "translation.0.shape.item: must not be empty: a shape is a template such as doc:{id}"],
    ["a shape of 201 characters", rule({ shape: { item: "d".repeat(201) } }), "translation.0.shape.item: at most 200 characters"],
    // README note 188: a list where an object of fields goes is that one fault, not its fields missing
    // and a field `0` (valibot reads a list as an object keyed by its indices).
    ["a when given as a list", rule({ when: ["box"], tail: "required" }), "translation.0.when: expected an object of fields, received a list"],
    ["a sum given as a list", rule({ sum: ["box", "box2"] }), "translation.0.sum: expected an object of fields, received a list"],
    ["a rule given as a list", { ...full, translation: [["r1", "a rule"]] }, "translation.0: expected an object of fields, received a list"],
    ["a slot given as a list", { ...full, slots: [["box", "money"]] }, "slots.0: expected an object of fields, received a list"],
    ["a constraint key given as a list", { ...full, ckeys: { sev: ["severity"] } }, "ckeys.sev: expected an object of fields, received a list"],
    ["an ask done with no slot", { ...full, exec: { SHIP: [] } }, "exec.SHIP: names at least one execution slot (an ask done with none is left out of exec)"],
    ["a spelling in upper case", { ...full, aliases: [["crate", "Carton"]] }, "aliases.0.1: spellings are [a-z0-9-]+"],
    ["a group of one spelling", { ...full, aliases: [["crate"]] }, "aliases.0: a group names at least two spellings (the first is canonical)"],
    ["a blank profile desc", { ...full, desc: " \t" }, "desc: must not be blank (white space or control characters only)"],
    ["an empty profile desc", { ...full, desc: "" }, "desc: must not be blank (white space or control characters only)"],
  ];
  for (const [name, file, message] of cases) {
    it(name, () => {
      const r = compileVocabulary(coreVocabulary, file);
      expect(r.findings.map((f) => `${f.code} ${f.message}`)).toStrictEqual([`PROFILE_SCHEMA ${message}`]);
    });
  }

  it("a shape's 200 characters are code points, as every text's limit is (README note 14)", () => {
    const shape = "doc:{id}" + "\u{1F600}".repeat(150);
    expect(shape.length).toBeGreaterThan(200);
    expect(compileVocabulary(coreVocabulary, rule({ shape: { item: shape } })).findings).toStrictEqual([]);
  });
});

// A value of the wrong JSON type is named as a JSON author names it (text, a number, true, false,
// null, a list, an object), never by valibot's JavaScript names (`expected Array, received "x"`).
describe("a value of the wrong JSON type is said in the file's words", () => {
  const cases: [string, unknown, string][] = [
    ["text where a list goes", { ...full, agents: "writer" }, "agents: expected a list of agent names, received text"],
    ["an object where a list goes", { ...full, translation: {} }, "translation: expected a list of rules, received an object"],
    ["null where a list goes", { ...full, aliases: null }, "aliases: expected a list of groups of spellings, received null"],
    ["a list of lists given text", { ...full, aliases: ["crate"] }, "aliases.0: expected a list of spellings, received text"],
    ["a number in a list of names", { ...full, agents: [3] }, "agents.0: expected text, received a number"],
    ["true where text goes", { ...full, version: true }, "version: expected text, received true"],
    ["a list where text goes", { ...full, title: ["A demo"] }, "title: expected text, received a list"],
    ["text where an object of entries goes", { ...full, asks: "SHIP" }, "asks: expected an object of entries, received text"],
    ["a number where an object of entries goes", { ...full, enums: { tone: 1 } }, "enums.tone: expected an object of entries, received a number"],
    ["null where an object of fields goes", { ...full, ckeys: { sev: null } }, "ckeys.sev: expected an object of fields, received null"],
    ["false where an object of fields goes", { ...full, slots: [false] }, "slots.0: expected an object of fields, received false"],
    ["text where true or false goes", { ...full, ckeys: { sev: { desc: "severity", set: "yes" } } }, "ckeys.sev.set: expected true or false, received text"],
    ["a value other than the one allowed, of another type", { ...full, translation: [{ id: "r2", desc: "a quote", tail: {} }] }, 'translation.0.tail: expected "required", received an object'],
    ["a list for extends", { ...full, extends: ["RW1"] }, "extends: profiles extend RW1, not a list"],
    ["an object for a message type", { ...full, slots: [{ key: "box", type: "money", on: [{}] }] }, "slots.0.on.0: an object is not one of the nine message types (HO RB AQ AN ST DN UN FL CX)"],
    ["a number for a message type", { ...full, translation: [{ id: "r2", desc: "a quote", tail: "required", on: [2] }] }, "translation.0.on.0: a number is not one of the nine message types (HO RB AQ AN ST DN UN FL CX)"],
  ];
  for (const [name, file, message] of cases) {
    it(name, () => {
      const r = compileVocabulary(coreVocabulary, file);
      expect(r.findings.map((f) => `${f.code} ${f.message}`)).toStrictEqual([`PROFILE_SCHEMA ${message}`]);
    });
  }

  it("no finding over thousands of broken files names a JavaScript type or quotes text given for another type", () => {
    const JAVASCRIPT = /\b(Array|Object)\b|expected (string|boolean)|expected (text|a list[\w ]*|an object of \w+|true or false), received "/;
    const said = new Set<string>();
    for (const file of broken()) for (const f of compileVocabulary(coreVocabulary, file).findings) if (JAVASCRIPT.test(f.message)) said.add(f.message);
    expect([...said]).toStrictEqual([]);
  });
});

// Codes are read as written (README note 15), so `pay` is no ask where `PAY` is; the author most
// likely meant `PAY`, and the one finding says so, never a second, never an acceptance (rule 2).
describe("a reference to an undefined code names its case twin", () => {
  const refused = (file: unknown): string[] => compileVocabulary(coreVocabulary, file).findings.map((f) => `${f.code} ${f.path} ${f.message}`);
  it("an exec ask whose twin the profile defines", () => {
    expect(refused({ ...full, exec: { ship: ["box"] } })).toStrictEqual(["PROFILE_REFERENCE exec.ship exec.ship: ship is not an ask of the core or the profile (SHIP is; codes are case-sensitive)"]);
  });
  it("an exec ask whose twin the core defines", () => {
    expect(refused({ ...full, exec: { review: ["box"] } })).toStrictEqual(["PROFILE_REFERENCE exec.review exec.review: review is not an ask of the core or the profile (REVIEW is; codes are case-sensitive)"]);
  });
  it("an asks_used ask whose twin the core defines", () => {
    expect(refused({ ...full, asks_used: ["REVIEW", "undo"] })).toStrictEqual([
      "PROFILE_REFERENCE asks_used asks_used: undo is not a core ask (UNDO is; codes are case-sensitive): asks_used lists the core asks the domain needs",
      // The exec ask's own finding (UNDO left out) is the file's other fault, unchanged.
      "PROFILE_REFERENCE asks_used asks_used: asks_used leaves out UNDO, but the profile names execution slots: a done report that does not match its plan is reversed with ask=UNDO (section 5.4), so list it there",
    ]);
  });
  it("every twin, where the profile defines two", () => {
    expect(refused({ ...full, asks: { SHIP: "ship it", Ship: "ship it" }, exec: { ship: ["box"] } })).toContain(
      "PROFILE_REFERENCE exec.ship exec.ship: ship is not an ask of the core or the profile (SHIP and Ship are; codes are case-sensitive)",
    );
  });
  it("an undefined code with no twin reads as before", () => {
    expect(refused({ ...full, exec: { SHIPS: ["box"] } })).toStrictEqual(["PROFILE_REFERENCE exec.SHIPS exec.SHIPS: SHIPS is not an ask of the core or the profile"]);
  });
});
