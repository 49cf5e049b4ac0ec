// Reading records: unknown fields are kept and grant nothing (section 3); the kind is told by its
// fields; the code table is the Finding shape's, apart from RW1's, and every code is exercised by
// a conformance case.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "../../../core/index.js";
import * as d from "../../../core/delegation/index.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const DIR = join(ROOT, "test", "conformance", "delegation");
const record = (name: string): Record<string, any> => JSON.parse(readFileSync(join(DIR, "records", `${name}.json`), "utf8"));

describe("unknown fields (section 3)", () => {
  it("are retained in what a record reads as, at every level", () => {
    const contract: Record<string, any> = { ...record("d-extract-1"), x_vendor: { tier: "gold" } };
    contract.scope = { ...contract.scope, all_projects: true };
    contract.objective = { ...contract.objective, x_hint: "be quick" };
    const read = d.validateContract(contract);
    expect(read.ok).toBe(true);
    expect(read.value).toStrictEqual(contract);
    expect(read.findings.map((f) => [f.code, f.path])).toStrictEqual([["FIELD_IGNORED", "x_vendor"], ["FIELD_IGNORED", "scope.all_projects"]]);
  });
  it("never expand authority: scope.all_projects does not reach another project", () => {
    const contract = record("d-extract-1");
    contract.scope = { ...contract.scope, all_projects: true, objects_extra: ["*"] };
    contract.limits = { ...contract.limits, unlimited: true };
    const input = { contract, card: record("card-agent-extractor-r3"), request: { ...record("request-read-src-1"), object: "PRJ-9/secret-plans" }, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"1".repeat(64)}` }, evaluator_ref: record("d-extract-1").delegator_actor_ref };
    const r = d.evaluatePermissionDocument(input);
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["SCOPE_OBJECT"]);
  });
  it("a request naming a selector as its object is denied by the API too, whatever the denials", () => {
    const contract = d.validateContract({ ...record("d-extract-1") }).value as d.DelegationContract;
    const denied = { ...contract, scope: { ...contract.scope, denials: [...contract.scope.denials, { rule_id: "no-secret", objects: ["PRJ-1/proposals/secret"] }] } };
    const request = { ...record("request-read-src-1"), operation: "create_proposal", object: "PRJ-1/proposals/*", tool: "proposal_writer", effect_class: "proposal" } as d.PermissionRequest;
    const input = { contract: denied, card: d.validateCard(record("card-agent-extractor-r3")).value as d.AgentCard, request, fences: record("fences-d-extract-1") as d.ControlFenceSet, heads: record("heads-d-extract-1") as d.ControlHead[], policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"1".repeat(64)}` }, evaluator_ref: contract.delegator_actor_ref };
    const r = d.evaluatePermission(input);
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["SCOPE_OBJECT"]);
    expect(d.evaluatePermission({ ...input, request: { ...request, object: "PRJ-1/proposals/p1" } }).decision).toBe("allow");
  });
  it("are kept by a card, and a forwarded card is byte-for-byte the one received", () => {
    const card = { ...record("card-agent-extractor-r3"), x_marketing: "fastest extractor", languages: ["en", "de"], pricing_or_cost_model: { per_call: "0.01 USD" } };
    const read = d.validateCard(card);
    expect(read.ok).toBe(true);
    expect(JSON.stringify(read.value)).toBe(JSON.stringify(card));
  });
});

describe("the conformance records", () => {
  // Every negative changes one field of a record that passes: each record the cases build on is
  // itself a valid record of its kind (requests and approvals are inputs, not records).
  const names = readdirSync(join(DIR, "records")).map((f) => f.replace(/\.json$/, ""));
  for (const name of names) {
    if (d.detectKind(record(name)) === null) continue;
    it(`${name} validates`, () => expect(d.validateRecord(record(name)).findings.filter((f) => f.severity === "error").map((f) => f.code)).toStrictEqual([]));
  }
});

describe("detectKind", () => {
  const kinds: [string, string][] = [
    ["card-agent-extractor-r3", "agent_card"],
    ["d-extract-1", "delegation_contract"],
    ["pd-d-child-bad", "permission_decision"],
    ["att-2", "execution_attempt"],
    ["cp-7", "delegation_checkpoint"],
    ["breaker-d-research-1", "circuit_breaker_event"],
    ["chain-d-child-ok", "attestation_chain"],
    ["ev-db5-revoked", "event"],
    ["fences-cf7", "control_fence_set"],
  ];
  for (const [name, kind] of kinds) it(`${name} is a ${kind}`, () => expect(d.detectKind(record(name))).toBe(kind));
  it("reads a ControlScopeRef and a ControlBoundaryRef on their own", () => {
    expect(d.validateRecord({ space_id: "SPACE-RW", scope_kind: "delegation", scope_id: "D-1" })).toMatchObject({ ok: true, kind: "control_scope_ref" });
    expect(d.validateRecord(record("fences-cf7")[0])).toMatchObject({ ok: true, kind: "control_boundary_ref" });
    expect(d.validateRecord({ ...record("fences-cf7")[0], branch_id: "attempt:ATT-1" })).toMatchObject({ ok: false, kind: "control_boundary_ref" });
  });
  it("a --kind that does not fit is a refusal, not a guess", () => {
    expect(d.validateRecord(record("d-extract-1"), { kind: "agent_card" }).findings.every((f) => f.code === "DELEGATION_SCHEMA")).toBe(true);
  });
});

describe("the code table", () => {
  const codes = Object.keys(d.DELEGATION_CODES);
  it("shares no code with RW1's table", () => {
    for (const code of codes) expect(Object.hasOwn(FINDING_CODES, code), code).toBe(false);
  });
  it("every finding a check returns has the table's severity", () => {
    const r = d.checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-bad"), chain: record("chain-d-child-bad") });
    for (const f of r.findings) expect(d.DELEGATION_CODES[f.code]).toBe(f.severity);
  });
  it("every code is used by the core and expected by a conformance case", () => {
    const sources = readdirSync(join(ROOT, "core", "delegation")).filter((f) => f.endsWith(".ts") && f !== "codes.ts").map((f) => readFileSync(join(ROOT, "core", "delegation", f), "utf8")).join("\n");
    const cases = [readFileSync(join(DIR, "negatives.jsonl"), "utf8"), ...readdirSync(join(DIR, "examples")).map((f) => readFileSync(join(DIR, "examples", f), "utf8"))].join("\n");
    const unused = codes.filter((c) => !sources.includes(`"${c}"`));
    const untested = codes.filter((c) => !cases.includes(`"${c}"`));
    expect(unused).toStrictEqual([]);
    expect(untested).toStrictEqual([]);
  });
  it("every sub-delegation dimension has a code of the table", () => {
    for (const [dimension, code] of Object.entries(d.SUBDELEGATION_DIMENSIONS)) expect(d.DELEGATION_CODES[code], dimension).toBe("error");
  });
});

describe("vocabularies as data", () => {
  it("has the thirteen rw003 event types of section 1.1", () => {
    expect(d.EVENT_TYPE_NAMES).toHaveLength(13);
    for (const t of d.EVENT_TYPE_NAMES) expect(t.startsWith("rw003.")).toBe(true);
  });
  it("places each event type on its branch (section 1.2)", () => {
    const branches = Object.fromEntries(d.EVENT_TYPE_NAMES.map((t) => [t, d.EVENT_TYPES[t]?.branch]));
    expect(branches).toStrictEqual({
      "rw003.agent_card.published": "agent",
      "rw003.agent_card.lifecycle_changed": "agent",
      "rw003.delegation.issued": "delegation",
      "rw003.delegation.amended": "delegation",
      "rw003.delegation.revoked": "delegation",
      "rw003.delegation.reassigned": "delegation",
      "rw003.delegation.expired": "delegation",
      "rw003.permission.evaluated": "attempt",
      "rw003.execution.started": "attempt",
      "rw003.execution.checkpointed": "attempt",
      "rw003.execution.terminal": "attempt",
      "rw003.subdelegation.attested": "delegation",
      "rw003.circuit_breaker.tripped": "delegation",
    });
  });
  it("names, for each event type whose payload says it, the record whose branch it appends to (section 1.2)", () => {
    const unchecked = d.EVENT_TYPE_NAMES.filter((t) => d.EVENT_TYPES[t]?.subject === undefined);
    // A permission decision, a checkpoint and a breaker are named by their own ids, not by the branch's.
    expect(unchecked).toStrictEqual(["rw003.permission.evaluated", "rw003.execution.checkpointed", "rw003.circuit_breaker.tripped"]);
    const ev = record("ev-db5-revoked");
    ev.payload.contract_ref.object_id = "D-EXTRACT-1";
    expect(d.validateRecord(ev).findings.map((f) => f.code)).toStrictEqual(["EVENT_BRANCH_SUBJECT"]);
  });
  it("has the five tiers, and the eight human-authority gates of section 6", () => {
    expect(Object.keys(d.AUTONOMY_TIERS)).toStrictEqual(["T0_observe", "T1_draft", "T2_bounded_execute", "T3_consequential_propose", "T4_consequential_execute"]);
    expect(Object.keys(d.HUMAN_AUTHORITY_GATES)).toStrictEqual(["corpus_inclusion", "plan_approval", "hypothesis_promotion", "verdict", "publication", "policy", "permission_issuance", "external_commitment"]);
    expect(d.humanGatesFor("publish", null)).toStrictEqual(["publication"]);
    expect(d.humanGatesFor("read", "external_commitment")).toStrictEqual(["external_commitment"]);
    expect(d.humanGatesFor("stage_source", "reversible_mutation")).toStrictEqual([]);
  });
  it("only AuthorityDecisions and Reviews satisfy a gate", () => {
    expect(d.GATE_SOURCES).toStrictEqual(["authority_decision", "review"]);
  });
});
