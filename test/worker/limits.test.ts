// The limits of one request (worker/limits.ts), inside workerd: each refused with its problem,
// and the largest request within them answered.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import worker from "../../worker/index.js";
import { DRAIN_MIB_DEFAULT } from "../../worker/drain-bound.js";
import { handle } from "../../worker/handle.js";
import { LIMITS } from "../../worker/limits.js";
import { ROUTES } from "../../worker/routes.js";
import { call, expectProblem, postJson, postText, problemOf } from "./http.js";
import { HO, RB } from "./lines.js";
import { MiB, watched } from "./watched-body.js";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
/** Calls the fetch handler directly, with the Request exactly as built (headers not recomputed). */
const direct = (request: Request): Promise<Response> => worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);

/** A body of `size` bytes streamed in chunks (comment lines of 128 bytes), with no Content-Length. */
function stream(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      const bytes = new Uint8Array(n).fill(0x23); // '#'
      for (let i = 0; i < n; i++) if ((sent + i) % 128 === 127) bytes[i] = 0x0a;
      controller.enqueue(bytes);
      sent += n;
    },
  });
}

/** `count` comment lines of `width` bytes each (with the line break), which the routes skip. */
const comments = (count: number, width: number): string => `${"#".repeat(width - 1)}\n`.repeat(count);

describe("body size: at most 1 MiB", () => {
  it("answers a body of exactly 1 MiB", async () => {
    const text = comments(128, 8192);
    expect(text.length).toBe(MiB);
    const r = await postText("/v1/validate", text);
    expect(r.status).toBe(200);
    expect(await r.json()).toStrictEqual({ ok: true, results: [] });
  });
  it("refuses one byte more (413), by its Content-Length", async () => {
    const r = await postText("/v1/validate", `${comments(128, 8192)}\n`);
    expect(r.status).toBe(413);
    expect(await problemOf(r)).toMatchObject({ type: "/v1/problems/body-too-large", limit: MiB });
  });
  it("refuses a declared Content-Length over the limit before reading", async () => {
    const r = await direct(new Request("http://rw.test/v1/validate", { method: "POST", headers: { "content-type": "text/plain", "content-length": String(5 * MiB) }, body: "RW1" }));
    expect(r.status).toBe(413);
    expect((await problemOf(r)).detail).toContain("Content-Length says 5242880");
  });
  it("refuses a streamed body without Content-Length once more than 1 MiB arrives", async () => {
    const r = await call("/v1/validate", { method: "POST", headers: { "content-type": "text/plain" }, body: stream(3 * MiB) });
    expect(r.status).toBe(413);
    expect((await problemOf(r)).detail).toContain("more arrived than the limit");
  });
  it("counts the bytes that arrive, whatever Content-Length says", async () => {
    const request = new Request("http://rw.test/v1/validate", { method: "POST", headers: { "content-type": "text/plain", "content-length": "10" }, body: stream(2 * MiB) });
    const r = await direct(request);
    expect(r.status).toBe(413);
  });
  it("streams a body of exactly 1 MiB without Content-Length", async () => {
    const r = await call("/v1/digest", { method: "POST", headers: { "content-type": "text/plain" }, body: stream(MiB, 1000) });
    expect(r.status).toBe(200);
    expect(await r.json()).toStrictEqual({ ok: true, results: [] });
  });
  it("refuses a Content-Length that is not a number", async () => {
    const r = await direct(new Request("http://rw.test/v1/validate", { method: "POST", headers: { "content-type": "text/plain", "content-length": "lots" }, body: "RW1" }));
    expect(await problemOf(r)).toMatchObject({ type: "/v1/problems/invalid-request", parameter: "content-length" });
  });
  it("applies to JSON bodies too", async () => {
    const r = await postJson("/v1/validate", { lines: [HO], pad: "x".repeat(MiB) });
    expect(r.status).toBe(413);
  });
});

describe("a refused body is read to its end before the answer, never cut off while it arrives", () => {
  // A body cut off while the client still sends aborts the connection: the client may never read
  // the 413, and wrangler dev's proxy answers such a request "Your worker restarted mid-request"
  // (a plain-text 503). A 40 MiB chunked body was cut off after 17 MiB.
  const size = 40 * MiB;
  it("answers a 40 MiB body without Content-Length 413 after reading it all", async () => {
    const { body, seen } = watched(size);
    const r = await call("/v1/validate", { method: "POST", headers: { "content-type": "text/plain" }, body });
    expect(await expectProblem(r, "body-too-large")).toMatchObject({ limit: MiB, detail: expect.stringContaining("more arrived than the limit") });
    expect(seen.pulled).toBe(size);
  });
  it("so does every route that takes a body; one that takes none refuses it (400) after reading it all", async () => {
    const size = 20 * MiB; // past the 17 MiB it was cut off at
    const posts = ROUTES.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThan(20);
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    for (const route of posts) {
      const path = route.pattern.replace("{thread}", "drained").replace("{handoff}", "a-1").replace("{token}", "0".repeat(32));
      const { body, seen } = watched(size);
      const r = await call(path, { method: "POST", headers: { "content-type": "application/json" }, body });
      const p = await problemOf(r);
      answers.push([route.pattern, r.status, p.parameter ?? p.limit, seen.pulled === size ? "read" : "not read"]);
      if (path.endsWith("/commit") || path.endsWith("/abandon")) expected.push([route.pattern, 400, "body", "read"]);
      // Without RW_TOKEN (as here) no agent token is issued, refused before the body is read:
      // a body never read is no body cut off (the runtime drains it itself).
      else if (route.pattern === "/v1/agent-tokens") expected.push([route.pattern, 409, undefined, "not read"]);
      else expected.push([route.pattern, 413, MiB, "read"]);
    }
    expect(answers).toStrictEqual(expected);
  });
  it("refuses a 40 MiB body on a GET (400) after reading it all", async () => {
    // A request built in this isolate cannot carry a body on a GET; one from the network can.
    const { body, seen } = watched(size);
    const get = { method: "GET", url: "http://rw.test/v1/profiles", headers: new Headers(), body } as unknown as Request;
    expect((await expectProblem(await handle(ROUTES, get, env, ctx), "invalid-request")).parameter).toBe("body");
    expect(seen.pulled).toBe(size);
  });
  it("cuts off a body without end once RW_DRAIN_MIB (absent: 100) more MiB have arrived, and still answers 413", async () => {
    // A deployed Worker is never sent so much: Cloudflare refuses a body over 100 MB first.
    expect(env.RW_DRAIN_MIB).toBeUndefined();
    const DRAIN_BYTES = DRAIN_MIB_DEFAULT * MiB;
    expect(DRAIN_BYTES).toBeGreaterThanOrEqual(100 * 1000 * 1000);
    const { body, seen } = watched();
    await expectProblem(await call("/v1/digest", { method: "POST", headers: { "content-type": "text/plain" }, body }), "body-too-large");
    const pulled = seen.pulled;
    expect(pulled).toBeGreaterThan(LIMITS.bodyBytes + DRAIN_BYTES);
    expect(pulled).toBeLessThanOrEqual(LIMITS.bodyBytes + DRAIN_BYTES + 3 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.pulled, "nothing pulled once answered").toBe(pulled);
  });
});

describe("line length: at most 8 KiB of UTF-8", () => {
  const line = (bytes: number): string => `${HO} // ${"x".repeat(bytes - HO.length - 4)}`;
  it("reads a line of exactly 8192 bytes (and refuses it for its tail, as the core does)", async () => {
    expect(line(8192).length).toBe(8192);
    const r = await postText("/v1/validate", line(8192));
    expect(r.status).toBe(200);
    expect((await r.json() as any).results[0].findings.map((f: any) => f.code)).toStrictEqual(["TAIL_TOO_LONG"]);
  });
  it("refuses a text line of 8193 bytes (422), naming its line", async () => {
    const r = await postText("/v1/validate", `${HO}\n\n${line(8193)}\n`);
    expect(r.status).toBe(422);
    expect(await problemOf(r)).toMatchObject({ type: "/v1/problems/line-too-long", line: 3, limit: LIMITS.lineBytes });
  });
  it("counts bytes, not characters", async () => {
    const wide = `${HO} // ${"é".repeat(4090)}`;
    expect(wide.length).toBeLessThan(8192);
    expect((await postText("/v1/digest", wide)).status).toBe(422);
  });
  it("counts comment lines too", async () => {
    expect((await postText("/v1/validate", `#${"x".repeat(8192)}\n`)).status).toBe(422);
  });
  it("refuses a long line or JSON form in a JSON body, and a long message field", async () => {
    expect(await problemOf(await postJson("/v1/parse", { lines: [HO, line(9000)] }))).toMatchObject({ type: "/v1/problems/line-too-long", line: 2 });
    const form = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: null, slots: { ask: "DRAFT" }, tail: "t".repeat(8200) };
    expect(await problemOf(await postJson("/v1/validate", { lines: [form] }))).toMatchObject({ type: "/v1/problems/line-too-long", line: 1 });
    expect(await problemOf(await postJson("/v1/check-rb", { ho: HO, rb: `${RB} // ${"y".repeat(8200)}` }))).toMatchObject({ type: "/v1/problems/line-too-long", parameter: "rb" });
    expect((await postText("/v1/check-rb", `${HO}\n${line(8193)}\n`)).status).toBe(422);
  });
});

describe("line count: at most 10,000 a request", () => {
  const SHORT = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT";
  it("reads 10,000 lines", async () => {
    const r = await postText("/v1/digest", `${SHORT}\n`.repeat(LIMITS.lines));
    expect(r.status).toBe(200);
    const results = ((await r.json()) as any).results;
    expect(results.length).toBe(10_000);
    expect(results[9999]).toMatchObject({ line: 10_000, ok: true });
  });
  it("refuses 10,001 lines (422), blank ones included", async () => {
    expect(await problemOf(await postText("/v1/validate", "\n".repeat(LIMITS.lines + 1)))).toMatchObject({ type: "/v1/problems/too-many-lines", limit: 10_000 });
    expect((await postText("/v1/validate", "\n".repeat(LIMITS.lines))).status).toBe(200);
    expect((await postText("/v1/check-thread?now=20261001T0000Z", `${SHORT}\n`.repeat(LIMITS.lines + 1))).status).toBe(422);
  });
  it("counts a final line without a line break, and CR or CRLF breaks", async () => {
    expect((await postText("/v1/validate", `${"\r\n".repeat(LIMITS.lines)}x`)).status).toBe(422);
    expect((await postText("/v1/validate", "\r".repeat(LIMITS.lines))).status).toBe(200);
  });
  it("refuses 10,001 messages in a JSON body", async () => {
    expect(await problemOf(await postJson("/v1/validate", { lines: new Array(LIMITS.lines + 1).fill(SHORT) }))).toMatchObject({ type: "/v1/problems/too-many-lines" });
  });
});

describe("JSON nesting: at most 128 levels of arrays and objects", () => {
  const nest = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const postRaw = (path: string, body: string) => call(path, { method: "POST", headers: { "content-type": "application/json" }, body });
  /** A JSON form whose one extension slot nests `depth` arrays: a few KiB, within the line limit. */
  const form = (depth: number): string => `{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x:1","slots":{"ask":"DRAFT","x_a":${nest(depth)}},"tail":null}`;
  const tooDeep = async (response: Response) => expect(await problemOf(response)).toMatchObject({ type: "/v1/problems/json-too-deep", status: 422, limit: LIMITS.jsonDepth });

  it("refuses deeper JSON on the thread routes (422), where it would reach the thread's object, never a 500", async () => {
    // 4,000 levels fit in one 8 KiB line and in the body, and used to fail the call to the object.
    await tooDeep(await postRaw("/v1/threads/deep-json/lines", `{"lines":[${form(4000)}]}`));
    await tooDeep(await postRaw("/v1/threads/deep-json/lines", `{"lines":[],"profile":{"profile":"deep","version":"1","extends":"RW1","x":${nest(100_000)}}}`));
    await tooDeep(await postRaw("/v1/threads/deep-json/handoffs/a-1/challenge", `{"record":{"amt":${nest(100_000)}}}`));
    await tooDeep(await postRaw("/v1/threads/deep-json/statements", `{"handoff":"a-1","exp":"20991231T0000Z","call":{"amt":${nest(100_000)}}}`));
    await tooDeep(await call(`/v1/threads/deep-json/handoffs/a-1/challenge?record=${encodeURIComponent(`{"amt":${nest(200)}}`)}`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"expectAcc":["len:1w"]}' }));
  });

  it("refuses it on every route alike, and counts the body's own object as the first level", async () => {
    await tooDeep(await postRaw("/v1/validate", `{"lines":[${form(200)}]}`));
    await tooDeep(await postRaw("/v1/delegation/validate", `{"record":{"x":${nest(200)}}}`));
    // The body, lines and the form are 3 levels, slots 4: an extension value of 124 arrays is the 128th.
    expect((await postRaw("/v1/validate", `{"lines":[${form(LIMITS.jsonDepth - 4)}]}`)).status).toBe(200);
    await tooDeep(await postRaw("/v1/validate", `{"lines":[${form(LIMITS.jsonDepth - 3)}]}`));
    // Brackets inside strings are text, not nesting.
    expect((await postRaw("/v1/validate", JSON.stringify({ lines: [`RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT // ${"[{".repeat(1000)}"\\`] }))).status).toBe(200);
  });
});
