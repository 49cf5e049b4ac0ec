// A reassignment's next revision takes what the PRIOR revision's attempts left of its limits (11.4:
// "remaining budget"). Attempts under the next revision draw on the next's limits, and an earlier
// revision's were taken out when the prior was given, so neither is subtracted from the prior's
// (README note 108). An attempt naming the prior's revision id under another digest is counted
// (and refused, note 113).
import { describe, expect, it } from "vitest";
import { checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const ref = (c: any) => ({ object_id: c.delegation_id, revision_id: c.revision_id, content_digest: c.content_digest });
/** 11.4's ATT-2 under r2, ended having consumed `toolCalls` and one Source. */
const att2Ended = (toolCalls: number) => ({ ...record("att-2"), revision_id: "att-r2", prior_revision_ref: { object_id: "ATT-2", revision_id: "att-r1", content_digest: record("att-2").content_digest }, content_digest: `sha256:${"2".repeat(64)}`, issued_at: "2026-10-04T10:45:00Z", ended_at: "2026-10-04T10:45:00Z", outcome: "failed", budget_consumption: { tool_calls: toolCalls, items: { Source: 1 } } });
/** A third revision of D-RESEARCH-2 after r2, at 10:50, taking `toolCalls` and no Source. */
const r3 = (toolCalls: number) => {
  const r2 = record("d-research-2-r2");
  return { ...r2, revision_id: "r3", prior_revision_ref: ref(r2), content_digest: `sha256:${"3".repeat(64)}`, issued_at: "2026-10-04T10:50:00Z", limits: { ...r2.limits, max_duration: { value: 130, unit: "min" }, max_tool_calls: toolCalls, max_items: { Source: 0 } } };
};
const verdict = (doc: object) => {
  const r = checkReassignmentDocument(doc);
  return { ok: r.ok, codes: r.findings.filter((f) => f.severity === "error").map((f) => f.code) };
};
const allowed = { ok: true, codes: [] };
const onBudget = { ok: false, codes: ["ATTENUATION_BUDGET_REMAINING"] };

describe("a reassignment's remainder counts the prior revision's attempts only", () => {
  it("allows 11.4's r1 to r2 given with its running ATT-2 under r2, in either order, with CP-7 too", () => {
    const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2") };
    expect(verdict({ ...doc, attempts: [record("att-1"), record("att-2")] })).toStrictEqual(allowed);
    expect(verdict({ ...doc, attempts: [record("att-2"), record("att-1")] })).toStrictEqual(allowed);
    expect(verdict({ ...doc, attempts: [record("att-1"), record("att-2")], checkpoints: [record("cp-7")] })).toStrictEqual(allowed);
  });

  it("does not subtract what an attempt under the next revision consumed from the prior's limits", () => {
    const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2") };
    // ATT-2 used r2's 120 tool calls and its one Source: r2's own budget, not r1's 200 and 3.
    expect(verdict({ ...doc, attempts: [record("att-1"), record("att-2"), att2Ended(120)] })).toStrictEqual(allowed);
  });

  it("still denies a next revision taking more than the prior's attempts left", () => {
    const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2") };
    const att1 = { ...record("att-1"), budget_consumption: { ...record("att-1").budget_consumption, tool_calls: 81 } };
    expect(verdict({ ...doc, attempts: [att1, record("att-2")] })).toStrictEqual(onBudget);
  });

  it("does not subtract an earlier revision's attempts: the prior took only what they left", () => {
    const doc = { prior: record("d-research-2-r2"), attempts: [record("att-1"), record("att-2"), att2Ended(20)] };
    // r2's 120 tool calls less ATT-2's 20 leave 100; ATT-1's 80 came out of r1's 200 before r2 was given.
    expect(verdict({ ...doc, next: r3(100) })).toStrictEqual(allowed);
    expect(verdict({ ...doc, next: r3(101) })).toStrictEqual(onBudget);
  });

  it("counts an attempt naming the prior's revision id under another digest (fail closed)", () => {
    const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2") };
    const other = { ...record("att-1"), record_id: "ATT-9", attempt_id: "ATT-9", content_digest: `sha256:${"9".repeat(64)}`, delegation_ref: { ...record("att-1").delegation_ref, content_digest: `sha256:${"e".repeat(64)}` }, budget_consumption: { tool_calls: 1, items: { Source: 0 } } };
    // Refused for naming r1 under another digest (README note 113), and still spent from r1's remainder.
    expect(verdict({ ...doc, attempts: [record("att-1"), other] })).toStrictEqual({ ok: false, codes: ["ATTENUATION_BUDGET_REMAINING", "ATTEMPT_REVISION_DIGEST"] });
  });
});
