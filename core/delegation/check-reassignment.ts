/**
 * `checkReassignment(prior, next, parent?, chain?)` (section 11.4): a new revision of the same delegation, issued
 * after the prior one was revoked, assigning another agent "with the same or narrower scope and
 * remaining budget". The next revision names the prior exactly, keeps the root task and parent,
 * keeps a sub-delegation policy at least as strict as the prior's (depth, allowed, required
 * attestations, eligible delegates), and passes every attenuation and inheritance dimension against
 * it; the delegatee may change. A child delegation's new delegatee must be one its parent allows
 * (`eligible_delegates`), so a child reassigned to another agent or operator is checked against
 * `parent`, and denied without it: eligibility cannot be shown. A child's next revision carries its
 * own attestation chain, checked against `parent` as check-child checks a child's, and denied
 * without the chain or the parent: the chain cannot be shown to attest the new revision.
 */
import { agentDelegateeFindings } from "./_agent-delegatee.js";
import { attemptDelegateeFindings } from "./_attempt-delegatee.js";
import { attemptFenceFindings } from "./_attempt-fences.js";
import { attemptForkFindings } from "./_attempt-forks.js";
import { attemptToolFindings } from "./_attempt-tools.js";
import { attemptContributionFindings } from "./_attempt-contribution.js";
import { attemptWindowFindings } from "./_attempt-window.js";
import { attemptDigestConflicts, checkpointDigestConflicts } from "./_digest-conflicts.js";
import { attemptRevisionDigestFindings, oneContentFindings, twoContractsNamedRevisions, checkpointRevisionDigestFindings } from "./_revision-digest.js";
import { attenuationFindings } from "./_attenuation.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { _chainFindings } from "./_chain.js";
import { appendFindings, delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import { contractStandingFindings } from "./_contract-standing.js";
import type { DelegationContract } from "./contract.js";
import { dimensionFinding, failedDimensions } from "./dimensions.js";
import { inheritanceFindings } from "./_inheritance.js";
import { sameRevision } from "./scalars.js";
import { assertRecord, assertRecordList } from "./_records-given.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { checkpointAttemptFindings } from "./_checkpoint-attempt.js";
import { checkpointFenceFindings } from "./_checkpoint-fences.js";
import { checkpointRemainderFindings, resumeGrantFindings } from "./_checkpoint-remainder.js";
import { checkpointSequenceFindings } from "./_checkpoint-sequence.js";
import { checkpointSequenceConflicts } from "./_checkpoint-sequence-conflicts.js";
import { consumptionShrinkFindings } from "./_consumption-shrinks.js";
import { fencedRecords } from "./_fenced-records.js";
import { idempotencyKeyFindings } from "./_idempotency-keys.js";
import { outcomeReconciliationFindings } from "./_outcome-reconciliation.js";
import { boundInputFindings, nextInputFindings, resumeInputFindings, writerInputFindings } from "./_input-fixity.js";
import { resumeFenceFindings } from "./_resume-fences.js";
import { resumeReconciliationFindings } from "./_resume-reconciliation.js";
import { resumeNewAttemptFindings } from "./_resume-new-attempt.js";
import { resumeStartFindings } from "./_resume-start.js";
import { resumeSupersededFindings } from "./_resume-superseded.js";
import { remainingBudgetFindings } from "./_shared-budget.js";
import { streamForkFindings } from "./_stream-forks.js";
import { ancestorFenceFindings, eligibleDelegateFindings, policyFindings, routingFindings } from "./check-subdelegation.js";
import type { SubdelegationReport } from "./check-subdelegation.js";

/**
 * A child delegation's next revision against its parent (section 8, 11.4): the parent is the exact
 * revision both revisions name, and the delegatee it binds is one the parent allows. The parent's
 * revision is immutable, so an unchanged delegatee was judged when the child was issued; a new one
 * was not, and without the parent in hand it cannot be ("No delegatee may grant authority it did
 * not receive"), so the revision fails closed, as a child evaluated without its chain does.
 */
function parentFindings(prior: DelegationContract, next: DelegationContract, parent: DelegationContract | undefined, out: DelegationFinding[]): void {
  if (next.parent_contract_ref === null) {
    if (parent !== undefined) out.push(dimensionFinding("parent", `a parent was given, ${parent.delegation_id}@${parent.revision_id}, and the next revision is a root delegation: it has none`, { path: "parent", received: `${parent.delegation_id}@${parent.revision_id}` }));
    return;
  }
  const named = `${next.parent_contract_ref.object_id}@${next.parent_contract_ref.revision_id}`;
  if (parent === undefined) {
    const [a, b] = [prior, next].map((c) => `${c.delegatee_agent_ref.agent_actor_ref.object_id} (${c.accountable_operator_ref.operator_principal_ref})`);
    if (a !== b) out.push(dimensionFinding("delegate", `the next revision assigns ${b} where the prior assigned ${a}, and its parent ${named} was not given: the new delegatee cannot be shown among the parent's eligible delegates`, { path: "parent", expected: named }));
    return;
  }
  if (!sameRevision(next.parent_contract_ref, contractRef(parent))) {
    out.push(dimensionFinding("parent", `the parent given is ${parent.delegation_id}@${parent.revision_id}; the next revision's parent is ${named}`, { path: "parent", expected: named, received: `${parent.delegation_id}@${parent.revision_id}` }));
    return;
  }
  // As for a child (check-subdelegation): a parent that does not assert active authorizes nothing, so
  // its delegatee cannot re-grant the child's authority under it, to a new delegatee or the old.
  if (parent.lifecycle_assertion !== "active") out.push(dimensionFinding("parent", `the parent ${parent.delegation_id}@${parent.revision_id} asserts ${parent.lifecycle_assertion}: it authorizes nothing, so the child's next revision is granted under nothing`, { path: "parent.lifecycle_assertion", expected: "active", received: parent.lifecycle_assertion }, "CONTRACT_INACTIVE"));
  eligibleDelegateFindings(parent, next, out);
}

/**
 * A child delegation's next revision is a child contract, which MUST "carry an ordered
 * DelegationAttestationChain from root delegator through every delegatee, with every contract/card
 * revision" (8). Its last link attests the next revision exactly, so the chain is one no earlier
 * check saw, whatever the delegatee: it is checked as check-child checks a child's (every link, and
 * every ancestor it names fenced), against the parent, whose own link and required attestations it
 * must match. Without the chain, or without the parent to check it against, it is unverifiable, and
 * "An unverifiable or broken chain denies execution" (8). A root delegation has no chain.
 */
function reassignedChainFindings(next: DelegationContract, parent: DelegationContract | undefined, chain: DelegationAttestationChain | undefined, out: DelegationFinding[]): void {
  const given = chain === undefined ? "" : `${chain.record_id}@${chain.revision_id}`;
  if (next.parent_contract_ref === null) {
    if (chain !== undefined) out.push(dimensionFinding("chain", `a chain was given, ${given}, and the next revision is a root delegation: it has none`, { path: "chain", received: given }));
    return;
  }
  const named = `${next.parent_contract_ref.object_id}@${next.parent_contract_ref.revision_id}`;
  if (chain === undefined) {
    out.push(dimensionFinding("chain", `the next revision is a child of ${named} and its attestation chain was not given: the chain must attest this revision exactly, which no earlier check saw`, { path: "chain" }));
    return;
  }
  if (parent === undefined) {
    out.push(dimensionFinding("chain", `the chain ${given} cannot be checked without the parent ${named}: its parent's link and required attestations are the parent's`, { path: "parent", expected: named }));
    return;
  }
  // Another parent than the one named is already denied (`parent`); a chain checked against it would only add noise.
  if (!sameRevision(next.parent_contract_ref, contractRef(parent))) return;
  appendFindings(out, _chainFindings(parent, next, chain));
  ancestorFenceFindings(parent, next, chain, out);
}

/**
 * `attempts` are the delegation's attempts so far: the next revision takes only what those under the
 * prior's revision left of each budget. `checkpoints` are the prior revision's checkpoints a resume under the next revision
 * continues from (11.4: ATT-2 under r2 from CP-7): each one's remaining budget is verified against
 * the prior's limits and the attempts, and the next revision grants no more than it left (7.2); its
 * inputs are the prior's exact ones, the next revision's those it fixed, and a resume's too; and
 * they are numbered up as written, each agreeing with its attempt when that is given.
 */
export function checkReassignment(prior: DelegationContract, next: DelegationContract, parent?: DelegationContract, chain?: DelegationAttestationChain, attemptsGiven: readonly ExecutionAttempt[] = [], checkpointsGiven: readonly DelegationCheckpoint[] = []): SubdelegationReport {
  assertRecord("checkReassignment", "the prior revision is a DelegationContract record", prior);
  assertRecord("checkReassignment", "the next revision is a DelegationContract record", next);
  if (parent !== undefined) assertRecord("checkReassignment", "the parent is a DelegationContract record, or undefined", parent);
  if (chain !== undefined) assertRecord("checkReassignment", "the chain is a DelegationAttestationChain record, or undefined", chain);
  assertRecordList("checkReassignment", "attempts", "an ExecutionAttempt record", attemptsGiven);
  assertRecordList("checkReassignment", "checkpoints", "a DelegationCheckpoint record", checkpointsGiven);
  const findings: DelegationFinding[] = [];
  // Two records of the delegation's attempts, or two checkpoints, claiming one revision and digest
  // with other content: which is the record is unknown, and the remainder and every rule below
  // would read the first given. Refused, naming both, and neither list is read further.
  const given = attemptsGiven.map((attempt, index) => ({ attempt, index })).filter(({ attempt }) => attempt.delegation_ref.object_id === prior.delegation_id);
  const attemptsConflict = attemptDigestConflicts(given, "retries", findings);
  const checkpointsConflict = checkpointDigestConflicts(checkpointsGiven, "inputs", findings);
  // So do two revisions of one checkpoint with two sequences: which is its place is unknown.
  const conflict = checkpointSequenceConflicts(checkpointsGiven, "inputs", findings) || checkpointsConflict || attemptsConflict;
  const [attempts, checkpoints] = conflict ? [[], []] : [attemptsGiven, checkpointsGiven];
  const want = contractRef(prior);
  if (next.delegation_id !== prior.delegation_id) findings.push(delegationFinding("AMENDMENT_REF", `the next revision is of ${next.delegation_id}, not ${prior.delegation_id}`, { path: "delegation_id", dimension: "parent", expected: prior.delegation_id, received: next.delegation_id }));
  if (!sameRevision(next.prior_revision_ref, want) || next.revision_id === prior.revision_id) {
    findings.push(delegationFinding("AMENDMENT_REF", `prior_revision_ref does not name ${want.object_id}@${want.revision_id} exactly; a new revision appends, it never rewrites`, { path: "prior_revision_ref", dimension: "parent" }));
  }
  // The next revision is to replace its prior (11.4's r2 is issued active, after r1 was revoked):
  // one its producer already says no longer holds authorizes nothing, as a child's does.
  contractStandingFindings(next, "next", findings);
  if (next.root_task_ref !== prior.root_task_ref || !((next.parent_contract_ref === null && prior.parent_contract_ref === null) || sameRevision(next.parent_contract_ref, prior.parent_contract_ref))) {
    findings.push(dimensionFinding("parent", "the next revision changes the root task or the parent contract", { path: "parent_contract_ref" }));
  }
  // 11.4: "The delegator appends ... contract revision D-RESEARCH-2@r2". Only the delegator issues
  // a revision of its delegation: another Actor, the old delegatee above all, would grant authority
  // it did not receive, and the delegator's responsibility is never transferred away (8).
  if (next.delegator_actor_ref.object_id !== prior.delegator_actor_ref.object_id) {
    findings.push(dimensionFinding("parent", `the next revision is issued by ${next.delegator_actor_ref.object_id}, not by the delegation's delegator ${prior.delegator_actor_ref.object_id}`, { path: "delegator_actor_ref", expected: prior.delegator_actor_ref.object_id, received: next.delegator_actor_ref.object_id }));
  }
  // Every revision the prior names, then the next revision's: one revision, one content (notes 183, 185, 189).
  oneContentFindings(twoContractsNamedRevisions(prior, "prior.", next), "parent", findings);
  const [p, n] = [prior.subdelegation_policy, next.subdelegation_policy];
  if (n.max_remaining_depth > p.max_remaining_depth || (n.allowed && !p.allowed)) findings.push(dimensionFinding("depth", "the next revision allows deeper sub-delegation than the prior", { path: "subdelegation_policy" }));
  // The same or narrower scope includes the sub-delegation policy's other two rows (5.1): the next
  // revision's required chain attestations and eligible delegates are at least as strict as the
  // prior's, by the rule a child keeps against its parent. A next revision that denies
  // sub-delegation is exempt, as a denying child is: it lets its delegatee grant nothing, and a
  // later revision cannot allow sub-delegation again (the depth check above: denied is depth 0),
  // so dropping the lists there cannot be used to widen them afterwards.
  policyFindings(prior, next, findings, "revision");
  appendFindings(findings, attenuationFindings(prior, next));
  remainingBudgetFindings(prior, next, attempts, findings);
  resumeGrantFindings(next, checkpointRemainderFindings(prior, checkpoints, attempts, findings), findings);
  // 7.2's input fixity, 11.4's "If any input ... changes, reassignment stops": each checkpoint of
  // the prior fixes the prior's exact inputs, the next revision binds what the checkpoints fixed,
  // and a resume given keeps its checkpoint's inputs and reconciled what it left pending or
  // unknown (7.2's "external-effect reconciliation"). Attempts are judged against a contract's
  // inputs by checkAttempts, as their windows and retries are.
  boundInputFindings(prior, [], checkpoints, findings);
  nextInputFindings(prior, next, checkpoints, findings);
  const records = attempts.map((attempt, index) => ({ attempt, index }));
  // 11.4's resume continues from the latest of the prior's checkpoints (CP-7, the one ATT-1 reached;
  // 7.2 numbers them in a "monotonic sequence"), so they are held to what
  // checkAttempts holds them to: numbered up as written (denied on `inputs`: which exact input
  // revisions are the latest is unknown), and each its attempt's, of the revision it ran under and
  // written after it started (denied on `budget`: else its remainder is verified with its
  // attempt's consumption uncounted, as an unverifiable one is).
  checkpointSequenceFindings(checkpoints, findings);
  checkpointAttemptFindings(records, checkpoints, findings);
  resumeInputFindings(records, checkpoints, findings);
  resumeReconciliationFindings(records, checkpoints, findings);
  resumeStartFindings(records, checkpoints, findings);
  resumeNewAttemptFindings(records, checkpoints, findings);
  resumeSupersededFindings(records, checkpoints, findings);
  // A resume under the next revision fences its delegation's stream past its checkpoint (11.4: DB6,
  // not DB4), the checkpoint it trusts fences no stream before its attempt or an earlier
  // checkpoint of that attempt did, and a later revision of an attempt of the delegation fences no
  // stream before an earlier one did (1.2: positions only grow).
  resumeFenceFindings(records, checkpoints, findings);
  checkpointFenceFindings(records, checkpoints, findings);
  const ofThis = records.filter(({ attempt }) => attempt.delegation_ref.object_id === prior.delegation_id);
  attemptFenceFindings(ofThis, findings);
  // 11.4: AGENT-B verifies "no unknown external attempts" (7.2: "external-effect reconciliation"),
  // so an attempt forked in two revisions neither of which leads to the other is refused, as in
  // checkAttempts: which one records it, and so its outcome, is unknown (one branch `unknown`, the
  // other ended, shows no reconciliation); denied on `retries`, 5.1's retry_policy row. And
  // a record of an attempt moving its outcome away from unknown or mixed shows the read-back
  // that reconciled it, one its prior revision did not already hold, as in checkAttempts (1.1:
  // "never normalize ... without reconciliation"); denied on `retries`, 5.1's retry_policy row.
  attemptForkFindings(ofThis, findings, "retries");
  outcomeReconciliationFindings(ofThis, findings, "retries");
  // An attempt naming the prior's or the next revision's id under another digest claims a content
  // that revision does not have, and a checkpoint (the prior's) likewise: refused as in
  // checkAttempts (`_revision-digest.ts`), denied on `retries` and `inputs` as their digest
  // conflicts are; the prior's remainder still counts such an attempt (failing closed).
  for (const revision of [prior, next]) attemptRevisionDigestFindings(revision, ofThis, "retries", findings);
  checkpointRevisionDigestFindings(prior, checkpoints, findings);
  // The remaining budget is read from these records (11.4), so, as in checkAttempts, a record of an
  // attempt reports at least what the revision it follows reported consumed: one reporting less
  // contradicts it, whatever the remainder reads (the most any record reports), denied on `spend`
  // for money and `budget` for the rest, as the remainder is.
  consumptionShrinkFindings(ofThis, findings);
  // The state a resume under the next revision continues from was checkpointed by an attempt of
  // the prior, and the resume runs under the next: as in checkAttempts, each attempt of either
  // exact revision started within it (denied on `duration`, section 8's window) and is its
  // delegatee's, on its card, under its operator (denied on `delegate`): one that is not ran under
  // no authority, and a checkpoint its executor wrote is no state the delegation produced (11.4:
  // ATT-2 under r2 is AGENT-B's, "it does not impersonate" ATT-1, AGENT-A's under r1). Each ran
  // through a tool its revision authorizes, as in checkAttempts: "the contract must separately
  // authorize each tool" (9), so a checkpoint an attempt wrote through another, or a resume's effect
  // through one, rests on no authority (denied on `tools` outside scope.tools, `denials` where a
  // denial refuses it, section 8's dimensions of the two). None claims a Contribution its revision
  // allows no project mutation for (denied on `effect_class`, section 1.1).
  for (const revision of [prior, next]) {
    attemptWindowFindings(revision, ofThis, findings, "duration");
    attemptDelegateeFindings(revision, ofThis, findings, "delegate");
    attemptToolFindings(revision, ofThis, findings, ["tools", "denials"]);
    attemptContributionFindings(revision, ofThis, findings, "effect_class");
  }
  // 11.4's resume is a new attempt of the same delegation, sent to the same target, which
  // deduplicates by the key and knows no contract revision: one key names one effect across the
  // revisions (ATT-2 under r2 reuses ATT-1's key for ATT-1's effect). Another delegation's attempts
  // are refused above (ATTEMPT_DELEGATION) and not compared.
  idempotencyKeyFindings(ofThis, findings, "retries");
  // The attempts and checkpoints fence one history a control stream: two events at one position are a fork.
  streamForkFindings(fencedRecords(records, checkpoints), findings);
  // A checkpoint a resume under the next revision rests on fixes what its attempt used or produced.
  writerInputFindings(records, checkpoints, findings);
  appendFindings(findings, inheritanceFindings(prior, next));
  // "The same or narrower scope" (11.4) includes what every effect fences (1.2): the next revision
  // keeps each authority stream the prior fenced (Space, policy, consent, its own and every
  // ancestor delegation), the prior agent's stream excepted, as the delegatee may change.
  const priorAgent = prior.delegatee_agent_ref.agent_card_ref.object_id;
  const scopeKey = (s: { space_id: string; scope_kind: string; scope_id: string }): string => `${s.space_id} ${s.scope_kind} ${s.scope_id}`;
  const nextScopes = new Set(next.control_scopes.map(scopeKey));
  for (const s of prior.control_scopes) {
    if (s.scope_kind === "agent" && s.scope_id === priorAgent) continue;
    if (!nextScopes.has(scopeKey(s))) {
      findings.push(dimensionFinding("ancestor_fences", `control_scopes lacks ${s.scope_kind}:${s.scope_id}, which the prior revision fenced; a reassignment keeps every authority stream its effects fence`, { path: "control_scopes", expected: `${s.scope_kind}:${s.scope_id}` }));
    }
  }
  // 11.4 assigns "AGENT-B@card-r5": whoever holds the next revision is a persistent agent Actor, by
  // the rule validation applies to every contract, so this typed call refuses what the document does.
  agentDelegateeFindings(next, findings, "delegate");
  parentFindings(prior, next, parent, findings);
  reassignedChainFindings(next, parent, chain, findings);
  // A child delegation's next revision is a child contract, and routes back to its parent and root
  // task as every child MUST (8), whoever now holds it: its outputs are the parent's to receive.
  if (next.parent_contract_ref !== null) routingFindings(next.parent_contract_ref.object_id, next.root_task_ref, next, findings);
  const failed = failedDimensions(findings);
  const ok = findings.every((f) => f.severity !== "error");
  return { ok, decision: ok ? "allow" : "deny", failed, findings };
}
