// Section 2: a PrincipalRef is "never an email address", and section 9's consent stores references,
// never personal data. An address is the shape local@domain, dotted domain or not: `user@localhost`
// and `lead@example` are addresses as surely as `lead@example.com`.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const ADDRESSES = ["lead@example.com", "lead@example", "user@localhost", "mailto:lead@example", "a@b@c"];
const REFERENCES = ["OP-LAB", "PRINCIPAL-LEAD", "@lead", "lead@", "principal:lead"];

const codes = (x: unknown): string[] => validateRecord(x).findings.map((f) => f.code);

function cardWithOperator(ref: string): unknown {
  const card = record("card-agent-extractor-r3");
  card.accountable_operator.operator_principal_ref = ref;
  return card;
}

function contractWithSubject(ref: string): unknown {
  const contract = record("d-research-1");
  contract.gates.consent[0].subject_ref = ref;
  return contract;
}

describe("a principal reference", () => {
  it.each(ADDRESSES)("refuses the address %s", (ref) => {
    expect(codes(cardWithOperator(ref))).toStrictEqual(["PRINCIPAL_EMAIL"]);
  });
  it.each(REFERENCES)("takes the reference %s", (ref) => {
    expect(codes(cardWithOperator(ref))).toStrictEqual([]);
  });
});

describe("a consent's subject, by the same test and its own message", () => {
  it.each(ADDRESSES)("refuses the address %s as personal data", (ref) => {
    const findings = validateRecord(contractWithSubject(ref)).findings;
    expect(findings.map((f) => f.code)).toStrictEqual(["CONSENT_PERSONAL_DATA"]);
    expect(findings[0]?.message).toContain("not personal data");
  });
  it.each(REFERENCES)("takes the reference %s", (ref) => {
    expect(codes(contractWithSubject(ref))).toStrictEqual([]);
  });
});
