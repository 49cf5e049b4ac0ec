// Reconciliation over the attempt records (sections 1.1, 7.1, 7.2, 10.3): "Retries of unknown or
// partially_applied attempts require reconciliation" (RETRY_UNRECONCILED: the attempt retried names
// its read-back); "Unknown or mixed external effects never normalize to success or retryable failure
// without reconciliation" (ATTEMPT_OUTCOME_UNRECONCILED: a record moving away from unknown names
// one); and a resume "then issue[s] a fresh ControlFenceSet" (RESUME_FENCE_STALE).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** A reference as the conformance records write one: the digest is sha256 of `object@revision`. */
const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const found = (r: { findings: readonly { code: string; path?: string; received?: string }[] }, code: string) => r.findings.filter((f) => f.code === code).map((f) => [f.path, f.received]);
const effect = (status: string) => ({ effect_id: "EFF-STAGE-SRC-71", digest: ref("EFF-STAGE-SRC-71", "e").content_digest, status });

describe("a retry of an unknown or partially applied attempt (RETRY_UNRECONCILED)", () => {
  const contract = (retryable: string[]) => ({ ...record("d-research-2-r2"), retry_policy: { ...record("d-research-2-r2").retry_policy, retryable_outcomes: retryable } });
  const retry = { ...record("att-2"), resumed_from_checkpoint_ref: null };
  const att1 = (patch: object) => ({ ...record("att-1"), ...patch });
  const check = (retryable: string[], before: object, after: object = retry) => checkAttemptsDocument({ contract: contract(retryable), attempts: [before, after] });
  it("refuses a retry of an unknown attempt that names no read-back", () => {
    const r = check(["failed", "unknown"], att1({ outcome: "unknown", effects: [effect("unknown")] }));
    expect(codes(r)).toStrictEqual(["RETRY_UNRECONCILED"]);
    expect(found(r, "RETRY_UNRECONCILED")).toStrictEqual([["attempts.1", "unknown"]]);
    expect(r.findings[0]?.message).toContain("ATT-2 retries ATT-1, which is unknown and records no read-back");
  });
  it("refuses a retry of a partially applied attempt that names no read-back, and of one still running (read as unknown)", () => {
    expect(codes(check(["failed", "partially_applied"], att1({})))).toStrictEqual(["RETRY_UNRECONCILED"]);
    const running = att1({ outcome: null, ended_at: null, effects: [effect("unknown")] });
    expect(found(check(["failed", "unknown"], running), "RETRY_UNRECONCILED")).toStrictEqual([["attempts.1", "unknown"]]);
  });
  it("passes the retry when the attempt retried names its read-back", () => {
    const r = check(["failed", "unknown"], att1({ outcome: "unknown", effects: [effect("unknown")], readback_ref: ref("VR-ATT-1", "r1") }));
    expect(r).toMatchObject({ ok: true, findings: [] });
  });
  it("does not also refuse a retry the contract does not allow at all, nor judge a resume, nor a retry of a failed attempt", () => {
    expect(codes(check(["failed"], att1({ outcome: "unknown", effects: [effect("unknown")] })))).toStrictEqual(["RETRY_NOT_ALLOWED"]);
    expect(codes(check(["failed", "partially_applied"], att1({}), record("att-2")))).toStrictEqual([]);
    expect(codes(check(["failed"], att1({ outcome: "failed", effects: [effect("not_applied")] })))).toStrictEqual([]);
  });
  it("holds a retry requesting another effect digest to it too: the contract has one objective", () => {
    const other = { ...retry, requested_effect_digest: ref("OTHER-EFFECT", "r1").content_digest };
    // Under ATT-1's key, as RETRY_IDEMPOTENCY requires, another effect is also IDEMPOTENCY_KEY_CONFLICT.
    expect(codes(check(["failed", "unknown"], att1({ outcome: "unknown", effects: [effect("unknown")] }), other))).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT", "RETRY_UNRECONCILED"]);
    const keyless = (a: object) => ({ ...a, idempotency_key: null });
    expect(codes(check(["failed", "unknown"], keyless(att1({ outcome: "unknown", effects: [effect("unknown")] })), keyless(other)))).toStrictEqual(["RETRY_UNRECONCILED"]);
  });
});

describe("a record moving an attempt's outcome away from unknown (ATTEMPT_OUTCOME_UNRECONCILED)", () => {
  const first = (outcome: string, effects: object[]) => ({ ...record("att-1"), outcome, effects });
  const later = (patch: object) => ({ ...record("att-1"), revision_id: "att-r2", content_digest: ref("ATT-1", "att-r2").content_digest, prior_revision_ref: ref("ATT-1", "att-r1"), issued_at: "2026-10-04T10:05:00Z", ...patch });
  const check = (...attempts: object[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts });
  it("refuses unknown then failed, cancelled or expired with no read-back", () => {
    for (const outcome of ["failed", "cancelled", "expired"]) {
      const r = check(first("unknown", [effect("unknown")]), later({ outcome, effects: [effect("not_applied")] }));
      expect(codes(r)).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
      expect(found(r, "ATTEMPT_OUTCOME_UNRECONCILED")).toStrictEqual([["attempts.1.outcome", outcome]]);
    }
  });
  it("refuses unknown then partially_applied, and partially_applied then failed, with no read-back", () => {
    expect(codes(check(first("unknown", [effect("unknown")]), later({})))).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
    expect(codes(check(first("partially_applied", record("att-1").effects), later({ outcome: "failed", effects: [effect("not_applied")] })))).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
  });
  it("passes the move with a read-back, and a record that stays unknown or was running", () => {
    expect(check(first("unknown", [effect("unknown")]), later({ outcome: "failed", effects: [effect("not_applied")], readback_ref: ref("VR-ATT-1", "r1") }))).toMatchObject({ ok: true, findings: [] });
    expect(codes(check(first("unknown", [effect("unknown")]), later({ outcome: "unknown", effects: [effect("unknown")] })))).toStrictEqual([]);
    expect(codes(check({ ...first("unknown", []), outcome: null, ended_at: null }, later({ outcome: "failed", effects: [effect("not_applied")] })))).toStrictEqual([]);
  });
  it("leaves unknown then succeeded with no read-back to ATTEMPT_SUCCESS_UNVERIFIED, and a prior not given unjudged", () => {
    expect(codes(check(first("unknown", [effect("unknown")]), later({ outcome: "succeeded", effects: [effect("applied")], acceptance_evidence_refs: [ref("ACC-1", "r1")] })))).toStrictEqual(["ATTEMPT_SUCCESS_UNVERIFIED"]);
    expect(codes(check(later({ outcome: "failed", effects: [effect("not_applied")] })))).toStrictEqual([]);
  });
  describe("naming the read-back the unknown or mixed record already held", () => {
    const vr1 = ref("VR-ATT-1", "r1");
    const held = (outcome: string, effects: object[]) => ({ ...first(outcome, effects), readback_ref: vr1 });
    it("refuses unknown then failed on the read-back that left it unknown, saying so", () => {
      const r = check(held("unknown", [effect("unknown")]), later({ outcome: "failed", effects: [effect("not_applied")], readback_ref: vr1 }));
      expect(codes(r)).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
      expect(found(r, "ATTEMPT_OUTCOME_UNRECONCILED")).toStrictEqual([["attempts.1.outcome", "failed"]]);
      expect(r.findings[0]?.message).toContain("its read-back, VR-ATT-1@r1, is the one att-r1 already held when it recorded unknown");
      expect(r.findings[0]).toMatchObject({ expected: "unknown, or a readback_ref other than VR-ATT-1@r1" });
    });
    it("refuses partially_applied then failed, and unknown then partially_applied, on the same read-back", () => {
      expect(codes(check(held("partially_applied", record("att-1").effects), later({ outcome: "failed", effects: [effect("not_applied")], readback_ref: vr1 })))).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
      expect(codes(check(held("unknown", [effect("unknown")]), later({ readback_ref: vr1 })))).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
    });
    it("refuses unknown then succeeded on it too: that read-back shows no success", () => {
      const r = check(held("unknown", [effect("unknown")]), later({ outcome: "succeeded", effects: [effect("applied")], acceptance_evidence_refs: [ref("ACC-1", "r1")], readback_ref: vr1 }));
      expect(codes(r)).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
      expect(found(r, "ATTEMPT_OUTCOME_UNRECONCILED")).toStrictEqual([["attempts.1.outcome", "succeeded"]]);
    });
    it("passes a later read-back (another receipt, or another revision of it), and a record that stays unknown on the same one", () => {
      const failed = (readback_ref: object) => later({ outcome: "failed", effects: [effect("not_applied")], readback_ref });
      expect(check(held("unknown", [effect("unknown")]), failed(ref("VR-ATT-1", "r2")))).toMatchObject({ ok: true, findings: [] });
      expect(check(held("unknown", [effect("unknown")]), failed(ref("VR-ATT-1-RECONCILE", "r1")))).toMatchObject({ ok: true, findings: [] });
      expect(codes(check(held("unknown", [effect("unknown")]), later({ outcome: "unknown", effects: [effect("unknown")], readback_ref: vr1 })))).toStrictEqual([]);
    });
  });
});

describe("a reassignment given a record moving an attempt's outcome away from unknown (ATTEMPT_OUTCOME_UNRECONCILED, 11.4)", () => {
  // 11.4: AGENT-B verifies "no unknown external attempts" before resuming under r2; an outcome
  // rewritten without reconciliation leaves ATT-1 unknown, so the next revision is denied on retries.
  const vr1 = ref("VR-ATT-1", "r1");
  const first = (readback_ref: object | null) => ({ ...record("att-1"), outcome: "unknown", effects: [effect("unknown")], readback_ref });
  const later = (readback_ref: object | null) => ({ ...record("att-1"), revision_id: "att-r2", content_digest: ref("ATT-1", "att-r2").content_digest, prior_revision_ref: ref("ATT-1", "att-r1"), issued_at: "2026-10-04T10:05:00Z", outcome: "failed", effects: [effect("not_applied")], readback_ref });
  const check = (...attempts: object[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });
  it("denies the next revision when the later record names the very read-back the unknown one held", () => {
    const r = check(first(vr1), later(vr1));
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["retries"] });
    expect(found(r, "ATTEMPT_OUTCOME_UNRECONCILED")).toStrictEqual([["attempts.1.outcome", "failed"]]);
    expect(r.findings[0]?.message).toContain("its read-back, VR-ATT-1@r1, is the one att-r1 already held when it recorded unknown");
    // Given later first, the pair is found all the same, at the later record's place.
    expect(found(check(later(vr1), first(vr1)), "ATTEMPT_OUTCOME_UNRECONCILED")).toStrictEqual([["attempts.0.outcome", "failed"]]);
  });
  it("denies it when the later record names no read-back at all", () => {
    const r = check(first(null), later(null));
    expect(r).toMatchObject({ ok: false, failed: ["retries"] });
    expect(codes(r)).toStrictEqual(["ATTEMPT_OUTCOME_UNRECONCILED"]);
  });
  it("allows it when the later record names a read-back the unknown one did not hold, and judges no other delegation's records", () => {
    expect(check(first(vr1), later(ref("VR-ATT-1", "r2")))).toMatchObject({ ok: true, findings: [] });
    expect(check(first(null), later(vr1))).toMatchObject({ ok: true, findings: [] });
    const other = (a: object) => ({ ...a, delegation_ref: ref("D-OTHER", "r1") });
    expect(codes(check(other(first(vr1)), other(later(vr1))))).not.toContain("ATTEMPT_OUTCOME_UNRECONCILED");
  });
});

describe("a resume's fence set against its checkpoint's (RESUME_FENCE_STALE)", () => {
  const db4 = record("cp-7").control_fence_set[1];
  const space11 = { ...record("cp-7").control_fence_set[2], position: 11, event_id: "EV-SPACE-11" };
  const att2 = (i: number, boundary: object) => ({ ...record("att-2"), control_fence_set: record("att-2").control_fence_set.map((b: object, j: number) => (j === i ? boundary : b)) });
  const check = (attempt: object, checkpoint: object = record("cp-7")) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), attempt], checkpoints: [checkpoint] });
  it("passes 11.4's ATT-2, fencing the delegation at DB6 past CP-7's DB4", () => {
    expect(found(check(record("att-2")), "RESUME_FENCE_STALE")).toStrictEqual([]);
  });
  it("refuses a resume under r2 still fencing the delegation at CP-7's DB4", () => {
    const r = check(att2(1, db4));
    expect(found(r, "RESUME_FENCE_STALE")).toStrictEqual([["attempts.1.control_fence_set.1", "4"]]);
    expect(r.findings.find((f) => f.code === "RESUME_FENCE_STALE")?.message).toContain("ATT-2 resumes with delegation:D-RESEARCH-2 at 4 (DB4), the boundary its checkpoint CP-7 (checkpoints.0) fenced under r1");
  });
  it("refuses a boundary older than the checkpoint's on the same stream, whatever the revision", () => {
    expect(found(check(att2(2, space11)), "RESUME_FENCE_STALE")).toStrictEqual([["attempts.1.control_fence_set.2", "11"]]);
  });
  it("passes a resume under the checkpoint's own revision fencing the very boundaries it fenced: heads that did not move", () => {
    // ATT-1 resumed by ATT-1B under r1 with CP-7's fence set, as a fresh fence of unmoved heads reads.
    const resume = { ...record("att-1"), record_id: "ATT-1B", attempt_id: "ATT-1B", started_at: "2026-10-04T10:10:00Z", issued_at: "2026-10-04T10:10:00Z", ended_at: null, outcome: null, effects: [], resumed_from_checkpoint_ref: ref("CP-7", "cp-r1"), control_fence_set: record("cp-7").control_fence_set };
    expect(found(check(resume), "RESUME_FENCE_STALE")).toStrictEqual([]);
    // Paired with CP-7 all the same: an older boundary there is refused.
    const older = { ...resume, control_fence_set: record("cp-7").control_fence_set.map((b: object, j: number) => (j === 2 ? space11 : b)) };
    expect(found(check(older), "RESUME_FENCE_STALE")).toStrictEqual([["attempts.1.control_fence_set.2", "11"]]);
  });
  it("denies a reassignment given the stale resume, on ancestor_fences", () => {
    const ended = { ...att2(1, db4), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), ended], checkpoints: [record("cp-7")] });
    expect(r).toMatchObject({ ok: false, failed: ["ancestor_fences"] });
    expect(codes(r)).toStrictEqual(["RESUME_FENCE_STALE"]);
  });
});
