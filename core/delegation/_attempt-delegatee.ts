/**
 * An attempt under a contract's exact revision is the delegatee's: its `card_ref` the delegatee's
 * exact card revision, its executor the delegatee's agent Actor revision, its operator the
 * contract's accountable operator (CARD_MISMATCH, EXECUTOR_MISMATCH, OPERATOR_MISMATCH, as
 * permission holds every effect to them). A contract authorizes "one bounded objective for one
 * delegatee" (1) and an attempt's "actor, operator, delegation ... remain exact" (1.1), so an
 * attempt of the revision by another agent ran under no authority (11.4: AGENT-B starts ATT-2
 * under r2, "it does not impersonate" ATT-1 under r1). Every record is compared: each states who
 * executed it. Checked by `checkAttempts` (dimensions `card`, `executor`, `operator`) and
 * `checkReassignment` (`delegate`, section 8's binding of the delegatee and its operator), against
 * the prior for the prior's attempts and the next revision for a resume under it: the resume
 * continues from a checkpoint its attempt's executor wrote (`CHECKPOINT_WRITER_OPERATOR` holds the
 * writer to that attempt), so that attempt is the prior delegatee's, and the resume the next's.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { sameRevision, shownRevision } from "./scalars.js";

/** `dimension`, when given, for all three (a reassignment's `delegate`); else each its own. */
export function attemptDelegateeFindings(contract: DelegationContract, records: readonly AttemptRecord[], out: DelegationFinding[], dimension?: "delegate"): void {
  const revision = contractRef(contract);
  const { agent_card_ref: card, agent_actor_ref: actor } = contract.delegatee_agent_ref;
  const operator = contract.accountable_operator_ref.operator_principal_ref;
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  for (const { attempt, index } of records) {
    if (!sameRevision(attempt.delegation_ref, revision)) continue;
    const at = `attempts.${index}`;
    if (!sameRevision(attempt.card_ref, card)) out.push(delegationFinding("CARD_MISMATCH", `${at}.card_ref: ${attempt.attempt_id} runs on the card ${shownRevision(attempt.card_ref)}, not the delegatee's exact card ${shownRevision(card)} in ${named}: it ran under no authority`, { path: `${at}.card_ref`, dimension: dimension ?? "card", expected: `${shownRevision(card)} ${card.content_digest}`, received: `${shownRevision(attempt.card_ref)} ${attempt.card_ref.content_digest}` }));
    if (!sameRevision(attempt.executor_actor_ref, actor)) out.push(delegationFinding("EXECUTOR_MISMATCH", `${at}.executor_actor_ref: ${attempt.attempt_id} is executed by ${shownRevision(attempt.executor_actor_ref)}, not the delegatee Actor revision ${shownRevision(actor)} in ${named}: it ran under no authority`, { path: `${at}.executor_actor_ref`, dimension: dimension ?? "executor", expected: `${shownRevision(actor)} ${actor.content_digest}`, received: `${shownRevision(attempt.executor_actor_ref)} ${attempt.executor_actor_ref.content_digest}` }));
    if (attempt.operator_principal_ref !== operator) out.push(delegationFinding("OPERATOR_MISMATCH", `${at}.operator_principal_ref: ${attempt.attempt_id} records the operator ${attempt.operator_principal_ref}, not ${named}'s accountable operator ${operator}`, { path: `${at}.operator_principal_ref`, dimension: dimension ?? "operator", expected: operator, received: attempt.operator_principal_ref }));
  }
}
