/**
 * A record naming a contract's revision id under another content digest (sections 2 and 3: a
 * revision id is a "Unique immutable revision ID", "never reused"; a RevisionRef is the "exact
 * {object_id, revision_id, content_digest} triple"). One revision id names one content, so a record
 * naming it beside another digest names content the revision does not have: it is not of the
 * revision it claims, or the revision in hand is not. The digest is never recomputed (RW-004's), so
 * which is unknown, as for one digest given two contents (`_digest-conflicts.ts`, the converse):
 * the record is refused, naming it, and still counted where limits are summed
 * (`_draws-on-revision.ts`), since it may have drawn on them. The per-record checks (window,
 * delegatee, tools, inputs, fences) still judge only records of the exact triple: which revision's
 * rules bind such a record is the unknown.
 *
 * ATTEMPT_REVISION_DIGEST for attempts (`delegation_ref`), CHECKPOINT_REVISION_DIGEST for
 * checkpoints, on the dimensions their digest conflicts take.
 *
 * An Actor revision likewise (README notes 161, 183): where one persistent Actor is read across its
 * revisions (a card's next revision, a link after the one that delegated to it, a child after its
 * parent, a delegation's next revision after its prior; note 180), a later revision is the same
 * Actor, but the same revision under another digest is one revision claimed with two contents.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationCheckpoint } from "./execution.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import type { RevisionRef } from "./scalars.js";
import { dimensionFinding } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";

/** `a` and `b` name one revision (object and revision id) under two content digests: one of them is not that revision. */
export function twoContents(a: RevisionRef, b: RevisionRef): boolean {
  return a.object_id === b.object_id && a.revision_id === b.revision_id && a.content_digest !== b.content_digest;
}

/**
 * Pushes a finding on `dimension` when `named` (at `path`, which `who` describes) names the revision
 * of `held` (which `whose` describes) under another content digest: the same persistent Actor may
 * delegate on or issue at a later revision (note 180), never at this one with other content.
 */
export function actorContentFindings(named: RevisionRef, held: RevisionRef, dimension: Dimension, path: string, who: string, whose: string, out: DelegationFinding[]): void {
  if (!twoContents(named, held)) return;
  out.push(dimensionFinding(dimension, `${who} names ${named.object_id}@${named.revision_id} under ${named.content_digest}, where ${whose} names it under ${held.content_digest}: one Actor revision has one content, so one of the two is not the Actor it claims`, { path: `${path}.content_digest`, expected: held.content_digest, received: named.content_digest }));
}

/** The digest `ref` gives `contract`'s revision id when it is another than the contract's, else null. */
function otherDigest(ref: RevisionRef, contract: DelegationContract): string | null {
  return twoContents(ref, contractRef(contract)) ? ref.content_digest : null;
}

function finding(code: "ATTEMPT_REVISION_DIGEST" | "CHECKPOINT_REVISION_DIGEST", at: string, id: string, digest: string, contract: DelegationContract, dimension: string): DelegationFinding {
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const what = code === "ATTEMPT_REVISION_DIGEST" ? "ran under" : "was written under";
  return delegationFinding(code, `${at}.delegation_ref: ${id} names ${named} under the content digest ${digest}, not ${contract.content_digest}: a revision id is never reused (sections 2, 3), so one of the two is not the revision it claims, and which revision ${id} ${what} is unknown`, {
    path: `${at}.delegation_ref.content_digest`,
    dimension,
    expected: contract.content_digest,
    received: digest,
  });
}

/** Attempts (each with its index in the document) naming `contract`'s revision id under another digest. */
export function attemptRevisionDigestFindings(contract: DelegationContract, records: readonly AttemptRecord[], dimension: "retry" | "retries", out: DelegationFinding[]): void {
  for (const { attempt, index } of records) {
    const digest = otherDigest(attempt.delegation_ref, contract);
    if (digest !== null) out.push(finding("ATTEMPT_REVISION_DIGEST", `attempts.${index}`, attempt.attempt_id, digest, contract, dimension));
  }
}

/** Checkpoints naming `contract`'s revision id under another digest. */
export function checkpointRevisionDigestFindings(contract: DelegationContract, checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  checkpoints.forEach((checkpoint, index) => {
    const digest = otherDigest(checkpoint.delegation_ref, contract);
    if (digest !== null) out.push(finding("CHECKPOINT_REVISION_DIGEST", `checkpoints.${index}`, checkpoint.checkpoint_id, digest, contract, "inputs"));
  });
}
