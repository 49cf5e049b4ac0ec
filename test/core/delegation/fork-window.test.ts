// An attempt given at two records that fork (ATTEMPT_REVISION_FORK) is judged within its revision's
// window at each of its latest records: which one the attempt is, is unknown, and judging the first
// given made the window's finding (and the failed dimensions) hang on the order of the list
// (README note 109). Found by the differential check of reassignment records.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** ATT-1 ending at 13:30, past r1's expiry at 13:00, and a record of it restarting at 09:06 (a fork). */
const late = () => ({ ...record("att-1"), issued_at: "2026-10-04T13:30:00Z", ended_at: "2026-10-04T13:30:00Z" });
const restarted = () => ({ ...record("att-1"), revision_id: "att-r2", prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r1", content_digest: record("att-1").content_digest }, content_digest: `sha256:${"ab".repeat(32)}`, started_at: "2026-10-04T09:06:00Z", issued_at: "2026-10-04T10:01:00Z" });
/** The same start, two records naming ATT-1@att-r1 as their prior: a branch. */
const branch = (revision: string, end: string, fill: string) => ({ ...record("att-1"), revision_id: revision, prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r1", content_digest: record("att-1").content_digest }, content_digest: `sha256:${fill.repeat(64)}`, issued_at: end, ended_at: end });
const windowed = (findings: readonly { code: string; severity: string; path?: string }[]) => findings.filter((f) => f.severity === "error" && f.code === "CONTRACT_EXPIRED").length;

describe("a forked attempt's window", () => {
  it("check-reassignment judges each head, in either order", () => {
    for (const attempts of [[late(), restarted()], [restarted(), late()]]) {
      const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts });
      expect(windowed(r.findings)).toBe(1);
      expect(r.failed).toContain("duration");
    }
    const heads = [record("att-1"), branch("att-r2", "2026-10-04T10:00:00Z", "c"), branch("att-r2b", "2026-10-04T13:30:00Z", "d")];
    for (const attempts of [heads, [...heads].reverse()]) {
      const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts });
      expect(r.failed).toStrictEqual(expect.arrayContaining(["duration", "retries"]));
    }
  });

  it("check-attempts judges each head, in either order", () => {
    const contract = record("d-research-2-r1");
    for (const attempts of [[late(), restarted()], [restarted(), late()]]) {
      const r = checkAttemptsDocument({ contract, attempts });
      expect(windowed(r.findings)).toBe(1);
    }
  });
});
