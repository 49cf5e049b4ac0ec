/**
 * Gate satisfaction at evaluation (section 6): a human-authority gate is satisfied only by an
 * RW-002 AuthorityDecision of the named human authority, approving the exact effect, in its
 * window; a review only by an RW-002 Review that meets the reviewer requirement. An adapter's
 * evidence, an agent, the evaluator, or a same-principal note satisfies nothing.
 */
import type { Approval, MatchedRule, PermissionRequest } from "./permission.js";
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import { decidedUnderRevision, judgeNeeds } from "./_approval-pools.js";
import type { GateContext, GateNeed } from "./_approval-pools.js";
import { assignDistinct } from "./_distinct-assignment.js";
import type { Runs } from "./_distinct-assignment.js";
import { compareUtc } from "./scalars.js";
import type { ActorRef } from "./scalars.js";
import { GATE_SOURCES, humanGatesFor, isConsequential } from "./tiers.js";

/** Why an approval does not satisfy a need, or null when it does. */
function problem(a: Approval, need: GateNeed, ctx: GateContext): DelegationFinding | null {
  const path = `approvals (${a.ref.object_id})`;
  if (!(GATE_SOURCES as readonly string[]).includes(a.source)) {
    return delegationFinding("GATE_ADAPTER", `${need.rule}: ${a.source} is adapter or agent evidence; only an RW-002 AuthorityDecision or Review satisfies a gate, regardless of adapter features`, { path, dimension: need.rule, received: a.source });
  }
  // The evidence is of the gate's own kind (1.1): a reviewer requirement resolves to an RW-002
  // Review, a human gate to an AuthorityDecision ("When a human gate applies, a separate exact
  // AuthorityDecision is mandatory"). One record never stands for the other, so a single decision
  // cannot satisfy both T4's human approval and its required review.
  if (a.source !== need.source) {
    const what = need.source === "review" ? "the required RW-002 Review" : "the mandatory RW-002 AuthorityDecision";
    return delegationFinding(need.source === "review" ? "GATE_REVIEW_MISSING" : "GATE_UNSATISFIED", `${need.rule}: ${a.ref.object_id} is ${a.source === "review" ? "a Review" : "an AuthorityDecision"}, not ${what}`, { path, dimension: need.rule, expected: need.source, received: a.source });
  }
  if (need.source === "authority_decision" && a.decided_by.actor_type !== "human") {
    return delegationFinding("GATE_ADAPTER", `${need.rule}: decided by an Actor of type ${a.decided_by.actor_type}; only a named human authority decides`, { path, dimension: need.rule, received: a.decided_by.actor_type });
  }
  if (ctx.excluded.some((x) => x.object_id === a.decided_by.object_id)) {
    return delegationFinding("GATE_SAME_PRINCIPAL", `${need.rule}: decided by ${a.decided_by.object_id}, the delegatee, executor or evaluator itself`, { path, dimension: need.rule, received: a.decided_by.object_id });
  }
  if (need.independent && a.principal_ref === ctx.operator) {
    return delegationFinding("GATE_SAME_PRINCIPAL", `${need.rule}: decided by ${a.principal_ref}, the delegatee's own operator; the gate requires another principal`, { path, dimension: need.rule, received: a.principal_ref });
  }
  if (need.principals.length > 0 && !need.principals.includes(a.principal_ref)) {
    return delegationFinding("GATE_UNSATISFIED", `${need.rule}: ${a.principal_ref} is not the named authority (${need.principals.join(", ")})`, { path, dimension: need.rule, expected: need.principals.join(" "), received: a.principal_ref });
  }
  if (a.effect_digest !== ctx.request.effect_digest) return delegationFinding("GATE_UNSATISFIED", `${need.rule}: the approval is for effect ${a.effect_digest}, not ${ctx.request.effect_digest}`, { path, dimension: need.rule, expected: ctx.request.effect_digest, received: a.effect_digest });
  if (a.decision !== "approved") return delegationFinding("GATE_UNSATISFIED", `${need.rule}: the decision is ${a.decision}`, { path, dimension: need.rule });
  const at = ctx.request.at;
  if (!(compareUtc(a.decided_at, at) <= 0 && compareUtc(at, a.expires_at) < 0)) return delegationFinding("GATE_UNSATISFIED", `${need.rule}: the approval holds from ${a.decided_at} until ${a.expires_at}, not at ${ctx.request.at}`, { path, dimension: need.rule });
  if (!decidedUnderRevision(a, ctx)) return delegationFinding("GATE_UNSATISFIED", `${need.rule}: ${a.ref.object_id} was decided at ${a.decided_at}, before ${ctx.revision} was issued at ${ctx.issuedAt}: a human authority approves under the revision that names it, so an older decision is not its fresh approval (section 6)`, { path, dimension: need.rule, expected: `decided_at >= ${ctx.issuedAt}`, received: a.decided_at });
  return null;
}

/** A rejection by the same principal decided at or after the approval withdraws it. */
function withdrawn(a: Approval, need: GateNeed, rejectedAt: string | undefined): DelegationFinding | null {
  if (rejectedAt === undefined || !(compareUtc(rejectedAt, a.decided_at) >= 0)) return null;
  return delegationFinding("GATE_UNSATISFIED", `${need.rule}: ${a.principal_ref} approved at ${a.decided_at} and rejected the same effect at ${rejectedAt}; the later decision stands, so ${a.ref.object_id} is withdrawn`, { path: `approvals (${a.ref.object_id})`, dimension: need.rule, expected: "approved, not rejected since", received: `rejected at ${rejectedAt}` });
}

/** The first few records of `runs`, merged, for a message: a list of thousands helps nobody. */
function shownRecords(runs: Runs, approvals: readonly Approval[], recordOf: readonly number[], limit = 3): string {
  const ids: string[] = [];
  const seen = new Set<number>();
  const positions = runs.map(() => 0);
  for (;;) {
    let best: number | undefined;
    let from = -1;
    runs.forEach((r, k) => {
      const a = r[positions[k] as number];
      if (a !== undefined && (best === undefined || a < best)) [best, from] = [a, k];
    });
    if (best === undefined) return ids.join(", ");
    positions[from] = (positions[from] as number) + 1;
    const record = recordOf[best] as number;
    if (seen.has(record)) continue;
    if (ids.length === limit) return `${ids.join(", ")}, and more`;
    seen.add(record);
    ids.push((approvals[record] as Approval).ref.object_id);
  }
}

/** The gates a request needs, and whether the approvals offered satisfy each. */
export function gateFindings(contract: DelegationContract, request: PermissionRequest, approvals: readonly Approval[], excluded: readonly ActorRef[], matched: MatchedRule[]): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const needs: GateNeed[] = [];
  const t4 = contract.autonomy_tier === "T4_consequential_execute" && isConsequential(request.effect_class);
  // Several authorities named for one gate are all required, each its own approval (the safe
  // reading: an added entry can only add a decision, never let another principal stand in).
  const distinct = (refs: readonly string[]): string[] => [...new Set(refs)];
  for (const gate of humanGatesFor(request.operation, request.effect_class)) {
    const principals = distinct(contract.gates.human_authorities.filter((g) => g.gate === gate).map((g) => g.authority_ref));
    if (principals.length === 0) out.push(delegationFinding("GATE_UNSATISFIED", `gate.${gate}: ${request.operation} (${request.effect_class}) is a human-authority gate and the contract names no authority for it`, { dimension: `gate.${gate}`, expected: gate }));
    for (const p of principals) needs.push({ rule: `gate.${gate}`, source: "authority_decision", gate, principals: [p], independent: false });
  }
  if (t4 && needs.length === 0) {
    for (const p of distinct(contract.gates.human_authorities.map((g) => g.authority_ref))) needs.push({ rule: "gate.human_approval", source: "authority_decision", gate: null, principals: [p], independent: false });
  }
  if (t4) for (const r of contract.gates.reviewers) needs.push({ rule: `gate.review.${r.role}`, source: "review", gate: null, principals: r.principal_refs, role: r.role, independent: r.independence === "independent" });
  const ctx: GateContext = { request, operator: contract.accountable_operator_ref.operator_principal_ref, excluded, revision: `${contract.delegation_id}@${contract.revision_id}`, issuedAt: contract.issued_at };
  const { judged, recordOf } = judgeNeeds(needs, approvals, ctx);
  // Each reviewer requirement is its own review (README): a Review meeting two requirements (one
  // naming no role, or two requirements of one role) counts for one of them only. Likewise each
  // human gate that applies is its own AuthorityDecision ("a separate exact AuthorityDecision", 1.1):
  // a decision naming no gate, by a principal named for two gates, counts for one of them only.
  const chosen = new Map<(typeof judged)[number], number | null>();
  for (const source of ["review", "authority_decision"] as const) {
    const of = judged.filter((j) => j.need.source === source);
    const given = assignDistinct(of.map((j) => j.accepted), recordOf);
    of.forEach((j, i) => chosen.set(j, given[i] ?? null));
  }
  for (const j of judged) {
    const { need, accepted } = j;
    // The approval shown for a need: the one the matching gave it.
    const pick = chosen.get(j);
    if (pick != null) {
      const a = approvals[pick] as Approval;
      matched.push({ rule: need.rule, matched: `${a.ref.object_id}@${a.ref.revision_id} by ${a.principal_ref}` });
      continue;
    }
    // Approvals met the need, and the matching counted every one of them for another need.
    if (accepted.some((run) => run.length > 0)) {
      const shown = shownRecords(accepted, approvals, recordOf);
      if (need.source === "review") out.push(delegationFinding("GATE_REVIEW_MISSING", `${need.rule}: every Review offered that meets it (${shown}) is counted for another reviewer requirement; each requirement is its own Review`, { dimension: need.rule }));
      else out.push(delegationFinding("GATE_UNSATISFIED", `${need.rule}: every AuthorityDecision offered that meets it (${shown}) names no gate and is counted for another gate; each human gate that applies is its own AuthorityDecision`, { dimension: need.rule }));
      continue;
    }
    if (!j.offered) {
      const code = need.source === "review" ? "GATE_REVIEW_MISSING" : "GATE_UNSATISFIED";
      out.push(delegationFinding(code, `${need.rule}: no ${need.source === "review" ? "Review" : "AuthorityDecision"} for effect ${request.effect_digest} was offered${need.principals.length > 0 ? ` (by ${need.principals.join(" or ")})` : ""}`, { dimension: need.rule }));
    }
    // Each kind of problem once a need, shown by the first approval offered showing it.
    for (const { index, rejectedAt } of j.problems()) {
      const a = approvals[index] as Approval;
      const f = problem(a, need, ctx) ?? withdrawn(a, need, rejectedAt);
      if (f !== null) out.push(f);
    }
  }
  return out;
}
