// Every answer's body against the schema its OpenAPI operation declares for its status and content
// type (fuzz.test.ts holds the statuses to the document; this holds the bodies): each operation's
// examples, hostile bodies and parameters, and threads driven through conversations that reach
// what an empty thread never shows (challenges, void and passing readbacks, statements, cancels,
// re-issues, refused lines, agent tokens).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { handle } from "../../worker/handle.js";
import { openApiDocument } from "../../worker/openapi.js";
import { matchRoute } from "../../worker/router.js";
import { ROUTES } from "../../worker/routes.js";
import type { Env } from "../../worker/env.js";
import { sectionEight } from "../spec-examples.js";
import { ORIGIN } from "./http.js";
import { PAY_DN, PAY_HO } from "./lines.js";
import { resolveRef, schemaErrors } from "./openapi-schema.js";

const doc = openApiDocument as unknown as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const SECRET = "schema-secret";
const PAY_CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };

interface Sent { readonly method: string; readonly path: string; readonly json?: unknown; readonly text?: string; readonly bearer?: string }

/** Sends a request (with RW_TOKEN set when it carries a bearer) and returns every way its answer breaks the document, and its body. */
async function answer(r: Sent): Promise<{ broken: string[]; body: any }> {
  const headers: Record<string, string> = {};
  if (r.json !== undefined) headers["content-type"] = "application/json";
  if (r.text !== undefined) headers["content-type"] = "text/plain";
  if (r.bearer !== undefined) headers["authorization"] = `Bearer ${r.bearer}`;
  const body = r.json !== undefined ? JSON.stringify(r.json) : r.text;
  const request = new Request(`${ORIGIN}${r.path}`, { method: r.method, headers, ...(body === undefined ? {} : { body }) });
  // Defined, not assigned: assigned through the bindings' proxy, RW_TOKEN would land on the shared env.
  const bindings = r.bearer === undefined ? env : (Object.defineProperty(Object.create(env), "RW_TOKEN", { value: SECRET }) as Env);
  const response = await handle(ROUTES, request, bindings, ctx);
  const text = await response.text();
  const what = `${r.method} ${r.path.slice(0, 100)} answered ${response.status} ${text.slice(0, 200)}`;
  const match = matchRoute(ROUTES, r.method, new URL(`${ORIGIN}${r.path}`).pathname);
  if (match.kind !== "found") return { broken: [], body: null };
  const declared = resolveRef(doc.paths[match.route.pattern]?.[match.route.method.toLowerCase()]?.responses?.[String(response.status)]);
  if (declared === undefined) return { broken: [`status not declared: ${what}`], body: null };
  if (response.status === 204) return { broken: text === "" ? [] : [`a 204 with a body: ${what}`], body: null };
  const type = response.headers.get("content-type") ?? "";
  const media = declared["content"]?.[type];
  if (media === undefined) return { broken: [`content type ${type} not declared: ${what}`], body: null };
  const parsed = JSON.parse(text);
  return { broken: schemaErrors(media.schema, parsed).map((e) => `${e} :: ${what}`), body: parsed };
}

/** Sends each request in turn; the bodies in order. */
async function all(requests: readonly Sent[], broken: string[]): Promise<any[]> {
  const bodies: any[] = [];
  for (const r of requests) {
    const a = await answer(r);
    broken.push(...a.broken);
    bodies.push(a.body);
  }
  return bodies;
}

const WRONG: readonly unknown[] = [null, 1, -1, 1.5, true, [], {}, "", "x", ["a", 1], { a: 1 }];

describe("answers match the schemas the OpenAPI document declares", () => {
  it("reads a body that breaks a schema as broken", () => {
    expect(schemaErrors({ $ref: "#/components/schemas/ThreadState" }, {})).not.toStrictEqual([]);
    expect(schemaErrors({ $ref: "#/components/schemas/HandoffState" }, { id: "a-1", state: "gone", closedBy: null, readback: null, supersededBy: null })).toStrictEqual(['$.state: "gone" not in ["open","held","orphaned","superseded","closed"]']);
    expect(schemaErrors({ $ref: "#/components/schemas/ChallengeAhead" }, { handoff: "a-1", known: true, detail: "" })).toStrictEqual(["$.known: not false"]);
    // A report's counts are held to every count, the questions' among them.
    const counts = { messages: 1, handoffs: 0, open: 0, closed: 0, cancelled: 0, superseded: 0, readbacks: { passed: 0, void: 0, unverified: 0, late: 0 }, endedUnread: { reissue: 0, cancel: 0 } };
    expect(schemaErrors({ $ref: "#/components/schemas/ThreadReport" }, { ok: true, findings: [], owners: [], counts })).toStrictEqual(["$.counts: no questions"]);
    expect(schemaErrors({ $ref: "#/components/schemas/ThreadCounts" }, { ...counts, questions: { asked: 1, answered: 0, open: 1, overdue: -1 } })).toStrictEqual(["$.questions.overdue: below 0"]);
  });

  it("for each operation's examples, and its fields given each wrong type, missing or unknown", async () => {
    const broken: string[] = [];
    for (const route of ROUTES) {
      const op = doc.paths[route.pattern]?.[route.method.toLowerCase()];
      const path = route.pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(op.parameters.find((p: any) => p.name === name)?.example ?? `schema-${Date.now()}`)));
      const example = op.requestBody?.content["application/json"]?.example;
      const text = op.requestBody?.content["text/plain"]?.example;
      const requests: Sent[] = [{ method: route.method, path, ...(example === undefined ? {} : { json: example }) }];
      if (text !== undefined) requests.push({ method: route.method, path, text });
      if (example !== null && typeof example === "object" && !Array.isArray(example)) {
        for (const field of Object.keys(example)) {
          const { [field]: _, ...without } = example as Record<string, unknown>;
          requests.push({ method: route.method, path, json: without }, { method: route.method, path, json: { ...example, unknown: 1 } });
          for (const wrong of WRONG) requests.push({ method: route.method, path, json: { ...example, [field]: wrong } });
        }
      }
      await all(requests, broken);
    }
    expect(broken).toStrictEqual([]);
  });

  it("on threads driven through conversations, open and under agent tokens", async () => {
    const broken: string[] = [];
    const t = `schema-${Date.now()}`;
    const lines = (thread: string, list: unknown[], bearer?: string): Sent => ({ method: "POST", path: `/v1/threads/${thread}/lines`, json: { lines: list }, ...(bearer === undefined ? {} : { bearer }) });
    const brief = "RW1 HO lead-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang due=20200101 // a short intro";
    const badRb = "RW1 RB writer-2 re=lead-1 from=writer to=lead item=doc:brief ask=DRAFT acc=len:150w+lang:en-gb";
    await all([
      { method: "POST", path: `/v1/threads/${t}/handoffs/lead-1/challenge`, json: { expectAcc: ["len:120w", "lang:en-gb"] } },
      { method: "POST", path: `/v1/threads/${t}/handoffs/lead-1/challenge`, json: { expectAcc: ["len:120w"] } },
      lines(t, [brief, badRb]),
      lines(t, [...sectionEight]),
      lines(t, [...sectionEight]),
      lines(t, ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT", "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT h=000000000000", "RW1 HO a-3 re=b-1 from=a to=b item=x:1 ask=DRAFT", "RW1 CX a-4 re=a-3 from=a to=b item=x:1", "junk", "RW1 HO a-5 from=a to=b item=x:2 ask=DRAFT"]),
      { method: "POST", path: `/v1/threads/${t}/lines`, text: "RW1 HO q-1 from=q to=r item=y:1 ask=DRAFT\n# a comment\n\nnot a line\n" },
      lines(t, [`${PAY_HO} exp=20991002T1500Z`]),
    ], broken);
    const [prepared] = await all([{ method: "POST", path: `/v1/threads/${t}/statements`, json: { handoff: "scheduler-1", call: PAY_CALL, exp: "20991002T1405Z" } }], broken);
    expect(prepared.token).toMatch(/^[0-9a-f]{32}$/);
    await all([
      lines(t, [prepared.line]),
      { method: "POST", path: `/v1/threads/${t}/statements/${prepared.token}/commit` },
      { method: "POST", path: `/v1/threads/${t}/statements/${prepared.token}/commit` },
      { method: "POST", path: `/v1/threads/${t}/statements/${prepared.token}/abandon` },
      lines(t, [PAY_DN.replace("payer-2", "payer-9")]),
      { method: "GET", path: `/v1/threads/${t}` },
      ...["lines", "findings", "owners", "open", "readbacks", "dones", "orphaned"].flatMap((list) => ["", "?limit=1", "?after=2&limit=2"].map((q) => ({ method: "GET", path: `/v1/threads/${t}/${list}${q}` }))),
      ...["lead-1", "research-01", "scheduler-1", "a-1", "a-3", "nope-1"].map((h) => ({ method: "GET", path: `/v1/threads/${t}/handoffs/${h}?limit=1` })),
    ], broken);
    // Under agent tokens: the operator issues them; each agent acts on a thread it is, or is not, a party of.
    const tokens: Record<string, string> = {};
    for (const agent of ["scheduler", "payer", "stranger"]) tokens[agent] = (await all([{ method: "POST", path: "/v1/agent-tokens", json: { agent }, bearer: SECRET }], broken))[0].token;
    const u = `${t}-agents`;
    await all([lines(u, [`${PAY_HO} exp=20991002T1500Z`], tokens["scheduler"])], broken);
    const [statement] = await all([{ method: "POST", path: `/v1/threads/${u}/statements`, json: { handoff: "scheduler-1", call: PAY_CALL, exp: "20991002T1405Z" }, bearer: tokens["payer"] as string }], broken);
    expect([statement.token, ...Object.values(tokens)].every((token) => typeof token === "string")).toBe(true);
    for (const bearer of [...Object.values(tokens), SECRET, "forged"]) {
      await all([
        { method: "GET", path: `/v1/threads/${u}`, bearer },
        { method: "GET", path: `/v1/threads/${u}/handoffs/scheduler-1`, bearer },
        lines(u, ["RW1 HO scheduler-7 from=scheduler to=payer item=z:1 ask=DRAFT"], bearer),
        { method: "POST", path: `/v1/threads/${u}/handoffs/scheduler-9/challenge`, json: { expectAcc: ["len:1w"] }, bearer },
        { method: "POST", path: `/v1/threads/${u}/statements`, json: { handoff: "scheduler-1", call: PAY_CALL, exp: "20991002T1405Z" }, bearer },
        { method: "POST", path: `/v1/threads/${u}/statements/${statement.token}/abandon`, bearer },
        { method: "POST", path: "/v1/agent-tokens", json: { agent: "x" }, bearer },
      ], broken);
    }
    expect(broken).toStrictEqual([]);
  });
});
