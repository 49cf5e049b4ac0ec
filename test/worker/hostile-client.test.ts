// The HTTP API as a hostile or careless client uses it: odd names and ids, paging parameters,
// bodies at the edges of their encoding, prototype keys, racing appends. Each answer is the
// documented one (README, Worker (HTTP API)), never a 500. The limits themselves: limits.test.ts.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { handle } from "../../worker/handle.js";
import { ROUTES } from "../../worker/routes.js";
import { call, expectProblem, ok, postJson, postText } from "./http.js";
import { HO, PAY_HO, PAY_RECORD } from "./lines.js";

let counter = 0;
const fresh = (): string => `hostile-${Date.now().toString(36)}-${++counter}`;
const codes = (r: any): string[] => r.results[0].findings.map((f: any) => f.code);

describe("JSON forms nested deep inside a string, which the body's depth limit never sees", () => {
  // 3,000 levels in one line (under 8 KiB): the core reads it as a string, never recursing on it.
  const deep = `{"v":"RW1","type":"HO","id":"research-01","re":null,"from":"research","to":"writer","item":"gh:crox/site#42","slots":{"ask":"DRAFT","x":${"[".repeat(3000)}${"]".repeat(3000)}},"tail":null}`;
  it("is a refused line, on the stateless routes and on a thread", async () => {
    expect(codes(await ok(await postText("/v1/validate", deep)))).toStrictEqual(["JSON_SHAPE"]);
    expect(codes(await ok(await postJson("/v1/validate", { lines: [deep] })))).toStrictEqual(["JSON_SHAPE"]);
    const appended = await ok(await postText(`/v1/threads/${fresh()}/lines`, deep));
    expect([appended.results[0].status, codes(appended)]).toStrictEqual(["refused", ["JSON_SHAPE"]]);
  });
});

describe("paging parameters", () => {
  it("refuses a negative, empty, repeated, fractional or out-of-range one, naming it", async () => {
    const t = fresh();
    const cases: [string, string][] = [["after=-1", "after"], ["after=", "after"], ["after=1.0", "after"], ["after=1&after=1", "after"], ["after=99999999999999999", "after"], ["limit=0", "limit"], ["limit=10001", "limit"], ["limit=", "limit"], ["limit=1e3", "limit"], ["limit=%201", "limit"], ["limit=1&limit=1", "limit"], ["page=2", "page"]];
    for (const [query, parameter] of cases) {
      for (const route of ["lines", "owners"]) {
        expect((await expectProblem(await call(`/v1/threads/${t}/${route}?${query}`), "invalid-request")).parameter, `${route}?${query}`).toBe(parameter);
      }
    }
  });
  it("answers a page past the end, even the largest after, as an empty last page", async () => {
    const t = fresh();
    await ok(await postText(`/v1/threads/${t}/lines`, HO));
    for (const route of ["lines", "findings", "owners", "open", "readbacks", "dones", "orphaned"]) {
      const page = await ok(await call(`/v1/threads/${t}/${route}?after=9007199254740991&limit=10000`));
      expect(page, route).toStrictEqual({ [route]: [], next: null });
    }
  });
});

describe("a thread never written to", () => {
  it("answers every read as an empty thread, HEAD without a body", async () => {
    const t = fresh();
    for (const route of ["lines", "findings", "owners", "open", "readbacks", "dones", "orphaned"]) expect(await ok(await call(`/v1/threads/${t}/${route}`)), route).toStrictEqual({ [route]: [], next: null });
    await expectProblem(await call(`/v1/threads/${t}/handoffs/research-01`), "unknown-handoff");
    const head = await call(`/v1/threads/${t}`, { method: "HEAD" });
    expect([head.status, await head.text()]).toStrictEqual([200, ""]);
  });
});

describe("thread names and handoff ids", () => {
  it("takes any name of the documented characters, and refuses others as the thread parameter", async () => {
    for (const name of ["~", ":", "...", "a".repeat(128)]) expect((await call(`/v1/threads/${name}`)).status, name).toBe(200);
    for (const name of ["a".repeat(129), "a;b", "a,b", "a%20b", "a%00", "a%2Fb", "%F0%9F%98%80"]) {
      expect((await expectProblem(await call(`/v1/threads/${name}`), "invalid-request")).parameter, name).toBe("thread");
    }
  });
  it("refuses an id that is no message id, its number past 2^53 - 1 included, on reads and challenges alike", async () => {
    const t = fresh();
    for (const id of ["research-9007199254740992", "-1", "a-1-", "research-01%00"]) {
      expect((await expectProblem(await call(`/v1/threads/${t}/handoffs/${id}`), "invalid-request")).parameter, id).toBe("handoff");
      expect((await expectProblem(await postJson(`/v1/threads/${t}/handoffs/${id}/challenge`, { expectAcc: ["tone:plain"] }), "invalid-request")).parameter, id).toBe("handoff");
    }
  });
});

describe("appends racing", () => {
  it("stores one of three appends of one id at once: a duplicate and a reuse of its id are not stored", async () => {
    const t = fresh();
    const answers = await Promise.all([HO, HO, HO.replace("ask=DRAFT", "ask=REVIEW")].map((line) => postText(`/v1/threads/${t}/lines`, line)));
    const results = await Promise.all(answers.map(async (r) => (await ok(r)).results[0]));
    expect(results.filter((r: any) => r.status === "stored")).toHaveLength(1);
    expect((await ok(await call(`/v1/threads/${t}/lines`))).lines).toHaveLength(1);
  });
  it("numbers twenty appends at once 1 to 20, each stored once", async () => {
    const t = fresh();
    const lines = Array.from({ length: 20 }, (_, i) => `RW1 HO research-${i + 1} from=research to=writer item=gh:crox/site#${i + 1} ask=DRAFT`);
    await Promise.all(lines.map(async (line) => expect((await ok(await postText(`/v1/threads/${t}/lines`, line))).results[0].status).toBe("stored")));
    expect((await ok(await call(`/v1/threads/${t}/lines`))).lines.map((l: any) => l.seq)).toStrictEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe("bodies at the edges of their encoding", () => {
  const send = (path: string, type: string, body: BodyInit) => call(path, { method: "POST", headers: { "content-type": type }, body });
  it("reads one byte order mark and no more", async () => {
    expect((await ok(await send("/v1/validate", "text/plain", `\uFEFF${HO}`))).ok).toBe(true);
    expect((await ok(await send("/v1/validate", "application/json", `\uFEFF${JSON.stringify({ lines: [HO] })}`))).ok).toBe(true);
    expect(codes(await ok(await send("/v1/validate", "text/plain", `\uFEFF\uFEFF${HO}`)))).toStrictEqual(["VERSION"]);
  });
  it("refuses bytes that are not UTF-8, overlong and surrogate encodings included", async () => {
    for (const bytes of [[0x52, 0x57, 0x31, 0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      for (const path of ["/v1/validate", `/v1/threads/${fresh()}/lines`]) await expectProblem(await send(path, "text/plain", new Uint8Array(bytes)), "invalid-encoding");
    }
  });
  it("refuses a field named __proto__, and a profile named for Object's prototype, as any unknown one", async () => {
    for (const path of ["/v1/validate", `/v1/threads/${fresh()}/lines`]) {
      expect((await expectProblem(await send(path, "application/json", '{"__proto__":{"lines":1},"lines":[]}'), "invalid-request")).parameter).toBe("__proto__");
      await expectProblem(await postJson(path, { lines: [], profile: "constructor" }), "unknown-profile");
    }
  });
  it("refuses prototype keys in a JSON form, a record and a call with the core's findings", async () => {
    const form = '{"lines":[{"v":"RW1","type":"HO","id":"research-01","re":null,"from":"research","to":"writer","item":"x","slots":{"ask":"DRAFT","__proto__":{"due":"20261002"}},"tail":null}]}';
    expect(codes(await ok(await send("/v1/validate", "application/json", form)))).toStrictEqual(["JSON_SHAPE"]);
    expect(codes(await ok(await send(`/v1/threads/${fresh()}/lines`, "application/json", form)))).toStrictEqual(["JSON_SHAPE"]);
    const t = fresh();
    await ok(await postText(`/v1/threads/${t}/lines`, PAY_HO.replace("paid=20261002", "paid=20991002")));
    await expectProblem(await send(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, "application/json", '{"record":{"__proto__":{"sup":"x"}}}'), "invalid-record");
    const call_ = await expectProblem(await send(`/v1/threads/${t}/statements`, "application/json", '{"handoff":"scheduler-1","exp":"20991001T1000Z","call":{"__proto__":{"sup":"x"}}}'), "invalid-request");
    expect(call_.parameter).toBe("call");
    // The record the HO matches is still taken: nothing of the refused ones was kept.
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, paid: "20991002" } })).status).toBe(204);
  });
});

describe("methods and query parameters", () => {
  // A request built in this isolate cannot carry a body on a GET (fetch refuses it), while one from
  // the network can (curl -X GET -d ...): the fetch handler is given such a request as it arrives.
  const withBody = (method: "GET" | "HEAD", path: string, body: string): Request => {
    const posted = new Request(`http://rw.test${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { method, url: posted.url, headers: posted.headers, body: posted.body } as unknown as Request;
  };
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  it("refuses a body on a GET or HEAD rather than answer as if it asked nothing, and answers one without", async () => {
    const t = fresh();
    await ok(await postText(`/v1/threads/${t}/lines`, HO));
    for (const [method, path, body] of [["GET", `/v1/threads/${t}/lines`, '{"after":1}'], ["GET", "/v1/legend", '{"profile":"pay"}'], ["HEAD", `/v1/threads/${t}`, "x"], ["GET", "/v1/health", " "], ["GET", "/v1/profiles", "#".repeat(2 * 1024 * 1024)]] as const) {
      const r = await handle(ROUTES, withBody(method, path, body), env, ctx);
      expect([r.status, r.headers.get("access-control-allow-origin")], `${method} ${path}`).toStrictEqual([400, "*"]);
      if (method === "GET") expect((await expectProblem(r, "invalid-request")).parameter).toBe("body");
    }
    // Refused as a body, at any size (not 413 body-too-large, which no GET route lists): so are
    // commit's and abandon's.
    const big = await call(`/v1/threads/${t}/statements/${"0".repeat(32)}/commit`, { method: "POST", body: "#".repeat(2 * 1024 * 1024) });
    expect((await expectProblem(big, "invalid-request")).parameter).toBe("body");
    // An empty body is none.
    expect((await ok(await handle(ROUTES, withBody("GET", `/v1/threads/${t}/lines`, ""), env, ctx))).lines).toHaveLength(1);
    expect((await handle(ROUTES, withBody("HEAD", "/v1/health", ""), env, ctx)).status).toBe(200);
  });
  it("answers a method a path does not take with 405 and its Allow, HEAD of a POST route included", async () => {
    for (const [method, path, allow] of [["PUT", "/v1/parse", "POST, OPTIONS"], ["HEAD", "/v1/parse", "POST, OPTIONS"], ["TRACE", "/v1/health", "GET, HEAD, OPTIONS"], ["DELETE", "/v1/threads/x", "GET, HEAD, OPTIONS"], ["GET", "/v1/threads/x/statements", "POST, OPTIONS"]] as const) {
      const r = await call(path, { method });
      expect([r.status, r.headers.get("allow")], `${method} ${path}`).toStrictEqual([405, allow]);
    }
  });
  it("refuses an option given twice in the query, or one the route does not take", async () => {
    expect((await expectProblem(await postText("/v1/validate?as=writer&as=writer", HO), "invalid-request")).detail).toBe("as: given more than once");
    expect((await expectProblem(await postText("/v1/check-thread?as=writer", HO), "invalid-request")).parameter).toBe("as");
    expect((await expectProblem(await postText("/v1/validate?lines=x", HO), "invalid-request")).parameter).toBe("lines");
  });
});

describe("a caller's text in a problem's detail", () => {
  // As the stateless routes quote a profile name (worker/shown.ts): its first 40 characters and its
  // length, and the name itself given whole at most once, in its own member. Quoted whole, a body of
  // nearly 1 MiB made an answer of 2 MiB.
  const long = "p".repeat(100_000);
  const quoted = `${"p".repeat(40)}... (100000 characters)`;
  const short = async (response: Response, kind: Parameters<typeof expectProblem>[1]) => {
    const p = await expectProblem(response, kind);
    expect(p.detail, p.detail.slice(0, 80)).toContain(quoted);
    expect(p.detail.length).toBeLessThan(400);
    return p;
  };
  it("is quoted short on a thread's append and challenge, the unknown profile given whole once", async () => {
    for (const response of [await postJson(`/v1/threads/${fresh()}/lines`, { lines: [HO], profile: long }), await postJson(`/v1/threads/${fresh()}/handoffs/research-01/challenge`, { expectAcc: ["tone:plain"], profile: long })]) {
      const p = await short(response, "unknown-profile");
      expect(p["profile"]).toBe(long);
      expect(JSON.stringify(p).split(long).length - 1).toBe(1);
    }
  });
  it("is quoted short for a now, an as, a statement's handoff and the path's names", async () => {
    await short(await postJson("/v1/check-thread", { lines: [], now: long }), "invalid-request");
    const as = await expectProblem(await postJson("/v1/validate", { lines: [], as: `${long};` }), "invalid-request");
    expect([as.detail.length < 400, as.detail.includes("(100001 characters)")]).toStrictEqual([true, true]);
    // Not a message id: refused as the request's error, as in the path; a message id no HO has is unknown.
    await short(await postJson(`/v1/threads/${fresh()}/statements`, { handoff: long, exp: "20991001T1000Z", call: { sup: "x" } }), "invalid-request");
    const unknown = await expectProblem(await postJson(`/v1/threads/${fresh()}/statements`, { handoff: `${long}-1`, exp: "20991001T1000Z", call: { sup: "x" } }), "unknown-handoff");
    expect([unknown.detail.length < 400, unknown.detail.includes("(100002 characters)")]).toStrictEqual([true, true]);
    await short(await call(`/v1/threads/${long}`), "invalid-request");
    await short(await call(`/v1/threads/${fresh()}/handoffs/${long}`), "invalid-request");
    const kind = await expectProblem(await call(`/v1/problems/${long}`), "not-found");
    expect(kind.detail).toContain(quoted);
  });
  it("is quoted short for a field or query parameter the route does not take, the name given whole once in parameter", async () => {
    for (const response of [await postJson("/v1/validate", { lines: [], [long]: 1 }), await call(`/v1/health?${long}=1`), await postText(`/v1/threads/${fresh()}/lines?${long}=1`, HO)]) {
      const p = await short(response, "invalid-request");
      expect(p["parameter"]).toBe(long);
      expect(JSON.stringify(p).split(long).length - 1).toBe(1);
    }
  });
  it("is quoted short for a path no route serves, or one a route serves for another method, the path given whole once in instance", async () => {
    for (const [response, kind] of [[await call(`/v1/${long}`), "not-found"], [await call(`/v1/${long}`, { method: "OPTIONS" }), "not-found"], [await call(`/v1/threads/${long}/lines`, { method: "DELETE" }), "method-not-allowed"]] as const) {
      const p = await expectProblem(response, kind);
      expect([p.detail.length < 400, p.detail.includes("characters)")]).toStrictEqual([true, true]);
      expect(JSON.stringify(p).split(long).length - 1).toBe(1);
    }
  });
  it("is quoted short for a Content-Type or Content-Encoding the route does not take", async () => {
    await short(await call("/v1/validate", { method: "POST", headers: { "content-type": long }, body: HO }), "unsupported-media-type");
    await short(await call("/v1/validate", { method: "POST", headers: { "content-type": `text/plain; charset=${long}` }, body: HO }), "unsupported-media-type");
    await short(await call("/v1/validate", { method: "POST", headers: { "content-type": "text/plain", "content-encoding": long }, body: HO }), "unsupported-media-type");
  });
  it("is quoted short for a challenge's handoff id, waiting for its HO or refused, the id given whole once in handoff", async () => {
    const t = fresh();
    // As long as an id an HO line can still carry (RW1 HO <id> from=<from> within 8 KiB), or longer.
    const id = `${"p".repeat(4000)}-1`;
    const waiting = await ok(await postJson(`/v1/threads/${t}/handoffs/${id}/challenge`, { expectAcc: ["tone:plain"] }), 202);
    expect([waiting.handoff, waiting.detail.length < 400, waiting.detail.includes("(4002 characters)")]).toStrictEqual([id, true, true]);
    const again = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/${id}/challenge`, { expectAcc: ["tone:plain"] }), "thread-conflict");
    expect([again.detail.length < 400, again.detail.includes("(4002 characters)")]).toStrictEqual([true, true]);
    const uncarriable = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/${long}-1/challenge`, { expectAcc: ["tone:plain"] }), "invalid-request");
    expect([uncarriable.detail.length < 400, uncarriable.detail.includes("(100002 characters)")]).toStrictEqual([true, true]);
  });
});

describe("a list's wire form in the query string", () => {
  // `+` joins a list on a line (acc=tone:plain+len:120w), while a URL's form encoding reads `+` as
  // a space: for a list option it is the list's (no list value holds a space); for text, a space.
  const HO_ACC = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT rb=acc due=20991002 // hero copy, 120 words";
  const RB_ACC = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20991002 acc=tone:plain+len:120w";
  it("reads + as the list's in acc and expectAcc, and as a space in tail", async () => {
    const rb = await ok(await postText("/v1/make-rb?acc=tone:plain+len:120w&tail=hero+copy", HO_ACC));
    expect([rb.ok, rb.message.slots.acc, rb.message.tail]).toStrictEqual([true, ["tone:plain", "len:120w"], "hero copy"]);
    const checked = await ok(await postText("/v1/check-rb?expectAcc=tone:plain+len:120w", `${HO_ACC}\n${RB_ACC}`));
    expect([checked.roger, checked.wilco]).toStrictEqual([true, true]);
    expect((await postJson(`/v1/threads/${fresh()}/handoffs/research-01/challenge?expectAcc=tone:plain+len:120w`, {})).status).toBe(202);
  });
  it("still reads %2B as + and %20 as a space, which no list value holds", async () => {
    expect((await ok(await postText("/v1/make-rb?acc=tone:plain%2Blen:120w", HO_ACC))).message.slots.acc).toStrictEqual(["tone:plain", "len:120w"]);
    expect((await ok(await postText("/v1/make-rb?acc=tone:plain%20len:120w", HO_ACC))).findings.map((f: any) => f.code)).toContain("VALUE_TYPE");
    expect((await expectProblem(await postText("/v1/check-rb?expectAcc=tone:plain%20len:120w", `${HO_ACC}\n${RB_ACC}`), "invalid-request")).parameter).toBe("expectAcc");
  });
});
