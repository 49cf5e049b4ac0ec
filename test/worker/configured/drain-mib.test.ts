// The Worker run with RW_DRAIN_MIB set as a deployment sets it, in its bindings (vitest.config.ts,
// the workerd-configured project: miniflare bindings { RW_DRAIN_MIB: 1 }, the number a
// wrangler.jsonc `vars` entry gives): a chunked body the default bound would drain whole is cut
// off 1 MiB past the limit. Inside the isolate the 413 still arrives; a client sending over the
// network may see its connection reset (README, **How much of a refused body is drained**).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import worker from "../../../worker/index.js";
import { LIMITS } from "../../../worker/limits.js";
import { call, expectProblem, ORIGIN } from "../http.js";
import { MiB, watched } from "../watched-body.js";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
/**
 * The fetch handler called with the bindings this project gives the Worker. (Through the Worker's
 * own entry, `call`, a body cut off aborts the pipe it came through: the test waited 9 s for it.)
 */
const direct = (path: string, init: RequestInit): Promise<Response> => worker.fetch(new Request(`${ORIGIN}${path}`, init) as Parameters<typeof worker.fetch>[0], env, ctx);

describe("RW_DRAIN_MIB = 1 in the Worker's bindings", () => {
  it("is the binding the Worker is given", () => {
    expect(env.RW_DRAIN_MIB).toBe(1);
  });
  it("cuts a 20 MiB chunked body off about 1 MiB past the limit (the default reads it all), answering 413", async () => {
    const size = 20 * MiB;
    const { body, seen } = watched(size);
    await expectProblem(await direct("/v1/validate", { method: "POST", headers: { "content-type": "text/plain" }, body }), "body-too-large");
    expect(seen.pulled).toBeGreaterThan(LIMITS.bodyBytes + 1 * MiB);
    expect(seen.pulled).toBeLessThanOrEqual(LIMITS.bodyBytes + 1 * MiB + 3 * MiB);
  });
  it("still reads a body within the limit", async () => {
    const r = await call("/v1/digest", { method: "POST", headers: { "content-type": "text/plain" }, body: "# a comment\n" });
    expect(r.status).toBe(200);
  });
});
