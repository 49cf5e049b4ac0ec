/**
 * A resume is a new attempt (section 7.2: "Resume creates a new attempt referencing the
 * checkpoint"; 11.4: AGENT-B "starts ATT-2 referencing CP-7 ... it does not impersonate or rewrite
 * ATT-1"). A record of the very attempt that wrote a checkpoint naming that checkpoint as the one it
 * resumes continues the old attempt under its old fence set, where the resumer owes a fresh one
 * after verifying the checkpoint: no new attempt was created.
 *
 * RESUME_NOT_NEW_ATTEMPT, at `attempts.<i>.attempt_id`: a resume paired with a checkpoint given
 * (`_resumes.ts`: named exactly) whose `attempt_id` and delegation are the resume's own, as
 * `_checkpoint-writers.ts` finds a checkpoint's attempt. Whatever the times: a checkpoint written
 * the instant its attempt started passes RESUME_BEFORE_CHECKPOINT, yet that attempt is still not
 * new. One finding an attempt (its id and start) and checkpoint. The dimension is `retries`, as for
 * RESUME_BEFORE_CHECKPOINT. Checked by `checkAttempts` and `checkReassignment`.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { attemptThing } from "./_revision-heads.js";
import { resumesOf } from "./_resumes.js";

export function resumeNewAttemptFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const seen = new Set<string>();
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    if (attempt.attempt_id !== checkpoint.attempt_id || attempt.delegation_ref.object_id !== checkpoint.delegation_ref.object_id) continue;
    const key = `${attemptThing(attempt)}\u0000${c}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const path = `attempts.${index}.attempt_id`;
    out.push(delegationFinding("RESUME_NOT_NEW_ATTEMPT", `${path}: ${attempt.attempt_id} resumes ${checkpoint.checkpoint_id} (checkpoints.${c}), which ${checkpoint.attempt_id} itself wrote: a resume creates a new attempt referencing the checkpoint, never continues the attempt that wrote it (sections 7.2, 11.4)`, { path, dimension: "retries", expected: `an attempt other than ${checkpoint.attempt_id}`, received: attempt.attempt_id }));
  }
}
