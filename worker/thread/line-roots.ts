/**
 * The re-issue line (core ThreadAudit.reissueRoot: the id of the line's first HO) of the handoff
 * each statement and readback row is about, kept in a `line` column beside it. A DN asks for what
 * its HO's line holds (a pending or committed statement, a passing readback); asked id by id, every
 * DN walked the whole line, so a sender re-issuing one item thousands of times made each DN cost
 * the line's length (74 ms a DN at 4,000 HOs), and a DN on each HO of it the line's square. By
 * the column, one indexed read of the line's own rows. An HO's root is fixed once it is added,
 * so the column, written with the row, stays true.
 */

/** The tables that keep a `line` column. */
const LINE_TABLES = ["statements", "readbacks"] as const;

/**
 * Tables made before the column existed get it; the rows they hold keep none (null) until the
 * next audit rebuild fills them (fillLineRoots). Run before the schema's indexes on the column;
 * nothing to do on a table that has it, or none.
 */
export function addLineColumns(sql: SqlStorage): void {
  for (const table of LINE_TABLES) {
    const made = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", table).toArray()[0];
    if (made === undefined || /\bline TEXT\b/.test(made.sql)) continue;
    sql.exec(`ALTER TABLE ${table} ADD COLUMN line TEXT`);
  }
}

/**
 * Fills the `line` of rows stored before the column (null), by `rootOf`, the thread's audit as
 * rebuilt: found through the column's index, so on a thread with none it is one empty read.
 */
export function fillLineRoots(sql: SqlStorage, rootOf: (handoff: string) => string): void {
  for (const table of LINE_TABLES) {
    for (const { handoff } of sql.exec<{ handoff: string }>(`SELECT DISTINCT handoff FROM ${table} WHERE line IS NULL`).toArray()) {
      sql.exec(`UPDATE ${table} SET line = ? WHERE handoff = ? AND line IS NULL`, rootOf(handoff), handoff);
    }
  }
}
