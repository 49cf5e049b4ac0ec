// A record naming a contract's revision id under another content digest claims a content that
// revision does not have: a revision id is "Unique", "never reused" (sections 2 and 3), so one of
// the two is not the revision it claims. checkAttempts and checkReassignment refused neither an
// attempt (only counted it in the sums, README note 113) nor said why of a checkpoint (only
// CHECKPOINT_REMAINDER_UNVERIFIED, "give the revision it names", which is the one given). Now both
// are refused (ATTEMPT_REVISION_DIGEST, CHECKPOINT_REVISION_DIGEST), and the attempt still counts.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const forged = `sha256:${"f".repeat(64)}`;
/** ATT-9, failed, naming D-RESEARCH-2@`revision` under `digest`, having used `calls` tool calls. */
const att9 = (digest: string, calls: number, revision = "r1") => ({
  ...record("att-1"), record_id: "ATT-9", attempt_id: "ATT-9", content_digest: `sha256:${"9".repeat(64)}`, prior_revision_ref: null,
  started_at: "2026-10-04T09:01:00Z", issued_at: "2026-10-04T09:02:00Z", ended_at: "2026-10-04T09:02:00Z", outcome: "failed", effects: [], readback_ref: null, checkpoint_refs: [],
  delegation_ref: { ...record("att-1").delegation_ref, revision_id: revision, content_digest: digest }, budget_consumption: { tool_calls: calls, items: { Source: 0 } },
});
/** CP-7 naming r1 under `digest`. */
const cp7 = (digest: string) => ({ ...record("cp-7"), delegation_ref: { ...record("cp-7").delegation_ref, content_digest: digest } });
const told = (findings: readonly { code: string; path?: string; dimension?: string; received?: string }[], code: string) =>
  findings.filter((f) => f.code === code).map((f) => [f.path, f.dimension, f.received]);

describe("checkAttempts: a record naming the revision id under another digest", () => {
  it("refuses such an attempt, in either order, and still counts it in the budget", () => {
    const r1 = record("d-research-2-r1");
    const a = checkAttemptsDocument({ contract: r1, attempts: [record("att-1"), att9(forged, 150)] });
    expect(a.ok).toBe(false);
    expect(told(a.findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([["attempts.1.delegation_ref.content_digest", "retry", forged]]);
    expect(told(a.findings, "BUDGET_EXCEEDED")).toStrictEqual([["attempts.0.budget_consumption.tool_calls", "budget", "230"]]);
    const b = checkAttemptsDocument({ contract: r1, attempts: [att9(forged, 1), record("att-1")] });
    expect(told(b.findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([["attempts.0.delegation_ref.content_digest", "retry", forged]]);
    // Within the budget, the attempt alone is what refuses the list.
    expect(b.findings.filter((f) => f.severity === "error").map((f) => f.code)).toStrictEqual(["ATTEMPT_REVISION_DIGEST"]);
  });

  it("says nothing of an attempt of the exact revision, or of another revision id under any digest", () => {
    const r1 = record("d-research-2-r1");
    expect(told(checkAttemptsDocument({ contract: r1, attempts: [record("att-1"), att9(r1.content_digest, 1)] }).findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([]);
    expect(told(checkAttemptsDocument({ contract: r1, attempts: [record("att-1"), att9(forged, 1, "r0")] }).findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([]);
  });

  it("refuses such a checkpoint, on inputs", () => {
    const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [cp7(forged)] });
    expect(r.ok).toBe(false);
    expect(told(r.findings, "CHECKPOINT_REVISION_DIGEST")).toStrictEqual([["checkpoints.0.delegation_ref.content_digest", "inputs", forged]]);
    // Its remainder is unverified too; what it names and what was given differ by their digests alone, which say so.
    const unverified = r.findings.find((f) => f.code === "CHECKPOINT_REMAINDER_UNVERIFIED");
    const given = record("d-research-2-r1").content_digest as string;
    expect([unverified?.received, unverified?.expected]).toStrictEqual([`D-RESEARCH-2@r1 (content digest ${forged})`, `D-RESEARCH-2@r1 (content digest ${given})`]);
    expect(unverified?.message).toContain(`of D-RESEARCH-2@r1 (content digest ${forged}), not of D-RESEARCH-2@r1 (content digest ${given})`);
    expect(told(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [record("cp-7")] }).findings, "CHECKPOINT_REVISION_DIGEST")).toStrictEqual([]);
  });
});

describe("checkReassignment: a record naming a revision id under another digest", () => {
  const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2") };

  it("denies on retries an attempt naming the prior's revision id under another digest", () => {
    const r = checkReassignmentDocument({ ...doc, attempts: [record("att-1"), record("att-2"), att9(forged, 0)], checkpoints: [record("cp-7")] });
    expect(told(r.findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([["attempts.2.delegation_ref.content_digest", "retries", forged]]);
    expect(r.failed).toContain("retries");
    expect(r.decision).toBe("deny");
  });

  it("denies on retries one naming the next revision's id under another digest", () => {
    const r = checkReassignmentDocument({ ...doc, attempts: [record("att-1"), { ...record("att-2"), delegation_ref: { ...record("att-2").delegation_ref, content_digest: forged } }] });
    expect(told(r.findings, "ATTEMPT_REVISION_DIGEST")).toStrictEqual([["attempts.1.delegation_ref.content_digest", "retries", forged]]);
  });

  it("denies on inputs a checkpoint naming the prior's revision id under another digest", () => {
    const r = checkReassignmentDocument({ ...doc, attempts: [record("att-1"), record("att-2")], checkpoints: [cp7(forged)] });
    expect(told(r.findings, "CHECKPOINT_REVISION_DIGEST")).toStrictEqual([["checkpoints.0.delegation_ref.content_digest", "inputs", forged]]);
    expect(r.failed).toContain("inputs");
  });

  it("allows 11.4's records as given", () => {
    const r = checkReassignmentDocument({ ...doc, attempts: [record("att-1"), record("att-2")], checkpoints: [record("cp-7")] });
    expect(r.findings.filter((f) => f.severity === "error")).toStrictEqual([]);
  });
});
