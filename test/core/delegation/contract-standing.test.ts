// Sections 3, 8 and 11.4: every record carries its producer's lifecycle_assertion, and a contract
// that does not assert active authorizes nothing (CONTRACT_INACTIVE at evaluation). A child, or a
// reassignment's next revision, that its producer already says is revoked, suspended, superseded,
// retired or expired cannot become active: check-child and check-reassignment refuse it, as they
// refuse an ended attestation chain. A proposed one passes: it is checked before it becomes active.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const ENDED = ["revoked", "suspended", "superseded", "retired", "expired"];
const standing = (r: { findings: readonly { code: string; path?: string | undefined; received?: string | undefined }[] }, path: string) =>
  r.findings.filter((f) => f.path === path).map((f) => [f.code, f.received]);

describe("checkSubdelegation: the child's own lifecycle assertion", () => {
  const child = (assertion: string) => {
    const c = record("d-child-ok");
    c.lifecycle_assertion = assertion;
    return checkChildDocument({ parent: record("d-parent-1"), child: c, chain: record("chain-d-child-ok") });
  };
  it("a proposed or active child is allowed", () => {
    for (const a of ["proposed", "active"]) expect(child(a).decision, a).toBe("allow");
  });
  for (const a of ENDED) {
    it(`a child asserting ${a} is denied (CONTRACT_INACTIVE, on parent)`, () => {
      const r = child(a);
      expect(r.decision).toBe("deny");
      expect(r.failed).toStrictEqual(["parent"]);
      expect(standing(r, "child.lifecycle_assertion")).toStrictEqual([["CONTRACT_INACTIVE", a]]);
      expect(r.findings.find((f) => f.code === "CONTRACT_INACTIVE")?.message).toContain(`D-CHILD-OK@r1 asserts ${a}`);
    });
  }
});

describe("checkReassignment: the next revision's own lifecycle assertion", () => {
  const reassign = (prior: string, next: string) => {
    const [p, n] = [record("d-research-2-r1"), record("d-research-2-r2")];
    p.lifecycle_assertion = prior;
    n.lifecycle_assertion = next;
    return checkReassignmentDocument({ prior: p, next: n });
  };
  it("11.4: the prior revoked and the next active is allowed; the prior's assertion is not the next's", () => {
    expect(reassign("revoked", "active").decision).toBe("allow");
    expect(reassign("active", "proposed").decision).toBe("allow");
  });
  for (const a of ENDED) {
    it(`a next revision asserting ${a} is denied (CONTRACT_INACTIVE, on parent)`, () => {
      const r = reassign("revoked", a);
      expect(r.decision).toBe("deny");
      expect(r.failed).toStrictEqual(["parent"]);
      expect(standing(r, "next.lifecycle_assertion")).toStrictEqual([["CONTRACT_INACTIVE", a]]);
    });
  }
});
