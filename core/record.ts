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

/** How findings name whose values they are: [naming a key, owning a value]. */
type Whose = readonly [names: string, owns: string];
const RECORD: Whose = ["the record names", "the record's"];
const ADDS: Whose = ["the relay's adds name", "the relay's added"];
const CALL: Whose = ["the call names", "the call's"];

function isScalar(v: unknown): v is Scalar {
  return typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isSafeInteger(v));
}

/** How a finding names a value as the JSON held it, so `20261002` and `"20261002"` read apart. */
function asJson(raw: Scalar | readonly Scalar[]): string {
  const text = _cut(JSON.stringify(raw));
  return typeof raw === "number" || typeof raw === "boolean" ? `${text} (a JSON ${typeof raw})` : text;
}

/**
 * One value of a record (or of a relay's `adds`, which stand as part of its record) as untrusted
 * JSON: a string is decoded by the slot's type as a line's value is, and the decoded value must
 * then be one its slot's type admits, checked by the slot's own checker, as validation checks a
 * line's. Undefined, with a RECORD_SHAPE finding, when it is not: a record's `paid` of the number
 * 20261002 is no date, and compared with the line's `paid=20261002` would differ while reading the same.
 */
function readValue([names, whose]: Whose, key: string, raw: unknown, vocabulary: Vocabulary, findings: Finding[]): SlotValue | undefined {
  const def = vocabulary.slots.get(key);
  if (def === undefined) {
    findings.push(finding("RECORD_SHAPE", `${names} ${_cut(key)}, which is not a slot of the vocabulary`, { slot: _cut(key) }));
    return undefined;
  }
  if (!(isScalar(raw) || (Array.isArray(raw) && raw.length > 0 && raw.every(isScalar)))) {
    findings.push(finding("RECORD_SHAPE", `${whose} ${key} is not a slot value`, { slot: key }));
    return undefined;
  }
  const value = typeof raw === "string" ? decodeValue(def.type, raw) : (raw as SlotValue);
  const problem = def.check(value);
  if (problem === null) return value;
  findings.push(finding("RECORD_SHAPE", `${whose} ${key} holds ${asJson(raw)}, which ${problem.reason}; ${key} is typed ${def.type.text}`, { slot: key, expected: def.type.text, received: _cut(problem.received) }));
  return undefined;
}

/**
 * A relay's `adds` (section 5.3): the slot values its role adds to what it forwards, from untrusted
 * JSON, read exactly as a record's values are.
 */
export function _readAdds(input: unknown, vocabulary: Vocabulary): Result<Readonly<Record<string, SlotValue>>> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, value: null, findings: [finding("RECORD_SHAPE", "a relay's adds are a JSON object of slot values")] };
  }
  const findings: Finding[] = [];
  const values: Record<string, SlotValue> = {};
  for (const [key, raw] of Object.entries(input)) {
    const value = readValue(ADDS, key, raw, vocabulary, findings);
    if (value !== undefined) values[key] = value;
  }
  if (findings.length > 0) return { ok: false, value: null, findings: _capFindings(findings) };
  return { ok: true, value: values, findings: [] };
}

/**
 * Reads a record from untrusted JSON. Values written as on a line (`"2"` for an int, `"a+b"` for a
 * list) are decoded by the slot's type, so a record can be copied from a line or from a JSON form;
 * a value its slot's type does not admit, as written or decoded, is refused.
 */
export function readRecord(input: unknown, vocabulary: Vocabulary): Result<SenderRecord> {
  return readValues(input, vocabulary, RECORD);
}

/** readRecord, its findings naming whose values they are (a record's, or a call's). */
function readValues(input: unknown, vocabulary: Vocabulary, whose: Whose): Result<SenderRecord> {
  const findings: Finding[] = [];
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, value: null, findings: [finding("RECORD_SHAPE", `${whose === CALL ? "a call" : "a record"} is a JSON object of slot values`)] };
  }
  const values: Record<string, SlotValue> = {};
  const resolve = new Set<string>();
  for (const [key, raw] of Object.entries(input)) {
    if (key === RESOLVE) {
      if (!Array.isArray(raw) || !raw.every((k) => typeof k === "string")) findings.push(finding("RECORD_SHAPE", `${RESOLVE} is a list of slot names`, { slot: RESOLVE }));
      else for (const k of raw as string[]) resolve.add(k);
      continue;
    }
    const value = readValue(whose, key, raw, vocabulary, findings);
    if (value !== undefined) values[key] = value;
  }
  for (const k of resolve) if (!vocabulary.slots.has(k)) findings.push(finding("RECORD_SHAPE", `${RESOLVE} names ${_cut(k)}, which is not a slot`, { slot: RESOLVE }));
  // Bounded as a line's answer is (conformance note 36): a record naming thousands of unknown keys
  // is described by FINDINGS_MAX findings and a FINDINGS_CUT note.
  if (findings.length > 0) return { ok: false, value: null, findings: _capFindings(findings) };
  return { ok: true, value: { values, resolve }, findings: [] };
}

/**
 * A tool's resolved call (section 5.3's `prepare`) from untrusted JSON: execution values read as a
 * record's are, decoded by slot type and refused when the type does not admit them, so `rw prepare`
 * and a Worker's thread read one call alike. A call holds the values it runs with: a record's
 * `$resolve` is refused, not read as a value.
 */
export function readCall(input: unknown, vocabulary: Vocabulary): Result<Readonly<Record<string, SlotValue>>> {
  // Its findings say "the call's amt": the user gave a call, and "the record's" names another input.
  const read = readValues(input, vocabulary, CALL);
  if (!read.ok) return { ok: false, value: null, findings: read.findings };
  if (read.value.resolve.size > 0) return { ok: false, value: null, findings: [finding("RECORD_SHAPE", `a call holds the values it runs with; ${RESOLVE} belongs to a record`, { slot: RESOLVE })] };
  return { ok: true, value: read.value.values, findings: [] };
}
