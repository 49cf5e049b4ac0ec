// An attempt naming the contract's revision id under another content digest drew on its limits:
// a revision id is never reused (sections 2 and 3), so it ran under that revision or under a record
// claiming to be it. A reassignment's remainder counted it (README note 108) while checkAttempts'
// budget ignored it, so one attempt was spent from r1 in one check and not in the other. Both now
// count it (failing closed), by one rule (core/delegation/_draws-on-revision).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** ATT-9, failed, naming r1's revision id under `digest`, having used `calls` tool calls. */
const att9 = (digest: string, calls: number) => ({
  ...record("att-1"), record_id: "ATT-9", attempt_id: "ATT-9", content_digest: `sha256:${"9".repeat(64)}`, prior_revision_ref: null,
  started_at: "2026-10-04T09:01:00Z", issued_at: "2026-10-04T09:02:00Z", ended_at: "2026-10-04T09:02:00Z", outcome: "failed", effects: [], readback_ref: null, checkpoint_refs: [],
  delegation_ref: { ...record("att-1").delegation_ref, content_digest: digest }, budget_consumption: { tool_calls: calls, items: { Source: 0 } },
});
const forged = `sha256:${"f".repeat(64)}`;
const budget = (attempts: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts }).findings.filter((f) => f.code === "BUDGET_EXCEEDED").map((f) => [f.path, f.expected, f.received]);

describe("an attempt naming the revision id under another digest", () => {
  it("is counted against the revision's limits by checkAttempts", () => {
    // ATT-1's 80 tool calls and ATT-9's 150 under r1's 200.
    expect(budget([record("att-1"), att9(forged, 150)])).toStrictEqual([["attempts.0.budget_consumption.tool_calls", "<= 200", "230"]]);
    expect(budget([att9(forged, 150), record("att-1")])).toStrictEqual([["attempts.1.budget_consumption.tool_calls", "<= 200", "230"]]);
  });

  it("is read as the reassignment's remainder reads it: both checks spend it from r1", () => {
    // r2 grants 120 tool calls of r1's 200: 80 + 10 leave 110, less than r2 takes.
    const attempts = [record("att-1"), att9(forged, 10)];
    const remainder = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });
    expect(remainder.findings.filter((f) => f.code === "ATTENUATION_BUDGET_REMAINING").map((f) => f.path)).toContain("limits.max_tool_calls");
    // checkAttempts on r1 counts the same 90: within 200 there, past 200 with 121 more.
    expect(budget(attempts)).toStrictEqual([]);
    expect(budget([record("att-1"), att9(forged, 121)])).toStrictEqual([["attempts.0.budget_consumption.tool_calls", "<= 200", "201"]]);
  });

  it("is counted in a checkpoint's computed remainder too", () => {
    // CP-7 claims r1's 120 tool calls left after ATT-1's 80; ATT-9, ended before CP-7 was written, used 1 more.
    const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), att9(forged, 1)], checkpoints: [record("cp-7")] });
    expect(r.findings.filter((f) => f.code === "CHECKPOINT_REMAINDER_OVERSTATED").map((f) => [f.path, f.expected, f.received])).toStrictEqual([["checkpoints.0.remaining_budget.tool_calls", "<= 119", "120"]]);
  });

  it("leaves out an attempt of another revision id, whatever its digest", () => {
    const other = { ...att9(forged, 150), delegation_ref: { ...record("att-1").delegation_ref, revision_id: "r0", content_digest: forged } };
    expect(budget([record("att-1"), other])).toStrictEqual([]);
  });
});
