/**
 * Each record of an attempt paired with the record of the revision it names as its prior
 * (`prior_revision_ref`, by attempt, revision and content digest, `priorKey`), when that revision is given: the
 * pairs `checkAttempts` and `checkReassignment` compare (consumption that only grows, an outcome
 * moved only by a read-back). A record naming itself is paired with nothing; where one revision is
 * given twice, the last copy stands for it.
 */
import type { ExecutionAttempt } from "./execution.js";
import { attemptThing, priorKey, revisionKey } from "./_revision-heads.js";

export interface AttemptRecord {
  readonly attempt: ExecutionAttempt;
  /** Its place in the document (`attempts.<index>`). */
  readonly index: number;
}

export function attemptPriors<T extends AttemptRecord>(records: readonly T[]): { readonly record: T; readonly before: T }[] {
  const byRevision = new Map<string, T>();
  for (const r of records) byRevision.set(revisionKey(attemptThing(r.attempt), r.attempt.revision_id, r.attempt.content_digest), r);
  const pairs: { record: T; before: T }[] = [];
  for (const record of records) {
    const prior = priorKey(record.attempt, attemptThing(record.attempt));
    if (prior === null) continue;
    const before = byRevision.get(prior);
    if (before !== undefined && before !== record) pairs.push({ record, before });
  }
  return pairs;
}
