// A persistent Actor is one Actor across its revisions (README note 180): the delegatee delegating on
// may have revised its Actor since it was delegated to, and the chain still runs through it; but the
// child's own link binds the exact Actor revision the child names. The core read it so before the
// differential drew it; these pin the reading.
import { describe, expect, it } from "vitest";
import { checkChildDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const codes = (doc: unknown): string[] => checkChildDocument(doc).findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension ?? ""}`.trim());

function revisedDelegator(linkToo: boolean, objectId?: string) {
  const parent = record("d-parent-1");
  const child = record("d-child-ok");
  const chain = record("chain-d-child-ok");
  const was = parent.delegatee_agent_ref.agent_actor_ref;
  const later = { ...was, object_id: objectId ?? was.object_id, revision_id: `${was.revision_id}-2`, content_digest: `sha256:${"e".repeat(64)}` };
  child.delegator_actor_ref = later;
  child.issued_by_actor_ref = later;
  if (linkToo) chain.links[chain.links.length - 1].delegator_actor_ref = later;
  return { parent, child, chain };
}

describe("an Actor revised between links", () => {
  it("the child issued by a later revision of the parent's delegatee, its link naming that revision: allowed", () => {
    expect(codes(revisedDelegator(true))).toEqual([]);
  });
  it("the child's link still naming the revision delegated to: the link does not bind the child", () => {
    expect(codes(revisedDelegator(false))).toEqual(["CHAIN_BROKEN chain"]);
  });
  it("another Actor at a revision of its own: not the parent's delegatee, whatever its link says", () => {
    expect(codes(revisedDelegator(true, "ACTOR-STRANGER"))).toEqual(expect.arrayContaining(["ATTENUATION_PARENT parent", "CHAIN_BROKEN chain"]));
  });
});
