// An array where any object of a record belongs (a section of a contract, a card's operator, a
// chain's link, an attempt's effect, a fence, a head, a request, a payload, or the record itself
// read as a given kind) is refused once, at its own path, "is a JSON object, not an array": every
// object shape is built with objectOf. Built with valibot's looseObject, an array was read as an
// object lacking every member, a "... is required" finding for each; a payload, read by v.record,
// was copied to {} and refused for the members of its event type. Code unchanged: DELEGATION_SCHEMA.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, readPermissionInput, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationFinding } from "../../../core/delegation/index.js";
import type { RecordKind } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** `doc` with an array at the dotted `path` (an index past a list's end appends). */
function arrayAt(doc: unknown, path: string): any {
  const copy = structuredClone(doc) as any;
  const keys = path.split(".");
  const parent = keys.slice(0, -1).reduce((at, k) => at[k], copy);
  parent[keys.at(-1) as string] = [];
  return copy;
}

/** The schema findings at `path` or under it. */
const at = (path: string, findings: readonly DelegationFinding[]): [string | undefined, string][] =>
  findings.filter((f) => f.code === "DELEGATION_SCHEMA" && (f.path === path || f.path?.startsWith(`${path}.`))).map((f) => [f.path, f.message]);

const permissionInput = (): Record<string, unknown> => ({
  contract: record("d-extract-1"),
  card: record("card-agent-extractor-r3"),
  request: record("request-read-src-1"),
  fences: record("fences-d-extract-1"),
  heads: record("heads-d-extract-1"),
  approvals: [record("approval-review")],
  policy_ref: { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` },
  evaluator_ref: { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" },
});

// [fixture, path]: each object shape once, in the record where it is read.
const NESTED: [string, string][] = [
  ["card-agent-extractor-r3", "accountable_operator"],
  ["card-agent-extractor-r3", "capability_claims.0"],
  ["card-agent-extractor-r3", "supported_adapters.0"],
  ["card-agent-extractor-r3", "availability"],
  ["card-agent-extractor-r3", "resource_limits.max_rate"],
  ["card-agent-extractor-r3", "trust_context"],
  ["card-agent-extractor-r3", "signer"],
  ["card-agent-extractor-r3", "lifecycle"],
  ["card-agent-extractor-r3", "signature"],
  ["chain-d-child-ok", "links.0"],
  ["chain-d-child-ok", "links.0.evidence.0"],
  ["d-research-1", "delegatee_agent_ref"],
  ["d-research-1", "accountable_operator_ref"],
  ["d-research-1", "objective"],
  ["d-research-1", "scope"],
  ["d-research-1", "scope.denials.0"],
  ["d-research-1", "limits"],
  ["d-research-1", "gates"],
  ["d-research-1", "gates.reviewers.0"],
  ["d-research-1", "gates.human_authorities.0"],
  ["d-research-1", "gates.consent.0"],
  ["d-research-1", "gates.verification.0"],
  ["d-research-1", "monitoring"],
  ["d-research-1", "subdelegation_policy"],
  ["d-research-1", "retry_policy"],
  ["d-research-1", "revocation"],
  ["d-research-1", "control_scopes.0"],
  ["att-1", "effects.0"],
  ["att-1", "external_receipts.0"],
  ["att-1", "control_fence_set.0"],
  ["cp-7", "external_operations.0"],
  ["cp-7", "last_project_position"],
  ["pd-d-child-bad", "matched_rules.0"],
  ["ev-att-2-started", "payload"],
];

const KINDS: [RecordKind, string][] = [
  ["agent_card", "card-agent-extractor-r3"],
  ["attestation_chain", "chain-d-child-ok"],
  ["delegation_contract", "d-research-1"],
  ["execution_attempt", "att-1"],
  ["delegation_checkpoint", "cp-7"],
  ["circuit_breaker_event", "breaker-d-research-1"],
  ["permission_decision", "pd-d-child-bad"],
  ["event", "ev-att-2-started"],
];

describe("an array where an object of a record belongs", () => {
  it.each(NESTED)("%s, %s: refused as an array, once, at its own path", (fixture, path) => {
    expect(validateRecord(record(fixture)).ok).toBe(true);
    expect(at(path, validateRecord(arrayAt(record(fixture), path)).findings)).toStrictEqual([[path, `${path} is a JSON object, not an array`]]);
  });

  it.each(["request", "heads.0", "approvals.0"])("the permission input's %s: refused as an array, once, at its own path", (path) => {
    expect(readPermissionInput(permissionInput()).ok).toBe(true);
    expect(at(path, readPermissionInput(arrayAt(permissionInput(), path)).findings)).toStrictEqual([[path, `${path} is a JSON object, not an array`]]);
  });

  it.each(["rw002.review.recorded", "rw003.delegation.paused"])("an event of type %s, outside the thirteen, with an array for its payload: refused at payload, as a string is (README note 186)", (type) => {
    const event = { ...record("ev-att-2-started"), event_type: type };
    const codes = (payload: unknown) => validateRecord({ ...event, payload }).findings.map((f) => [f.code, f.path]);
    expect(codes({})).toStrictEqual([["EVENT_TYPE_UNKNOWN", "event_type"]]);
    expect(codes("x")).toStrictEqual([["DELEGATION_SCHEMA", "payload"]]);
    expect(codes([])).toStrictEqual([["DELEGATION_SCHEMA", "payload"]]);
  });

  it.each(Object.keys(EVENT_TYPES))("the payload schema of %s: an array is no payload", (type) => {
    const issues = v.safeParse((EVENT_TYPES[type] as { payload: v.GenericSchema<unknown, unknown> }).payload, []).issues ?? [];
    expect(issues.map((i) => [v.getDotPath(i), i.message])).toStrictEqual([[null, "is a JSON object, not an array"]]);
  });
});

describe("an array read as a record of a given kind", () => {
  it.each(KINDS)("%s: the document is refused as an array, once", (kind, fixture) => {
    expect(validateRecord(record(fixture), { kind }).ok).toBe(true);
    expect(validateRecord([], { kind }).findings.map((f) => [f.code, f.path, f.message])).toStrictEqual([["DELEGATION_SCHEMA", "", "the document is a JSON object, not an array"]]);
  });

  it("a contract part of a document given as an array is named by its place, once", () => {
    expect(at("contract", readPermissionInput({ ...permissionInput(), contract: [] }).findings)).toStrictEqual([["contract", "contract is a JSON object, not an array"]]);
  });
});
