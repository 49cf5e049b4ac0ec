/**
 * Which given checkpoint each given resume continues from (7.2: "Resume creates a new attempt
 * referencing the checkpoint"): an attempt whose `resumed_from_checkpoint_ref` names a checkpoint
 * given exactly, by its record or checkpoint id, revision and content digest. A checkpoint not
 * given, or given at another revision or digest, is not in hand, so the resume is not paired.
 */
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import type { RevisionRef } from "./scalars.js";

export interface Resume {
  readonly attempt: ExecutionAttempt;
  /** The attempt's index in the document. */
  readonly index: number;
  readonly checkpoint: DelegationCheckpoint;
  /** The checkpoint's index in the document. */
  readonly c: number;
}

/** Whether `ref` names `checkpoint` exactly: its record or checkpoint id, revision and content digest (the pairing below, for one checkpoint). */
export const namesCheckpoint = (ref: RevisionRef, checkpoint: DelegationCheckpoint): boolean =>
  (ref.object_id === checkpoint.record_id || ref.object_id === checkpoint.checkpoint_id) && ref.revision_id === checkpoint.revision_id && ref.content_digest === checkpoint.content_digest;

/** Every pair of a given resume and a given checkpoint it names exactly, in the order given. */
export function resumesOf(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[]): Resume[] {
  const byRef = new Map<string, { checkpoint: DelegationCheckpoint; index: number }[]>();
  checkpoints.forEach((checkpoint, index) => {
    for (const id of new Set([checkpoint.record_id, checkpoint.checkpoint_id])) {
      const key = `${id} ${checkpoint.revision_id} ${checkpoint.content_digest}`;
      const list = byRef.get(key);
      if (list === undefined) byRef.set(key, [{ checkpoint, index }]);
      else list.push({ checkpoint, index });
    }
  });
  const out: Resume[] = [];
  if (byRef.size === 0) return out;
  for (const { attempt, index } of attempts) {
    const ref = attempt.resumed_from_checkpoint_ref;
    if (ref === null) continue;
    for (const { checkpoint, index: c } of byRef.get(`${ref.object_id} ${ref.revision_id} ${ref.content_digest}`) ?? []) out.push({ attempt, index, checkpoint, c });
  }
  return out;
}
