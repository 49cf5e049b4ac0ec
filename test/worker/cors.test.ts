// CORS inside workerd: browser tools on any origin can call every route and read its answers.
import { describe, expect, it } from "vitest";
import { call, postJson, postText } from "./http.js";
import { HO } from "./lines.js";

const ORIGIN = { origin: "https://tool.example" };

describe("preflight", () => {
  it("answers OPTIONS for a POST route: 204, any origin, its methods, the headers a tool sends", async () => {
    const r = await call("/v1/validate", { method: "OPTIONS", headers: { ...ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(r.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    expect(r.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(Number(r.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(await r.text()).toBe("");
  });
  it("allows the headers the browser asks for, besides its own list", async () => {
    const r = await call("/v1/threads/t-cors/lines", { method: "OPTIONS", headers: { ...ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-trace-id, idempotency-key" } });
    expect(r.status).toBe(204);
    const allowed = (r.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    for (const h of ["content-type", "x-trace-id", "idempotency-key", "authorization"]) expect(allowed).toContain(h);
    expect(r.headers.get("vary")?.toLowerCase()).toContain("access-control-request-headers");
    // Not a header list: only the fixed one is answered.
    const odd = await call("/v1/validate", { method: "OPTIONS", headers: { ...ORIGIN, "access-control-request-headers": "x(y)" } });
    expect(odd.headers.get("access-control-allow-headers")).toBe("Content-Type, Authorization, Accept");
  });
  it("lists every method of a path with several routes", async () => {
    const r = await call("/v1/legend", { method: "OPTIONS", headers: ORIGIN });
    expect(r.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, OPTIONS");
    expect(r.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect((await call("/v1/profiles/pay", { method: "OPTIONS" })).headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });
  it("is a 404 problem for a path with no route", async () => {
    const r = await call("/v1/nope", { method: "OPTIONS", headers: ORIGIN });
    expect(r.status).toBe(404);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("every answer carries the CORS headers", () => {
  const answers: [string, () => Promise<Response>][] = [
    ["200 JSON", () => postJson("/v1/validate", { lines: [HO] }, ORIGIN)],
    ["200 text in", () => postText("/v1/digest", HO, ORIGIN)],
    ["200 GET", () => call("/v1/profiles", { headers: ORIGIN })],
    ["400", () => call("/v1/validate", { method: "POST", headers: { ...ORIGIN, "content-type": "application/json" }, body: "{" })],
    ["404", () => call("/v1/nope", { headers: ORIGIN })],
    ["405", () => call("/v1/validate", { headers: ORIGIN })],
    ["413", () => postText("/v1/validate", "#".repeat(1024 * 1024 + 1), ORIGIN)],
    ["415", () => call("/v1/validate", { method: "POST", headers: ORIGIN, body: "x" })],
    ["422", () => postJson("/v1/validate", { lines: ["x".repeat(9000)] }, ORIGIN)],
  ];
  for (const [name, request] of answers) {
    it(name, async () => {
      const r = await request();
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("access-control-expose-headers")).toContain("Allow");
      // A 401 from a thread route says why in WWW-Authenticate: a browser tool must be able to read it.
      expect(r.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    });
  }
});
