// The section 11 records under test/conformance/delegation/records, as the delegation tests load
// them: `record` the JSON as written, `read` it validated (a fixture that does not validate stops
// the test with the findings' codes).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateRecord } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");

export const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

export const read = <T>(x: unknown): T => {
  const r = validateRecord(x);
  if (!r.ok) throw new Error(`fixture does not validate: ${r.findings.map((f) => f.code).join(" ")}`);
  return r.value as T;
};
