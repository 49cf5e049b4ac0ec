/**
 * Ids a record gives twice in one list (a card's `claim_id`s, an attempt's `effect_id`s): "RecordId:
 * Stable opaque identifier; never reused" (section 2). A reference to the id would name two
 * entries, and which one it means would be a guess: each repeat is `ID_REUSED`, at the later one.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";

export function repeatedIdFindings(ids: readonly string[], list: string, field: string, out: DelegationFinding[]): void {
  const first = new Map<string, number>();
  ids.forEach((id, i) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, i);
    else out.push(delegationFinding("ID_REUSED", `${list}.${i}.${field} ${id} is also ${list}.${earlier}'s: one id names one entry, so a reference to it would be a guess (section 2)`, { path: `${list}.${i}.${field}`, received: id }));
  });
}

/**
 * A prior that is no earlier revision of this record: one naming itself (`prior_revision_ref` of its
 * own `record_id` and `revision_id`) follows no revision, so it amends nothing; one naming another
 * object (`object_id` not its own `record_id`) names a revision of another record (3: record_id is
 * the "Persistent conceptual-object ID", and a revision's prior is a revision of that object; 2: a
 * RevisionRef is the "Exact {object_id, revision_id, content_digest} triple"), so it follows no
 * revision of this one either (README note 169). Both AMENDMENT_REF.
 */
export function priorFindings(record: { readonly record_id: string; readonly revision_id: string; readonly prior_revision_ref: { readonly object_id: string; readonly revision_id: string } | null }): DelegationFinding[] {
  const prior = record.prior_revision_ref;
  if (prior === null) return [];
  if (prior.object_id !== record.record_id) return [delegationFinding("AMENDMENT_REF", `prior_revision_ref names ${prior.object_id}@${prior.revision_id}, a revision of another record than ${record.record_id}; a revision's prior is an earlier revision of the same record (section 3)`, { path: "prior_revision_ref.object_id", expected: record.record_id, received: prior.object_id })];
  if (prior.revision_id !== record.revision_id) return [];
  return [delegationFinding("AMENDMENT_REF", `prior_revision_ref names this revision itself, ${record.record_id}@${record.revision_id}; a revision's prior is an earlier one (section 3)`, { path: "prior_revision_ref", received: `${prior.object_id}@${prior.revision_id}` })];
}
