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
 */
import { delegationFinding } from "./codes.js";
import { namesRevision } from "./_draws-on-revision.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationCheckpoint } from "./execution.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import type { RevisionRef } from "./scalars.js";

/** The digest `ref` gives `contract`'s revision id when it is another than the contract's, else null. */
function otherDigest(ref: RevisionRef, contract: DelegationContract): string | null {
  return namesRevision(ref, contract) && ref.content_digest !== contract.content_digest ? ref.content_digest : null;
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
