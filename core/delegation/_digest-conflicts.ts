/**
 * Two records given under one revision and content digest with other content (section 2: a
 * revision is the "exact {object_id, revision_id, content_digest} triple"; 3: `content_digest` is the
 * "digest of canonical envelope and payload"). Both cannot be that revision, and the digest is never
 * recomputed (RW-004's), so which one is the record is unknown. Reading the first given, as
 * `_revision-heads.ts` keeps one of two records under one key, made a verdict hang on the order of
 * the list (an attempt read `failed` or `partially_applied`, running or ended): so such a pair is
 * refused, naming both, and the caller reads nothing more from the list (as SIBLING_DIGEST_CONFLICT,
 * note 86). An exact copy (the same members, in any order: `_record-content.ts`) is one record.
 *
 * ATTEMPT_DIGEST_CONFLICT for attempts, CHECKPOINT_DIGEST_CONFLICT for checkpoints: a record is
 * named by each of its ids (its `record_id` and its attempt or checkpoint id, as a prior or a resume
 * names it), so two records sharing either id, the revision and the digest are compared.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { recordContent } from "./_record-content.js";

interface Kind<T> {
  readonly list: "attempts" | "checkpoints";
  readonly code: "ATTEMPT_DIGEST_CONFLICT" | "CHECKPOINT_DIGEST_CONFLICT";
  readonly ids: (record: T) => readonly string[];
}

const ATTEMPTS: Kind<ExecutionAttempt> = { list: "attempts", code: "ATTEMPT_DIGEST_CONFLICT", ids: (a) => [a.attempt_id, a.record_id] };
const CHECKPOINTS: Kind<DelegationCheckpoint> = { list: "checkpoints", code: "CHECKPOINT_DIGEST_CONFLICT", ids: (c) => [c.checkpoint_id, c.record_id] };

/** Pushes a finding for each record whose id, revision and digest an earlier one has with other content; true when any was. */
function conflicts<T extends ExecutionAttempt | DelegationCheckpoint>(kind: Kind<T>, records: readonly { readonly record: T; readonly index: number }[], dimension: string, out: DelegationFinding[]): boolean {
  // The first record given under each key; its content is read only when another shares the key.
  const first = new Map<string, { index: number; record: T; content?: string }>();
  let found = false;
  for (const { record, index } of records) {
    let content: string | undefined;
    const named = new Set<number>();
    for (const id of new Set(kind.ids(record))) {
      const key = `${id}\u0000${record.revision_id}\u0000${record.content_digest}`;
      const seen = first.get(key);
      if (seen === undefined) {
        first.set(key, { index, record });
        continue;
      }
      if (named.has(seen.index)) continue;
      seen.content ??= recordContent(seen.record);
      content ??= recordContent(record);
      if (seen.content === content) continue;
      named.add(seen.index);
      found = true;
      const at = `${kind.list}.${index}`;
      out.push(delegationFinding(kind.code, `${at}: ${id}@${record.revision_id} has the revision and content digest of ${kind.list}.${seen.index} but other content: one digest names one content, so one of the two records is not what it claims, and which one records the ${kind.list === "attempts" ? "attempt" : "checkpoint"} is unknown; nothing is read from records that contradict each other`, { path: at, dimension, expected: `the content of ${kind.list}.${seen.index}`, received: "other content" }));
    }
  }
  return found;
}

/** Attempts (each with its index in the document) sharing an id, revision and digest with other content. */
export function attemptDigestConflicts(records: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], dimension: "retry" | "retries", out: DelegationFinding[]): boolean {
  return conflicts(ATTEMPTS, records.map(({ attempt, index }) => ({ record: attempt, index })), dimension, out);
}

/** Checkpoints sharing an id, revision and digest with other content. */
export function checkpointDigestConflicts(checkpoints: readonly DelegationCheckpoint[], dimension: "inputs", out: DelegationFinding[]): boolean {
  return conflicts(CHECKPOINTS, checkpoints.map((record, index) => ({ record, index })), dimension, out);
}
