// A checkpoint's remaining budget is verified (section 7.2: "The resumer MUST verify ... budget
// remainder"): it claims no more than its revision's limits leave after the consumption recorded up
// to it, and a resume's revision (11.4: r2 resuming CP-7) grants no more than it left.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignment, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationFinding } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

/** CP-7 (written 10:05 under D-RESEARCH-2@r1) with its remaining budget replaced. */
const cp7 = (remaining: Record<string, unknown>): any => ({ ...record("cp-7"), remaining_budget: remaining });
/** D-RESEARCH-2@r1 (from 09:00, 4 h, 200 tool calls, 3 Sources) and r2, each with `limits` merged in. */
const r1 = (limits: Record<string, unknown> = {}, expires_at?: string): any => {
  const c = record("d-research-2-r1");
  return { ...c, limits: { ...c.limits, ...limits }, ...(expires_at === undefined ? {} : { expires_at }) };
};
const r2 = (limits: Record<string, unknown> = {}, expires_at?: string): any => {
  const c = record("d-research-2-r2");
  return { ...c, limits: { ...c.limits, ...limits }, ...(expires_at === undefined ? {} : { expires_at }) };
};
const att1 = (changes: Record<string, unknown> = {}): any => ({ ...record("att-1"), ...changes });
const ofCode = (findings: readonly DelegationFinding[], prefix: string) => findings.filter((f) => f.code.startsWith(prefix)).map((f) => [f.code, f.path, f.expected, f.received]);
const claims = (checkpoint: unknown, attempts: unknown[] = [att1()]) => ofCode(checkAttempts(r1(), attempts as any, [checkpoint as any]).findings, "CHECKPOINT_");

describe("a checkpoint's remaining budget", () => {
  it("11.4: CP-7's remainder is what r1's limits leave after ATT-1, and r2 takes no more of it", () => {
    const report = checkReassignment(r1(), r2(), undefined, undefined, [att1()], [record("cp-7")]);
    expect(report.findings).toStrictEqual([]);
    expect(report.ok).toBe(true);
    expect(checkAttempts(r1(), [att1()], [record("cp-7")]).findings).toStrictEqual([]);
    // 11.2: CP-R1-1 at 09:30 under D-RESEARCH-1 (2 h from 09:00), no attempt given.
    expect(checkAttempts(record("d-research-1"), [], [record("cp-research-1-1")]).findings).toStrictEqual([]);
  });

  it("claiming more than the limit less the recorded consumption is overstated, naming the field and both figures", () => {
    const found = checkAttempts(r1(), [att1()], [cp7({ tool_calls: 121, items: { Source: 2 } })]).findings;
    expect(ofCode(found, "CHECKPOINT_")).toStrictEqual([
      ["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.tool_calls", "<= 120", "121"],
      ["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.items.Source", "<= 1", "2"],
    ]);
    expect(found[0]?.message).toBe("checkpoints.0.remaining_budget.tool_calls: CP-7 claims 121 remaining; limits.max_tool_calls of D-RESEARCH-2@r1, 200, less the 80 its attempts recorded consuming by 2026-10-04T10:05:00Z, leaves at most 120: the remainder is stale or forged");
    expect(found.every((f) => f.severity === "error")).toBe(true);
    // Without attempts, the limit alone bounds it.
    expect(claims(cp7({ tool_calls: 201 }), [])).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.tool_calls", "<= 200", "201"]]);
    expect(claims(cp7({ tool_calls: 200 }), [])).toStrictEqual([]);
  });

  it("counts consumption recorded up to the checkpoint: records written by then, attempts under its revision", () => {
    // ATT-1 ending after CP-7 was written reports consumption the checkpoint could not have seen.
    expect(claims(cp7({ tool_calls: 200 }), [att1({ ended_at: "2026-10-04T10:10:00Z" })])).toStrictEqual([]);
    // A running record of ATT-1 issued before CP-7 reports 50 consumed by then.
    const running = att1({ revision_id: "att-r0", content_digest: `sha256:${"c".repeat(64)}`, issued_at: "2026-10-04T09:30:00Z", ended_at: null, outcome: null, budget_consumption: { tool_calls: 50 } });
    expect(claims(cp7({ tool_calls: 151 }), [running])).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.tool_calls", "<= 150", "151"]]);
    // Its later record, ending after the checkpoint, is not read for it: still 150.
    expect(claims(cp7({ tool_calls: 150 }), [running, att1({ ended_at: "2026-10-04T10:10:00Z", budget_consumption: { tool_calls: 90 } })])).toStrictEqual([]);
    // ATT-1 ended at 10:00, before CP-7 (10:05), and its record was appended at 10:06: all 80 tool
    // calls were consumed by the checkpoint, whenever the record of them was written.
    expect(claims(cp7({ tool_calls: 200 }), [att1({ issued_at: "2026-10-04T10:06:00Z" })])).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.tool_calls", "<= 120", "200"]]);
    // An attempt under r2 consumed r2's limits, not r1's.
    const underR2 = { ...record("att-2"), issued_at: "2026-10-04T10:00:00Z", started_at: "2026-10-04T10:00:00Z", budget_consumption: { tool_calls: 100 } };
    expect(claims(cp7({ tool_calls: 120 }), [att1(), underR2])).toStrictEqual([]);
  });

  it("reads elapsed time as what remains of max_duration from issued_at at written_at", () => {
    // r1: 4 h from 09:00; CP-7 written at 10:05: 175 min remain, whatever the attempts report.
    expect(claims(cp7({ elapsed: { value: 175, unit: "min" } }))).toStrictEqual([]);
    const found = checkAttempts(r1(), [att1()], [cp7({ elapsed: { value: 176, unit: "min" } })]).findings;
    expect(ofCode(found, "CHECKPOINT_")).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.elapsed", "<= 175 min", "176 min"]]);
    expect(found[0]?.message).toBe("checkpoints.0.remaining_budget.elapsed: CP-7 claims 176 min remaining; limits.max_duration of D-RESEARCH-2@r1, 4 h from 2026-10-04T09:00:00Z, at 2026-10-04T10:05:00Z leaves at most 175 min: the remainder is stale or forged");
    expect(claims(cp7({ elapsed: { value: 1, unit: "ms" } })).length).toBe(0);
    const late = { ...cp7({ elapsed: { value: 1, unit: "ms" } }), written_at: "2026-10-04T13:00:00Z" };
    expect(claims(late)).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.elapsed", "<= 0 ms", "1 ms"]]);
  });

  it("reads elapsed time as ending at expires_at when the revision expires before max_duration runs out", () => {
    // r1 expiring at 12:00, an hour before its 4 h from 09:00 run out: at 10:05, 115 min remain.
    const expiring = r1({}, "2026-10-04T12:00:00Z");
    const elapsedClaims = (claim: number, written = "2026-10-04T10:05:00Z") => checkAttempts(expiring, [att1()], [{ ...cp7({ elapsed: { value: claim, unit: "min" } }), written_at: written }]).findings;
    expect(ofCode(elapsedClaims(115), "CHECKPOINT_")).toStrictEqual([]);
    const found = elapsedClaims(116);
    expect(ofCode(found, "CHECKPOINT_")).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.elapsed", "<= 115 min", "116 min"]]);
    expect(found[0]?.message).toBe("checkpoints.0.remaining_budget.elapsed: CP-7 claims 116 min remaining; D-RESEARCH-2@r1's expires_at, 2026-10-04T12:00:00Z, before its limits.max_duration (4 h from 2026-10-04T09:00:00Z) runs out, at 2026-10-04T10:05:00Z leaves at most 115 min: the remainder is stale or forged");
    // Written after the revision expired, nothing remains of it.
    expect(ofCode(elapsedClaims(30, "2026-10-04T12:30:00Z"), "CHECKPOINT_")).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.elapsed", "<= 0 ms", "30 min"]]);
    expect(ofCode(elapsedClaims(0, "2026-10-04T12:30:00Z"), "CHECKPOINT_")).toStrictEqual([]);
    // Written before r1 was issued, at most the whole window remains: 3 h, not max_duration's 4 h.
    // (Before ATT-1 started too, which is CHECKPOINT_ATTEMPT_MISMATCH's, not the remainder's.)
    expect(ofCode(elapsedClaims(181, "2026-10-04T08:00:00Z"), "CHECKPOINT_REMAINDER")).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.elapsed", "<= 3 h", "181 min"]]);
    expect(ofCode(elapsedClaims(180, "2026-10-04T08:00:00Z"), "CHECKPOINT_REMAINDER")).toStrictEqual([]);
  });

  it("lets a resume from a checkpoint written before its revision was issued run to the end of what it claims, counted from the window's start", () => {
    // CP-7 at 08:00 claims the whole 3 h of r1's window (09:00 to 12:00): a resume under r2 may run
    // to 12:00, as the claim was checked; counted from 08:00 it was cut to 11:00.
    const expiring = r1({}, "2026-10-04T12:00:00Z");
    const early = { ...cp7({ elapsed: { value: 180, unit: "min" } }), written_at: "2026-10-04T08:00:00Z" };
    const resume = (expires: string) => ofCode(checkReassignment(expiring, r2({}, expires), undefined, undefined, [], [early]).findings, "CHECKPOINT_");
    expect(resume("2026-10-04T11:30:00Z")).toStrictEqual([]);
    expect(resume("2026-10-04T12:00:00Z")).toStrictEqual([]);
    expect(resume("2026-10-04T12:01:00Z").map((f) => [f[0], f[2]])).toStrictEqual([["CHECKPOINT_REMAINDER_EXCEEDED", "<= 3 h from 2026-10-04T09:00:00Z"]]);
  });

  it("compares spend exactly, in the limit's currency, never converted", () => {
    const spending = r1({ spend: { amount: "10.00", currency: "USD" } });
    const spent = att1({ budget_consumption: { ...record("att-1").budget_consumption, spend: { amount: "2.5", currency: "USD" } } });
    const spendClaims = (claim: unknown, contract = spending) => ofCode(checkAttempts(contract, [spent], [cp7({ spend: claim })]).findings, "CHECKPOINT_");
    expect(spendClaims({ amount: "7.5000", currency: "USD" })).toStrictEqual([]);
    expect(spendClaims({ amount: "7.5001", currency: "USD" })).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.spend", "<= USD 7.5", "USD 7.5001"]]);
    expect(spendClaims({ amount: "0.01", currency: "EUR" })).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.spend", "<= EUR 0", "EUR 0.01"]]);
    // r1 has no spending authority: nothing of any currency remains.
    expect(spendClaims({ amount: "0", currency: "USD" }, r1())).toStrictEqual([]);
    expect(spendClaims({ amount: "1.00", currency: "USD" }, r1())).toStrictEqual([["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.spend", "<= USD 0", "USD 1.00"]]);
  });

  it("leaves a dimension the checkpoint does not state, or the revision does not limit, unchecked", () => {
    expect(claims(cp7({}))).toStrictEqual([]);
    expect(claims(cp7({ tokens: 1_000_000 }))).toStrictEqual([]); // r1 sets no max_tokens
  });

  it("of another revision than the contract given cannot be verified, and fails closed", () => {
    const found = checkAttempts(r2(), [att1(), record("att-2")], [record("cp-7")]).findings;
    expect(ofCode(found, "CHECKPOINT_")).toStrictEqual([["CHECKPOINT_REMAINDER_UNVERIFIED", "checkpoints.0.delegation_ref", "D-RESEARCH-2@r2", "D-RESEARCH-2@r1"]]);
    // A reassignment denied for it names the dimension it fails on, as every deny does.
    const reassigned = checkReassignment(r1(), r2(), undefined, undefined, [att1()], [{ ...record("cp-7"), delegation_ref: record("att-2").delegation_ref }]);
    expect([reassigned.ok, reassigned.decision, reassigned.failed]).toStrictEqual([false, "deny", ["budget"]]);
  });
});

describe("a resume under the next revision", () => {
  const grants = (checkpoint: unknown, next = r2(), prior = r1(), attempts: unknown[] = [att1()]) => {
    const report = checkReassignment(prior, next, undefined, undefined, attempts as any, [checkpoint as any]);
    return { found: ofCode(report.findings, "CHECKPOINT_"), report };
  };

  it("is granted no more than the checkpoint's remainder when it states less than computed", () => {
    const { found, report } = grants(cp7({ tool_calls: 100, items: { Source: 0 } }));
    expect(found).toStrictEqual([
      ["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_tool_calls", "<= 100", "120"],
      ["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_items.Source", "<= 0", "1"],
    ]);
    expect(report.findings.find((f) => f.code === "CHECKPOINT_REMAINDER_EXCEEDED")?.message).toBe("limits.max_tool_calls: D-RESEARCH-2@r2 grants a resume 120, more than 100 left at CP-7 (checkpoints.0: the least of its remaining_budget and what its revision's limits leave)");
    expect(report.failed).toStrictEqual(["budget"]);
    expect(report.ok).toBe(false);
  });

  it("is granted no more than the computed remainder when the checkpoint overstates", () => {
    const { found } = grants(cp7({ tool_calls: 150 }), r2({ max_tool_calls: 130 }), r1(), [att1({ budget_consumption: { tool_calls: 80, items: { Source: 2 } } })]);
    expect(found).toStrictEqual([
      ["CHECKPOINT_REMAINDER_OVERSTATED", "checkpoints.0.remaining_budget.tool_calls", "<= 120", "150"],
      ["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_tool_calls", "<= 120", "130"],
    ]);
  });

  it("ends no later than the checkpoint's written_at plus its elapsed remainder", () => {
    // CP-7 at 10:05 with 150 min: until 12:35; r2 runs 150 min from 10:30, until 13:00.
    const { found, report } = grants(cp7({ elapsed: { value: 150, unit: "min" } }));
    expect(found).toStrictEqual([["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_duration", "<= 150 min from 2026-10-04T10:05:00Z", "150 min from 2026-10-04T10:30:00Z"]]);
    expect(report.failed).toStrictEqual(["duration"]);
    expect(grants(cp7({ elapsed: { value: 150, unit: "min" } }), r2({ max_duration: { value: 125, unit: "min" } })).found).toStrictEqual([]);
    // r2 expiring at 12:35 (or before) ends there, whatever its max_duration: within CP-7's 12:35.
    expect(grants(cp7({ elapsed: { value: 150, unit: "min" } }), r2({}, "2026-10-04T12:35:00Z")).found).toStrictEqual([]);
    expect(grants(cp7({ elapsed: { value: 150, unit: "min" } }), r2({}, "2026-10-04T12:36:00Z")).found).toStrictEqual([["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_duration", "<= 150 min from 2026-10-04T10:05:00Z", "150 min from 2026-10-04T10:30:00Z, expiring 2026-10-04T12:36:00Z"]]);
  });

  it("spends no more than the checkpoint left, in its currency", () => {
    const prior = r1({ spend: { amount: "10.00", currency: "USD" } });
    const spent = [att1({ budget_consumption: { ...record("att-1").budget_consumption, spend: { amount: "2.50", currency: "USD" } } })];
    const left = cp7({ spend: { amount: "7.00", currency: "USD" } });
    expect(grants(left, r2({ spend: { amount: "7.0000", currency: "USD" } }), prior, spent).found).toStrictEqual([]);
    expect(grants(left, r2({ spend: { amount: "7.20", currency: "USD" } }), prior, spent).found).toStrictEqual([["CHECKPOINT_REMAINDER_EXCEEDED", "limits.spend.amount", "<= USD 7", "USD 7.20"]]);
    const unlike = checkReassignment(prior, r2({ spend: { amount: "1.00", currency: "EUR" } }), undefined, undefined, spent, [left]).findings;
    expect(unlike.some((f) => f.code === "BUDGET_UNITS_UNLIKE" && f.path === "limits.spend" && f.message.includes("CP-7"))).toBe(true);
  });

  it("is unbounded where the checkpoint states a remainder and the next revision sets no limit", () => {
    expect(grants(cp7({ tokens: 500 }), r2({ max_tokens: 500 })).found).toStrictEqual([]);
    expect(grants(cp7({ tokens: 500 })).found).toStrictEqual([["CHECKPOINT_REMAINDER_EXCEEDED", "limits.max_tokens", "<= 500", "no limit"]]);
  });
});

describe("the documents", () => {
  it("read checkpoints as DelegationCheckpoints and pass them to the checks", () => {
    const bad = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: [record("att-1")] });
    expect(bad.ok).toBe(false);
    expect(bad.findings.some((f) => f.code === "DELEGATION_SCHEMA" && f.path?.startsWith("checkpoints.0"))).toBe(true);
    const over = cp7({ tool_calls: 121 });
    expect(checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: [over] }).findings.map((f) => f.code)).toStrictEqual(["CHECKPOINT_REMAINDER_OVERSTATED"]);
    expect(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [over] }).findings.map((f) => f.code)).toStrictEqual(["CHECKPOINT_REMAINDER_OVERSTATED"]);
    expect(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: {} }).ok).toBe(false);
  });
});
