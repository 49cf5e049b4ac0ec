// A checkpoint's fences never step back (sections 1.2, 7.2, 11.2): "position is a monotonically
// increasing integer local to that exact control branch", and a checkpoint, written during its
// attempt, records the "complete control fence set" a resume is then held to. So it fences no stream
// before its attempt did, nor before a checkpoint of that attempt with a lower sequence did
// (CHECKPOINT_FENCE_REGRESSED).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationCheckpoint, DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const regressed = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "CHECKPOINT_FENCE_REGRESSED").map((f) => [f.path, f.dimension, f.expected, f.received]);
/** space:SPACE-RW at `position`, the event `EV-SPACE-<position>` (at 12, CP-7's boundary itself). */
const space = (position: number) => position === 12 ? record("cp-7").control_fence_set[2] : ({ ...record("cp-7").control_fence_set[2], position, event_id: `EV-SPACE-${position}`, event_digest: ref(`EV-SPACE-${position}`, "e").content_digest });
/** A checkpoint like CP-7, its own id, sequence and time, fencing space:SPACE-RW at `position`. */
const cp = (id: string, sequence: number, written_at: string, position: number): any => {
  const c = record("cp-7");
  return { ...c, record_id: id, checkpoint_id: id, sequence, written_at, issued_at: written_at, remaining_budget: {}, control_fence_set: [c.control_fence_set[0], c.control_fence_set[1], space(position)] };
};
const cp7At = (position: number): any => ({ ...record("cp-7"), control_fence_set: [...record("cp-7").control_fence_set.slice(0, 2), space(position)] });
const check = (attempts: unknown[], checkpoints: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts, checkpoints });

describe("a checkpoint fencing a stream before its attempt did (CHECKPOINT_FENCE_REGRESSED)", () => {
  it("passes 11.4: ATT-1 and CP-7 fence one set, and ATT-2 resumes it", () => {
    expect(check([record("att-1"), record("att-2")], [record("cp-7")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses CP-7 fencing space:SPACE-RW at 11 where ATT-1, which wrote it, fenced 12", () => {
    const r = check([record("att-1")], [cp7At(11)]);
    expect(r.ok).toBe(false);
    expect(codes(r)).toStrictEqual(["CHECKPOINT_FENCE_REGRESSED"]);
    expect(regressed(r)).toStrictEqual([["checkpoints.0.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
    expect(r.findings[0]?.message).toContain("CP-7 fences rw-control:SPACE-RW space:SPACE-RW at 11 (EV-SPACE-11), before the position its attempt ATT-1 (attempts.0) fenced there, 12 (EV-SPACE-12)");
    // A resume of it given too is judged against it as before: ATT-2 at 12 is not before 11.
    expect(codes(check([record("att-1"), record("att-2")], [cp7At(11)]))).toStrictEqual(["CHECKPOINT_FENCE_REGRESSED"]);
  });
  it("allows a checkpoint fencing a later head than its attempt did, and compares nothing without its attempt", () => {
    expect(check([record("att-1")], [cp7At(13)])).toMatchObject({ ok: true, findings: [] });
    expect(codes(check([record("att-2")], [cp7At(11)]))).not.toContain("CHECKPOINT_FENCE_REGRESSED");
  });
  it("compares the earliest position any record of the attempt fences: a later record never makes the checkpoint stale", () => {
    const later = { ...record("att-1"), revision_id: "att-r2", content_digest: ref("ATT-1", "att-r2").content_digest, prior_revision_ref: ref("ATT-1", "att-r1"), issued_at: "2026-10-04T10:30:00Z", control_fence_set: [...record("att-1").control_fence_set.slice(0, 2), space(14)] };
    expect(codes(check([record("att-1"), later], [record("cp-7")]))).not.toContain("CHECKPOINT_FENCE_REGRESSED");
    expect(regressed(check([record("att-1"), later], [cp7At(11)]))).toStrictEqual([["checkpoints.0.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
  });
  it("never compares two streams", () => {
    const other = { ...record("cp-7"), control_fence_set: [...record("cp-7").control_fence_set.slice(0, 2), { ...space(11), project_id: "rw-control:SPACE-OTHER" }] };
    expect(codes(check([record("att-1")], [other]))).not.toContain("CHECKPOINT_FENCE_REGRESSED");
  });
});

describe("a later checkpoint of one attempt fencing a stream before an earlier one did (CHECKPOINT_FENCE_REGRESSED)", () => {
  it("allows CP-8 after CP-7 at the same or a later head", () => {
    expect(check([], [record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z", 12), cp("CP-9", 9, "2026-10-04T10:07:00Z", 13)])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses CP-8, of a higher sequence, fencing space:SPACE-RW before CP-7 did, in whatever order they are given", () => {
    const r = check([], [record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z", 11)]);
    expect(codes(r)).toStrictEqual(["CHECKPOINT_FENCE_REGRESSED"]);
    expect(regressed(r)).toStrictEqual([["checkpoints.1.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
    expect(r.findings[0]?.message).toContain("before the position CP-7 (checkpoints.0, sequence 7) fenced there, 12 (EV-SPACE-12)");
    const reversed = check([], [cp("CP-8", 8, "2026-10-04T10:06:00Z", 11), record("cp-7")]);
    expect(regressed(reversed).map((f) => f[0])).toStrictEqual(["checkpoints.0.control_fence_set.2"]);
    // Against the greatest position an earlier checkpoint fenced, not only the one just before.
    const third = check([], [record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z", 14), cp("CP-9", 9, "2026-10-04T10:07:00Z", 13)]);
    expect(regressed(third)).toStrictEqual([["checkpoints.2.control_fence_set.2", "ancestor_fences", ">= 14", "13"]]);
  });
  it("reports a boundary once: one found against its attempt is not found again against a checkpoint", () => {
    const r = check([record("att-1")], [record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z", 11)]);
    expect(regressed(r)).toStrictEqual([["checkpoints.1.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
    expect(r.findings[0]?.message).toContain("its attempt ATT-1 (attempts.0)");
  });
  it("compares neither checkpoints of two attempts nor two of one sequence (CHECKPOINT_SEQUENCE's)", () => {
    const ofAtt9 = { ...cp("CP-8", 8, "2026-10-04T10:06:00Z", 11), attempt_id: "ATT-9" };
    expect(codes(check([], [record("cp-7"), ofAtt9]))).not.toContain("CHECKPOINT_FENCE_REGRESSED");
    expect(codes(check([], [record("cp-7"), cp("CP-8", 7, "2026-10-04T10:06:00Z", 11)]))).toStrictEqual(["CHECKPOINT_SEQUENCE"]);
  });
});

describe("CHECKPOINT_FENCE_REGRESSED in the typed API and a reassignment", () => {
  it("is checked by checkAttempts", () => {
    const typed = checkAttempts(read<DelegationContract>(record("d-research-2-r1")), [read<ExecutionAttempt>(record("att-1"))], [read<DelegationCheckpoint>(cp7At(11))]);
    expect(codes(typed)).toStrictEqual(["CHECKPOINT_FENCE_REGRESSED"]);
  });
  it("denies a reassignment resting on such a checkpoint, on ancestor_fences", () => {
    const reassign = (checkpoints: unknown[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints });
    expect(reassign([record("cp-7")])).toMatchObject({ ok: true, findings: [] });
    const r = reassign([cp7At(11)]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["ancestor_fences"] });
    expect(regressed(r)).toStrictEqual([["checkpoints.0.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
    const later = reassign([record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z", 11)]);
    expect(later).toMatchObject({ ok: false, failed: ["ancestor_fences"] });
    expect(codes(later)).toStrictEqual(["CHECKPOINT_FENCE_REGRESSED"]);
  });
});
