/**
 * A later revision of an attempt never fences a stream before an earlier revision of it did (1.2:
 * "position is a monotonically increasing integer local to that exact control branch"; 3: "Every
 * record is immutable and versioned", a change appended as a new revision naming its prior). The
 * fence set a record of an attempt carries is the one the attempt bound (1.2: "The
 * PermissionDecision, ExecutionAttempt, and project-mutation request bind this exact fence set"),
 * or one read afresh before a later effect of it (9: expiry and revocation "are evaluated through a
 * fresh complete ControlFenceSet immediately before every consequential effect"), and a head read
 * later stands at no earlier position. So a revision appended after another, fencing a stream at a
 * position before the one that revision fenced there, records a head already superseded when the
 * earlier record was written: a stale fence (7.2: "it never silently continues from stale state").
 *
 * ATTEMPT_FENCE_REGRESSED, at `attempts.<i>.control_fence_set.<j>`, one finding a boundary: of a
 * stream both fence, the record's position is before the greatest one any revision its chain of
 * priors reaches among the records given fenced there. "Earlier" is the chain of priors (section
 * 3's `prior_revision_ref`, by object id, revision and content digest, `priorKey` in `_revision-heads.ts`),
 * never `issued_at`: a record whose prior is not given is compared with nothing, as
 * ATTEMPT_CONSUMPTION_SHRANK compares it with nothing. Revisions of one attempt only (its id and
 * start, `attemptThing`); two attempts are never compared (a resume fences afresh, RESUME_FENCE_STALE
 * holds it to its checkpoint), nor two streams. A fence at the same or a later position passes.
 * The dimension is `ancestor_fences`, as for CHECKPOINT_FENCE_REGRESSED, so a reassignment given
 * such a record is denied on it. Checked by `checkAttempts` and `checkReassignment`.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { compareBoundaries, streamOf } from "./control.js";
import type { ControlBoundaryRef } from "./control.js";
import type { AttemptRecord } from "./_checkpoint-writers.js";
import type { ExecutionAttempt } from "./execution.js";
import { attemptThing, priorKey, revisionKey } from "./_revision-heads.js";

interface Fenced {
  readonly boundary: ControlBoundaryRef;
  /** Who fenced it, for the message: `att-r1 (attempts.0)`. */
  readonly where: string;
}

const keyOf = (a: ExecutionAttempt): string => revisionKey(attemptThing(a), a.revision_id, a.content_digest);

/** The key of the revision `a` names as its prior, or null for a first revision (or one naming itself). */
function priorOf(a: ExecutionAttempt): string | null {
  return priorKey(a, attemptThing(a));
}

export function attemptFenceFindings(records: readonly AttemptRecord[], out: DelegationFinding[]): void {
  if (records.length < 2) return;
  // Each distinct revision (an exact copy is the same record): the first given.
  const byRevision = new Map<string, AttemptRecord>();
  for (const r of records) if (!byRevision.has(keyOf(r.attempt))) byRevision.set(keyOf(r.attempt), r);
  // Per revision, per stream: the greatest boundary it or a revision its chain of priors reaches fenced.
  const greatest = new Map<string, Map<string, Fenced>>();
  const resolve = (start: string): Map<string, Fenced> | undefined => {
    // Walked without recursion (a chain may be long), each revision once; a cycle of priors stops the walk.
    const chain: AttemptRecord[] = [];
    const onChain = new Set<string>();
    let key: string | null = start;
    while (key !== null && !greatest.has(key) && !onChain.has(key)) {
      const r = byRevision.get(key);
      if (r === undefined) break;
      chain.push(r);
      onChain.add(key);
      key = priorOf(r.attempt);
    }
    let above = key === null ? undefined : greatest.get(key);
    for (let n = chain.length - 1; n >= 0; n--) {
      const { attempt, index } = chain[n] as AttemptRecord;
      const mine = new Map(above);
      for (const b of attempt.control_fence_set) {
        const was = mine.get(streamOf(b));
        if (was === undefined || compareBoundaries(b, was.boundary) === 1) mine.set(streamOf(b), { boundary: b, where: `${attempt.revision_id} (attempts.${index})` });
      }
      greatest.set(keyOf(attempt), mine);
      above = mine;
    }
    return greatest.get(start);
  };
  for (const { attempt, index } of records) {
    const prior = priorOf(attempt);
    if (prior === null) continue;
    const before = resolve(prior);
    if (before === undefined) continue;
    attempt.control_fence_set.forEach((b, j) => {
      const then = before.get(streamOf(b));
      if (then === undefined || compareBoundaries(b, then.boundary) !== -1) return;
      const path = `attempts.${index}.control_fence_set.${j}`;
      const t = then.boundary;
      out.push(delegationFinding("ATTEMPT_FENCE_REGRESSED", `${path}: ${attempt.attempt_id}@${attempt.revision_id} fences ${b.project_id} ${b.branch_id} at ${b.position} (${b.event_id}), before the position its earlier revision ${then.where} fenced there, ${t.position} (${t.event_id}): a stream's positions only grow (section 1.2), and a later record of an attempt carries the fence set it bound or a fresher one (sections 1.2, 9), so this is a head already superseded`, { path, dimension: "ancestor_fences", expected: `>= ${t.position}`, received: String(b.position) }));
    });
  }
}
