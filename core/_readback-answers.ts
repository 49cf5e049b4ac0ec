/**
 * The sender's answers to the readbacks of the handoffs still open (for core/thread), so that a
 * DN reporting the act on a handoff its sender held is seen (section 5.3: "Only a passing
 * readback, answered with `AN val=Y` where the receiver waits for one, clears the act").
 *
 * The reading is the Worker's for its statements (core/statement-clearance, commitClearance): only
 * `Y` confirms; the latest answer to a readback stands; a readback the sender has not answered
 * stands under its latest answer to any readback of the handoff, a `Y` to a void one aside (only a
 * passing readback answered `Y` clears, so that `Y` lifts no hold). The act is cleared when one
 * readback that passed (or awaits a record) stands cleared, answered `Y` or not answered at all.
 *
 * Kept by the handoff's row alone: how many of its readbacks may clear it, and the answers that
 * stand. Which handoff a readback's id names is the audit's id table's (core/_message-ids), so no
 * id is kept here. The audit forgets a handoff when it closes, unless it is one of a re-issue
 * line's, whose other HOs' done reports still read it.
 */
import { _own } from "./_intern.js";

/** One answer of the sender's: the AN's id and line, the readback it answers, its `val`. */
export interface ReadbackAnswer {
  readonly id: string;
  readonly re: string;
  readonly val: string;
  readonly confirms: boolean;
  readonly line: number;
  /** Its place in the order answers came, to name the latest hold. */
  readonly seq: number;
}

export interface ReadbackAnswers {
  /** Counts one more readback of open handoff `row` that passed or awaits a record. */
  read(row: number): void;
  /**
   * Records the sender's answer to `rb`, a readback of open handoff `row`; `clearing` when `rb` is
   * one `read` counted (an answer to a void readback still holds the act, but clears none).
   */
  answer(row: number, rb: string, clearing: boolean, id: string, val: string, confirms: boolean, line: number): void;
  /**
   * Where handoff `row`'s readbacks leave its act: the answer that holds it, null when one of them
   * stands cleared, undefined when none may clear it (none passed, or it was forgotten).
   */
  standing(row: number): ReadbackAnswer | null | undefined;
  /**
   * Reads `row`'s readbacks with those of `line`, the first HO of its re-issue line (one handoff
   * sent again, rule 1), joined first itself: lineStanding(line) is then standing() over them all.
   */
  join(row: number, line: number): void;
  /**
   * Where the readbacks of every row joined to `line` leave its act: null when one of them stands
   * cleared, else the latest answer that holds one, undefined for none. Kept as answers come, so
   * a line re-issued thousands of times is not walked for each done report.
   */
  lineStanding(line: number): ReadbackAnswer | null | undefined;
  /** Forgets handoff `row`, now closed. */
  forget(row: number): void;
}

export function _readbackAnswers(): ReadbackAnswers {
  // Most readbacks are never answered, so a handoff read back costs one number here, and objects
  // only once its sender answers: the audit meets a readback for nearly every handoff.
  /** Open handoff -> how many of its readbacks may clear it. */
  const reads = new Map<number, number>();
  /**
   * Open handoff -> each of its clearing readbacks the sender answered, and whether its latest
   * answer confirms; how many of them do; and the newest answer to one of them that does not
   * confirm. One HO may be read back and answered thousands of times, so standing() reads these,
   * not the answers: while none confirms, that newest hold is a latest answer (only a newer answer
   * replaces one), the latest of them.
   */
  const own = new Map<number, Map<string, boolean>>();
  const confirmed = new Map<number, number>();
  const ownHold = new Map<number, ReadbackAnswer>();
  /** Open handoff -> the sender's latest hold (an answer not Y) to any of its readbacks, until a Y to one that may clear it. */
  const holds = new Map<number, ReadbackAnswer>();
  let seq = 0;
  /** Joined row -> its line; line -> how many of its rows stand cleared, and the latest hold any of them stood under. */
  const lineOf = new Map<number, number>();
  const clearedIn = new Map<number, number>();
  const heldIn = new Map<number, ReadbackAnswer>();
  const cleared = new Set<number>();
  /**
   * Takes joined row `row`'s standing into its line's. While a row stands held, a change leaves it
   * under an answer no older (only a newer answer replaces one), and one that stood cleared is held
   * again only by the newest answer, so the latest hold seen is the latest standing while none is cleared.
   */
  const restand = (row: number): void => {
    const line = lineOf.get(row);
    if (line === undefined) return;
    const s = standing(row);
    if ((s === null) !== cleared.has(row)) {
      if (s === null) cleared.add(row);
      else cleared.delete(row);
      clearedIn.set(line, (clearedIn.get(line) ?? 0) + (s === null ? 1 : -1));
    }
    const held = heldIn.get(line);
    if (s && (held === undefined || s.seq > held.seq)) heldIn.set(line, s);
  };
  const standing = (row: number): ReadbackAnswer | null | undefined => {
    const count = reads.get(row) ?? 0;
    if (count === 0) return undefined;
    if ((confirmed.get(row) ?? 0) > 0) return null;
    let held: ReadbackAnswer | null = ownHold.get(row) ?? null;
    // The readbacks not answered themselves stand under the latest answer to any of them.
    if (count > (own.get(row)?.size ?? 0)) {
      const latest = holds.get(row);
      if (latest === undefined) return null;
      if (held === null || latest.seq > held.seq) held = latest;
    }
    return held;
  };
  return {
    read(row) {
      reads.set(row, (reads.get(row) ?? 0) + 1);
      restand(row);
    },
    answer(row, rb, clearing, id, val, confirms, line) {
      const a: ReadbackAnswer = { id: _own(id), re: _own(rb), val: _own(val), confirms, line, seq: seq++ };
      if (clearing) {
        let answered = own.get(row);
        if (answered === undefined) own.set(row, (answered = new Map()));
        const was = answered.get(a.re);
        confirmed.set(row, (confirmed.get(row) ?? 0) + (confirms ? 1 : 0) - (was === true ? 1 : 0));
        answered.set(a.re, confirms);
        if (!confirms) ownHold.set(row, a);
      }
      // A Y to a void readback confirms what failed: it clears nothing and lifts no hold (5.3).
      if (!confirms) holds.set(row, a);
      else if (clearing) holds.delete(row);
      restand(row);
    },
    standing,
    join(row, line) {
      lineOf.set(row, line);
      restand(row);
    },
    lineStanding: (line) => ((clearedIn.get(line) ?? 0) > 0 ? null : heldIn.get(line)),
    forget(row) {
      reads.delete(row);
      own.delete(row);
      confirmed.delete(row);
      ownHold.delete(row);
      holds.delete(row);
    },
  };
}
