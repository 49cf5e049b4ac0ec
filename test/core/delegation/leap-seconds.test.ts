// RFC 3339 (section 5.6) lets a UtcTime's second be 60: a leap second, the last second of a UTC
// month (5.7: "at the end of months in which a leap second occurs"), so 23:59:60Z on its last day.
// It orders as written, after 23:59:59.999999999 and before the next day's 00:00:00, and counts as
// the second it is in every span measured from or to it (README note 68).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, compareUtc, durationMs, evaluatePermission, utcMs, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationContract, PermissionRequest } from "../../../core/delegation/index.js";
import { attenuationFindings } from "../../../core/delegation/_attenuation.js";
import { inheritanceFindings } from "../../../core/delegation/_inheritance.js";
import { elapsedNanos, utcKey } from "../../../core/delegation/scalars.js";
import { extractInput, record } from "./_records.js";

describe("a leap second is a time", () => {
  it.each(["2016-12-31T23:59:60Z", "2015-06-30T23:59:60.5Z", "2026-09-30T23:59:60.999999999Z", "2016-02-29T23:59:60Z"])("at the end of a month: %s", (t) => {
    expect(utcMs(t)).not.toBeNaN();
  });
  it.each(["2016-12-30T23:59:60Z", "2016-12-31T23:58:60Z", "2016-12-31T22:59:60Z", "2015-02-28T23:59:61Z", "2016-02-28T23:59:60Z", "2016-12-31T23:59:61Z"])("nowhere else: %s", (t) => {
    expect(utcMs(t)).toBeNaN();
  });
  it("in a record, which validates", () => {
    const card = record("card-agent-extractor-r3");
    card.issued_at = "2016-12-31T23:59:60Z";
    expect(validateRecord(card).findings).toStrictEqual([]);
    const contract = record("d-extract-1");
    contract.issued_at = "2026-12-31T23:59:60Z";
    contract.expires_at = "2027-01-01T00:10:00Z";
    const r = checkAttemptsDocument({ contract, attempts: [] });
    expect(r.findings.map((f) => f.code)).toStrictEqual([]);
  });
});

describe("a leap second orders as written", () => {
  const inOrder = ["2016-12-31T23:59:59Z", "2016-12-31T23:59:59.999999999Z", "2016-12-31T23:59:60Z", "2016-12-31T23:59:60.5Z", "2017-01-01T00:00:00Z", "2017-01-01T00:00:00.2Z"];
  it("by compareUtc, pair by pair", () => {
    for (let i = 0; i < inOrder.length; i++) for (let j = 0; j < inOrder.length; j++) expect(compareUtc(inOrder[i] as string, inOrder[j] as string)).toBe(Math.sign(i - j));
  });
  it("by the key times are grouped and sorted by", () => {
    const keys = inOrder.map((t) => utcKey(t) as string);
    expect(new Set(keys).size).toBe(inOrder.length);
    expect([...keys].sort()).toStrictEqual(keys);
    expect(utcKey("2016-12-31T23:59:60.500Z")).toBe(utcKey("2016-12-31T23:59:60.5Z"));
  });
  it("and counts as a second in a span: from an earlier time, to a later one, within itself", () => {
    const ms = (a: string, b: string): number => Number(elapsedNanos(a, b)) / 1e6;
    expect(ms("2016-12-31T23:59:59.5Z", "2016-12-31T23:59:60.5Z")).toBe(1000);
    expect(ms("2016-12-31T23:59:60.5Z", "2017-01-01T00:00:00.2Z")).toBe(700);
    expect(ms("2017-01-01T00:00:00.2Z", "2016-12-31T23:59:60.5Z")).toBe(-700);
    expect(ms("2016-12-31T23:59:60.2Z", "2016-12-31T23:59:60.7Z")).toBe(500);
    expect(ms("2016-12-31T23:59:59Z", "2017-01-01T00:00:00Z")).toBe(1000); // a leap second neither shows is not counted
  });
});

describe("wherever RW-003 compares times", () => {
  /** D-EXTRACT-1 issued a minute before a leap second, expiring at the next day's first second. */
  function leapContract(): DelegationContract {
    const input = extractInput({ ...record("request-read-src-1") } as PermissionRequest);
    return { ...input.contract, issued_at: "2026-12-31T23:59:00Z", expires_at: "2027-01-01T00:00:00Z" };
  }
  const at = (time: string) => {
    const input = extractInput({ ...record("request-read-src-1"), at: time } as PermissionRequest);
    return evaluatePermission({ ...input, contract: leapContract() });
  };
  it("a request inside the leap second is before the expiry at the next day's 00:00:00", () => {
    expect(at("2026-12-31T23:59:60.5Z").denied_by ?? []).not.toContain("CONTRACT_EXPIRED");
    expect(at("2027-01-01T00:00:00Z").denied_by).toContain("CONTRACT_EXPIRED");
  });
  it("a retry's backoff counts the leap second its retried attempt ended in", () => {
    const first = record("att-extract-1");
    first.outcome = "failed";
    first.effects[0].status = "not_applied";
    first.started_at = "2026-12-31T23:59:50Z";
    first.issued_at = first.ended_at = "2026-12-31T23:59:60.5Z";
    const retry = (start: string) => {
      const second = { ...record("att-extract-1"), record_id: "ATT-EXTRACT-2", attempt_id: "ATT-EXTRACT-2", prior_revision_ref: null, started_at: start, issued_at: "2027-01-01T00:01:00Z", ended_at: "2027-01-01T00:01:00Z", budget_consumption: { elapsed: { value: 5, unit: "s" }, tokens: 1000, tool_calls: 1 } };
      return checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [first, second] }).findings.filter((f) => f.code === "RETRY_BACKOFF");
    };
    // The backoff is 10 s: 00:00:09.5 is 10 s after 23:59:60.5, the leap second counted.
    expect(retry("2027-01-01T00:00:09.5Z")).toStrictEqual([]);
    expect(retry("2027-01-01T00:00:00.2Z")[0]?.message).toContain("starts 700 ms after ATT-EXTRACT-1 ended (2026-12-31T23:59:60.5Z)");
  });
  it("an attempt of a contract issued in a leap second runs out its max_duration counting that second", () => {
    const contract = record("d-extract-1");
    contract.issued_at = "2026-12-31T23:59:60.5Z";
    contract.expires_at = "2027-01-01T01:00:00Z";
    const ms = durationMs(contract.limits.max_duration);
    // The last instant within max_duration is ms - 500 ms after the next day's 00:00:00.
    const end = (offset: number) => new Date(Date.UTC(2027, 0, 1) + ms - 500 + offset).toISOString();
    const attempt = (ended: string) => ({ ...record("att-extract-1"), started_at: "2027-01-01T00:00:00Z", issued_at: ended, ended_at: ended });
    const over = (ended: string) => checkAttemptsDocument({ contract, attempts: [attempt(ended)] }).findings.filter((f) => f.code === "BUDGET_EXCEEDED" && f.path === "attempts.0.ended_at");
    expect(over(end(0))).toStrictEqual([]);
    expect(over(end(1))).toHaveLength(1);
  });
  it("a checkpoint written in a leap second comes before one written at the next day's 00:00:00.2", () => {
    const cp = (id: string, sequence: number, written_at: string): unknown => ({ ...record("cp-7"), record_id: id, checkpoint_id: id, sequence, written_at, issued_at: written_at, remaining_budget: {} });
    const sequence = (checkpoints: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints }).findings.filter((f) => f.code === "CHECKPOINT_SEQUENCE").map((f) => f.path);
    expect(sequence([cp("CP-A", 8, "2026-10-31T23:59:60.5Z"), cp("CP-B", 9, "2026-11-01T00:00:00.2Z")])).toStrictEqual([]);
    expect(sequence([cp("CP-A", 9, "2026-10-31T23:59:60.5Z"), cp("CP-B", 8, "2026-11-01T00:00:00.2Z")])).toStrictEqual(["checkpoints.1.sequence"]);
  });
  it("a request's time since a contract issued in a leap second counts that second (max_duration 90 s)", () => {
    const over = (time: string) => {
      const input = extractInput({ ...record("request-read-src-1"), at: time } as PermissionRequest);
      return evaluatePermission({ ...input, contract: { ...input.contract, issued_at: "2026-12-31T23:59:60.5Z", expires_at: "2027-01-01T01:00:00Z" } }).denied_by ?? [];
    };
    // 90 s after 23:59:60.5 is 00:01:29.5: half a second to midnight, then 89.5 s.
    expect(over("2027-01-01T00:01:29.5Z")).not.toContain("BUDGET_EXCEEDED");
    expect(over("2027-01-01T00:01:29.6Z")).toContain("BUDGET_EXCEEDED");
  });
  it("a child issued a second after its parent's leap second has a second less of the parent's max_duration left", () => {
    const parent = record("d-extract-1");
    parent.issued_at = "2026-12-31T23:59:60.5Z";
    parent.expires_at = "2027-01-01T01:00:00Z";
    const child = { ...parent, issued_at: "2027-01-01T00:00:00.5Z", limits: { ...parent.limits, max_duration: { value: 89, unit: "s" } } };
    const left = (c: typeof child) => attenuationFindings(parent, c).filter((f) => f.path === "limits.max_duration").map((f) => f.expected);
    // One second of the parent's 90 has passed, half of the leap second and half of the next: 89 s remain, and 89 s fit.
    expect(left(child)).toStrictEqual([]);
    expect(left({ ...child, limits: { ...child.limits, max_duration: { value: 89001, unit: "ms" } } })).toStrictEqual(["<= 89000 ms"]);
  });
  it("a resume started in a leap second is not superseded by a checkpoint written at the next day's 00:00:00.2", () => {
    const d6 = `sha256:${"6".repeat(64)}`;
    const cp = (id: string, sequence: number, written_at: string, content_digest: string): unknown => ({ ...record("cp-7"), record_id: id, checkpoint_id: id, sequence, written_at, issued_at: written_at, content_digest, remaining_budget: {} });
    const checkpoints = [cp("CP-6", 6, "2026-10-31T23:59:50Z", d6), cp("CP-7", 7, "2026-11-01T00:00:00.2Z", record("cp-7").content_digest)];
    const resume = (start: string) => ({ ...record("att-1"), record_id: "ATT-1B", attempt_id: "ATT-1B", started_at: start, issued_at: start, ended_at: null, outcome: null, effects: [], external_receipts: [], budget_consumption: { tool_calls: 0 }, checkpoint_refs: [], resumed_from_checkpoint_ref: { object_id: "CP-6", revision_id: "cp-r1", content_digest: d6 }, control_fence_set: record("cp-7").control_fence_set });
    const superseded = (start: string) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), resume(start)], checkpoints }).findings.filter((f) => f.code === "RESUME_CHECKPOINT_SUPERSEDED").length;
    expect(superseded("2026-10-31T23:59:60.5Z")).toBe(0);
    expect(superseded("2026-11-01T00:00:00.3Z")).toBe(1);
  });
  it("a checkpoint's remaining time counts the leap second its revision was issued in (max_duration 4 h)", () => {
    const contract = { ...record("d-research-2-r1"), issued_at: "2026-10-31T23:59:60.5Z", expires_at: "2026-11-01T05:00:00Z" };
    const claim = (elapsed: object) => {
      const checkpoint = { ...record("cp-7"), written_at: "2026-11-01T00:00:00.5Z", issued_at: "2026-11-01T00:00:00.5Z", remaining_budget: { elapsed } };
      return checkAttemptsDocument({ contract, attempts: [record("att-1")], checkpoints: [checkpoint] }).findings.filter((f) => f.code === "CHECKPOINT_REMAINDER_OVERSTATED").map((f) => f.expected);
    };
    // One second has passed, half of the leap second and half of the next: 4 h less 1 s remain.
    expect(claim({ value: 14_399, unit: "s" })).toStrictEqual([]);
    expect(claim({ value: 14_399_001, unit: "ms" })).toStrictEqual(["<= 14399 s"]);
  });
  it("a consent expiring in a leap second is not the one expiring at the next day's 00:00:00.5", () => {
    const parent = record("d-research-1");
    parent.gates.consent[0].expires_at = "2026-12-31T23:59:60.5Z";
    const child = JSON.parse(JSON.stringify(parent));
    const missing = (expires: string) => {
      child.gates.consent[0].expires_at = expires;
      return inheritanceFindings(parent, child).filter((f) => f.path === "gates.consent").length;
    };
    expect(missing("2026-12-31T23:59:60.500Z")).toBe(0);
    expect(missing("2027-01-01T00:00:00.5Z")).toBe(1);
  });
});
