/**
 * The digest of each HO (core digest, what its readbacks' h= must carry), kept in the handoffs
 * table beside its deadlines: the append hashes the HO once, stores the digest and gives it to the
 * audit, and a restarted object gives the stored one to the audit it rebuilds rather than hashing
 * every HO of the thread again (a seventh of the rebuild: PERFORMANCE.md, fix-DO).
 */

/**
 * A handoffs table made before the column existed gets it; the HOs it holds keep none (null), and
 * the rebuild hashes those as before. Nothing to do on a table that has it, or none.
 */
export function addDigestColumn(sql: SqlStorage): void {
  const made = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'handoffs'").toArray()[0];
  if (made === undefined || /\bh TEXT\b/.test(made.sql)) return;
  sql.exec("ALTER TABLE handoffs ADD COLUMN h TEXT");
}
