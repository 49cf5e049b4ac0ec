/**
 * A resume starts no earlier than the checkpoint it resumes was written (sections 7.2, 11.4).
 * "Resume creates a new attempt referencing the checkpoint. The resumer MUST verify contract/card/
 * policy validity, input fixity, every control-stream head, canonical parent revisions, budget
 * remainder, and external-effect reconciliation, then issue a fresh ControlFenceSet"; 11.4's AGENT-B
 * "verifies CP-7 ... It starts ATT-2 referencing CP-7". A checkpoint records its "timestamp"
 * (`written_at`), so an attempt that started before that moment continued from a state the
 * checkpoint had not yet recorded, and cannot have verified it: the very "stale state" 7.2 forbids.
 *
 * RESUME_BEFORE_CHECKPOINT, at `attempts.<i>.started_at`: a resume paired with a checkpoint given
 * (`_resumes.ts`: named exactly) whose `started_at` is before that checkpoint's `written_at`, as
 * instants (the same instant passes, as a checkpoint written the instant its attempt starts does,
 * CHECKPOINT_ATTEMPT_MISMATCH). One finding an attempt and checkpoint: every record of an attempt
 * keeps its start (ATTEMPT_REVISION_FORK otherwise). The dimension is `retries`, as for
 * RESUME_UNRECONCILED: 5.1's retry_policy row holds the verification a new attempt owes before it
 * starts ("reconciliation-before-retry"), and a reassignment given such a resume is denied on it.
 * Checked by `checkAttempts` and `checkReassignment`.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { attemptThing } from "./_revision-heads.js";
import { resumesOf } from "./_resumes.js";
import { compareUtc } from "./scalars.js";

export function resumeStartFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const seen = new Set<string>();
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    if (!(compareUtc(attempt.started_at, checkpoint.written_at) < 0)) continue;
    const key = `${attemptThing(attempt)}\u0000${c}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const path = `attempts.${index}.started_at`;
    out.push(delegationFinding("RESUME_BEFORE_CHECKPOINT", `${path}: ${attempt.attempt_id} resumes ${checkpoint.checkpoint_id} (checkpoints.${c}) and starts at ${attempt.started_at}, before that checkpoint was written (${checkpoint.written_at}): a resume verifies its checkpoint, then issues a fresh fence set, and never continues from a state not yet recorded (section 7.2)`, { path, dimension: "retries", expected: `>= ${checkpoint.written_at}`, received: attempt.started_at }));
  }
}
