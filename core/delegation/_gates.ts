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
import { compareUtc } from "./scalars.js";
import type { ActorRef } from "./scalars.js";
import { GATE_SOURCES, humanGatesFor, isConsequential } from "./tiers.js";

interface Need {
  readonly rule: string;
  readonly source: "authority_decision" | "review";
  /** Human gates: the gate's name, or null for "any named human authority" (T4). */
  readonly gate: string | null;
  readonly principals: readonly string[];
  readonly role?: string;
  readonly independent: boolean;
}

interface Context {
  readonly request: PermissionRequest;
  readonly operator: string;
  readonly excluded: readonly ActorRef[];
}

/** Why an approval does not satisfy a need, or null when it does. */
function problem(a: Approval, need: Need, ctx: Context): DelegationFinding | null {
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
  return null;
}

function candidates(approvals: readonly Approval[], need: Need): Approval[] {
  return approvals.filter((a) => {
    if (need.source === "review") return a.role === need.role || (a.role === undefined && a.source !== "authority_decision");
    return need.gate === null ? a.source !== "review" : a.gate === need.gate || (a.gate === undefined && a.source !== "review");
  });
}

/**
 * Gives each need its own approval (a bipartite matching: `good[i]` lists the approvals need i
 * accepts), so one record never satisfies two needs. Greedy first, then augmenting paths searched
 * without recursion; a failed search keeps its visited approvals until a search succeeds (none of
 * them can lead to an augmenting path before then), so the work is bounded by the edges times the
 * augmentations the greedy pass left to make.
 */
function assignDistinct(good: readonly (readonly number[])[]): (number | null)[] {
  const assigned: (number | null)[] = good.map(() => null);
  const owner = new Map<number, number>();
  good.forEach((list, need) => {
    const free = list.find((a) => !owner.has(a));
    if (free === undefined) return;
    assigned[need] = free;
    owner.set(free, need);
  });
  let visited = new Set<number>();
  good.forEach((_, start) => {
    if (assigned[start] !== null) return;
    // Depth-first over (need, next edge index); `via[k]` is the approval taken to reach stack[k+1].
    const stack: [number, number][] = [[start, 0]];
    const via: number[] = [];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [number, number];
      const list = good[top[0]] as readonly number[];
      if (top[1] >= list.length) {
        stack.pop();
        via.pop();
        continue;
      }
      const a = list[top[1]++] as number;
      if (visited.has(a)) continue;
      visited.add(a);
      const holder = owner.get(a);
      if (holder === undefined) {
        // Flip the path: each need on the stack takes the approval it reached the next one by.
        via.push(a);
        stack.forEach(([need], k) => {
          const approval = via[k] as number;
          assigned[need] = approval;
          owner.set(approval, need);
        });
        visited = new Set<number>();
        break;
      }
      via.push(a);
      stack.push([holder, 0]);
    }
  });
  return assigned;
}

/** The gates a request needs, and whether the approvals offered satisfy each. */
export function gateFindings(contract: DelegationContract, request: PermissionRequest, approvals: readonly Approval[], excluded: readonly ActorRef[], matched: MatchedRule[]): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const needs: Need[] = [];
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
  const ctx: Context = { request, operator: contract.accountable_operator_ref.operator_principal_ref, excluded };
  // A review is one RW-002 record: the same Review offered twice (or two revisions of it) is one.
  const recordOf = new Map<Approval, number>();
  const firstOf = new Map<string, number>();
  approvals.forEach((a, i) => {
    if (!firstOf.has(a.ref.object_id)) firstOf.set(a.ref.object_id, i);
    recordOf.set(a, firstOf.get(a.ref.object_id) as number);
  });
  const judged = needs.map((need) => {
    const offered = candidates(approvals, need);
    // A principal's decision on the exact effect is its latest one known at the request's moment:
    // a rejection decided at or after an approval withdraws it ("Named human authority approves",
    // 6: not one who since refused). Ties go to the rejection, which fails closed.
    const rejectedAt = new Map<string, string>();
    for (const a of offered) {
      if (a.decision !== "rejected" || a.source !== need.source || a.effect_digest !== request.effect_digest || !(compareUtc(a.decided_at, request.at) <= 0)) continue;
      const seen = rejectedAt.get(a.principal_ref);
      if (seen === undefined || compareUtc(a.decided_at, seen) > 0) rejectedAt.set(a.principal_ref, a.decided_at);
    }
    const withdrawn = (a: Approval): DelegationFinding | null => {
      const at = rejectedAt.get(a.principal_ref);
      if (at === undefined || !(compareUtc(at, a.decided_at) >= 0)) return null;
      return delegationFinding("GATE_UNSATISFIED", `${need.rule}: ${a.principal_ref} approved at ${a.decided_at} and rejected the same effect at ${at}; the later decision stands, so ${a.ref.object_id} is withdrawn`, { path: `approvals (${a.ref.object_id})`, dimension: need.rule, expected: "approved, not rejected since", received: `rejected at ${at}` });
    };
    const problems = offered.map((a) => ({ a, p: problem(a, need, ctx) ?? withdrawn(a) }));
    const good = [...new Set(problems.flatMap((x) => (x.p === null ? [recordOf.get(x.a) as number] : [])))];
    return { need, problems, good, goodApprovals: problems.flatMap((x) => (x.p === null ? [x.a] : [])) };
  });
  // Each reviewer requirement is its own review (README): a Review meeting two requirements (one
  // naming no role, or two requirements of one role) counts for one of them only. Human-gate needs
  // name one principal each, so their decisions are distinct already.
  const reviews = judged.filter((j) => j.need.source === "review");
  const given = assignDistinct(reviews.map((j) => j.good));
  // The approval shown for a need is one that meets it, of the record the matching gave it.
  const chosen = new Map<(typeof judged)[number], Approval | null>(reviews.map((j, i) => [j, given[i] === null ? null : (j.goodApprovals.find((a) => recordOf.get(a) === given[i]) as Approval)]));
  for (const j of judged) {
    const { need, problems } = j;
    const pick = chosen.has(j) ? chosen.get(j) : problems.find((x) => x.p === null)?.a;
    if (pick != null) {
      matched.push({ rule: need.rule, matched: `${pick.ref.object_id}@${pick.ref.revision_id} by ${pick.principal_ref}` });
      continue;
    }
    if (j.good.length > 0) {
      out.push(delegationFinding("GATE_REVIEW_MISSING", `${need.rule}: every Review offered that meets it (${j.good.map((i) => approvals[i]?.ref.object_id).join(", ")}) is counted for another reviewer requirement; each requirement is its own Review`, { dimension: need.rule }));
      continue;
    }
    if (problems.length === 0) {
      const code = need.source === "review" ? "GATE_REVIEW_MISSING" : "GATE_UNSATISFIED";
      out.push(delegationFinding(code, `${need.rule}: no ${need.source === "review" ? "Review" : "AuthorityDecision"} for effect ${request.effect_digest} was offered${need.principals.length > 0 ? ` (by ${need.principals.join(" or ")})` : ""}`, { dimension: need.rule }));
    }
    // Each kind of problem once a need (the first approval showing it): every approval offered is
    // judged against every need, so listing each pair would grow as their product.
    const codes = new Set<string>();
    for (const x of problems) {
      if (x.p === null || codes.has(x.p.code)) continue;
      codes.add(x.p.code);
      out.push(x.p);
    }
  }
  return out;
}
