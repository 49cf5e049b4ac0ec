// An attempt under a contract revision starts within it, issued_at <= started_at < expires_at, as
// permission holds every effect to it (section 1: a contract authorizes "under exact inputs, limits,
// gates, and expiry"): one started before the revision was issued, or after it expired, ran under no
// authority. An attempt of another revision is judged by that revision, which is not in hand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";

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
