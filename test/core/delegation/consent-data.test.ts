// Section 9: "Consent references MUST bind subject/scope/purpose/data classes/...". A request
// touching a data class no consent the contract relies on binds is not consented, and is denied
// (CONSENT_DATA_CLASS); a contract relying on no consent has no consent layer to narrow.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluatePermissionDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
const policy_ref = { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"0".repeat(64)}` };
const evaluator_ref = { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" };

function research(dataClasses: string[]) {
  const contract = record("d-research-1");
  contract.scope.data_classes = ["public", "internal"];
  const request = { ...record("request-read-src-1"), executor_actor_ref: contract.delegatee_agent_ref.agent_actor_ref, object: "catalog:SRC-50", tool: "search", at: "2026-10-02T09:45:00Z", data_classes: dataClasses, usage: { tool_calls: 3, items: { Source: 0, Finding: 0 } } };
  return { contract, card: record("card-agent-researcher-r2"), request, fences: record("fences-d-research-1"), heads: record("heads-d-research-1"), policy_ref, evaluator_ref };
}

describe("a request's data classes against the consents the contract relies on", () => {
  it("denies a class no relied-on consent binds, naming it", () => {
    const r = evaluatePermissionDocument(research(["public", "internal"]));
    expect(r.denied_by).toStrictEqual(["CONSENT_DATA_CLASS"]);
    expect(r.findings.find((f) => f.code === "CONSENT_DATA_CLASS")).toMatchObject({ dimension: "consent", expected: "public", received: "internal" });
  });
  it("allows classes the consent binds", () => {
    expect(evaluatePermissionDocument(research(["public"])).decision).toBe("allow");
  });
  it("does not compare a contract that relies on no consent", () => {
    const contract = record("d-extract-1");
    contract.scope.data_classes = ["public", "internal"];
    const request = { ...record("request-read-src-1"), data_classes: ["internal"] };
    const r = evaluatePermissionDocument({ contract, card: record("card-agent-extractor-r3"), request, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref, evaluator_ref });
    expect(r.decision).toBe("allow");
  });
});

// A contract relying on one consent at two revisions: the head holds one, and the other binds more
// (`internal`). Each revision relied on is compared with the head, whichever the list names first,
// and two at once fail closed even where the head names no record: one record is in force at a head.
describe("a consent relied on at two revisions", () => {
  function twoRevisions(order: "current first" | "other first", headNames: boolean) {
    const input = research(["public", "internal"]);
    const current = input.contract.gates.consent[0];
    const other = { ...structuredClone(current), consent_ref: { ...current.consent_ref, revision_id: "c-r0", content_digest: `sha256:${"9".repeat(64)}` }, data_classes: ["public", "internal"] };
    input.contract.gates.consent = order === "current first" ? [current, other] : [other, current];
    for (const h of input.heads) if (h.branch_id === "consent:CONSENT-7") h.record_ref = headNames ? current.consent_ref : null;
    return input;
  }
  it.each(["current first", "other first"] as const)("is denied (HEAD_RECORD_SUPERSEDED) with the %s, never consented by the other's classes", (order) => {
    const r = evaluatePermissionDocument(twoRevisions(order, true));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED"]);
  });
  it("is denied when the head names no record", () => {
    expect(evaluatePermissionDocument(twoRevisions("current first", false)).denied_by).toStrictEqual(["HEAD_RECORD_SUPERSEDED"]);
  });
});
