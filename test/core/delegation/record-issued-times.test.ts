// A record reports no start, end or write time later than it was issued (TIME_ORDER): it is written
// at its issued_at and never changed after (sections 1, 3), so by its own issuer's clock a later time
// reports what had not yet happened (7.1 attempts, 7.2 checkpoints). Only the record's own times are
// compared; the order between records stays the event log's.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const timeOrder = (x: unknown) => validateRecord(x).findings.filter((f) => f.code === "TIME_ORDER").map((f) => [f.path, f.expected, f.received]);

describe("an attempt's start and end against its own issued_at (TIME_ORDER)", () => {
  it("refuses an end later than the record was issued", () => {
    const att = { ...record("att-2"), outcome: "failed", ended_at: "2026-10-04T10:50:00Z" };
    expect(timeOrder(att)).toStrictEqual([["ended_at", "at or before 2026-10-04T10:40:00Z", "2026-10-04T10:50:00Z"]]);
  });

  it("refuses a start later than the record was issued, and names both when both are", () => {
    expect(timeOrder({ ...record("att-2"), started_at: "2026-10-04T10:40:01Z" })).toStrictEqual([["started_at", "at or before 2026-10-04T10:40:00Z", "2026-10-04T10:40:01Z"]]);
    const both = { ...record("att-2"), started_at: "2026-10-04T10:45:00Z", outcome: "failed", ended_at: "2026-10-04T10:50:00Z" };
    expect(timeOrder(both).map((f) => f[0])).toStrictEqual(["started_at", "ended_at"]);
  });

  it("passes times at the very instant it was issued, compared as instants, and a record issued after the end", () => {
    expect(timeOrder({ ...record("att-2"), outcome: "failed", ended_at: "2026-10-04T10:40:00.000Z" })).toStrictEqual([]);
    expect(timeOrder({ ...record("att-2"), issued_at: "2026-10-04T10:40:00.000000000Z" })).toStrictEqual([]);
    expect(timeOrder({ ...record("att-2"), outcome: "failed", issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z" })).toStrictEqual([]);
    expect(timeOrder(record("att-1"))).toStrictEqual([]);
    expect(timeOrder(record("att-extract-1"))).toStrictEqual([]);
  });

  it("refuses the attempt in a list, by check-attempts, at its place", () => {
    const late = { ...record("att-extract-1"), ended_at: "2026-10-01T09:01:25Z" };
    const r = checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [late] });
    expect(r.findings.filter((f) => f.code === "TIME_ORDER").map((f) => f.path)).toStrictEqual(["attempts.0.ended_at"]);
  });
});

describe("a checkpoint's written_at against its own issued_at (TIME_ORDER)", () => {
  it("refuses a checkpoint written later than it was issued", () => {
    const cp = { ...record("cp-7"), written_at: "2026-10-04T10:05:00.5Z" };
    expect(timeOrder(cp)).toStrictEqual([["written_at", "at or before 2026-10-04T10:05:00Z", "2026-10-04T10:05:00.5Z"]]);
  });

  it("passes one written at or before it was issued", () => {
    expect(timeOrder(record("cp-7"))).toStrictEqual([]);
    expect(timeOrder({ ...record("cp-7"), written_at: "2026-10-04T10:04:00Z" })).toStrictEqual([]);
    expect(timeOrder(record("cp-research-1-1"))).toStrictEqual([]);
  });
});
