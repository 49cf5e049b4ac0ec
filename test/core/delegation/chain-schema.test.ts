// Section 3: "An unsupported schema version fails closed for consequential effects." A child's
// attestation chain is held to it as its contract and card are: the child's authority rests on
// the chain (8: "An unverifiable or broken chain denies execution").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluatePermission, validateRecord } from "../../../core/delegation/index.js";
import type { PermissionInput } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
/** Read for display (no `consequential` option): an unsupported version is a note, not a refusal. */
const read = (x: unknown): any => {
  const r = validateRecord(x);
  if (!r.ok) throw new Error(`fixture does not validate: ${r.findings.map((f) => f.code).join(" ")}`);
  return r.value;
};

function releaseInput(chainVersion: string): PermissionInput {
  const chain = record("chain-d-release-1-child");
  chain.schema_ref.version = chainVersion;
  return {
    contract: read(record("d-release-1-child")),
    card: read(record("card-agent-helper-r1")),
    request: record("request-release"),
    fences: record("fences-d-release-1-child"),
    heads: record("heads-d-release-1-child"),
    approvals: [record("approval-editor"), record("approval-review")],
    chain: read(chain),
    policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"9".repeat(64)}` },
    evaluator_ref: { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"e".repeat(64)}`, actor_type: "service" },
  } as PermissionInput;
}

describe("evaluatePermission: the attestation chain's schema version", () => {
  it("allows the consequential effect under a supported chain", () => {
    expect(evaluatePermission(releaseInput("0.1.1")).decision).toBe("allow");
  });
  it("denies a consequential effect under a chain of an unsupported version, even one read for display", () => {
    const result = evaluatePermission(releaseInput("0.2.0"));
    expect(result.decision).toBe("deny");
    expect(result.denied_by).toStrictEqual(["SCHEMA_UNSUPPORTED"]);
    expect(result.findings.find((f) => f.code === "SCHEMA_UNSUPPORTED")?.message).toContain("attestation chain");
  });
});
