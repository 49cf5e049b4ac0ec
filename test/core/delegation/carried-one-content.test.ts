// The two contracts' map of one content reads every reference each carries (README notes 185, 189,
// 193): a child check or a reassignment reads all the wide contract names (its Actors, card,
// operator, inputs, consents, verifiers, observers, parent, chain), then all the narrow one names but
// its inputs and its parent, which the checks hold to the wide one's by exact triple already. So a
// child naming its parent's verifier revision under another digest is refused on `parent`, once.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const OTHER = `sha256:${"d".repeat(64)}`;
const VERIFIER = { object_id: "ACTOR-CITATION-VERIFIER", revision_id: "act-r1", content_digest: `sha256:${"5".repeat(64)}`, actor_type: "agent" };
const errors = (report: { findings: readonly { severity: string; code: string; dimension?: string }[] }): string[] =>
  report.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension ?? ""}`.trim());
const child = (): { parent: any; child: any; chain: any } => ({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok") });
const verification = (verifier_ref: object): object => ({ verifier_ref, profile: "citation-check" });

describe("a child's references against every one its parent carries", () => {
  it("the parent's verifier revision under another digest in the child's verification entry: ATTENUATION_PARENT, once", () => {
    const doc = child();
    doc.parent.gates.verification = [verification(VERIFIER)];
    doc.child.gates.verification = [verification(VERIFIER)];
    expect(errors(checkChildDocument(doc))).toEqual([]);
    doc.child.gates.verification = [verification({ ...VERIFIER, content_digest: OTHER })];
    const report = checkChildDocument(doc);
    // The requirement is kept (the verifier by object_id and the same profile, note 193): the map's is the one finding.
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({
      path: "gates.verification.0.verifier_ref.content_digest",
      expected: VERIFIER.content_digest,
      received: OTHER,
      message: `gates.verification.0.verifier_ref names ACTOR-CITATION-VERIFIER@act-r1 under ${OTHER}, where parent.gates.verification.0.verifier_ref names it under ${VERIFIER.content_digest}: one revision has one content, so one of the two is not the revision it claims`,
    });
  });

  it("a child's observer naming the parent's observer revision under another digest, or its verifier the parent's observer", () => {
    const doc = child();
    doc.parent.monitoring.observer_refs = [VERIFIER];
    doc.child.monitoring.observer_refs = [{ ...VERIFIER, content_digest: OTHER }];
    const report = checkChildDocument(doc);
    // The observer is kept, by object_id (note 180): the map's is the one finding.
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "monitoring.observer_refs.0.content_digest", expected: VERIFIER.content_digest, received: OTHER });
    const other = child();
    other.parent.monitoring.observer_refs = [VERIFIER];
    other.child.monitoring.observer_refs = [{ ...VERIFIER, revision_id: "act-r2" }];
    other.child.gates.verification = [verification({ ...VERIFIER, content_digest: OTHER })];
    expect(errors(checkChildDocument(other))).toEqual(["ATTENUATION_PARENT parent"]);
  });

  it("a child's consent revision the parent names under another digest (not as a consent): ATTENUATION_PARENT", () => {
    const doc = child();
    const consent = { object_id: "CONSENT-7", revision_id: "c-r1", content_digest: `sha256:${"7".repeat(64)}` };
    doc.parent.inputs = [{ ...consent, content_digest: OTHER }];
    doc.child.gates.consent = [{ consent_ref: consent, subject_ref: "SUBJECT-1", scope: "research", purpose: "summary", data_classes: ["internal"], recipients: ["AGENT-LEAD"], retention: { value: 1, unit: "d" }, expires_at: "2030-01-01T00:00:00Z", withdrawal_route: "mailto:privacy@example.invalid" }];
    doc.child.control_scopes = [...doc.child.control_scopes, { space_id: "SPACE-RW", scope_kind: "consent", scope_id: "CONSENT-7" }];
    const report = checkChildDocument(doc);
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "gates.consent.0.consent_ref.content_digest", expected: OTHER, received: consent.content_digest });
  });

  it("a child's input naming the parent's verifier under another digest: ATTENUATION_INPUTS alone, its inputs not read again", () => {
    const doc = child();
    doc.parent.gates.verification = [verification(VERIFIER)];
    // The child keeps the requirement by a later revision of the verifier, so it alone names act-r1 once.
    doc.child.gates.verification = [verification({ ...VERIFIER, revision_id: "act-r2" })];
    doc.child.inputs = [{ object_id: VERIFIER.object_id, revision_id: VERIFIER.revision_id, content_digest: OTHER }];
    expect(errors(checkChildDocument(doc))).toEqual(["ATTENUATION_INPUTS inputs"]);
  });
});

describe("a next revision's references against every one its prior carries", () => {
  it("the prior's verifier revision under another digest in the next revision's monitoring: ATTENUATION_PARENT, once", () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    prior.monitoring.verifier_refs = [VERIFIER];
    next.monitoring.verifier_refs = [VERIFIER];
    expect(errors(checkReassignmentDocument({ prior, next }))).toEqual([]);
    next.monitoring.verifier_refs = [{ ...VERIFIER, content_digest: OTHER }];
    const report = checkReassignmentDocument({ prior, next });
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "monitoring.verifier_refs.0.content_digest", expected: VERIFIER.content_digest, received: OTHER });
  });

  it("a next revision's parent under another digest than the prior's: one finding (the parent is held by exact triple, not read again)", () => {
    const [prior, next] = [record("d-child-ok"), record("d-child-ok")];
    Object.assign(next, { revision_id: "r2", content_digest: OTHER, prior_revision_ref: { object_id: prior.delegation_id, revision_id: prior.revision_id, content_digest: prior.content_digest } });
    const base = errors(checkReassignmentDocument({ prior, next }));
    next.parent_contract_ref = { ...next.parent_contract_ref, content_digest: OTHER };
    const after = errors(checkReassignmentDocument({ prior, next }));
    expect(after.filter((e) => e === "ATTENUATION_PARENT parent").length - base.filter((e) => e === "ATTENUATION_PARENT parent").length).toBe(1);
  });
});
