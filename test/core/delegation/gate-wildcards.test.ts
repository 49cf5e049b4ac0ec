// Section 6: "ResearchWiki corpus inclusion, plan approval, hypothesis promotion, Verdicts,
// publication, policy, permission issuance, and external commitments remain human-authority gates
// regardless of adapter features." A scope allowing a gated operation through a wildcard (`*`) or a
// selector (`issue_*`, `Pub*`) allows it as surely as one naming it, and evaluation then demands the
// gate's authority (GATE_UNSATISFIED): validation names the missing authority first
// (HUMAN_GATE_MISSING), for exactly the gates evaluation would demand.
import { describe, expect, it } from "vitest";
import { evaluatePermission, HUMAN_AUTHORITY_GATES, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationContract, HumanGate, PermissionRequest } from "../../../core/delegation/index.js";
import { extractInput, record } from "./_records.js";

/** Section 11.1's D-EXTRACT-1 (T1, no human authority) with `operations` as its scope's. */
function extract(operations: string[], authorities: HumanGate[] = []): any {
  const c = record("d-extract-1");
  c.scope.operations = operations;
  c.gates.human_authorities = authorities.map((gate) => ({ gate, authority_ref: "HUMAN-EDITOR" }));
  return c;
}

const missing = (c: unknown): { gate: string | undefined; path: string | undefined }[] =>
  validateRecord(c).findings.filter((f) => f.code === "HUMAN_GATE_MISSING").map((f) => ({ gate: f.expected, path: f.path }));
const missingGates = (c: unknown): string[] => missing(c).map((m) => m.gate as string).sort();

const ALL_GATES = Object.keys(HUMAN_AUTHORITY_GATES).sort();

describe("HUMAN_GATE_MISSING sees a wildcard or a selector covering a gated operation", () => {
  it("* reaches every gate, once each, at the entry", () => {
    expect(missingGates(extract(["*"]))).toStrictEqual(ALL_GATES);
    expect(new Set(missing(extract(["*"])).map((m) => m.path))).toStrictEqual(new Set(["scope.operations.0"]));
    expect(validateRecord(extract(["*"])).findings.find((f) => f.code === "HUMAN_GATE_MISSING")?.message).toContain("operation selector * covers include_in_corpus");
  });
  it("issue_* reaches Verdicts and permission issuance", () => {
    expect(missingGates(extract(["read", "issue_*"]))).toStrictEqual(["permission_issuance", "verdict"]);
  });
  it("Pub* reaches publication: a gate governs Publish as publish", () => {
    expect(missingGates(extract(["read", "Pub*"]))).toStrictEqual(["publication"]);
  });
  it("a selector reaching no gate, or an exact name no gate governs, needs no authority", () => {
    for (const ops of [["read", "create_*"], ["read", "publish_draft"], ["approve_plan_draft"], ["pub"]]) {
      const r = validateRecord(extract(ops));
      expect(r.ok, ops.join(" ")).toBe(true);
    }
  });
  it("is satisfied by naming an authority for each gate reached", () => {
    expect(validateRecord(extract(["*"], ALL_GATES as HumanGate[])).ok).toBe(true);
    expect(missingGates(extract(["*"], ["publication"]))).toStrictEqual(ALL_GATES.filter((g) => g !== "publication"));
  });
  it("many entries reaching one gate give one finding a gate, not one an entry", () => {
    expect(missing(extract(["*", "*", "p*", "publish"])).length).toBe(ALL_GATES.length);
  });
  it("flags exactly the gates permission evaluation would demand of a request the scope allows", () => {
    const variants = (op: string): string[] => [op, op.toUpperCase(), op[0]?.toUpperCase() + op.slice(1)];
    for (const selector of ["*", "issue_*", "Pub*", "PUB*", "p*", "commit_*", "include_in_*", "create_*", "Approve_plan", "approve_plan_draft"]) {
      const contract = extract(["read", selector]);
      const demanded = new Set<string>();
      for (const ops of Object.values(HUMAN_AUTHORITY_GATES).map((g) => g.operations as readonly string[])) {
        for (const op of ops.flatMap(variants)) {
          const request = { ...(record("request-read-src-1") as PermissionRequest), operation: op };
          const r = evaluatePermission({ ...extractInput(request), contract: contract as DelegationContract });
          if (r.findings.some((f) => f.code === "SCOPE_OPERATION")) continue;
          for (const f of r.findings) if (f.code === "GATE_UNSATISFIED") demanded.add((f.dimension as string).replace(/^gate\./, ""));
        }
      }
      expect(missingGates(contract), selector).toStrictEqual([...demanded].sort());
    }
  });
});
