// A resume is a new attempt (sections 7.2, 11.4): "Resume creates a new attempt referencing the
// checkpoint"; AGENT-B "starts ATT-2 referencing CP-7 ... it does not impersonate or rewrite ATT-1".
// A record of the attempt that wrote a checkpoint, naming it as the checkpoint it resumes, is
// refused whenever it started (RESUME_NOT_NEW_ATTEMPT), the instant the checkpoint was written included.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** A reference as the conformance records write one: the digest is sha256 of `object@revision`. */
const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
/** CP-9: a checkpoint ATT-1B wrote at `written`, otherwise CP-7's state. */
const cp9 = (written: string, attempt_id = "ATT-1B") => ({ ...record("cp-7"), record_id: "CP-9", checkpoint_id: "CP-9", attempt_id, sequence: 8, written_at: written, issued_at: written, remaining_budget: {}, content_digest: ref("CP-9", "cp-r1").content_digest });
/** ATT-1B: started at `start` under r1 as ATT-1's executor, consuming nothing, resuming CP-9. */
const att1b = (start: string, patch: object = {}) => ({ ...record("att-1"), record_id: "ATT-1B", attempt_id: "ATT-1B", started_at: start, issued_at: start, ended_at: null, outcome: null, effects: [], external_receipts: [], budget_consumption: { tool_calls: 0 }, checkpoint_refs: [ref("CP-9", "cp-r1")], resumed_from_checkpoint_ref: ref("CP-9", "cp-r1"), control_fence_set: record("cp-7").control_fence_set, ...patch });
const check = (attempts: object[], checkpoints: object[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), ...attempts], checkpoints: [record("cp-7"), ...checkpoints] });
const found = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension, f.expected, f.received]);

describe("a resume of a checkpoint its own attempt wrote (RESUME_NOT_NEW_ATTEMPT)", () => {
  it("refuses ATT-1B resuming CP-9, which ATT-1B wrote the instant it started, where no other rule sees it", () => {
    const r = check([att1b("2026-10-04T10:10:00Z")], [cp9("2026-10-04T10:10:00.000Z")]);
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["RESUME_NOT_NEW_ATTEMPT", "attempts.1.attempt_id", "retries", "an attempt other than ATT-1B", "ATT-1B"]]);
    expect(r.findings[0]?.message).toContain("ATT-1B resumes CP-9 (checkpoints.1), which ATT-1B itself wrote");
  });
  it("refuses it beside RESUME_BEFORE_CHECKPOINT when the checkpoint was written after the attempt started", () => {
    expect(found(check([att1b("2026-10-04T10:08:00Z")], [cp9("2026-10-04T10:10:00Z")])).map((f) => f[0])).toStrictEqual(["RESUME_BEFORE_CHECKPOINT", "RESUME_NOT_NEW_ATTEMPT"]);
  });
  it("finds it once for the attempt given at two revisions", () => {
    const first = att1b("2026-10-04T10:10:00Z");
    const later = { ...first, revision_id: "att-r2", content_digest: ref("ATT-1B", "att-r2").content_digest, prior_revision_ref: { object_id: "ATT-1B", revision_id: first.revision_id, content_digest: first.content_digest }, issued_at: "2026-10-04T10:20:00Z" };
    expect(found(check([first, later], [cp9("2026-10-04T10:10:00Z")])).map((f) => f[0])).toStrictEqual(["RESUME_NOT_NEW_ATTEMPT"]);
  });
  it("passes a new attempt resuming another attempt's checkpoint written the instant it started, and a checkpoint not given", () => {
    expect(check([att1b("2026-10-04T10:10:00Z")], [cp9("2026-10-04T10:10:00Z", "ATT-1")])).toMatchObject({ ok: true, findings: [] });
    expect(found(check([att1b("2026-10-04T10:10:00Z")], [])).map((f) => f[0])).not.toContain("RESUME_NOT_NEW_ATTEMPT");
  });
  it("passes the same attempt id under another delegation: that checkpoint's attempt is another", () => {
    const elsewhere = { ...cp9("2026-10-04T10:10:00Z"), delegation_ref: ref("D-OTHER", "r1") };
    expect(found(check([att1b("2026-10-04T10:10:00Z")], [elsewhere])).map((f) => f[0])).not.toContain("RESUME_NOT_NEW_ATTEMPT");
  });
  it("denies a reassignment given ATT-2 resuming a checkpoint ATT-2 wrote, on retries", () => {
    const att2 = record("att-2") as { started_at: string; delegation_ref: object };
    const own = { ...cp9(att2.started_at, "ATT-2"), delegation_ref: att2.delegation_ref };
    const resumed = { ...att2, checkpoint_refs: [ref("CP-9", "cp-r1")], resumed_from_checkpoint_ref: ref("CP-9", "cp-r1") };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), resumed], checkpoints: [record("cp-7"), own] });
    expect(r.failed).toContain("retries");
    expect(found(r).filter((f) => f[0] === "RESUME_NOT_NEW_ATTEMPT")).toStrictEqual([["RESUME_NOT_NEW_ATTEMPT", "attempts.1.attempt_id", "retries", "an attempt other than ATT-2", "ATT-2"]]);
  });
});
