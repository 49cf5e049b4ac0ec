// Retries (sections 1, 5.1, 7.1): a contract authorizes one bounded objective, so a succeeded
// attempt is never retried, even under a contract handed to the API that lists succeeded as
// retryable (validation refuses such a contract: RETRY_SUCCEEDED).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as d from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

function input(contract: d.DelegationContract, prior: d.Outcome): d.PermissionInput {
  return {
    contract,
    card: d.validateCard(record("card-agent-extractor-r3")).value as d.AgentCard,
    request: { ...record("request-read-src-1"), attempt: 2, prior_outcome: prior } as d.PermissionRequest,
    fences: record("fences-d-extract-1") as d.ControlFenceSet,
    heads: record("heads-d-extract-1") as d.ControlHead[],
    policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"1".repeat(64)}` },
    evaluator_ref: contract.delegator_actor_ref,
  };
}

describe("a succeeded attempt is never retried", () => {
  const valid = d.validateContract(record("d-extract-1")).value as d.DelegationContract;
  const listed: d.DelegationContract = { ...valid, retry_policy: { ...valid.retry_policy, retryable_outcomes: [...valid.retry_policy.retryable_outcomes, "succeeded"] } };
  it("a contract listing succeeded as retryable does not validate", () => {
    expect(d.validateContract(listed).findings.map((f) => [f.code, f.path])).toStrictEqual([["RETRY_SUCCEEDED", "retry_policy.retryable_outcomes.1"]]);
  });
  it("evaluatePermission denies a retry after success even when the contract lists succeeded", () => {
    const r = d.evaluatePermission(input(listed, "succeeded"));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["RETRY_NOT_ALLOWED"]);
  });
  it("and still allows the retry of a retryable failure", () => {
    expect(d.evaluatePermission(input(listed, "failed")).decision).toBe("allow");
  });
});
