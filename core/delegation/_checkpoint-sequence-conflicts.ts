/**
 * One checkpoint given at two revisions with two sequences (CHECKPOINT_SEQUENCE_CONFLICT). 7.2 puts
 * the "monotonic sequence" beside the checkpoint's id, delegation and attempt: it is the checkpoint's
 * place in its attempt's order, which a resume trusts to find the latest state. A revision that
 * renumbers the checkpoint contradicts the one before it, and which number is its place is unknown:
 * reading the first given (as the sequence check compared a checkpoint once) made CP-7 at 7 and at 9
 * beside CP-8 at 8 pass in one order and `CHECKPOINT_SEQUENCE` in the other. **Decision:** refused,
 * naming both, and the caller reads nothing more from the checkpoints and attempts given, as for two
 * records under one digest (`_digest-conflicts.ts`, README note 93): taking the latest revision by
 * its priors was the other reading, rejected, since "Every record is immutable" (1) and a later
 * revision cannot move a state already resumed from. A checkpoint is named by each of its ids (its
 * `checkpoint_id` and `record_id`, as a resume names it); revisions agreeing on the sequence pass,
 * and two records under one revision and digest are `CHECKPOINT_DIGEST_CONFLICT`'s.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint } from "./execution.js";

/** Pushes a finding for each checkpoint whose id an earlier one has with another sequence; true when any was. */
export function checkpointSequenceConflicts(checkpoints: readonly DelegationCheckpoint[], dimension: "inputs", out: DelegationFinding[]): boolean {
  const first = new Map<string, { index: number; checkpoint: DelegationCheckpoint }>();
  let found = false;
  checkpoints.forEach((checkpoint, index) => {
    const named = new Set<number>();
    for (const id of new Set([checkpoint.checkpoint_id, checkpoint.record_id])) {
      const seen = first.get(id);
      if (seen === undefined) {
        first.set(id, { index, checkpoint });
        continue;
      }
      // One revision and digest with other content is CHECKPOINT_DIGEST_CONFLICT's to name.
      const sameRevision = seen.checkpoint.revision_id === checkpoint.revision_id && seen.checkpoint.content_digest === checkpoint.content_digest;
      if (sameRevision || seen.checkpoint.sequence === checkpoint.sequence || named.has(seen.index)) continue;
      named.add(seen.index);
      found = true;
      const path = `checkpoints.${index}.sequence`;
      const s = seen.checkpoint;
      out.push(delegationFinding("CHECKPOINT_SEQUENCE_CONFLICT", `${path}: ${id} at ${checkpoint.revision_id} has sequence ${checkpoint.sequence}, and at ${s.revision_id} (checkpoints.${seen.index}) ${s.sequence}: a checkpoint's sequence is its place in its attempt's monotonic order (section 7.2), so which is the latest state is unknown; nothing is read from records that contradict each other`, { path, dimension, expected: String(s.sequence), received: String(checkpoint.sequence) }));
    }
  });
  return found;
}
