// The OpenAPI document and the router agree: every route is documented, every documented
// operation is a route, and every documented operation answers its own example with 200.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { handle } from "../../worker/handle.js";
import { openApiDocument } from "../../worker/openapi.js";
import { ROUTES } from "../../worker/routes.js";
import { call, ORIGIN } from "./http.js";

/** Agent tokens exist only on a Worker with RW_TOKEN, and only its operator asks for one. */
function asOperator(path: string, init: RequestInit): Promise<Response> {
  const withSecret = Object.defineProperty(Object.create(env) as typeof env, "RW_TOKEN", { value: "openapi-secret" });
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: "Bearer openapi-secret" } });
  return handle(ROUTES, request, withSecret, { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext);
}

type Operation = { operationId: string; parameters?: { name: string; in: string; example?: unknown }[]; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, unknown> };
const doc = openApiDocument as { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

describe("/v1/openapi.json", () => {
  it("is OpenAPI 3.1, and what the route serves", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const served = await call("/v1/openapi.json");
    expect(served.headers.get("content-type")).toBe("application/json");
    expect(await served.json()).toStrictEqual(JSON.parse(JSON.stringify(openApiDocument)));
  });

  it("documents every route of the router, with its operationId", () => {
    for (const route of ROUTES) {
      const op = doc.paths[route.pattern]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.pattern} is not documented`).toBeDefined();
      expect(op?.operationId).toBe(route.operation);
    }
  });

  it("documents nothing the router does not have", () => {
    for (const { path, method } of documented) {
      expect(ROUTES.some((r) => r.pattern === path && r.method === method), `${method} ${path} is documented but not routed`).toBe(true);
    }
    expect(documented.length).toBe(ROUTES.length);
    expect(new Set(documented.map((d) => d.op.operationId)).size).toBe(documented.length);
  });

  it("says what the routes answer and take: a null now, text/plain for format, the bearer scheme, query options", () => {
    const schemas = doc.components["schemas"] as Record<string, any>;
    const now = schemas["CheckThreadResult"].allOf[1].properties.now;
    expect(now.type).toContain("null");
    expect(Object.keys(doc.paths["/v1/format"]?.["post"]?.requestBody?.content ?? {})).toStrictEqual(["application/json", "text/plain"]);
    expect(doc.components["securitySchemes"]).toMatchObject({ threadToken: { type: "http", scheme: "bearer" } });
    for (const { path, method, op } of documented) {
      const security = (op as { security?: unknown }).security;
      if (path.startsWith("/v1/threads/")) expect(security, path).toStrictEqual([{ threadToken: [] }, {}]);
      else if (path === "/v1/agent-tokens") expect(security, path).toStrictEqual([{ threadToken: [] }]);
      else expect(security, path).toBeUndefined();
      // A bearer can be refused (401, or 500 for an RW_AGENT_EPOCHS the Worker cannot read) where
      // one is asked for; a read of a thread also by party (403, README note 39).
      if (security !== undefined) expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(["401", "500"]));
      // Every thread route can refuse an agent token by party (403): a read, an append to a thread
      // that holds lines, a challenge, a prepare, a commit or an abandon (README note 39).
      if (path.startsWith("/v1/threads/")) expect(Object.keys(op.responses), `${method} ${path}`).toContain("403");
    }
    const names = (operation: string) => documented.find((d) => d.op.operationId === operation)?.op.parameters?.filter((p) => p.in === "query").map((p) => p.name);
    expect(names("checkHo")).toContain("profile");
    expect(names("legendInline")).toStrictEqual(["profile", "lean"]);
    expect(schemas["Statement"].properties.findings).toBeDefined();
    expect(schemas["AgentToken"].required).toContain("epoch");
    expect(doc.paths["/v1/threads/{thread}/handoffs/{handoff}/challenge"]?.["post"]?.responses["202"]).toBeDefined();
  });

  it("check-thread's now is null when asked for no clock, as documented", async () => {
    const r = await call("/v1/check-thread", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ lines: [], now: null }) });
    expect(((await r.json()) as { now: unknown }).now).toBeNull();
  });

  it("resolves every $ref", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(20);
    for (const [, section, name] of refs) expect(doc.components[section as string]?.[name as string], `${section}/${name}`).toBeDefined();
  });

  // The thread examples act on one thread: its HO (the append example, also sent here first so
  // the order of the tests does not matter) and two statements, one to commit and one to abandon.
  // The one to abandon is for a second handoff, the same HO under another id and item: a commit
  // ends its handoff's other statements (one act per handoff, core endStatements), so on one
  // handoff the abandon example would find its statement already abandoned when it runs after.
  const tokens: Record<string, string> = {};
  const relays: Record<string, string> = {};
  beforeAll(async () => {
    const append = doc.paths["/v1/threads/{thread}/lines"]?.["post"]?.requestBody?.content["application/json"]?.example as { lines: string[]; profile: string };
    const second = (append.lines[0] as string).replace("HO scheduler-1 ", "HO scheduler-2 ").replace("item=inv:MD-2026-057 ", "item=inv:MD-2026-058 ");
    expect(second).toContain("HO scheduler-2 ");
    const appended = await call("/v1/threads/openapi-example/lines", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...append, lines: [...append.lines, second] }) });
    expect(appended.status).toBe(200);
    const prepare = doc.paths["/v1/threads/{thread}/statements"]?.["post"]?.requestBody?.content["application/json"]?.example as { handoff: string };
    for (const [operation, handoff] of [["commitStatement", prepare.handoff], ["abandonStatement", "scheduler-2"]] as const) {
      const r = await call("/v1/threads/openapi-example/statements", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...prepare, handoff }) });
      expect(r.status).toBe(201);
      const statement = (await r.json()) as { token: string; line: string };
      tokens[operation] = statement.token;
      relays[operation] = statement.line;
    }
  });
  for (const { path, method, op } of documented) {
    const examples = Object.entries(op.requestBody?.content ?? { none: {} });
    for (const [type, media] of examples) {
      // The plain success (a challenge's 202, for an HO not yet known, is the other answer).
      const success = ["200", "201", "204"].find((status) => status in op.responses) ?? Object.keys(op.responses).find((status) => status.startsWith("2")) ?? "none";
      it(`${method} ${path} answers its ${type === "none" ? "" : `${type} `}example with ${success}`, async () => {
        let url = path;
        for (const p of op.parameters ?? []) if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(p.name === "token" ? (tokens[op.operationId] as string) : String(p.example)));
        expect(url).not.toContain("{");
        const init: RequestInit = { method };
        if (type !== "none") {
          expect(media.example, `${method} ${path} ${type} has no example`).toBeDefined();
          init.headers = { "content-type": type };
          init.body = typeof media.example === "string" ? media.example : JSON.stringify(media.example);
        }
        // A statement runs only once its readback passed: the receiver relays it first (section 5.3).
        // Relayed here, not before, so the challenge example still finds no readback checked.
        const relay = relays[op.operationId];
        if (op.operationId === "commitStatement" && relay !== undefined) {
          expect((await call("/v1/threads/openapi-example/lines", { method: "POST", headers: { "content-type": "text/plain" }, body: relay })).status).toBe(200);
        }
        const r = op.operationId === "issueAgentToken" ? await asOperator(url, init) : await call(url, init);
        expect(String(r.status), await r.clone().text()).toBe(success);
      });
    }
  }
});
