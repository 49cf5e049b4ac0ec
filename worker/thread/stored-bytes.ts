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
