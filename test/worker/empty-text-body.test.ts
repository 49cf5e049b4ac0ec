// An empty text/plain body is text with no lines (README, Worker: "one message a line ..., blank and
// `#` lines skipped"): a route that reads lines answers it as it answers `{"lines":[]}` and a body
// of one blank line, and as `rw` answers empty stdin; a route that reads named messages says how
// many lines it needs. Only an empty JSON body is no request: JSON has no empty document.
import { describe, expect, it } from "vitest";
import { PROBLEMS } from "../../worker/problem.js";
import { call, postJson, postText, problemOf } from "./http.js";

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

const empty = (path: string, type = "text/plain"): Promise<Response> => call(path, { method: "POST", headers: { "content-type": type } });

describe("an empty text/plain body to a route that reads lines", () => {
  it.each(["/v1/parse", "/v1/format", "/v1/validate", "/v1/digest", "/v1/check-thread?now=20261002T1200Z"])("%s: zero lines, answered as {\"lines\":[]} is (200)", async (path) => {
    const asJson = await answer(await postJson(path, { lines: [] }));
    expect(asJson.status).toBe(200);
    expect(await answer(await empty(path))).toStrictEqual(asJson);
    expect(await answer(await postText(path, "\n"))).toStrictEqual(asJson);
  });
  it("/v1/validate: ok, no results, as rw validate passes empty stdin", async () => {
    expect(await answer(await empty("/v1/validate?as=writer"))).toStrictEqual({ status: 200, body: { ok: true, results: [] } });
  });
  it("a thread's lines: nothing appended, as with {\"lines\":[]}", async () => {
    const path = "/v1/threads/empty-text-body/lines";
    const asJson = await answer(await postJson(path, { lines: [] }));
    expect(asJson.status).toBe(200);
    expect(await answer(await empty(path))).toStrictEqual(asJson);
    expect((await answer(await call(path))).body).toMatchObject({ lines: [] });
  });
});

describe("what an empty body still is not", () => {
  it("an empty JSON body is no request: 400 invalid-request, parameter body", async () => {
    const p = await problemOf(await empty("/v1/validate", "application/json"));
    expect([p.status, p.type, p.parameter]).toStrictEqual([PROBLEMS["invalid-request"].status, "/v1/problems/invalid-request", "body"]);
  });
  it("a route that reads named messages: an empty text body holds none of them, 400 as {} is", async () => {
    const p = await problemOf(await empty("/v1/check-rb"));
    expect([p.status, p.parameter]).toStrictEqual([400, "body"]);
    expect(p.detail).toContain("it holds 0");
    expect((await problemOf(await postJson("/v1/check-rb", {}))).status).toBe(400);
  });
  it("a mailbox preflight of an empty text body reads an empty message, as {\"message\":\"\"} does", async () => {
    const asJson = await answer(await postJson("/v1/mailbox/preflight", { message: "" }));
    expect(asJson).toMatchObject({ status: 200, body: { ok: false } });
    expect(await answer(await empty("/v1/mailbox/preflight"))).toStrictEqual(asJson);
  });
});
