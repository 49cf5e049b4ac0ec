// Section 1.2: a consent relied on is compared with the head of its own stream, `consent:<id>`,
// whatever its id. The contract's own delegation stream is CONTRACT_SUPERSEDED's, and only that
// stream is left out of HEAD_RECORD_SUPERSEDED: a consent whose id equals the delegation's is another
// record on another stream (1.2: a branch is `<scope_kind>:<scope_id>`), and a superseded one fails
// closed as any consent does. The API is called directly: a document naming such a consent is
// refused before evaluation (ID_REUSED).
import { describe, expect, it } from "vitest";
import { evaluatePermission } from "../../../core/delegation/index.js";
import type { AgentCard, ControlFenceSet, ControlHead, DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const policy_ref = { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"0".repeat(64)}` } as const;
const evaluator_ref = { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" } as const;

/** D-RESEARCH-1 (11.2) reading a source, its consent renamed `consentId`; the consent head holds another revision when `superseded`. */
function research(consentId: string, superseded: boolean) {
  const contract = structuredClone(read<DelegationContract>(record("d-research-1"))) as any;
  const fences = record("fences-d-research-1");
  const heads = record("heads-d-research-1");
  contract.gates.consent[0].consent_ref.object_id = consentId;
  for (const s of contract.control_scopes) if (s.scope_kind === "consent") s.scope_id = consentId;
  for (const x of [...fences, ...heads]) if (x.branch_id === "consent:CONSENT-7") x.branch_id = `consent:${consentId}`;
  fences.sort((a: any, b: any) => (a.branch_id < b.branch_id ? -1 : a.branch_id > b.branch_id ? 1 : 0));
  for (const h of heads) if (h.branch_id === `consent:${consentId}`) h.record_ref = superseded ? { object_id: consentId, revision_id: "c-r9", content_digest: `sha256:${"9".repeat(64)}` } : contract.gates.consent[0].consent_ref;
  const request = { ...record("request-read-src-1"), executor_actor_ref: contract.delegatee_agent_ref.agent_actor_ref, object: "catalog:SRC-50", tool: "search", at: "2026-10-02T09:45:00Z", data_classes: ["public"], usage: { tool_calls: 3, items: { Source: 0, Finding: 0 } } };
  return evaluatePermission({ contract: contract as DelegationContract, card: read<AgentCard>(record("card-agent-researcher-r2")), request, fences: fences as ControlFenceSet, heads: heads as ControlHead[], policy_ref, evaluator_ref });
}

describe("a consent's head is compared whatever the consent's id", () => {
  it.each(["CONSENT-7", "D-RESEARCH-1"])("consent %s in force at its head: allowed", (id) => {
    const r = research(id, false);
    expect(r.denied_by).toStrictEqual([]);
    expect(r.decision).toBe("allow");
  });
  it.each(["CONSENT-7", "D-RESEARCH-1"])("consent %s superseded at its head: denied (HEAD_RECORD_SUPERSEDED)", (id) => {
    const r = research(id, true);
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED"]);
    expect(r.findings.find((f) => f.code === "HEAD_RECORD_SUPERSEDED")).toMatchObject({ expected: `${id}@c-r1`, received: `${id}@c-r9` });
  });
});
