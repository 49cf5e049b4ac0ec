// What every adapter reads through: one message from text or JSON, the vocabulary it is read
// with, and RW1's clock.
import { describe, expect, it } from "vitest";
import { afterDate, afterTime, compileVocabulary, coreVocabulary, formatInput, isJsonForm, messageNumber, parseJsonText, profileNamed, profileResolver, readLine, readMessage, timeAt } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const { pay, clin } = vocabularies();

describe("readMessage", () => {
  const line = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT";
  const resolve = profileResolver(null, () => undefined);
  it("reads an RW1 line, its JSON form as text, and its JSON form as an object, alike", () => {
    const fromLine = readMessage(line, resolve);
    expect(fromLine.ok).toBe(true);
    expect(readMessage(JSON.stringify(fromLine.message), resolve).message).toStrictEqual(fromLine.message);
    expect(readMessage(fromLine.message as object, resolve).message).toStrictEqual(fromLine.message);
  });
  it("tells JSON text that does not parse from a line, without throwing", () => {
    expect(isJsonForm("  {")).toBe(true);
    expect(isJsonForm(line)).toBe(false);
    // A list is a JSON form too (note 2 refuses it as one): no RW1 line starts with `[`.
    expect([isJsonForm("[]"), isJsonForm(" \t[{"), isJsonForm("RW1 HO a-1 from=a to=b item=[x]")]).toStrictEqual([true, true, false]);
    const bad = readMessage("{not json", resolve);
    expect(bad.ok).toBe(false);
    expect(bad.findings.map((f) => f.code)).toStrictEqual(["JSON_SHAPE"]);
  });
  it("answers JSON nested deeper than any stack with findings, never a stack overflow", () => {
    const deep = (n: number, leaf: string): string => '{"a":'.repeat(n) + leaf + "}".repeat(n);
    for (const text of [deep(100_000, "1"), `{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"x_a":${"[".repeat(100_000)}${"]".repeat(100_000)}},"tail":null}`]) {
      const read = readMessage(text, resolve);
      expect(read.ok).toBe(false);
      expect(read.findings.every((f) => f.code === "JSON_SHAPE")).toBe(true);
    }
    expect(compileVocabulary(coreVocabulary, JSON.parse(deep(100_000, '{"__proto__":1}'))).ok).toBe(false);
  });
});

describe("profileNamed: the profile readMessage reads a message with", () => {
  const line = "RW1 HO a-1 p=pay from=a to=b item=x:1 ask=DRAFT";
  const form = readMessage(line, profileResolver(pay ?? null, () => undefined)).message as object;
  it("is the name readMessage asks its resolver for, from a line, a JSON form as text or as an object", () => {
    const asked = (input: string | object): (string | null)[] => {
      const names: (string | null)[] = [];
      readMessage(input, (p) => {
        names.push(p);
        return undefined;
      });
      return names;
    };
    const inputs: (string | object)[] = [line, JSON.stringify(form), form, line.replace(" p=pay", ""), `${line.replace(" p=pay", "")} // keep p=pay`, JSON.stringify(form).replace('"p":"pay"', '"\\u0070":"pay"'), '{"v":"RW1","p":"pay"}', "{not json"];
    expect(inputs.map(profileNamed)).toStrictEqual(["pay", "pay", "pay", null, null, "pay", null, null]);
    for (const input of inputs) expect(asked(input)).toStrictEqual(asked(input).length === 0 ? [] : [profileNamed(input)]);
  });
});

describe("readLine: what parse reads", () => {
  const line = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT";
  const resolve = profileResolver(null, () => undefined);
  it("reads a line, and says of a JSON form (object or text) what it is, in one wording", () => {
    expect(readLine(line, resolve)).toStrictEqual(readMessage(line, resolve));
    const form = readMessage(line, resolve).message as object;
    const said = { code: "VERSION", severity: "error", message: "this is a JSON form: parse reads RW1 lines; format writes a JSON form's line, validate checks either", slot: "v", expected: "RW1" };
    for (const [input, at] of [[form, undefined], [JSON.stringify(form), 0], [`  ${JSON.stringify(form)}`, 2], ["{not json", 0], [`[${JSON.stringify(form)}]`, 0], [" []", 1]] as const) {
      const read = readLine(input, resolve);
      expect(read.ok).toBe(false);
      expect(read.message).toBeNull();
      expect(read.findings).toStrictEqual([at === undefined ? said : { ...said, at }]);
    }
  });
});

describe("formatInput: what format makes of one input", () => {
  const line = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT";
  const resolve = profileResolver(null, () => undefined);
  it("writes the line of a JSON form, as an object or as text", () => {
    const form = readMessage(line, resolve).message as object;
    expect(formatInput(form, resolve)).toStrictEqual({ text: line, findings: [] });
    expect(formatInput(`  ${JSON.stringify(form)}`, resolve)).toStrictEqual({ text: line, findings: [] });
  });
  it("writes nothing for an invalid JSON form, with its findings", () => {
    const bad = formatInput('{"v":"RW1","type":"HO"}', resolve);
    expect(bad.text).toBeNull();
    expect(bad.findings.length).toBeGreaterThan(0);
    expect(formatInput("{not json", resolve).findings.map((f) => f.code)).toStrictEqual(["JSON_SHAPE"]);
  });
  it("says of anything else what it looks like, in one wording", () => {
    const said = (what: string) => ({ text: null, findings: [{ code: "JSON_SHAPE", severity: "error", message: `format reads JSON forms, one object per line; ${what}` }] });
    expect(formatInput(line, resolve)).toStrictEqual(said("this is an RW1 line: parse reads RW1 lines, validate checks either"));
    expect(formatInput("  RW2 HO a-1", resolve)).toStrictEqual(said("this is an RW1 line: parse reads RW1 lines, validate checks either"));
    expect(formatInput("RW1", resolve)).toStrictEqual(said("this is an RW1 line: parse reads RW1 lines, validate checks either"));
    expect(formatInput("a=b", resolve)).toStrictEqual(said("this holds no JSON object"));
  });
  it("refuses a JSON list as the reader of JSON forms does, in its words, not as text holding no JSON", () => {
    const list = formatInput('["a"]', resolve);
    expect(list.text).toBeNull();
    expect(list.findings).toStrictEqual(readMessage('["a"]', resolve).findings);
    expect(list.findings.map((f) => [f.code, f.message.split(";")[0]])).toStrictEqual([["JSON_SHAPE", "message: not an object (received a list)"]]);
  });
});

describe("parseJsonText: JSON text with every key once", () => {
  it("reads what JSON.parse reads, and refuses a key an object names twice, at any depth", () => {
    for (const text of ['{"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]}', '{"a\\"b":1,"a\\\\b":2}', '[1,"a,b",{"x":"{\\"y\\":1,\\"y\\":2}"}]', '"{}"', "3"]) {
      expect(parseJsonText(text)).toStrictEqual({ ok: true, value: JSON.parse(text) });
    }
    expect(parseJsonText('{"slots":{"ask":"POLISH","ask":"DRAFT"}}')).toStrictEqual({ ok: false, problem: "duplicate-key", reason: 'the key "ask" appears twice in one object; which value was meant would be a guess', key: "ask", value: { slots: { ask: "DRAFT" } }, repeatedAtTop: [] });
    // Every key the outermost object repeats is named, the first repeat being deeper or not.
    expect(parseJsonText('{"slots":{"a":1,"a":2},"from":"x","to":"y","from":"z","to":"w"}')).toMatchObject({ key: "a", repeatedAtTop: ["from", "to"] });
    expect(parseJsonText('[{"a":1},{"b":{"c":1,"\\u0063":2}}]')).toMatchObject({ ok: false, problem: "duplicate-key" });
    expect(parseJsonText("{nope")).toMatchObject({ ok: false, problem: "syntax" });
  });
  it("reads a JSON form with a repeated key as refused, not as the last value", () => {
    const read = readMessage('{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"POLISH","ask":"DRAFT"},"tail":null}', profileResolver(null, () => undefined));
    expect(read.findings.map((f) => [f.code, f.message])).toStrictEqual([["JSON_SHAPE", 'the key "ask" appears twice in one object; which value was meant would be a guess']]);
  });
  // A line's pri=1.0000000000000001 is no integer (VALUE_TYPE); JSON.parse reads the same digits as 1.
  const STRICT = { integers: true } as const;
  const form = (pri: string): string => `{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","pri":${pri},"keep":["b"]},"tail":null}`;
  it("refuses a number written as no integer that JSON.parse reads as one, naming where it is", () => {
    for (const [written, read] of [["1.0000000000000001", 1], ["1e-400", 0], ["9007199254740990.6", 9007199254740991], ["0.99999999999999999", 1], ["-2.0000000000000001E0", -2]] as const) {
      // Read as integers (RW1's forms); read otherwise (RW-003's documents), the nearest double is kept.
      expect(parseJsonText(`{"a":[0,{"b":${written}}]}`)).toStrictEqual({ ok: true, value: { a: [0, { b: read }] } });
      expect(parseJsonText(`{"a":[0,{"b":${written}}]}`, { integers: true })).toStrictEqual({ ok: false, problem: "rounded-number", reason: `a.1.b: the number ${written} is no integer, yet JSON.parse reads it as ${read}; which was meant would be a guess`, path: "a.1.b", at: 13, numbers: [{ path: "a.1.b", at: 13, reason: `a.1.b: the number ${written} is no integer, yet JSON.parse reads it as ${read}; which was meant would be a guess` }], value: { a: [0, { b: read }] } });
      const checked = readMessage(form(written), profileResolver(null, () => undefined));
      expect(checked.message).toBeNull();
      expect(checked.findings.map((f) => [f.code, f.slot])).toStrictEqual([["JSON_SHAPE", "slots.pri"]]);
      expect(checked.envelope).toStrictEqual({ id: "a-1", from: "a", to: "b", item: "x" });
    }
    // In a list, at the top, under an escaped key, after a string holding digits and a point.
    expect(parseJsonText('{"s":{"o\u0070ts":["1.5e0",2,3.0000000000000001]}}', STRICT)).toMatchObject({ ok: false, path: "s.opts.2" });
    expect(parseJsonText("[1,1e-999]", STRICT)).toMatchObject({ ok: false, path: "1", at: 3 });
    expect(parseJsonText('{\n  "a": [\n    1,\n    1e-400\n  ],\r\n\t"b":\t-0.5e-0\n}', STRICT)).toMatchObject({ ok: false, path: "a.1" });
    expect(parseJsonText('{"a":"x:1.5","b":-1E-1,"c":{"d":\t0.99999999999999999}}', STRICT)).toMatchObject({ ok: false, path: "c.d" });
    expect(parseJsonText("1.0000000000000001", STRICT)).toMatchObject({ ok: false, path: "" });
    expect(formatInput(form("1.0000000000000001"), profileResolver(null, () => undefined)).text).toBeNull();
  });
  it("names every such number, not the first alone, each a finding of its own", () => {
    const text = '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","pri":1.0000000000000001,"x_n":"9.0000000000000001","keep":["b"],"o\\u0070ts":[1,2e-400]},"tail":null}';
    const json = parseJsonText(text, STRICT);
    expect(json).toMatchObject({ ok: false, problem: "rounded-number", path: "slots.pri" });
    if (json.ok || json.problem !== "rounded-number") throw new Error("not refused");
    expect(json.numbers.map((n) => [n.path, n.at])).toStrictEqual([["slots.pri", text.indexOf("1.0")], ["slots.opts.1", text.indexOf("2e-400")]]);
    expect(json.reason).toBe("slots.pri: the number 1.0000000000000001 is no integer, yet JSON.parse reads it as 1; slots.opts.1: the number 2e-400 is no integer, yet JSON.parse reads it as 0; which was meant would be a guess");
    const checked = readMessage(text, profileResolver(null, () => undefined));
    expect(checked.findings.map((f) => [f.code, f.slot])).toStrictEqual([["JSON_SHAPE", "slots.pri"], ["JSON_SHAPE", "slots.opts.1"]]);
    // At most 100 are named (note 36), and the reason says there may be more.
    const many = parseJsonText(`[${"1e-400,".repeat(150)}1]`, STRICT);
    expect(many.ok || many.problem !== "rounded-number" ? null : [many.numbers.length, many.numbers[99]?.path, many.reason.endsWith("; and maybe more; which was meant would be a guess")]).toStrictEqual([100, "99", true]);
  });
  it("stays linear on hostile text: many numbers, deep nesting", () => {
    // The test's timeout is the bound; no time is asserted.
    const big = 1 << 19;
    for (const text of [`[${"1e-400,".repeat(big / 7)}1]`, `${"[".repeat(big / 4)}1.0000000000000001${"]".repeat(big / 4)}`, `${'{"a":'.repeat(big / 10)}1e-400${"}".repeat(big / 10)}`]) {
      expect(parseJsonText(text, STRICT).ok).toBe(false);
    }
  });
  it("reads a number whose value is an integer however it is written as that integer, as its line reads it", () => {
    const resolve = profileResolver(null, () => undefined);
    const line = readMessage("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=2 keep=b", resolve);
    for (const written of ["2", "2.0", "2e0", "0.2e1", "20E-1", "2.000000000000000000000"]) {
      const checked = readMessage(form(written), resolve);
      expect(checked.ok).toBe(true);
      expect(checked.message).toStrictEqual(line.message);
    }
    for (const text of ["[0.0,-0,0e7,1e2,1.5e1,0.5,1e400]", '{"a":"1.0000000000000001"}']) {
      expect(parseJsonText(text)).toStrictEqual({ ok: true, value: JSON.parse(text) });
    }
  });
});

describe("profileResolver", () => {
  const find = (name: string) => ({ pay, clin })[name as "pay" | "clin"];
  it("reads a line without p= with the chosen profile, else the core", () => {
    expect(profileResolver(pay, find)(null)).toBe(pay);
    expect(profileResolver(null, find)(null)).toBe(coreVocabulary);
  });
  it("reads a line with p= with that profile, found by name or chosen", () => {
    expect(profileResolver(null, find)("clin")).toBe(clin);
    expect(profileResolver(pay, () => undefined)("pay")).toBe(pay);
  });
  it("reads a line naming a profile it cannot find with what it has, which refuses it", () => {
    expect(profileResolver(pay, find)("nosuch")).toBe(pay);
    expect(profileResolver(null, find)("../etc")).toBe(coreVocabulary);
    const checked = readMessage("RW1 HO a-1 p=nosuch from=a to=b item=x ask=DRAFT", profileResolver(null, find));
    expect(checked.findings.map((f) => f.code)).toContain("PROFILE_UNKNOWN");
  });
});

describe("RW1 time", () => {
  it("writes the UTC minute of a moment", () => {
    expect(timeAt(Date.UTC(2026, 9, 2, 14, 5, 59, 999))).toBe("20261002T1405Z");
    expect(timeAt(Date.UTC(2026, 0, 1, 0, 0))).toBe("20260101T0000Z");
  });
  it("refuses what is no moment with a RangeError, rather than writing NaN as a time", () => {
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1]) expect(() => timeAt(ms)).toThrow(RangeError);
  });
  it("says when a time or a date is past: the next minute, the next day, across month and year ends", () => {
    expect(afterTime("20261002T1405Z")).toBe(Date.UTC(2026, 9, 2, 14, 6));
    expect(afterTime("20261231T2359Z")).toBe(Date.UTC(2027, 0, 1, 0, 0));
    expect(afterDate("20261002")).toBe(Date.UTC(2026, 9, 3));
    expect(afterDate("20280229")).toBe(Date.UTC(2028, 2, 1));
    expect(timeAt(afterTime("20261002T1405Z") - 1)).toBe("20261002T1405Z");
  });
  it("reads and writes a year below 100 as itself, in four digits, not as 19xx", () => {
    expect(timeAt(afterTime("00501002T1405Z") - 1)).toBe("00501002T1405Z");
    expect(timeAt(afterDate("00991231") - 1)).toBe("00991231T2359Z");
    expect(new Date(afterDate("00010101")).getUTCFullYear()).toBe(1);
    expect(() => timeAt(Date.UTC(10000, 0, 1))).toThrow(RangeError);
  });
  it("refuses what is no time or date with a RangeError, rather than a deadline nobody wrote", () => {
    for (const t of ["", "garbage", "20261301T1405Z", "20261002T2405Z", "20261002T1405", "20260229T0000Z"]) expect(() => afterTime(t)).toThrow(RangeError);
    for (const d of ["", "2026-10-02", "20261301", "20260229", "00000101"]) expect(() => afterDate(d)).toThrow(RangeError);
  });
});

describe("messageNumber", () => {
  it("reads which of its sender's messages an id is, and 0 for what is no id", () => {
    expect(messageNumber("research-01")).toBe(1);
    expect(messageNumber("payer-12")).toBe(12);
    expect(messageNumber("a.b-c-7")).toBe(7);
    expect(messageNumber("research")).toBe(0);
    expect(messageNumber("research-")).toBe(0);
    expect(messageNumber("re search-1")).toBe(0);
  });
  it("with a sender, 0 for an id that is not that agent's", () => {
    expect(messageNumber("b-7", "b")).toBe(7);
    expect(messageNumber("a.b-c-7", "a.b-c")).toBe(7);
    expect(messageNumber("b-c-7", "b")).toBe(0);
    expect(messageNumber("ab-7", "b")).toBe(0);
    expect(messageNumber("b-7", "b-")).toBe(0);
    expect(messageNumber("b-", "b")).toBe(0);
  });
});
