// A resume continues from its attempt's latest checkpoint (section 7.2: a "monotonic sequence", and
// the resumer "never silently continues from stale state"): resuming a checkpoint when a later one
// of the same attempt (a greater sequence) was written before the resume started is
// RESUME_CHECKPOINT_SUPERSEDED.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const d6 = `sha256:${"6".repeat(64)}`;
/** CP-6: ATT-1's checkpoint before CP-7 (sequence 6, written 09:45, one Source staged). */
const cp6 = (patch: object = {}) => ({ ...record("cp-7"), record_id: "CP-6", checkpoint_id: "CP-6", content_digest: d6, sequence: 6, issued_at: "2026-10-04T09:45:00Z", written_at: "2026-10-04T09:45:00Z", completed_steps: ["search-1", "search-2", "stage-SRC-71"], output_refs: record("cp-7").output_refs.slice(0, 1), remaining_budget: { tool_calls: 150, items: { Source: 2 }, elapsed: { value: 195, unit: "min" } }, ...patch });
const ref6 = { object_id: "CP-6", revision_id: "cp-r1", content_digest: d6 };
const ref7 = () => ({ object_id: "CP-7", revision_id: "cp-r1", content_digest: record("cp-7").content_digest });
/** ATT-1B: a resume under r1, consuming nothing, started at `start`, of `from`. */
const resume = (start: string, from: object) => ({ ...record("att-1"), record_id: "ATT-1B", attempt_id: "ATT-1B", started_at: start, issued_at: start, ended_at: null, outcome: null, effects: [], external_receipts: [], budget_consumption: { tool_calls: 0 }, checkpoint_refs: [], resumed_from_checkpoint_ref: from, control_fence_set: record("cp-7").control_fence_set });
const check = (attempts: object[], checkpoints: object[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), ...attempts], checkpoints });
const found = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension, f.expected, f.received]);

describe("a resume against its attempt's later checkpoints (RESUME_CHECKPOINT_SUPERSEDED)", () => {
  it("passes a resume of the latest checkpoint, CP-7, with CP-6 given too", () => {
    expect(check([resume("2026-10-04T10:10:00Z", ref7())], [cp6(), record("cp-7")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a resume of CP-6 started after CP-7 was written, naming CP-7, whatever the order given", () => {
    const r = check([resume("2026-10-04T10:10:00Z", ref6)], [cp6(), record("cp-7")]);
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["RESUME_CHECKPOINT_SUPERSEDED", "attempts.1.resumed_from_checkpoint_ref", "inputs", "CP-7@cp-r1", "CP-6@cp-r1"]]);
    expect(r.findings[0]?.message).toContain("ATT-1B resumes CP-6 (checkpoints.0, sequence 6) of ATT-1, and CP-7 (checkpoints.1, sequence 7) of that attempt was written at 2026-10-04T10:05:00Z, before the resume started at 2026-10-04T10:10:00Z");
    expect(found(check([resume("2026-10-04T10:10:00Z", ref6)], [record("cp-7"), cp6()])).map((f) => [f[0], f[3]])).toStrictEqual([["RESUME_CHECKPOINT_SUPERSEDED", "CP-7@cp-r1"]]);
    // Written the very instant the resume starts, CP-7 was there to read.
    expect(found(check([resume("2026-10-04T10:05:00Z", ref6)], [cp6(), record("cp-7")])).map((f) => f[0])).toStrictEqual(["RESUME_CHECKPOINT_SUPERSEDED"]);
  });
  it("passes a resume of CP-6 started before CP-7 was written: CP-7 was not there to read", () => {
    expect(found(check([resume("2026-10-04T10:00:00Z", ref6)], [cp6(), record("cp-7")])).map((f) => f[0])).not.toContain("RESUME_CHECKPOINT_SUPERSEDED");
  });
  it("does not compare checkpoints of another attempt, nor a resume whose checkpoint is not given", () => {
    const other = { ...record("cp-7"), attempt_id: "ATT-9" };
    expect(found(check([resume("2026-10-04T10:10:00Z", ref6)], [cp6(), other])).map((f) => f[0])).not.toContain("RESUME_CHECKPOINT_SUPERSEDED");
    expect(found(check([resume("2026-10-04T10:10:00Z", { ...ref6, content_digest: `sha256:${"5".repeat(64)}` })], [cp6(), record("cp-7")])).map((f) => f[0])).not.toContain("RESUME_CHECKPOINT_SUPERSEDED");
  });
  it("denies a reassignment whose ATT-2 resumes CP-6 where 11.4's resumes CP-7, on inputs", () => {
    const att2 = { ...record("att-2"), resumed_from_checkpoint_ref: ref6, issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), att2], checkpoints: [cp6(), record("cp-7")] });
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["inputs"] });
    expect(found(r)).toStrictEqual([["RESUME_CHECKPOINT_SUPERSEDED", "attempts.1.resumed_from_checkpoint_ref", "inputs", "CP-7@cp-r1", "CP-6@cp-r1"]]);
  });
});
