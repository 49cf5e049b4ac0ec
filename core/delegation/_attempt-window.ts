/**
 * An attempt under a contract's exact revision starts within it, `issued_at <= started_at <
 * expires_at`, as permission holds every effect to it (CONTRACT_NOT_YET, CONTRACT_EXPIRED): a
 * contract authorizes "under exact inputs, limits, gates, and expiry" (1), so an attempt naming a
 * revision not yet issued, or one already expired, ran under no authority. An attempt of another
 * revision of the delegation is judged by that revision's window, which is not in hand. Checked by
 * `checkAttempts` (dimension `contract`) and `checkReassignment` (`duration`, section 8's window
 * dimension), against the prior for the prior's attempts and the next revision for a resume under
 * it: 11.4's reassignment counts the prior's attempts for its remainder and resumes from the state
 * they checkpointed, and its resume runs under the next revision, so an attempt that ran before its
 * revision was issued or after it expired leaves state no authority produced.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { compareUtc, sameRevision } from "./scalars.js";

/** `own`: each attempt once (its records share one start). */
export function attemptWindowFindings(contract: DelegationContract, own: readonly AttemptRecord[], out: DelegationFinding[], dimension: "contract" | "duration" = "contract"): void {
  const revision = contractRef(contract);
  for (const { attempt, index } of own) {
    if (!sameRevision(attempt.delegation_ref, revision)) continue;
    const path = `attempts.${index}.started_at`;
    if (!(compareUtc(attempt.started_at, contract.issued_at) >= 0)) out.push(delegationFinding("CONTRACT_NOT_YET", `${path}: ${attempt.attempt_id} starts at ${attempt.started_at}, before ${contract.delegation_id}@${contract.revision_id} was issued (${contract.issued_at}): it ran under no authority`, { path, dimension, expected: `>= ${contract.issued_at}`, received: attempt.started_at }));
    else if (!(compareUtc(attempt.started_at, contract.expires_at) < 0)) out.push(delegationFinding("CONTRACT_EXPIRED", `${path}: ${attempt.attempt_id} starts at ${attempt.started_at}, when ${contract.delegation_id}@${contract.revision_id} had expired (${contract.expires_at}): it ran under no authority`, { path, dimension, expected: `< ${contract.expires_at}`, received: attempt.started_at }));
  }
}
