// A retry waits the contract's backoff after the attempt it retries ended (section 7.1: "maximum
// attempts/backoff"); a resume continues rather than retries, and is not bound by it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

/**
 * ATT-EXTRACT-1 failed (ended 09:01:15Z), and ATT-EXTRACT-2 starting at `start`, under D-EXTRACT-1
 * (backoff 10 s), consuming what the 14,200 tokens and 4 tool calls of the first leave of its budget.
 */
function pair(start: string, end: string | null = "2026-10-01T09:01:15Z"): [any, any] {
  const first = record("att-extract-1");
  first.outcome = "failed";
  first.effects[0].status = "not_applied";
  first.ended_at = end;
  const second = { ...record("att-extract-1"), record_id: "ATT-EXTRACT-2", attempt_id: "ATT-EXTRACT-2", prior_revision_ref: null, started_at: start, issued_at: "2026-10-01T13:00:00Z", ended_at: "2026-10-01T13:00:00Z", budget_consumption: { elapsed: { value: 5, unit: "s" }, tokens: 1000, tool_calls: 1 } };
  return [first, second];
}
const backoff = (attempts: unknown[], contract = record("d-extract-1")) =>
  checkAttemptsDocument({ contract, attempts }).findings.filter((f) => f.code === "RETRY_BACKOFF");

describe("RETRY_BACKOFF", () => {
  it("refuses a retry started sooner than the backoff after the attempt it retries ended, saying how soon", () => {
    const found = backoff(pair("2026-10-01T09:01:20.5Z"));
    expect(found.map((f) => [f.path, f.expected, f.received, f.severity])).toStrictEqual([["attempts.1.started_at", ">= 10 s after 2026-10-01T09:01:15Z", "2026-10-01T09:01:20.5Z", "error"]]);
    expect(found[0]?.message).toBe("attempts.1.started_at: ATT-EXTRACT-2 starts 5.5 s after ATT-EXTRACT-1 ended (2026-10-01T09:01:15Z); the contract's backoff is 10 s");
    expect(backoff(pair("2026-10-01T09:01:15.25Z"))[0]?.message).toContain("starts 250 ms after");
    expect(backoff(pair("2026-10-01T09:01:00Z"))[0]?.message).toContain("starts before ATT-EXTRACT-1 ended (2026-10-01T09:01:15Z)");
  });

  it("measures to the nanosecond: a wait of exactly the backoff keeps it, a nanosecond less does not", () => {
    expect(backoff(pair("2026-10-01T09:01:25.000000001Z", "2026-10-01T09:01:15.000000001Z"))).toStrictEqual([]);
    expect(backoff(pair("2026-10-01T09:01:25.000000001Z", "2026-10-01T09:01:15.000000002Z"))).toHaveLength(1);
  });

  it("fails closed when the attempt retried records no end", () => {
    const contract = record("d-extract-1");
    contract.retry_policy.retryable_outcomes = ["failed", "unknown"];
    const [first, second] = pair("2026-10-01T12:00:00Z", null);
    first.outcome = "unknown";
    const found = backoff([first, second], contract);
    expect(found.map((f) => f.message)).toStrictEqual(["attempts.1.started_at: ATT-EXTRACT-2 retries ATT-EXTRACT-1, which records no end, so whether it waited the backoff of 10 s cannot be shown"]);
  });

  it("does not bind a resume, nor a retry refused already", () => {
    const [first, resume] = pair("2026-10-01T09:01:16Z");
    resume.resumed_from_checkpoint_ref = { object_id: "CP-1", revision_id: "cp-r1", content_digest: `sha256:${"a".repeat(64)}` };
    expect(backoff([first, resume])).toStrictEqual([]);
    const [succeeded, retry] = pair("2026-10-01T09:01:16Z");
    succeeded.outcome = "succeeded";
    succeeded.effects[0].status = "applied";
    retry.ended_at = "2026-10-01T09:01:29Z"; // within D-EXTRACT-1's 90 s, so the retry's refusal stands alone
    const report = checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [succeeded, retry] });
    expect(report.findings.map((f) => f.code)).toStrictEqual(["RETRY_NOT_ALLOWED"]);
  });
});
