// Section 2: "RecordId: Stable opaque identifier; never reused." A contract whose consent, parent,
// chain, card, Actor, operator or input carries the contract's own id names two records by one id
// (ID_REUSED), so neither can stand for the other; its prior revision is the one reference naming it.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const errors = (x: unknown) => validateRecord(x).findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.path ?? ""}`);

describe("a contract's own id on another record it names", () => {
  it("a consent named with the delegation's id is refused, at the consent", () => {
    const c = record("d-research-1");
    c.gates.consent[0].consent_ref.object_id = "D-RESEARCH-1";
    for (const s of c.control_scopes) if (s.scope_kind === "consent") s.scope_id = "D-RESEARCH-1";
    expect(errors(c)).toStrictEqual(["ID_REUSED gates.consent.0.consent_ref"]);
  });
  it("a child naming its own delegation as its parent is refused", () => {
    const c = record("d-child-ok");
    c.parent_contract_ref.object_id = c.delegation_id;
    expect(errors(c)).toStrictEqual(["ID_REUSED parent_contract_ref"]);
  });
  it.each([
    ["attestation_chain_ref", (c: any) => (c.attestation_chain_ref.object_id = c.delegation_id)],
    ["delegatee_agent_ref.agent_card_ref", (c: any) => (c.delegatee_agent_ref.agent_card_ref.object_id = c.delegation_id)],
    ["accountable_operator_ref.agent_operator_ref", (c: any) => (c.accountable_operator_ref.agent_operator_ref.object_id = c.delegation_id)],
  ])("%s carrying the contract's id is refused", (path, reuse) => {
    const c = record("d-child-ok");
    reuse(c);
    expect(errors(c)).toContain(`ID_REUSED ${path}`);
  });
  it("the records as written, and a later revision naming its prior, reuse nothing", () => {
    for (const name of ["d-research-1", "d-child-ok", "d-research-2-r2", "d-release-1-child-r2"]) expect(errors(record(name)), name).toStrictEqual([]);
  });
  it("a consent sharing another record's id, not the contract's, is not this rule's", () => {
    const c = record("d-research-1");
    c.gates.consent[0].consent_ref.object_id = "D-OTHER";
    for (const s of c.control_scopes) if (s.scope_kind === "consent") s.scope_id = "D-OTHER";
    expect(errors(c)).toStrictEqual([]);
  });
});
