// Section 1.2: the append boundary checks that every referenced authority stream "is still at the
// fenced head and permits the effect", and a record that is "unresolved" fails closed. The head of
// the contract's own delegation stream, and of the executing agent's stream, must name the record in
// force (record_ref): without it the contract (card) revision cannot be shown current, so the
// effect is denied. Heads of other scopes (space, policy, consent, ancestors) need not name one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluatePermission, evaluatePermissionDocument, validateRecord } from "../../../core/delegation/index.js";
import type { AgentCard, ControlHead, DelegationContract, PermissionInput } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
const refOf = (r: any) => ({ object_id: r.record_id, revision_id: r.revision_id, content_digest: r.content_digest });
const policy_ref = { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"1".repeat(64)}` };

/** D-EXTRACT-1 reading SRC-1 (section 11.1), its heads each given the record `records` says (none: no record_ref). */
function extraction(records: { delegation?: unknown; agent?: unknown }): Record<string, unknown> {
  const contract = record("d-extract-1");
  const heads = record("heads-d-extract-1").map((h: any) => {
    const { record_ref: _dropped, ...head } = h;
    const named = h.branch_id === "delegation:D-EXTRACT-1" ? records.delegation : h.branch_id === "agent:AGENT-EXTRACTOR" ? records.agent : undefined;
    return named === undefined ? head : { ...head, record_ref: named };
  });
  return { contract, card: record("card-agent-extractor-r3"), request: record("request-read-src-1"), fences: record("fences-d-extract-1"), heads, policy_ref, evaluator_ref: contract.delegator_actor_ref };
}

const inForce = () => ({ delegation: refOf(record("d-extract-1")), agent: refOf(record("card-agent-extractor-r3")) });

describe("evaluatePermission: the heads of the contract's and the agent's streams name the records in force", () => {
  it("both heads naming the contract and card in force, the space head naming none: allowed", () => {
    const r = evaluatePermissionDocument(extraction(inForce()));
    expect(r.denied_by).toStrictEqual([]);
    expect(r.decision).toBe("allow");
  });
  it("the delegation head names no record: the contract revision is unresolved, denied", () => {
    const r = evaluatePermissionDocument(extraction({ agent: inForce().agent }));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_UNRESOLVED"]);
    const [finding] = r.findings.filter((f) => f.code === "HEAD_RECORD_UNRESOLVED");
    expect(finding?.message).toContain("delegation:D-EXTRACT-1");
    expect(finding?.message).toContain("record_ref");
    expect(finding?.expected).toBe("D-EXTRACT-1@r1");
  });
  it("the delegation head's record_ref is null: denied alike", () => {
    const r = evaluatePermissionDocument(extraction({ delegation: null, agent: inForce().agent }));
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_UNRESOLVED"]);
  });
  it("the agent head names no card: the card revision is unresolved, denied", () => {
    const r = evaluatePermissionDocument(extraction({ delegation: inForce().delegation }));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_UNRESOLVED"]);
    const [finding] = r.findings.filter((f) => f.code === "HEAD_RECORD_UNRESOLVED");
    expect(finding?.message).toContain("agent:AGENT-EXTRACTOR");
    expect(finding?.expected).toBe("AGENT-EXTRACTOR@card-r3");
  });
  it("neither head names a record: one finding each, and the API (not only the document) denies", () => {
    const doc = extraction({});
    const contract = validateRecord(doc["contract"]).value as DelegationContract;
    const card = validateRecord(doc["card"]).value as AgentCard;
    const r = evaluatePermission({ ...(doc as unknown as PermissionInput), contract, card, heads: doc["heads"] as ControlHead[] });
    expect(r.decision).toBe("deny");
    const unresolved = r.findings.filter((f) => f.code === "HEAD_RECORD_UNRESOLVED");
    expect(unresolved.map((f) => f.dimension).sort()).toStrictEqual(["card", "contract"]);
  });
});

describe("evaluatePermission: the contract's own delegation stream and its agent's stream are always fenced", () => {
  const read = () => {
    const doc = extraction(inForce());
    return { doc, contract: validateRecord(doc["contract"]).value as DelegationContract, card: validateRecord(doc["card"]).value as AgentCard };
  };
  const fences = (doc: Record<string, unknown>, keep: (branch: string) => boolean) => (doc["fences"] as { branch_id: string }[]).filter((f) => keep(f.branch_id)) as unknown as PermissionInput["fences"];
  // The API takes a contract already typed; one whose control_scopes forgot its own streams (a
  // document would be refused, CONTROL_SCOPES) must not escape their fences and heads.
  it("a contract listing neither stream, with only the space fenced: denied, both streams missing", () => {
    const { doc, contract, card } = read();
    const bare = { ...contract, control_scopes: contract.control_scopes.filter((s) => s.scope_kind === "space") };
    const r = evaluatePermission({ ...(doc as unknown as PermissionInput), contract: bare, card, fences: fences(doc, (b) => b.startsWith("space:")), heads: doc["heads"] as ControlHead[] });
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["FENCE_SCOPE_MISSING"]);
    expect(r.findings.map((f) => f.expected).filter((e) => e !== undefined).sort()).toStrictEqual(["rw-control:SPACE-RW agent:AGENT-EXTRACTOR", "rw-control:SPACE-RW delegation:D-EXTRACT-1"]);
  });
  it("a contract listing neither stream, both fenced, their heads naming no record: denied, unresolved", () => {
    const { doc, contract, card } = read();
    const bare = { ...contract, control_scopes: contract.control_scopes.filter((s) => s.scope_kind === "space") };
    const heads = (doc["heads"] as ControlHead[]).map(({ record_ref: _r, ...h }) => h as ControlHead);
    const r = evaluatePermission({ ...(doc as unknown as PermissionInput), contract: bare, card, heads });
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_UNRESOLVED"]);
  });
  it("a contract with no control scope at all: denied, its own streams cannot be named", () => {
    const { doc, contract, card } = read();
    const r = evaluatePermission({ ...(doc as unknown as PermissionInput), contract: { ...contract, control_scopes: [] }, card, heads: doc["heads"] as ControlHead[] });
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toContain("FENCE_SCOPE_MISSING");
  });
});
