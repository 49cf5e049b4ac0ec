// Times (section 2, UtcTime) are compared exactly, every fraction digit, and a time check holds
// only when the comparison says so: a moment that is not a time denies, never slips past expiry.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUtc, evaluatePermission, utcMs } from "../../../core/delegation/index.js";
import type { PermissionRequest } from "../../../core/delegation/index.js";
import { extractInput, record } from "./_records.js";


describe("compareUtc", () => {
  it("orders times to the nanosecond", () => {
    expect(compareUtc("2026-10-03T11:00:00.0000001Z", "2026-10-03T11:00:00Z")).toBe(1);
    expect(compareUtc("2026-10-03T11:00:00.000000000Z", "2026-10-03T11:00:00Z")).toBe(0);
    expect(compareUtc("2026-10-03T10:59:59.999999999Z", "2026-10-03T11:00:00Z")).toBe(-1);
    expect(compareUtc("yesterday", "2026-10-03T11:00:00Z")).toBeNaN();
  });
  it("agrees with utcMs wherever milliseconds tell two times apart", () => {
    const time = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(time, time, (a, b) => {
        const [x, y] = [utcMs(a), utcMs(b)];
        expect(compareUtc(a, b)).toBe(x === y ? 0 : x < y ? -1 : 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("evaluatePermission on a moment that is not a time", () => {
  it("denies, as expired and not yet in force, instead of skipping the window", () => {
    const request = { ...record("request-read-src-1"), at: "not a time" } as PermissionRequest;
    const input = extractInput(request);
    const r = evaluatePermission(input);
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toEqual(expect.arrayContaining(["CONTRACT_NOT_YET", "CONTRACT_EXPIRED"]));
  });
});
