// A resume starts no earlier than its checkpoint was written (sections 7.2, 11.4): "Resume creates a
// new attempt referencing the checkpoint. The resumer MUST verify ... then issue a fresh
// ControlFenceSet". An attempt that started before the checkpoint's `written_at` continued from a
// state not yet recorded and cannot have verified it (RESUME_BEFORE_CHECKPOINT).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** A reference as the conformance records write one: the digest is sha256 of `object@revision`. */
const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const cp7 = () => ({ object_id: "CP-7", revision_id: "cp-r1", content_digest: record("cp-7").content_digest });
/** ATT-1B: a resume of CP-7 under r1, as ATT-1's executor, consuming nothing, started at `start`. */
const resume = (start: string, patch: object = {}) => ({ ...record("att-1"), record_id: "ATT-1B", attempt_id: "ATT-1B", started_at: start, issued_at: start, ended_at: null, outcome: null, effects: [], external_receipts: [], budget_consumption: { tool_calls: 0 }, checkpoint_refs: [], resumed_from_checkpoint_ref: cp7(), control_fence_set: record("cp-7").control_fence_set, ...patch });
const check = (attempts: object[], checkpoints: object[] = [record("cp-7")]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), ...attempts], checkpoints });
const found = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension, f.expected, f.received]);

describe("a resume against the time its checkpoint was written (RESUME_BEFORE_CHECKPOINT)", () => {
  it("passes a resume started after CP-7 was written, and one started the very instant it was", () => {
    expect(check([resume("2026-10-04T10:10:00Z")])).toMatchObject({ ok: true, findings: [] });
    expect(check([resume("2026-10-04T10:05:00.000Z")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a resume started before CP-7 was written, to the nanosecond, saying when each was", () => {
    const r = check([resume("2026-10-04T09:30:00Z")]);
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["RESUME_BEFORE_CHECKPOINT", "attempts.1.started_at", "retries", ">= 2026-10-04T10:05:00Z", "2026-10-04T09:30:00Z"]]);
    expect(r.findings[0]?.message).toContain("ATT-1B resumes CP-7 (checkpoints.0) and starts at 2026-10-04T09:30:00Z, before that checkpoint was written (2026-10-04T10:05:00Z)");
    expect(found(check([resume("2026-10-04T10:04:59.999999999Z")])).map((f) => f[0])).toStrictEqual(["RESUME_BEFORE_CHECKPOINT"]);
  });
  it("finds it once for a resume given at two revisions (running, then ended)", () => {
    const first = resume("2026-10-04T09:30:00Z");
    const ended = { ...first, revision_id: "att-r2", content_digest: ref("ATT-1B", "att-r2").content_digest, prior_revision_ref: { object_id: "ATT-1B", revision_id: first.revision_id, content_digest: first.content_digest }, issued_at: "2026-10-04T10:20:00Z", ended_at: "2026-10-04T10:20:00Z", outcome: "failed" };
    expect(found(check([first, ended])).filter((f) => f[0] === "RESUME_BEFORE_CHECKPOINT")).toStrictEqual([["RESUME_BEFORE_CHECKPOINT", "attempts.1.started_at", "retries", ">= 2026-10-04T10:05:00Z", "2026-10-04T09:30:00Z"]]);
  });
  it("does not judge a resume whose checkpoint is not given exactly, nor an attempt resuming none", () => {
    expect(found(check([resume("2026-10-04T09:30:00Z")], [])).map((f) => f[0])).not.toContain("RESUME_BEFORE_CHECKPOINT");
    const other = resume("2026-10-04T09:30:00Z", { resumed_from_checkpoint_ref: { ...cp7(), content_digest: ref("CP-7", "other").content_digest } });
    expect(found(check([other])).map((f) => f[0])).not.toContain("RESUME_BEFORE_CHECKPOINT");
  });
  it("denies a reassignment given ATT-2 started before CP-7 was written, on retries (and on duration: r2 was not yet issued then)", () => {
    const att2 = { ...record("att-2"), started_at: "2026-10-04T10:04:00Z", issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), att2], checkpoints: [record("cp-7")] });
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["duration", "retries"] });
    expect(found(r)).toStrictEqual([
      ["RESUME_BEFORE_CHECKPOINT", "attempts.1.started_at", "retries", ">= 2026-10-04T10:05:00Z", "2026-10-04T10:04:00Z"],
      ["CONTRACT_NOT_YET", "attempts.1.started_at", "duration", ">= 2026-10-04T10:30:00Z", "2026-10-04T10:04:00Z"],
    ]);
  });
});
