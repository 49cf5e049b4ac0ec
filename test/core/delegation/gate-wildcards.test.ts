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

/**
 * Section 11.1's D-EXTRACT-1 (T1, no human authority) with `operations` as its scope's, and
 * `denials` (none unless given: its own refuses four gated operations).
 */
function extract(operations: string[], authorities: HumanGate[] = [], denials: unknown[] = []): any {
  const c = record("d-extract-1");
  c.scope.operations = operations;
  c.scope.denials = denials;
  c.gates.human_authorities = authorities.map((gate) => ({ gate, authority_ref: "HUMAN-EDITOR" }));
  return c;
}
const EXTRACT_DENIALS: unknown[] = record("d-extract-1").scope.denials;

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
  it("flags exactly the gates permission evaluation would demand of a request the scope allows and no denial refuses", () => {
    const variants = (op: string): string[] => [op, op.toUpperCase(), op[0]?.toUpperCase() + op.slice(1)];
    const denialSets: unknown[][] = [[], EXTRACT_DENIALS, [{ rule_id: "no-pub-issue", operations: ["Pub*", "ISSUE_*"] }], [{ rule_id: "no-ops", operations: ["*"] }]];
    for (const denials of denialSets) {
      for (const selector of ["*", "issue_*", "Pub*", "PUB*", "p*", "commit_*", "include_in_*", "create_*", "Approve_plan", "approve_plan_draft", "publish"]) {
        const contract = extract(["read", selector], [], denials);
        const demanded = new Set<string>();
        for (const ops of Object.values(HUMAN_AUTHORITY_GATES).map((g) => g.operations as readonly string[])) {
          for (const op of ops.flatMap(variants)) {
            const request = { ...(record("request-read-src-1") as PermissionRequest), operation: op };
            const r = evaluatePermission({ ...extractInput(request), contract: contract as DelegationContract });
            if (r.findings.some((f) => f.code === "SCOPE_OPERATION" || f.code === "SCOPE_DENIED")) continue;
            for (const f of r.findings) if (f.code === "GATE_UNSATISFIED") demanded.add((f.dimension as string).replace(/^gate\./, ""));
          }
        }
        expect(missingGates(contract), `${selector} under ${JSON.stringify(denials)}`).toStrictEqual([...demanded].sort());
      }
    }
  });
});

// A denial wins over the scope at evaluation (SCOPE_DENIED, whatever the scope allows): a gated
// operation a denial refuses whatever else a request names is reached by no request, so no authority
// is needed for it. The match is evaluation's (`denialRefuses`): in any case, by selector.
describe("HUMAN_GATE_MISSING subtracts what scope.denials refuse", () => {
  const GATED_OPS = Object.values(HUMAN_AUTHORITY_GATES).flatMap((g) => g.operations as readonly string[]);
  it("* with every gated operation denied needs no authority", () => {
    expect(validateRecord(extract(["*"], [], [{ rule_id: "no-gated", operations: GATED_OPS }])).ok).toBe(true);
    // The same denial written in another case, as evaluation matches it.
    expect(validateRecord(extract(["*"], [], [{ rule_id: "no-gated", operations: GATED_OPS.map((o) => o.toUpperCase()) }])).ok).toBe(true);
  });
  it("* with one gated operation not denied still fails, naming that gate only", () => {
    const c = extract(["*"], [], [{ rule_id: "no-gated", operations: GATED_OPS.filter((o) => o !== "approve_plan") }]);
    expect(missing(c)).toStrictEqual([{ gate: "plan_approval", path: "scope.operations.0" }]);
    expect(validateRecord(c).findings.find((f) => f.code === "HUMAN_GATE_MISSING")?.message).toContain("operation selector * covers approve_plan");
  });
  it("D-EXTRACT-1's own denial takes its four gates from *, and leaves the other four", () => {
    expect(missingGates(extract(["*"], [], EXTRACT_DENIALS))).toStrictEqual(["external_commitment", "permission_issuance", "plan_approval", "policy"]);
  });
  it("a glob denial subtracts what it covers: Pub* takes publication, issue_* Verdicts and permission issuance", () => {
    expect(missingGates(extract(["*"], [], [{ rule_id: "no-pub", operations: ["Pub*"] }]))).toStrictEqual(ALL_GATES.filter((g) => g !== "publication"));
    expect(missingGates(extract(["*"], [], [{ rule_id: "no-issue", operations: ["issue_*"] }]))).toStrictEqual(ALL_GATES.filter((g) => g !== "verdict" && g !== "permission_issuance"));
    // A denial of * (operations) refuses every request: no gate is reached.
    expect(validateRecord(extract(["*"], [], [{ rule_id: "no-ops", operations: ["*"] }])).ok).toBe(true);
    // A denial covering no gated operation takes nothing.
    expect(missingGates(extract(["*"], [], [{ rule_id: "no-pub-draft", operations: ["publish_*"] }]))).toStrictEqual(ALL_GATES);
  });
  it("an exact gated operation listed and denied needs no authority", () => {
    expect(validateRecord(extract(["read", "publish"], [], [{ rule_id: "no-pub", operations: ["publish"] }])).ok).toBe(true);
    expect(missingGates(extract(["read", "publish"]))).toStrictEqual(["publication"]);
  });
  it("a denial that also names objects, tools or effect classes refuses some requests only, and subtracts nothing", () => {
    for (const narrower of [{ objects: ["PRJ-1/proposals/*"] }, { tools: ["proposal_writer"] }, { effect_classes: ["proposal"] }]) {
      const c = extract(["read", "Pub*"], [], [{ rule_id: "no-pub-somewhere", operations: ["publish"], ...narrower }]);
      expect(missingGates(c), JSON.stringify(narrower)).toStrictEqual(["publication"]);
    }
  });
  it("a gated effect class a denial refuses outright needs no authority; one refused only with an operation does", () => {
    const publishing = (denials: unknown[]): any => {
      const c = extract(["read"], [], denials);
      c.autonomy_tier = "T3_consequential_propose";
      c.scope.effect_classes = ["read_only", "external_publication"];
      c.gates.human_authorities = [{ gate: "plan_approval", authority_ref: "HUMAN-EDITOR" }];
      return c;
    };
    expect(missing(publishing([]))).toStrictEqual([{ gate: "publication", path: "scope.effect_classes.1" }]);
    expect(missingGates(publishing([{ rule_id: "no-ext-pub", effect_classes: ["external_publication"] }]))).toStrictEqual([]);
    expect(missingGates(publishing([{ rule_id: "no-ext-pub-op", operations: ["publish"], effect_classes: ["external_publication"] }]))).toStrictEqual(["publication"]);
  });
  it("agrees with evaluation: a request of a subtracted gate is refused (SCOPE_DENIED), one of a gate still reached asks for its authority", () => {
    const c = extract(["*"], [], [{ rule_id: "no-pub", operations: ["Pub*"] }]) as DelegationContract;
    const ask = (operation: string): string[] => evaluatePermission({ ...extractInput({ ...(record("request-read-src-1") as PermissionRequest), operation }), contract: c }).denied_by as string[];
    expect(ask("PUBLISH")).toContain("SCOPE_DENIED");
    expect(ask("approve_plan")).not.toContain("SCOPE_DENIED");
    expect(ask("approve_plan")).toContain("GATE_UNSATISFIED");
  });
});
