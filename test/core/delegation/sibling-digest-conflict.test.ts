// Section 2: a revision reference is the "exact {object_id, revision_id, content_digest} triple";
// section 3: `content_digest` is the "digest of canonical envelope and payload". Two sibling records
// under one delegation, revision and digest with other content cannot both be that revision: the
// core never recomputes a digest, so which one holds the sibling's share is unknown, and a verdict
// counting the first given hung on the order of the list.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkSubdelegation } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

/** A sibling of D-CHILD-OK under D-PARENT-1 (100,000 tokens; the child takes 50,000) holding `tokens`. */
function sibling(tokens: number): any {
  const s = record("d-child-ok");
  s.record_id = s.delegation_id = "D-SIBLING-1";
  s.control_scopes[2].scope_id = "D-SIBLING-1";
  s.content_digest = `sha256:${"5".repeat(64)}`;
  s.limits.max_tokens = tokens;
  return s;
}
const codes = (siblings: unknown[]) => checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok"), siblings }).findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension} ${f.path}`);

describe("two siblings under one revision and content digest", () => {
  it("are refused, naming both, in either order", () => {
    // 50,000 leaves the child room; 50,001 does not. Before, the first given decided.
    expect(codes([sibling(50_000), sibling(50_001)])).toStrictEqual(["SIBLING_DIGEST_CONFLICT budget siblings.1"]);
    expect(codes([sibling(50_001), sibling(50_000)])).toStrictEqual(["SIBLING_DIGEST_CONFLICT budget siblings.1"]);
    const [finding] = checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok"), siblings: [sibling(50_001), sibling(10)] }).findings;
    expect(finding?.message).toContain("siblings.1: D-SIBLING-1@r1 has the revision and content digest of siblings.0 but other content");
    expect(finding?.expected).toBe("the content of siblings.0");
  });
  it("are refused when another member differs, whatever the limits, by the typed check too", () => {
    const other = sibling(50_000);
    other.purpose = `${other.purpose} (amended in place)`;
    const report = checkSubdelegation(read<DelegationContract>(record("d-parent-1")), read<DelegationContract>(record("d-child-ok")), read<DelegationAttestationChain>(record("chain-d-child-ok")), [read<DelegationContract>(sibling(50_000)), read<DelegationContract>(other)]);
    expect(report.decision).toBe("deny");
    expect(report.failed).toStrictEqual(["budget"]);
    expect(report.findings.map((f) => f.code)).toStrictEqual(["SIBLING_DIGEST_CONFLICT"]);
  });
  it("are one record when they are exact copies, members written in any order", () => {
    const copy = Object.fromEntries(Object.entries(sibling(50_000)).reverse());
    expect(codes([sibling(50_000), copy])).toStrictEqual([]);
    expect(codes([sibling(50_001), sibling(50_001)])).toStrictEqual(["ATTENUATION_BUDGET_SHARED budget limits.max_tokens"]);
  });
  it("under other digests are two revisions, neither leading to the other: both counted, as before", () => {
    const second = sibling(1);
    second.content_digest = `sha256:${"6".repeat(64)}`;
    // Each takes the child's 50 tool calls and concurrency 1, so both counted exceed those too.
    expect(codes([sibling(50_000), second])).toStrictEqual(["ATTENUATION_BUDGET_SHARED budget limits.max_tokens", "ATTENUATION_BUDGET_SHARED budget limits.max_tool_calls", "ATTENUATION_BUDGET_SHARED concurrency limits.max_concurrency"]);
  });
});
