/**
 * What a Delegation Contract must be beyond its shape: the autonomy tier's effect classes and
 * gates (section 6), the human-authority gates, monitoring (7.3), sub-delegation and retry policy
 * (5.1, 7.1), the control scopes every effect fences (1.2) and a child's references (8).
 */
import { agentDelegateeFindings } from "./_agent-delegatee.js";
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import { gateReach } from "./_gate-reach.js";
import { isWildcard } from "./_selectors.js";
import { ownIdFindings } from "./_own-id.js";
import { contractOneContentFindings } from "./_revision-digest.js";
import { compareUtc, sameRevision, shownRevision } from "./scalars.js";
import type { ActorRef } from "./scalars.js";
import { AUTONOMY_TIERS, HUMAN_AUTHORITY_GATES, tierOf, tierRank } from "./tiers.js";
import type { HumanGate } from "./tiers.js";
import { ASYNC_MONITORING, RECONCILE_FIRST } from "./vocabulary.js";

/** Section 6, T1: "Automated scope and provenance checks" name these pre-effect checks. */
export const T1_CHECKS: readonly string[] = ["scope", "provenance"];
/** Section 6, T4: "post-effect read-back" names this post-effect check. */
export const T4_READBACK = "readback";

function tierFindings(c: DelegationContract, out: DelegationFinding[]): void {
  const rank = tierRank(c.autonomy_tier);
  const gate = (message: string, path: string): void => {
    out.push(delegationFinding("TIER_GATE", `${c.autonomy_tier} requires ${AUTONOMY_TIERS[c.autonomy_tier].gate.replace(/\.$/, "")}: ${message}`, { path }));
  };
  c.scope.effect_classes.forEach((e, i) => {
    if (tierRank(tierOf(e)) > rank) out.push(delegationFinding("TIER_EFFECT", `effect class ${e} needs at least ${tierOf(e)}; the contract is ${c.autonomy_tier}`, { path: `scope.effect_classes.${i}`, expected: tierOf(e), received: c.autonomy_tier }));
  });
  if (rank >= 1) for (const check of T1_CHECKS) if (!c.gates.pre_effect_checks.includes(check)) gate(`gates.pre_effect_checks lacks ${check}`, "gates.pre_effect_checks");
  if (rank === 2 && c.gates.reviewers.length === 0 && !c.monitoring.modes.some((m) => ASYNC_MONITORING.includes(m))) gate("no reviewer and no asynchronous monitoring mode", "gates.reviewers");
  if (rank >= 3 && c.gates.human_authorities.length === 0) gate("no named human authority", "gates.human_authorities");
  if (rank === 4) {
    if (!c.gates.post_effect_checks.includes(T4_READBACK)) gate(`gates.post_effect_checks lacks ${T4_READBACK}`, "gates.post_effect_checks");
    if (c.gates.reviewers.length === 0) gate("no required reviewer", "gates.reviewers");
    for (const field of ["objects", "tools", "operations"] as const) {
      c.scope[field].forEach((s, i) => {
        if (isWildcard(s)) out.push(delegationFinding("TIER_WILDCARD", `scope.${field}.${i} is the wildcard ${s}; T4_consequential_execute allows no wildcard scope`, { path: `scope.${field}.${i}`, received: s }));
      });
    }
  }
  if (rank > 0 && c.monitoring.modes.includes("none_permitted_for_T0")) {
    out.push(delegationFinding("MONITORING_NONE", `monitoring none_permitted_for_T0 on a ${c.autonomy_tier} contract`, { path: "monitoring.modes" }));
  }
}

function gateFindings(c: DelegationContract, out: DelegationFinding[]): void {
  const configured = new Set(c.gates.human_authorities.map((g) => g.gate));
  const need = (gate: string, path: string, what: string): void => {
    if (!configured.has(gate as never)) out.push(delegationFinding("HUMAN_GATE_MISSING", `${what} is a human-authority gate (${gate}); gates.human_authorities names no authority for it`, { path, expected: gate }));
  };
  // An operation selector reaches a gate as permission evaluation would allow a request of it
  // (`*`, `issue_*`, `Pub*`): the gate then applies (GATE_UNSATISFIED there), so the contract names
  // its authority. A gated operation or effect class a denial refuses whatever else a request names
  // is reached by no request, as evaluation refuses it (SCOPE_DENIED): `*` denying `publish` needs
  // no publication authority. Once a gate, at the first entry reaching it: a scope of thousands of
  // `*` entries is one finding a gate, not one an entry.
  const reach = gateReach(c.scope.denials);
  const reported = new Set<HumanGate>();
  c.scope.operations.forEach((op, i) => {
    for (const g of reach.byOperation(op)) {
      if (reported.has(g)) continue;
      reported.add(g);
      const what = isWildcard(op) ? `operation selector ${op} covers ${HUMAN_AUTHORITY_GATES[g].operations.join(", ")}, which` : `operation ${op}`;
      need(g, `scope.operations.${i}`, what);
    }
  });
  c.scope.effect_classes.forEach((e, i) => {
    for (const g of reach.byEffectClass(e)) need(g, `scope.effect_classes.${i}`, `effect class ${e}`);
  });
}

function scopeFindings(c: DelegationContract, out: DelegationFinding[]): void {
  const scopes = c.control_scopes;
  const bad = (message: string, path = "control_scopes"): void => {
    out.push(delegationFinding("CONTROL_SCOPES", message, { path }));
  };
  const has = (kind: string, id?: string): boolean => scopes.some((s) => s.scope_kind === kind && (id === undefined || s.scope_id === id));
  if (!has("space")) bad("control_scopes names no space scope: every effect fences its Space policy (section 1.2)");
  if (!has("agent", c.delegatee_agent_ref.agent_card_ref.object_id)) bad(`control_scopes lacks agent:${c.delegatee_agent_ref.agent_card_ref.object_id}, the executing Agent Card's stream`);
  if (!has("delegation", c.delegation_id)) bad(`control_scopes lacks delegation:${c.delegation_id}, the contract's own stream`);
  if (c.parent_contract_ref !== null && !has("delegation", c.parent_contract_ref.object_id)) {
    out.push(delegationFinding("ANCESTOR_FENCES", `control_scopes lacks delegation:${c.parent_contract_ref.object_id}, the parent's stream: every child effect fences every ancestor delegation stream (section 8), at least its immediate parent's`, { path: "control_scopes", expected: `delegation:${c.parent_contract_ref.object_id}` }));
  }
  for (const consent of c.gates.consent) if (!has("consent", consent.consent_ref.object_id)) bad(`control_scopes lacks consent:${consent.consent_ref.object_id}, a consent the contract relies on`);
  const spaces = new Set(scopes.map((s) => s.space_id));
  if (spaces.size > 1) bad(`control_scopes span ${spaces.size} Spaces (${[...spaces].join(", ")}); one contract is governed in one Space`);
  const seen = new Set<string>();
  scopes.forEach((s, i) => {
    const key = `${s.space_id} ${s.scope_kind} ${s.scope_id}`;
    if (s.scope_kind === "attempt") bad(`control_scopes.${i} is an attempt audit scope; attempt branches are never fenced`, `control_scopes.${i}`);
    if (seen.has(key)) bad(`control_scopes.${i} repeats ${s.scope_kind}:${s.scope_id}`, `control_scopes.${i}`);
    seen.add(key);
  });
}

/**
 * "RecordId: Stable opaque identifier; never reused" (2): no record the contract names carries the
 * contract's own id. A consent, parent, chain, card, Actor or input under it would be one id naming
 * two records, and a check keyed by id could take one for the other (a parent of the same id makes
 * the child's own stream its parent's). Its prior revision is the one reference that names it.
 */
function idReuseFindings(c: DelegationContract, out: DelegationFinding[]): void {
  const own = new Set([c.record_id, c.delegation_id]);
  const named: [string, string, { readonly object_id: string } | null][] = [
    ["issued_by_actor_ref", "issuing Actor", c.issued_by_actor_ref],
    ["delegator_actor_ref", "delegator Actor", c.delegator_actor_ref],
    ["delegatee_agent_ref.agent_card_ref", "Agent Card", c.delegatee_agent_ref.agent_card_ref],
    ["delegatee_agent_ref.agent_actor_ref", "agent Actor", c.delegatee_agent_ref.agent_actor_ref],
    ["accountable_operator_ref.agent_operator_ref", "AgentOperator", c.accountable_operator_ref.agent_operator_ref],
    ["parent_contract_ref", "parent contract", c.parent_contract_ref],
    ["attestation_chain_ref", "attestation chain", c.attestation_chain_ref],
    ...c.inputs.map((ref, i): [string, string, typeof ref] => [`inputs.${i}`, "input", ref]),
    ...c.gates.consent.map((k, i): [string, string, typeof k.consent_ref] => [`gates.consent.${i}.consent_ref`, "consent", k.consent_ref]),
  ];
  for (const [path, what, ref] of named) {
    if (ref === null || !own.has(ref.object_id)) continue;
    out.push(delegationFinding("ID_REUSED", `${path}: the ${what} is named ${ref.object_id}, the contract's own id; a RecordId is never reused (section 2), so one id would name two records and either could stand for the other`, { path, expected: `an id other than ${ref.object_id}`, received: ref.object_id }));
  }
}

/** How the issuer differs from the delegator, in words that show it where both name one revision (its digest or actor_type). */
function issuerDifference(issuer: ActorRef, delegator: ActorRef): string {
  const named = shownRevision(issuer);
  if (named !== shownRevision(delegator)) return `${named} is not the delegator ${shownRevision(delegator)}`;
  if (issuer.content_digest !== delegator.content_digest) return `${named} under ${issuer.content_digest} is not the delegator, that revision under ${delegator.content_digest}`;
  return `${named} as ${issuer.actor_type} is not the delegator, that revision as ${delegator.actor_type}`;
}

export function contractFindings(c: DelegationContract): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  idReuseFindings(c, out);
  ownIdFindings("delegation_id", c.delegation_id, c.record_id, "delegation", out);
  // Section 3's `issued_by_actor_ref` ("Persistent authenticated issuer") and 5.1's
  // `delegator_actor_ref` ("Authenticated issuing Actor") name one Actor at one moment: the
  // revision that issued the contract. Another Actor, or another revision of the same Actor, is
  // not the delegator issuing it, and every check that trusts the delegator would trust a stranger.
  if (!sameRevision(c.issued_by_actor_ref, c.delegator_actor_ref) || c.issued_by_actor_ref.actor_type !== c.delegator_actor_ref.actor_type) {
    out.push(delegationFinding("CONTRACT_ISSUER", `issued_by_actor_ref ${issuerDifference(c.issued_by_actor_ref, c.delegator_actor_ref)}; a contract is issued by its delegator, the exact Actor revision (sections 3, 5.1)`, { path: "issued_by_actor_ref", expected: shownRevision(c.delegator_actor_ref), received: shownRevision(c.issued_by_actor_ref) }));
  }
  contractOneContentFindings(c, out);
  if (!(compareUtc(c.expires_at, c.issued_at) > 0)) out.push(delegationFinding("TIME_ORDER", "expires_at is not after issued_at", { path: "expires_at" }));
  agentDelegateeFindings(c, out);
  tierFindings(c, out);
  gateFindings(c, out);
  const sub = c.subdelegation_policy;
  if (!sub.allowed && sub.max_remaining_depth !== 0) out.push(delegationFinding("SUBDELEGATION_POLICY", `sub-delegation is denied, yet max_remaining_depth is ${sub.max_remaining_depth}; it is 0 when denied`, { path: "subdelegation_policy.max_remaining_depth" }));
  if (sub.allowed && sub.max_remaining_depth === 0) out.push(delegationFinding("SUBDELEGATION_POLICY", "sub-delegation is allowed with max_remaining_depth 0, which allows none", { path: "subdelegation_policy.allowed" }));
  const unreconciled = c.retry_policy.retryable_outcomes.filter((o) => RECONCILE_FIRST.includes(o));
  if (unreconciled.length > 0 && !c.retry_policy.reconcile_before_retry) {
    out.push(delegationFinding("RETRY_RECONCILE", `${unreconciled.join(" and ")} are retryable without reconcile_before_retry; retries of unknown or partially_applied attempts require reconciliation (section 7.1)`, { path: "retry_policy.reconcile_before_retry" }));
  }
  // A contract "authorizes one bounded objective" (1), "One verifiable outcome" (5.1): once an
  // attempt succeeded the objective is met, and running it again is a new effect needing its own
  // authority, not a retry. The spec's retryable outcomes are failures ("retryable failure", 1.1).
  const succeeded = c.retry_policy.retryable_outcomes.indexOf("succeeded");
  if (succeeded >= 0) {
    out.push(delegationFinding("RETRY_SUCCEEDED", "retry_policy.retryable_outcomes names succeeded: a succeeded attempt met the contract's one bounded objective, and running it again is a new effect needing its own authority, not a retry (sections 1, 5.1, 1.1: \"retryable failure\")", { path: `retry_policy.retryable_outcomes.${succeeded}`, expected: "failed, unknown, partially_applied, cancelled or expired", received: "succeeded" }));
  }
  if ((c.parent_contract_ref === null) !== (c.attestation_chain_ref === null)) {
    const [given, missing] = c.parent_contract_ref === null ? ["attestation_chain_ref", "parent_contract_ref"] : ["parent_contract_ref", "attestation_chain_ref"];
    out.push(delegationFinding("CHILD_REFS", `${given} is given and ${missing} is null: a child contract carries both, a root contract neither`, { path: missing }));
  }
  scopeFindings(c, out);
  return out;
}

/** A contract authorizes consequential effects: tier T3 or T4, a consequential effect class, or spending. */
export function isConsequentialContract(c: DelegationContract): boolean {
  return tierRank(c.autonomy_tier) >= 3 || c.scope.effect_classes.some((e) => tierRank(tierOf(e)) >= 3) || (c.limits.spend !== undefined && !/^0+(?:\.0+)?$/.test(c.limits.spend.amount));
}
