/**
 * A checkpoint's "monotonic sequence" (7.2: a DelegationCheckpoint contains "checkpoint_id,
 * delegation_ref, attempt_id, and monotonic sequence"). Of one attempt's checkpoints, one written
 * later carries a greater sequence, and two carry the same one never (CHECKPOINT_SEQUENCE): a resume
 * continues from "the" checkpoint its sequence places last, so two at one sequence, or a later one
 * numbered lower, leave which state is the latest unknown. **Decision:** the sequence is compared
 * within one attempt (of one delegation), not across a delegation's attempts: 7.2 does not say
 * whether a resume's checkpoints continue its checkpoint's numbering (ATT-2 after CP-7) or start
 * again, and both readings agree within an attempt. A checkpoint given at several revisions is one
 * checkpoint (its id), compared once. Checked by `checkAttempts` and `checkReassignment`, over the
 * checkpoints given. The dimension is `inputs`: a resume verifies the input fixity of the latest
 * checkpoint's exact input revisions (7.2), and which those are is what the sequence leaves unknown.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint } from "./execution.js";
import { utcKey } from "./scalars.js";

interface Placed {
  readonly checkpoint: DelegationCheckpoint;
  readonly index: number;
  readonly time: string; // utcKey: orders as the time does, a leap second included
}

export function checkpointSequenceFindings(checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const byAttempt = new Map<string, Map<string, Placed>>();
  checkpoints.forEach((checkpoint, index) => {
    const time = utcKey(checkpoint.written_at);
    if (time === null) return;
    // A space never appears in a RecordId, so the key cannot be two other ids joined.
    const key = `${checkpoint.delegation_ref.object_id} ${checkpoint.attempt_id}`;
    const mine = byAttempt.get(key) ?? new Map<string, Placed>();
    byAttempt.set(key, mine);
    if (!mine.has(checkpoint.checkpoint_id)) mine.set(checkpoint.checkpoint_id, { checkpoint, index, time });
  });
  for (const mine of byAttempt.values()) {
    if (mine.size < 2) continue;
    const placed = [...mine.values()].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.checkpoint.sequence - b.checkpoint.sequence || a.index - b.index));
    // `before`: the checkpoint with the greatest sequence among those written strictly earlier.
    let before: Placed | undefined;
    let group: Placed[] = [];
    for (const p of placed) {
      if (group.length > 0 && (group[0] as Placed).time !== p.time) {
        for (const g of group) if (before === undefined || g.checkpoint.sequence > before.checkpoint.sequence) before = g;
        group = [];
      }
      const same = group.find((g) => g.checkpoint.sequence === p.checkpoint.sequence);
      const path = `checkpoints.${p.index}.sequence`;
      const c = p.checkpoint;
      if (before !== undefined && c.sequence <= before.checkpoint.sequence) {
        const b = before.checkpoint;
        out.push(delegationFinding("CHECKPOINT_SEQUENCE", `${path}: ${c.checkpoint_id} of ${c.attempt_id}, written at ${c.written_at}, has sequence ${c.sequence}, and ${b.checkpoint_id} (checkpoints.${before.index}), written earlier at ${b.written_at}, ${b.sequence}: a checkpoint's sequence is monotonic (section 7.2), so which state is the latest is unknown`, { path, dimension: "inputs", expected: `> ${b.sequence}`, received: String(c.sequence) }));
      } else if (same !== undefined) {
        out.push(delegationFinding("CHECKPOINT_SEQUENCE", `${path}: ${c.checkpoint_id} and ${same.checkpoint.checkpoint_id} (checkpoints.${same.index}) of ${c.attempt_id} both have sequence ${c.sequence}: a checkpoint's sequence is monotonic (section 7.2), so which state is the latest is unknown`, { path, dimension: "inputs", expected: `not ${c.sequence}`, received: String(c.sequence) }));
      }
      group.push(p);
    }
  }
}
