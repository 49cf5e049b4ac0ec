/**
 * `checkSubdelegation(parent, child, chain)` (section 8): whether a proposed child contract may
 * become active under its parent. Every dimension is checked and a denied result lists every one
 * that failed: the exact parent and root task, depth, the child's own sub-delegation policy,
 * attenuation, inheritance, the bound delegate, the attestation chain root to leaf, routing back to
 * parent and root, and the ancestor fences.
 */
import { agentDelegateeFindings } from "./_agent-delegatee.js";
import { _chainFindings } from "./_chain.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { appendFindings } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { dimensionFinding, failedDimensions } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";
import { attenuationFindings } from "./_attenuation.js";
import { contractStandingFindings } from "./_contract-standing.js";
import { inheritanceFindings } from "./_inheritance.js";
import { sameRevision } from "./scalars.js";
import { oneContentFindings, twoContractsNamedRevisions } from "./_revision-digest.js";
import { siblingBudgetFindings } from "./_shared-budget.js";
import { assertRecord, assertRecordList } from "./_records-given.js";

export interface SubdelegationReport {
  readonly ok: boolean;
  readonly decision: "allow" | "deny";
  /** Every failed dimension, once, in the order of SUBDELEGATION_DIMENSIONS. */
  readonly failed: readonly Dimension[];
  readonly findings: readonly DelegationFinding[];
}

/**
 * The child's agent and operator are among the parent's `eligible_delegates` (5.1: "eligible
 * delegate constraints"; 8: "No delegatee may grant authority it did not receive"). An absent list
 * is no constraint. Shared by a child under its parent and a child's reassignment (11.4).
 */
export function eligibleDelegateFindings(parent: DelegationContract, child: DelegationContract, out: DelegationFinding[]): void {
  const eligible = parent.subdelegation_policy.eligible_delegates;
  const actor = child.delegatee_agent_ref.agent_actor_ref.object_id;
  const operator = child.accountable_operator_ref.operator_principal_ref;
  if (eligible.actor_ids !== undefined && !eligible.actor_ids.includes(actor)) out.push(dimensionFinding("delegate", `the delegatee ${actor} is not among the parent's eligible delegates (${eligible.actor_ids.join(", ")})`, { path: "delegatee_agent_ref.agent_actor_ref", received: actor }));
  if (eligible.operator_principal_refs !== undefined && !eligible.operator_principal_refs.includes(operator)) out.push(dimensionFinding("delegate", `the operator ${operator} is not among the parent's eligible operators`, { path: "accountable_operator_ref.operator_principal_ref", received: operator }));
}

function parentFindings(parent: DelegationContract, child: DelegationContract, out: DelegationFinding[]): void {
  const policy = parent.subdelegation_policy;
  // A parent that does not assert active authorizes nothing (CONTRACT_INACTIVE at evaluation), so
  // it has nothing to grant: "No delegatee may grant authority it did not receive".
  if (parent.lifecycle_assertion !== "active") out.push(dimensionFinding("parent", `the parent ${parent.delegation_id}@${parent.revision_id} asserts ${parent.lifecycle_assertion}: it authorizes nothing, so it grants nothing`, { path: "parent.lifecycle_assertion", expected: "active", received: parent.lifecycle_assertion }, "CONTRACT_INACTIVE"));
  if (!policy.allowed) out.push(dimensionFinding("allowed", `${parent.delegation_id} does not allow sub-delegation; it is denied unless explicitly allowed`, { path: "subdelegation_policy.allowed" }));
  const want = contractRef(parent);
  if (!sameRevision(child.parent_contract_ref, want)) {
    const got = child.parent_contract_ref === null ? "nothing" : `${child.parent_contract_ref.object_id}@${child.parent_contract_ref.revision_id}`;
    out.push(dimensionFinding("parent", `parent_contract_ref names ${got}; the exact parent revision is ${want.object_id}@${want.revision_id} (${want.content_digest})`, { path: "parent_contract_ref", expected: `${want.object_id}@${want.revision_id}`, received: got }));
  }
  if (child.root_task_ref !== parent.root_task_ref) out.push(dimensionFinding("parent", `root_task_ref ${child.root_task_ref} is not the parent's root task ${parent.root_task_ref}`, { path: "root_task_ref", expected: parent.root_task_ref, received: child.root_task_ref }));
  const [p, c] = [policy.max_remaining_depth, child.subdelegation_policy.max_remaining_depth];
  if (c > p - 1) out.push(dimensionFinding("depth", `subdelegation_policy.max_remaining_depth: ${c}; the parent has ${p} remaining, so a child has at most ${Math.max(p - 1, 0)}${p === 0 ? " (and none may exist)" : ""}`, { path: "subdelegation_policy.max_remaining_depth", expected: `<= ${p - 1}`, received: String(c) }));
  eligibleDelegateFindings(parent, child, out);
  agentDelegateeFindings(child, out, "delegate");
  if (child.delegator_actor_ref.object_id !== parent.delegatee_agent_ref.agent_actor_ref.object_id) {
    out.push(dimensionFinding("parent", `the child is issued by ${child.delegator_actor_ref.object_id}, not by the parent's delegatee ${parent.delegatee_agent_ref.agent_actor_ref.object_id}: no delegatee may grant authority it did not receive`, { path: "delegator_actor_ref", expected: parent.delegatee_agent_ref.agent_actor_ref.object_id, received: child.delegator_actor_ref.object_id }));
  }
  // Every revision the parent names, then the child's: one revision, one content (notes 183, 185, 189).
  oneContentFindings(twoContractsNamedRevisions(parent, "parent.", child), "parent", out);
  routingFindings(parent.delegation_id, parent.root_task_ref, child, out);
}

/**
 * A child routes its "outputs, attempts, checkpoints, and effects back to both the immediate parent
 * and root task" (8): `report_to` names both. Shared by a child under its parent and a child
 * delegation's next revision (11.4), which is a child contract still.
 */
export function routingFindings(parentDelegationId: string, rootTask: string, child: DelegationContract, out: DelegationFinding[]): void {
  for (const id of [parentDelegationId, rootTask]) {
    if (!child.report_to.includes(id)) out.push(dimensionFinding("routing", `report_to lacks ${id}: outputs, attempts, checkpoints and effects go back to both the immediate parent and the root task`, { path: "report_to", expected: id }));
  }
}

/** The words of `policyFindings`' findings: a child under its parent, or a revision after its prior. */
const POLICY_WORDS = {
  child: { wide: "parent", narrow: "child", weaker: "the child would allow grandchildren on a weaker chain than it received", narrowOnly: "a child may only narrow them" },
  revision: { wide: "prior revision", narrow: "next revision", weaker: "the next revision would allow sub-delegation on a weaker chain than the prior required", narrowOnly: "a new revision may only narrow them" },
} as const;

/**
 * The narrow contract's own sub-delegation policy grants no more than the wide one's ("No delegatee
 * may grant authority it did not receive"): when the narrow contract allows sub-delegation, every
 * chain attestation the wide one requires is required by it, and each eligible-delegate list the
 * wide one constrains is constrained by it to a subset of it (an absent list is no constraint). A
 * contract that denies sub-delegation grants nothing, so its lists are not compared. Depth is the
 * `depth` dimension. The wide contract is a child's parent (section 8) or a reassignment's prior
 * revision (11.4, `checkReassignment`).
 */
export function policyFindings(wide: DelegationContract, narrow: DelegationContract, out: DelegationFinding[], role: keyof typeof POLICY_WORDS = "child"): void {
  const [p, c] = [wide.subdelegation_policy, narrow.subdelegation_policy];
  const w = POLICY_WORDS[role];
  if (!c.allowed) return;
  const required = new Set(c.required_attestations);
  for (const kind of p.required_attestations) {
    if (!required.has(kind)) out.push(dimensionFinding("subdelegation", `subdelegation_policy.required_attestations lacks ${kind}, which the ${w.wide} requires of every link: ${w.weaker}`, { path: "subdelegation_policy.required_attestations", expected: kind, received: c.required_attestations.join(" ") }));
  }
  for (const field of ["actor_ids", "operator_principal_refs"] as const) {
    const [pl, cl] = [p.eligible_delegates[field], c.eligible_delegates[field]];
    if (pl === undefined) continue;
    const path = `subdelegation_policy.eligible_delegates.${field}`;
    if (cl === undefined) {
      out.push(dimensionFinding("subdelegation", `${path}: the ${w.wide} limits eligible delegates to ${pl.join(", ") || "none"}; the ${w.narrow} sets no limit`, { path, expected: pl.join(" ") }));
      continue;
    }
    const eligible = new Set(pl);
    cl.forEach((id, i) => {
      if (!eligible.has(id)) out.push(dimensionFinding("subdelegation", `${path}.${i}: ${id} is not among the ${w.wide}'s eligible delegates (${pl.join(", ") || "none"}); ${w.narrowOnly}`, { path: `${path}.${i}`, expected: pl.join(" "), received: id }));
    });
  }
}

/** The `ancestor_fences` dimension: the child fences every ancestor the chain and the parent name. */
export function ancestorFenceFindings(parent: DelegationContract, child: DelegationContract, chain: DelegationAttestationChain, out: DelegationFinding[]): void {
  const fenced = new Set(child.control_scopes.map((s) => `${s.scope_kind} ${s.scope_id}`));
  const fencedInSpace = new Set(child.control_scopes.map((s) => `${s.scope_kind} ${s.scope_id} ${s.space_id}`));
  const has = (kind: string, id: string, space?: string): boolean => (space === undefined ? fenced : fencedInSpace).has(space === undefined ? `${kind} ${id}` : `${kind} ${id} ${space}`);
  // Every ancestor: each link above the child, the parent, the parent's own parent, and every
  // delegation stream the parent itself fences (its ancestors), whatever the chain says.
  const ancestors = new Set([...chain.links.slice(0, -1).map((l) => l.contract_ref.object_id), parent.delegation_id]);
  if (parent.parent_contract_ref !== null) ancestors.add(parent.parent_contract_ref.object_id);
  for (const s of parent.control_scopes) if (s.scope_kind === "delegation") ancestors.add(s.scope_id);
  ancestors.delete(child.delegation_id);
  for (const id of ancestors) {
    if (!has("delegation", id)) out.push(dimensionFinding("ancestor_fences", `control_scopes lacks delegation:${id}: every child effect fences every ancestor delegation stream`, { path: "control_scopes", expected: `delegation:${id}` }));
  }
  for (const s of parent.control_scopes) {
    if ((s.scope_kind === "space" || s.scope_kind === "policy" || s.scope_kind === "consent") && !has(s.scope_kind, s.scope_id, s.space_id)) {
      out.push(dimensionFinding("ancestor_fences", `control_scopes lacks the parent's ${s.scope_kind}:${s.scope_id}`, { path: "control_scopes", expected: `${s.scope_kind}:${s.scope_id}` }));
    }
  }
}

/**
 * `siblings` are the parent's other live children: the child's additive budgets are checked
 * against what they leave of the parent's. Without them the child is compared with the parent alone.
 */
export function checkSubdelegation(parent: DelegationContract, child: DelegationContract, chain: DelegationAttestationChain, siblings: readonly DelegationContract[] = []): SubdelegationReport {
  assertRecord("checkSubdelegation", "the parent is a DelegationContract record", parent);
  assertRecord("checkSubdelegation", "the child is a DelegationContract record", child);
  assertRecord("checkSubdelegation", "the chain is a DelegationAttestationChain record", chain);
  assertRecordList("checkSubdelegation", "siblings", "a DelegationContract record", siblings);
  const findings: DelegationFinding[] = [];
  parentFindings(parent, child, findings);
  contractStandingFindings(child, "child", findings);
  policyFindings(parent, child, findings);
  appendFindings(findings, attenuationFindings(parent, child));
  siblingBudgetFindings(parent, child, siblings, findings);
  appendFindings(findings, inheritanceFindings(parent, child));
  appendFindings(findings, _chainFindings(parent, child, chain));
  ancestorFenceFindings(parent, child, chain, findings);
  const failed = failedDimensions(findings);
  const ok = failed.length === 0;
  return { ok, decision: ok ? "allow" : "deny", failed, findings };
}
