// The section 11 records under test/conformance/delegation/records, as the delegation tests load
// them: `record` the JSON as written, `read` it validated (a fixture that does not validate stops
// the test with the findings' codes).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateRecord } from "../../../core/delegation/index.js";
import type { AgentCard, ControlFenceSet, ControlHead, DelegationContract, PermissionInput, PermissionRequest } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");

export const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

export const read = <T>(x: unknown): T => {
  const r = validateRecord(x);
  if (!r.ok) throw new Error(`fixture does not validate: ${r.findings.map((f) => f.code).join(" ")}`);
  return r.value as T;
};

/** Section 11.1's D-EXTRACT-1 permission input, under its card, fences and heads, for `request`. */
export function extractInput(request: PermissionRequest): PermissionInput {
  return {
    contract: read<DelegationContract>(record("d-extract-1")),
    card: read<AgentCard>(record("card-agent-extractor-r3")),
    request,
    fences: record("fences-d-extract-1") as ControlFenceSet,
    heads: record("heads-d-extract-1") as ControlHead[],
    policy_ref: { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` },
    evaluator_ref: { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" },
  };
}
