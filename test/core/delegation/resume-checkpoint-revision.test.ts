// A resume of another revision of the checkpoint the attempt before it resumed (README note 173).
// "The same checkpoint" is the exact revision a resume names (section 2: a RevisionRef is the "Exact
// {object_id, revision_id, content_digest} triple"; note 169), not the object: CP-7 amended at cp-r2
// after ATT-2 started may record ATT-2's operations reconciled, so ATT-3 resuming it is judged by
// when cp-r2 was written, as a resume of any other checkpoint is (note 104). Resuming cp-r1 again,
// the state ATT-2 already continued from, stays held to ATT-2's read-back as a retry is, and so does
// a resume of another revision whose time is not in hand (not given, or named under another digest).
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const contract = () => ({ ...record("d-research-2-r2"), retry_policy: { ...record("d-research-2-r2").retry_policy, max_attempts: 3 } });
const cp7 = () => record("cp-7");
const refOf = (c: { record_id: string; revision_id: string; content_digest: string }) => ({ object_id: c.record_id, revision_id: c.revision_id, content_digest: c.content_digest });
/** CP-7 amended (cp-r2, its prior cp-r1, one sequence, note 103), written at `written`: CAT-OP-9 and ATT-2's CAT-OP-10 reconciled. */
const cp7r2 = (written: string) => ({
  ...cp7(),
  revision_id: "cp-r2",
  prior_revision_ref: refOf(cp7()),
  content_digest: `sha256:${"a".repeat(64)}`,
  issued_at: written,
  written_at: written,
  external_operations: [...cp7().external_operations, { system: "catalog", operation_id: "CAT-OP-10", reconciliation: "reconciled" }],
});
/** ATT-2 resuming CP-7 cp-r1 (11.4), started 10:40, ended `unknown` at 10:50 with no read-back. */
const att2 = () => ({ ...record("att-2"), outcome: "unknown", issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z" });
/** ATT-3 at 10:55, resuming `from`. */
const att3 = (from: object) => ({ ...record("att-2"), record_id: "ATT-3", attempt_id: "ATT-3", started_at: "2026-10-04T10:55:00Z", issued_at: "2026-10-04T10:55:00Z", content_digest: `sha256:${"3".repeat(64)}`, resumed_from_checkpoint_ref: from });
const check = (from: object, checkpoints?: object[]) => checkAttemptsDocument({ contract: contract(), attempts: [record("att-1"), att2(), att3(from)], ...(checkpoints ? { checkpoints } : {}) });
/** The retry and resume findings (CP-7, of r1, leaves its remainder unverified under r2's limits, CHECKPOINT_REMAINDER_UNVERIFIED, beside the point). */
const codes = (r: ReturnType<typeof check>) => r.findings.filter((f) => /^(RETRY|RESUME)_/.test(f.code)).map((f) => [f.code, f.path]);

describe("a resume of a later revision of the checkpoint the attempt before it resumed", () => {
  it("passes ATT-3 resuming CP-7 cp-r2, written after ATT-2 started: it can record ATT-2's effects", () => {
    const amended = cp7r2("2026-10-04T10:52:00Z");
    expect(codes(check(refOf(amended), [cp7(), amended]))).toStrictEqual([]);
    expect(codes(check(refOf(amended), [amended, cp7()]))).toStrictEqual([]);
  });

  it("holds ATT-3 resuming cp-r1 again to ATT-2's read-back, the amendment given or not", () => {
    const amended = cp7r2("2026-10-04T10:52:00Z");
    for (const checkpoints of [undefined, [cp7()]]) {
      expect(codes(check(refOf(cp7()), checkpoints))).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
    }
    // With cp-r2 given, written before ATT-3 started, cp-r1 is stale state too (note 175).
    expect(codes(check(refOf(cp7()), [cp7(), amended]))).toStrictEqual([["RESUME_CHECKPOINT_SUPERSEDED", "attempts.2.resumed_from_checkpoint_ref"], ["RETRY_UNRECONCILED", "attempts.2"]]);
  });

  it("holds ATT-3 resuming cp-r2 written before ATT-2 started: it cannot know what ATT-2 did", () => {
    const early = cp7r2("2026-10-04T10:30:00Z");
    // ATT-2, resuming cp-r1 after cp-r2 was written, continued from stale state itself (note 175).
    expect(codes(check(refOf(early), [cp7(), early]))).toStrictEqual([["RESUME_CHECKPOINT_SUPERSEDED", "attempts.1.resumed_from_checkpoint_ref"], ["RETRY_UNRECONCILED", "attempts.2"]]);
  });

  it("holds a resume of another revision not given, or named under another digest: when it was written is not in hand", () => {
    expect(codes(check(refOf(cp7r2("2026-10-04T10:52:00Z"))))).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
    expect(codes(check(refOf(cp7r2("2026-10-04T10:52:00Z")), [cp7()]))).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
    // cp-r1 under another digest is no revision given, and one revision id names one content (note 113).
    expect(codes(check({ ...refOf(cp7()), content_digest: `sha256:${"b".repeat(64)}` }, [cp7()]))).toStrictEqual([["RETRY_UNRECONCILED", "attempts.2"]]);
  });

  it("says which hold it is: the very revision ATT-2 resumed, a checkpoint written before ATT-2 started, or a revision not in hand", () => {
    const message = (from: object, checkpoints?: object[]) => check(from, checkpoints).findings.find((f) => f.code === "RETRY_UNRECONCILED")?.message;
    const amended = cp7r2("2026-10-04T10:52:00Z");
    expect(message(refOf(cp7()), [cp7()])).toContain("attempts.2: ATT-3 resumes CP-7@cp-r1, the very checkpoint revision resumed by ATT-2, which is unknown");
    const early = cp7r2("2026-10-04T10:30:00Z");
    expect(message(refOf(early), [cp7(), early])).toContain("attempts.2: ATT-3 resumes CP-7@cp-r2, a checkpoint written before the start of ATT-2, which is unknown");
    expect(message(refOf(amended))).toContain("attempts.2: ATT-3 resumes CP-7@cp-r2, a revision not in hand (none given under that revision and digest) of the checkpoint resumed by ATT-2, which is unknown");
  });
});
