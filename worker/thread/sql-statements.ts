/**
 * The core's statement store (core/statement.ts) over a Durable Object's SQLite: one row a
 * statement, the whole statement as JSON beside the columns the object queries by. Synchronous, as
 * the core's state machine needs: a commit is one step no other request can interleave with.
 */
import type { Statement, StatementStore } from "../../core/index.js";

export const STATEMENTS_TABLE = `CREATE TABLE IF NOT EXISTS statements (
  token TEXT PRIMARY KEY,
  handoff TEXT NOT NULL,
  state TEXT NOT NULL,
  exp TEXT NOT NULL,
  body TEXT NOT NULL
)`;

/** Handoffs a CX cancelled, kept even when nothing was prepared for them yet. */
export const CANCELLED_TABLE = "CREATE TABLE IF NOT EXISTS cancelled_handoffs (handoff TEXT PRIMARY KEY)";

export interface SqlStatementStore extends StatementStore {
  /**
   * Pending statements whose window ended before `now`, at most `limit` of them: expiry reads a
   * batch at a time, never every pending statement (a thread may hold any number).
   */
  pendingPast(now: string, limit: number): Statement[];
  /** The earliest `exp` of a pending statement, or null. */
  earliestPendingExp(): string | null;
  /** How many statements are in each state (tokens are capabilities: never listed). */
  countsByState(): Record<string, number>;
}

/** `reissueLine` gives the HOs that are one handoff sent again (the thread's audit knows them). */
export function sqlStatementStore(sql: SqlStorage, reissueLine: (handoff: string) => readonly string[]): SqlStatementStore {
  const read = (rows: { body: string }[]): Statement[] => rows.map((r) => JSON.parse(r.body) as Statement);
  return {
    get(token) {
      const rows = sql.exec<{ body: string }>("SELECT body FROM statements WHERE token = ?", token).toArray();
      return rows.length === 0 ? undefined : read(rows)[0];
    },
    put(s) {
      sql.exec("INSERT OR REPLACE INTO statements (token, handoff, state, exp, body) VALUES (?, ?, ?, ?, ?)", s.token, s.handoff, s.state, s.exp, JSON.stringify(s));
    },
    forHandoff(handoff) {
      return read(sql.exec<{ body: string }>("SELECT body FROM statements WHERE handoff = ?", handoff).toArray());
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
    countsByState() {
      const out: Record<string, number> = {};
      for (const r of sql.exec<{ state: string; n: number }>("SELECT state, COUNT(*) AS n FROM statements GROUP BY state")) out[r.state] = r.n;
      return out;
    },
  };
}
