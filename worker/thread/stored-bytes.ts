/**
 * What a thread's 16 MiB (THREAD_CAPACITY.bytes) counts: the UTF-8 bytes of its stored lines and
 * of the rows the object keeps beside them for each line, a readback's checked report and a done
 * report's check. Those rows were outside it: one HO whose keep= names 400 agents, then 50 tiny
 * readbacks of it, stored 6.5 KB of lines and 31 KB of readback reports (each echoes what the
 * HO's values are), so the stated bound held only for the lines.
 */

import { utf8Length } from "../limits.js";

/** The UTF-8 bytes of a row's text columns, as THREAD_STORED_BYTES_SQL counts them (null counts none). */
export function rowBytes(...texts: readonly (string | null)[]): number {
  let bytes = 0;
  for (const text of texts) if (text !== null) bytes += utf8Length(text);
  return bytes;
}

/** The bytes a thread holds, counted from storage (the lines, readbacks and dones tables), as `b`. */
export const THREAD_STORED_BYTES_SQL = [
  "SELECT",
  "(SELECT COALESCE(SUM(length(CAST(line AS BLOB))), 0) FROM lines)",
  "+ (SELECT COALESCE(SUM(length(CAST(rb AS BLOB)) + length(CAST(handoff AS BLOB)) + length(CAST(verdict AS BLOB)) + COALESCE(length(CAST(report AS BLOB)), 0)), 0) FROM readbacks)",
  "+ (SELECT COALESCE(SUM(length(CAST(dn AS BLOB)) + length(CAST(handoff AS BLOB)) + COALESCE(length(CAST(plan AS BLOB)), 0) + length(CAST(findings AS BLOB))), 0) FROM dones)",
  "AS b",
].join(" ");

/**
 * The meta key the count is kept under, written in the transaction that stores the lines it
 * counts, so a restarted object reads one row rather than THREAD_STORED_BYTES_SQL, which reads
 * every row of the three tables: 12 to 28 ms in local workerd at 16 MiB (test/worker/bench/
 * thread-costs.bench.ts, 2026-12-05).
 */
export const STORED_BYTES_KEY = "stored_bytes";

/** The kept value: the bytes, with the number of lines they were counted at. */
export const keptBytesValue = (lines: number, bytes: number): string => `${lines} ${bytes}`;

/**
 * The bytes a kept value gives for a thread of `lines` lines, or null (count from storage): none
 * is kept on a thread stored before the count was, and one kept at another number of lines was
 * left behind by code that stored lines without it (an older version deployed again).
 */
export function keptBytes(value: string | null, lines: number): number | null {
  const match = value === null ? null : /^(\d+) (\d+)$/.exec(value);
  return match === null || Number(match[1]) !== lines ? null : Number(match[2]);
}
