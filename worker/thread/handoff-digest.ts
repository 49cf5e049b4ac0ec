/**
 * The digest of each HO (core digest, what its readbacks' h= must carry), kept in the handoffs
 * table beside its deadlines: the append hashes the HO once, stores the digest and gives it to the
 * audit, and a restarted object gives the stored one to the audit it rebuilds rather than hashing
 * every HO of the thread again (a seventh of the rebuild: PERFORMANCE.md, fix-DO).
 */

/**
 * A handoffs table made before the column existed gets it; the HOs it holds keep none (null) until
 * the first rebuild hashes them and stores what it computed (storeDigests). Nothing to do on a
 * table that has it, or none.
 */
export function addDigestColumn(sql: SqlStorage): void {
  const made = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'handoffs'").toArray()[0];
  if (made === undefined || /\bh TEXT\b/.test(made.sql)) return;
  sql.exec("ALTER TABLE handoffs ADD COLUMN h TEXT");
}

/** An HO the rebuild found without a stored digest, with the digest it computed for it. */
export interface ComputedDigest {
  readonly id: string;
  readonly h: string;
}

/**
 * Stores the digests a rebuild computed for HOs stored before the column (a thread stored before
 * fix-DO), so the next rebuild reads them as it reads a newer HO's: one primary-key write per HO
 * hashed, once per thread, and never over a digest already stored. The caller runs it in a
 * transaction: all of a rebuild's digests are kept, or none (a rollback leaves them null, to be
 * computed and stored again by the next rebuild).
 */
export function storeDigests(sql: SqlStorage, computed: readonly ComputedDigest[]): void {
  for (const { id, h } of computed) sql.exec("UPDATE handoffs SET h = ? WHERE id = ? AND h IS NULL", h, id);
}
