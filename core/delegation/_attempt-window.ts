/**
 * An attempt under a contract's exact revision starts within it, `issued_at <= started_at <
 * expires_at`, as permission holds every effect to it (CONTRACT_NOT_YET, CONTRACT_EXPIRED), and
 * within `max_duration` of `issued_at` (BUDGET_EXCEEDED, as permission's elapsed time); an attempt
 * that ended, by then and by `expires_at` (at `ended_at`): a
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
import { attemptThing, revisionHeads } from "./_revision-heads.js";
import { compareUtc, durationMs, elapsedNanos, sameRevision } from "./scalars.js";

/**
 * `records`: every record of the delegation's attempts given. Each attempt is judged at its latest
 * record (its records share one start; the latest holds its end), and a fork at each of its latest
 * records: which one the attempt is, is unknown (ATTEMPT_REVISION_FORK), and judging only the first
 * given made the window's finding hang on the order of the list. With `dimension` "contract"
 * (checkAttempts), time past `max_duration` is denied on `budget`, as permission's elapsed time is;
 * with "duration" (checkReassignment), on `duration`.
 */
export function attemptWindowFindings(contract: DelegationContract, records: readonly AttemptRecord[], out: DelegationFinding[], dimension: "contract" | "duration" = "contract"): void {
  const own = revisionHeads(records.map(({ attempt }) => attempt), attemptThing).map(({ index }) => records[index] as AttemptRecord);
  const revision = contractRef(contract);
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  // max_duration is wall-clock time from issued_at (as permission, attenuation and checkpoint
  // remainders read it), in nanoseconds, exactly, a leap second either end shows counted.
  const allowed = BigInt(durationMs(contract.limits.max_duration)) * 1_000_000n;
  const limit = `${contract.limits.max_duration.value} ${contract.limits.max_duration.unit} from ${contract.issued_at}`;
  const past = (time: string | null): boolean => {
    const since = time === null ? null : elapsedNanos(contract.issued_at, time);
    return since !== null && since > allowed;
  };
  for (const { attempt, index } of own) {
    if (!sameRevision(attempt.delegation_ref, revision)) continue;
    const path = `attempts.${index}.started_at`;
    const end = `attempts.${index}.ended_at`;
    if (!(compareUtc(attempt.started_at, contract.issued_at) >= 0)) out.push(delegationFinding("CONTRACT_NOT_YET", `${path}: ${attempt.attempt_id} starts at ${attempt.started_at}, before ${named} was issued (${contract.issued_at}): it ran under no authority`, { path, dimension, expected: `>= ${contract.issued_at}`, received: attempt.started_at }));
    else if (!(compareUtc(attempt.started_at, contract.expires_at) < 0)) out.push(delegationFinding("CONTRACT_EXPIRED", `${path}: ${attempt.attempt_id} starts at ${attempt.started_at}, when ${named} had expired (${contract.expires_at}): it ran under no authority`, { path, dimension, expected: `< ${contract.expires_at}`, received: attempt.started_at }));
    else if (past(attempt.started_at)) out.push(delegationFinding("BUDGET_EXCEEDED", `${path}: ${attempt.attempt_id} starts at ${attempt.started_at}, after the limits.max_duration of ${named} (${limit}) ran out: it ran under no authority`, { path, dimension: dimension === "contract" ? "budget" : dimension, expected: `within ${limit}`, received: attempt.started_at }));
    // An attempt that started in time and ran on past its revision's expiry or time limit consumed
    // authority it no longer had (7.1 records its end). The end at the instant itself is within.
    else if (attempt.ended_at !== null && compareUtc(attempt.ended_at, contract.expires_at) > 0) out.push(delegationFinding("CONTRACT_EXPIRED", `${end}: ${attempt.attempt_id} ends at ${attempt.ended_at}, after ${named} expired (${contract.expires_at}): it ran on under no authority`, { path: end, dimension, expected: `<= ${contract.expires_at}`, received: attempt.ended_at }));
    else if (past(attempt.ended_at)) out.push(delegationFinding("BUDGET_EXCEEDED", `${end}: ${attempt.attempt_id} ends at ${attempt.ended_at}, after the limits.max_duration of ${named} (${limit}) ran out: it ran on past its time limit`, { path: end, dimension: dimension === "contract" ? "budget" : dimension, expected: `within ${limit}`, received: attempt.ended_at as string }));
  }
}
