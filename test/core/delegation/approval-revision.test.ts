// Section 6: "Named human authority approves the exact target/payload/effect/expiry"; at T4 "Fresh
// human approval". The contract revision names the authority, so an AuthorityDecision decided before
// that revision was issued approves under an earlier revision or none: it satisfies no gate of it
// (GATE_UNSATISFIED), even inside its own window. After 11.4's reassignment the editor's decision for
// the old agent does not let the new one publish. Reviews are judged against the revision in force
// (independence), not dated against it.
import { describe, expect, it } from "vitest";
import { evaluatePermissionDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const policy_ref = { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"0".repeat(64)}` };
const evaluator_ref = { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" };
const refOf = (x: any) => ({ object_id: x.record_id, revision_id: x.revision_id, content_digest: x.content_digest });

/** D-PUBLISH-1 (issued 2026-10-05T09:00:00Z) publishing at 10:00, the editor's decision and the review decided when given. */
function publish(decided: { editor?: string; review?: string }) {
  const [editor, review] = [record("approval-editor"), record("approval-review")];
  if (decided.editor !== undefined) editor.decided_at = decided.editor;
  if (decided.review !== undefined) review.decided_at = decided.review;
  return { contract: record("d-publish-1"), card: record("card-agent-publisher-r1"), request: record("request-publish"), fences: record("fences-d-publish-1"), heads: record("heads-d-publish-1"), approvals: [editor, review], policy_ref, evaluator_ref };
}

/** D-RELEASE-1-CHILD@r2 (issued 09:40, reassigned from AGENT-HELPER to AGENT-B) publishing at 10:00, its streams' heads naming r2 and AGENT-B's card. */
function reassigned(editorDecided: string) {
  const [contract, card] = [record("d-release-1-child-r2"), record("card-agent-b-r5")];
  const [heads, fences] = [record("heads-d-release-1-child"), record("fences-d-release-1-child")];
  for (const x of [...heads, ...fences]) {
    if (x.branch_id === "agent:AGENT-HELPER") x.branch_id = `agent:${card.agent_card_id}`;
    if (x.branch_id === "delegation:D-RELEASE-1-CHILD") Object.assign(x, { position: 2, event_id: "EV-D-RELEASE-1-CHILD-2" });
  }
  for (const h of heads) {
    if (h.branch_id === `agent:${card.agent_card_id}`) h.record_ref = refOf(card);
    if (h.branch_id === "delegation:D-RELEASE-1-CHILD") h.record_ref = refOf(contract);
  }
  fences.sort((a: any, b: any) => (a.branch_id < b.branch_id ? -1 : a.branch_id > b.branch_id ? 1 : 0));
  const editor = { ...record("approval-editor"), decided_at: editorDecided };
  const request = { ...record("request-release"), executor_actor_ref: contract.delegatee_agent_ref.agent_actor_ref };
  return { contract, card, request, fences, heads, approvals: [editor, record("approval-review")], chain: record("chain-d-release-1-child-r2"), policy_ref, evaluator_ref };
}

describe("an AuthorityDecision against the contract revision it is offered under", () => {
  it("decided after the revision was issued: the gate is satisfied", () => {
    expect(evaluatePermissionDocument(publish({})).decision).toBe("allow");
  });
  it("decided at the instant the revision was issued: satisfied", () => {
    expect(evaluatePermissionDocument(publish({ editor: "2026-10-05T09:00:00.000Z" })).decision).toBe("allow");
  });
  it.each(["2026-10-04T09:00:00Z", "2026-10-05T08:59:59.9999999Z"])("decided at %s, before the revision was issued, inside its own window: denied", (at) => {
    const r = evaluatePermissionDocument(publish({ editor: at }));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["GATE_UNSATISFIED"]);
    const f = r.findings.find((x) => x.code === "GATE_UNSATISFIED");
    expect(f).toMatchObject({ dimension: "gate.publication", expected: "decided_at >= 2026-10-05T09:00:00Z", received: at });
    expect(f?.message).toContain("before D-PUBLISH-1@r1 was issued");
  });
  it("a Review decided before the revision still meets its reviewer requirement", () => {
    expect(evaluatePermissionDocument(publish({ review: "2026-10-04T09:00:00Z" })).decision).toBe("allow");
  });
  it("after a reassignment (11.4), the decision made under r1 does not let r2's new agent publish; one made under r2 does", () => {
    const stale = evaluatePermissionDocument(reassigned("2026-10-05T09:30:00Z"));
    expect(stale.decision).toBe("deny");
    expect(stale.denied_by).toStrictEqual(["GATE_UNSATISFIED"]);
    expect(stale.findings[0]?.message).toContain("before D-RELEASE-1-CHILD@r2 was issued at 2026-10-05T09:40:00Z");
    const fresh = evaluatePermissionDocument(reassigned("2026-10-05T09:45:00Z"));
    expect(fresh.denied_by).toStrictEqual([]);
    expect(fresh.decision).toBe("allow");
  });
});
