/**
 * The sender's record (section 5.3): the approved values an HO is built from or checked against,
 * as a JSON object of slot values. `"$resolve": ["acct"]` marks slots the receiver resolves from
 * its own records: the HO may leave them out, and a readback's values for them are checked
 * against the record. (`$` cannot begin a slot key, so the marker never collides with a slot.)
 */
import { _capFindings, finding } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import type { Scalar, SlotValue } from "./message.js";
import { decodeValue } from "./slot-type.js";
import { _cut } from "./_chars.js";
import type { Vocabulary } from "./vocabulary-model.js";

export interface SenderRecord {
  /** Approved values by slot (`item` allowed), decoded as the JSON form would hold them. */
  readonly values: Readonly<Record<string, SlotValue>>;
  /** Slots the receiver resolves; the HO may omit them. */
  readonly resolve: ReadonlySet<string>;
}

const RESOLVE = "$resolve";

function isScalar(v: unknown): v is Scalar {
  return typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isSafeInteger(v));
}

/**
 * Reads a record from untrusted JSON. Values written as on a line (`"2"` for an int, `"a+b"` for a
 * list) are decoded by the slot's type, so a record can be copied from a line or from a JSON form.
 */
export function readRecord(input: unknown, vocabulary: Vocabulary): Result<SenderRecord> {
  const findings: Finding[] = [];
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, value: null, findings: [finding("RECORD_SHAPE", "a record is a JSON object of slot values")] };
  }
  const values: Record<string, SlotValue> = {};
  const resolve = new Set<string>();
  for (const [key, raw] of Object.entries(input)) {
    if (key === RESOLVE) {
      if (!Array.isArray(raw) || !raw.every((k) => typeof k === "string")) findings.push(finding("RECORD_SHAPE", `${RESOLVE} is a list of slot names`, { slot: RESOLVE }));
      else for (const k of raw as string[]) resolve.add(k);
      continue;
    }
    const def = vocabulary.slots.get(key);
    if (def === undefined) {
      findings.push(finding("RECORD_SHAPE", `the record names ${_cut(key)}, which is not a slot of the vocabulary`, { slot: _cut(key) }));
      continue;
    }
    if (typeof raw === "string") values[key] = decodeValue(def.type, raw);
    else if (isScalar(raw) || (Array.isArray(raw) && raw.length > 0 && raw.every(isScalar))) values[key] = raw as SlotValue;
    else findings.push(finding("RECORD_SHAPE", `the record's ${key} is not a slot value`, { slot: key }));
  }
  for (const k of resolve) if (!vocabulary.slots.has(k)) findings.push(finding("RECORD_SHAPE", `${RESOLVE} names ${_cut(k)}, which is not a slot`, { slot: RESOLVE }));
  // Bounded as a line's answer is (conformance note 36): a record naming thousands of unknown keys
  // is described by FINDINGS_MAX findings and a FINDINGS_CUT note.
  if (findings.length > 0) return { ok: false, value: null, findings: _capFindings(findings) };
  return { ok: true, value: { values, resolve }, findings: [] };
}
