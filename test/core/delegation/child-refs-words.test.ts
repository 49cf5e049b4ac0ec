// CHILD_REFS says which of the two references a contract gives and which it lacks, at the one it
// lacks: a contract with only its parent is not "carrying both".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateContract } from "../../../core/delegation/index.js";

const contract = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "conformance", "delegation", "records", "d-extract-1.json"), "utf8"));
const childRefs = (patch: Record<string, unknown>) => validateContract({ ...contract, ...patch }).findings.filter((f) => f.code === "CHILD_REFS");

describe("CHILD_REFS's words", () => {
  it("only the parent given: names the chain as missing, at its path", () => {
    const [f] = childRefs({ parent_contract_ref: { object_id: "D-PARENT-1", revision_id: "r1", content_digest: `sha256:${"a".repeat(64)}` }, attestation_chain_ref: null });
    expect(f?.message).toMatch(/^parent_contract_ref is given and attestation_chain_ref is null/);
    expect(f?.path).toBe("attestation_chain_ref");
  });
  it("only the chain given: names the parent as missing, at its path", () => {
    const [f] = childRefs({ parent_contract_ref: null, attestation_chain_ref: { object_id: "CHAIN-1", revision_id: "r1", content_digest: `sha256:${"a".repeat(64)}` } });
    expect(f?.message).toMatch(/^attestation_chain_ref is given and parent_contract_ref is null/);
    expect(f?.path).toBe("parent_contract_ref");
  });
});
