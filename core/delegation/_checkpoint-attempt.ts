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
 *
 * A checkpoint its attempt's executor wrote names that attempt's operator as the writer's
 * (CHECKPOINT_WRITER_OPERATOR): 7.2 records the "writer Actor/operator", and an attempt's "actor,
 * operator ... remain exact" (1.1), so the executor's own checkpoint under another operator moves
 * accountability for the state a resume trusts. **Decision:** a writer other than the executor is
 * not refused: 7.2 does not say who writes, and 7.3's breaker "checkpoints observable state" when
 * tripped, by whoever trips it (11.2's breaker is the evaluator service's), which no record names
 * in advance. The dimension is `delegate`: the accountable operator is what 8's binding binds.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { checkpointWriters } from "./_checkpoint-writers.js";
import type { AttemptRecord } from "./_checkpoint-writers.js";
import type { DelegationCheckpoint } from "./execution.js";
import { compareUtc, sameRevision } from "./scalars.js";

function writerOperatorFinding(checkpoint: DelegationCheckpoint, c: number, records: readonly AttemptRecord[], out: DelegationFinding[]): void {
  const executor = records.filter(({ attempt }) => sameRevision(attempt.executor_actor_ref, checkpoint.writer_actor_ref));
  if (executor.length === 0 || executor.some(({ attempt }) => attempt.operator_principal_ref === checkpoint.writer_operator_ref)) return;
  const { attempt, index } = executor[0] as AttemptRecord;
  const w = checkpoint.writer_actor_ref;
  const path = `checkpoints.${c}.writer_operator_ref`;
  out.push(delegationFinding("CHECKPOINT_WRITER_OPERATOR", `${path}: ${checkpoint.checkpoint_id} is written by ${w.object_id}@${w.revision_id}, the executor of its attempt ${checkpoint.attempt_id} (attempts.${index}), under the operator ${checkpoint.writer_operator_ref}, and that attempt runs under ${attempt.operator_principal_ref}: the executor's checkpoint names its accountable operator (sections 1.1, 7.2)`, { path, dimension: "delegate", expected: attempt.operator_principal_ref, received: checkpoint.writer_operator_ref }));
}

export function checkpointAttemptFindings(attempts: readonly AttemptRecord[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (checkpoints.length === 0) return;
  const writers = checkpointWriters(attempts);
  checkpoints.forEach((checkpoint, c) => {
    const records = writers(checkpoint);
    if (records.length === 0) return;
    const first = records[0] as AttemptRecord;
    writerOperatorFinding(checkpoint, c, records, out);
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
