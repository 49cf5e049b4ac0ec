// A resume is held to its checkpoint's operations, not to the attempt before it (11.4: CP-7, which
// ATT-1 wrote, reconciled ATT-1's), except where the checkpoint cannot know of that attempt: it
// resumed the same checkpoint, or started after the checkpoint was written. Then the resume is held
// to that attempt's read-back as a retry is (RETRY_UNRECONCILED; 7.1, README note 104).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const contract = () => ({ ...record("d-research-2-r2"), retry_policy: { ...record("d-research-2-r2").retry_policy, max_attempts: 3, retryable_outcomes: ["failed", "unknown"] } });
/** ATT-2 resuming CP-7, ended `outcome` at 10:50. */
const att2 = (outcome: string, readback = false) => ({
  ...record("att-2"),
  outcome,
  issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z",
  readback_ref: readback ? { object_id: "VR-ATT-2", revision_id: "vr-r1", content_digest: `sha256:${"5".repeat(64)}` } : null,
  // A partially applied attempt enumerates its effects (7.1).
  effects: outcome === "partially_applied" ? [{ effect_id: "EFF-74", digest: `sha256:${"7".repeat(64)}`, status: "applied" }, { effect_id: "EFF-75", digest: `sha256:${"8".repeat(64)}`, status: "not_applied" }] : [],
});
/** ATT-3 at 10:55, resuming CP-7 (as ATT-2 did), or retrying. */
const att3 = (resume: boolean) => ({ ...record("att-2"), record_id: "ATT-3", attempt_id: "ATT-3", started_at: "2026-10-04T10:55:00Z", issued_at: "2026-10-04T10:55:00Z", content_digest: `sha256:${"3".repeat(64)}`, ...(resume ? {} : { resumed_from_checkpoint_ref: null }) });
const codes = (attempts: unknown[], checkpoints?: unknown[]) => checkAttemptsDocument({ contract: contract(), attempts, ...(checkpoints ? { checkpoints } : {}) }).findings.filter((f) => f.severity === "error" && f.code.startsWith("RETRY_")).map((f) => [f.code, f.path]);

describe("a resume after the attempt before it moved past its checkpoint", () => {
  it("passes 11.4's ATT-2 after the partially applied ATT-1: CP-7 is ATT-1's", () => {
    expect(codes([record("att-1"), record("att-2")])).toStrictEqual([]);
  });

  it("is held to the read-back of an attempt that resumed the same checkpoint, as a retry is", () => {
    for (const outcome of ["unknown", "partially_applied"]) {
      expect(codes([record("att-1"), att2(outcome), att3(true)])).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
      expect(codes([record("att-1"), att2(outcome), att3(false)]).map((c) => c[0])).toContain(outcome === "unknown" ? "RETRY_UNRECONCILED" : "RETRY_NOT_ALLOWED");
    }
    expect(codes([att3(true), att2("unknown"), record("att-1")])).toStrictEqual([["RETRY_UNRECONCILED", "attempts.0"]]);
  });

  it("passes once that attempt is read back, or when it failed", () => {
    expect(codes([record("att-1"), att2("unknown", true), att3(true)])).toStrictEqual([]);
    expect(codes([record("att-1"), att2("failed"), att3(true)])).toStrictEqual([]);
  });

  it("is held to an attempt started after its checkpoint, given, was written", () => {
    // ATT-2 a fresh attempt (no resume) after ATT-1, unknown; ATT-3 resumes CP-7, written before ATT-2 started.
    const fresh = { ...att2("unknown"), resumed_from_checkpoint_ref: null };
    // (ATT-2 retrying the partially applied ATT-1 is refused on its own, at attempts.1.)
    const third = (checkpoints?: unknown[]) => codes([record("att-1"), fresh, att3(true)], checkpoints).filter((c) => c[1] === "attempts.2");
    expect(third()).toStrictEqual([]);
    expect(third([record("cp-7")])).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
  });
});
