/**
 * A resume that continues from a checkpoint the attempt before it had already moved past (7.1, 7.2).
 * A resume is not held to the attempt before it as a retry is, because its checkpoint may record that
 * attempt's operations reconciled (11.4: ATT-2 resumes CP-7, which ATT-1 wrote and reconciled). That
 * holds only when the checkpoint can know of that attempt's effects. It cannot when the attempt before
 * itself resumed the same checkpoint revision (two attempts continuing from one state: 11.4's ATT-2
 * from CP-7, then an ATT-3 from CP-7 again after ATT-2 ended `unknown`), nor when the checkpoint,
 * given, was written before that attempt started: whatever that attempt did came after the state
 * recorded, and "Retries of unknown or partially_applied attempts require reconciliation" (7.1),
 * which relabelling the retry as a resume would step past. **Decision:** such a resume is held to
 * the attempt before it as a retry is, `RETRY_UNRECONCILED` when that attempt is `unknown`,
 * `partially_applied` or has no outcome and its record holds no read-back; the retryable outcomes
 * and the backoff still bind retries alone (a resume continues rather than retries once the earlier
 * state is reconciled). "The same checkpoint" is the exact revision (a RevisionRef is the "Exact
 * {object_id, revision_id, content_digest} triple", section 2; README note 173): another revision of
 * the checkpoint that attempt resumed (CP-7 amended after ATT-2 started) is judged by when it was
 * written, as any checkpoint is, and, not in hand (not given, or named under another digest), stays
 * held: it may be the one that attempt already continued from, or predate it.
 */
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { namesCheckpoint } from "./_resumes.js";
import { compareUtc, sameRevision } from "./scalars.js";

/** Why a resume is held to the attempt before it, for the finding's words: the very revision that attempt resumed, a checkpoint written before it started, or a revision of the checkpoint it resumed not in hand. */
export type PastAttempt = "same-revision" | "written-before" | "not-in-hand";

export function resumesPastAttempt(attempt: ExecutionAttempt, before: ExecutionAttempt, checkpoints: readonly DelegationCheckpoint[]): PastAttempt | null {
  const ref = attempt.resumed_from_checkpoint_ref;
  if (ref === null) return null;
  const earlier = before.resumed_from_checkpoint_ref;
  if (sameRevision(earlier, ref)) return "same-revision";
  const checkpoint = checkpoints.find((c) => namesCheckpoint(ref, c));
  if (checkpoint !== undefined) return compareUtc(checkpoint.written_at, before.started_at) < 0 ? "written-before" : null;
  return earlier !== null && earlier.object_id === ref.object_id ? "not-in-hand" : null;
}
