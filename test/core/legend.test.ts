import { describe, expect, it } from "vitest";
import { CORE_CONSTRAINT_KEYS, CORE_ENUMS, CORE_MEANINGS, CORE_SLOTS, compileVocabulary, coreVocabulary, legend, meaningsOf, MESSAGE_TYPES, parseLine, READBACK_LEVELS, validate } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { expectComplete, expectLeanComplete, expectReadsBack, teachBack } from "../legend-reader.js";
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

describe("a lean legend with no ask codes to print (README note 52)", () => {
  const file = { profile: "quiet", version: "1", extends: "RW1", asks_used: [] as string[] };
  const quiet = compileVocabulary(coreVocabulary, file).value as Vocabulary;
  const lean = legend(quiet, { lean: true });
  it("says the ask line lists no codes, and no line ends in a space or an empty list", () => {
    expect(lean.split("\n").filter((l) => /^ask /.test(l))).toStrictEqual(["ask what to do, next suggested next (no codes listed)"]);
    for (const line of lean.split("\n")) expect(line, line).not.toMatch(/(\s|:)$/);
  });
  it("reads back: ask and next are enum:ask slots, the ask enum has no codes", () => {
    expectReadsBack(quiet, lean, true);
    expectLeanComplete(quiet, lean);
    expect(teachBack(lean).enums.get("ask")).toStrictEqual([]);
    // The full legend still prints every core ask.
    expect(legend(quiet)).toMatch(/^ask what to do, next suggested next: REVIEW /m);
  });
});

describe("a type named like an enum is headed `type` (README note 53)", () => {
  it("clin: one line starts with time, its enum's; the core type's reads type time", () => {
    for (const lean of [false, true]) {
      const lines = legend(vocabularies().clin, { lean }).split("\n");
      expect(lines.filter((l) => /^time\b/.test(l))).toStrictEqual(["time when it holds: CUR current, PAST, FUT future, HYP hypothetical or conditional"]);
      expect(lines).toContain("type time YYYYMMDDTHHMMZ UTC: exp deadline to act or confirm (never echoed)");
    }
  });
  it("a profile's enum named date: the date line is headed type date, and it reads back", () => {
    const file = { profile: "dd", version: "1", extends: "RW1", enums: { date: { SET: "fixed", OPEN: "to agree" } }, slots: [{ key: "when", type: "enum:date", on: ["HO"] }] };
    const dd = compileVocabulary(coreVocabulary, file).value as Vocabulary;
    const lines = legend(dd).split("\n");
    expect(lines.filter((l) => /^(type )?date\b/.test(l))).toStrictEqual(["type date YYYYMMDD: due needed by, by answer by, eta expected done", "date, when: SET fixed, OPEN to agree"]);
    expectReadsBack(dd, legend(dd), false);
    expectReadsBack(dd, legend(dd, { lean: true }), true);
  });
  it("pay, core and pform have no type named like an enum: no line is headed type", () => {
    for (const [name, vocabulary] of all) if (name !== "clin") expect(legend(vocabulary).split("\n").filter((l) => l.startsWith("type ")), name).toStrictEqual([]);
  });
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
    const v = compile({ ...base, profile: "zz", version: "1\n\nTYPES (all need zz): x", translation: [{ id: "a", desc: "one\n\nTYPES (all need zz): y\nthree", tail: "required" }] });
    for (const lean of [false, true]) {
      const text = legend(v, { lean });
      expect(text.split("\n\n").map((s) => s.split(/[ \n]/)[0])).toStrictEqual(["RW1", "TYPES", "SLOTS", "ENUMS", ...(lean ? [] : ["CRITERIA"]), "PROFILE"]);
      expect(text.split("\n").slice(-2)).toStrictEqual(["PROFILE zz 1 TYPES (all need zz): x", `one TYPES (all need zz): y three${lean ? "" : " (needs tail)"}`]);
      expectReadsBack(v, text, lean);
    }
  });
  it("prints no control character from a profile: NEL (a line break to many readers), NUL and ESC become a space", () => {
    const meaning = "a\u0085b\u0000c\u001b[2Jd\u009be";
    const v = compile({ ...base, profile: "zz", version: "1\u0085", asks: { ZZ: meaning }, enums: { stage: { S1: meaning, S2: "x" } }, slots: [{ key: "stg", type: "enum:stage", on: ["HO"], desc: meaning }, { key: "sz", type: "token", on: ["HO"], desc: meaning }], translation: [{ id: "a", desc: meaning, tail: "required" }] });
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
        "ans the answer - (AQ opts; AN val or Y N number date tail): OK2 fine",
      ]);
      expectReadsBack(v, text, lean);
    }
  });
});

// Section 1, goal 2: "Readable by a model from a short legend alone". A rule's desc is the
// profile's own words; what the validator holds a line to is the rule's data, so the legend prints that too.
describe("the legend says what each translation rule checks, not only its desc", () => {
  it("pay: which items are source documents and invoices, and what each rule needs (the full legend)", () => {
    const lines = legend(vocabularies().pay).split("\n");
    expect(lines.slice(-3)).toStrictEqual([
      "an ST about a source document carries src= (ST, item inv: po: email: bank: stmt: doc:; needs src)",
      "an invoice line carries amt cur kind (ST, item inv:; needs amt cur kind)",
      "net + vat = amt (kind=GROSS) when all given (with net vat amt; kind=GROSS net+vat=amt)",
    ]);
  });
  it("pay, lean: each rule's desc alone, within lean's 900 tokens (issue 4)", () => {
    const lines = legend(vocabularies().pay, { lean: true }).split("\n");
    expect(lines.slice(-3)).toStrictEqual(["an ST about a source document carries src=", "an invoice line carries amt cur kind", "net + vat = amt (kind=GROSS) when all given"]);
  });
  it("clin: the shapes of item and src, the tail, and a unit with a quantity or a dose", () => {
    expect(legend(vocabularies().clin).split("\n").slice(-5)).toStrictEqual([
      "item is <kind>:<concept> (ST; item=<kind>:<id>)",
      "src points at one document line as doc:<id>#l<n> (ST; src=doc:<id>#l<n>)",
      "the verbatim quote is the tail (ST; needs tail)",
      "a quantity carries its unit in its own slot (ST, with qty; needs unit)",
      "a dose carries its unit in its own slot (ST, with dose; needs unit)",
    ]);
  });
  it("a custom profile whose descs say little: the scope, the slots and tail it needs, its shapes and sums", () => {
    const v = compile({
      ...base,
      profile: "zz",
      slots: [
        { key: "wt", type: "num", on: ["HO", "ST"] },
        { key: "unit", type: "token", on: ["HO", "ST"] },
        { key: "a", type: "money", on: ["ST"] },
        { key: "b", type: "money", on: ["ST"] },
        { key: "cost", type: "money", on: ["ST"] },
      ],
      translation: [
        { id: "r1", desc: "weights", when: { has: ["wt"] }, require: ["unit"] },
        { id: "r2", desc: "boxes", on: ["ST"], when: { item_ns: ["box", "crate"] }, tail: "required", shape: { item: "{id}:{n}" } },
        { id: "r3", desc: "cost\nadds up", on: ["ST"], sum: { parts: ["a", "b"], total: "cost" } },
      ],
    });
    const full = legend(v);
    expect(full.split("\n").slice(-3)).toStrictEqual([
      "weights (with wt; needs unit)",
      "boxes (ST, item box: crate:; needs tail; item=<id>:<n>)",
      "cost adds up (ST; a+b=cost)",
    ]);
    expectReadsBack(v, full, false);
    // Lean keeps the descs and leaves out what each rule restates.
    const lean = legend(v, { lean: true });
    expect(lean.split("\n").slice(-3)).toStrictEqual(["weights", "boxes", "cost adds up"]);
    expectReadsBack(v, lean, true);
    // What the legend says is what validate holds a line to.
    const read = (line: string): string[] => {
      const parsed = parseLine(line.replace(/^(\S+ \S+ \S+)/, "$1 p=zz from=x to=y"), v);
      return parsed.ok ? validate(parsed.value, v).filter((f) => f.severity === "error").map((f) => `${f.path}:${f.slot}`) : ["unparsed"];
    };
    expect(read("RW1 HO x-1 item=i ask=FIX wt=3")).toStrictEqual(["r1:unit"]);
    expect(read("RW1 ST x-1 item=box:7 // seen")).toStrictEqual([]);
    expect(read("RW1 ST x-1 item=crate:x")).toStrictEqual(["r2:tail", "r2:item"]);
    expect(read("RW1 ST x-1 item=y a=1.00 b=2.00 cost=4.00")).toStrictEqual(["r3:cost"]);
  });
});

describe("the legend's ans line says what the validator holds AQ opts and AN val to (section 7)", () => {
  const pay = vocabularies().pay;
  const errors = (line: string): string[] => {
    const parsed = parseLine(line, pay);
    return parsed.ok ? validate(parsed.value, pay).filter((f) => f.severity === "error").map((f) => `${f.code}:${f.slot}`) : ["unparsed"];
  };
  it("an AQ's opts are ans codes only; an AN's val may also be Y, N, a number, a date or tail", () => {
    expect(legend(pay, { lean: true }).split("\n").filter((l) => l.startsWith("ans "))).toStrictEqual([
      "ans (AQ opts; AN val or Y N number date tail): APPROVE as read back, DECLINE nothing happens, HOLD wait, REJECT wrong (sender corrects), CALLBACK call the number on file first",
    ]);
    for (const option of ["Y", "N", "12", "20261002"]) expect(errors(`RW1 AQ s-1 p=pay from=s to=h need=ENUM opts=APPROVE+${option}`), option).toStrictEqual(["ANS_UNKNOWN:opts"]);
    for (const val of ["Y", "N", "12", "20261002", "APPROVE"]) expect(errors(`RW1 AN h-1 re=s-1 p=pay from=h to=s val=${val}`), val).toStrictEqual([]);
  });
});

describe("the legend prints the format of a profile's num and days slots, as of date and money", () => {
  it("num 12.5 or 140/90 (no unit, no separators), days a whole number: formats validate accepts", () => {
    const v = compile({ ...base, profile: "zz", slots: [{ key: "wt", type: "num", on: ["ST"] }, { key: "lag", type: "days", on: ["ST"] }] });
    for (const lean of [false, true]) {
      const lines = legend(v, { lean }).split("\n");
      expect(lines).toContain("num 12.5 or 140/90: wt");
      expect(lines).toContain("days whole number: lag");
      expectReadsBack(v, legend(v, { lean }), lean);
    }
    const errors = (slots: string): string[] => {
      const parsed = parseLine(`RW1 ST x-1 p=zz from=x to=y item=i ${slots}`, v);
      return parsed.ok ? validate(parsed.value, v).filter((f) => f.severity === "error").map((f) => `${f.code}:${f.slot}`) : ["unparsed"];
    };
    for (const ok of ["wt=12.5", "wt=140/90", "lag=14"]) expect(errors(ok), ok).toStrictEqual([]);
    for (const bad of ["wt=12kg", "wt=1,200", "lag=2w", "lag=1.5"]) expect(errors(bad), bad).not.toStrictEqual([]);
    expect(legend(vocabularies().clin).split("\n")).toContain("num 12.5 or 140/90: qty a value as written - or two with a slash (140/90), dose dose amount - unit in unit");
  });
  it("a list of a formatted type with no slot of its element type beside it takes its element's format on its own line (README note 54)", () => {
    const v = compile({ ...base, profile: "zz", slots: [{ key: "wts", type: "list:num", on: ["ST"], desc: "weights" }, { key: "lags", type: "list:days", on: ["ST"] }, { key: "amts", type: "list:money", on: ["ST"] }] });
    for (const lean of [false, true]) {
      const lines = legend(v, { lean }).split("\n");
      expect(lines.filter((l) => /^list:(num|days|money)\b/.test(l))).toStrictEqual(["list:num 12.5 or 140/90: wts weights", "list:days whole number: lags", "list:money 5400.00: amts"]);
      expectReadsBack(v, legend(v, { lean }), lean);
    }
    // Beside a slot of its element type, the list stays on that line, which prints the format once.
    const both = compile({ ...base, profile: "zz", slots: [{ key: "wt", type: "num", on: ["ST"] }, { key: "wts", type: "list:num", on: ["ST"] }] });
    expect(legend(both).split("\n")).toContain("num 12.5 or 140/90: wt; list: wts");
  });
});
