// One idempotency key, one effect (sections 1.2, 5.1, 7.1): an attempt records its "requested
// effect digest" and "idempotency key where supported", and the target deduplicates by the key.
// A record sending a key another record sent with another requested_effect_digest leaves the
// target to drop one effect or answer it with the other's result (IDEMPOTENCY_KEY_CONFLICT).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const OTHER = ref("OTHER-EFFECT", "r1").content_digest;
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const conflicts = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "IDEMPOTENCY_KEY_CONFLICT").map((f) => [f.path, f.dimension, f.expected, f.received]);
const contract = (retryable: string[] = ["failed"]) => ({ ...record("d-research-2-r2"), retry_policy: { ...record("d-research-2-r2").retry_policy, retryable_outcomes: retryable } });
const check = (attempts: unknown[], retryable?: string[]) => checkAttemptsDocument({ contract: contract(retryable), attempts });
const ATT1_DIGEST: string = record("att-1").requested_effect_digest;

describe("one idempotency key names one requested effect (IDEMPOTENCY_KEY_CONFLICT)", () => {
  it("passes 11.4's ATT-2, which resumes after ATT-1 with its key and its effect", () => {
    expect(check([record("att-1"), record("att-2")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a resume that reuses the key of the partially applied attempt before it for another effect", () => {
    const r = check([record("att-1"), { ...record("att-2"), requested_effect_digest: OTHER }]);
    expect(r.ok).toBe(false);
    expect(codes(r)).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT"]);
    expect(conflicts(r)).toStrictEqual([["attempts.1.requested_effect_digest", "retry", ATT1_DIGEST, OTHER]]);
    expect(r.findings[0]?.message).toContain("ATT-2 sends the idempotency key D-RESEARCH-2/effect with the effect " + OTHER + "; ATT-1 (attempts.0) sent it with " + ATT1_DIGEST);
  });
  it("refuses a reconciled retry of an unknown attempt that reuses its key for another effect", () => {
    const unknown = { ...record("att-1"), outcome: "unknown", effects: [], readback_ref: ref("VR-ATT-1", "r1") };
    const retry = { ...record("att-2"), resumed_from_checkpoint_ref: null, requested_effect_digest: OTHER };
    expect(codes(check([unknown, retry], ["failed", "unknown"]))).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT"]);
    expect(codes(check([unknown, { ...retry, requested_effect_digest: ATT1_DIGEST }], ["failed", "unknown"]))).toStrictEqual([]);
  });
  it("refuses two attempts sharing a key for two effects though neither is unknown: the target knows no retry chain", () => {
    const failed = { ...record("att-1"), outcome: "failed", effects: [] };
    const retry = { ...record("att-2"), resumed_from_checkpoint_ref: null, requested_effect_digest: OTHER };
    const r = check([failed, retry]);
    expect(conflicts(r)).toStrictEqual([["attempts.1.requested_effect_digest", "retry", ATT1_DIGEST, OTHER]]);
    expect(codes(r)).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT"]);
  });
  it("passes another effect under another key after a failed attempt, and records without a key", () => {
    const failed = { ...record("att-1"), outcome: "failed", effects: [] };
    const retry = { ...record("att-2"), resumed_from_checkpoint_ref: null, requested_effect_digest: OTHER };
    expect(check([failed, { ...retry, idempotency_key: "D-RESEARCH-2/effect-2" }])).toMatchObject({ ok: true, findings: [] });
    expect(check([{ ...failed, idempotency_key: null }, { ...retry, idempotency_key: null }])).toMatchObject({ ok: true, findings: [] });
  });
  it("compares two revisions of one attempt: an attempt requests one effect", () => {
    const running = { ...record("att-1"), outcome: null, ended_at: null, effects: [] };
    const ended = { ...record("att-1"), revision_id: "att-r2", content_digest: ref("ATT-1", "att-r2").content_digest, prior_revision_ref: ref("ATT-1", "att-r1"), requested_effect_digest: OTHER };
    const r = check([running, ended]);
    expect(conflicts(r)).toStrictEqual([["attempts.1.requested_effect_digest", "retry", ATT1_DIGEST, OTHER]]);
    expect(r.findings.find((f) => f.code === "IDEMPOTENCY_KEY_CONFLICT")?.message).toContain("another record of ATT-1 (attempts.0)");
  });
  it("names each later record against the first that sent the key, and is checked by the typed API", () => {
    const third = { ...record("att-2"), attempt_id: "ATT-3", record_id: "ATT-3", started_at: "2026-10-04T12:00:00Z", issued_at: "2026-10-04T12:00:00Z", requested_effect_digest: OTHER };
    const r = check([record("att-1"), { ...record("att-2"), requested_effect_digest: OTHER }, third]);
    expect(conflicts(r).map((c) => c[0])).toStrictEqual(["attempts.1.requested_effect_digest", "attempts.2.requested_effect_digest"]);
    const typed = checkAttempts(read<DelegationContract>(contract()), [read<ExecutionAttempt>(record("att-1")), read<ExecutionAttempt>({ ...record("att-2"), requested_effect_digest: OTHER })]);
    expect(codes(typed)).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT"]);
  });
});

// 11.4's resume under r2 is a new attempt of the same delegation, sent to the same target, which
// deduplicates by the key whatever contract revision names it: checkReassignment, given the
// delegation's attempts, holds them to one key, one effect, denying on `retries` (5.1's retry_policy,
// "Idempotency identity").
describe("one idempotency key names one effect across a reassignment (IDEMPOTENCY_KEY_CONFLICT)", () => {
  /** ATT-2 under r2, ended having consumed nothing, so the prior's remainder is known with it given. */
  const att2Ended = (patch: object = {}) => ({ ...record("att-2"), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 } }, ...patch });
  const reassign = (attempts: unknown[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });
  it("allows 11.4: ATT-2 under r2 resumes with ATT-1's key for ATT-1's effect", () => {
    expect(reassign([record("att-1"), att2Ended()])).toMatchObject({ ok: true, failed: [], findings: [] });
  });
  it("denies ATT-2 under r2 sending ATT-1's key with another effect, on retries", () => {
    const r = reassign([record("att-1"), att2Ended({ requested_effect_digest: OTHER })]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["retries"] });
    expect(codes(r)).toStrictEqual(["IDEMPOTENCY_KEY_CONFLICT"]);
    expect(conflicts(r)).toStrictEqual([["attempts.1.requested_effect_digest", "retries", ATT1_DIGEST, OTHER]]);
  });
  it("does not compare another delegation's attempt, refused for that alone", () => {
    const elsewhere = att2Ended({ delegation_ref: ref("D-OTHER", "r1"), requested_effect_digest: OTHER });
    const r = reassign([record("att-1"), elsewhere]);
    expect(codes(r)).toContain("ATTEMPT_DELEGATION");
    expect(codes(r)).not.toContain("IDEMPOTENCY_KEY_CONFLICT");
  });
});
