/**
 * A checkpoint's fence set never steps back (1.2: "position is a monotonically increasing integer
 * local to that exact control branch"; 7.2: a checkpoint holds the "complete control fence set";
 * 11.2: each checkpoint records "the Space/agent/delegation/consent control fence set. Resume
 * refreshes those fences"). A checkpoint is written during or after its attempt, so the heads it
 * records were read no earlier than the ones that attempt bound before its effect; and of one
 * attempt's checkpoints, a later one records heads read no earlier than an earlier one's. A resume
 * is held to its checkpoint's fences (RESUME_FENCE_STALE), so a checkpoint fencing an older head
 * would let a resume continue from stale state (7.2) that no rule then sees.
 *
 * CHECKPOINT_FENCE_REGRESSED, at `checkpoints.<i>.control_fence_set.<j>`, one finding a boundary:
 * of a stream both fence, the checkpoint's position is before the one its attempt fenced there
 * (when a record of that attempt is given), or else before the greatest one a checkpoint of the
 * same attempt with a lower `sequence` fenced there. **Decision:** an attempt binds one fence set
 * (1.2: the "ExecutionAttempt ... bind[s] this exact fence set"; a refreshed one is a resume, a new
 * attempt), so of its records given at several revisions the earliest position a stream is fenced
 * at is compared, and a record appended later can never make an earlier checkpoint look stale.
 * Checkpoints are ordered by `sequence` (7.2's "monotonic sequence"; CHECKPOINT_SEQUENCE holds it to
 * the order written), within one attempt, as that rule compares them; two with one sequence are
 * not compared by sequence. A later revision of one checkpoint (its chain of priors reaches an earlier
 * one given) fences no stream before the greatest position an earlier revision fenced there, as
 * ATTEMPT_FENCE_REGRESSED holds an attempt's revisions: the revision restates the state its prior
 * recorded, whose heads were already read, so a lower one records a head already superseded; two
 * revisions with one sequence went uncompared, and the later could hand a resume a stale fence.
 * Revisions no chain orders are not compared. Positions are compared only inside one stream. The dimension is
 * `ancestor_fences`, as for RESUME_FENCE_STALE, so a reassignment given such a checkpoint is denied
 * on it. Checked by `checkAttempts` and `checkReassignment`.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { compareBoundaries, streamOf } from "./control.js";
import type { ControlBoundaryRef } from "./control.js";
import { checkpointWriters } from "./_checkpoint-writers.js";
import type { AttemptRecord } from "./_checkpoint-writers.js";
import type { DelegationCheckpoint } from "./execution.js";
import { priorKey, revisionKey } from "./_revision-heads.js";

interface Fenced {
  readonly boundary: ControlBoundaryRef;
  /** Who fenced it, for the message: `ATT-1 (attempts.0)`. */
  readonly where: string;
}

/** Per stream, the earliest boundary any record of one attempt fences. */
function attemptFloors(records: readonly AttemptRecord[]): Map<string, Fenced> {
  const floor = new Map<string, Fenced>();
  for (const { attempt, index } of records) {
    for (const b of attempt.control_fence_set) {
      const was = floor.get(streamOf(b));
      if (was === undefined || compareBoundaries(b, was.boundary) === -1) floor.set(streamOf(b), { boundary: b, where: `its attempt ${attempt.attempt_id} (attempts.${index})` });
    }
  }
  return floor;
}

function regressed(checkpoint: DelegationCheckpoint, c: number, j: number, b: ControlBoundaryRef, then: Fenced, why: string, out: DelegationFinding[]): void {
  const path = `checkpoints.${c}.control_fence_set.${j}`;
  const t = then.boundary;
  out.push(delegationFinding("CHECKPOINT_FENCE_REGRESSED", `${path}: ${checkpoint.checkpoint_id} fences ${b.project_id} ${b.branch_id} at ${b.position} (${b.event_id}), before the position ${then.where} fenced there, ${t.position} (${t.event_id}): a stream's positions only grow (section 1.2), and ${why}, so this is a head already superseded, and a resume held to it would continue from stale state (section 7.2)`, { path, dimension: "ancestor_fences", expected: `>= ${t.position}`, received: String(b.position) }));
}

export function checkpointFenceFindings(attempts: readonly AttemptRecord[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (checkpoints.length === 0) return;
  const writers = checkpointWriters(attempts);
  const floors = new Map<readonly AttemptRecord[], Map<string, Fenced>>();
  // One finding a boundary: one found against its attempt is not found again against a checkpoint.
  const found = new Set<string>();
  checkpoints.forEach((checkpoint, c) => {
    const records = writers(checkpoint);
    if (records.length === 0) return;
    const floor = floors.get(records) ?? attemptFloors(records);
    floors.set(records, floor);
    checkpoint.control_fence_set.forEach((b, j) => {
      const then = floor.get(streamOf(b));
      if (then === undefined || compareBoundaries(b, then.boundary) !== -1) return;
      found.add(`${c} ${j}`);
      regressed(checkpoint, c, j, b, then, "a checkpoint is written during its attempt, after the heads that attempt fenced were read", out);
    });
  });
  // Of one attempt's checkpoints (of one delegation), in the order of their sequence.
  const byAttempt = new Map<string, { checkpoint: DelegationCheckpoint; c: number }[]>();
  checkpoints.forEach((checkpoint, c) => {
    // A space never appears in a RecordId, so the key cannot be two other ids joined.
    const key = `${checkpoint.delegation_ref.object_id} ${checkpoint.attempt_id}`;
    const mine = byAttempt.get(key);
    if (mine === undefined) byAttempt.set(key, [{ checkpoint, c }]);
    else mine.push({ checkpoint, c });
  });
  revisionFenceFindings(checkpoints, found, out);
  for (const mine of byAttempt.values()) {
    if (mine.length < 2) continue;
    mine.sort((a, b) => a.checkpoint.sequence - b.checkpoint.sequence || a.c - b.c);
    // `high`: per stream, the latest boundary a checkpoint of a strictly lower sequence fences.
    const high = new Map<string, Fenced>();
    let group: { checkpoint: DelegationCheckpoint; c: number }[] = [];
    const close = (): void => {
      for (const { checkpoint, c } of group) {
        for (const b of checkpoint.control_fence_set) {
          const was = high.get(streamOf(b));
          if (was === undefined || compareBoundaries(b, was.boundary) === 1) high.set(streamOf(b), { boundary: b, where: `${checkpoint.checkpoint_id} (checkpoints.${c}, sequence ${checkpoint.sequence})` });
        }
      }
      group = [];
    };
    for (const p of mine) {
      if (group.length > 0 && (group[0] as { checkpoint: DelegationCheckpoint }).checkpoint.sequence !== p.checkpoint.sequence) close();
      p.checkpoint.control_fence_set.forEach((b, j) => {
        const then = high.get(streamOf(b));
        if (then === undefined || found.has(`${p.c} ${j}`) || compareBoundaries(b, then.boundary) !== -1) return;
        regressed(p.checkpoint, p.c, j, b, then, `${p.checkpoint.checkpoint_id}, at sequence ${p.checkpoint.sequence}, is a later checkpoint of ${p.checkpoint.attempt_id}, written after it`, out);
      });
      group.push(p);
    }
  }
}

/** Each checkpoint against the earlier revisions of it its chain of priors reaches (`found`: boundaries already said). */
function revisionFenceFindings(checkpoints: readonly DelegationCheckpoint[], found: Set<string>, out: DelegationFinding[]): void {
  const byRevision = new Map<string, { checkpoint: DelegationCheckpoint; c: number }>();
  checkpoints.forEach((checkpoint, c) => byRevision.set(revisionKey(checkpoint.record_id, checkpoint.revision_id, checkpoint.content_digest), { checkpoint, c }));
  checkpoints.forEach((checkpoint, c) => {
    // Per stream, the latest boundary an earlier revision fences; each revision walked once (a cycle ends the walk).
    const high = new Map<string, Fenced>();
    const walked = new Set<string>();
    for (let key = priorKey(checkpoint, checkpoint.record_id); key !== null; ) {
      const before = byRevision.get(key);
      if (before === undefined || walked.has(key) || before.checkpoint === checkpoint) break;
      walked.add(key);
      for (const b of before.checkpoint.control_fence_set) {
        const was = high.get(streamOf(b));
        if (was === undefined || compareBoundaries(b, was.boundary) === 1) high.set(streamOf(b), { boundary: b, where: `its earlier revision ${before.checkpoint.revision_id} (checkpoints.${before.c})` });
      }
      key = priorKey(before.checkpoint, before.checkpoint.record_id);
    }
    checkpoint.control_fence_set.forEach((b, j) => {
      const then = high.get(streamOf(b));
      if (then === undefined || found.has(`${c} ${j}`) || compareBoundaries(b, then.boundary) !== -1) return;
      found.add(`${c} ${j}`);
      regressed(checkpoint, c, j, b, then, `${checkpoint.revision_id} is a later revision of ${checkpoint.checkpoint_id}, restating a state whose heads were already read`, out);
    });
  });
}
