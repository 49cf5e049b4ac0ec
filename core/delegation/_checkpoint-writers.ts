/**
 * The given records of the attempt that wrote each checkpoint (1.1: a checkpoint "References an
 * exact delegation/attempt"): those with its `attempt_id`, of the same delegation.
 */
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";

export interface AttemptRecord {
  readonly attempt: ExecutionAttempt;
  /** The attempt's index in the document. */
  readonly index: number;
}

/** A lookup from a checkpoint to its attempt's given records (none when none is given). */
export function checkpointWriters(attempts: readonly AttemptRecord[]): (checkpoint: DelegationCheckpoint) => readonly AttemptRecord[] {
  const byId = new Map<string, AttemptRecord[]>();
  for (const a of attempts) {
    const key = `${a.attempt.delegation_ref.object_id} ${a.attempt.attempt_id}`;
    const list = byId.get(key);
    if (list === undefined) byId.set(key, [a]);
    else list.push(a);
  }
  // A space never appears in a RecordId, so the key cannot be two other ids joined.
  return (checkpoint) => byId.get(`${checkpoint.delegation_ref.object_id} ${checkpoint.attempt_id}`) ?? [];
}
