// What an attempt consumed is never given back (sections 7.1, 8): a later record of an attempt that
// reports less than the revision it follows is refused by checkAttempts and by checkReassignment,
// and a reassignment's remaining budget reads the most any record of the attempt reports.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignment } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { consumptionCeiling, mostConsumed } from "../../../core/delegation/_consumption.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

/** ATT-1 (tool_calls 80, Source 2, 55 min), and a later record of it with `consumption`. */
function revised(consumption: Record<string, unknown>, first = record("att-1")): [any, any] {
  const later = record("att-1");
  later.revision_id = "att-r2";
  later.content_digest = `sha256:${"b".repeat(64)}`;
  later.prior_revision_ref = { object_id: "ATT-1", revision_id: first.revision_id, content_digest: first.content_digest };
  later.budget_consumption = consumption;
  return [first, later];
}

const shrank = (attempts: unknown[]) =>
  checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts }).findings.filter((f) => f.code === "ATTEMPT_CONSUMPTION_SHRANK");

describe("a later record of an attempt reporting less consumed", () => {
  it("is refused for each dimension it gives back, with both figures and where each record is", () => {
    const found = shrank(revised({ elapsed: { value: 20, unit: "min" }, tool_calls: 80, items: { Source: 1 } }));
    expect(found.map((f) => [f.path, f.expected, f.received])).toStrictEqual([
      ["attempts.1.budget_consumption.items.Source", ">= 2", "1"],
      ["attempts.1.budget_consumption.elapsed", ">= 55 min", "20 min"],
    ]);
    expect(found[0]?.message).toBe("attempts.1.budget_consumption.items.Source: ATT-1@att-r2 reports 1 consumed, less than the 2 of the revision it follows, att-r1 (attempts.0): what was consumed is never given back");
    expect(found.every((f) => f.severity === "error")).toBe(true);
  });

  it("compares time in one unit and money in its own currency, never across currencies", () => {
    const [first, later] = revised({ elapsed: { value: 1, unit: "h" }, tool_calls: 80, items: { Source: 2 } });
    expect(shrank([first, later])).toStrictEqual([]); // 1 h is more than 55 min
    first.budget_consumption = { spend: { amount: "12.50", currency: "EUR" } };
    later.budget_consumption = { spend: { amount: "12.4999", currency: "EUR" } };
    expect(shrank([first, later]).map((f) => [f.path, f.expected, f.received])).toStrictEqual([["attempts.1.budget_consumption.spend", ">= EUR 12.50", "EUR 12.4999"]]);
    later.budget_consumption = { spend: { amount: "1.00", currency: "USD" } };
    expect(shrank([first, later])).toStrictEqual([]);
  });

  it("is not compared with a record it does not follow, nor when the dimension is left out", () => {
    const [first, later] = revised({ tool_calls: 5 });
    later.prior_revision_ref = { ...later.prior_revision_ref, content_digest: `sha256:${"c".repeat(64)}` };
    expect(shrank([first, later])).toStrictEqual([]); // names another content as its prior: no prior given
    expect(shrank(revised({}))).toStrictEqual([]);
    expect(shrank(revised({ tool_calls: 81, items: { Source: 2, Finding: 1 } }))).toStrictEqual([]);
  });
});

describe("a reassignment's remaining budget", () => {
  const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")] as DelegationContract[];
  const remaining = (attempts: ExecutionAttempt[]) => checkReassignment(prior as DelegationContract, next as DelegationContract, undefined, undefined, attempts).findings.filter((f) => f.code === "ATTENUATION_BUDGET_REMAINING");
  it("reads the most any record of an attempt reports, whichever is latest", () => {
    const first = record("att-1");
    first.budget_consumption.tool_calls = 90;
    const [, later] = revised({ ...first.budget_consumption, tool_calls: 10 }, first);
    const found = remaining([first, later]);
    expect(found.map((f) => [f.path, f.expected, f.received])).toStrictEqual([["limits.max_tool_calls", "<= 110", "120"]]);
    expect(found[0]?.message).toContain("after its attempts consumed 90 (ATT-1 90)");
  });
  it("and the latest when it reports more", () => {
    const [first, later] = revised({ ...record("att-1").budget_consumption, tool_calls: 70 });
    first.budget_consumption.tool_calls = 10;
    expect(remaining([first, later])).toStrictEqual([]); // 70 + 120 is within 200
    later.budget_consumption.tool_calls = 81;
    expect(remaining([first, later]).map((f) => f.expected)).toStrictEqual(["<= 119"]);
  });
});

describe("a reassignment given a later record of an attempt reporting less consumed", () => {
  const prior = record("d-research-2-r1") as DelegationContract;
  const check = (attempts: ExecutionAttempt[], next = record("d-research-2-r2")) => checkReassignment(prior, next as DelegationContract, undefined, undefined, attempts);
  it("is denied on budget even where the remainder, read at the most reported, leaves room", () => {
    const first = record("att-1");
    first.budget_consumption.tool_calls = 90;
    const [, later] = revised({ ...first.budget_consumption, tool_calls: 10 }, first);
    const next = record("d-research-2-r2");
    next.limits.max_tool_calls = 110; // 90 + 110 is within r1's 200
    const report = check([first, later], next);
    expect(report.findings.map((f) => [f.code, f.dimension, f.path, f.expected, f.received])).toStrictEqual([["ATTEMPT_CONSUMPTION_SHRANK", "budget", "attempts.1.budget_consumption.tool_calls", ">= 90", "10"]]);
    expect(report.findings[0]?.message).toBe("attempts.1.budget_consumption.tool_calls: ATT-1@att-r2 reports 10 consumed, less than the 90 of the revision it follows, att-r1 (attempts.0): what was consumed is never given back");
    expect([report.ok, report.decision, report.failed]).toStrictEqual([false, "deny", ["budget"]]);
  });
  it("denies money given back on spend, time and counts on budget, each dimension once", () => {
    const [first, later] = revised({ elapsed: { value: 20, unit: "min" }, tool_calls: 80, items: { Source: 1 } });
    first.budget_consumption.spend = { amount: "3.00", currency: "USD" };
    later.budget_consumption.spend = { amount: "2.9999", currency: "USD" };
    const report = check([first, later]);
    expect(report.findings.map((f) => [f.code, f.dimension, f.path])).toStrictEqual([
      ["ATTEMPT_CONSUMPTION_SHRANK", "budget", "attempts.1.budget_consumption.items.Source"],
      ["ATTEMPT_CONSUMPTION_SHRANK", "budget", "attempts.1.budget_consumption.elapsed"],
      ["ATTEMPT_CONSUMPTION_SHRANK", "spend", "attempts.1.budget_consumption.spend"],
    ]);
    expect(report.failed).toStrictEqual(["spend", "budget"]);
  });
  it("allows one that reports as much or more, or follows a revision not given, and ignores another delegation's", () => {
    expect(check(revised({ ...record("att-1").budget_consumption, elapsed: { value: 1, unit: "h" } })).findings).toStrictEqual([]); // as many tool calls and sources, more time
    const [first, later] = revised({ ...record("att-1").budget_consumption, tool_calls: 10 });
    expect(check([later]).findings).toStrictEqual([]); // its prior, not given, cannot be read
    const other = [first, later].map((a) => ({ ...a, delegation_ref: { ...a.delegation_ref, object_id: "D-OTHER" } }));
    expect(check(other).findings.map((f) => f.code)).toStrictEqual(["ATTEMPT_DELEGATION", "ATTEMPT_DELEGATION"]);
  });
});

describe("mostConsumed", () => {
  it("raises each dimension the head records to the most any record reports, money within its currency", () => {
    const ceiling = consumptionCeiling([
      { tokens: 10, items: { Source: 3 }, spend: { amount: "5.00", currency: "EUR" } },
      { tokens: 4, items: { Finding: 9 }, spend: { amount: "9.00", currency: "USD" } },
    ]);
    expect(mostConsumed({ tokens: 7, items: { Source: 1 }, spend: { amount: "1.00", currency: "EUR" } }, ceiling)).toMatchObject({ tokens: 10, tool_calls: undefined, items: { Source: 3 }, spend: { amount: "5.00", currency: "EUR" } });
    expect(mostConsumed({ spend: { amount: "1.00", currency: "GBP" } }, ceiling).spend).toStrictEqual({ amount: "1.00", currency: "GBP" });
    expect(mostConsumed({ tool_calls: 2 }, ceiling)).toMatchObject({ tokens: undefined, items: undefined, spend: undefined });
  });
  it("reads 50,000 records of one attempt that fork from none, each a head, once each", () => {
    const first = record("att-1");
    const many = Array.from({ length: 50_000 }, (_, i) => ({ ...first, revision_id: `r${i}`, content_digest: `sha256:${i.toString(16).padStart(64, "0")}` }));
    const found = checkReassignment(record("d-research-2-r1"), record("d-research-2-r2"), undefined, undefined, many).findings;
    expect(found.some((f) => f.code === "ATTENUATION_BUDGET_REMAINING")).toBe(true);
  });
});
