// Sections 3 and 8: an attestation chain's producer asserts its lifecycle, and "An unverifiable or
// broken chain denies execution". A chain its producer says is revoked, suspended, superseded,
// retired or expired attests nothing; at execution the chain is in force (`active`), as the
// contract and the card must be.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const EXAMPLES = join(import.meta.dirname, "..", "..", "conformance", "delegation", "examples");
const resolve = (x: any): any => (Array.isArray(x) ? x.map(resolve) : x !== null && typeof x === "object" ? ("$record" in x ? record(x.$record) : Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolve(v)]))) : x);

/** Section 8's consequential child D-RELEASE-1-CHILD publishing with its chain, as the example allows it. */
function releaseInput(assertion: string): any {
  const example = JSON.parse(readFileSync(join(EXAMPLES, "s8-consequential-child.json"), "utf8"));
  const step = example.steps.find((s: any) => s.op === "evaluate" && s.expect.ok === true);
  const input = resolve(step.input);
  input.chain.lifecycle_assertion = assertion;
  return input;
}
const chainFindings = (r: { findings: readonly { code: string; path?: string | undefined }[] }): string[] => r.findings.filter((f) => f.path === "chain.lifecycle_assertion").map((f) => f.code);

describe("evaluatePermission: the child's attestation chain is in force", () => {
  it("under an active chain the publication is allowed", () => {
    const r = evaluatePermissionDocument(releaseInput("active"));
    expect(r.decision).toBe("allow");
  });
  for (const assertion of ["revoked", "suspended", "superseded", "retired", "expired", "proposed"]) {
    it(`under a chain asserting ${assertion} it is denied (CHAIN_BROKEN)`, () => {
      const r = evaluatePermissionDocument(releaseInput(assertion));
      expect(r.decision).toBe("deny");
      expect(r.denied_by).toStrictEqual(["CHAIN_BROKEN"]);
      expect(chainFindings(r)).toStrictEqual(["CHAIN_BROKEN"]);
      expect(r.findings.find((f) => f.code === "CHAIN_BROKEN")?.message).toContain(`asserts ${assertion}`);
    });
  }
});

describe("checkSubdelegation: a chain its producer no longer attests", () => {
  const child = (assertion: string) => {
    const chain = record("chain-d-child-ok");
    chain.lifecycle_assertion = assertion;
    return checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain });
  };
  it("a proposed chain beside the child being checked passes, as an active one does", () => {
    for (const a of ["active", "proposed"]) expect(child(a).decision, a).toBe("allow");
  });
  it("a revoked chain denies the child on the chain dimension", () => {
    const r = child("revoked");
    expect(r.decision).toBe("deny");
    expect(r.failed).toStrictEqual(["chain"]);
    expect(chainFindings(r)).toStrictEqual(["CHAIN_BROKEN"]);
  });
});

describe("checkReassignment: the next revision's chain is checked the same way", () => {
  const reassign = (assertion: string) => {
    const chain = record("chain-d-release-1-child-r2");
    chain.lifecycle_assertion = assertion;
    return checkReassignmentDocument({ prior: record("d-release-1-child"), next: record("d-release-1-child-r2"), parent: record("d-release-1"), chain });
  };
  it("an active chain adds no chain finding; a superseded one is CHAIN_BROKEN", () => {
    expect(chainFindings(reassign("active"))).toStrictEqual([]);
    const r = reassign("superseded");
    expect(chainFindings(r)).toStrictEqual(["CHAIN_BROKEN"]);
    expect(r.failed).toContain("chain");
  });
});
