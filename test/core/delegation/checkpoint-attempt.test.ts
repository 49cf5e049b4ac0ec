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
