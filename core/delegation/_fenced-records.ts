/**
 * The records whose fence sets the fence rules read, in one list: every given record of an attempt
 * (`attempts.<i>`), then every checkpoint (`checkpoints.<i>`), in the order given. Each binds a
 * fence set (1.2: "The PermissionDecision, ExecutionAttempt, and project-mutation request bind this
 * exact fence set"; 7.2: a checkpoint holds the "complete control fence set"). `checkAttempts` and
 * `checkReassignment` build it here, so both read the same records in the same order
 * (`_record-fences.ts`, `_stream-forks.ts`).
 */
import type { ControlFenceSet } from "./control.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import type { RevisionRef } from "./scalars.js";

export interface FencedRecord {
  /** `attempts.<i>` or `checkpoints.<i>`. */
  readonly at: string;
  /** The attempt or checkpoint id, for the message. */
  readonly id: string;
  readonly delegation_ref: RevisionRef;
  readonly control_fence_set: ControlFenceSet;
}

/** `attempts` with each one's index in the document; `checkpoints` as given. */
export function fencedRecords(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[]): FencedRecord[] {
  return [
    ...attempts.map(({ attempt: a, index }) => ({ at: `attempts.${index}`, id: a.attempt_id, delegation_ref: a.delegation_ref, control_fence_set: a.control_fence_set })),
    ...checkpoints.map((c, i) => ({ at: `checkpoints.${i}`, id: c.checkpoint_id, delegation_ref: c.delegation_ref, control_fence_set: c.control_fence_set })),
  ];
}
