/**
 * The thread object's tables as earlier versions made them, for the tests that an object stored
 * under one still works (each migration in worker/thread/thread-object.ts).
 */

/** The thread object's tables before it kept parties (worker/thread/thread-object.ts as of 0.1.0's agent tokens). */
export const SCHEMA_BEFORE_PARTIES = [
  "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS lines (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, sender TEXT NOT NULL, n INTEGER NOT NULL, type TEXT NOT NULL, line TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS lines_sender ON lines (sender, n)",
  "CREATE TABLE IF NOT EXISTS handoffs (id TEXT PRIMARY KEY, exp TEXT, due TEXT)",
  "CREATE TABLE IF NOT EXISTS challenges (handoff TEXT PRIMARY KEY, body TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS readbacks (rb TEXT PRIMARY KEY, handoff TEXT NOT NULL, verdict TEXT NOT NULL, report TEXT)",
  "CREATE TABLE IF NOT EXISTS dones (dn TEXT PRIMARY KEY, handoff TEXT NOT NULL, plan TEXT, ok INTEGER NOT NULL, findings TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS orphans (handoff TEXT NOT NULL, code TEXT NOT NULL, at TEXT NOT NULL, marked INTEGER NOT NULL, PRIMARY KEY (handoff, code))",
  "CREATE TABLE IF NOT EXISTS statements (token TEXT PRIMARY KEY, handoff TEXT NOT NULL, state TEXT NOT NULL, exp TEXT NOT NULL, body TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS cancelled_handoffs (handoff TEXT PRIMARY KEY)",
];

/** The thread object's tables before its statements had readback columns (as of the parties table). */
export const SCHEMA_BEFORE_READBACK_COLUMNS: readonly string[] = [...SCHEMA_BEFORE_PARTIES, "CREATE TABLE IF NOT EXISTS parties (agent TEXT PRIMARY KEY) WITHOUT ROWID"];

/** The thread object's tables before it kept the numbers stored lines' re= cite (as of the readback columns). */
export const SCHEMA_BEFORE_CITED: readonly string[] = [
  ...SCHEMA_BEFORE_PARTIES.filter((s) => !s.includes("TABLE IF NOT EXISTS statements")),
  "CREATE TABLE IF NOT EXISTS statements (token TEXT PRIMARY KEY, handoff TEXT NOT NULL, state TEXT NOT NULL, exp TEXT NOT NULL, body TEXT NOT NULL, rb_id TEXT, rb_from TEXT, rb_n INTEGER)",
  "CREATE INDEX IF NOT EXISTS statements_rb_id ON statements (rb_id)",
  "CREATE INDEX IF NOT EXISTS statements_rb_from ON statements (rb_from, rb_n)",
  "CREATE INDEX IF NOT EXISTS statements_handoff_state ON statements (handoff, state)",
  "CREATE TABLE IF NOT EXISTS parties (agent TEXT PRIMARY KEY) WITHOUT ROWID",
];

/** The thread object's tables before it kept AQs' by= dates (as of the cited numbers). */
export const SCHEMA_BEFORE_QUESTIONS: readonly string[] = [...SCHEMA_BEFORE_CITED, "CREATE TABLE IF NOT EXISTS cited (agent TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (agent, n)) WITHOUT ROWID"];

/** The thread object's tables before it kept each HO's digest (as of the questions). */
export const SCHEMA_BEFORE_DIGEST: readonly string[] = [...SCHEMA_BEFORE_QUESTIONS, "CREATE TABLE IF NOT EXISTS questions (id TEXT PRIMARY KEY, by TEXT NOT NULL) WITHOUT ROWID"];
