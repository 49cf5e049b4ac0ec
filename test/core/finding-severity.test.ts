import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "../../core/index.js";
import type { FindingCode } from "../../core/index.js";
import { _severityOf, finding } from "../../core/finding.js";

// check-thread reads a finding's severity with _severityOf (from the notes' table), so that the
// playground's first screen does not carry FINDING_CODES: the two must agree on every code.
describe("_severityOf", () => {
  it("gives every code the severity FINDING_CODES gives it", () => {
    const codes = Object.keys(FINDING_CODES) as FindingCode[];
    expect(codes.length).toBeGreaterThan(100);
    for (const code of codes) {
      expect([code, _severityOf(code)]).toEqual([code, FINDING_CODES[code]]);
      expect(finding(code, "m").severity).toBe(FINDING_CODES[code]);
    }
  });
});
