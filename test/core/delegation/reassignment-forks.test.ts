// checkReassignment refuses an attempt fork as checkAttempts does (ATTEMPT_REVISION_FORK, one rule,
// `_attempt-forks.ts`): 11.4's AGENT-B verifies "no unknown external attempts", and two revisions of
// one attempt neither of which leads to the other leave its outcome unknown (1.1: "Unknown or mixed
// external effects never normalize to success or retryable failure without reconciliation").
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const effect = (status: string) => ({ effect_id: "EFF-STAGE-SRC-71", digest: ref("EFF-STAGE-SRC-71", "e").content_digest, status });
// Little consumed, so the remaining budget leaves room for both branches counted (a sum fails closed).
const low = { elapsed: { value: 20, unit: "min" }, tool_calls: 30, items: { Source: 1 } };
const att1 = record("att-1");
const running = { ...att1, outcome: null, ended_at: null, effects: [effect("unknown")], budget_consumption: low };
const after = (revision_id: string, patch: object) => ({ ...att1, revision_id, content_digest: ref("ATT-1", revision_id).content_digest, prior_revision_ref: { object_id: "ATT-1", revision_id: att1.revision_id, content_digest: att1.content_digest }, issued_at: "2026-10-04T10:05:00Z", budget_consumption: low, ...patch });
const failed = after("att-r2a", { outcome: "failed", effects: [effect("not_applied")], readback_ref: ref("VR-ATT-1", "r1") });
const unknown = after("att-r2b", { outcome: "unknown", effects: [effect("unknown")] });
const reassign = (...attempts: object[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });

describe("an attempt forked in two revisions, given to checkReassignment", () => {
  it("denies the next revision on retries when one branch is unknown and the budget leaves room", () => {
    const r = reassign(running, failed, unknown);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["retries"] });
    expect(codes(r)).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
    expect(r.findings[0]).toMatchObject({ path: "attempts.2", dimension: "retries", received: "att-r2b" });
    expect(r.findings[0]?.message).toContain("ATT-1 is also attempts.1, and neither revision's chain of priors reaches the other");
  });
  it("finds the same fork checkAttempts finds, from the one rule", () => {
    const a = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [running, failed, unknown], checkpoints: [record("cp-7")] });
    const r = reassign(running, failed, unknown);
    const fork = (x: { findings: readonly { code: string; path?: string; message: string }[] }) => x.findings.filter((f) => f.code === "ATTEMPT_REVISION_FORK").map((f) => [f.path, f.message]);
    expect(fork(r)).toStrictEqual(fork(a));
    expect(a.findings.find((f) => f.code === "ATTEMPT_REVISION_FORK")?.dimension).toBe("retry");
  });
  it("denies two records under one id that start at different times", () => {
    const again = { ...unknown, prior_revision_ref: null, revision_id: "att-r9", content_digest: ref("ATT-1", "att-r9").content_digest, started_at: "2026-10-04T09:30:00Z" };
    const r = reassign(running, failed, again);
    expect(codes(r)).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
    expect(r.findings[0]).toMatchObject({ path: "attempts.2.started_at", dimension: "retries" });
  });
  it("allows one chain of revisions (running, then ended on its read-back), and an exact copy given twice", () => {
    expect(reassign(running, failed)).toMatchObject({ ok: true, findings: [] });
    expect(reassign(running, failed, { ...failed })).toMatchObject({ ok: true, findings: [] });
  });
  it("leaves another delegation's attempts to ATTEMPT_DELEGATION: they are not compared", () => {
    const other = (a: object) => ({ ...a, delegation_ref: ref("D-OTHER", "r1") });
    const r = reassign(running, failed, other(unknown), other({ ...unknown, revision_id: "att-r2c", content_digest: ref("ATT-1", "att-r2c").content_digest }));
    expect(codes(r).filter((c) => c === "ATTEMPT_REVISION_FORK")).toStrictEqual([]);
  });
});
