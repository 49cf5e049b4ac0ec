// The attempts of a contract revision consume no more than its limits (5.2's budget and spend
// predicates, held over the attempt log; section 2: an absent MoneyLimit is "no spending
// authority, not unlimited spend"). Before, checkAttempts passed an attempt recording 5,000 tool
// calls under a limit of 120, or spending USD 5 under no MoneyLimit.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const r1 = () => record("d-research-2-r1");
const r2 = () => record("d-research-2-r2");
/** ATT-2 under r2 (120 tool calls, one Source, no MoneyLimit) consuming `budget`. */
const att2 = (budget: unknown) => ({ ...record("att-2"), budget_consumption: budget });
const found = (contract: unknown, attempts: unknown[]) => checkAttemptsDocument({ contract, attempts }).findings.map((f) => [f.code, f.path, f.dimension]);

describe("the attempts of a revision against its limits", () => {
  it("passes 11.4's ATT-1 under r1 and ATT-2 under r2, and consumption exactly at a limit", () => {
    expect(found(r1(), [record("att-1")])).toStrictEqual([]);
    expect(found(r2(), [record("att-1"), record("att-2")])).toStrictEqual([]);
    expect(found(r2(), [att2({ tool_calls: 120, items: { Source: 1 } })])).toStrictEqual([]);
  });

  it("refuses an attempt recording more tool calls or items than the revision allows", () => {
    const r = checkAttemptsDocument({ contract: r2(), attempts: [att2({ tool_calls: 121, items: { Source: 2 } })] });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.dimension, f.expected, f.received])).toStrictEqual([
      ["BUDGET_EXCEEDED", "attempts.0.budget_consumption.tool_calls", "budget", "<= 120", "121"],
      ["BUDGET_EXCEEDED", "attempts.0.budget_consumption.items.Source", "budget", "<= 1", "2"],
    ]);
  });

  it("adds up the attempts of the revision: the limit is the delegation revision's, not each attempt's", () => {
    const first = { ...record("att-1"), attempt_id: "ATT-1B", record_id: "ATT-1B", started_at: "2026-10-04T10:01:00Z", issued_at: "2026-10-04T10:20:00Z", ended_at: "2026-10-04T10:20:00Z", outcome: "failed", effects: [], budget_consumption: { tool_calls: 150, items: { Source: 0 } } };
    // ATT-1 (80 tool calls) and ATT-1B (150) under r1, whose limit is 200.
    expect(found(r1(), [record("att-1"), first]).filter((f) => f[0] === "BUDGET_EXCEEDED")).toStrictEqual([["BUDGET_EXCEEDED", "attempts.1.budget_consumption.tool_calls", "budget"]]);
  });

  it("counts an attempt once, at the most its records report, and leaves another revision's attempts out", () => {
    const a = record("att-1");
    const running = { ...a, revision_id: "att-r0", issued_at: "2026-10-04T09:05:00Z", ended_at: null, outcome: null, effects: [], budget_consumption: { tool_calls: 60 }, checkpoint_refs: [] };
    const ended = { ...a, prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r0", content_digest: a.content_digest }, revision_id: "att-r1" };
    // 60 then 80 tool calls are one attempt's 80, not 140, of r1's 200.
    expect(found(r1(), [running, ended])).toStrictEqual([]);
    // ATT-1 ran under r1: r2's limits are what it left, so its 80 tool calls do not count again under r2.
    expect(found(r2(), [record("att-1"), att2({ tool_calls: 120 })])).toStrictEqual([]);
  });

  it("refuses spend under a revision with no MoneyLimit: no spending authority", () => {
    expect(found(r2(), [att2({ tool_calls: 1, spend: { amount: "5.00", currency: "USD" } })])).toStrictEqual([["SPEND_NO_AUTHORITY", "attempts.0.budget_consumption.spend", "spend"]]);
    // A zero spend spent nothing.
    expect(found(r2(), [att2({ tool_calls: 1, spend: { amount: "0", currency: "USD" } })])).toStrictEqual([]);
  });

  it("holds spend to the MoneyLimit, in its currency, summed exactly", () => {
    const contract = { ...r2(), limits: { ...r2().limits, spend: { amount: "10.00", currency: "USD" } } };
    const other = { ...record("att-2"), attempt_id: "ATT-3", record_id: "ATT-3", started_at: "2026-10-04T10:50:00Z", issued_at: "2026-10-04T10:50:00Z", resumed_from_checkpoint_ref: null, checkpoint_refs: [] };
    expect(found(contract, [att2({ spend: { amount: "10", currency: "USD" } })]).filter((f) => String(f[0]).startsWith("SPEND"))).toStrictEqual([]);
    expect(found(contract, [att2({ spend: { amount: "6.0001", currency: "USD" } }), { ...other, budget_consumption: { spend: { amount: "4", currency: "USD" } } }]).filter((f) => String(f[0]).startsWith("SPEND"))).toStrictEqual([["SPEND_EXCEEDS", "attempts.1.budget_consumption.spend", "spend"]]);
    expect(found(contract, [att2({ spend: { amount: "1", currency: "EUR" } })]).filter((f) => String(f[0]).startsWith("SPEND"))).toStrictEqual([["SPEND_EXCEEDS", "attempts.0.budget_consumption.spend", "spend"]]);
  });
});
