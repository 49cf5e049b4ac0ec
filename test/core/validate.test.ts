import { describe, expect, it } from "vitest";
import { checkLine, checkMessage, compileVocabulary, coreVocabulary, FINDING_CODES, refusal, validate } from "../../core/index.js";
import type { Message, Vocabulary } from "../../core/index.js";
import { sectionEight } from "../spec-examples.js";
import { resolve, vocabularies } from "../vocabularies.js";

const { pay, clin, pform } = vocabularies();

/** Codes of the findings for a line, each as CODE or CODE:slot. */
function found(line: string, vocabulary: Vocabulary | typeof resolve = resolve): string[] {
  return checkLine(line, vocabulary).findings.map((f) => (f.slot ? `${f.code}:${f.slot}` : f.code));
}

describe("every example line of section 8 is valid", () => {
  for (const line of sectionEight) {
    it(line.slice(0, 60), () => {
      const c = checkLine(line, resolve);
      expect(c.findings).toStrictEqual([]);
      expect(c.ok).toBe(true);
    });
  }
});

describe("validate: one finding per broken rule, with a stable code and the slot", () => {
  const cases: [string, string, string[]][] = [
    ["version token", "RW2 HO a-1 from=a to=b item=x ask=DRAFT", ["VERSION:v"]],
    ["type", "RW1 ZZ a-1 from=a to=b item=x", ["TYPE_UNKNOWN:type"]],
    ["lowercase type", "RW1 ho a-1 from=a to=b item=x ask=DRAFT", ["TYPE_UNKNOWN:type"]],
    ["id shape", "RW1 HO a from=a to=b item=x ask=DRAFT", ["ID_SHAPE:id"]],
    ["id prefix is not from", "RW1 HO writer-1 from=research to=b item=x ask=DRAFT", ["ID_FROM:id"]],
    ["agent name", "RW1 HO a-1 from=a to=b/c item=x ask=DRAFT", ["VALUE_TYPE:to"]],
    ["missing required slot", "RW1 HO a-1 from=a to=b item=x", ["MISSING_SLOT:ask"]],
    ["missing from", "RW1 HO a-1 to=b item=x ask=DRAFT", ["ID_FROM:id", "MISSING_SLOT:from"].slice(1)],
    ["reply without re", "RW1 DN a-2 from=a to=b item=x out=OK", ["MISSING_SLOT:re"]],
    ["re naming the message itself", "RW1 DN a-2 re=a-2 from=a to=b item=x out=OK", ["RE_SELF:re"]],
    ["re naming the message itself, on a type where re is optional", "RW1 ST a-2 re=a-2 from=a to=b item=x pct=5", ["RE_SELF:re"]],
    ["every reply type needs re: RB", "RW1 RB a-2 from=a to=b item=x ask=DRAFT", ["MISSING_SLOT:re"]],
    ["every reply type needs re: AN", "RW1 AN a-2 from=a to=b val=Y", ["MISSING_SLOT:re"]],
    ["every reply type needs re: UN", "RW1 UN a-2 from=a to=b why=BUSY", ["MISSING_SLOT:re"]],
    ["every reply type needs re: FL", "RW1 FL a-2 from=a to=b item=x why=ERR", ["MISSING_SLOT:re"]],
    ["every reply type needs re: CX", "RW1 CX a-2 from=a to=b item=x", ["MISSING_SLOT:re"]],
    ["re is a message id", "RW1 DN a-2 re=nonsense from=a to=b item=x out=OK", ["VALUE_TYPE:re"]],
    ["opts when need=ENUM", "RW1 AQ a-1 from=a to=b need=ENUM", ["MISSING_SLOT:opts"]],
    ["ctx when ask=UNDO", "RW1 HO a-1 from=a to=b item=x ask=UNDO", ["MISSING_SLOT:ctx"]],
    ["unknown ask", "RW1 HO a-1 from=a to=b item=x ask=WRITE", ["ENUM_UNKNOWN:ask"]],
    ["unknown why", "RW1 UN a-2 re=b-1 from=a to=b why=TIRED", ["ENUM_UNKNOWN:why"]],
    ["unknown out", "RW1 DN a-2 re=b-1 from=a to=b item=x out=DONE", ["ENUM_UNKNOWN:out"]],
    ["unknown need", "RW1 AQ a-1 from=a to=b need=LIST", ["ENUM_UNKNOWN:need"]],
    ["unknown conf", "RW1 HO a-1 from=a to=b item=x ask=DRAFT conf=X", ["ENUM_UNKNOWN:conf"]],
    ["enum codes are case-sensitive", "RW1 HO a-1 from=a to=b item=x ask=draft", ["ENUM_UNKNOWN:ask"]],
    ["unknown next", "RW1 DN a-2 re=b-1 from=a to=b item=x out=OK next=SHIP", ["ENUM_UNKNOWN:next"]],
    ["pri above range", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=6", ["OUT_OF_RANGE:pri"]],
    ["pri below range", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=0", ["OUT_OF_RANGE:pri"]],
    ["pct not an int", "RW1 ST a-1 from=a to=b item=x pct=12.5", ["VALUE_TYPE:pct"]],
    ["pct above 100", "RW1 ST a-1 from=a to=b item=x pct=101", ["OUT_OF_RANGE:pct"]],
    ["not a date", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=2026-10-02", ["VALUE_TYPE:due"]],
    ["not a calendar date", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=20260230", ["VALUE_TYPE:due"]],
    ["leap day in a non-leap year", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=21000229", ["VALUE_TYPE:due"]],
    ["exp is a UTC time", "RW1 HO a-1 from=a to=b item=x ask=DRAFT exp=20261002T2460Z", ["VALUE_TYPE:exp"]],
    ["retry is Y or N", "RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=yes", ["VALUE_TYPE:retry"]],
    ["h is 12 lowercase hex", "RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT h=C40BBA4360DC", ["VALUE_TYPE:h"]],
    ["h is exactly 12", "RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT h=c40bba4360", ["VALUE_TYPE:h"]],
    ["keep is a list of agents", "RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=a+b/c", ["VALUE_TYPE:keep"]],
    ["empty list element", "RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=a++b", ["VALUE_TYPE:keep"]],
    ["ctx is a list of message ids", "RW1 HO a-1 from=a to=b item=x ask=DRAFT ctx=a-1+b", ["VALUE_TYPE:ctx"]],
    ["acc is key:value", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len120w", ["VALUE_TYPE:acc"]],
    ["a single-valued constraint key named twice", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len:120w+must:a+len:200w+must:b", ["CONSTRAINT_REPEATED:acc"]],
    ["named three times, in any case, is one finding", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=fmt:md+FMT:md+Fmt:html", ["CONSTRAINT_REPEATED:acc"]],
    ["unknown readback level", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce", ["RB_UNKNOWN:rb"]],
    ["empty value", "RW1 HO a-1 from=a to=b item=x ask=", ["VALUE_TYPE:ask"]],
    ["val=tail needs a tail", "RW1 AN a-2 re=b-1 from=a to=b val=tail", ["TAIL_REQUIRED:tail"]],
    ["val=tail needs a tail that says something", "RW1 AN a-2 re=b-1 from=a to=b val=tail //   ", ["TAIL_REQUIRED:tail"]],
    ["tail over 300 characters", `RW1 HO a-1 from=a to=b item=x ask=DRAFT // ${"x".repeat(301)}`, ["TAIL_TOO_LONG:tail"]],
    ["unknown profile", "RW1 HO a-1 p=shipping from=a to=b item=x ask=DRAFT", ["PROFILE_UNKNOWN:p"]],
  ];
  for (const [name, line, expected] of cases) {
    it(`${name}: ${expected.join(", ")}`, () => {
      expect(found(line)).toStrictEqual(expected);
      expect(checkLine(line, resolve).ok).toBe(false);
    });
  }

  it("a tail of exactly 300 characters passes, counted in code points", () => {
    expect(found(`RW1 HO a-1 from=a to=b item=x ask=DRAFT // ${"é".repeat(300)}`)).toStrictEqual([]);
    expect(found(`RW1 HO a-1 from=a to=b item=x ask=DRAFT // ${"😀".repeat(300)}`)).toStrictEqual([]);
    expect(found(`RW1 HO a-1 from=a to=b item=x ask=DRAFT // ${"😀".repeat(301)}`)).toStrictEqual(["TAIL_TOO_LONG:tail"]);
  });

  it("stops at the version: another version's grammar is not ours to read", () => {
    expect(found("RW2 ZZ a from=a")).toStrictEqual(["VERSION:v"]);
  });

  it("names an invisible character in the version token, such as a byte-order mark inside a stream", () => {
    const [bom] = checkLine("\uFEFFRW1 HO a-1 from=a to=b item=x ask=DRAFT", resolve).findings;
    expect(bom).toMatchObject({ code: "VERSION", at: 0, message: "unsupported protocol version \uFEFFRW1 (it holds U+FEFF, not shown); this reader speaks RW1" });
    const [zw] = checkLine("RW\u200B1\u200E HO a-1 from=a to=b item=x ask=DRAFT", resolve).findings;
    expect(zw?.message).toBe("unsupported protocol version RW\u200B1\u200E (it holds U+200B U+200E, not shown); this reader speaks RW1");
    expect(checkLine("RW2 HO a-1 from=a to=b item=x ask=DRAFT", resolve).findings[0]?.message).toBe("unsupported protocol version RW2; this reader speaks RW1");
  });

  it("names a space that is not ASCII's in the version token (a line of one is read, not skipped as blank), never U+0020", () => {
    expect(checkLine("\u00A0", resolve).findings[0]?.message).toBe("unsupported protocol version \u00A0 (it holds U+00A0, not shown); this reader speaks RW1");
    expect(checkLine("\u3000RW1\u2028", resolve).findings[0]?.message).toBe("unsupported protocol version \u3000RW1\u2028 (it holds U+3000 U+2028, not shown); this reader speaks RW1");
    const json: Message = { v: " RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT" }, tail: null };
    expect(checkMessage(json).findings[0]?.message).toBe("unsupported protocol version  RW1; this reader speaks RW1");
  });

  it("places each finding on the line", () => {
    const c = checkLine("RW1 HO a-1 from=a to=b item=x ask=WRITE pri=9", resolve);
    expect(c.findings.map((f) => [f.code, f.at])).toStrictEqual([
      ["ENUM_UNKNOWN", 30],
      ["OUT_OF_RANGE", 40],
    ]);
  });

  it("every finding code is in the code table with its severity", () => {
    const c = checkLine("RW1 HO a-1 from=a to=b item=x ask=WRITE zz=1 x_note=ok", resolve);
    for (const f of c.findings) expect(FINDING_CODES[f.code]).toBe(f.severity);
  });
});

describe("a long value is quoted cut to 40 characters (note 36)", () => {
  const long = "Q".repeat(500);
  const cases: [string, string, string][] = [
    ["an unknown enum code", `RW1 HO a-1 from=a to=b item=x ask=${long}`, "ENUM_UNKNOWN"],
    ["a value of the wrong type", `RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=${"9".repeat(500)}`, "VALUE_TYPE"],
    ["an envelope field", `RW1 AN a-2 re=${long} from=a to=b val=Y`, "VALUE_TYPE"],
    ["the id", `RW1 HO ${long} from=a to=b item=x ask=DRAFT`, "ID_SHAPE"],
    ["the id's sender", `RW1 HO ${"b".repeat(500)}-1 from=a to=b item=x ask=DRAFT`, "ID_FROM"],
    ["the type", `RW1 ${long} a-1 from=a to=b item=x`, "TYPE_UNKNOWN"],
    ["an unknown slot", `RW1 HO a-1 from=a to=b item=x ask=DRAFT zz=${long}`, "SLOT_UNKNOWN"],
    ["a constraint key outside the set", `RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=${"k".repeat(500)}:1`, "CONSTRAINT_KEY_UNKNOWN"],
    ["a single-valued key named twice", `RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len:${long}+len:2w`, "CONSTRAINT_REPEATED"],
    ["a profile's answer", `RW1 AN a-2 re=b-1 p=pay from=a to=b val=${long}`, "ANS_UNKNOWN"],
    ["a translation shape", `RW1 ST a-1 p=clin from=a to=b item=${long} // quote`, "TRANSLATION"],
  ];
  for (const [name, line, code] of cases) {
    it(`${name}: ${code}`, () => {
      const f = checkLine(line, resolve).findings.find((x) => x.code === code);
      expect(f, JSON.stringify(checkLine(line, resolve).findings.map((x) => x.code))).toBeDefined();
      expect(`${f?.message} ${f?.received ?? ""}`).toContain("...");
      expect(f?.message.length).toBeLessThan(260);
      expect((f?.received ?? "").length).toBeLessThanOrEqual(43);
    });
  }
});

describe("notes: ignored, never refused", () => {
  it("an unknown plain key is ignored with a note", () => {
    const c = checkLine("RW1 HO a-1 from=a to=b item=x ask=DRAFT mood=good", resolve);
    expect(c.ok).toBe(true);
    expect(c.findings.map((f) => [f.code, f.severity])).toStrictEqual([["SLOT_UNKNOWN", "note"]]);
  });
  it("x_ keys are accepted silently", () => {
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT x_tok=abc x_trace=9")).toStrictEqual([]);
  });
  it("a known slot on a type that does not define it is noted", () => {
    expect(found("RW1 DN a-2 re=b-1 from=a to=b item=x out=OK pri=2")).toStrictEqual(["SLOT_NOT_ON_TYPE:pri"]);
  });
  it("a constraint key outside the closed set is noted, not refused", () => {
    expect(found("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT acc=spelling:uk+len:120w")).toStrictEqual(["CONSTRAINT_KEY_UNKNOWN:acc"]);
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc keys=len+spelling")).toStrictEqual(["CONSTRAINT_KEY_UNKNOWN:keys"]);
  });
  it("keys= on an HO that asks neither rb=acc nor rb=plan is noted: nothing reads it (section 3.1)", () => {
    const c = checkLine("RW1 HO a-1 from=a to=b item=x ask=DRAFT keys=len+tone", resolve);
    expect(c.ok).toBe(true);
    expect(c.findings.map((f) => [f.code, f.severity, f.slot, f.message])).toStrictEqual([["KEYS_UNCHECKED", "note", "keys", "keys= is read only under rb=acc or rb=plan; ignored"]]);
    for (const rb of ["echo", "all", "exec", "pri", "echo+pri"]) expect(found(`RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=${rb} keys=len`), rb).toStrictEqual(["KEYS_UNCHECKED:keys"]);
    for (const rb of ["acc", "plan", "pri+acc", "plan+keep"]) expect(found(`RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=${rb} keys=len`), rb).toStrictEqual([]);
    // The key set is still read: an unknown key is noted as well.
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT keys=spelling")).toStrictEqual(["KEYS_UNCHECKED:keys", "CONSTRAINT_KEY_UNKNOWN:keys"]);
    // acc= on an HO without rb=acc is the sender's to send (section 5.2); an RB's keys= is note 8's.
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len:120w")).toStrictEqual([]);
    expect(found("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT keys=len")).toStrictEqual([]);
  });
  it("opts= under a need other than ENUM is noted and unread, so not held to a profile's ans (section 3.1)", () => {
    const c = checkLine("RW1 AQ a-1 p=pay from=a to=b need=YESNO opts=FOO", resolve);
    expect(c.ok).toBe(true);
    expect(c.findings.map((f) => [f.code, f.severity, f.slot, f.message])).toStrictEqual([["OPTS_UNREAD", "note", "opts", "opts= is read only under need=ENUM, and this AQ asks need=YESNO; ignored"]]);
    for (const need of ["TEXT", "NUM", "DATE", "YESNO"]) expect(found(`RW1 AQ a-1 from=a to=b need=${need} opts=x+y`), need).toStrictEqual(["OPTS_UNREAD:opts"]);
    // Under need=ENUM the options are read and held to the profile's ans, as before.
    expect(found("RW1 AQ a-1 p=pay from=a to=b need=ENUM opts=FOO")).toStrictEqual(["ANS_UNKNOWN:opts"]);
    expect(found("RW1 AQ a-1 from=a to=b need=ENUM opts=x+y")).toStrictEqual([]);
    // An unknown need is refused for itself; what its opts would mean is not guessed at.
    expect(found("RW1 AQ a-1 from=a to=b need=FOO opts=x+y")).toStrictEqual(["ENUM_UNKNOWN:need"]);
    // Without need the AQ is refused for it alone; opts on another type is note 11's.
    expect(found("RW1 AQ a-1 from=a to=b opts=x+y")).toStrictEqual(["MISSING_SLOT:need"]);
  });
  it("constraint keys are read in any ASCII case, and only ASCII case", () => {
    expect(found("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT acc=LEN:120w+Tone:plain keys=FMT")).toStrictEqual([]);
    const mixed = checkLine("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT acc=Spelling:uk", resolve).findings;
    expect(mixed.map((f) => [f.code, f.message])).toStrictEqual([["CONSTRAINT_KEY_UNKNOWN", "acc names constraint key 'spelling', outside the closed set; it will be noted, not compared"]]);
    // U+212A KELVIN SIGN lowers to "k" under Unicode case mapping: it is no key in any case.
    expect(found("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT acc=\u212Aey:x")).toStrictEqual(["VALUE_TYPE:acc"]);
    expect(found("RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT acc=1en:x")).toStrictEqual(["VALUE_TYPE:acc"]);
  });
  it("rb may name slots to echo", () => {
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc+pri+keep")).toStrictEqual([]);
  });
  it("rb= names every element that is no level or slot, one finding each, as acc= does (rule 2, note 7)", () => {
    const c = checkLine("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce+acc+ech+exp", resolve);
    expect(c.findings.map((f) => [f.code, f.slot, f.received, f.message])).toStrictEqual([
      ["RB_UNKNOWN", "rb", "exce", "rb=exce is neither a readback level (echo all acc plan exec) nor a known slot"],
      ["RB_UNKNOWN", "rb", "ech", "rb=ech is neither a readback level (echo all acc plan exec) nor a known slot"],
      ["RB_UNKNOWN", "rb", "exp", "rb=exp names exp, which a readback never echoes (rb keys exp p)"],
    ]);
    // The UN names each offending code, not the first alone.
    const un = refusal(c.message as Message, c.findings, "b");
    expect(un.ok ? un.value : un.findings).toBe("RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // unknown rb=exce; unknown rb=ech; unknown rb=exp");
    // A list holding an empty element is malformed: one finding, as any list's.
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce++ech")).toStrictEqual(["RB_UNKNOWN:rb"]);
    expect(found("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc++ech")).toStrictEqual(["VALUE_TYPE:rb"]);
  });
});

describe("profiles: vocabulary only with p=", () => {
  it("a profile ask without p= is refused, naming the profile to use", () => {
    expect(found("RW1 HO s-1 from=s to=p item=inv:1 ask=PAY", pay)).toStrictEqual(["PROFILE_REQUIRED:ask"]);
  });
  it("a profile slot without p= is refused, not ignored", () => {
    expect(found("RW1 HO s-1 from=s to=p item=inv:1 ask=REVIEW amt=5.00", pay)).toStrictEqual(["PROFILE_REQUIRED:amt"]);
  });
  it("rb= naming a profile slot without p= is refused as the slot itself is, naming the profile", () => {
    expect(found("RW1 HO s-1 from=s to=p item=inv:1 ask=REVIEW rb=echo+amt", pay)).toStrictEqual(["PROFILE_REQUIRED:rb"]);
    // Each profile slot, and each unknown element beside them, is its own finding.
    const c = checkLine("RW1 HO s-1 from=s to=p item=inv:1 ask=REVIEW rb=echo+amt+zz+cur", pay);
    expect(c.findings.map((f) => [f.code, f.received])).toStrictEqual([["PROFILE_REQUIRED", "amt"], ["RB_UNKNOWN", "zz"], ["PROFILE_REQUIRED", "cur"]]);
  });
  it("without the profile loaded at all, a profile ask is simply unknown", () => {
    expect(found("RW1 HO s-1 from=s to=p item=inv:1 ask=PAY", coreVocabulary)).toStrictEqual(["ENUM_UNKNOWN:ask"]);
  });
  it("p= naming a different profile than the one loaded is refused", () => {
    expect(found("RW1 HO s-1 p=clin from=s to=p item=inv:1 ask=PAY", pay)).toStrictEqual(["PROFILE_UNKNOWN:p", "ENUM_UNKNOWN:ask"]);
  });
  it("profile slots are typed: money has two decimals", () => {
    expect(found("RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5400 cur=GBP")).toStrictEqual(["VALUE_TYPE:amt"]);
    expect(found("RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5,400.00 cur=GBP")).toStrictEqual(["VALUE_TYPE:amt"]);
    expect(found("RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5400.00 cur=XYZ")).toStrictEqual(["ENUM_UNKNOWN:cur"]);
  });
  it("pform: its stage enum and asks, and a note for agents it does not name", () => {
    expect(found("RW1 HO TRI-1 p=pform from=TRI to=STR item=pensive:4102 ask=SCORE4 stg=DIA", pform)).toStrictEqual([]);
    expect(found("RW1 HO TRI-1 p=pform from=TRI to=STR item=pensive:4102 ask=SCORE4 stg=DONE2", pform)).toStrictEqual(["ENUM_UNKNOWN:stg"]);
    expect(found("RW1 HO TRI-1 p=pform from=TRI to=bob item=pensive:4102 ask=PRUNE", pform)).toStrictEqual(["AGENT_NOT_IN_PROFILE:to"]);
    expect(found("RW1 AQ TRI-2 p=pform from=TRI to=human need=YESNO", pform)).toStrictEqual([]);
  });
});

describe("the profile's closed answer vocabulary (ans)", () => {
  it("AQ need=ENUM draws opts from ans", () => {
    expect(found("RW1 AQ s-3 p=pay from=s to=human item=inv:1 need=ENUM opts=APPROVE+HOLD")).toStrictEqual([]);
    expect(found("RW1 AQ s-3 p=pay from=s to=human item=inv:1 need=ENUM opts=APPROVE+PAY-USD")).toStrictEqual(["ANS_UNKNOWN:opts"]);
  });
  it("AN val is an ans code, or tail, Y, N, a number or a date", () => {
    for (const val of ["APPROVE", "CALLBACK", "Y", "N", "42", "12.50", "20261002"]) {
      expect(found(`RW1 AN h-1 re=s-3 p=pay from=h to=s val=${val}`)).toStrictEqual([]);
    }
    expect(found("RW1 AN h-1 re=s-3 p=pay from=h to=s val=tail // as discussed")).toStrictEqual([]);
    expect(found("RW1 AN h-1 re=s-3 p=pay from=h to=s val=OFFRUN")).toStrictEqual(["ANS_UNKNOWN:val"]);
  });
  it("without a profile, answers are open", () => {
    expect(found("RW1 AN h-1 re=s-3 from=h to=s val=OFFRUN")).toStrictEqual([]);
  });
});

describe("translation rules", () => {
  it("pay: an ST about a source document carries src=", () => {
    expect(found("RW1 ST x-1 p=pay from=x to=s item=email:7 sup=marlow")).toStrictEqual(["TRANSLATION:src"]);
    expect(found("RW1 ST x-1 p=pay from=x to=s item=email:7 sup=marlow src=email:7")).toStrictEqual([]);
    expect(found("RW1 ST x-1 p=pay from=x to=s item=jira:OPS-1 pct=50")).toStrictEqual([]);
  });
  it("a rule's item namespaces are compared as written, case and all, as references are (profiles/README.md)", () => {
    expect(found("RW1 ST x-1 p=pay from=x to=s item=INV:MD-1 sup=marlow")).toStrictEqual([]);
    expect(found("RW1 ST x-1 p=pay from=x to=s item=Email:7 sup=marlow")).toStrictEqual([]);
    const upper = compileVocabulary(coreVocabulary, {
      profile: "upper", version: "0.1", extends: "RW1",
      translation: [{ id: "inv-src", desc: "an ST about an invoice names its item's source", on: ["ST"], when: { item_ns: ["INV"] }, require: ["blk"] }],
    });
    if (!upper.ok) throw new Error(JSON.stringify(upper.findings));
    expect(found("RW1 ST x-1 p=upper from=x to=s item=INV:MD-1", upper.value)).toStrictEqual(["TRANSLATION:blk"]);
    expect(found("RW1 ST x-1 p=upper from=x to=s item=inv:MD-1", upper.value)).toStrictEqual([]);
  });
  it("pay: an invoice line carries amt cur kind", () => {
    expect(found("RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=10.00")).toStrictEqual(["TRANSLATION:cur", "TRANSLATION:kind"]);
    expect(found("RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=10.00 cur=GBP kind=GROSS")).toStrictEqual([]);
  });
  it("pay: net + vat = amt when all three are given, exactly (no floating point)", () => {
    const line = (net: string, vat: string, amt: string): string => `RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=${amt} cur=GBP kind=GROSS net=${net} vat=${vat}`;
    expect(found(line("4500.00", "900.00", "5400.00"))).toStrictEqual([]);
    expect(found(line("0.10", "0.20", "0.30"))).toStrictEqual([]);
    expect(found(line("4500.00", "900.00", "5100.00"))).toStrictEqual(["TRANSLATION:amt"]);
    expect(found("RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=5400.00 cur=GBP kind=GROSS net=4500.00")).toStrictEqual([]);
  });
  it("pay: the sum is exact past a double's precision, with credit notes (negative money) and carries", () => {
    const line = (net: string, vat: string, amt: string): string => `RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=${amt} cur=GBP kind=GROSS net=${net} vat=${vat}`;
    const adds = [
      ["99999999999999999999.99", "0.01", "100000000000000000000.00"],
      ["-120.00", "-24.00", "-144.00"],
      ["1000.00", "-1.00", "999.00"],
      ["-1000.00", "1.00", "-999.00"],
      ["0.01", "-0.01", "0.00"],
      ["0.00", "0.00", "0.00"],
      ["9.99", "9.99", "19.98"],
    ];
    for (const [net, vat, amt] of adds) expect(found(line(net as string, vat as string, amt as string))).toStrictEqual([]);
    const wrong = [
      ["99999999999999999999.99", "0.01", "100000000000000000000.01"],
      ["99999999999999999999.99", "0.01", "10000000000000000000.00"],
      ["-120.00", "-24.00", "144.00"],
      ["0.01", "-0.01", "0.02"],
      ["10.00", "0.00", "1.00"],
      ["1.00", "0.00", "10.00"],
      ["0.10", "0.00", "0.01"],
    ];
    for (const [net, vat, amt] of wrong) expect(found(line(net as string, vat as string, amt as string))).toStrictEqual(["TRANSLATION:amt"]);
  });
  // A line of huge amounts costs about what any line of its length does: the sum was BigInt
  // arithmetic, and reading a 4,000,000-digit amount into one took seconds (time quadratic in its
  // length), seven for this line. A linear check takes under one on a busy machine; the timeout is
  // the check.
  it("pay: the sum of 4,000,000-digit amounts is checked in linear time", () => {
    const digits = "9".repeat(4_000_000);
    const line = `RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=1${"9".repeat(3_999_999)}9.00 cur=GBP kind=GROSS net=${digits}.00 vat=${digits}.00`;
    expect(found(line)).toStrictEqual(["TRANSLATION:amt"]);
  }, 5_000);
  it("pay: a sum that does not hold quotes its parts cut to 40 characters, as every quoted value is (note 36)", () => {
    const digits = "9".repeat(100);
    const [f] = checkLine(`RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=1.00 cur=GBP kind=GROSS net=${digits}.00 vat=0.00`, resolve).findings;
    expect(f?.received).toBe(`${"9".repeat(40)}...`);
    expect(checkLine("RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=1.00 cur=GBP kind=GROSS net=4500.00 vat=900.00", resolve).findings[0]?.received).toBe("4500.00+900.00");
  });
  it("pay: with net and vat the sum makes amt the gross, so kind says GROSS (profiles/README.md)", () => {
    const line = (kind: string, amt: string, more: string): string => `RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=${amt} cur=GBP kind=${kind}${more}`;
    expect(found(line("NET", "5400.00", " net=4500.00 vat=900.00"))).toStrictEqual(["TRANSLATION:kind"]);
    expect(found(line("VAT", "5400.00", " net=4500.00 vat=900.00"))).toStrictEqual(["TRANSLATION:kind"]);
    expect(found(line("GROSS", "5400.00", " net=4500.00 vat=900.00"))).toStrictEqual([]);
    // Without all three the sum says nothing of amt, nor does the rule of kind.
    expect(found(line("NET", "4500.00", " net=4500.00"))).toStrictEqual([]);
    expect(found(line("VAT", "900.00", " vat=900.00"))).toStrictEqual([]);
    expect(found("RW1 HO a-1 p=pay from=a to=b item=inv:MD-1 ask=PAY amt=5400.00 net=4500.00 vat=900.00")).toStrictEqual([]);
  });
  it("the translation finding names the rule", () => {
    const f = checkLine("RW1 ST x-1 p=pay from=x to=s item=email:7", resolve).findings[0];
    expect(f?.path).toBe("source-src");
  });
  it("clin: one ST per statement with act pol cert subj time and src", () => {
    const ok = "RW1 ST ext-1 p=clin from=ext to=rec item=dx:hypertension act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D17#l12 // known hypertensive";
    expect(found(ok, clin)).toStrictEqual([]);
    expect(found("RW1 ST ext-1 p=clin from=ext to=rec item=dx:hypertension act=DX pol=POS src=doc:D17#l12 // x", clin)).toStrictEqual([
      "MISSING_SLOT:cert",
      "MISSING_SLOT:subj",
      "MISSING_SLOT:time",
    ]);
  });
  it("clin: item is <kind>:<concept>, src is doc:<id>#l<n>, the quote is the tail", () => {
    const line = (item: string, src: string, tail: string): string => `RW1 ST ext-1 p=clin from=ext to=rec item=${item} act=DX pol=NEG cert=CERT subj=FAM time=PAST src=${src}${tail}`;
    expect(found(line("dx:diabetes", "doc:D17#l4", " // no family history of diabetes"), clin)).toStrictEqual([]);
    expect(found(line("disease:diabetes", "doc:D17#l4", " // q"), clin)).toStrictEqual(["TRANSLATION:item"]);
    expect(found(line("dx:diabetes", "doc:D17", " // q"), clin)).toStrictEqual(["TRANSLATION:src"]);
    expect(found(line("dx:diabetes", "doc:D17#l4", ""), clin)).toStrictEqual(["TRANSLATION:tail"]);
  });
  it("clin: a tail of white space alone quotes nothing", () => {
    const line = (tail: string): string => `RW1 ST ext-1 p=clin from=ext to=rec item=dx:diabetes act=DX pol=NEG cert=CERT subj=FAM time=PAST src=doc:D17#l4 // ${tail}`;
    expect(found(line(" "), clin)).toStrictEqual(["TRANSLATION:tail"]);
    expect(found(line("\u00a0\u3000"), clin)).toStrictEqual(["TRANSLATION:tail"]);
    expect(found(line(" no family history"), clin)).toStrictEqual([]);
  });
  it("a tail of invisible format characters alone quotes, answers and names nothing", () => {
    const line = (tail: string): string => `RW1 ST ext-1 p=clin from=ext to=rec item=dx:diabetes act=DX pol=NEG cert=CERT subj=FAM time=PAST src=doc:D17#l4 // ${tail}`;
    // A zero-width space, a word joiner, a soft hyphen, a left-to-right mark, a zero-width joiner.
    for (const invisible of ["\u200b", "\u2060\u00ad", "\u200e \u200d"]) {
      expect(found(line(invisible), clin), JSON.stringify(invisible)).toStrictEqual(["TRANSLATION:tail"]);
      expect(found(`RW1 AN a-2 re=b-1 from=a to=b val=tail // ${invisible}`), JSON.stringify(invisible)).toStrictEqual(["TAIL_REQUIRED:tail"]);
      expect(found(`RW1 UN a-2 re=b-1 from=a to=b why=UNK // ${invisible}`), JSON.stringify(invisible)).toStrictEqual(["TAIL_REQUIRED:tail"]);
    }
    expect(found(line("no\u00adfamily history\u200b"), clin)).toStrictEqual([]);
    expect(found("RW1 AN a-2 re=b-1 from=a to=b val=tail // \u200bplain")).toStrictEqual([]);
    // The JSON form is held to the same rule.
    const json = (tail: string): string[] =>
      checkMessage({ v: "RW1", type: "ST", id: "ext-1", re: null, from: "ext", to: "rec", item: "dx:diabetes", slots: { p: "clin", act: "DX", pol: "NEG", cert: "CERT", subj: "FAM", time: "PAST", src: "doc:D17#l4" }, tail }, clin).findings.map((f) => `${f.code}:${f.slot}`);
    expect(json("\u200b")).toStrictEqual(["TRANSLATION:tail"]);
    expect(json("no family history")).toStrictEqual([]);
  });
  it("clin: a quantity carries its unit", () => {
    const base = "RW1 ST ext-2 p=clin from=ext to=rec item=obs:bp act=OBS pol=POS cert=CERT subj=PT time=CUR src=doc:D17#l9";
    expect(found(`${base} qty=140/90 unit=mmHg // BP 140/90`, clin)).toStrictEqual([]);
    expect(found(`${base} qty=140/90 // BP 140/90`, clin)).toStrictEqual(["TRANSLATION:unit"]);
    expect(found(`${base} qty=high unit=mmHg // BP high`, clin)).toStrictEqual(["VALUE_TYPE:qty"]);
  });
  it("a shape over a list slot holds for each element", () => {
    const profile = {
      profile: "docs",
      version: "1",
      extends: "RW1",
      slots: [{ key: "src", type: "list:token", on: ["ST"] }, { key: "n", type: "int:0-999", on: ["ST"] }],
      translation: [{ id: "src-shape", desc: "each source is <ns>:<id>", shape: { src: "{id}:{id}", n: "{n}" } }],
    };
    const compiled = compileVocabulary(coreVocabulary, profile);
    if (!compiled.ok) throw new Error(compiled.findings.map((f) => f.message).join("; "));
    const line = (slots: string): string => `RW1 ST x-1 p=docs from=x to=s item=a ${slots}`;
    expect(found(line("src=email:7"), compiled.value)).toStrictEqual([]);
    expect(found(line("src=email:7+po:PO-1044 n=12"), compiled.value)).toStrictEqual([]);
    expect(found(line("src=email:7+bogus"), compiled.value)).toStrictEqual(["TRANSLATION:src"]);
    expect(checkLine(line("src=email:7+bogus"), compiled.value).findings[0]?.received).toBe("bogus");
    // The message names the element as an element of the list, quoted, so an empty one is seen.
    const message = (slots: string) => checkLine(line(slots), compiled.value).findings.map((f) => f.message);
    expect(message("src=email:7+bogus")).toStrictEqual(['src=email:7+bogus holds "bogus", which does not have the shape {id}:{id}: each source is <ns>:<id>']);
    expect(message("src=email:7++po:1")).toContainEqual('src=email:7++po:1 holds "", which does not have the shape {id}:{id}: each source is <ns>:<id>');
    expect(message("n=12")).toStrictEqual([]);
    expect(message("src=bogus")).toStrictEqual(["src=bogus does not have the shape {id}:{id}: each source is <ns>:<id>"]);
    expect(message("src=")).toContainEqual('src= holds "", which does not have the shape {id}:{id}: each source is <ns>:<id>');
  });
  it("a rule reads from and to where the JSON form keeps them, as it reads item and re", () => {
    // from and to are slots a rule may name (section 3 lists them), kept at the top of the JSON
    // form: a rule that looked for them among the keyed slots refused every message for a missing
    // to= and never tested a from= shape.
    const profile = {
      profile: "desk",
      version: "1",
      extends: "RW1",
      translation: [
        { id: "desk-sender", desc: "statuses come from a desk agent", on: ["ST"], shape: { from: "desk-{id}" } },
        { id: "addressed", desc: "a status names its receiver", on: ["ST"], require: ["to"] },
      ],
    };
    const compiled = compileVocabulary(coreVocabulary, profile);
    if (!compiled.ok) throw new Error(compiled.findings.map((f) => f.message).join("; "));
    expect(found("RW1 ST desk-a-1 p=desk from=desk-a to=s item=x", compiled.value)).toStrictEqual([]);
    expect(found("RW1 ST bot-1 p=desk from=bot to=s item=x", compiled.value)).toStrictEqual(["TRANSLATION:from"]);
  });
  it("clin: a dose carries its unit", () => {
    const base = "RW1 ST ext-3 p=clin from=ext to=rec item=med:amoxicillin act=RX pol=POS cert=CERT subj=PT time=CUR src=doc:D17#l14";
    expect(found(`${base} dose=500 unit=mg freq=tds // amoxicillin 500mg tds`, clin)).toStrictEqual([]);
    expect(found(`${base} dose=500 freq=tds // amoxicillin 500mg tds`, clin)).toStrictEqual(["TRANSLATION:unit"]);
  });
});

describe("checkMessage: the JSON form is held to the same rules", () => {
  const good: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT", pri: 2 }, tail: null };
  it("accepts a valid JSON form", () => {
    expect(checkMessage(good).ok).toBe(true);
  });
  it("types follow the slot: a number where a date belongs is refused", () => {
    const c = checkMessage({ ...good, slots: { ask: "DRAFT", due: 20261002 } });
    expect(c.findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["VALUE_TYPE:due"]);
  });
  it("types follow the slot: a string where an int belongs is refused", () => {
    expect(checkMessage({ ...good, slots: { ask: "DRAFT", pri: "2" } }).findings.map((f) => f.code)).toStrictEqual(["VALUE_TYPE"]);
  });
  it("a value of the wrong JSON type that a line writes validly is said to be one, not 'pri=2 is not an integer'", () => {
    const messages = (slots: Message["slots"]): string[] => checkMessage({ ...good, slots: { ask: "DRAFT", ...slots } }).findings.map((f) => f.message);
    expect(messages({ pri: "2" })).toStrictEqual([`pri: the JSON form holds "2", where a line's pri=2 reads 2`]);
    expect(messages({ keep: [1] })).toStrictEqual([`keep: the JSON form holds [1], where a line's keep=1 reads ["1"]`]);
    expect(messages({ art: ["a+b"] })).toStrictEqual([`art: the JSON form holds ["a+b"], where a line's art=a+b reads ["a","b"]`]);
    expect(checkMessage({ ...good, type: "FL", re: "b-1", slots: { why: "ERR", retry: "Y" } }).findings.map((f) => f.message)).toStrictEqual([`retry: the JSON form holds "Y", where a line's retry=Y reads true`]);
    // Invalid however it is written: the type's own reason, as for a line.
    expect(messages({ pri: "x" })).toStrictEqual(["pri=x is not an integer"]);
    expect(messages({ pri: 9 })).toStrictEqual(["pri=9 is outside 1-5"]);
  });
  it("a JSON boolean where the slot takes none is said as given (true, a JSON boolean), not as the Y a line would write", () => {
    const messages = (slots: Message["slots"]): string[] => checkMessage({ ...good, slots: { ask: "DRAFT", ...slots } }).findings.map((f) => f.message);
    expect(messages({ pri: true })).toStrictEqual(["pri: the JSON form holds true (a JSON boolean), which is not an integer"]);
    expect(messages({ due: false })).toStrictEqual(["due: the JSON form holds false (a JSON boolean), which is not a date (YYYYMMDD)"]);
    // In a list a line could write, the JSON form is shown whole already.
    expect(messages({ art: ["a", true] })).toStrictEqual([`art: the JSON form holds ["a",true], where a line's art=a+Y reads ["a","Y"]`]);
    // The same value in a line is what the sender wrote: said as written.
    expect(checkLine("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=Y").findings.map((f) => f.message)).toStrictEqual(["pri=Y is not an integer"]);
  });
  it("a JSON value no line writes in a slot the vocabulary does not type is said as given (true, [true], 3), not as the Y a line would write", () => {
    const refused = (slots: Message["slots"]): string[] => checkMessage({ ...good, slots: { ask: "DRAFT", ...slots } }).findings.filter((f) => f.code === "VALUE_TYPE").map((f) => f.message);
    const untyped = "which is not a string; a slot the vocabulary does not type is a string without spaces";
    expect(refused({ zz: true })).toStrictEqual([`zz: the JSON form holds true, ${untyped}`]);
    expect(refused({ zz: [true] })).toStrictEqual([`zz: the JSON form holds [true], ${untyped}`]);
    expect(refused({ zz: 3 })).toStrictEqual([`zz: the JSON form holds 3, ${untyped}`]);
    // A string is what a line would carry: said as written.
    expect(refused({ zz: "a b" })).toStrictEqual(["zz=a b: holds a space or control character; a slot the vocabulary does not type is a string without spaces"]);
  });
  it("an integer too large to read exactly is said to be one, not 'is not an integer' (README note 1)", () => {
    const said = (line: string): string[] => checkLine(line).findings.map((f) => `${f.code} ${f.message}`);
    const big = "is an integer too large to read exactly (beyond ±9007199254740991)";
    expect(said("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=99999999999999999999")).toStrictEqual([`VALUE_TYPE pri=99999999999999999999 ${big}`]);
    expect(said("RW1 ST a-1 from=a to=b item=x pct=-9007199254740993")).toStrictEqual([`VALUE_TYPE pct=-9007199254740993 ${big}`]);
    // What is no integer at all is still said so.
    expect(said("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=1.5")).toStrictEqual(["VALUE_TYPE pri=1.5 is not an integer"]);
    const wide = compileVocabulary(coreVocabulary, { profile: "wide", version: "0.1", extends: "RW1", slots: [{ key: "d", type: "days", on: ["HO"] }] });
    if (!wide.ok) throw new Error(JSON.stringify(wide.findings));
    const days = (value: string): string[] => checkLine(`RW1 HO a-1 p=wide from=a to=b item=x ask=DRAFT d=${value}`, wide.value).findings.map((f) => f.message);
    expect(days("90071992547409910")).toStrictEqual([`d=90071992547409910 ${big}`]);
    expect(days("-1")).toStrictEqual(["d=-1 is not a number of days"]);
    expect(days("-90071992547409910")).toStrictEqual(["d=-90071992547409910 is not a number of days"]);
  });
  it("refuses a shape that is not the JSON form", () => {
    for (const bad of [null, [], "RW1 HO", { ...good, extra: 1 }, { ...good, slots: { from: "a" } }, { ...good, slots: { ask: { x: 1 } } }, { ...good, tail: 5 }]) {
      const c = checkMessage(bad);
      expect(c.ok).toBe(false);
      expect(c.findings.every((f) => f.code === "JSON_SHAPE")).toBe(true);
    }
  });
  it("refuses the keys schema tools drop silently, rather than lose them", () => {
    const c = checkMessage(JSON.parse('{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","__proto__":"x"},"tail":null}'));
    expect(c.ok).toBe(false);
    expect(c.findings[0]?.code).toBe("JSON_SHAPE");
  });
  it("validates against a profile named by p= through a resolver", () => {
    const pays: Message = { ...good, id: "s-1", from: "s", slots: { p: "pay", ask: "PAY", amt: "5.00" } };
    expect(checkMessage(pays, resolve).ok).toBe(true);
    expect(validate(pays, coreVocabulary).map((f) => f.code)).toStrictEqual(["PROFILE_UNKNOWN", "ENUM_UNKNOWN", "SLOT_UNKNOWN"]);
  });
});
