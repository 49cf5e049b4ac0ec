// A required text is not blank, and a consent binds at least one data class and one recipient
// (section 9: "Consent references MUST bind subject/scope/purpose/data classes/recipients/
// retention/expiry and a withdrawal route"): white space alone, or an empty binding, says nothing.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const schemaPaths = (r: { findings: readonly { code: string; path?: string; severity: string }[] }) => r.findings.filter((f) => f.severity === "error").map((f) => [f.code, f.path]);
const contract = (patch: (c: any) => void) => {
  const c = record("d-research-1");
  patch(c);
  return validateRecord(c);
};

describe("a blank required text", () => {
  for (const blank of ["   ", "\t", "\n\r", "\u00a0", "\u2003 ", "\u0000"]) {
    it(`refuses a withdrawal route of ${JSON.stringify(blank)}`, () => {
      const r = contract((c) => (c.gates.consent[0].withdrawal_route = blank));
      expect(schemaPaths(r)).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.withdrawal_route"]]);
      expect(r.findings[0]?.message).toContain("must not be blank");
    });
  }
  it("refuses an empty one once, as empty", () => {
    const r = contract((c) => (c.gates.consent[0].withdrawal_route = ""));
    expect(schemaPaths(r)).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.withdrawal_route"]]);
    expect(r.findings[0]?.message).toContain("must not be empty");
  });
  it("refuses a blank consent purpose and scope, objective statement, idempotency key and card display name", () => {
    expect(schemaPaths(contract((c) => (c.gates.consent[0].purpose = " ")))).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.purpose"]]);
    expect(schemaPaths(contract((c) => (c.gates.consent[0].scope = "  ")))).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.scope"]]);
    expect(schemaPaths(contract((c) => (c.objective.statement = "\n")))).toStrictEqual([["DELEGATION_SCHEMA", "objective.statement"]]);
    expect(schemaPaths(contract((c) => (c.retry_policy.idempotency_key = "  ")))).toStrictEqual([["DELEGATION_SCHEMA", "retry_policy.idempotency_key"]]);
    const card = record("card-agent-a-r4");
    card.display_name = " \t ";
    expect(schemaPaths(validateRecord(card))).toStrictEqual([["DELEGATION_SCHEMA", "display_name"]]);
  });
  it("keeps a text with white space around a word, and one word of any script", () => {
    expect(contract((c) => (c.gates.consent[0].withdrawal_route = "  mailto-free route: DPO form  "))).toMatchObject({ ok: true });
    expect(contract((c) => (c.gates.consent[0].purpose = "研究"))).toMatchObject({ ok: true });
  });
});

describe("a consent binding no data class or no recipient", () => {
  it("refuses an empty data_classes", () => {
    const r = contract((c) => (c.gates.consent[0].data_classes = []));
    expect(schemaPaths(r)).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.data_classes"]]);
    expect(r.findings[0]?.message).toContain("binds at least one data class");
  });
  it("refuses an empty recipients", () => {
    const r = contract((c) => (c.gates.consent[0].recipients = []));
    expect(schemaPaths(r)).toStrictEqual([["DELEGATION_SCHEMA", "gates.consent.0.recipients"]]);
    expect(r.findings[0]?.message).toContain("binds at least one recipient");
  });
  it("keeps a contract relying on no consent at all: gates.consent itself may be empty", () => {
    const r = contract((c) => {
      c.gates.consent = [];
      c.control_scopes = c.control_scopes.filter((s: { scope_kind: string }) => s.scope_kind !== "consent");
    });
    expect(schemaPaths(r)).toStrictEqual([]);
  });
});
