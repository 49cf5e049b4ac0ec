/**
 * The anomaly index's record (sections 3, 10): "An anomaly without a trustworthy UUID is tracked by
 * file fingerprint in a separate local anomaly index", "keyed by exact filename plus content
 * fingerprint". The core owns its shape: an adapter that stores the index (the CLI's
 * `anomalies/<CALLSIGN>.jsonl`) reads each stored value through `readAnomalyRecord` and reports
 * what it refuses, never deciding the shape itself.
 */

/**
 * A local anomaly-index record: `closed` once the anomaly is resolved (repaired, or by the Handler).
 * It is "keyed by exact filename plus content fingerprint" (section 10): it closes the one anomaly
 * whose `file` and `fingerprint` both match exactly, never another file with the same bytes (every
 * empty file shares one fingerprint; a conflict copy shares its original's).
 */
export interface AnomalyRecord {
  /** The anomaly's file exactly as the anomaly names it (`archive/<folder>/<file>` for an archived one). */
  readonly file: string;
  readonly fingerprint: string;
  readonly state: "open" | "closed";
}

/**
 * A stored value read as an anomaly record: the record (only its three fields), or why it is none.
 * A record that names no file (the earlier fingerprint-only form) is refused, not read as closing
 * every file with those bytes; the reason says so. The caller reports a refusal as
 * `DISPOSITION_INVALID` at the value's place and skips it.
 */
export function readAnomalyRecord(value: unknown): { readonly ok: true; readonly record: AnomalyRecord } | { readonly ok: false; readonly reason: string } {
  const r = value as Partial<AnomalyRecord> | null;
  const object = r !== null && typeof r === "object" && !Array.isArray(r);
  if (object && typeof r.file === "string" && typeof r.fingerprint === "string" && (r.state === "open" || r.state === "closed")) return { ok: true, record: { file: r.file, fingerprint: r.fingerprint, state: r.state } };
  const fileless = object && !Object.hasOwn(r, "file") && typeof r.fingerprint === "string";
  return { ok: false, reason: `is not an anomaly record, {"file": "<the file's name, as the anomaly names it>", "fingerprint": "<sha256 of the file>", "state": "open" or "closed"}${fileless ? " (it names no file: a record is keyed by exact file name plus fingerprint, and one by fingerprint alone would close every file with the same bytes)" : ""}` };
}
