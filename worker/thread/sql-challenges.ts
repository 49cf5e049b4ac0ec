/**
 * The private challenges a thread keeps (README note 34), one row an HO id, its body the JSON the
 * object reads back, and how much of them it holds. A challenge may be registered ahead of its HO,
 * for any id, so nothing but this bounded them: twenty thousand registrations on a thread of no
 * line were twenty thousand rows, and one body of criteria half a megabyte, kept until the object
 * is deleted. A thread holds at most as many challenges as lines, since each is for one HO and a
 * thread holds at most THREAD_CAPACITY.lines of them, and as many bytes of them (UTF-8, as stored,
 * the HO id each is kept under included) as of lines: past that a registration is refused, and an
 * append that would carry a challenge over to a re-issue past it is refused whole (`409
 * thread-full`). A challenge outlives its
 * handoff's closing: the audit rebuilt on a restart checks the stored readbacks with it again, and
 * answers conceal what it judged, so deleting it then would turn a void readback into a pass.
 */
import { challengeRowBytes, challengesWith } from "./challenges-held.js";
import type { ChallengesHeld } from "./challenges-held.js";
import type { ThreadCapacity } from "./thread-capacity.js";

export const CHALLENGES_TABLE = "CREATE TABLE IF NOT EXISTS challenges (handoff TEXT PRIMARY KEY, body TEXT NOT NULL)";

export interface SqlChallenges {
  /** The body stored for `handoff`, or undefined. */
  get(handoff: string): string | undefined;
  has(handoff: string): boolean;
  /**
   * Stores `body` for `handoff` (in place of what it held) when the thread's challenges stay
   * within `capacity`; else writes nothing and answers false. A body no larger always fits.
   */
  put(handoff: string, body: string, capacity: ThreadCapacity): boolean;
  delete(handoff: string): void;
  /** What the thread holds: counted once, then kept as challenges are written. */
  held(): ChallengesHeld;
  /** Forgets what was counted, after a transaction that wrote challenges rolled back. */
  forget(): void;
}

export function sqlChallenges(sql: SqlStorage): SqlChallenges {
  let held: ChallengesHeld | null = null;
  // The id counts as the body does: a `{handoff}` is any message id the path carries, of any
  // length, and ids of 200,000 characters under bodies of 20 bytes were stored past the bound.
  const count = (): ChallengesHeld => (held ??= sql.exec<{ rows: number; bytes: number }>("SELECT COUNT(*) AS rows, COALESCE(SUM(length(CAST(handoff AS BLOB)) + length(CAST(body AS BLOB))), 0) AS bytes FROM challenges").one());
  const get = (handoff: string): string | undefined => sql.exec<{ body: string }>("SELECT body FROM challenges WHERE handoff = ?", handoff).toArray()[0]?.body;
  return {
    get,
    has: (handoff) => sql.exec("SELECT 1 FROM challenges WHERE handoff = ?", handoff).toArray().length > 0,
    put(handoff, body, capacity) {
      const after = challengesWith(count(), handoff, get(handoff), body, capacity);
      if (after === null) return false;
      sql.exec("INSERT OR REPLACE INTO challenges (handoff, body) VALUES (?, ?)", handoff, body);
      held = after;
      return true;
    },
    delete(handoff) {
      const before = get(handoff);
      if (before === undefined) return;
      const now = count();
      sql.exec("DELETE FROM challenges WHERE handoff = ?", handoff);
      held = { rows: now.rows - 1, bytes: now.bytes - challengeRowBytes(handoff, before) };
    },
    held: count,
    forget() {
      held = null;
    },
  };
}
