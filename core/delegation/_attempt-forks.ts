/**
 * One record per attempt, or a fork (ATTEMPT_REVISION_FORK): an attempt given at several revisions
 * (appended running, then ended) is one attempt, read at its latest (`_revision-heads.ts`); a
 * second latest under an id already counted is a fork, whichever way it forks. Two records under
 * one id that start at different times are two attempts under one id (`attemptThing`); two
 * revisions of one attempt neither of which leads to the other through its priors, or one whose
 * chain stops at a revision not given, leave which one records the attempt unknown, and so its
 * outcome and consumption: "Unknown or mixed external effects never normalize to success or
 * retryable failure without reconciliation" (1.1). Checked by `checkAttempts` (dimension `retry`)
 * and `checkReassignment` (`retries`, 5.1's retry_policy row): 11.4's AGENT-B verifies "no unknown
 * external attempts" before its resume, and an attempt forked in two, one branch `unknown`, is
 * not shown reconciled by the other.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ExecutionAttempt } from "./execution.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { attemptThing, missingPrior, revisionHeads, revisionKey } from "./_revision-heads.js";
import { compareUtc } from "./scalars.js";
import type { RevisionRef } from "./scalars.js";

/**
 * The latest records of each attempt among `records` (one delegation's), each attempt id once, in
 * the order given: one record, or a fork's every latest record, the first given first (which one
 * the attempt is, is unknown, so a caller judges each). Every fork found is pushed to `out`.
 */
export function attemptForkFindings<T extends AttemptRecord>(records: readonly T[], out: DelegationFinding[], dimension: "retry" | "retries"): T[][] {
  const mine = records.map((r) => r.attempt);
  const own: T[][] = [];
  const counted = new Map<string, T[]>();
  // Built once, the first time a fork's chain of priors is walked.
  let byRevision: Map<string, ExecutionAttempt> | undefined;
  let revisionIds: Set<string> | undefined;
  const walked = new Map<string, RevisionRef | null>();
  const given = (): Map<string, ExecutionAttempt> => (byRevision ??= new Map(mine.map((a) => [revisionKey(attemptThing(a), a.revision_id, a.content_digest), a])));
  const revisionsGiven = (): Set<string> => (revisionIds ??= new Set(mine.map((a) => `${attemptThing(a)}\u0000${a.revision_id}`)));
  for (const { record, index } of revisionHeads(mine, attemptThing)) {
    const head = records[index] as T;
    const heads = counted.get(record.attempt_id);
    const first = heads?.[0];
    const at = head.index;
    if (heads === undefined || first === undefined) {
      const fresh = [head];
      counted.set(record.attempt_id, fresh);
      own.push(fresh);
      continue;
    }
    heads.push(head);
    if (compareUtc(first.attempt.started_at, record.started_at) !== 0) {
      out.push(delegationFinding("ATTEMPT_REVISION_FORK", `attempts.${at}: ${record.attempt_id} starts at ${record.started_at}, attempts.${first.index} under the same id at ${first.attempt.started_at}: a record of an attempt keeps its start, so these are two attempts under one id, and which one the id records is unknown`, { path: `attempts.${at}.started_at`, dimension, expected: first.attempt.started_at, received: record.started_at }));
    } else {
      // A chain that stops at a revision not given is said so: the caller may hold the missing one.
      const gaps = [record, first.attempt].flatMap((r) => {
        const missing = r.prior_revision_ref === null ? null : missingPrior(given(), attemptThing, r, walked);
        if (missing === null) return [];
        const other = revisionsGiven().has(`${attemptThing(r)}\u0000${missing.revision_id}`);
        return [`${r.revision_id}'s chain stops at ${missing.revision_id}, ${other ? "given only with another content digest than it names" : "which is not among the records given"}`];
      });
      const broken = gaps.length === 0 ? "" : ` (${gaps.join("; ")})`;
      out.push(delegationFinding("ATTEMPT_REVISION_FORK", `attempts.${at}: ${record.attempt_id} is also attempts.${first.index}, and neither revision's chain of priors reaches the other${broken}: which one records the attempt is unknown, so its outcome and consumption cannot be read`, { path: `attempts.${at}`, dimension, received: record.revision_id }));
    }
  }
  return own;
}
