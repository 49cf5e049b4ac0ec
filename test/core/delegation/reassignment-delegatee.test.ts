// A reassignment's next revision binds a persistent agent Actor (sections 1, 5.1, 8; 11.4 assigns
// "AGENT-B@card-r5"). The document check refuses a human delegatee when it validates the record;
// the typed checkReassignment, which validates nothing, refuses it by the same rule (one helper,
// `_agent-delegatee.ts`), on the `delegate` dimension, as the typed checkSubdelegation does a child's.
import { describe, expect, it } from "vitest";
import { checkReassignment, checkReassignmentDocument, checkSubdelegation } from "../../../core/delegation/index.js";
import type { DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const human = (c: DelegationContract): DelegationContract => ({ ...c, delegatee_agent_ref: { ...c.delegatee_agent_ref, agent_actor_ref: { ...c.delegatee_agent_ref.agent_actor_ref, actor_type: "human" } } });
const binding = (findings: readonly { code: string; path?: string; expected?: string; received?: string; dimension?: string }[]) => findings.filter((f) => f.code === "DELEGATE_BINDING").map((f) => [f.path, f.expected, f.received, f.dimension]);

describe("a reassignment to a delegatee that is not an agent Actor", () => {
  const r1 = read<DelegationContract>(record("d-research-2-r1"));
  const r2 = read<DelegationContract>(record("d-research-2-r2"));

  it("passes 11.4's r1 to r2, AGENT-B's agent Actor", () => {
    expect(checkReassignment(r1, r2).ok).toBe(true);
  });

  it("is denied on delegate by the typed check, as the document check refuses it", () => {
    const typed = checkReassignment(r1, human(r2));
    expect(typed.decision).toBe("deny");
    expect(typed.failed).toStrictEqual(["delegate"]);
    expect(binding(typed.findings)).toStrictEqual([["delegatee_agent_ref.agent_actor_ref.actor_type", "agent", "human", "delegate"]]);
    const document = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: human(record("d-research-2-r2")) });
    expect(document.decision).toBe("deny");
    // The same finding, read at validation, where a refused record has no dimension.
    expect(binding(document.findings).map((f) => f.slice(0, 3))).toStrictEqual([["next.delegatee_agent_ref.agent_actor_ref.actor_type", "agent", "human"]]);
  });

  it("judges the next revision's delegatee, not the prior's", () => {
    expect(binding(checkReassignment(human(r1), r2).findings)).toStrictEqual([]);
  });

  it("is the rule a child's typed check applies", () => {
    const parent = read<DelegationContract>(record("d-parent-1"));
    const child = read<DelegationContract>(record("d-child-ok"));
    const report = checkSubdelegation(parent, human(child), record("chain-d-child-ok"));
    expect(binding(report.findings)).toStrictEqual([["delegatee_agent_ref.agent_actor_ref.actor_type", "agent", "human", "delegate"]]);
  });
});
