// RW-003 inside workerd: the conformance cases against the core (the same suite the Node tests
// run), the /v1/delegation routes answering as `rw delegation … --json` does, their problems, and
// the OpenAPI examples held equal to the conformance records they copy.
import { describe, expect, it } from "vitest";
import * as delegation from "../../core/delegation/index.js";
import { DELEGATION_EXAMPLES } from "../../worker/examples/delegation.js";
import { PROBLEMS } from "../../worker/problem.js";
import negativesText from "../conformance/delegation/negatives.jsonl?raw";
import { build, runStep } from "../conformance/delegation-suite.js";
import type { DelegationCase, Negative, Step } from "../conformance/delegation-suite.js";
import { call, postJson, postText, problemOf } from "./http.js";

const byName = <T>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([path, value]) => [path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, ""), value]));
const records = byName(import.meta.glob<unknown>("../conformance/delegation/records/*.json", { eager: true, import: "default" }));
const examples = Object.values(import.meta.glob<DelegationCase>("../conformance/delegation/examples/*.json", { eager: true, import: "default" }));
const negatives = negativesText.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Negative);
const copies = byName(import.meta.glob<unknown>("../../worker/examples/delegation/*.json", { eager: true, import: "default" }));

async function body<T = Record<string, any>>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function expectProblem(response: Response, kind: keyof typeof PROBLEMS, extra: Record<string, unknown> = {}) {
  const p = await problemOf(response);
  expect(p).toMatchObject({ type: `/v1/problems/${kind}`, status: PROBLEMS[kind].status, ...extra });
  return p;
}

it("runs in workerd", () => {
  expect(navigator.userAgent).toBe("Cloudflare-Workers");
});

describe("the conformance cases, in workerd", () => {
  it("has the worked examples and the negatives", () => {
    expect(examples.map((e) => e.section).sort()).toStrictEqual(["11.1", "11.2", "11.3", "11.4", "6", "8"].sort());
    expect(negatives.length).toBeGreaterThan(150);
  });
  for (const c of examples) {
    describe(c.id, () => {
      for (const step of c.steps) it(step.name, () => expect(runStep(step, records, delegation)).toStrictEqual([]));
    });
  }
  describe("negatives", () => {
    for (const n of negatives) it(n.id, () => expect(runStep(n, records, delegation)).toStrictEqual([]));
  });
});

/** The core's answer to a step, as `rw delegation <op> --json` prints it and the route must answer it. */
function coreAnswer(step: Step, input: unknown): unknown {
  switch (step.op) {
    case "validate": {
      const r = delegation.validateRecord(input, (step.options ?? {}) as delegation.ValidateOptions);
      return { ok: r.ok, kind: r.kind, findings: r.findings };
    }
    case "check-child":
      return delegation.checkChildDocument(input);
    case "check-reassignment":
      return delegation.checkReassignmentDocument(input);
    case "check-card-revision":
      return delegation.checkCardRevisionDocument(input);
    case "check-attempts":
      return delegation.checkAttemptsDocument(input);
    case "check-fences":
      return delegation.checkFencesDocument(input);
    case "evaluate":
      return delegation.evaluatePermissionDocument(input);
  }
}

/** JSON text of a document as the case wrote it: a number no double holds (read as Infinity) is written back as one. */
const documentText = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (v === Infinity ? "\u0000inf" : v === -Infinity ? "\u0000-inf" : v)).replaceAll('"\\u0000inf"', "1e400").replaceAll('"\\u0000-inf"', "-1e400");

describe("the conformance cases over HTTP: each route answers what the core answers", () => {
  const steps = [...examples.flatMap((c) => c.steps.map((s) => ({ ...s, id: `${c.id}: ${s.name}` }))), ...negatives];
  it("covers every step", () => expect(steps.length).toBeGreaterThan(500));
  for (const step of steps) {
    it(step.id, async () => {
      const input = build(step.input, records);
      const request = step.op === "validate" ? { record: input, ...(step.options ?? {}) } : input;
      const r = await call(`/v1/delegation/${step.op}`, { method: "POST", headers: { "content-type": "application/json" }, body: documentText(request) });
      const missing = step.op === "validate" ? [] : delegation.DOCUMENT_PARTS[step.op].required.filter((p) => (input as Record<string, unknown>)[p] === undefined);
      const stray = step.op === "validate" ? [] : delegation.strayParts(step.op, input as Record<string, unknown>);
      if (missing.length > 0 || stray.length > 0) {
        // What the core reports as DELEGATION_SCHEMA, the route refuses before the check (README, RW-003):
        // a request without a required part, or with a field no part of its document.
        expect(step.expect.codes).toContain("DELEGATION_SCHEMA");
        await expectProblem(r, "invalid-request", { parameter: [...missing, ...stray][0] });
        return;
      }
      expect(await body(r)).toStrictEqual(JSON.parse(JSON.stringify(coreAnswer(step, input))));
    });
  }
});

describe("the OpenAPI examples", () => {
  it("are the conformance records they copy", () => {
    expect(Object.keys(copies).length).toBeGreaterThan(5);
    for (const [name, copy] of Object.entries(copies)) expect(copy, name).toStrictEqual(records[name]);
  });
});

describe("POST /v1/delegation/validate", () => {
  it("reads a record and answers as rw delegation validate --json", async () => {
    const r = await body(await postJson("/v1/delegation/validate", { record: records["d-extract-1"] }));
    expect(r).toStrictEqual({ ok: true, kind: "delegation_contract", findings: [] });
  });
  it("a refused record is a 200 with its findings", async () => {
    const card = { ...(records["card-agent-extractor-r3"] as object), x_auth: "Bearer 9f8e7d6c5b4a39281706" };
    const r = await body(await postJson("/v1/delegation/validate", { record: card }));
    expect(r.ok).toBe(false);
    expect(r.findings).toStrictEqual(delegation.validateRecord(card).findings);
    expect(r.findings.map((f: any) => f.code)).toStrictEqual(["SECRET_VALUE"]);
  });
  it("keeps a number a double holds only approximately, as the core keeps an unknown field's (RW1's routes refuse one rounded to an integer, note 70)", async () => {
    const text = JSON.stringify({ record: records["card-agent-extractor-r3"] }).replace('{"record":{', '{"record":{"x_vendor":1e-400,"x_score":1.0000000000000001,');
    const r = await body(await call("/v1/delegation/validate", { method: "POST", headers: { "content-type": "application/json" }, body: text }));
    expect(r).toStrictEqual({ ok: true, kind: "agent_card", findings: [] });
    await expectProblem(await call("/v1/validate", { method: "POST", headers: { "content-type": "application/json" }, body: '{"lines":[],"x":1e-400}' }), "malformed-json");
  });
  it("takes kind, consequential and requireSignature, in the body or the query", async () => {
    const card = { ...(records["card-agent-extractor-r3"] as Record<string, any>), schema_ref: { ...(records["card-agent-extractor-r3"] as any).schema_ref, version: "0.2.0" } };
    const read = await body(await postJson("/v1/delegation/validate", { record: card }));
    expect(read).toMatchObject({ ok: true, findings: [{ code: "SCHEMA_UNSUPPORTED_READ" }] });
    const strict = await body(await postJson("/v1/delegation/validate?consequential=true", { record: card }));
    expect(strict).toMatchObject({ ok: false, findings: [{ code: "SCHEMA_UNSUPPORTED" }] });
    const asContract = await body(await postJson("/v1/delegation/validate", { record: card, kind: "delegation_contract" }));
    expect(asContract).toMatchObject({ ok: false, kind: "delegation_contract" });
  });
  it("refuses a missing record, an unknown kind, an unknown field", async () => {
    await expectProblem(await postJson("/v1/delegation/validate", { kind: "agent_card" }), "invalid-request", { parameter: "record" });
    await expectProblem(await postJson("/v1/delegation/validate", { record: {}, kind: "card" }), "invalid-request", { parameter: "kind" });
    await expectProblem(await postJson("/v1/delegation/validate", { record: {}, strict: true }), "invalid-request", { parameter: "strict" });
  });
});

describe("POST /v1/delegation/check-child", () => {
  it("section 11.3: denied on exactly objects, operations, duration, depth, effect class and spend", async () => {
    const r = await body(await postJson("/v1/delegation/check-child", DELEGATION_EXAMPLES.checkChild));
    expect(r.decision).toBe("deny");
    expect(r.failed).toStrictEqual(["depth", "objects", "operations", "effect_class", "duration", "spend"]);
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkChildDocument(DELEGATION_EXAMPLES.checkChild))));
  });
  it("a child within its parent is allowed", async () => {
    const r = await body(await postJson("/v1/delegation/check-child", { parent: records["d-parent-1"], child: records["d-child-ok"], chain: records["chain-d-child-ok"] }));
    expect(r).toStrictEqual({ ok: true, decision: "allow", failed: [], findings: [] });
  });
  it("an invalid child is denied with its findings, not a problem", async () => {
    const r = await body(await postJson("/v1/delegation/check-child", { parent: records["d-parent-1"], child: { delegation_id: "D-X" }, chain: records["chain-d-child-ok"] }));
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: [] });
    expect(r.findings.every((f: any) => f.path.startsWith("child"))).toBe(true);
  });
  it("a part missing is a 400 naming it", async () => {
    await expectProblem(await postJson("/v1/delegation/check-child", { parent: records["d-parent-1"], child: records["d-child-ok"] }), "invalid-request", { parameter: "chain" });
  });
  it("takes siblings: the child and the parent's other live children share its budgets", async () => {
    const sibling = { ...(records["d-child-ok"] as any), record_id: "D-CHILD-OK-2", delegation_id: "D-CHILD-OK-2" };
    sibling.control_scopes = sibling.control_scopes.map((s: any) => (s.scope_id === "D-CHILD-OK" ? { ...s, scope_id: "D-CHILD-OK-2" } : s));
    const doc = { parent: records["d-parent-1"], child: records["d-child-ok"], chain: records["chain-d-child-ok"] };
    expect(await body(await postJson("/v1/delegation/check-child", { ...doc, siblings: [sibling] }))).toMatchObject({ ok: true, failed: [] });
    const r = await body(await postJson("/v1/delegation/check-child", { ...doc, siblings: [{ ...sibling, limits: { ...sibling.limits, max_concurrency: 2 } }] }));
    expect(r).toMatchObject({ ok: false, failed: ["concurrency"] });
  });
});

describe("POST /v1/delegation/check-reassignment", () => {
  it("section 11.4: D-RESEARCH-2@r2 reassigns the delegation to AGENT-B: allowed", async () => {
    const r = await body(await postJson("/v1/delegation/check-reassignment", DELEGATION_EXAMPLES.checkReassignment));
    expect(r).toStrictEqual({ ok: true, decision: "allow", failed: [], findings: [] });
  });
  it("a child reassigned to an agent outside its parent's eligible delegates is denied, with the parent or without it", async () => {
    const child = { prior: records["d-release-1-child"], next: records["d-release-1-child-r2"], chain: records["chain-d-release-1-child-r2"] };
    const withParent = { ...child, parent: records["d-release-1"] };
    const r = await body(await postJson("/v1/delegation/check-reassignment", withParent));
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["delegate"] });
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkReassignmentDocument(withParent))));
    expect(await body(await postJson("/v1/delegation/check-reassignment", child))).toMatchObject({ ok: false, failed: ["delegate", "chain"] });
  });
  it("takes chain: a child's next revision is checked against the chain given, and denied on chain without it", async () => {
    const parent = records["d-release-1"] as any;
    const eligible = { ...parent, subdelegation_policy: { ...parent.subdelegation_policy, eligible_delegates: { ...parent.subdelegation_policy.eligible_delegates, actor_ids: ["ACTOR-HELPER", "ACTOR-B"] } } };
    const doc = { prior: records["d-release-1-child"], next: records["d-release-1-child-r2"], parent: eligible };
    expect(await body(await postJson("/v1/delegation/check-reassignment", { ...doc, chain: records["chain-d-release-1-child-r2"] }))).toStrictEqual({ ok: true, decision: "allow", failed: [], findings: [] });
    expect(await body(await postJson("/v1/delegation/check-reassignment", { ...doc, chain: records["chain-d-release-1-child"] }))).toMatchObject({ ok: false, failed: ["chain"] });
    expect(await body(await postJson("/v1/delegation/check-reassignment", doc))).toMatchObject({ ok: false, failed: ["chain"] });
  });
  it("a part missing is a 400 naming it", async () => {
    await expectProblem(await postJson("/v1/delegation/check-reassignment", { prior: records["d-research-2-r1"] }), "invalid-request", { parameter: "next" });
  });
  it("takes attempts: the next revision takes only what they left of the prior's budgets", async () => {
    const doc = { prior: records["d-research-2-r1"], next: records["d-research-2-r2"] };
    expect(await body(await postJson("/v1/delegation/check-reassignment", { ...doc, attempts: [records["att-1"]] }))).toStrictEqual({ ok: true, decision: "allow", failed: [], findings: [] });
    const spent = { ...(records["att-1"] as any), budget_consumption: { tool_calls: 81, items: { Source: 2 } } };
    const r = await body(await postJson("/v1/delegation/check-reassignment", { ...doc, attempts: [spent] }));
    expect(r).toMatchObject({ ok: false, failed: ["budget"] });
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkReassignmentDocument({ ...doc, attempts: [spent] }))));
  });
});

describe("checkpoints, a part of check-reassignment and check-attempts", () => {
  it("check-reassignment verifies CP-7's remaining budget and answers as checkReassignmentDocument", async () => {
    const doc = { prior: records["d-research-2-r1"], next: records["d-research-2-r2"], attempts: [records["att-1"]] };
    expect(await body(await postJson("/v1/delegation/check-reassignment", { ...doc, checkpoints: [records["cp-7"]] }))).toStrictEqual({ ok: true, decision: "allow", failed: [], findings: [] });
    const left = { ...doc, checkpoints: [{ ...(records["cp-7"] as object), remaining_budget: { tool_calls: 100 } }] };
    const r = await body(await postJson("/v1/delegation/check-reassignment", left));
    expect(r).toMatchObject({ ok: false, failed: ["budget"], findings: [{ code: "CHECKPOINT_REMAINDER_EXCEEDED" }] });
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkReassignmentDocument(left))));
  });
  it("check-attempts refuses a checkpoint of another revision than the contract, as checkAttemptsDocument does", async () => {
    const doc = { ...DELEGATION_EXAMPLES.checkAttempts, checkpoints: [records["cp-7"]] };
    const r = await body(await postJson("/v1/delegation/check-attempts", doc));
    expect(r).toMatchObject({ ok: false, findings: [{ code: "CHECKPOINT_REMAINDER_UNVERIFIED", path: "checkpoints.0.delegation_ref" }] });
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkAttemptsDocument(doc))));
  });
});

describe("POST /v1/delegation/check-attempts", () => {
  it("section 11.4: ATT-1, then ATT-2 resuming CP-7 under the same key, keep D-RESEARCH-2@r2's retry policy", async () => {
    const r = await body(await postJson("/v1/delegation/check-attempts", DELEGATION_EXAMPLES.checkAttempts));
    expect(r).toStrictEqual({ ok: true, findings: [] });
  });
  it("answers as checkAttemptsDocument: a new key after a partially_applied attempt, a third attempt of two", async () => {
    const newKey = { contract: records["d-research-2-r2"], attempts: [records["att-1"], { ...(records["att-2"] as object), idempotency_key: "D-RESEARCH-2/effect-2" }] };
    const r = await body(await postJson("/v1/delegation/check-attempts", newKey));
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkAttemptsDocument(newKey))));
    expect(r).toMatchObject({ ok: false, findings: [{ code: "RETRY_IDEMPOTENCY", path: "attempts.1.idempotency_key" }] });
    const third = { ...(records["att-2"] as object), record_id: "ATT-3", attempt_id: "ATT-3", started_at: "2026-10-04T10:50:00Z", issued_at: "2026-10-04T10:50:00Z" };
    const history = { ...DELEGATION_EXAMPLES.checkAttempts, attempts: [...DELEGATION_EXAMPLES.checkAttempts.attempts, third] };
    const exhausted = await body(await postJson("/v1/delegation/check-attempts", history));
    expect(exhausted).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkAttemptsDocument(history))));
    // ATT-3 resumes CP-7 as the running ATT-2 did, which has no read-back yet (README note 104).
    expect(exhausted).toMatchObject({ ok: false, findings: [{ code: "RETRY_EXHAUSTED" }, { code: "RETRY_UNRECONCILED" }] });
  });
  it("a part missing is a 400 naming it", async () => {
    await expectProblem(await postJson("/v1/delegation/check-attempts", { contract: records["d-research-2-r2"] }), "invalid-request", { parameter: "attempts" });
  });
});

describe("POST /v1/delegation/check-card-revision", () => {
  it("AGENT-EXTRACTOR@card-r3 after card-r2: the same card and agent Actor, ok", async () => {
    const r = await body(await postJson("/v1/delegation/check-card-revision", DELEGATION_EXAMPLES.checkCardRevision));
    expect(r).toStrictEqual({ ok: true, findings: [] });
  });
  it("section 4.3: an agent Actor changed with no continuity attestation is refused, as checkCardRevisionDocument refuses it", async () => {
    const rotated = { prior: records["card-agent-extractor-r2"], next: { ...(records["card-agent-extractor-r3"] as object), agent_actor_ref: (records["card-agent-helper-r1"] as Record<string, unknown>)["agent_actor_ref"] } };
    const r = await body(await postJson("/v1/delegation/check-card-revision", rotated));
    expect(r).toStrictEqual(JSON.parse(JSON.stringify(delegation.checkCardRevisionDocument(rotated))));
    expect(r).toMatchObject({ ok: false, findings: [{ code: "CARD_ACTOR_CHANGED", path: "agent_actor_ref" }] });
  });
  it("a part missing is a 400 naming it", async () => {
    await expectProblem(await postJson("/v1/delegation/check-card-revision", { next: records["card-agent-extractor-r3"] }), "invalid-request", { parameter: "prior" });
  });
});

describe("POST /v1/delegation/check-fences", () => {
  it("section 11.4: CF7 is stale after the reassignment", async () => {
    const r = await body(await postJson("/v1/delegation/check-fences", DELEGATION_EXAMPLES.checkFences));
    expect(r.ok).toBe(false);
    expect(r.streams.map((s: any) => `${s.branch_id} ${s.result}`)).toStrictEqual(["agent:AGENT-A current", "delegation:D-RESEARCH-2 stale", "space:SPACE-RW current"]);
    expect(r.findings.map((f: any) => f.code)).toStrictEqual(["FENCE_STALE"]);
  });
  it("current fences pass; required is optional", async () => {
    const r = await body(await postJson("/v1/delegation/check-fences", { fences: records["fences-d-extract-1"], heads: records["heads-d-extract-1"] }));
    expect(r).toMatchObject({ ok: true, findings: [] });
  });
  it("fences given as JSON text in the query", async () => {
    const q = `?fences=${encodeURIComponent(JSON.stringify(records["fences-d-extract-1"]))}`;
    const r = await body(await postJson(`/v1/delegation/check-fences${q}`, { heads: records["heads-d-extract-1"] }));
    expect(r.ok).toBe(true);
  });
});

describe("POST /v1/delegation/evaluate", () => {
  it("section 11.1: the read of SRC-1@r1 is allowed, with what a PermissionDecision records", async () => {
    const r = await body(await postJson("/v1/delegation/evaluate", DELEGATION_EXAMPLES.evaluate));
    expect(r).toMatchObject({ ok: true, decision: "allow", denied_by: [], contract_ref: { object_id: "D-EXTRACT-1", revision_id: "r1" }, card_ref: { object_id: "AGENT-EXTRACTOR", revision_id: "card-r3" } });
    expect(r.control_fence_set).toStrictEqual(records["fences-d-extract-1"]);
  });
  it("an effect outside the contract is denied with every failed predicate", async () => {
    const r = await body(await postJson("/v1/delegation/evaluate", { ...DELEGATION_EXAMPLES.evaluate, request: { ...(records["request-read-src-1"] as object), object: "PRJ-9/x", operation: "delete" } }));
    expect(r).toMatchObject({ ok: false, decision: "deny", denied_by: ["SCOPE_OBJECT", "SCOPE_OPERATION"] });
  });
  it("reads the request's adapter: a consequential effect over one the card does not declare is denied, as the core answers (10.3)", async () => {
    const adapter = { protocol: "mcp", version: "2024-11-05", tool: "site_publisher", authentication_method: "oauth2" };
    const input = { ...DELEGATION_EXAMPLES.evaluate, contract: records["d-publish-1"], card: records["card-agent-publisher-r1"], request: { ...(records["request-publish"] as object), adapter }, fences: records["fences-d-publish-1"], heads: records["heads-d-publish-1"], approvals: [records["approval-editor"], records["approval-review"]] };
    const expected = JSON.parse(JSON.stringify(delegation.evaluatePermissionDocument(input)));
    expect(expected.denied_by).toStrictEqual(["ADAPTER_UNSUPPORTED"]);
    expect(await body(await postJson("/v1/delegation/evaluate", input))).toStrictEqual(expected);
  });
  it("takes the child's attestation chain, as rw delegation evaluate does, and answers as the core", async () => {
    // A chain that is not the contract's own: the core denies it (CHAIN_BROKEN); the route must
    // read it, not refuse the field.
    const input = { ...DELEGATION_EXAMPLES.evaluate, chain: records["chain-d-child-bad"] };
    const expected = JSON.parse(JSON.stringify(delegation.evaluatePermissionDocument(input)));
    expect(expected.denied_by).toContain("CHAIN_BROKEN");
    expect(await body(await postJson("/v1/delegation/evaluate", input))).toStrictEqual(expected);
  });
  it("a malformed input is a deny with findings; a missing part is a 400", async () => {
    const r = await body(await postJson("/v1/delegation/evaluate", { ...DELEGATION_EXAMPLES.evaluate, heads: "none" }));
    expect(r).toMatchObject({ ok: false, decision: "deny", denied_by: ["DELEGATION_SCHEMA"] });
    const { heads: _, ...rest } = DELEGATION_EXAMPLES.evaluate;
    await expectProblem(await postJson("/v1/delegation/evaluate", rest), "invalid-request", { parameter: "heads" });
  });
});

describe("the delegation routes' problems", () => {
  for (const route of ["validate", "check-child", "check-reassignment", "check-attempts", "check-card-revision", "check-fences", "evaluate"]) {
    it(`${route}: JSON only, POST only`, async () => {
      await expectProblem(await postText(`/v1/delegation/${route}`, "{}"), "unsupported-media-type");
      await expectProblem(await call(`/v1/delegation/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" }), "malformed-json");
      await expectProblem(await call(`/v1/delegation/${route}`), "method-not-allowed");
      await expectProblem(await postJson(`/v1/delegation/${route}`, []), "invalid-request");
    });
  }
});
