// RW_DRAIN_MIB (worker/drain-bound.ts): how much of a refused body without Content-Length the
// Worker drains before its 413, a deployment's setting. Here each request is sent with the binding
// overridden for it alone; test/worker/configured/ runs the Worker with it set in its bindings.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import worker from "../../worker/index.js";
import { DRAIN_MIB_DEFAULT, DRAIN_MIB_MOST, readDrainBound } from "../../worker/drain-bound.js";
import { LIMITS } from "../../worker/limits.js";
import { ROUTES } from "../../worker/routes.js";
import { expectProblem, ok, ORIGIN } from "./http.js";
import { HO } from "./lines.js";
import { MiB, watched } from "./watched-body.js";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** The Worker's fetch handler with RW_DRAIN_MIB set to `value` for this request alone. */
function withDrain(value: unknown, path: string, init?: RequestInit): Promise<Response> {
  // Defined, not assigned: assigned through the bindings' proxy, it would land on the shared env.
  const bindings = Object.defineProperty(Object.create(env) as typeof env, "RW_DRAIN_MIB", { value });
  return worker.fetch(new Request(`${ORIGIN}${path}`, init) as Parameters<typeof worker.fetch>[0], bindings, ctx);
}

const textPost = (body: BodyInit): RequestInit => ({ method: "POST", headers: { "content-type": "text/plain" }, body });

describe("RW_DRAIN_MIB read", () => {
  it("is 100 MiB when absent, and any whole number of MiB from 0 to 512, as a number or its digits", () => {
    expect(readDrainBound(undefined)).toStrictEqual({ ok: true, bytes: DRAIN_MIB_DEFAULT * MiB });
    expect(DRAIN_MIB_DEFAULT).toBe(100);
    for (const [value, mib] of [[0, 0], ["0", 0], [16, 16], ["16", 16], [DRAIN_MIB_MOST, 512], ["512", 512], ["016", 16]] as const) {
      expect(readDrainBound(value), String(value)).toStrictEqual({ ok: true, bytes: mib * MiB });
    }
  });
  it("is refused, never taken as the default, when it is anything else", () => {
    for (const value of ["", " 16", "16 ", "16.0", "16.5", "-1", "+16", "1e2", "0x10", "16 MiB", "513", "99999999999999999", 513, 16.5, -1, Number.NaN, Infinity, true, null, {}, [16]]) {
      const bound = readDrainBound(value);
      expect(bound.ok, JSON.stringify(value)).toBe(false);
      if (!bound.ok) expect(bound.detail).toMatch(/^RW_DRAIN_MIB is .*; it must be a whole number of MiB from 0 to 512/);
    }
  });
});

describe("RW_DRAIN_MIB bounds the drain of a refused body", () => {
  it("cuts a body without end off once that many MiB more than the limit have arrived, and still answers 413", async () => {
    for (const value of [2, "2", "0"]) {
      const bound = Number(value) * MiB;
      const { body, seen } = watched();
      const p = await expectProblem(await withDrain(value, "/v1/validate", textPost(body)), "body-too-large");
      expect(p["limit"]).toBe(LIMITS.bodyBytes);
      const pulled = seen.pulled;
      expect(pulled, String(value)).toBeGreaterThan(LIMITS.bodyBytes + bound);
      expect(pulled, String(value)).toBeLessThanOrEqual(LIMITS.bodyBytes + bound + 3 * MiB);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.pulled, "nothing pulled once answered").toBe(pulled);
    }
  });
  it("reads a refused body within the bound to its end", async () => {
    const { body, seen } = watched(3 * MiB);
    await expectProblem(await withDrain(2, "/v1/digest", textPost(body)), "body-too-large");
    expect(seen.pulled).toBe(3 * MiB);
  });
  it("bounds the drain of a body refused on a route that takes none", async () => {
    const { body, seen } = watched();
    const token = "0".repeat(32);
    const p = await expectProblem(await withDrain(1, `/v1/threads/drained/statements/${token}/commit`, { method: "POST", headers: { "content-type": "application/json" }, body }), "invalid-request");
    expect(p["parameter"]).toBe("body");
    expect(seen.pulled).toBeLessThanOrEqual(1 * MiB + 3 * MiB);
  });
});

describe("an RW_DRAIN_MIB the Worker cannot read", () => {
  const wrong = ["16.5", "", "513", -1, "sixteen"];
  it("refuses every request that carries a body, 500 worker-misconfigured naming the variable, before reading it", async () => {
    for (const value of wrong) {
      const { body, seen } = watched(20 * MiB);
      const p = await expectProblem(await withDrain(value, "/v1/validate", textPost(body)), "worker-misconfigured");
      expect(p["variable"], String(value)).toBe("RW_DRAIN_MIB");
      expect(p.detail, String(value)).toContain(`RW_DRAIN_MIB is ${typeof value === "string" ? JSON.stringify(value) : value}`);
      expect(seen.pulled, "not drained by the default").toBeLessThanOrEqual(2 * MiB);
      // A body within the limit, which no drain would touch, is refused the same.
      expect((await expectProblem(await withDrain(value, "/v1/validate", textPost(HO)), "worker-misconfigured"))["variable"]).toBe("RW_DRAIN_MIB");
    }
    // Every route that takes a body.
    for (const route of ROUTES.filter((r) => r.method === "POST" && r.pattern !== "/v1/agent-tokens")) {
      const path = route.pattern.replace("{thread}", "drained").replace("{handoff}", "a-1").replace("{token}", "0".repeat(32));
      const r = await withDrain("16.5", path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect((await expectProblem(r, "worker-misconfigured"))["variable"], route.pattern).toBe("RW_DRAIN_MIB");
    }
  });
  it("leaves a request without a body answered as ever", async () => {
    expect((await ok(await withDrain("16.5", "/v1/health"))).ok).toBe(true);
    expect((await withDrain("16.5", "/v1/profiles")).status).toBe(200);
  });
});
