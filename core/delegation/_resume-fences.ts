/**
 * A resume's fence set is fresh (7.2: "Resume creates a new attempt referencing the checkpoint. The
 * resumer MUST verify ... every control-stream head ... then issue a fresh ControlFenceSet. Failed
 * validation stops or escalates; it never silently continues from stale state"; 11.4: ATT-2 starts
 * "referencing CP-7 with a fresh fence set", and "Any stale effect carrying DB4 now fails").
 *
 * RESUME_FENCE_STALE, at `attempts.<i>.control_fence_set.<j>`: of a stream both fence, the resume's
 * boundary is at a position before its checkpoint's (a stream's positions only grow, 1.2, so a head
 * read after the checkpoint cannot precede what the checkpoint fenced); and a resume under another
 * revision of the delegation than its checkpoint's fences the delegation's own stream past the
 * checkpoint's boundary there, since that revision was appended on that stream after the checkpoint
 * (1.1: delegation lifecycle and reassignment events "append to the affected delegation authority
 * branch"; 11.4: DB4 to DB5, then r2). **Decision:** a resume under the checkpoint's own revision
 * may fence the checkpoint's very boundaries: a fresh fence of heads that did not move names them
 * again (11.2: "Resume refreshes those fences"), and attempt audit branches, where checkpoints
 * append, never advance an authority head (1.2). Positions are compared only inside one stream.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { compareBoundaries, streamOf } from "./control.js";
import type { ControlBoundaryRef } from "./control.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { resumesOf } from "./_resumes.js";
import { sameRevision } from "./scalars.js";

export function resumeFenceFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    const fenced = new Map<string, ControlBoundaryRef>();
    for (const b of checkpoint.control_fence_set) if (!fenced.has(streamOf(b))) fenced.set(streamOf(b), b);
    const reissued = !sameRevision(attempt.delegation_ref, checkpoint.delegation_ref);
    const own = `delegation:${checkpoint.delegation_ref.object_id}`;
    attempt.control_fence_set.forEach((b, j) => {
      const then = fenced.get(streamOf(b));
      if (then === undefined) return;
      const order = compareBoundaries(b, then);
      const older = order === -1;
      const unmoved = reissued && b.branch_id === own && order === 0;
      if (!older && !unmoved) return;
      const path = `attempts.${index}.control_fence_set.${j}`;
      const why = older
        ? `before the position its checkpoint ${checkpoint.checkpoint_id} (checkpoints.${c}) fenced there, ${then.position} (${then.event_id}): a stream's positions only grow, so this is no head read at the resume`
        : `the boundary its checkpoint ${checkpoint.checkpoint_id} (checkpoints.${c}) fenced under ${checkpoint.delegation_ref.revision_id}; ${attempt.delegation_ref.revision_id}, which it runs under, was appended on that stream since, so this head predates it`;
      out.push(delegationFinding("RESUME_FENCE_STALE", `${path}: ${attempt.attempt_id} resumes with ${b.branch_id} at ${b.position} (${b.event_id}), ${why}: a resume issues a fresh ControlFenceSet and never continues from stale state (sections 7.2, 11.4)`, { path, dimension: "ancestor_fences", expected: `${older ? ">=" : ">"} ${then.position}`, received: String(b.position) }));
    });
  }
}
