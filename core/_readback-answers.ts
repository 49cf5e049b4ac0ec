/**
 * The sender's answers to the readbacks of the handoffs still open (for core/thread), so that a
 * DN reporting the act on a handoff its sender held is seen (section 5.3: "Only a passing
 * readback, answered with `AN val=Y` where the receiver waits for one, clears the act").
 *
 * The reading is the Worker's for its statements (core/statement-clearance, commitClearance): only
 * `Y` confirms; the latest answer to a readback stands; a readback the sender has not answered
 * stands under its latest answer to any readback of the handoff. The act is cleared when one
 * readback that passed (or awaits a record) stands cleared, answered `Y` or not answered at all.
 *
 * Kept only while a handoff is open: its readbacks that may clear it (their ids, owned) and the
 * answers that stand, forgotten when it closes. A closed handoff costs nothing here.
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
  /** Remembers `rb`, a readback of open handoff `row` that passed or awaits a record. */
  read(rb: string, row: number): void;
  /** The handoff `rb` reads back, if it is one `read` remembers. */
  rowOf(rb: string): number | undefined;
  /** Records the sender's answer to `rb`, a readback of open handoff `row` (remembered, or void). */
  answer(row: number, rb: string, id: string, val: string, confirms: boolean, line: number): void;
  /** The answer that holds handoff `row`'s act, or null when a readback of it stands cleared or none may clear it. */
  heldBy(row: number): ReadbackAnswer | null;
  /** Forgets handoff `row`, now closed. */
  forget(row: number): void;
}

export function _readbackAnswers(): ReadbackAnswers {
  // Most readbacks are never answered, so a readback costs one entry here and one in `byRow` (its
  // id alone while it is its handoff's only one), and an object only once it is answered: the
  // audit meets one for nearly every handoff, and a million lines hold hundreds of thousands.
  /** A readback that may clear its handoff -> the handoff. */
  const rowOf = new Map<string, number>();
  /** Open handoff -> the ids of its readbacks that may clear it (one id, or a list of them). */
  const byRow = new Map<number, string | string[]>();
  /** A readback -> the sender's latest answer to it. */
  const own = new Map<string, ReadbackAnswer>();
  /** Open handoff -> the sender's latest answer to any of its readbacks, while it is not Y. */
  const holds = new Map<number, ReadbackAnswer>();
  const idsOf = (row: number): readonly string[] => {
    const ids = byRow.get(row);
    return ids === undefined ? [] : typeof ids === "string" ? [ids] : ids;
  };
  let seq = 0;
  return {
    read(rb, row) {
      const id = _own(rb);
      rowOf.set(id, row);
      const ids = byRow.get(row);
      if (ids === undefined) byRow.set(row, id);
      else if (typeof ids === "string") byRow.set(row, [ids, id]);
      else ids.push(id);
    },
    rowOf(rb) {
      return rowOf.get(rb);
    },
    answer(row, rb, id, val, confirms, line) {
      const a: ReadbackAnswer = { id: _own(id), re: _own(rb), val: _own(val), confirms, line, seq: seq++ };
      if (rowOf.get(rb) === row) own.set(a.re, a);
      if (confirms) holds.delete(row);
      else holds.set(row, a);
    },
    heldBy(row) {
      const ids = idsOf(row);
      if (ids.length === 0) return null;
      const latest = holds.get(row);
      let held: ReadbackAnswer | null = null;
      for (const rb of ids) {
        const stands = own.get(rb) ?? latest;
        if (stands === undefined || stands.confirms) return null;
        if (held === null || stands.seq > held.seq) held = stands;
      }
      return held;
    },
    forget(row) {
      for (const rb of idsOf(row)) {
        rowOf.delete(rb);
        own.delete(rb);
      }
      byRow.delete(row);
      holds.delete(row);
    },
  };
}
