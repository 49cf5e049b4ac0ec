// Every route inside workerd: what it answers, and each error it can give.
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { coreVocabulary, digest, legend, makeReadback, checkLine, formatLine } from "../../core/index.js";
import { shippedProfiles } from "../../profiles/index.js";
import { handle } from "../../worker/handle.js";
import { PROBLEMS } from "../../worker/problem.js";
import { vocabularies } from "../vocabularies.js";
import { call, postJson, postText, problemOf } from "./http.js";
import { AQ_JSON, HO, MINI, PAY_DN, PAY_HO, PAY_RB, PAY_RECORD, POLISH, RB } from "./lines.js";

async function body<T = Record<string, any>>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function expectProblem(response: Response, kind: keyof typeof PROBLEMS, extra: Record<string, unknown> = {}) {
  const p = await problemOf(response);
  expect(p).toMatchObject({ type: `/v1/problems/${kind}`, status: PROBLEMS[kind].status, title: PROBLEMS[kind].title, ...extra });
  expect(response.status).toBe(PROBLEMS[kind].status);
  expect(typeof p.detail).toBe("string");
  return p;
}

describe("POST /v1/parse", () => {
  it("gives the JSON form of each line (JSON body)", async () => {
    const r = await body(await postJson("/v1/parse", { lines: [HO] }));
    expect(r).toStrictEqual({ ok: true, results: [{ line: 1, ok: true, message: checkLine(HO).message, findings: [] }] });
  });
  it("reads a text body, skipping blank and # lines but numbering them", async () => {
    const r = await body(await postText("/v1/parse", `# a comment\n\n${HO}\r\nRW1\n`));
    expect(r.ok).toBe(false);
    expect(r.results.map((x: any) => [x.line, x.ok])).toStrictEqual([[3, true], [4, false]]);
    expect(r.results[1].message).toBeNull();
  });
  it("skips only lines of spaces and tabs as blank: a no-break space or a byte order mark mid-body is a line, refused", async () => {
    const r = await body(await postText("/v1/parse", ` \t\n\u00A0\n${HO}\n\uFEFF\n\u3000\n`));
    expect(r.results.map((x: any) => [x.line, x.ok, x.findings.map((f: any) => f.code)])).toStrictEqual([
      [2, false, ["VERSION"]],
      [3, true, []],
      [4, false, ["VERSION"]],
      [5, false, ["VERSION"]],
    ]);
    expect(r.results[0].findings[0].message).toContain("U+00A0");
    // A route that reads named messages counts such a line as one: make-rb takes one.
    await expectProblem(await postText("/v1/make-rb", `${HO}\n\u00A0\n`), "invalid-request", { parameter: "body", detail: "body: a text body holds 1 line: ho; it holds 2" });
    await expectProblem(await postText("/v1/check-rb", `${HO}\n`), "invalid-request", { parameter: "body", detail: "body: a text body holds 2 lines: ho, rb, in that order; it holds 1" });
  });
  it("answers a JSON form among the lines with a result saying what it is, as /v1/format answers a line", async () => {
    const jsonForm = { code: "VERSION", severity: "error", message: "this is a JSON form: parse reads RW1 lines; format writes a JSON form's line, validate checks either", slot: "v", expected: "RW1" };
    // An object in a JSON body, and the same JSON form as JSON text (there, the place is given).
    const r = await body(await postJson("/v1/parse", { lines: [AQ_JSON, JSON.stringify(AQ_JSON), HO] }));
    expect(r).toStrictEqual({
      ok: false,
      results: [
        { line: 1, ok: false, message: null, findings: [jsonForm] },
        { line: 2, ok: false, message: null, findings: [{ ...jsonForm, at: 0 }] },
        { line: 3, ok: true, message: checkLine(HO).message, findings: [] },
      ],
    });
    const text = await body(await postText("/v1/parse", `${JSON.stringify(AQ_JSON)}\n`));
    expect(text.results).toStrictEqual([{ line: 1, ok: false, message: null, findings: [{ ...jsonForm, at: 0 }] }]);
  });
});

describe("POST /v1/format", () => {
  it("writes the line of a JSON form", async () => {
    const r = await body(await postJson("/v1/format", { lines: [AQ_JSON] }));
    expect(r).toStrictEqual({ ok: true, results: [{ line: 1, ok: true, text: "RW1 AQ writer-02 re=research-01 from=writer to=research need=ENUM opts=formal+plain+punchy // tone?", findings: [] }] });
  });
  it("reads JSON forms as text lines", async () => {
    const r = await body(await postText("/v1/format", `${JSON.stringify(AQ_JSON)}\n${HO}\n{not json\n`));
    expect(r.results.map((x: any) => [x.ok, x.findings.map((f: any) => f.code)])).toStrictEqual([[true, []], [false, ["JSON_SHAPE"]], [false, ["JSON_SHAPE"]]]);
    // The core's wording (formatInput), the one rw format gives.
    expect(r.results[1].findings[0].message).toBe("format reads JSON forms, one object per line; this is an RW1 line: parse reads RW1 lines, validate checks either");
  });
});

describe("POST /v1/validate", () => {
  it("gives the findings and, with as, the UN the receiver sends", async () => {
    const r = await body(await postJson("/v1/validate", { lines: [POLISH, HO], as: "writer" }));
    expect(r.ok).toBe(false);
    expect(r.results[0]).toMatchObject({ line: 1, ok: false, refusal: "RW1 UN writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 why=UNK // unknown ask=POLISH" });
    expect(r.results[0].findings[0]).toMatchObject({ code: "ENUM_UNKNOWN", slot: "ask", at: 64 });
    expect(r.results[1]).toStrictEqual({ line: 2, ok: true, findings: [], refusal: null });
  });
  it("takes as and seq in the query for a text body, numbering each refusal", async () => {
    const r = await body(await postText("/v1/validate?as=writer&seq=7", `${POLISH}\n${POLISH}\n`));
    expect(r.results.map((x: any) => x.refusal.split(" ")[2])).toStrictEqual(["writer-7", "writer-8"]);
  });
  it("numbers each refusal past the receiver's own ids among the lines, as rw validate --as does", async () => {
    const own = "RW1 HO writer-4 from=writer to=research item=gh:crox/site#42 ask=DRAFT";
    const r = await body(await postText("/v1/validate?as=writer&seq=2", `${POLISH}\n${own}\n${POLISH}\n`));
    expect(r.results.map((x: any) => x.refusal?.split(" ")[2] ?? null)).toStrictEqual(["writer-2", null, "writer-5"]);
    // Past 2^53 - 1, the lowest number none of the receiver's ids and refusals read so far has, as the thread numbers.
    const last = await body(await postText("/v1/validate?as=writer", `${own.replace("writer-4", "writer-9007199254740991")}\n${POLISH}\n${POLISH}\n`));
    expect(last.results.map((x: any) => x.refusal?.split(" ")[2] ?? null)).toStrictEqual([null, "writer-1", "writer-2"]);
    // With seq at 2^53 - 1 and that number taken, none is left: UNADDRESSABLE, not a server error.
    const none = await body(await postText(`/v1/validate?as=writer&seq=${Number.MAX_SAFE_INTEGER}`, `${own.replace("writer-4", "writer-9007199254740991")}\n${POLISH}\n`));
    expect(none.results[1].refusal).toBeNull();
    expect(none.results[1].refusalFindings.map((f: any) => f.code)).toStrictEqual(["UNADDRESSABLE"]);
  });
  it("reads a text body's JSON list as a JSON form, refused for its shape (no UN), never as another version (why=VER)", async () => {
    const r = await body(await postText("/v1/validate?as=writer", '[{"v":"RW1","type":"HO"}]\n[RW1 HO a-1 from=a to=writer item=x ask=DRAFT\n'));
    for (const x of r.results) {
      expect(x.findings.map((f: any) => f.code)).toStrictEqual(["JSON_SHAPE"]);
      expect([x.refusal, x.refusalFindings.map((f: any) => f.code)]).toStrictEqual([null, ["UNADDRESSABLE", "UNADDRESSABLE"]]);
    }
    expect(r.results[0].findings[0].message).toMatch(/^message: not an object \(received a list\)/);
    const thread = await body(await postText("/v1/check-thread", `${HO}\n[]\n`));
    expect(thread.rejected.map((x: any) => [x.line, x.findings.map((f: any) => f.code)])).toStrictEqual([[2, ["JSON_SHAPE"]]]);
  });
  it("never numbers a refusal with an id a line's re= shows the receiver already used (section 2: unique ids)", async () => {
    // The refused AN's re= names research-1: that id is research's, though this request never shows it.
    const r = await body(await postText("/v1/validate?as=research", "RW1 AN writer-2 re=research-1 from=writer to=research\n"));
    expect(r.results[0].refusal).toBe("RW1 UN research-2 re=writer-2 from=research to=writer why=UNK // missing val");
    // A valid line's re= counts too, as its id does.
    const cited = "RW1 AN writer-3 re=research-7 from=writer to=research val=ok";
    const after = await body(await postText("/v1/validate?as=research", `${cited}\nRW1 AN writer-4 re=research-1 from=writer to=research\n`));
    expect(after.results.map((x: any) => x.refusal?.split(" ")[2] ?? null)).toStrictEqual([null, "research-8"]);
  });
  it("says when no refusal can be addressed", async () => {
    const r = await body(await postText("/v1/validate?as=writer", "hello\n"));
    expect(r.results[0].refusal).toBeNull();
    expect(r.results[0].refusalFindings.map((f: any) => f.code)).toContain("UNADDRESSABLE");
  });
  it("reads JSON forms as objects, and omits refusal without as", async () => {
    const r = await body(await postJson("/v1/validate", { lines: [AQ_JSON, { ...AQ_JSON, slots: { need: "NOPE" } }] }));
    expect(r.results.map((x: any) => [x.ok, "refusal" in x])).toStrictEqual([[true, false], [false, false]]);
  });
  it("reads lines without p= against the profile named in the query", async () => {
    const line = "RW1 HO scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 ask=PAY amt=5400.00";
    const r = await body(await postText("/v1/validate?profile=pay", line));
    expect(r.results[0].findings.map((f: any) => `${f.code} ${f.at}`)).toStrictEqual(["PROFILE_REQUIRED 64", "PROFILE_REQUIRED 72"]);
  });
  it("takes an inline profile: for p= lines and for lines without it", async () => {
    const r = await body(await postJson("/v1/validate", { profile: MINI, lines: [POLISH.replace(" from=", " p=mini from="), POLISH] }));
    expect(r.results.map((x: any) => [x.ok, x.findings.map((f: any) => f.code)])).toStrictEqual([[true, []], [false, ["PROFILE_REQUIRED"]]]);
  });
  it("refuses a bad as, seq without as, unknown fields and parameters, and conflicting values", async () => {
    await expectProblem(await postJson("/v1/validate", { lines: [HO], as: "no one" }), "invalid-request", { parameter: "as" });
    await expectProblem(await postJson("/v1/validate", { lines: [HO], seq: 2 }), "invalid-request", { parameter: "seq" });
    await expectProblem(await postJson("/v1/validate", { lines: [HO], as: "writer", seq: -1 }), "invalid-request", { parameter: "seq" });
    await expectProblem(await postJson("/v1/validate", { lines: [HO], receiver: "writer" }), "invalid-request", { parameter: "receiver" });
    await expectProblem(await postText("/v1/validate?receiver=writer", HO), "invalid-request", { parameter: "receiver" });
    await expectProblem(await postText("/v1/validate?lines=x", HO), "invalid-request", { parameter: "lines" });
    await expectProblem(await postJson("/v1/validate?as=reader", { lines: [HO], as: "writer" }), "invalid-request", { parameter: "as" });
    await expectProblem(await postText("/v1/validate?as=a&as=b", HO), "invalid-request", { parameter: "as" });
    await expectProblem(await postJson("/v1/validate", {}), "invalid-request", { parameter: "lines" });
    await expectProblem(await postJson("/v1/validate", { lines: HO }), "invalid-request", { parameter: "lines" });
    await expectProblem(await postJson("/v1/validate", { lines: [42] }), "invalid-request", { parameter: "lines" });
  });
  it("accepts the same value in the body and the query", async () => {
    const r = await body(await postJson("/v1/validate?as=writer", { lines: [POLISH], as: "writer" }));
    expect(r.results[0].refusal).toMatch(/^RW1 UN writer-1 /);
  });
  it("compares a body field with the query parameter as the route reads the option, not as text", async () => {
    // A boolean read from the query as lean=1, lean=true or lean (nothing) is true.
    for (const q of ["lean=1", "lean=true", "lean"]) expect((await body(await postJson(`/v1/legend?${q}`, { lean: true }))).lean, q).toBe(true);
    for (const q of ["lean=0", "lean=false"]) expect((await body(await postJson(`/v1/legend?${q}`, { lean: false }))).lean, q).toBe(false);
    for (const q of ["lean=0", "lean=false", "lean=yes"]) await expectProblem(await postJson(`/v1/legend?${q}`, { lean: true }), "invalid-request", { parameter: "lean" });
    // An object agrees with no query text, its String() spelling least of all.
    const disagree = await expectProblem(await postJson("/v1/legend?profile=%5Bobject%20Object%5D", { profile: shippedProfiles["pay"] }), "invalid-request", { parameter: "profile" });
    expect(disagree.detail).toContain("different values");
    await expectProblem(await postJson("/v1/validate?profile=%5Bobject%20Object%5D", { lines: [HO], profile: shippedProfiles["pay"] }), "invalid-request", { parameter: "profile" });
    // A count is a number, as digits in the query; a list an array, as a+b.
    expect((await body(await postJson("/v1/validate?as=writer&seq=7", { lines: [POLISH], as: "writer", seq: 7 }))).results[0].refusal).toMatch(/^RW1 UN writer-7 /);
    await expectProblem(await postJson("/v1/validate?as=writer&seq=8", { lines: [POLISH], as: "writer", seq: 7 }), "invalid-request", { parameter: "seq" });
    const made = await body(await postJson("/v1/make-rb?acc=len:120w+lang:en", { ho: HO.replace(" //", " rb=acc //"), acc: ["len:120w", "lang:en"] }));
    expect(made.line).toContain("acc=len:120w+lang:en");
    await expectProblem(await postJson("/v1/make-rb?acc=len:120w", { ho: HO.replace(" //", " rb=acc //"), acc: ["len:120w", "lang:en"] }), "invalid-request", { parameter: "acc" });
    // A string option stays text: a number in the body is not its digits in the query.
    await expectProblem(await postJson("/v1/validate?as=7", { lines: [HO], as: 7 }), "invalid-request", { parameter: "as" });
    // now: a JSON null is the query's null.
    expect((await body(await postJson("/v1/check-thread?now=null", { lines: [HO], now: null }))).now).toBe(null);
    await expectProblem(await postJson("/v1/check-thread?now=20261001T0000Z", { lines: [HO], now: null }), "invalid-request", { parameter: "now" });
  });
});

describe("profiles in requests", () => {
  it("an unknown name is a 404, in the query or the body", async () => {
    await expectProblem(await postText("/v1/validate?profile=nope", HO), "unknown-profile", { profile: "nope" });
    await expectProblem(await postJson("/v1/digest", { lines: [HO], profile: "__proto__" }), "unknown-profile");
  });
  it("an unknown name is quoted short in the detail, a long one too, and given whole once", async () => {
    const long = "p".repeat(100_000);
    const p = await expectProblem(await postJson("/v1/validate", { lines: [HO], profile: long }), "unknown-profile", { profile: long });
    expect(p["detail"]).toContain(`no shipped profile is named "${"p".repeat(40)}... (100000 characters)"`);
    expect(String(p["detail"]).length).toBeLessThan(200);
    const q = await expectProblem(await call(`/v1/profiles/${"q".repeat(5_000)}`), "unknown-profile");
    expect(String(q["detail"]).length).toBeLessThan(200);
  });
  it("an inline profile the core refuses is a 422 with its findings", async () => {
    const p = await expectProblem(await postJson("/v1/validate", { lines: [HO], profile: { ...MINI, asks: { DRAFT: "redefined" } } }), "invalid-profile", { parameter: "profile" });
    expect((p["findings"] as any[]).map((f) => f.code)).toStrictEqual(["PROFILE_REDEFINES_CORE"]);
    const q = await expectProblem(await postJson("/v1/validate", { lines: [HO], profile: { profile: "x" } }), "invalid-profile");
    expect((q["findings"] as any[]).every((f) => f.code === "PROFILE_SCHEMA")).toBe(true);
  });
  it("an inline profile that takes a shipped profile's name is a 422 with the core's finding, as rw --profile FILE refuses it", async () => {
    const impostor = { profile: "pay", version: "1", extends: "RW1", asks: { PAYX: "pay a supplier" } };
    const line = "RW1 HO a-1 p=pay from=a to=b item=x:1 ask=PAYX";
    const p = await expectProblem(await postJson("/v1/validate", { lines: [line], profile: impostor }), "invalid-profile", { parameter: "profile" });
    expect((p["findings"] as any[]).map((f) => [f.code, f.path, f.received])).toStrictEqual([["PROFILE_SHIPPED_NAME", "profile", "pay"]]);
    expect(p["detail"]).toContain("shipped profile pay");
    await expectProblem(await postJson("/v1/legend", { profile: impostor }), "invalid-profile", { parameter: "profile" });
    // Under another name it is read.
    const own = await postJson("/v1/validate", { lines: ["RW1 HO a-1 p=payx from=a to=b item=x:1 ask=PAYX"], profile: { ...impostor, profile: "payx" } });
    expect(own.status).toBe(200);
  });
  it("a profile that is neither a name nor an object is a 400", async () => {
    await expectProblem(await postJson("/v1/validate", { lines: [HO], profile: 3 }), "invalid-request", { parameter: "profile" });
  });
});

describe("POST /v1/digest", () => {
  it("gives the spec's two vectors", async () => {
    const r = await body(await postText("/v1/digest", `${HO}\n${PAY_HO}\n${POLISH}\n`));
    expect(r.results.map((x: any) => x.h)).toStrictEqual(["c40bba4360dc", "a7a82de76607", null]);
    expect(r.ok).toBe(false);
  });
});

describe("/v1/legend", () => {
  it("GET gives the core's legend, or a shipped profile's, full or lean", async () => {
    expect(await body(await call("/v1/legend"))).toStrictEqual({ profile: null, lean: false, legend: legend(coreVocabulary) });
    expect(await body(await call("/v1/legend?profile=pay&lean=true"))).toStrictEqual({ profile: "pay", lean: true, legend: legend(vocabularies().pay, { lean: true }) });
  });
  it("POST takes an inline profile", async () => {
    const r = await body(await postJson("/v1/legend", { profile: MINI }));
    expect(r.profile).toBe("mini");
    expect(r.legend).toContain("POLISH");
  });
  it("refuses an unknown profile, a bad lean and a text body", async () => {
    await expectProblem(await call("/v1/legend?profile=nope"), "unknown-profile");
    await expectProblem(await call("/v1/legend?lean=maybe"), "invalid-request", { parameter: "lean" });
    await expectProblem(await call("/v1/legend?leen=1"), "invalid-request", { parameter: "leen" });
    await expectProblem(await postText("/v1/legend", "pay"), "unsupported-media-type");
  });
});

describe("/v1/profiles", () => {
  it("lists the shipped profiles", async () => {
    const r = await body(await call("/v1/profiles"));
    expect(r.profiles.map((p: any) => p.name)).toStrictEqual(Object.keys(shippedProfiles).sort());
    expect(r.profiles.find((p: any) => p.name === "pay")).toMatchObject({ version: (shippedProfiles["pay"] as any).version, title: (shippedProfiles["pay"] as any).title, href: "/v1/profiles/pay" });
  });
  it("refuses a path segment that is not percent-encoding as an invalid parameter, not a missing route", async () => {
    await expectProblem(await call("/v1/profiles/%ZZ"), "invalid-request", { parameter: "name" });
    await expectProblem(await call("/v1/threads/%E0%A4%A"), "invalid-request", { parameter: "thread" });
    // A path no route fits stays a 404, whatever its segments hold.
    await expectProblem(await call("/v1/threads/%ZZ/nope"), "not-found");
  });
  it("gives one profile file as shipped, and 404 for one not shipped", async () => {
    expect(await body(await call("/v1/profiles/pay"))).toStrictEqual(shippedProfiles["pay"]);
    await expectProblem(await call("/v1/profiles/nope"), "unknown-profile");
    await expectProblem(await call("/v1/profiles/constructor"), "unknown-profile");
  });
});

describe("POST /v1/make-rb", () => {
  it("composes the readback from the HO as delivered", async () => {
    const r = await body(await postJson("/v1/make-rb", { ho: PAY_HO }));
    const want = makeReadback(checkLine(PAY_HO, (p) => (p === "pay" ? vocabularies().pay : undefined)).message!, { n: 1 }, vocabularies().pay);
    expect(r).toStrictEqual({ ok: true, line: formatLine(want.value!).value, message: want.value, findings: [] });
    const checked = await body(await postJson("/v1/check-rb", { ho: PAY_HO, rb: r.line }));
    expect(checked.wilco).toBe(true);
  });
  it("takes a text body with the receiver's options in the query", async () => {
    const r = await body(await postText("/v1/make-rb?n=4&tail=paying%20as%20approved", `${HO}\n`));
    expect(r.line).toMatch(/^RW1 RB writer-4 re=research-01 .* \/\/ paying as approved$/);
  });
  it("numbers the readback as high as a message number goes (2^53 - 1), as rw make-rb --n does", async () => {
    expect((await body(await postJson("/v1/make-rb", { ho: HO, n: 5_000_000_000 }))).line).toMatch(/^RW1 RB writer-5000000000 /);
    expect((await body(await postText(`/v1/make-rb?n=${Number.MAX_SAFE_INTEGER}`, `${HO}\n`))).line).toMatch(/^RW1 RB writer-9007199254740991 /);
    expect((await problemOf(await postText("/v1/make-rb?n=9007199254740992", `${HO}\n`))).parameter).toBe("n");
  });
  it("takes acc and exec as JSON or as wire text", async () => {
    const ho = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone";
    const a = await body(await postJson("/v1/make-rb", { ho, acc: ["len:120w", "tone:plain"] }));
    const b = await body(await postText(`/v1/make-rb?acc=${encodeURIComponent("len:120w+tone:plain")}`, ho));
    expect(a.line).toContain(" acc=len:120w+tone:plain");
    expect(b.line).toBe(a.line);
    const c = await body(await postText(`/v1/make-rb?exec=${encodeURIComponent(JSON.stringify({ acct: "40-12-88/61102938" }))}`, PAY_HO.replace(" acct=40-12-88/61102938", "")));
    expect(c.ok).toBe(true);
    expect(c.line).toContain(" acct=40-12-88/61102938");
  });
  it("answers ok false with the findings when the HO is refused or what the level needs is missing", async () => {
    const refused = await body(await postJson("/v1/make-rb", { ho: POLISH }));
    expect(refused).toMatchObject({ ok: false, line: null, message: null });
    expect(refused.findings[0]).toMatchObject({ code: "ENUM_UNKNOWN", at: 64 });
    const unparsed = await body(await postJson("/v1/make-rb", { ho: "RW1 HO" }));
    expect(unparsed.ok).toBe(false);
    const incomplete = await body(await postJson("/v1/make-rb", { ho: "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT rb=acc" }));
    expect(incomplete.findings.map((f: any) => f.code)).toStrictEqual(["READBACK_INCOMPLETE"]);
  });
  it("names the HO as the input that prevents a readback, as rw make-rb --json does (invalid: \"HO\")", async () => {
    for (const ho of [POLISH, "RW1 HO"]) {
      const r = await body(await postJson("/v1/make-rb", { ho }));
      expect(r).toStrictEqual({ ok: false, invalid: "HO", line: null, message: null, findings: r.findings });
      expect(r.findings.length).toBeGreaterThan(0);
    }
    // A readback the core refuses is not an input that does not read: no invalid.
    const incomplete = await body(await postJson("/v1/make-rb", { ho: "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT rb=acc" }));
    expect(incomplete).not.toHaveProperty("invalid");
  });
  it("refuses bad options", async () => {
    await expectProblem(await postJson("/v1/make-rb", { ho: PAY_HO, n: "one" }), "invalid-request", { parameter: "n" });
    await expectProblem(await postJson("/v1/make-rb", { ho: PAY_HO, exec: { amt: { nested: 1 } } }), "invalid-request", { parameter: "exec" });
    await expectProblem(await postText("/v1/make-rb?exec=%7Bnope", PAY_HO), "malformed-json", { parameter: "exec" });
    await expectProblem(await postJson("/v1/make-rb", {}), "invalid-request", { parameter: "ho" });
    await expectProblem(await postJson("/v1/make-rb", { ho: 7 }), "invalid-request", { parameter: "ho" });
    await expectProblem(await postText("/v1/make-rb", `${PAY_HO}\n${PAY_HO}\n`), "invalid-request", { parameter: "body" });
    await expectProblem(await postText("/v1/make-rb?ho=x", PAY_HO), "invalid-request", { parameter: "ho" });
  });
});

describe("POST /v1/check-rb", () => {
  it("passes the spec's readbacks, from JSON or from two text lines", async () => {
    const a = await body(await postJson("/v1/check-rb", { ho: HO, rb: RB }));
    expect(a).toMatchObject({ roger: true, wilco: true });
    expect(a.tiers.map((t: any) => t.result)).toStrictEqual(["pass", "pass", "pass", "not-asked", "not-asked"]);
    expect(await body(await postText("/v1/check-rb", `${PAY_HO}\n${PAY_RB}\n`))).toMatchObject({ wilco: true });
  });
  it("fails tier 5 when the payer reads back 5100.00", async () => {
    const r = await body(await postJson("/v1/check-rb", { ho: PAY_HO, rb: PAY_RB.replace("amt=5400.00", "amt=5100.00") }));
    expect(r).toMatchObject({ roger: true, wilco: false });
    expect(r.tiers[4]).toMatchObject({ result: "fail", findings: [{ code: "EXEC_MISMATCH", slot: "amt" }] });
  });
  it("takes the withheld criteria and the record", async () => {
    const ho = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len";
    const rb = (await body(await postJson("/v1/make-rb", { ho, acc: "len:150w" }))).line;
    expect((await body(await postJson("/v1/check-rb", { ho, rb, expectAcc: ["len:120w"] }))).wilco).toBe(false);
    expect((await body(await postText(`/v1/check-rb?expectAcc=len:150w`, `${ho}\n${rb}`))).wilco).toBe(true);
    // Empty withheld criteria are none given: the HO's own acc= still holds, as in rw check-rb.
    const sent = `${ho} acc=len:120w`;
    const rbSent = (await body(await postJson("/v1/make-rb", { ho: sent, acc: "len:150w" }))).line;
    for (const expectAcc of ["", []]) expect((await body(await postJson("/v1/check-rb", { ho: sent, rb: rbSent, expectAcc }))).wilco).toBe(false);
    const noAcct = PAY_HO.replace(" acct=40-12-88/61102938", "");
    const record = { ...PAY_RECORD, $resolve: ["acct"] };
    expect((await body(await postJson("/v1/check-rb", { ho: noAcct, rb: PAY_RB.replace("h=a7a82de76607 ", ""), record }))).tiers[4].result).toBe("pass");
  });
  it("is a 422 naming the message that does not parse, or the record refused", async () => {
    const p = await expectProblem(await postJson("/v1/check-rb", { ho: HO, rb: "RW1 RB" }), "invalid-message", { parameter: "rb" });
    expect((p["findings"] as any[]).length).toBeGreaterThan(0);
    await expectProblem(await postJson("/v1/check-rb", { ho: { v: "RW1" }, rb: RB }), "invalid-message", { parameter: "ho" });
    const q = await expectProblem(await postJson("/v1/check-rb", { ho: PAY_HO, rb: PAY_RB, record: { nope: "1" } }), "invalid-record", { parameter: "record" });
    expect((q["findings"] as any[])[0].code).toBe("RECORD_SHAPE");
  });
  it("refuses criteria or a record the HO's rb= never reads, as rw check-rb does, rather than answer wilco without them", async () => {
    // HO asks the default echo: tier 4 and tier 5 are not asked, so the sender's criteria would be ignored in silence.
    const p = await expectProblem(await postJson("/v1/check-rb", { ho: HO, rb: RB, expectAcc: ["len:150w"] }), "invalid-request", { parameter: "expectAcc" });
    expect(p.detail).toContain("rb=acc");
    await expectProblem(await postText("/v1/check-rb?expectAcc=len:150w", `${HO}\n${RB}`), "invalid-request", { parameter: "expectAcc" });
    await expectProblem(await postJson("/v1/check-rb", { ho: HO, rb: RB, record: { item: "gh:crox/site#42" } }), "invalid-request", { parameter: "record" });
    // rb=exec on an ask with no execution slots: tier 5 is not asked (EXEC_NO_MAP), so nothing reads a record.
    const noMap = await expectProblem(await postJson("/v1/check-rb", { ho: HO.replace(" //", " rb=exec //"), rb: RB, record: { item: "gh:crox/site#42" } }), "invalid-request", { parameter: "record" });
    expect(noMap.detail).toContain("EXEC_NO_MAP");
    // Asked, they are read.
    expect((await body(await postJson("/v1/check-rb", { ho: PAY_HO, rb: PAY_RB, record: PAY_RECORD }))).wilco).toBe(true);
    // Criteria that are not criteria are the sender's input error, as on a thread's challenge: not a void readback.
    const acc = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len";
    const bad = await expectProblem(await postJson("/v1/check-rb", { ho: acc, rb: RB, expectAcc: ":::" }), "invalid-request", { parameter: "expectAcc" });
    expect((bad["findings"] as { code: string }[])[0]?.code).toBe("CRITERIA_SYNTAX");
    // So are criteria holding a character no line may carry: no readback's acc= could ever meet them.
    const control = await expectProblem(await postJson("/v1/check-rb", { ho: acc, rb: RB, expectAcc: "len:120w+must:a\u0000b" }), "invalid-request", { parameter: "expectAcc" });
    expect((control["findings"] as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_SYNTAX"]);
    expect(control.detail).toContain("no line may carry");
    // So are criteria that give a single-valued key two values: which one was meant is a guess.
    const twice = await expectProblem(await postJson("/v1/check-rb", { ho: acc, rb: RB, expectAcc: "len:120w+len:200w" }), "invalid-request", { parameter: "expectAcc" });
    expect((twice["findings"] as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_REPEATED"]);
    // So is a key outside the closed set: it would never be compared, and the readback would pass without it.
    const typo = await expectProblem(await postJson("/v1/check-rb", { ho: acc, rb: RB, expectAcc: "lenght:120w" }), "invalid-request", { parameter: "expectAcc" });
    expect((typo["findings"] as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_KEY_UNKNOWN"]);
  });
  it("refuses a text body that is not two lines, and missing messages", async () => {
    await expectProblem(await postText("/v1/check-rb", HO), "invalid-request", { parameter: "body" });
    await expectProblem(await postJson("/v1/check-rb", { ho: HO }), "invalid-request", { parameter: "rb" });
    await expectProblem(await postJson("/v1/check-rb", { ho: HO, rb: RB, expectAcc: 5 }), "invalid-request", { parameter: "expectAcc" });
  });
});

describe("POST /v1/check-ho", () => {
  it("passes an HO that matches the record and refuses one that differs", async () => {
    expect(await body(await postJson("/v1/check-ho", { ho: PAY_HO, record: PAY_RECORD }))).toStrictEqual({ ok: true, findings: [] });
    const r = await body(await postJson("/v1/check-ho", { ho: PAY_HO.replace("amt=5400.00", "amt=5100.00"), record: PAY_RECORD }));
    expect(r.ok).toBe(false);
    expect(r.findings.map((f: any) => f.code)).toStrictEqual(["HO_DIFFERS"]);
  });
  it("checks a relay's forward against the HO received", async () => {
    const forwarded = PAY_HO.replace("HO scheduler-1", "HO payer-5").replace("from=scheduler to=payer", "from=payer to=bank");
    expect((await body(await postJson("/v1/check-ho", { ho: forwarded, relayFrom: PAY_HO }))).ok).toBe(true);
    const changed = await body(await postJson("/v1/check-ho", { ho: forwarded.replace("amt=5400.00", "amt=5100.00"), relayFrom: PAY_HO }));
    expect(changed.ok).toBe(false);
  });
  it("reads a record's values and a relay's adds by slot type, and refuses what the type does not admit (notes 24, 25)", async () => {
    const paid = await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO, record: { ...PAY_RECORD, paid: 20261002 } }), "invalid-record", { parameter: "record" });
    expect(paid["findings"]).toMatchObject([{ code: "RECORD_SHAPE", slot: "paid", expected: "date" }]);
    const noAcct = PAY_HO.replace(" acct=40-12-88/61102938", "");
    const acct = await expectProblem(await postJson("/v1/check-rb", { ho: noAcct, rb: PAY_RB.replace("h=a7a82de76607 ", "").replace("acct=40-12-88/61102938", "acct=Y"), record: { acct: true, $resolve: ["acct"] } }), "invalid-record", { parameter: "record" });
    expect(acct["findings"]).toMatchObject([{ code: "RECORD_SHAPE", slot: "acct", expected: "token" }]);
    const received = "RW1 HO sch-1 from=sch to=relay item=x ask=DRAFT // go";
    const forward = "RW1 HO relay-1 from=relay to=payer item=x ask=DRAFT keep=relay+sch pri=1 // go";
    for (const adds of [{ keep: "relay+sch", pri: "1" }, { keep: ["relay", "sch"], pri: 1 }]) {
      expect(await body(await postJson("/v1/check-ho", { ho: forward, relayFrom: received, adds }))).toStrictEqual({ ok: true, findings: [] });
    }
    const refused = await body(await postJson("/v1/check-ho", { ho: forward, relayFrom: received, adds: { keep: "relay+sch", pri: "x" } }));
    expect(refused).toMatchObject({ ok: false, findings: [{ code: "RECORD_SHAPE", slot: "pri", expected: "int:1-5" }] });
    expect(refused.findings).toHaveLength(1);
  });
  it("needs record or relayFrom, one of them, and takes JSON only", async () => {
    await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO }), "invalid-request", { parameter: "record" });
    await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO, record: PAY_RECORD, relayFrom: PAY_HO }), "invalid-request");
    await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO, record: PAY_RECORD, adds: { x_a: "1" } }), "invalid-request", { parameter: "adds" });
    await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO, relayFrom: "RW1" }), "invalid-message", { parameter: "relayFrom" });
    await expectProblem(await postJson("/v1/check-ho", { ho: PAY_HO, record: [] }), "invalid-record");
    await expectProblem(await postText("/v1/check-ho", PAY_HO), "unsupported-media-type");
  });
});

describe("POST /v1/check-dn", () => {
  it("passes the done report that matches the plan and refuses one that does not", async () => {
    expect(await body(await postJson("/v1/check-dn", { ho: PAY_HO, dn: PAY_DN }))).toStrictEqual({ ok: true, findings: [] });
    const r = await body(await postText("/v1/check-dn", `${PAY_HO}\n${PAY_DN.replace("amt=5400.00", "amt=5100.00")}\n${PAY_RB}\n`));
    expect(r.findings.map((f: any) => f.code)).toStrictEqual(["DONE_MISMATCH"]);
  });
  it("refuses a text body of one line, and a DN that does not parse", async () => {
    await expectProblem(await postText("/v1/check-dn", PAY_HO), "invalid-request", { parameter: "body" });
    await expectProblem(await postJson("/v1/check-dn", { ho: PAY_HO, dn: "DN" }), "invalid-message", { parameter: "dn" });
  });
  it("takes a readback's resolved values as the plan only once checked against record", async () => {
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    const rb = PAY_RB.replace(" h=a7a82de76607", "");
    const unverified = await body(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb }));
    expect(unverified.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["DONE_UNVERIFIED", "acct"]]);
    expect(await body(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb, record: PAY_RECORD }))).toStrictEqual({ ok: true, findings: [] });
    await expectProblem(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb, record: { nosuchslot: "1" } }), "invalid-record", { parameter: "record" });
    // With no readback the record still holds the HO (note 99), and nothing plans what the HO left to the receiver.
    const noReadback = await body(await postJson("/v1/check-dn", { ho, dn: PAY_DN, record: PAY_RECORD }));
    expect(noReadback.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["DONE_UNVERIFIED", "acct"]]);
    // Without rb=exec the record still holds the HO, as check-ho does (README note 99); no readback is needed.
    const held = await body(await postJson("/v1/check-dn", { ho: ho.replace(" rb=exec", ""), dn: PAY_DN, record: PAY_RECORD }));
    expect(held.ok).toBe(false);
    expect(held.findings.map((f: any) => f.code)).toContain("HO_NEEDS_EXEC");
  });
});

describe("POST /v1/check-dn with the sender's withheld criteria", () => {
  // The HO's own acc= says len:120w; the sender withheld len:200w, which sets it aside at tier 4.
  const ho = PAY_HO.replace(" rb=exec", " rb=acc+exec acc=len:120w");
  const rb = PAY_RB.replace(" h=a7a82de76607", "").replace(" ask=PAY", " ask=PAY acc=len:200w");
  it("judges the readback with them, as check-rb did, so one that passed with them stands as the plan (note 137)", async () => {
    expect((await body(await postJson("/v1/check-rb", { ho, rb, expectAcc: "len:200w" }))).wilco).toBe(true);
    expect(await body(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb, expectAcc: ["len:200w"] }))).toStrictEqual({ ok: true, findings: [] });
    expect(await body(await postText("/v1/check-dn?expectAcc=len:200w", `${ho}\n${PAY_DN}\n${rb}\n`))).toStrictEqual({ ok: true, findings: [] });
    const without = await body(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb }));
    expect(without.findings.map((f: any) => f.code)).toContain("DONE_PLAN_VOID");
  });
  it("refuses them without rb, for an HO whose rb= reads none, and when they are not criteria (400), as check-rb does", async () => {
    await expectProblem(await postJson("/v1/check-dn", { ho, dn: PAY_DN, expectAcc: "len:200w" }), "invalid-request", { parameter: "expectAcc" });
    await expectProblem(await postJson("/v1/check-dn", { ho: PAY_HO, dn: PAY_DN, rb, expectAcc: "len:200w" }), "invalid-request", { parameter: "expectAcc" });
    await expectProblem(await postJson("/v1/check-dn", { ho, dn: PAY_DN, rb, expectAcc: "lenght:200w" }), "invalid-request", { parameter: "expectAcc" });
  });
});

describe("POST /v1/check-thread", () => {
  it("audits a conversation at the moment given", async () => {
    const r = await body(await postJson("/v1/check-thread", { lines: [PAY_HO, PAY_RB, PAY_DN], now: "20261001T0900Z" }));
    expect(r).toMatchObject({ ok: true, now: "20261001T0900Z", invalid: 0, rejected: [], owners: [{ item: "inv:MD-2026-057", owner: "payer", handoff: "scheduler-1" }] });
    expect(r.counts).toMatchObject({ messages: 3, handoffs: 1, closed: 1 });
    expect(r.handoffs).toStrictEqual([{ id: "scheduler-1", state: "closed", closedBy: "DN", readback: "wilco", supersededBy: null }]);
  });
  it("leaves out lines that are not valid messages, reports the ones past due, and defaults now", async () => {
    const r = await body(await postText("/v1/check-thread", `${HO}\n${POLISH.replace("research-01", "research-02")}\n`));
    expect(r.invalid).toBe(1);
    expect(r.rejected[0].line).toBe(2);
    // A line left out fails the verdict, as it fails rw check-thread's exit code.
    expect(r.ok).toBe(false);
    const clean = await body(await postText("/v1/check-thread?now=20261001T0000Z", `${HO}\n${POLISH.replace("research-01", "research-02")}\n`));
    expect([clean.findings.filter((f: any) => f.severity === "error").length, clean.invalid, clean.ok]).toStrictEqual([0, 1, false]);
    expect(r.now).toMatch(/^\d{8}T\d{4}Z$/);
    expect(r.findings.map((f: any) => f.code)).toContain("THREAD_OVERDUE");
    const early = await body(await postText("/v1/check-thread?now=20261001T0000Z", HO));
    expect(early.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_OPEN"]);
    expect(early.handoffs.map((h: any) => h.state)).toStrictEqual(["open"]);
  });
  it("audits with no clock for now=null in the query too (JSON values as JSON text), so a text body can ask it", async () => {
    // HO is due 20261002: with a clock after it, THREAD_OVERDUE; with none, only THREAD_OPEN.
    const json = await body(await postJson("/v1/check-thread", { lines: [HO], now: null }));
    expect(json.now).toBeNull();
    const text = await body(await postText("/v1/check-thread?now=null", HO));
    expect(text).toStrictEqual(json);
    expect(text.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_OPEN"]);
  });
  it("refuses a now that is not a time", async () => {
    await expectProblem(await postJson("/v1/check-thread", { lines: [HO], now: "tomorrow" }), "invalid-request", { parameter: "now" });
    await expectProblem(await postJson("/v1/check-thread", { lines: [HO], now: 20261001 }), "invalid-request", { parameter: "now" });
  });
});

describe("/v1/problems, /v1/openapi.json, /v1/health", () => {
  it("lists every problem kind, and answers each type URI", async () => {
    const r = await body(await call("/v1/problems"));
    expect(r.problems.map((p: any) => p.kind)).toStrictEqual(Object.keys(PROBLEMS));
    for (const p of r.problems) expect(await body(await call(p.type))).toStrictEqual(p);
    await expectProblem(await call("/v1/problems/nope"), "not-found");
  });
  it("serves the OpenAPI document and health", async () => {
    expect((await body(await call("/v1/openapi.json"))).openapi).toBe("3.1.0");
    expect(await body(await call("/v1/health"))).toMatchObject({ ok: true, name: "rogerwilco" });
  });
  it("refuses a query parameter a GET route does not take, on every such route, rather than ignore it", async () => {
    for (const path of ["/v1/openapi.json", "/v1/health", "/v1/profiles", "/v1/profiles/pay", "/v1/problems", "/v1/problems/not-found", "/v1/legend"]) {
      await expectProblem(await call(`${path}?nope=1`), "invalid-request", { parameter: "nope" });
    }
  });
  it("answers HEAD for a GET route, without a body", async () => {
    const r = await call("/v1/health", { method: "HEAD" });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("");
  });
});

describe("routing and bodies", () => {
  it("404 for a path with no route, inside /v1/ or outside", async () => {
    const p = await expectProblem(await call("/v1/nope"), "not-found", { instance: "/v1/nope" });
    expect(p.detail).toContain("/v1/openapi.json");
    await expectProblem(await call("/v1/validate/extra", { method: "POST" }), "not-found");
    await expectProblem(await call("/v1/profiles/"), "not-found");
    await expectProblem(await call("/elsewhere"), "not-found");
  });
  it("405 with Allow for a route's path and another method", async () => {
    const r = await call("/v1/validate");
    await expectProblem(r, "method-not-allowed");
    expect(r.headers.get("allow")).toBe("POST, OPTIONS");
    const l = await call("/v1/legend", { method: "DELETE" });
    await expectProblem(l, "method-not-allowed");
    expect(l.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    await expectProblem(await call("/v1/profiles", { method: "POST", body: "x" }), "method-not-allowed");
  });
  it("400 for malformed JSON, a body that is not an object, an empty JSON body, or bytes that are not UTF-8", async () => {
    const bad = await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json" }, body: '{"lines": [' }), "malformed-json");
    expect(bad.detail).toMatch(/^the body is not JSON/);
    const twice = await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json" }, body: '{"lines":["RW1 HO a-1 from=a to=b item=x ask=DRAFT"],"lines":[]}' }), "malformed-json");
    expect(twice.detail).toBe('the body is refused: the key "lines" appears twice in one object; which value was meant would be a guess');
    // A number JSON.parse would round to an integer (note 70): the body is refused, as for a key
    // given twice; the same form as a line of a text body is that line's JSON_SHAPE on its slot.
    const form = '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","pri":1.0000000000000001},"tail":null}';
    const rounded = await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json" }, body: `{"lines":[${form}]}` }), "malformed-json");
    expect(rounded.detail).toBe("the body is refused: lines.0.slots.pri: the number 1.0000000000000001 is no integer, yet JSON.parse reads it as 1; which was meant would be a guess");
    const asText = (await (await postText("/v1/validate", form)).json()) as { results: { ok: boolean; findings: { code: string; slot?: string }[] }[] };
    expect(asText.results.map((r) => [r.ok, r.findings.map((f) => [f.code, f.slot])])).toStrictEqual([[false, [["JSON_SHAPE", "slots.pri"]]]]);
    await expectProblem(await postJson("/v1/validate", [HO]), "invalid-request", { parameter: "body" });
    await expectProblem(await postJson("/v1/validate", null), "invalid-request", { parameter: "body" });
    // An empty text body is zero lines (test/worker/empty-text-body.test.ts); JSON has no empty document.
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json" } }), "invalid-request", { parameter: "body" });
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "text/plain" }, body: new Uint8Array([0x52, 0x57, 0x31, 0xff]) }), "invalid-encoding");
  });
  it("415 without a Content-Type, or with one the route does not take", async () => {
    await expectProblem(await call("/v1/validate", { method: "POST", body: new Uint8Array([0x7b, 0x7d]) }), "unsupported-media-type");
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" }), "unsupported-media-type");
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "text/plain; charset=latin1" }, body: HO }), "unsupported-media-type");
    const ok = await call("/v1/validate", { method: "POST", headers: { "content-type": "Text/Plain; Charset=UTF-8" }, body: HO });
    expect(ok.status).toBe(200);
    const vnd = await call("/v1/validate", { method: "POST", headers: { "content-type": "application/vnd.rw+json" }, body: JSON.stringify({ lines: [HO] }) });
    expect(vnd.status).toBe(200);
  });
  it("415 for a compressed body, which it reads as sent, rather than calling its bytes not UTF-8", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ lines: [HO] }));
    const gzip = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
    for (const [path, type] of [["/v1/validate", "application/json"], ["/v1/mailbox/preflight", "text/plain"], ["/v1/threads/gzip-body/lines", "application/json"]] as const) {
      const p = await expectProblem(await call(path, { method: "POST", headers: { "content-type": type, "content-encoding": "gzip" }, body: gzip }), "unsupported-media-type");
      expect(p.detail, path).toBe("Content-Encoding gzip: bodies are read as sent; send this one uncompressed, without Content-Encoding");
    }
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json", "content-encoding": "br" }, body: json }), "unsupported-media-type");
    // identity (or none) is the body as sent.
    expect((await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json", "content-encoding": "identity" }, body: json })).status).toBe(200);
  });
  it("500 problem, with CORS, when a handler throws; nothing escapes the fetch handler", async () => {
    const routes = [
      { method: "GET" as const, pattern: "/boom", operation: "boom", handler: () => { throw new Error("boom"); } },
      { method: "GET" as const, pattern: "/reject", operation: "reject", handler: () => Promise.reject(new TypeError("nope")) },
      { method: "GET" as const, pattern: "/odd", operation: "odd", handler: () => { throw "a string"; } },
    ];
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const path of ["/boom", "/reject", "/odd"]) {
      const r = await handle(routes, new Request(`http://rw.test${path}`), env, ctx);
      const p = await expectProblem(r, "internal-error", { instance: path });
      expect(p.detail).not.toContain("boom");
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    }
    expect(logged).toHaveBeenCalledTimes(3);
    logged.mockRestore();
  });
});

describe("static assets", () => {
  it("the ASSETS binding serves the playground: its page and the script the page loads", async () => {
    const r = await env.ASSETS.fetch("http://rw.test/");
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain("<title>rogerwilco playground</title>");
    expect(html).toContain("Content-Security-Policy");
    const script = /<script type="module" crossorigin src="\.\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await env.ASSETS.fetch(`http://rw.test/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await js.text()).length).toBeGreaterThan(10_000);
  });
});

it("digests through HTTP as the core does", async () => {
  const r = await body(await postJson("/v1/digest", { lines: [RB] }));
  expect(r.results[0].h).toBe(digest(checkLine(RB).message!));
});
