/**
 * The core's statement store (core/statement.ts) over a Durable Object's SQLite: one row a
 * statement, the whole statement as JSON beside the columns the object queries by. Synchronous, as
 * the core's state machine needs: a commit is one step no other request can interleave with.
 */
import { messageNumber } from "../../core/index.js";
import type { Statement, StatementStore } from "../../core/index.js";
import { within } from "./rows-held.js";
import { statementsWith } from "./statements-held.js";
import type { StatementsHeld } from "./statements-held.js";
import type { ThreadCapacity } from "./thread-capacity.js";

export type { StatementsHeld } from "./statements-held.js";

/**
 * `rb_id`, `rb_from` and `rb_n`: the id, sender and number of the RB the statement states, which a
 * prepare looks up (is the id taken; the receiver's highest number). Read out of `body` with
 * json_extract, every prepare scanned every statement of the thread: 60 ms a prepare at 10,000.
 */
export const STATEMENTS_TABLE = `CREATE TABLE IF NOT EXISTS statements (
  token TEXT PRIMARY KEY,
  handoff TEXT NOT NULL,
  state TEXT NOT NULL,
  exp TEXT NOT NULL,
  body TEXT NOT NULL,
  rb_id TEXT,
  rb_from TEXT,
  rb_n INTEGER,
  line TEXT
)`;

/**
 * What statements are looked up by: their readback's id, its sender's numbers in order, their
 * handoff and state. By handoff alone, every prepare and commit read every statement of its
 * handoff (is one committed, or cancelled): about 125 ms a prepare at 10,000 on one handoff. The
 * index by handoff alone that threads were stored with is dropped, its place taken by
 * (handoff, state), which answers by handoff too.
 */
export const STATEMENTS_INDEXES: readonly string[] = [
  "CREATE INDEX IF NOT EXISTS statements_rb_id ON statements (rb_id)",
  "CREATE INDEX IF NOT EXISTS statements_rb_from ON statements (rb_from, rb_n)",
  "CREATE INDEX IF NOT EXISTS statements_handoff_state ON statements (handoff, state)",
  // A DN asks what its HO's re-issue line holds, pending or committed (line-roots.ts).
  "CREATE INDEX IF NOT EXISTS statements_line_state ON statements (line, state)",
  "DROP INDEX IF EXISTS statements_handoff",
];

/** The readback columns of a statement's row. */
const readbackColumns = (s: Statement): [string, string | null, number] => [s.readback.id, s.readback.from, messageNumber(s.readback.id)];

/**
 * A statements table made before the readback columns existed (STATEMENTS_TABLE as of 0.1.0's
 * first thread objects) gets them, filled from each row's body, so the statements it holds are
 * found by them as a new one is. Run before STATEMENTS_INDEXES, which need the columns; nothing
 * to do on a table that has them, or none.
 */
export function addReadbackColumns(sql: SqlStorage): void {
  const made = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'statements'").toArray()[0];
  if (made === undefined || /\brb_id\b/.test(made.sql)) return;
  for (const column of ["rb_id TEXT", "rb_from TEXT", "rb_n INTEGER"]) sql.exec(`ALTER TABLE statements ADD COLUMN ${column}`);
  for (const row of sql.exec<{ token: string; body: string }>("SELECT token, body FROM statements").toArray()) {
    sql.exec("UPDATE statements SET rb_id = ?, rb_from = ?, rb_n = ? WHERE token = ?", ...readbackColumns(JSON.parse(row.body) as Statement), row.token);
  }
}

/** Handoffs a CX cancelled, kept even when nothing was prepared for them yet. */
export const CANCELLED_TABLE = "CREATE TABLE IF NOT EXISTS cancelled_handoffs (handoff TEXT PRIMARY KEY)";


export interface SqlStatementStore extends StatementStore {
  /**
   * Stores a statement just prepared when the thread's statements stay within `capacity`; else
   * writes nothing and answers false. Every prepare stores one, kept in whatever state it ends
   * (committed, abandoned, expired: the record a later commit or the state reads), so nothing
   * else bounded them: a thread holds at most as many as lines, since each states an RB to relay
   * as one of its lines, and as many bytes of them (UTF-8, as stored) as of lines. The core's
   * `put`, a statement changing state, always stores (a few bytes' change, counted).
   */
  add(s: Statement, capacity: ThreadCapacity): boolean;
  /** What the thread holds: counted once, then kept as statements are written. */
  held(): StatementsHeld;
  /** Forgets what was counted, after a transaction that wrote statements rolled back. */
  forget(): void;
  /**
   * Pending statements whose window ended before `now`, at most `limit` of them: expiry reads a
   * batch at a time, never every pending statement (a thread may hold as many as lines).
   */
  pendingPast(now: string, limit: number): Statement[];
  /** The earliest `exp` of a pending statement, or null. */
  earliestPendingExp(): string | null;
  /** How many statements are in each state (tokens are capabilities: never listed). */
  countsByState(): Record<string, number>;
  /**
   * The statements in `state` of the handoffs of the re-issue line whose first HO is `root`, in
   * the order `forHandoff` over the line's ids (as the audit lists them) would give them: read by
   * the line, whatever its length.
   */
  inLine(root: string, state: Statement["state"]): Statement[];
  /** The core's optional look-up, always answered here, by the `rb_id` index. */
  statementsStating(readback: string): readonly Statement[];
}

/**
 * `reissueLine` gives the HOs that are one handoff sent again, and `rootOf` the first of them,
 * kept with each statement (the thread's audit knows them).
 */
export function sqlStatementStore(sql: SqlStorage, reissueLine: (handoff: string) => readonly string[], rootOf: (handoff: string) => string): SqlStatementStore {
  const read = (rows: { body: string }[]): Statement[] => rows.map((r) => JSON.parse(r.body) as Statement);
  let held: StatementsHeld | null = null;
  const count = (): StatementsHeld => (held ??= sql.exec<{ rows: number; bytes: number }>("SELECT COUNT(*) AS rows, COALESCE(SUM(length(CAST(body AS BLOB))), 0) AS bytes FROM statements").one());
  /** What storing `s` makes of the count, and the count after it: its row replaces the token's, if any. */
  const after = (s: Statement, body: string, now: StatementsHeld): StatementsHeld => {
    const before = sql.exec<{ bytes: number }>("SELECT length(CAST(body AS BLOB)) AS bytes FROM statements WHERE token = ?", s.token).toArray()[0]?.bytes;
    return statementsWith(now, before, body);
  };
  const write = (s: Statement, body: string): void => {
    sql.exec("INSERT OR REPLACE INTO statements (token, handoff, state, exp, body, rb_id, rb_from, rb_n, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", s.token, s.handoff, s.state, s.exp, body, ...readbackColumns(s), rootOf(s.handoff));
  };
  const inLine = (root: string, state: Statement["state"]): Statement[] => {
    // Each HO's rows as its index reads them (rowid), the HOs in the order they came (their lines'
    // seq), looked up once an HO that holds any: ordered by a look-up a row, a commit ending a
    // thousand pending statements of one HO read a thousand lines' rows more.
    const byHandoff = new Map<string, { body: string }[]>();
    for (const row of sql.exec<{ handoff: string; body: string }>("SELECT handoff, body FROM statements WHERE line = ? AND state = ? ORDER BY rowid", root, state)) {
      const held = byHandoff.get(row.handoff);
      if (held === undefined) byHandoff.set(row.handoff, [row]);
      else held.push(row);
    }
    if (byHandoff.size <= 1) return read([...byHandoff.values()].flat());
    // As SQLite orders them: an id with no line (none, as statements are prepared for stored HOs) first.
    const seqOf = (id: string): number => sql.exec<{ seq: number }>("SELECT seq FROM lines WHERE id = ? LIMIT 1", id).toArray()[0]?.seq ?? -Infinity;
    const ordered = [...byHandoff.entries()].map(([handoff, rows]) => ({ seq: seqOf(handoff), rows })).sort((a, b) => a.seq - b.seq);
    return read(ordered.flatMap((g) => g.rows));
  };
  return {
    get(token) {
      const rows = sql.exec<{ body: string }>("SELECT body FROM statements WHERE token = ?", token).toArray();
      return rows.length === 0 ? undefined : read(rows)[0];
    },
    put(s) {
      const body = JSON.stringify(s);
      // Not yet counted: the count, when it is made, reads this row as stored.
      const next = held === null ? null : after(s, body, held);
      write(s, body);
      held = next;
    },
    add(s, capacity) {
      const body = JSON.stringify(s);
      const now = count();
      const next = within(now, after(s, body, now), capacity);
      if (next === null) return false;
      write(s, body);
      held = next;
      return true;
    },
    held: count,
    forget() {
      held = null;
    },
    forHandoff(handoff, state) {
      if (state === undefined) return read(sql.exec<{ body: string }>("SELECT body FROM statements WHERE handoff = ?", handoff).toArray());
      return read(sql.exec<{ body: string }>("SELECT body FROM statements WHERE handoff = ? AND state = ?", handoff, state).toArray());
    },
    readbackIdsOf(receiver, n) {
      // A thread is one conversation: an id any of its statements states is taken, whatever handoff
      // it answers. The object always gives n, so a prepare looks up one number by index.
      if (n === undefined) return sql.exec<{ id: string }>("SELECT rb_id AS id FROM statements WHERE rb_from = ?", receiver).toArray().map((r) => r.id);
      return sql.exec<{ id: string }>("SELECT rb_id AS id FROM statements WHERE rb_from = ? AND rb_n = ?", receiver, n).toArray().map((r) => r.id);
    },
    statementsStating(readback) {
      // By the rb_id index: asked of every line a thread appends (statedIdReuse).
      return read(sql.exec<{ body: string }>("SELECT body FROM statements WHERE rb_id = ?", readback).toArray());
    },
    markCancelled(handoff) {
      sql.exec("INSERT OR IGNORE INTO cancelled_handoffs (handoff) VALUES (?)", handoff);
    },
    isCancelled(handoff) {
      return sql.exec("SELECT 1 FROM cancelled_handoffs WHERE handoff = ?", handoff).toArray().length > 0;
    },
    reissuesOf(handoff) {
      return reissueLine(handoff).filter((id) => id !== handoff);
    },
    pendingPast(now, limit) {
      // exp and now are YYYYMMDDTHHMMZ, which compare as text as they do in time (core statement.ts: now > exp).
      return read(sql.exec<{ body: string }>("SELECT body FROM statements WHERE state = 'pending' AND exp < ? LIMIT ?", now, limit).toArray());
    },
    earliestPendingExp() {
      const row = sql.exec<{ exp: string | null }>("SELECT MIN(exp) AS exp FROM statements WHERE state = 'pending'").one();
      return row.exp;
    },
    inLine,
    inLineOf: (handoff, state) => inLine(rootOf(handoff), state),
    countsByState() {
      const out: Record<string, number> = {};
      for (const r of sql.exec<{ state: string; n: number }>("SELECT state, COUNT(*) AS n FROM statements GROUP BY state")) out[r.state] = r.n;
      return out;
    },
  };
}
