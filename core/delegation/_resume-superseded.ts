/**
 * A resume continues from the latest checkpoint of its attempt written by the time it starts
 * (section 7.2: a checkpoint carries a "monotonic sequence", and the resumer "never silently
 * continues from stale state"; `_checkpoint-sequence.ts`: a resume continues from "the" checkpoint
 * its sequence places last). A checkpoint of the same attempt (its `attempt_id`, of the same
 * delegation) with a greater sequence, written no later than the resume started, recorded a later
 * state: steps completed and outputs emitted since, inputs fixed since. Continuing from the earlier
 * one redoes or loses them.
 *
 * RESUME_CHECKPOINT_SUPERSEDED, at `attempts.<i>.resumed_from_checkpoint_ref`: a resume paired with
 * a checkpoint given (`_resumes.ts`) when such a later checkpoint is given, naming the one with the
 * greatest sequence. One finding an attempt and checkpoint (every record of an attempt keeps its
 * start). A checkpoint written after the resume started is not one it could have read, so it does
 * not supersede (a running attempt may checkpoint again after another resumes it). A later revision
 * of the checkpoint itself (an amendment, one sequence: README note 103) supersedes it alike: a
 * RevisionRef names one exact revision (section 2; notes 169, 173), and one whose chain of priors
 * given reaches the revision resumed (`priorKey`), of the same attempt and written no later than
 * the resume started, restated the state after it; the latest such is named (README note 175). A
 * chain broken by a revision not given, or a prior named under another digest, reaches nothing in
 * hand, so it supersedes nothing. **Decision:**
 * the dimension is `inputs`, as for CHECKPOINT_SEQUENCE: a resume verifies the fixity of the
 * latest checkpoint's exact input revisions (7.2), and these are not those. Checked by
 * `checkAttempts` and `checkReassignment`, over the checkpoints given; found in time linear in
 * them and logarithmic a resume, and an amendment in time linear in the revisions amending its
 * checkpoint.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { attemptThing, priorKey, revisionKey } from "./_revision-heads.js";
import { resumesOf } from "./_resumes.js";
import { utcKey } from "./scalars.js";

interface Latest {
  /** When a checkpoint was written, ascending. */
  readonly time: string; // utcKey: orders as the time does, a leap second included
  /** Of the checkpoints written by then, the one with the greatest sequence, and its index. */
  readonly checkpoint: DelegationCheckpoint;
  readonly index: number;
}

const attemptKey = (c: DelegationCheckpoint): string => `${c.delegation_ref.object_id} ${c.attempt_id}`;

/** Per attempt, its checkpoints by time written, each row the greatest sequence written by then. */
function latestBy(checkpoints: readonly DelegationCheckpoint[]): Map<string, Latest[]> {
  const placed = new Map<string, { checkpoint: DelegationCheckpoint; index: number; time: string }[]>();
  checkpoints.forEach((checkpoint, index) => {
    const time = utcKey(checkpoint.written_at);
    if (time === null) return;
    const key = attemptKey(checkpoint);
    const list = placed.get(key);
    if (list === undefined) placed.set(key, [{ checkpoint, index, time }]);
    else list.push({ checkpoint, index, time });
  });
  const out = new Map<string, Latest[]>();
  for (const [key, list] of placed) {
    list.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.index - b.index));
    const rows: Latest[] = [];
    let best: { checkpoint: DelegationCheckpoint; index: number } | undefined;
    for (const p of list) {
      if (best === undefined || p.checkpoint.sequence > best.checkpoint.sequence) best = p;
      rows.push({ time: p.time, checkpoint: best.checkpoint, index: best.index });
    }
    out.set(key, rows);
  }
  return out;
}

/** What names a checkpoint's revision as a prior (`priorKey`, under its record id). */
const keyOf = (c: DelegationCheckpoint): string => revisionKey(c.record_id, c.revision_id, c.content_digest);

/** Per revision named as a prior, the checkpoints given naming it. */
function amendmentsBy(checkpoints: readonly DelegationCheckpoint[]): Map<string, { checkpoint: DelegationCheckpoint; index: number }[]> {
  const out = new Map<string, { checkpoint: DelegationCheckpoint; index: number }[]>();
  checkpoints.forEach((checkpoint, index) => {
    const prior = priorKey(checkpoint, checkpoint.record_id);
    if (prior === null) return;
    const list = out.get(prior);
    if (list === undefined) out.set(prior, [{ checkpoint, index }]);
    else list.push({ checkpoint, index });
  });
  return out;
}

/**
 * Of the revisions whose chain of priors given reaches `checkpoint`, of its attempt and written at
 * or before `at`, the one written last (the first given among those written at one time), or
 * undefined. Each revision is walked once (a cycle of priors ends the walk).
 */
function amendedBy(checkpoint: DelegationCheckpoint, amendments: ReadonlyMap<string, readonly { checkpoint: DelegationCheckpoint; index: number }[]>, at: string): Latest | undefined {
  const start = keyOf(checkpoint);
  const walked = new Set<string>([start]);
  const pending = [start];
  let found: Latest | undefined;
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    for (const next of amendments.get(key) ?? []) {
      const own = keyOf(next.checkpoint);
      if (walked.has(own)) continue;
      walked.add(own);
      pending.push(own);
      const time = utcKey(next.checkpoint.written_at);
      if (time === null || time > at || attemptKey(next.checkpoint) !== attemptKey(checkpoint)) continue;
      if (found === undefined || time > found.time || (time === found.time && next.index < found.index)) found = { time, ...next };
    }
  }
  return found;
}

/** The last row written at or before `at`, or undefined. */
function asOf(rows: readonly Latest[], at: string): Latest | undefined {
  let [lo, hi] = [0, rows.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((rows[mid] as Latest).time <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : rows[lo - 1];
}

export function resumeSupersededFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (checkpoints.length < 2) return;
  let latest: Map<string, Latest[]> | undefined;
  let amendments: Map<string, { checkpoint: DelegationCheckpoint; index: number }[]> | undefined;
  const seen = new Set<string>();
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    const start = utcKey(attempt.started_at);
    if (start === null) continue;
    latest ??= latestBy(checkpoints);
    const row = asOf(latest.get(attemptKey(checkpoint)) ?? [], start);
    const sequenced = row !== undefined && row.checkpoint.sequence > checkpoint.sequence && row.checkpoint.checkpoint_id !== checkpoint.checkpoint_id ? row : undefined;
    const amended = sequenced === undefined ? amendedBy(checkpoint, (amendments ??= amendmentsBy(checkpoints)), start) : undefined;
    const later = sequenced ?? amended;
    if (later === undefined) continue;
    const key = `${attemptThing(attempt)}\u0000${c}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [was, now] = [later.checkpoint, checkpoint];
    const path = `attempts.${index}.resumed_from_checkpoint_ref`;
    const what =
      sequenced !== undefined
        ? `${attempt.attempt_id} resumes ${now.checkpoint_id} (checkpoints.${c}, sequence ${now.sequence}) of ${now.attempt_id}, and ${was.checkpoint_id} (checkpoints.${later.index}, sequence ${was.sequence}) of that attempt`
        : `${attempt.attempt_id} resumes ${now.checkpoint_id} at ${now.revision_id} (checkpoints.${c}, sequence ${now.sequence}) of ${now.attempt_id}, and its amendment ${was.revision_id} (checkpoints.${later.index})`;
    out.push(delegationFinding("RESUME_CHECKPOINT_SUPERSEDED", `${path}: ${what} was written at ${was.written_at}, before the resume started at ${attempt.started_at}: a resume continues from its attempt's latest checkpoint, never silently from stale state (section 7.2)`, { path, dimension: "inputs", expected: `${was.checkpoint_id}@${was.revision_id}`, received: `${now.checkpoint_id}@${now.revision_id}` }));
  }
}
