/**
 * One record per thing: the latest of the revisions given of it. Records are immutable and a change
 * is a new revision naming its prior (section 3: `prior_revision_ref`), so a list of a delegation's
 * attempts or of a parent's children may hold one attempt twice (appended running, then ended) or
 * one child at two revisions. Counted once each, as its latest revision says: the running copy of
 * an attempt is no second attempt, and a child amended from 10 tokens to 5 holds 5, not 15. An
 * exact copy (the same revision and content digest) is the same record.
 *
 * The latest revision is the one no other given revision of the same thing names as its prior
 * (by revision and content digest: a revision named with other content is another record). Every
 * other revision is superseded only if the chain of priors from a latest one reaches it: one that
 * no chain reaches (a cycle of revisions naming one another beside a latest, a second content of a
 * named revision) is as much a candidate as the latest, so it is returned too. Two revisions
 * neither of which leads to the other leave the latest unknown: both are returned, and the caller
 * decides (a sum counts both, failing closed; attempts are refused as a fork).
 */
import type { Envelope } from "./envelope.js";
import type { ExecutionAttempt } from "./execution.js";
import { utcKey } from "./scalars.js";
import type { RevisionRef } from "./scalars.js";

/**
 * What an attempt's revisions are revisions of: its id and its start, as an instant. A later record of an attempt
 * (appended running, then ended) records the same start (7.1: an attempt's "start/end times"); one
 * under the same id that starts at another time is another attempt reusing the id, which a chain
 * of priors must not fold into one (a retry counted as no attempt escapes `max_attempts`).
 */
export const attemptThing = (attempt: ExecutionAttempt): string => `${attempt.attempt_id}\u0000${startOf(attempt)}`;

/** The instant an attempt started (`utcKey`): `10:40:00Z` and `10:40:00.000Z` are one start, a leap second none other. */
function startOf(attempt: ExecutionAttempt): string {
  return utcKey(attempt.started_at) ?? attempt.started_at;
}

/** How a revision of a thing is named (`prior_revision_ref`): the thing, its revision and content digest. */
export const revisionKey = (thing: string, revision: string, digest: string): string => `${thing}\u0000${revision}\u0000${digest}`;

/**
 * The key of the revision `record`, a revision of `thing`, names as its prior, or null for a first
 * revision (or one naming itself). The prior is section 3's `prior_revision_ref`, a RevisionRef (2:
 * the "Exact {object_id, revision_id, content_digest} triple"), so all three name it: one naming
 * another object than the record's own `record_id` names no revision of this record, and its key
 * matches none of them, a prior not given (validateRecord refuses it, AMENDMENT_REF; README note
 * 169). Every walk of a chain of priors reads a prior here.
 */
export function priorKey(record: Envelope, thing: string): string | null {
  const prior = record.prior_revision_ref;
  if (prior === null) return null;
  // \u0001 begins no thing (ids are printable ASCII), so another object's revision matches nothing given.
  if (prior.object_id !== record.record_id) return revisionKey(`\u0001${prior.object_id}`, prior.revision_id, prior.content_digest);
  if (prior.revision_id === record.revision_id && prior.content_digest === record.content_digest) return null;
  return revisionKey(thing, prior.revision_id, prior.content_digest);
}

export interface Head<T> {
  readonly record: T;
  /** Where the record is in the list given, for a finding's path. */
  readonly index: number;
}

/** The latest revisions of each thing in `records`, `idOf` naming the thing, in the order given. */
export function revisionHeads<T extends Envelope>(records: readonly T[], idOf: (record: T) => string): Head<T>[] {
  const keyOf = (record: T): string => revisionKey(idOf(record), record.revision_id, record.content_digest);
  const distinct: Head<T>[] = [];
  // Each distinct record by thing, revision and content: what a prior_revision_ref names.
  const byRevision = new Map<string, T>();
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as T;
    const key = keyOf(record);
    // An exact copy (the same revision and content) is the same record; the same revision with
    // other content is no copy: both are kept.
    if (byRevision.has(key)) continue;
    byRevision.set(key, record);
    distinct.push({ record, index });
  }
  const priorOf = (record: T): string | null => priorKey(record, idOf(record));
  const named = new Set<string>();
  for (const { record } of distinct) {
    const prior = priorOf(record);
    if (prior !== null) named.add(prior);
  }
  // Superseded: what a chain of priors from a latest revision reaches. Each record is walked once.
  const reached = new Set<string>();
  for (const { record } of distinct) {
    if (named.has(keyOf(record))) continue;
    for (let prior = priorOf(record); prior !== null && !reached.has(prior); ) {
      reached.add(prior);
      const r = byRevision.get(prior);
      prior = r === undefined ? null : priorOf(r);
    }
  }
  return distinct.filter(({ record }) => !reached.has(keyOf(record)));
}

/**
 * Where the chain of priors from `record` leaves the records given, `byRevision` (each by
 * `revisionKey` of `idOf`, revision and content digest): the first revision it names that is not
 * among them, or null when the chain ends at a first revision or closes in a cycle. A chain broken
 * there leaves the records on either side of the gap unordered: the missing revision may name any
 * of them, or none, so none is compared across it. `memo`, kept across calls on the same records,
 * holds each revision walked, so chains sharing a stretch are walked once in all.
 */
export function missingPrior<T extends Envelope>(byRevision: ReadonlyMap<string, T>, idOf: (record: T) => string, record: T, memo: Map<string, RevisionRef | null> = new Map()): RevisionRef | null {
  const path: string[] = [];
  const onPath = new Set<string>();
  let found: RevisionRef | null = null;
  for (let r: T = record; ; ) {
    const prior = r.prior_revision_ref;
    const key = priorKey(r, idOf(r));
    if (prior === null || key === null) break;
    const known = memo.get(key);
    if (known !== undefined) {
      found = known;
      break;
    }
    // A cycle of priors ends the chain without a gap.
    if (onPath.has(key)) break;
    const next = byRevision.get(key);
    if (next === undefined) {
      found = prior;
      break;
    }
    path.push(key);
    onPath.add(key);
    r = next;
  }
  for (const key of path) memo.set(key, found);
  return found;
}
