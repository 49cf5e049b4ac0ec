// One Actor revision has one content (README note 183): where the delegatee delegates on, or a
// delegation's delegator issues its next revision, the persistent Actor may be at a later revision
// (note 180), but the revision delegated to named under another content digest is no later revision:
// one of the two records names content that revision does not have, so it is refused.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const errors = (report: { findings: readonly { severity: string; code: string; dimension?: string }[] }): string[] =>
  [...new Set(report.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension ?? ""}`.trim()))].sort();
const otherDigest = (ref: { content_digest: string }) => ({ ...ref, content_digest: `sha256:${"d".repeat(64)}` });

describe("an Actor revision named under two content digests", () => {
  it("a child issued by the parent's delegatee revision under another digest, its link naming it so: refused on parent and chain", () => {
    const [parent, child, chain] = [record("d-parent-1"), record("d-child-ok"), record("chain-d-child-ok")];
    const twin = otherDigest(parent.delegatee_agent_ref.agent_actor_ref);
    child.delegator_actor_ref = twin;
    child.issued_by_actor_ref = twin;
    chain.links[chain.links.length - 1].delegator_actor_ref = twin;
    const report = checkChildDocument({ parent, child, chain });
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent", "CHAIN_BROKEN chain"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "delegator_actor_ref.content_digest", expected: parent.delegatee_agent_ref.agent_actor_ref.content_digest, received: twin.content_digest });
    expect(report.findings.find((f) => f.code === "CHAIN_BROKEN")).toMatchObject({ path: "chain.links.1.delegator_actor_ref.content_digest" });
  });

  it("a delegation's next revision issued by its delegator's revision under another digest: refused on parent", () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    const twin = otherDigest(prior.delegator_actor_ref);
    next.delegator_actor_ref = twin;
    next.issued_by_actor_ref = twin;
    const report = checkReassignmentDocument({ prior, next });
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "delegator_actor_ref.content_digest", received: twin.content_digest });
  });

  it("the same revision under the same digest, or a later revision, still passes (note 180)", () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    expect(errors(checkReassignmentDocument({ prior, next }))).toEqual([]);
    const later = { ...otherDigest(prior.delegator_actor_ref), revision_id: `${prior.delegator_actor_ref.revision_id}-2` };
    next.delegator_actor_ref = later;
    next.issued_by_actor_ref = later;
    expect(errors(checkReassignmentDocument({ prior, next }))).toEqual([]);
  });
});
