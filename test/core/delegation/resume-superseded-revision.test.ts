// A resume of a checkpoint revision amended before it started (README note 175). CP-7 amended at
// cp-r2 (its prior cp-r1, one sequence: note 103) records a later state of one checkpoint, and a
// RevisionRef names one exact revision (section 2; notes 169, 173), so resuming cp-r1 once cp-r2
// was written continues "from stale state" (section 7.2): RESUME_CHECKPOINT_SUPERSEDED, as for a
// later sequence. 11.4's roles: ATT-1 wrote CP-7, ATT-2 resumes it.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const cp7 = () => record("cp-7");
const refOf = (c: { record_id: string; revision_id: string; content_digest: string }) => ({ object_id: c.record_id, revision_id: c.revision_id, content_digest: c.content_digest });
/** CP-7 at `revision`, naming `prior` as its prior, written at `written`. */
const amend = (revision: string, prior: object, written: string, fill = "a") => ({ ...cp7(), revision_id: revision, prior_revision_ref: prior, content_digest: `sha256:${fill.repeat(64)}`, issued_at: written, written_at: written, remaining_budget: {} });
/** 11.4's ATT-2 (started 10:40), resuming `from`. */
const att2 = (from: object) => ({ ...record("att-2"), resumed_from_checkpoint_ref: from });
const check = (from: object, checkpoints: object[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), att2(from)], checkpoints });
const superseded = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "RESUME_CHECKPOINT_SUPERSEDED").map((f) => [f.path, f.dimension, f.expected, f.received]);
const AT = ["attempts.1.resumed_from_checkpoint_ref", "inputs"];

describe("a resume of a checkpoint revision amended before it started (RESUME_CHECKPOINT_SUPERSEDED)", () => {
  it("refuses ATT-2 resuming CP-7 cp-r1 after cp-r2 (its amendment) was written, naming cp-r2, in either order", () => {
    const r2 = amend("cp-r2", refOf(cp7()), "2026-10-04T10:20:00Z");
    const r = check(refOf(cp7()), [cp7(), r2]);
    expect(r.ok).toBe(false);
    expect(superseded(r)).toStrictEqual([[...AT, "CP-7@cp-r2", "CP-7@cp-r1"]]);
    expect(r.findings.find((f) => f.code === "RESUME_CHECKPOINT_SUPERSEDED")?.message).toContain("ATT-2 resumes CP-7 at cp-r1 (checkpoints.0, sequence 7) of ATT-1, and its amendment cp-r2 (checkpoints.1) was written at 2026-10-04T10:20:00Z, before the resume started at 2026-10-04T10:40:00Z");
    expect(superseded(check(refOf(cp7()), [r2, cp7()]))).toStrictEqual([[...AT, "CP-7@cp-r2", "CP-7@cp-r1"]]);
    // Written the very instant the resume starts, cp-r2 was there to read.
    expect(superseded(check(refOf(cp7()), [cp7(), amend("cp-r2", refOf(cp7()), "2026-10-04T10:40:00Z")]))).toHaveLength(1);
  });

  it("names the latest amendment written by then, through a chain of priors given", () => {
    const r2 = amend("cp-r2", refOf(cp7()), "2026-10-04T10:20:00Z");
    const r3 = amend("cp-r3", refOf(r2), "2026-10-04T10:30:00Z", "b");
    expect(superseded(check(refOf(cp7()), [r3, cp7(), r2]))).toStrictEqual([[...AT, "CP-7@cp-r3", "CP-7@cp-r1"]]);
    // cp-r3 written after ATT-2 started was not there to read: cp-r2 was.
    expect(superseded(check(refOf(cp7()), [cp7(), r2, amend("cp-r3", refOf(r2), "2026-10-04T10:45:00Z", "b")]))).toStrictEqual([[...AT, "CP-7@cp-r2", "CP-7@cp-r1"]]);
  });

  it("passes a resume of the amendment, of cp-r1 before cp-r2 was written, and where no chain given reaches cp-r1", () => {
    const r2 = amend("cp-r2", refOf(cp7()), "2026-10-04T10:20:00Z");
    expect(superseded(check(refOf(r2), [cp7(), r2]))).toStrictEqual([]);
    expect(superseded(check(refOf(cp7()), [cp7(), amend("cp-r2", refOf(cp7()), "2026-10-04T10:45:00Z")]))).toStrictEqual([]);
    // A revision naming cp-r1 under another digest, or a prior not given, amends no revision in hand.
    expect(superseded(check(refOf(cp7()), [cp7(), amend("cp-r2", { ...refOf(cp7()), content_digest: `sha256:${"c".repeat(64)}` }, "2026-10-04T10:20:00Z")]))).toStrictEqual([]);
    expect(superseded(check(refOf(cp7()), [cp7(), amend("cp-r3", { object_id: "CP-7", revision_id: "cp-r2", content_digest: `sha256:${"a".repeat(64)}` }, "2026-10-04T10:20:00Z", "b")]))).toStrictEqual([]);
  });

  it("denies a reassignment whose ATT-2 resumes cp-r1 after its amendment, on inputs", () => {
    const r2 = amend("cp-r2", refOf(cp7()), "2026-10-04T10:20:00Z");
    const att = { ...att2(refOf(cp7())), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), att], checkpoints: [cp7(), r2] });
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["inputs"] });
    expect(superseded(r)).toStrictEqual([[...AT, "CP-7@cp-r2", "CP-7@cp-r1"]]);
  });
});
