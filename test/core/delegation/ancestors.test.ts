// Section 8: the chain runs "from root delegator through every delegatee", and "every child effect
// MUST fence every ancestor delegation stream", so a parent's revocation stops its descendants.
import { describe, expect, it } from "vitest";
import { checkSubdelegation, evaluatePermission, validateRecord } from "../../../core/delegation/index.js";
import type { AgentCard, ControlHead, DelegationAttestationChain, DelegationContract, PermissionInput } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const digest = (c: string): string => `sha256:${c.repeat(64)}`;

/** D-CHILD-OK made delegable (depth 1), the grandchild D-GC under it, and D-GC's chain. */
function grandchild(): { mid: any; gc: any; chain: any } {
  const child = record("d-child-ok");
  const mid = clone(child);
  mid.subdelegation_policy = { allowed: true, max_remaining_depth: 1, eligible_delegates: {}, required_attestations: [] };
  const gc = clone(mid);
  gc.record_id = gc.delegation_id = "D-GC";
  gc.issued_by_actor_ref = gc.delegator_actor_ref = mid.delegatee_agent_ref.agent_actor_ref;
  gc.subdelegation_policy = { allowed: false, max_remaining_depth: 0, eligible_delegates: {}, required_attestations: [] };
  gc.parent_contract_ref = { object_id: mid.record_id, revision_id: mid.revision_id, content_digest: mid.content_digest };
  gc.content_digest = digest("c");
  gc.control_scopes = [...mid.control_scopes.filter((s: any) => s.scope_kind !== "delegation"), { space_id: "SPACE-RW", scope_kind: "delegation", scope_id: "D-CHILD-OK" }, { space_id: "SPACE-RW", scope_kind: "delegation", scope_id: "D-GC" }, { space_id: "SPACE-RW", scope_kind: "delegation", scope_id: "D-PARENT-1" }];
  gc.report_to = ["D-CHILD-OK", "TASK-PRJ-1"];
  gc.retry_policy.idempotency_key = "D-GC/effect";
  gc.monitoring.circuit_breaker_ref = "CB-D-GC";
  gc.attestation_chain_ref = { object_id: "CHAIN-GC", revision_id: "ch-r1", content_digest: digest("d") };
  const base = record("chain-d-child-ok");
  const chain = clone(base);
  chain.record_id = "CHAIN-GC";
  chain.content_digest = digest("d");
  const root = clone(base.links[0]);
  root.max_remaining_depth = 2;
  const middle = clone(base.links[1]);
  middle.max_remaining_depth = 1;
  const leaf = clone(base.links[1]);
  leaf.contract_ref = { object_id: "D-GC", revision_id: gc.revision_id, content_digest: gc.content_digest };
  leaf.delegator_actor_ref = mid.delegatee_agent_ref.agent_actor_ref;
  leaf.max_remaining_depth = 0;
  chain.links = [root, middle, leaf];
  return { mid, gc, chain };
}

describe("checkSubdelegation: the chain starts at a root contract", () => {
  it("a grandchild with the whole chain, fencing every ancestor, is allowed", () => {
    const { mid, gc, chain } = grandchild();
    const r = checkSubdelegation(read(mid), read(gc), read(chain));
    expect(r.findings).toStrictEqual([]);
    expect(r.decision).toBe("allow");
  });
  it("a chain that starts at the immediate parent, omitting the root link, is broken", () => {
    const { mid, gc, chain } = grandchild();
    chain.links = chain.links.slice(1);
    const r = checkSubdelegation(read(mid), read(gc), read(chain));
    expect(r.failed).toContain("chain");
    expect(r.findings.some((f) => f.code === "CHAIN_BROKEN" && f.message.includes("D-PARENT-1@r1"))).toBe(true);
  });
  it("a link before the parent that is not the parent's own parent is broken", () => {
    const { mid, gc, chain } = grandchild();
    chain.links[0].contract_ref = { ...chain.links[0].contract_ref, object_id: "D-OTHER" };
    const r = checkSubdelegation(read(mid), read(gc), read(chain));
    expect(r.failed).toContain("chain");
  });
  it("a grandchild that does not fence the root delegation is denied, even when its chain omits the root", () => {
    const { mid, gc, chain } = grandchild();
    gc.control_scopes = gc.control_scopes.filter((s: any) => s.scope_id !== "D-PARENT-1");
    chain.links = chain.links.slice(1);
    const r = checkSubdelegation(read(mid), read(gc), read(chain));
    expect(r.failed).toStrictEqual(["chain", "ancestor_fences"]);
    expect(r.findings.filter((f) => f.code === "ANCESTOR_FENCES").map((f) => f.expected)).toStrictEqual(["delegation:D-PARENT-1"]);
  });
});

describe("validateRecord: a child fences at least its immediate parent", () => {
  it("D-CHILD-OK without delegation:D-PARENT-1 is refused", () => {
    const child = record("d-child-ok");
    child.control_scopes = child.control_scopes.filter((s: any) => s.scope_id !== "D-PARENT-1");
    const r = validateRecord(child);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toStrictEqual(["ANCESTOR_FENCES"]);
  });
});

describe("evaluatePermission: a revoked ancestor stops the child", () => {
  const policy_ref = { policy_id: "P", version: "1", digest: digest("0") };
  const evaluator_ref = { object_id: "EVAL", revision_id: "r1", content_digest: digest("1"), actor_type: "service" as const };
  const request = (c: DelegationContract) => ({ operation: "read", object: "PRJ-1/sources/S1", tool: "source_reader", data_classes: ["public"], effect_class: "read_only" as const, effect_digest: digest("7"), executor_actor_ref: c.delegatee_agent_ref.agent_actor_ref, at: "2026-10-03T09:30:00Z", attempt: 1, usage: { tokens: 10, tool_calls: 1 } });
  // The contract's own delegation head and its agent's head name the records in force (1.2); the
  // ancestors' and the space's heads name none, which they need not.
  const heads = (c: DelegationContract): ControlHead[] =>
    c.control_scopes.map((s, i) => {
      const named = s.scope_kind === "delegation" && s.scope_id === c.delegation_id ? { object_id: c.record_id, revision_id: c.revision_id, content_digest: c.content_digest } : s.scope_kind === "agent" ? c.delegatee_agent_ref.agent_card_ref : undefined;
      return { project_id: `rw-control:${s.space_id}`, branch_id: `${s.scope_kind}:${s.scope_id}`, position: 1, event_id: `EV-${i}`, event_digest: digest(String(i)), state: "active", ...(named === undefined ? {} : { record_ref: named }) } as ControlHead;
    }).sort((a, b) => (a.branch_id < b.branch_id ? -1 : 1));
  const fencesOf = (hs: readonly ControlHead[]) => hs.map(({ state: _s, record_ref: _r, ...b }) => b) as PermissionInput["fences"];
  const input = (contract: DelegationContract, hs: ControlHead[], extra: Partial<PermissionInput> = {}): PermissionInput => ({
    contract,
    card: read<AgentCard>(record("card-agent-helper-r1")),
    request: request(contract) as PermissionInput["request"],
    fences: fencesOf(hs.filter((h) => h.state === "active")),
    heads: hs,
    policy_ref,
    evaluator_ref,
    ...extra,
  });
  const revokedParent = { project_id: "rw-control:SPACE-RW", branch_id: "delegation:D-PARENT-1", position: 9, event_id: "EV-REVOKE", event_digest: digest("9"), state: "revoked" } as ControlHead;

  const childChain = () => read<DelegationAttestationChain>(record("chain-d-child-ok"));
  it("the shipped child with its chain is allowed while its parent is active", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const r = evaluatePermission(input(child, heads(child), { chain: childChain() }));
    expect(r.denied_by).toStrictEqual([]);
  });
  it("a child evaluated without its chain is denied: the ancestors above its parent cannot be known (section 8)", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const r = evaluatePermission(input(child, heads(child)));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["CHAIN_BROKEN"]);
    const root = read<DelegationContract>(record("d-parent-1"));
    expect(evaluatePermission(input(root, heads(root))).findings.map((f) => f.code)).not.toContain("CHAIN_BROKEN");
  });
  it("a child contract that does not list its parent's stream still must fence it: denied while the parent is revoked", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const unfenced = { ...child, control_scopes: child.control_scopes.filter((s) => s.scope_id !== "D-PARENT-1") };
    const r = evaluatePermission(input(unfenced, [...heads(unfenced), revokedParent], { chain: childChain() }));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["FENCE_SCOPE_MISSING"]);
  });
  it("with the chain given, every ancestor it names must be fenced", () => {
    const { gc, chain } = grandchild();
    const contract = read<DelegationContract>(gc);
    const noRoot = { ...contract, control_scopes: contract.control_scopes.filter((s) => s.scope_id !== "D-PARENT-1") };
    const hs = heads(noRoot);
    const card = { ...read<AgentCard>(record("card-agent-helper-r1")) };
    const without = evaluatePermission({ ...input(noRoot, [...hs, revokedParent]), card });
    expect(without.denied_by).toStrictEqual(["CHAIN_BROKEN"]); // the parent is fenced; the root is known only from the chain
    const withChain = evaluatePermission({ ...input(noRoot, [...hs, revokedParent]), card, chain: read<DelegationAttestationChain>(chain) });
    expect(withChain.decision).toBe("deny");
    expect(withChain.denied_by).toStrictEqual(["FENCE_SCOPE_MISSING"]);
  });
  // 11.4: a parent revoked and reassigned (r1 to r2) is active again at its head, so a fresh fence
  // of its stream is current; the child descends from r1, whose delegatee issued it, and r1 is no
  // longer in force. "a referenced record is ... revoked ... the effect fails closed" (1.2).
  const parentR2 = { object_id: "D-PARENT-1", revision_id: "r2", content_digest: digest("e") };
  const parentHeldAt = (c: DelegationContract, held: { object_id: string; revision_id: string; content_digest: string }): ControlHead[] =>
    heads(c).map((h) => (h.branch_id === "delegation:D-PARENT-1" ? { ...h, record_ref: held } : h));
  it("the parent's head holding another revision than the one the child descends from: denied (HEAD_RECORD_SUPERSEDED)", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const r = evaluatePermission(input(child, parentHeldAt(child, parentR2), { chain: childChain() }));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED"]);
    const [finding] = r.findings.filter((f) => f.code === "HEAD_RECORD_SUPERSEDED");
    expect(finding?.message).toContain("delegation:D-PARENT-1");
    expect(finding?.expected).toBe("D-PARENT-1@r1");
    expect(finding?.received).toBe("D-PARENT-1@r2");
  });
  it("the parent's head naming the revision the child descends from: allowed", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const parent = record("d-parent-1");
    const r = evaluatePermission(input(child, parentHeldAt(child, { object_id: parent.record_id, revision_id: parent.revision_id, content_digest: parent.content_digest }), { chain: childChain() }));
    expect(r.denied_by).toStrictEqual([]);
  });
  it("a grandchild whose root ancestor's head holds another revision than its chain attests: denied", () => {
    const { gc, chain } = grandchild();
    const contract = read<DelegationContract>(gc);
    const hs = parentHeldAt(contract, parentR2);
    const card = read<AgentCard>(record("card-agent-helper-r1"));
    const r = evaluatePermission({ ...input(contract, hs), card, chain: read<DelegationAttestationChain>(chain) });
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED"]);
  });
  it("a chain whose link above the contract is not its parent_contract_ref is broken", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const chain = clone(record("chain-d-child-ok"));
    chain.links[0].contract_ref.revision_id = "r0";
    const r = evaluatePermission(input(child, heads(child), { chain: read<DelegationAttestationChain>(chain) }));
    // The contract then relies on two revisions of its parent, r0 and r1, of which one is not in force.
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED", "CHAIN_BROKEN"]);
  });
  it("a chain that is not the contract's own is broken", () => {
    const child = read<DelegationContract>(record("d-child-ok"));
    const r = evaluatePermission({ ...input(child, heads(child)), chain: read<DelegationAttestationChain>(record("chain-d-child-bad")) });
    // D-CHILD-BAD's chain also raises the depth from 1 to 3, which the chain's own check says (README note 157).
    expect(r.denied_by).toStrictEqual(["ATTENUATION_DEPTH", "CHAIN_BROKEN"]);
  });
});
