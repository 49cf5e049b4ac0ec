// An attempt under a contract revision starts within it, issued_at <= started_at < expires_at, as
// permission holds every effect to it (section 1: a contract authorizes "under exact inputs, limits,
// gates, and expiry"): one started before the revision was issued, or after it expired, ran under no
// authority. An attempt of another revision is judged by that revision, which is not in hand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignment } from "../../../core/delegation/index.js";
import type { ExecutionAttempt } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

/** ATT-EXTRACT-1 under D-EXTRACT-1@r1 (issued 09:00, expiring 10:00), started at `start`, ended 30 s later. */
function attemptAt(start: string, end: string): any {
  return { ...record("att-extract-1"), started_at: start, ended_at: end, issued_at: end };
}
const codes = (attempt: unknown): string[] => checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [attempt] }).findings.map((f) => f.code);

describe("an attempt against its contract revision's window", () => {
  it("passes from the instant the revision was issued", () => {
    expect(codes(attemptAt("2026-10-01T09:00:00.000Z", "2026-10-01T09:00:30Z"))).toStrictEqual([]);
  });
  it("is refused (CONTRACT_NOT_YET) when it starts before the revision was issued, to the nanosecond", () => {
    const r = checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [attemptAt("2026-10-01T08:59:59.999999999Z", "2026-10-01T09:00:30Z")] });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.expected])).toStrictEqual([["CONTRACT_NOT_YET", "attempts.0.started_at", ">= 2026-10-01T09:00:00Z"]]);
  });
  it("is refused (CONTRACT_EXPIRED) when it starts at or after the revision's expiry", () => {
    expect(codes(attemptAt("2026-10-01T10:00:00Z", "2026-10-01T10:00:30Z"))).toStrictEqual(["CONTRACT_EXPIRED"]);
  });
  it("is not judged by another revision's window", () => {
    const other = attemptAt("2026-09-30T09:00:00Z", "2026-09-30T09:00:30Z");
    other.delegation_ref = { ...other.delegation_ref, revision_id: "r0", content_digest: `sha256:${"9".repeat(64)}` };
    expect(codes(other)).toStrictEqual([]);
  });
});

// 11.4: the reassignment counts the prior's attempts and resumes from what they checkpointed, and its
// resume runs under the next revision, so checkReassignment holds the attempts of either revision to
// its window as checkAttempts does, denied on duration (section 8's window dimension).
describe("a reassignment's attempts against their revision's window", () => {
  const att1 = (start: string): any => ({ ...record("att-1"), started_at: start });
  /** ATT-2 under r2 (issued 10:30), here ended having consumed nothing, started at `start`. */
  const att2 = (start: string): any => ({ ...record("att-2"), started_at: start, issued_at: start, ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } });
  const reassign = (attempts: unknown[]) => checkReassignment(record("d-research-2-r1"), record("d-research-2-r2"), undefined, undefined, attempts as ExecutionAttempt[]);
  const window = (attempts: unknown[]) => reassign(attempts).findings.filter((f) => f.code.startsWith("CONTRACT_")).map((f) => [f.code, f.path, f.dimension, f.expected, f.received]);
  it("passes 11.4's ATT-1 from 09:05 under r1 and ATT-2 from 10:40 under r2", () => {
    expect(window([att1("2026-10-04T09:05:00Z"), att2("2026-10-04T10:40:00Z")])).toStrictEqual([]);
    expect(reassign([att1("2026-10-04T09:05:00Z"), att2("2026-10-04T10:40:00Z")])).toMatchObject({ ok: true, decision: "allow" });
  });
  it("denies on duration a resume under r2 started before r2 was issued, though after r1's checkpoint", () => {
    const r = reassign([att1("2026-10-04T09:05:00Z"), att2("2026-10-04T10:20:00Z")]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["duration"] });
    expect(window([att1("2026-10-04T09:05:00Z"), att2("2026-10-04T10:20:00Z")])).toStrictEqual([["CONTRACT_NOT_YET", "attempts.1.started_at", "duration", ">= 2026-10-04T10:30:00Z", "2026-10-04T10:20:00Z"]]);
    expect(r.findings[0]?.message).toBe("attempts.1.started_at: ATT-2 starts at 2026-10-04T10:20:00Z, before D-RESEARCH-2@r2 was issued (2026-10-04T10:30:00Z): it ran under no authority");
  });
  it("denies an attempt of the prior started before it was issued, or once it expired, once for an attempt given at two revisions", () => {
    expect(window([att1("2026-10-04T08:59:59.999Z")]).map((f) => f[0])).toStrictEqual(["CONTRACT_NOT_YET"]);
    const late = att1("2026-10-04T13:00:00Z");
    const later = { ...late, revision_id: "att-r2", content_digest: `sha256:${"b".repeat(64)}`, prior_revision_ref: { object_id: "ATT-1", revision_id: late.revision_id, content_digest: late.content_digest } };
    expect(window([late, later])).toStrictEqual([["CONTRACT_EXPIRED", "attempts.1.started_at", "duration", "< 2026-10-04T13:00:00Z", "2026-10-04T13:00:00Z"]]);
  });
  it("does not judge an attempt of a third revision", () => {
    const other = att1("2026-10-04T08:00:00Z");
    other.delegation_ref = { ...other.delegation_ref, revision_id: "r0", content_digest: `sha256:${"9".repeat(64)}` };
    expect(window([other])).toStrictEqual([]);
  });
});

// 7.1 records an attempt's end; section 2's max_duration is wall-clock time from issued_at (as
// permission reads it). An attempt that started in time but ran on past its revision's expiry or
// time limit consumed authority it no longer had: refused at its ended_at. The instant itself is within.
describe("an attempt's end against its contract revision's expiry and max_duration", () => {
  const found = (attempt: unknown) => checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [attempt] }).findings.map((f) => [f.code, f.path, f.dimension, f.expected, f.received]);
  it("D-EXTRACT-1's 90 s from 09:00: an end at 09:01:30 passes, a nanosecond later is BUDGET_EXCEEDED at ended_at, denied on budget", () => {
    expect(found(attemptAt("2026-10-01T09:00:10Z", "2026-10-01T09:01:30Z"))).toStrictEqual([]);
    expect(found(attemptAt("2026-10-01T09:00:10Z", "2026-10-01T09:01:30.000000001Z"))).toStrictEqual([["BUDGET_EXCEEDED", "attempts.0.ended_at", "budget", "within 90 s from 2026-10-01T09:00:00Z", "2026-10-01T09:01:30.000000001Z"]]);
  });
  it("a start after max_duration ran out, though before expiry, is BUDGET_EXCEEDED at started_at", () => {
    expect(found(attemptAt("2026-10-01T09:02:00Z", "2026-10-01T09:02:30Z")).map((f) => f.slice(0, 2))).toStrictEqual([["BUDGET_EXCEEDED", "attempts.0.started_at"]]);
  });
  it("an end after expires_at, where max_duration runs longer, is CONTRACT_EXPIRED at ended_at", () => {
    const contract = record("d-extract-1");
    contract.limits.max_duration = { value: 2, unit: "h" };
    const r = checkAttemptsDocument({ contract, attempts: [attemptAt("2026-10-01T09:59:00Z", "2026-10-01T10:00:00.5Z")] });
    expect(r.findings.map((f) => [f.code, f.path, f.expected])).toStrictEqual([["CONTRACT_EXPIRED", "attempts.0.ended_at", "<= 2026-10-01T10:00:00Z"]]);
    expect(checkAttemptsDocument({ contract, attempts: [attemptAt("2026-10-01T09:59:00Z", "2026-10-01T10:00:00Z")] }).findings).toStrictEqual([]);
  });
  it("a running attempt (no ended_at) is judged by its start only", () => {
    const running = { ...attemptAt("2026-10-01T09:00:10Z", "2026-10-01T09:00:10Z"), ended_at: null, outcome: null };
    expect(found(running).filter((f) => f[0] === "BUDGET_EXCEEDED" || f[0] === "CONTRACT_EXPIRED")).toStrictEqual([]);
  });
  it("checkReassignment applies it to the prior's attempts, denied on duration", () => {
    const ran = { ...record("att-1"), ended_at: "2026-10-04T13:00:01Z" };
    const r = checkReassignment(record("d-research-2-r1"), record("d-research-2-r2"), undefined, undefined, [ran] as ExecutionAttempt[]);
    expect(r).toMatchObject({ ok: false, failed: ["duration"] });
    expect(r.findings.map((f) => [f.code, f.path, f.dimension])).toStrictEqual([["CONTRACT_EXPIRED", "attempts.0.ended_at", "duration"]]);
  });
});
