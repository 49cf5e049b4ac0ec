// Section 2, "RecordId: Stable opaque identifier; never reused", inside one record: two claims of a
// card (or two effects of an attempt) under one id leave a reference to it a guess (ID_REUSED, at
// the later one). Section 3: a revision whose prior_revision_ref names itself follows no revision
// (AMENDMENT_REF), whatever its kind.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const errors = (x: unknown) => validateRecord(x).findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.path ?? ""}`);

describe("an id given twice in one record's list", () => {
  it("a card's second claim under the first one's claim_id is refused, at the second", () => {
    const card = record("card-agent-extractor-r3");
    card.capability_claims[1].claim_id = card.capability_claims[0].claim_id;
    expect(errors(card)).toStrictEqual(["ID_REUSED capability_claims.1.claim_id"]);
    expect(validateRecord(card).findings[0]?.message).toContain("capability_claims.1.claim_id AGENT-EXTRACTOR-C1 is also capability_claims.0's");
  });
  it("an attempt's effects under one effect_id are refused, each repeat at itself", () => {
    const att = record("att-1");
    for (const e of att.effects) e.effect_id = "EFF-1";
    expect(errors(att)).toStrictEqual(att.effects.slice(1).map((_: unknown, i: number) => `ID_REUSED effects.${i + 1}.effect_id`));
  });
  it("distinct ids pass", () => {
    expect(errors(record("card-agent-extractor-r3"))).toStrictEqual([]);
    expect(errors(record("att-1"))).toStrictEqual([]);
  });
});

describe("a prior_revision_ref naming the record's own revision", () => {
  it.each(["card-agent-extractor-r3", "d-research-2-r2"])("%s naming itself as its prior is refused", (name) => {
    const r = record(name);
    r.prior_revision_ref = { ...r.prior_revision_ref, object_id: r.record_id, revision_id: r.revision_id };
    expect(errors(r)).toStrictEqual(["AMENDMENT_REF prior_revision_ref"]);
  });
  it.each(["att-1", "cp-7"])("%s, a first revision, naming itself is refused too", (name) => {
    const r = record(name);
    r.prior_revision_ref = { object_id: r.record_id, revision_id: r.revision_id, content_digest: `sha256:${"0".repeat(64)}` };
    expect(errors(r)).toStrictEqual(["AMENDMENT_REF prior_revision_ref"]);
  });
  it("an earlier revision of the same record is the prior it names", () => {
    expect(errors(record("d-research-2-r2"))).toStrictEqual([]);
  });
});
