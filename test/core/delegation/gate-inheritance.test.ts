// Section 8: "No delegatee may grant authority it did not receive". A human gate the parent names
// no authority for is one no effect under it can pass at evaluation (GATE_UNSATISFIED), even where
// the parent's operation selectors reach it (`*`, `pub*`). A child that names an authority for that
// gate, with a scope reaching it, would publish (or promote, or issue permissions) with the approval
// of a principal it picked, where its parent can do none of it.
import { describe, expect, it } from "vitest";
import { checkReassignment, checkSubdelegation } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

// The parent (or prior) here reaches a gate it names no authority for, so it does not validate
// (HUMAN_GATE_MISSING: `checkChildDocument` refuses it before any dimension). The typed API does not
// validate its arguments, and still denies the child: it is passed as written, not through `read`.
const unvalidated = (x: unknown): DelegationContract => x as DelegationContract;


/** D-PARENT-1 with the given operations, and D-CHILD-OK with its own and one publication authority. */
function pair(parentOps: string[], childOps: string[]): { parent: DelegationContract; child: DelegationContract; chain: DelegationAttestationChain } {
  const parent = record("d-parent-1");
  parent.scope.operations = parentOps;
  const child = record("d-child-ok");
  child.scope.operations = childOps;
  child.gates.human_authorities = [{ gate: "publication", authority_ref: "HUMAN-PICKED-BY-CHILD" }];
  return { parent: unvalidated(parent), child: read(child), chain: read(record("chain-d-child-ok")) };
}

describe("a child naming an authority for a gate its parent names none for", () => {
  it("is denied when its operations reach the gate: the parent's pub* could never publish", () => {
    const { parent, child, chain } = pair(["read", "create_proposal", "pub*"], ["read", "publish"]);
    expect(parent.gates.human_authorities).toEqual([]);
    const r = checkSubdelegation(parent, child, chain);
    expect(r.decision).toBe("deny");
    expect(r.failed).toEqual(["human_gates"]);
    expect(r.findings).toEqual([expect.objectContaining({ code: "INHERIT_HUMAN_GATES", path: "gates.human_authorities.0", received: "HUMAN-PICKED-BY-CHILD" })]);
    expect(r.findings[0]?.message).toContain("operation publish reaches that gate");
  });
  it("is denied when it reaches the gate in another case: a gate governs Publish as publish", () => {
    const { parent, child, chain } = pair(["*"], ["read", "Publish"]);
    const r = checkSubdelegation(parent, child, chain);
    expect(r.failed).toEqual(["human_gates"]);
    expect(r.findings[0]?.message).toContain("operation Publish");
  });
  it("is allowed when its scope cannot reach the gate: the entry only adds a decision", () => {
    const { parent, child, chain } = pair(["*"], ["read"]);
    expect(checkSubdelegation(parent, child, chain)).toMatchObject({ decision: "allow", failed: [] });
  });
});

describe("a reassignment naming an authority for a gate its prior names none for", () => {
  /** D-RESEARCH-2 at r1 reaching promotion by `promote_*`, and r2 naming an authority for it; `denied` keeps their denial of promote_hypothesis. */
  const promoting = (denied: boolean): { prior: DelegationContract; next: DelegationContract } => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    for (const c of [prior, next]) if (!denied) c.scope.denials[0].operations = c.scope.denials[0].operations.filter((o: string) => o !== "promote_hypothesis");
    prior.scope.operations = [...prior.scope.operations, "promote_*"];
    next.scope.operations = [...next.scope.operations, "promote_hypothesis"];
    next.gates.human_authorities = [{ gate: "hypothesis_promotion", authority_ref: "HUMAN-PICKED-BY-DELEGATOR" }];
    return { prior: unvalidated(prior), next: read<DelegationContract>(next) };
  };
  it("is denied when its operations reach the gate: 11.4's same or narrower scope", () => {
    const { prior, next } = promoting(false);
    const r = checkReassignment(prior, next);
    expect(r.decision).toBe("deny");
    expect(r.failed).toEqual(["human_gates"]);
    expect(r.findings.map((f) => f.code)).toEqual(["INHERIT_HUMAN_GATES"]);
  });
  it("is allowed when its own denial refuses the gated operation: no request reaches the gate, so the entry only adds a decision", () => {
    const { prior, next } = promoting(true);
    expect(next.scope.denials[0]?.operations).toContain("promote_hypothesis");
    expect(checkReassignment(prior, next)).toMatchObject({ decision: "allow", failed: [] });
  });
});
