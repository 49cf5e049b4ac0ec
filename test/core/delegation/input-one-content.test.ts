// One revision has one content wherever one input names it (README notes 185, 189), its inputs too: the
// child check and the reassignment read the wide contract's inputs (the parent's, the prior's) into the map
// of the Actor and card revisions the two contracts name; a conflict within one contract is refused at
// read (note 192), so the map refuses what two contracts name together. A narrow contract's input under another digest
// than the wide one's was already refused, on `inputs`, and an issuer under another digest than its
// contract's delegator at read (`CONTRACT_ISSUER`): both pinned here, in words that show the digest where the ids agree.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const D1 = `sha256:${"1".repeat(64)}`;
const OTHER = `sha256:${"d".repeat(64)}`;
const SOURCE = { object_id: "SRC-CORPUS-1", revision_id: "r1", content_digest: D1 };
const errors = (report: { findings: readonly { severity: string; code: string; dimension?: string }[] }): string[] =>
  [...new Set(report.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension ?? ""}`.trim()))].sort();
const child = (): { parent: any; child: any; chain: any } => ({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok") });

describe("the wide contract's inputs are read into the map", () => {
  it("a parent naming an input revision under two digests, its child taking the second: refused at read, the parent's own fault (note 192)", () => {
    const doc = child();
    doc.parent.inputs = [SOURCE];
    doc.child.inputs = [SOURCE];
    expect(errors(checkChildDocument(doc))).toEqual([]);
    doc.parent.inputs = [SOURCE, { ...SOURCE, content_digest: OTHER }];
    doc.child.inputs = [{ ...SOURCE, content_digest: OTHER }];
    const report = checkChildDocument(doc);
    // Once, at read: not again on `parent` by the two contracts' map.
    expect(report.findings.filter((f) => f.severity === "error").map((f) => f.code)).toEqual(["CONTRACT_REF_DIGEST_CONFLICT"]);
    expect(report.findings[0]).toMatchObject({ path: "parent.inputs.1.content_digest", expected: D1, received: OTHER });
  });

  it("a parent's input naming its delegatee's Actor revision under another digest: refused at read (note 192)", () => {
    const doc = child();
    const held = doc.parent.delegatee_agent_ref.agent_actor_ref;
    doc.parent.inputs = [{ object_id: held.object_id, revision_id: held.revision_id, content_digest: OTHER }];
    const report = checkChildDocument(doc);
    expect(report.findings.filter((f) => f.severity === "error").map((f) => f.code)).toEqual(["CONTRACT_REF_DIGEST_CONFLICT"]);
    expect(report.findings[0]).toMatchObject({ path: "parent.inputs.0.content_digest", expected: held.content_digest, received: OTHER });
  });

  it("a parent's input naming the child's card revision under another digest: each contract alone is whole, ATTENUATION_PARENT", () => {
    const doc = child();
    const card = doc.child.delegatee_agent_ref.agent_card_ref;
    doc.parent.inputs = [{ ...card, content_digest: OTHER }];
    const report = checkChildDocument(doc);
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({
      path: "delegatee_agent_ref.agent_card_ref.content_digest",
      expected: OTHER,
      received: card.content_digest,
      message: `delegatee_agent_ref.agent_card_ref names ${card.object_id}@${card.revision_id} under ${card.content_digest}, where parent.inputs.0 names it under ${OTHER}: one revision has one content, so one of the two is not the revision it claims`,
    });
  });

  it("a prior's input naming the next revision's card revision under another digest: ATTENUATION_PARENT at the next revision's card", () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    expect(errors(checkReassignmentDocument({ prior, next }))).toEqual([]);
    const card = next.delegatee_agent_ref.agent_card_ref;
    prior.inputs = [{ ...card, content_digest: OTHER }];
    next.inputs = [];
    const report = checkReassignmentDocument({ prior, next });
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "delegatee_agent_ref.agent_card_ref.content_digest", expected: OTHER, received: card.content_digest });
  });
});

describe("what was refused already, pinned", () => {
  it("a child's input under another digest than its parent's: ATTENUATION_INPUTS, not the map's refusal again", () => {
    const doc = child();
    doc.parent.inputs = [SOURCE];
    doc.child.inputs = [{ ...SOURCE, content_digest: OTHER }];
    const report = checkChildDocument(doc);
    expect(errors(report)).toEqual(["ATTENUATION_INPUTS inputs"]);
    // Its words name the digest the parent binds it under, where the list of the parent's inputs names none.
    expect(report.findings.find((f) => f.code === "ATTENUATION_INPUTS")).toMatchObject({
      path: "inputs.0",
      message: `inputs.0: SRC-CORPUS-1@r1 (${OTHER}) is not one of the parent's exact inputs (SRC-CORPUS-1@r1): the parent binds SRC-CORPUS-1@r1 under ${D1}`,
    });
  });

  it("a contract issued by its delegator's revision under another digest is refused at read, CONTRACT_ISSUER", () => {
    const doc = child();
    doc.child.issued_by_actor_ref = { ...doc.child.issued_by_actor_ref, content_digest: OTHER };
    const report = checkChildDocument(doc);
    expect(report.ok).toBe(false);
    expect(report.findings.filter((f) => f.severity === "error").map((f) => [f.code, f.path])).toEqual([["CONTRACT_ISSUER", "child.issued_by_actor_ref"]]);
    // Its words show the digests, where both name ACTOR-RESEARCHER@act-r1.
    const held = record("d-child-ok").delegator_actor_ref.content_digest;
    expect(report.findings[0]?.message).toBe(`child.issued_by_actor_ref ACTOR-RESEARCHER@act-r1 under ${OTHER} is not the delegator, that revision under ${held}; a contract is issued by its delegator, the exact Actor revision (sections 3, 5.1)`);
  });
});
