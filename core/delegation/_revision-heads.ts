/**
 * One record per thing: the latest of the revisions given of it. Records are immutable and a change
 * is a new revision naming its prior (section 3: `prior_revision_ref`), so a list of a delegation's
 * attempts or of a parent's children may hold one attempt twice (appended running, then ended) or
 * one child at two revisions. Counted once each, as its latest revision says: the running copy of
 * an attempt is no second attempt, and a child amended from 10 tokens to 5 holds 5, not 15. An
 * exact copy (the same revision and content digest) is the same record.
 *
 * The latest revision is the one no other given revision of the same thing names as its prior.
 * Two revisions neither of which names the other leave the latest unknown: both are returned, and
 * the caller decides (a sum counts both, failing closed; attempts are refused as a fork).
 */
import type { Envelope } from "./envelope.js";

export interface Head<T> {
  readonly record: T;
  /** Where the record is in the list given, for a finding's path. */
  readonly index: number;
}

/** The latest revisions of each thing in `records`, `idOf` naming the thing, in the order given. */
export function revisionHeads<T extends Envelope>(records: readonly T[], idOf: (record: T) => string): Head<T>[] {
  // Each thing's revisions named as another revision's prior: superseded.
  const superseded = new Set<string>();
  for (const r of records) if (r.prior_revision_ref !== null && r.prior_revision_ref.revision_id !== r.revision_id) superseded.add(`${idOf(r)}\u0000${r.prior_revision_ref.revision_id}`);
  const distinct: Head<T>[] = [];
  const seen = new Set<string>();
  const headed = new Set<string>();
  records.forEach((record, index) => {
    // The same revision with other content is no copy: both are kept.
    const copy = `${idOf(record)}\u0000${record.revision_id}\u0000${record.content_digest}`;
    if (seen.has(copy)) return;
    seen.add(copy);
    const key = `${idOf(record)}\u0000${record.revision_id}`;
    distinct.push({ record, index });
    if (!superseded.has(key)) headed.add(idOf(record));
  });
  // Revisions that all name one another (a cycle) leave none latest: every one counts, failing closed.
  return distinct.filter(({ record }) => !superseded.has(`${idOf(record)}\u0000${record.revision_id}`) || !headed.has(idOf(record)));
}
