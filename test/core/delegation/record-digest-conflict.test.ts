// Section 2: a revision is the "exact {object_id, revision_id, content_digest} triple"; section 3:
// `content_digest` is the "digest of canonical envelope and payload". Two records of one attempt, or
// of one checkpoint, under one revision and digest with other content cannot both be that revision;
// the digest is never recomputed, so which one is the record is unknown. Reading the first given
// made check-attempts and check-reassignment hang on the order of the list (README note 93, as
// note 86 for siblings).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const errors = (report: { findings: readonly { severity: string; code: string; dimension?: string; path?: string }[] }): string[] => report.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension} ${f.path}`);

/** ATT-1 ended `failed` with nothing applied: a retry of it is allowed under D-RESEARCH-2@r1. */
function failed(): any {
  const a = record("att-1");
  a.outcome = "failed";
  for (const e of a.effects) e.status = "not_applied";
  a.outputs = [];
  return a;
}

/** ATT-3 retries ATT-1 ten minutes after it ended. */
function retry(): any {
  const a = failed();
  a.record_id = a.attempt_id = "ATT-3";
  a.started_at = "2026-10-04T10:10:00Z";
  a.issued_at = a.ended_at = "2026-10-04T10:20:00Z";
  a.checkpoint_refs = [];
  a.budget_consumption = { tool_calls: 1 };
  a.content_digest = `sha256:${"3".repeat(64)}`;
  return a;
}

/** ATT-1 as appended running, under the digest of the ended record. */
function running(): any {
  const a = record("att-1");
  a.outcome = null;
  a.ended_at = null;
  return a;
}

/** CP-8 of ATT-1, written after CP-7 with sequence 8; CP-7 given again with sequence 9. */
function cp8(): any {
  const c = record("cp-7");
  c.record_id = c.checkpoint_id = "CP-8";
  c.sequence = 8;
  c.written_at = c.issued_at = "2026-10-04T10:30:00Z";
  c.remaining_budget.elapsed = { value: 150, unit: "min" };
  c.content_digest = `sha256:${"8".repeat(64)}`;
  return c;
}
function cp7at9(): any {
  const c = record("cp-7");
  c.sequence = 9;
  return c;
}

const attempts = (list: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: list });
const reassign = (list: unknown[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: list });

describe("two records of one attempt under one revision and content digest", () => {
  // Before, read failed the retry passed, read partially_applied it was RETRY_NOT_ALLOWED.
  it.each([["failed first", () => [failed(), record("att-1"), retry()]], ["partially_applied first", () => [record("att-1"), failed(), retry()]]])("are refused by check-attempts, naming both (%s)", (_order, list) => {
    const report = attempts(list());
    expect(errors(report)).toStrictEqual(["ATTEMPT_DIGEST_CONFLICT retry attempts.1"]);
    expect(report.findings[0]?.message).toContain("attempts.1: ATT-1@att-r1 has the revision and content digest of attempts.0 but other content");
    expect(report.findings[0]?.expected).toBe("the content of attempts.0");
  });
  // Before, read running the remainder was unknown (denied on budget), read ended it was allowed.
  it.each([["running first", () => [running(), record("att-1")]], ["ended first", () => [record("att-1"), running()]]])("are refused by check-reassignment, and no remainder is told (%s)", (_order, list) => {
    const report = reassign(list());
    expect(report.decision).toBe("deny");
    expect(report.failed).toStrictEqual(["retries"]);
    expect(errors(report)).toStrictEqual(["ATTEMPT_DIGEST_CONFLICT retries attempts.1"]);
  });
  it("are one record when they are exact copies, members written in any order", () => {
    const copy = Object.fromEntries(Object.entries(record("att-1")).reverse());
    expect(errors(attempts([failed(), Object.fromEntries(Object.entries(failed()).reverse()), retry()]))).toStrictEqual([]);
    expect(reassign([record("att-1"), copy]).decision).toBe("allow");
  });
});

describe("two records of one checkpoint under one revision and content digest", () => {
  // Before, CP-7 read at sequence 9 made CP-8's 8 CHECKPOINT_SEQUENCE; read at 7, it passed.
  it.each([["sequence 7 first", () => [record("cp-7"), cp7at9(), cp8()]], ["sequence 9 first", () => [cp7at9(), record("cp-7"), cp8()]]])("are refused, naming both, by check-attempts and check-reassignment (%s)", (_order, list) => {
    expect(errors(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: list() }))).toStrictEqual(["CHECKPOINT_DIGEST_CONFLICT inputs checkpoints.1"]);
    const report = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: list() });
    expect(report.failed).toStrictEqual(["inputs"]);
    expect(errors(report)).toStrictEqual(["CHECKPOINT_DIGEST_CONFLICT inputs checkpoints.1"]);
  });
  it("are one checkpoint when they are exact copies", () => {
    expect(errors(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [record("cp-7"), record("cp-7"), cp8()] }))).toStrictEqual([]);
  });
});
