import { describe, expect, it } from "vitest";
import { checkLine, checkMessage, compileVocabulary, coreVocabulary, formatLine, parseLine, slotPositions, validate } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const { pay, clin } = vocabularies();

function parsed(line: string, vocabulary = coreVocabulary): Message {
  const r = parseLine(line, vocabulary);
  if (!r.ok) throw new Error(`expected ${line} to parse: ${JSON.stringify(r.findings)}`);
  return r.value;
}

function codes(line: string): string[] {
  const r = parseLine(line);
  return r.findings.map((f) => f.code);
}

describe("parseLine: the JSON form of section 6", () => {
  it("reads the spec's section 6 example exactly", () => {
    const m = parsed("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes");
    expect(m).toStrictEqual({
      v: "RW1",
      type: "HO",
      id: "research-01",
      re: null,
      from: "research",
      to: "writer",
      item: "gh:crox/site#42",
      slots: { ask: "DRAFT", due: "20261002", pri: 2, conf: "M", keep: ["research"] },
      tail: "hero copy, 120 words, no em dashes",
    });
  });

  it("types values by slot, not by look: due stays a string, pri becomes a number", () => {
    const m = parsed("RW1 ST a-1 from=a to=b item=x pct=050 eta=20261002");
    expect(m.slots).toStrictEqual({ pct: 50, eta: "20261002" });
  });

  it("reads an integer by value: -0 is 0, as JSON writes it, so the line and its JSON form agree", () => {
    const m = parsed("RW1 ST a-1 from=a to=b item=x pct=-0");
    expect(Object.is(m.slots["pct"], 0)).toBe(true);
    expect(parsed(formatLine(m).value as string)).toStrictEqual(m);
  });

  it("decodes Y/N as booleans only where the slot is bool", () => {
    expect(parsed("RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=Y").slots["retry"]).toBe(true);
    expect(parsed("RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=N").slots["retry"]).toBe(false);
    expect(parsed("RW1 AN a-2 re=b-1 from=a to=b val=Y").slots["val"]).toBe("Y");
  });

  it("splits lists at +, in written order, typed by element", () => {
    const m = parsed("RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=b+a ctx=a-0+b-3 rb=acc+pri");
    expect(m.slots["keep"]).toStrictEqual(["b", "a"]);
    expect(m.slots["ctx"]).toStrictEqual(["a-0", "b-3"]);
    expect(m.slots["rb"]).toStrictEqual(["acc", "pri"]);
  });

  it("keeps a value that does not decode as written, for validation to refuse", () => {
    expect(parsed("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=high").slots["pri"]).toBe("high");
    expect(parsed("RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=maybe").slots["retry"]).toBe("maybe");
  });

  it("splits a value at the first =", () => {
    expect(parsed("RW1 HO a-1 from=a to=b item=url:https://x.test/?q=1&r=2 ask=DRAFT").item).toBe("url:https://x.test/?q=1&r=2");
  });

  it("starts the tail at the first ' // ', and a url:https:// value is not a tail", () => {
    const m = parsed("RW1 HO a-1 from=a to=b item=x ask=DRAFT art=url:https://example.com/brief // see https://example.com // twice");
    expect(m.slots["art"]).toStrictEqual(["url:https://example.com/brief"]);
    expect(m.tail).toBe("see https://example.com // twice");
  });

  it("keeps p as a slot and decodes profile slots only under that profile", () => {
    const line = "RW1 ST x-1 p=clin from=x to=y item=obs:bp act=OBS pol=POS cert=CERT subj=PT time=CUR src=doc:7#l3 qty=140/90 unit=mmHg // BP 140/90";
    expect(parsed(line, clin).slots["p"]).toBe("clin");
    // Under the core alone, profile slots are unknown and stay strings.
    expect(parsed(line).slots["qty"]).toBe("140/90");
  });

  it("reads re, from, to and item to the top level and null when absent", () => {
    const m = parsed("RW1 AQ a-1 from=a to=human need=YESNO");
    expect([m.re, m.item, m.tail]).toStrictEqual([null, null, null]);
  });

  it("decodes profile lists under the profile", () => {
    expect(parsed("RW1 ST e-1 p=pay from=e to=s item=inv:1 amt=10.00 cur=GBP kind=NET src=email:7+po:PO-1", pay).slots["src"]).toStrictEqual(["email:7", "po:PO-1"]);
  });
});

describe("parseLine: grammar errors carry a stable code and the position", () => {
  const cases: [string, string, string, number][] = [
    ["empty line", "", "LINE_EMPTY", 0],
    ["line break", "RW1 HO a-1 from=a\nto=b", "LINE_BREAK", 17],
    ["carriage return", "RW1 HO a-1 from=a to=b\r", "LINE_BREAK", 22],
    ["control character", "RW1 HO a-1 from=a to=b item=x\u0007 ask=DRAFT", "CONTROL_CHAR", 29],
    ["tab", "RW1 HO a-1\tfrom=a", "CONTROL_CHAR", 10],
    ["lone surrogate", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // \ud800", "ENCODING", 43],
    ["no type", "RW1", "MISSING_TYPE", 3],
    ["type is keyed", "RW1 from=a to=b", "MISSING_TYPE", 4],
    ["no id", "RW1 HO", "MISSING_ID", 6],
    ["id is keyed", "RW1 HO from=a to=b", "MISSING_ID", 7],
    ["token without =", "RW1 HO a-1 from=a to=b item=x DRAFT", "TOKEN_NOT_KEYED", 30],
    ["bad key", "RW1 HO a-1 from=a to=b item=x Ask=DRAFT", "KEY_SYNTAX", 30],
    ["empty key", "RW1 HO a-1 from=a to=b item=x =DRAFT", "KEY_SYNTAX", 30],
    ["reserved key", "RW1 HO a-1 from=a to=b item=x constructor=1", "KEY_SYNTAX", 30],
    ["duplicate slot", "RW1 HO a-1 from=a to=b item=x ask=DRAFT ask=FIX", "DUPLICATE_KEY", 40],
    ["duplicate envelope", "RW1 HO a-1 from=a to=b from=c item=x ask=DRAFT", "DUPLICATE_KEY", 23],
    ["double space", "RW1 HO a-1 from=a  to=b", "SPACING", 18],
    ["leading space", " RW1 HO a-1 from=a", "SPACING", 0],
    ["trailing space", "RW1 HO a-1 from=a ", "SPACING", 18],
    ["empty tail", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // ", "TAIL_EMPTY", 40],
    ["empty tail, no space", "RW1 HO a-1 from=a to=b item=x ask=DRAFT //", "TAIL_EMPTY", 40],
  ];
  for (const [name, line, code, at] of cases) {
    it(`${name}: ${code} at ${at}`, () => {
      const r = parseLine(line);
      expect(r.ok).toBe(false);
      const f = r.findings.find((x) => x.code === code);
      expect(f, JSON.stringify(r.findings)).toBeDefined();
      expect(f?.at).toBe(at);
      expect(f?.severity).toBe("error");
    });
  }

  it("says a reserved key is reserved, not that it breaks the key pattern it matches", () => {
    const message = (line: string) => parseLine(line).findings.find((f) => f.code === "KEY_SYNTAX")?.message;
    expect(message("RW1 HO a-1 from=a to=b item=x constructor=1")).toBe("key 'constructor' is reserved: JavaScript tools could drop it from the JSON form");
    expect(message("RW1 HO a-1 from=a to=b item=x Ask=DRAFT")).toBe("key 'Ask' is not [a-z][a-z0-9_]*");
  });

  it("reports every grammar error of a line, not just the first", () => {
    expect(codes("RW1 HO a-1 from=a to=b item=x DRAFT Ask=1 ask=A ask=B")).toStrictEqual(["TOKEN_NOT_KEYED", "KEY_SYNTAX", "DUPLICATE_KEY"]);
  });

  it("recovers the envelope of a broken line so a refusal can be addressed", () => {
    const r = parseLine("RW1 HO a-7 from=a to=b item=x DRAFT");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.envelope).toStrictEqual({ id: "a-7", from: "a", to: "b", item: "x" });
  });

  it("throws a TypeError only when called with something other than a string", () => {
    expect(() => parseLine(42 as unknown as string)).toThrow(TypeError);
  });
});

describe("hostile lines: bounded answers", () => {
  it("lists at most 100 findings and counts the rest, for parse and for validate", () => {
    const parsed = parseLine(`RW1 HO a-1 from=a to=b item=x ask=DRAFT ${"a ".repeat(5000).trim()}`);
    expect(parsed.findings.length).toBe(101);
    expect(parsed.findings.at(-1)).toMatchObject({ code: "FINDINGS_CUT", severity: "note", received: "4900" });
    const many = parseLine(`RW1 HO a-1 from=a to=b item=x ask=DRAFT ${Array.from({ length: 500 }, (_, i) => `k${i}=1`).join(" ")}`);
    if (!many.ok) throw new Error("500 unknown keys still parse");
    const found = validate(many.value, coreVocabulary);
    expect(found.length).toBe(101);
    expect(found.at(-1)?.message).toBe("400 more findings (0 errors) are not listed");
  });
  it("never cuts an error for notes: a line whose error comes after 100 notes is still refused", () => {
    // 101 unknown keys (a note each) ahead of pri=9 (an error): the cut kept the notes and lost the
    // error, so the HO validated, and a readback of it passed receipt.
    const junk = Array.from({ length: 101 }, (_, i) => `k${i}=1`).join(" ");
    const read = parseLine(`RW1 HO a-1 from=a to=b item=x ask=DRAFT ${junk} pri=9`);
    if (!read.ok) throw new Error("the line parses");
    const found = validate(read.value, coreVocabulary);
    expect(found.length).toBe(101);
    expect(found.filter((f) => f.severity === "error").map((f) => f.code)).toStrictEqual(["OUT_OF_RANGE"]);
    expect(found.at(-1)?.message).toBe("2 more findings (0 errors) are not listed");
    expect(checkMessage(read.value).ok).toBe(false);
  });
  it("lists at most 100 findings for a JSON form too, however many keys it gets wrong", () => {
    const slots = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`K${i}`, 1]));
    const checked = checkMessage({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", tail: null, slots });
    expect(checked.ok).toBe(false);
    expect(checked.findings.length).toBe(101);
    expect(checked.findings.at(-1)).toMatchObject({ code: "FINDINGS_CUT", severity: "note", received: "4900" });
    const reserved = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, { constructor: 1 }]));
    expect(checkMessage({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", tail: null, slots: reserved }).findings.length).toBe(101);
  });
  it("says a JSON form left a field out, and that an absent part is written null", () => {
    const messages = (input: object) => checkMessage(input).findings.map((f) => [f.slot, f.message]);
    expect(messages({ v: "RW1", type: "HO", id: "a-1", from: "a", to: "b", re: null, slots: { ask: "DRAFT" }, tail: null })).toStrictEqual([["item", "item: missing; the JSON form holds every field, and item is null when absent"]]);
    expect(messages({ type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: {}, tail: null })).toStrictEqual([["v", "v: missing; the JSON form holds every field"]]);
  });
  it("names a JSON form's unknown field in its own words, not the schema library's", () => {
    const form = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT" }, tail: null };
    const findings = checkMessage({ ...form, extra: 2 }).findings.map((f) => [f.code, f.slot, f.message]);
    expect(findings).toStrictEqual([["JSON_SHAPE", "extra", "extra: not a field of the JSON form (v, type, id, re, from, to, item, slots, tail); a field the digest would ignore is refused"]]);
  });
  it("shows a long key of a JSON form cut to 40 characters", () => {
    const form = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", tail: null };
    const long = "K".repeat(100_000);
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}{"constructor":1}${"}".repeat(10_000)}`) as unknown;
    for (const input of [{ ...form, slots: { [long]: 1 } }, { ...form, slots: {}, [long]: 1 }, { ...form, slots: { x_a: deep } }]) {
      const checked = checkMessage(input);
      expect(checked.findings.length).toBeGreaterThan(0);
      for (const f of checked.findings) {
        expect(f.code).toBe("JSON_SHAPE");
        expect(f.message.length).toBeLessThan(200);
        expect(f.slot?.length ?? 0).toBeLessThanOrEqual(43);
      }
    }
  });
  it("never cuts a quoted token or key inside a surrogate pair (a finding is well-formed text)", () => {
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const parsed = parseLine(`RW1 HO a-1 from=a to=b item=x ${"A".repeat(39)}\u{1F600} ${"k".repeat(39)}\u{1F600}=1`);
    const form = checkMessage({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", tail: null, slots: { [`${"K".repeat(33)}\u{1F600}`]: 1 } });
    const findings = [...parsed.findings, ...form.findings];
    expect(findings.map((f) => f.code)).toStrictEqual(["TOKEN_NOT_KEYED", "KEY_SYNTAX", "JSON_SHAPE"]);
    for (const f of findings) {
      for (const text of [f.message, f.received ?? "", f.slot ?? ""]) expect(loneSurrogate.test(text)).toBe(false);
    }
    expect(parsed.findings[0]?.received).toBe(`${"A".repeat(39)}...`);
  });
  it("shows a long token or key cut to 40 characters", () => {
    const parsed = parseLine(`RW1 HO a-1 from=a to=b item=x ${"z".repeat(100_000)} ${"K".repeat(100_000)}=1`);
    expect(parsed.findings.map((f) => f.received?.length)).toStrictEqual([43, 43]);
  });
});

describe("slotPositions", () => {
  it("locates every part of a line", () => {
    const line = "RW1 HO a-1 from=a to=b item=x ask=DRAFT // t";
    expect(slotPositions(line)).toStrictEqual({ v: 0, type: 4, id: 7, from: 11, to: 18, item: 23, ask: 30, tail: 43 });
  });
  it("lists a key named like a part under nothing: the name is the part's, even a tail the line lacks", () => {
    const line = "RW1 AN a-1 re=b-1 from=a to=b val=tail v=1 type=x id=2 tail=y";
    expect(slotPositions(line)).toStrictEqual({ v: 0, type: 4, id: 7, re: 11, from: 18, to: 25, val: 30 });
    expect(slotPositions(`${line} // t`)["tail"]).toBe(line.length + 4);
  });
  it("checkLine places a finding about such a key on the key, and one about the part on the part", () => {
    const line = "RW1 AN a-1 re=b-1 from=a to=b val=tail v=1 type=x id=2 tail=y";
    const at = (text: string): string[] => checkLine(text).findings.map((f) => `${f.code}:${f.slot}@${f.at}`);
    expect(at(line)).toStrictEqual(["SLOT_UNKNOWN:v@39", "SLOT_UNKNOWN:type@43", "SLOT_UNKNOWN:id@50", "SLOT_UNKNOWN:tail@55", "TAIL_REQUIRED:tail@undefined"]);
    expect(at("RW1 HO b-1 from=a to=b item=x ask=DRAFT id=2 // t")).toStrictEqual(["ID_FROM:id@7", "SLOT_UNKNOWN:id@40"]);
    expect(at("RW1 HO a-1 from=a to=b item=x ask=DRAFT tail=2 // a tail=3")).toStrictEqual(["SLOT_UNKNOWN:tail@40"]);
  });
  // The playground paints every line it is given with slotPositions, refused ones included: a
  // search for each token's `=` that ran past the token made a pasted megabyte of `a a a ...`
  // quadratic (seconds per keystroke). A linear scan takes milliseconds; the timeout is the check.
  it("reads two megabytes of tokens without = in linear time", () => {
    const words = "a ".repeat(1_000_000).trimEnd();
    expect(slotPositions(words)).toStrictEqual({ v: 0, type: 2, id: 4 });
    expect(slotPositions(`RW1 HO a-1 ${"RW1 ".repeat(500_000)}x=1`)["x"]).toBe(2_000_011);
  }, 5_000);
});

describe("formatLine", () => {
  it("writes re from to item first, then p, then the slots in order, then the tail", () => {
    const m = parsed("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607", pay);
    const r = formatLine(m);
    expect(r.ok && r.value).toBe("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY h=a7a82de76607");
  });

  it("round-trips every example line of section 8 to the same JSON form", async () => {
    const { sectionEight } = await import("../spec-examples.js");
    for (const line of sectionEight) {
      const m = parsed(line, line.includes("p=pay") ? pay : coreVocabulary);
      const again = formatLine(m);
      expect(again.ok).toBe(true);
      if (again.ok) expect(parsed(again.value, line.includes("p=pay") ? pay : coreVocabulary)).toStrictEqual(m);
    }
  });

  it("reads a 16-digit integer on a line as the JSON form holds it (days, int up to 2^53-1)", () => {
    // Rule 5: two forms, one message. A JSON form may hold any safe integer in a days or int slot;
    // the line formatLine writes for it must read back as the same number, not as a string.
    const compiled = compileVocabulary(coreVocabulary, {
      profile: "wide", version: "0.1", extends: "RW1",
      slots: [{ key: "d", type: "days", on: ["HO"] }, { key: "n", type: "int", on: ["HO"] }],
    });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.findings));
    for (const slots of [{ d: 1000000000000000 }, { n: 9007199254740991 }, { d: 0, n: 1234567890123456 }]) {
      const message: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { p: "wide", ask: "DRAFT", ...slots }, tail: null };
      expect(checkMessage(message, compiled.value).findings).toStrictEqual([]);
      const line = formatLine(message);
      if (!line.ok) throw new Error(JSON.stringify(line.findings));
      const back = checkLine(line.value, compiled.value);
      expect(back.findings).toStrictEqual([]);
      expect(back.message).toStrictEqual(message);
    }
    // Past 2^53-1 a number is no longer exact: it stays the string as written, and is refused.
    const past = checkLine("RW1 HO a-1 p=wide from=a to=b item=x ask=DRAFT n=9007199254740992", compiled.value);
    expect(past.message?.slots["n"]).toBe("9007199254740992");
    expect(past.findings.map((f) => f.code)).toStrictEqual(["VALUE_TYPE"]);
  });

  const base: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT" }, tail: null };
  const refused: [string, Partial<Message>, string][] = [
    ["a space in a value", { item: "x y" }, "item"],
    ["a + inside a list element", { slots: { keep: ["a+b"] } }, "keep"],
    ["an empty list", { slots: { keep: [] } }, "keep"],
    ["a fraction", { slots: { pri: 1.5 } }, "pri"],
    ["a nested list", { slots: { keep: [["a"]] as unknown as string[] } }, "keep"],
    ["an empty tail", { tail: "" }, "tail"],
    ["a line break in the tail", { tail: "a\nb" }, "tail"],
    ["a key that is not a key", { slots: { "Bad Key": "x" } }, "Bad Key"],
    ["an envelope field in slots", { slots: { from: "a" } }, "from"],
    ["an id with =", { id: "a=1" }, "id"],
    // `RW1 HO // from=a ...` would read back with its slots as the tail.
    ["an id that is the tail separator", { id: "//" }, "id"],
    ["a type that is the tail separator", { type: "//" }, "type"],
  ];
  for (const [name, patch, slot] of refused) {
    it(`refuses ${name}`, () => {
      const r = formatLine({ ...base, ...patch });
      expect(r.ok).toBe(false);
      expect(r.findings.map((f) => [f.code, f.slot])).toContainEqual(["UNREPRESENTABLE", slot]);
    });
  }
});
