/**
 * A checkpoint's "monotonic sequence" (7.2: a DelegationCheckpoint contains "checkpoint_id,
 * delegation_ref, attempt_id, and monotonic sequence"). Of one attempt's checkpoints, one written
 * later carries a greater sequence, and two carry the same one never (CHECKPOINT_SEQUENCE): a resume
 * continues from "the" checkpoint its sequence places last, so two at one sequence, or a later one
 * numbered lower, leave which state is the latest unknown. **Decision:** the sequence is compared
 * within one attempt (of one delegation), not across a delegation's attempts: 7.2 does not say
 * whether a resume's checkpoints continue its checkpoint's numbering (ATT-2 after CP-7) or start
 * again, and both readings agree within an attempt. A checkpoint given at several revisions is one
 * checkpoint (its id), never compared with itself; each revision is placed at its own `written_at`,
 * so one restating the time is judged there too and no verdict hangs on which was given first (two
 * sequences are CHECKPOINT_SEQUENCE_CONFLICT, refused before this is read). Checked by `checkAttempts` and `checkReassignment`, over the
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
    const place = `${checkpoint.checkpoint_id} ${time}`;
    if (!mine.has(place)) mine.set(place, { checkpoint, index, time });
  });
  for (const mine of byAttempt.values()) {
    const placed = [...mine.values()].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.checkpoint.sequence - b.checkpoint.sequence || a.index - b.index));
    if (new Set(placed.map((p) => p.checkpoint.checkpoint_id)).size < 2) continue;
    // Of those written strictly earlier: `best` has the greatest sequence, `other` the greatest of
    // another checkpoint than `best`'s, so each is compared with the greatest of the others.
    let best: Placed | undefined;
    let other: Placed | undefined;
    const earlier = (g: Placed): void => {
      if (best === undefined || g.checkpoint.sequence > best.checkpoint.sequence) {
        if (best !== undefined && best.checkpoint.checkpoint_id !== g.checkpoint.checkpoint_id) other = best;
        best = g;
      } else if (best.checkpoint.checkpoint_id !== g.checkpoint.checkpoint_id && (other === undefined || g.checkpoint.sequence > other.checkpoint.sequence)) other = g;
    };
    let group: Placed[] = [];
    for (const p of placed) {
      if (group.length > 0 && (group[0] as Placed).time !== p.time) {
        group.forEach(earlier);
        group = [];
      }
      const c = p.checkpoint;
      const before = best !== undefined && best.checkpoint.checkpoint_id !== c.checkpoint_id ? best : other;
      const same = group.find((g) => g.checkpoint.sequence === c.sequence && g.checkpoint.checkpoint_id !== c.checkpoint_id);
      const path = `checkpoints.${p.index}.sequence`;
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
