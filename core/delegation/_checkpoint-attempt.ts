/**
 * A checkpoint against the attempt that wrote it (1.1: a DelegationCheckpoint "References an exact
 * delegation/attempt"; 7.2: it contains "delegation_ref, attempt_id"). When a record of that attempt
 * (its `attempt_id`, of the same delegation) is given, the checkpoint names the exact delegation
 * revision the attempt ran under, and is written no earlier than the attempt started
 * (CHECKPOINT_ATTEMPT_MISMATCH). A checkpoint naming another revision than its attempt's would have
 * its remainder verified against limits the attempt never ran under, its attempt's consumption
 * uncounted; one written before its attempt started records a state the attempt cannot have reached,
 * its remainder checked with none of that attempt's consumption counted (it counts by `written_at`).
 * The dimension is `budget`, as a checkpoint whose remainder cannot be verified is
 * (CHECKPOINT_REMAINDER_UNVERIFIED). Checked by `checkAttempts` and `checkReassignment`.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { checkpointWriters } from "./_checkpoint-writers.js";
import type { AttemptRecord } from "./_checkpoint-writers.js";
import type { DelegationCheckpoint } from "./execution.js";
import { compareUtc, sameRevision } from "./scalars.js";

export function checkpointAttemptFindings(attempts: readonly AttemptRecord[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (checkpoints.length === 0) return;
  const writers = checkpointWriters(attempts);
  checkpoints.forEach((checkpoint, c) => {
    const records = writers(checkpoint);
    if (records.length === 0) return;
    const first = records[0] as AttemptRecord;
    const d = checkpoint.delegation_ref;
    if (!records.some(({ attempt }) => sameRevision(attempt.delegation_ref, d))) {
      const ran = first.attempt.delegation_ref;
      const path = `checkpoints.${c}.delegation_ref`;
      out.push(delegationFinding("CHECKPOINT_ATTEMPT_MISMATCH", `${path}: ${checkpoint.checkpoint_id} names ${d.object_id}@${d.revision_id}, and its attempt ${checkpoint.attempt_id} (attempts.${first.index}) ran under ${ran.object_id}@${ran.revision_id}: a checkpoint references the exact delegation revision of its attempt (sections 1.1, 7.2)`, { path, dimension: "budget", expected: `${ran.object_id}@${ran.revision_id} ${ran.content_digest}`, received: `${d.object_id}@${d.revision_id} ${d.content_digest}` }));
    }
    // Every record of an attempt keeps its start (a fork otherwise, ATTEMPT_REVISION_FORK): the earliest is compared.
    const start = records.reduce((a, b) => (compareUtc(b.attempt.started_at, a.attempt.started_at) < 0 ? b : a));
    if (compareUtc(checkpoint.written_at, start.attempt.started_at) < 0) {
      const path = `checkpoints.${c}.written_at`;
      out.push(delegationFinding("CHECKPOINT_ATTEMPT_MISMATCH", `${path}: ${checkpoint.checkpoint_id} is written at ${checkpoint.written_at}, before its attempt ${checkpoint.attempt_id} (attempts.${start.index}) started at ${start.attempt.started_at}: it records a state the attempt cannot have reached`, { path, dimension: "budget", expected: `>= ${start.attempt.started_at}`, received: checkpoint.written_at }));
    }
  });
}
