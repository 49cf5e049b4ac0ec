// A checkpoint against the attempt that wrote it (sections 1.1, 7.2): when that attempt is given, the
// checkpoint names the exact delegation revision it ran under, and is written no earlier than it
// started (CHECKPOINT_ATTEMPT_MISMATCH).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const found = (contract: unknown, checkpoint: unknown, attempts: unknown[] = [record("att-1")]) => checkAttemptsDocument({ contract, attempts, checkpoints: [checkpoint] }).findings.map((f) => [f.code, f.path]);

describe("a checkpoint against its attempt", () => {
  it("passes 11.4's CP-7, of ATT-1 under r1, written after ATT-1 started", () => {
    expect(found(record("d-research-2-r1"), record("cp-7"))).toStrictEqual([]);
  });
  it("refuses CP-7 naming r2, under which ATT-1 never ran: its remainder would be verified against r2 with ATT-1's consumption uncounted", () => {
    const cp = { ...record("cp-7"), delegation_ref: record("att-2").delegation_ref, remaining_budget: { tool_calls: 120 } };
    // It still fences r1's agent, AGENT-A, not r2's AGENT-B, as a checkpoint of r2 would (record-fences.test.ts).
    expect(found(record("d-research-2-r2"), cp, [record("att-1"), record("att-2")])).toStrictEqual([["CHECKPOINT_ATTEMPT_MISMATCH", "checkpoints.0.delegation_ref"], ["FENCE_SCOPE_MISSING", "checkpoints.0.control_fence_set"]]);
    // The same revision under another digest is another revision.
    const digest = { ...record("cp-7"), delegation_ref: { ...record("cp-7").delegation_ref, content_digest: `sha256:${"3".repeat(64)}` } };
    expect(found(record("d-research-2-r1"), digest).map((f) => f[0])).toContain("CHECKPOINT_ATTEMPT_MISMATCH");
  });
  it("refuses a checkpoint written before its attempt started, to the instant", () => {
    const at = (t: string) => ({ ...record("cp-7"), written_at: t, issued_at: t, remaining_budget: {} });
    expect(found(record("d-research-2-r1"), at("2026-10-04T09:04:59.999Z"))).toStrictEqual([["CHECKPOINT_ATTEMPT_MISMATCH", "checkpoints.0.written_at"]]);
    expect(found(record("d-research-2-r1"), at("2026-10-04T09:05:00.000Z"))).toStrictEqual([]);
  });
  it("says nothing when the attempt is not given", () => {
    expect(found(record("d-research-2-r1"), { ...record("cp-7"), attempt_id: "ATT-9", written_at: "2026-10-04T09:01:00Z", issued_at: "2026-10-04T09:01:00Z", remaining_budget: {} })).toStrictEqual([]);
  });
});

// The writer (sections 1.1, 7.2: "writer Actor/operator"): a checkpoint its attempt's executor wrote
// names that attempt's operator (CHECKPOINT_WRITER_OPERATOR); another writer is not refused (7.3: a
// breaker "checkpoints observable state", whoever trips it).
describe("a checkpoint's writer against its attempt's executor", () => {
  const evaluator = record("breaker-d-research-1").issued_by_actor_ref;
  it("refuses a checkpoint ATT-1's executor wrote under another operator than ATT-1's", () => {
    const cp = { ...record("cp-7"), writer_operator_ref: "OP-ELSEWHERE" };
    expect(found(record("d-research-2-r1"), cp)).toStrictEqual([["CHECKPOINT_WRITER_OPERATOR", "checkpoints.0.writer_operator_ref"]]);
    const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [cp] });
    expect(r.findings[0]).toMatchObject({ dimension: "delegate", expected: "OP-LAB", received: "OP-ELSEWHERE" });
    expect(r.findings[0]?.message).toContain("CP-7 is written by ACTOR-A@act-r1, the executor of its attempt ATT-1 (attempts.0), under the operator OP-ELSEWHERE");
  });
  it("does not refuse a writer other than the executor, as a breaker checkpointing observable state is, whatever its operator", () => {
    expect(found(record("d-research-2-r1"), { ...record("cp-7"), writer_actor_ref: evaluator, writer_operator_ref: "OP-EVALUATION" })).toStrictEqual([]);
  });
  it("compares the executor's exact revision, and says nothing when the attempt is not given", () => {
    const otherRevision = { ...record("cp-7"), writer_actor_ref: { ...record("cp-7").writer_actor_ref, revision_id: "act-r2" }, writer_operator_ref: "OP-ELSEWHERE" };
    expect(found(record("d-research-2-r1"), otherRevision)).toStrictEqual([]);
    expect(found(record("d-research-2-r1"), { ...record("cp-7"), writer_operator_ref: "OP-ELSEWHERE" }, [])).toStrictEqual([]);
  });
});
