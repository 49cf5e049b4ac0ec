import { describe, expect, it } from "vitest";
import { checkLine, checkMessage, parseLine, readMessage, refusal, refusals, validate } from "../../core/index.js";
import { resolve } from "../vocabularies.js";

function un(line: string, receiver = "writer", n = 1): string {
  const c = checkLine(line, resolve);
  const r = refusal(c.message ?? c.envelope, c.findings, receiver, n);
  if (!r.ok) throw new Error(JSON.stringify(r.findings));
  return r.value;
}

describe("refusal: rule 2, never guess", () => {
  it("answers an unknown enum value with UN why=UNK naming the code", () => {
    expect(un("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH")).toBe(
      "RW1 UN writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 why=UNK // unknown ask=POLISH",
    );
  });
  it("answers an unknown type with UNK naming the type", () => {
    expect(un("RW1 XX research-01 from=research to=writer item=x")).toBe("RW1 UN writer-1 re=research-01 from=writer to=research item=x why=UNK // unknown type XX");
  });
  it("answers an unknown version with why=VER, naming only the version", () => {
    expect(un("RW2 HO research-01 from=research to=writer item=x ask=ZZZ")).toBe("RW1 UN writer-1 re=research-01 from=writer to=research item=x why=VER // unsupported version RW2");
  });
  it("answers another version's JSON form with why=VER, whatever its shape", () => {
    // Note 7: a receiver does not read the rest of a message in a version it does not speak.
    const c = checkMessage({ v: "RW2", type: "HO", id: "research-01", re: null, from: "research", to: "writer", item: "x", slots: { ask: "DRAFT" }, tail: null, prio: 1 }, resolve);
    expect(c.findings.map((f) => f.code)).toStrictEqual(["VERSION"]);
    const r = refusal(c.message ?? c.envelope, c.findings, "writer");
    expect(r.value).toBe("RW1 UN writer-1 re=research-01 from=writer to=research item=x why=VER // unsupported version RW2");
  });
  it("answers a JSON form that names a key twice, as the line that does is answered (DUPLICATE_KEY)", () => {
    // Before, the form was refused with no address, so no UN: its line got one.
    const form = (slots: string, head = '"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"writer","item":"x"') => `{${head},"slots":{${slots}},"tail":null}`;
    const c = readMessage(form('"ask":"DRAFT","ask":"FIX"'), resolve);
    expect(c.envelope).toStrictEqual({ id: "a-1", from: "a", to: "writer", item: "x" });
    expect(refusal(c.envelope, c.findings, "writer").value).toBe("RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // JSON_SHAPE message");
    expect(un("RW1 HO a-1 from=a to=writer item=x ask=DRAFT ask=FIX")).toBe("RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // DUPLICATE_KEY ask");
    // A field given twice addresses nothing: which value was meant would be a guess.
    const twice = readMessage(form('"ask":"DRAFT"', '"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","from":"c","to":"writer","item":"x"'), resolve);
    expect(twice.envelope).toStrictEqual({ id: "a-1", from: null, to: "writer", item: "x" });
    expect(refusal(twice.envelope, twice.findings, "writer").ok).toBe(false);
    // So is a field given twice after a repeat found first in the slots: from=c is no less a guess.
    const later = readMessage(form('"ask":"DRAFT","ask":"FIX"', '"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"writer","item":"x"').replace('"tail":null}', '"tail":null,"from":"c"}'), resolve);
    expect(later.envelope).toStrictEqual({ id: "a-1", from: null, to: "writer", item: "x" });
    // Another version's form is answered why=VER, whatever its text repeats (note 7).
    const v2 = readMessage(form('"ask":"DRAFT","ask":"FIX"').replace('"RW1"', '"RW2"'), resolve);
    expect(refusal(v2.envelope, v2.findings, "writer").value).toBe("RW1 UN writer-1 re=a-1 from=writer to=a item=x why=VER // unsupported version RW2");
    // Text that is not JSON still has no address to recover.
    expect(readMessage(form('"ask":"DRAFT"').slice(0, -1), resolve).envelope).toStrictEqual({ id: null, from: null, to: null, item: null });
  });
  it("answers a character a line may hold nowhere, before, after or inside RW1, for that character (why=UNK), not as another version", () => {
    // Note 7 with note 5: a tab, a line break, another control character or a lone surrogate is
    // refused anywhere on a line, so it does not make RW1 another version.
    const rest = "HO a-1 from=a to=writer item=x ask=DRAFT";
    for (const [line, code, at] of [
      [`\u2028RW1 ${rest}`, "LINE_BREAK", 0],
      [`RW1\u2029 ${rest}`, "LINE_BREAK", 3],
      [`\u0085RW1 ${rest}`, "LINE_BREAK", 0],
      [`RW1\r ${rest}`, "LINE_BREAK", 3],
      [`\u0000 RW1 ${rest}`, "CONTROL_CHAR", 0],
      [`\u000bRW1 ${rest}`, "CONTROL_CHAR", 0],
      [`R\u0000W1 ${rest}`, "CONTROL_CHAR", 1],
      [`RW1\u007f ${rest}`, "CONTROL_CHAR", 3],
      [`\ud800RW1 ${rest}`, "ENCODING", 0],
    ] as const) {
      const c = checkLine(line, resolve);
      expect([line, c.findings.map((f) => `${f.code} ${f.at}`)]).toStrictEqual([line, [`${code} ${at}`]]);
      expect(un(line)).toBe(`RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // ${code} at ${at}`);
    }
    // Past such a character, another version is still another version; and a word that is not RW1
    // without it is another version's, the character shown as part of it (conformance: refusal-version-nel).
    for (const line of [`\u2028RW2 ${rest}`, `\u0000RW2 ${rest}`]) expect(un(line)).toBe("RW1 UN writer-1 re=a-1 from=writer to=a item=x why=VER // unsupported version RW2");
    expect(checkLine(`RW1\u2028HO ${rest.slice(3)}`, resolve).findings.map((f) => `${f.code} ${f.at}`)).toStrictEqual(["VERSION 0"]);
  });
  it("answers a character a line may hold, such as a no-break space or a byte order mark, before RW1 as another version's token (why=VER), naming it", () => {
    // As in any value (to=writer\u00a0 is VALUE_TYPE, not refused for the character), it is part of the word.
    const rest = "HO a-1 from=a to=writer item=x ask=DRAFT";
    for (const [mark, name] of [["\u00a0", "U+00A0"], ["\u200b", "U+200B"], ["\ufeff", "U+FEFF"], ["\u3000", "U+3000"]] as const) {
      for (const line of [`${mark}RW1 ${rest}`, `RW1${mark} ${rest}`]) {
        const c = checkLine(line, resolve);
        expect(c.findings.map((f) => `${f.code} ${f.at}`)).toStrictEqual(["VERSION 0"]);
        expect(c.findings[0]?.message).toContain(`(it holds ${name}, not shown)`);
        expect(un(line)).toMatch(/ why=VER \/\/ unsupported version /);
      }
      expect(checkLine(`RW1 ${rest.replace("to=writer", `to=writer${mark}`)}`, resolve).findings.map((f) => f.code)).toStrictEqual(["VALUE_TYPE"]);
    }
  });
  it("reads a JSON list as a JSON form, refused for its shape with no address, never as a line of another version (why=VER)", () => {
    for (const text of ['[{"v":"RW1","type":"HO"}]', " []", "[RW1 HO a-1 from=a to=writer item=x ask=DRAFT"]) {
      const c = readMessage(text, resolve);
      expect(c.findings.map((f) => f.code)).toStrictEqual(["JSON_SHAPE"]);
      expect(c.envelope).toStrictEqual({ id: null, from: null, to: null, item: null });
      expect(refusal(c.envelope, c.findings, "writer").findings.map((f) => f.code)).toStrictEqual(["UNADDRESSABLE", "UNADDRESSABLE"]);
    }
    expect(readMessage("[]", resolve).findings[0]?.message).toMatch(/^message: not an object \(received a list\)/);
  });
  it("never substitutes a reason about the receiver (NOCAP, SCOPE)", () => {
    const line = un("RW1 HO a-1 from=a to=writer item=x ask=DRAFT pri=9 conf=Q");
    expect(line).toContain("why=UNK");
    expect(line).toBe("RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // bad pri=9; unknown conf=Q");
  });
  it("uses the receiver's message number", () => {
    expect(un("RW1 HO a-1 from=a to=writer item=x ask=ZZZ", "writer", 12)).toMatch(/^RW1 UN writer-12 re=a-1 /);
  });
  it("addresses a line that does not parse from what can be recovered", () => {
    expect(un("RW1 HO a-3 from=a to=writer item=x DRAFT")).toBe("RW1 UN writer-1 re=a-3 from=writer to=a item=x why=UNK // TOKEN_NOT_KEYED at 35 DRAFT");
  });
  it("quotes a list with an empty element whole, so the tail shows what was wrong", () => {
    expect(un("RW1 HO a-4 from=a to=writer item=x ask=DRAFT keep=+b")).toBe("RW1 UN writer-1 re=a-4 from=writer to=a item=x why=UNK // bad keep=+b");
  });
  it("the UN it builds is itself a valid line", () => {
    const line = un("RW1 HO a-1 p=pay from=a to=writer item=x ask=PAY amt=12");
    expect(checkLine(line, resolve).ok).toBe(true);
  });
  it("keeps the tail within 300 characters and says how many more there were", () => {
    const long = "9".repeat(45);
    const bad = ["due", "by", "eta", "exp", "pri", "pct", "ctx", "keep", "rb", "h"].map((k) => `${k}=${long}`).join(" ");
    const c = checkLine(`RW1 HO a-1 from=a to=writer item=x ask=${"Z".repeat(250)} ${bad}`, resolve);
    const r = refusal(c.message ?? c.envelope, c.findings, "writer");
    expect(r.ok).toBe(true);
    if (r.ok) {
      const tail = r.value.split(" // ")[1] as string;
      expect([...tail].length).toBeLessThanOrEqual(300);
      expect(tail).toMatch(/; \+\d+ more$/);
      expect(checkLine(r.value, resolve).ok).toBe(true);
    }
  });
  it("counts in '+N more' the errors past the hundred a message lists, not only those listed", () => {
    // 150 unreadable keys: validation lists 100 and counts 50 in FINDINGS_CUT. The tail said
    // "+87 more" (the listed ones it left out) where 137 were not named.
    const keys = Array.from({ length: 150 }, (_, i) => `K${i}=1`).join(" ");
    const c = checkLine(`RW1 HO a-1 from=a to=writer item=x ask=DRAFT ${keys}`, resolve);
    expect(c.findings.at(-1)).toMatchObject({ code: "FINDINGS_CUT", message: "50 more findings (50 errors) are not listed" });
    const r = refusal(c.message ?? c.envelope, c.findings, "writer");
    const tail = (r.value as string).split(" // ")[1] as string;
    const named = tail.split("; ").filter((p) => p.startsWith("KEY_SYNTAX")).length;
    expect(tail).toMatch(new RegExp(`; \\+${150 - named} more$`));
    expect([...tail].length).toBeLessThanOrEqual(300);
    // One error past the hundred is counted too.
    const one = checkLine(`RW1 HO a-1 from=a to=writer item=x ask=DRAFT ${"K=1 ".repeat(101).trim()}`, resolve);
    const oneTail = (refusal(one.message ?? one.envelope, one.findings, "writer").value as string).split(" // ")[1] as string;
    expect(oneTail).toMatch(new RegExp(`; \\+${101 - (oneTail.split("; ").length - 1)} more$`));
  });
  it("quotes a JSON form's value as one line: C1 controls and line separators become '?'", () => {
    // Rule 2: the receiver still answers with a UN. A JSON form can hold these characters in a
    // value (only a tail is refused for them); quoted raw, they made the UN unwritable.
    const base = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "writer", item: "x", tail: null };
    for (const [slots, tail] of [
      [{ ask: "A\u2028B" }, "unknown ask=A?B"],
      [{ ask: "A\u0085B" }, "unknown ask=A?B"],
      [{ ask: "DRAFT", x_a: "a\u009bb" }, "bad x_a=a?b"],
    ] as const) {
      const c = checkMessage({ ...base, slots }, resolve);
      const r = refusal(c.message ?? c.envelope, c.findings, "writer");
      expect(r.findings).toStrictEqual([]);
      expect(r.value).toBe(`RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // ${tail}`);
      expect(checkLine(r.value as string, resolve).ok).toBe(true);
    }
  });
  it("leaves out an item no line can carry, and still answers", () => {
    const base = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "writer", slots: { ask: "DRAFT" }, tail: null };
    for (const item of ["x\u0001y", "x\u0085y", "x\u2028y"]) {
      const c = checkMessage({ ...base, item }, resolve);
      const r = refusal(c.message ?? c.envelope, c.findings, "writer");
      expect(r.findings).toStrictEqual([]);
      expect(r.value).toMatch(/^RW1 UN writer-1 re=a-1 from=writer to=a why=UNK \/\/ bad item=x\?y$/);
    }
  });
  it("names the offending code however long its key: the slot is quoted cut", () => {
    const key = `x_${"k".repeat(400)}`;
    const c = checkMessage({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "writer", item: "x", slots: { ask: "DRAFT", [key]: 5 }, tail: null }, resolve);
    const r = refusal(c.message ?? c.envelope, c.findings, "writer");
    expect(r.value).toBe(`RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // bad ${key.slice(0, 39)}…=5`);
  });
  it("cannot address a message without a valid id or sender", () => {
    const broken = parseLine("RW1 HO");
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      const r = refusal(broken.envelope, broken.findings, "writer");
      expect(r.ok).toBe(false);
      expect(r.findings.map((f) => f.code)).toContain("UNADDRESSABLE");
    }
  });
  it("does not address a UN to the message's own sender", () => {
    const checked = checkLine("RW1 HO research-01 from=research to=writer item=x ask=POLISH", resolve);
    const r = refusal(checked.message ?? checked.envelope, checked.findings, "research");
    expect(r.findings.map((f) => [f.code, f.received])).toStrictEqual([["UNADDRESSABLE", "research"]]);
  });
  it("writes no UN whose id is the refused message's own: its re= would name itself (RE_SELF)", () => {
    // b-1 claims to be writer's (ID_FROM): a UN numbered writer-1 replied to itself, and was refused.
    const c = checkLine("RW1 HO writer-1 from=a to=writer item=x ask=POLISH", resolve);
    const r = refusal(c.message ?? c.envelope, c.findings, "writer", 1);
    expect(r.findings.map((f) => [f.code, f.slot, f.received])).toStrictEqual([["UNADDRESSABLE", "id", "writer-1"]]);
    const next = refusal(c.message ?? c.envelope, c.findings, "writer", 2);
    expect(next.value).toBe("RW1 UN writer-2 re=writer-1 from=writer to=a item=x why=UNK // ID_FROM id writer-1; unknown ask=POLISH");
    expect(checkLine(next.value as string, resolve).ok).toBe(true);
    // refusals() numbers past the refused message's own id already.
    expect(refusals("writer")(c)?.value).toBe(next.value);
  });
  it("is a misuse to refuse a valid message, or to name an invalid receiver", () => {
    const ok = parseLine("RW1 HO a-1 from=a to=b item=x ask=DRAFT");
    if (!ok.ok) throw new Error("fixture");
    expect(() => refusal(ok.value, validate(ok.value), "b")).toThrow(RangeError);
    const bad = parseLine("RW1 HO a-1 from=a to=b item=x ask=ZZZ");
    if (!bad.ok) throw new Error("fixture");
    expect(() => refusal(bad.value, validate(bad.value), "not a name")).toThrow(TypeError);
  });
});

describe("refusals: one receiver's UNs in order, never reusing an id (section 2)", () => {
  it("numbers past the receiver's own ids read so far, the refused message's included, and from first at least", () => {
    const answer = refusals("b", 2);
    const read = (line: string): string | null => {
      const reply = answer(checkLine(line, resolve));
      return reply === null ? null : reply.ok ? (reply.value.split(" ")[2] as string) : `unaddressable: ${reply.findings.map((f) => f.code).join()}`;
    };
    expect(read("RW1 HO a-1 from=a to=b item=x ask=POLISH")).toBe("b-2");
    expect(read("RW1 HO b-7 from=b to=a item=x ask=DRAFT")).toBeNull();
    expect(read("RW1 HO a-2 from=a to=b item=x ask=POLISH")).toBe("b-8");
    expect(read("RW1 HO b-c-40 from=b-c to=b item=x ask=POLISH")).toBe("b-9");
    expect(read("RW1 HO b-12 from=a to=b item=x ask=POLISH")).toBe("b-13");
    expect(read(`RW1 HO b-${Number.MAX_SAFE_INTEGER} from=b to=a item=x ask=DRAFT`)).toBeNull();
    // Past 2^53 - 1: the lowest number from first up that none of b's ids and UNs has (freshNumber).
    expect(read("RW1 HO a-3 from=a to=b item=x ask=POLISH")).toBe("b-3");
  });
  it("past an id of 2^53 - 1, numbers the lowest free from first up, skipping every number read or sent", () => {
    const answer = refusals("b");
    const read = (line: string): string | null => {
      const reply = answer(checkLine(line, resolve));
      return reply === null ? null : reply.ok ? (reply.value.split(" ")[2] as string) : `unaddressable: ${reply.findings.map((f) => f.message).join()}`;
    };
    const refused = "RW1 HO a-1 from=a to=b item=x ask=POLISH";
    expect(read("RW1 HO b-2 from=b to=a item=x ask=DRAFT")).toBeNull();
    expect(read("RW1 HO b-04 from=b to=a item=x ask=DRAFT")).toBeNull();
    expect(read(`RW1 HO b-${Number.MAX_SAFE_INTEGER} from=b to=a item=x ask=DRAFT`)).toBeNull();
    expect([read(refused), read(refused), read(refused)]).toStrictEqual(["b-1", "b-3", "b-5"]);
    // A refused line of b's own takes its number too (the id was used, valid or not).
    expect(read("RW1 HO b-6 from=b to=a item=x ask=POLISH")).toBe("unaddressable: the message was sent by b itself: a UN to its own sender answers nobody");
    expect(read(refused)).toBe("b-7");
  });
  it("with first at 2^53 - 1 and that number taken, has none left: UNADDRESSABLE", () => {
    const answer = refusals("b", Number.MAX_SAFE_INTEGER);
    const refused = checkLine("RW1 HO a-1 from=a to=b item=x ask=POLISH", resolve);
    expect(answer(refused)?.ok).toBe(true);
    const none = answer(refused);
    expect([none?.ok, none?.findings.map((f) => f.code)]).toStrictEqual([false, ["UNADDRESSABLE"]]);
  });
  it("starts at first, 0 included: another sender's id moves nothing", () => {
    const answer = refusals("b", 0);
    const reply = answer(checkLine("RW1 HO a-1 from=a to=b item=x ask=POLISH", resolve));
    expect(reply?.ok === true ? reply.value.split(" ")[2] : reply).toBe("b-0");
  });
  it("writes no UN for a message addressed to another agent: only its receiver refuses it", () => {
    const answer = refusals("b");
    const reply = answer(checkLine("RW1 HO a-5 from=a to=c item=x ask=DRAFT conf=Q", resolve));
    expect(reply?.ok).toBe(false);
    expect(reply?.findings.map((f) => [f.code, f.slot, f.received])).toStrictEqual([["UNADDRESSABLE", "to", "c"]]);
    // A line whose to= cannot be read names nobody: the receiver named answers it.
    const broken = answer(checkLine("RW1 HO a-6 from=a to=c\u0007 item=x ask=DRAFT", resolve));
    expect(broken?.ok === true ? broken.value.split(" ")[2] : broken).toBe("b-1");
  });
});
