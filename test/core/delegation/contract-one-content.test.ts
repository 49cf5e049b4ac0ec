// One contract alone names each revision under one content digest (README note 192, after notes 185 and
// 189): its delegator, its delegatee's Actor and card, its operator, inputs, consents, verifiers,
// observers, parent and chain. A conflict is refused at read, CONTRACT_REF_DIGEST_CONFLICT, once per
// conflict, at the later naming's digest, `expected` the digest named first, so every check reading
// the contract refuses it from one place.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkChildDocument, checkReassignmentDocument, evaluatePermissionDocument, validateContract } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const D1 = `sha256:${"1".repeat(64)}`;
const OTHER = `sha256:${"d".repeat(64)}`;
const SOURCE = { object_id: "SRC-CORPUS-1", revision_id: "r1", content_digest: D1 };
const conflicts = (findings: readonly { code: string }[]): unknown[] => findings.filter((f) => f.code === "CONTRACT_REF_DIGEST_CONFLICT");
const errorCodes = (findings: readonly { code: string; severity: string }[]): string[] => findings.filter((f) => f.severity === "error").map((f) => f.code);

describe("one contract names one revision under one digest", () => {
  it("an input named under two digests: one finding, at the second, expected the first's digest", () => {
    const contract = record("d-research-2-r1");
    contract.inputs = [SOURCE, { ...SOURCE, content_digest: OTHER }];
    const report = validateContract(contract);
    expect(report.ok).toBe(false);
    expect(conflicts(report.findings)).toEqual([
      expect.objectContaining({
        severity: "error",
        path: "inputs.1.content_digest",
        expected: D1,
        received: OTHER,
        message: `inputs.1 names SRC-CORPUS-1@r1 under ${OTHER}, where inputs.0 names it under ${D1}: one revision has one content, so one of the two is not the revision it claims`,
      }),
    ]);
  });

  it("the same revision named twice under one digest, or a later revision of it, passes", () => {
    const contract = record("d-research-2-r1");
    contract.inputs = [SOURCE, SOURCE, { ...SOURCE, revision_id: "r2", content_digest: OTHER }];
    expect(conflicts(validateContract(contract).findings)).toEqual([]);
  });

  it("each conflict once: a third naming under the second's digest is refused against the first", () => {
    const contract = record("d-research-2-r1");
    contract.inputs = [SOURCE, { ...SOURCE, content_digest: OTHER }, { ...SOURCE, content_digest: OTHER }];
    expect(conflicts(validateContract(contract).findings).map((f: any) => f.path)).toEqual(["inputs.1.content_digest", "inputs.2.content_digest"]);
  });

  it("an input naming the contract's delegator, delegatee Actor, card or operator revision under another digest", () => {
    const contract = record("d-research-2-r1");
    const named = [contract.delegator_actor_ref, contract.delegatee_agent_ref.agent_actor_ref, contract.delegatee_agent_ref.agent_card_ref, contract.accountable_operator_ref.agent_operator_ref];
    contract.inputs = named.map((ref: any) => ({ object_id: ref.object_id, revision_id: ref.revision_id, content_digest: OTHER }));
    expect(conflicts(validateContract(contract).findings)).toEqual(
      named.map((ref: any, i: number) => expect.objectContaining({ path: `inputs.${i}.content_digest`, expected: ref.content_digest, received: OTHER })),
    );
  });

  it("an observer, a verifier or a consent naming a revision the contract names under another digest", () => {
    const contract = record("d-research-2-r1");
    const lead = contract.delegator_actor_ref;
    contract.monitoring.observer_refs = [{ ...lead, content_digest: OTHER }];
    contract.monitoring.verifier_refs = [{ ...lead, content_digest: OTHER }];
    const paths = conflicts(validateContract(contract).findings).map((f: any) => f.path);
    expect(paths).toEqual(["monitoring.observer_refs.0.content_digest", "monitoring.verifier_refs.0.content_digest"]);
  });

  it("the issuer is CONTRACT_ISSUER's alone: an issuer under another digest than the delegator is not refused twice", () => {
    const contract = record("d-research-2-r1");
    contract.issued_by_actor_ref = { ...contract.issued_by_actor_ref, content_digest: OTHER };
    expect(errorCodes(validateContract(contract).findings)).toEqual(["CONTRACT_ISSUER"]);
  });
});

describe("every check reading a lone contract refuses it at read", () => {
  const twice = (contract: any): any => ({ ...contract, inputs: [SOURCE, { ...SOURCE, content_digest: OTHER }] });

  it("check-attempts", () => {
    const report = checkAttemptsDocument({ contract: twice(record("d-research-2-r1")), attempts: [record("att-1")] });
    expect(report.ok).toBe(false);
    expect(conflicts(report.findings)).toEqual([expect.objectContaining({ path: "contract.inputs.1.content_digest", expected: D1 })]);
  });

  it("evaluate", () => {
    const input = {
      contract: twice(record("d-extract-1")),
      card: record("card-agent-extractor-r3"),
      request: record("request-read-src-1"),
      fences: record("fences-d-extract-1"),
      heads: record("heads-d-extract-1"),
      policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: "sha256:9abf68f0565bb046e0c7b4513dd51b9e5709e143695dc1bea66c45f7022ecf5f" },
      evaluator_ref: { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: "sha256:eeb9c38a0579bfb0d89760961c990e0cc8a55414077dbca96df6e5b550cf789c", actor_type: "service" },
    };
    const report = evaluatePermissionDocument(input);
    expect(report.ok).toBe(false);
    expect(conflicts(report.findings)).toEqual([expect.objectContaining({ path: "contract.inputs.1.content_digest", expected: D1 })]);
  });

  it("check-child and check-reassignment: once, at read, not again by the two contracts' map", () => {
    const child = checkChildDocument({ parent: twice(record("d-parent-1")), child: record("d-child-ok"), chain: record("chain-d-child-ok") });
    expect(errorCodes(child.findings)).toEqual(["CONTRACT_REF_DIGEST_CONFLICT"]);
    expect(child.findings[0]).toMatchObject({ path: "parent.inputs.1.content_digest" });
    const reassignment = checkReassignmentDocument({ prior: twice(record("d-research-2-r1")), next: record("d-research-2-r2") });
    expect(errorCodes(reassignment.findings)).toEqual(["CONTRACT_REF_DIGEST_CONFLICT"]);
    expect(reassignment.findings[0]).toMatchObject({ path: "prior.inputs.1.content_digest" });
  });
});
