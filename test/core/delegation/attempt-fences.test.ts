// A later revision of an attempt fences no stream before an earlier revision of it did (sections 1.2,
// 3, 9): "position is a monotonically increasing integer local to that exact control branch", a
// record of an attempt carries the fence set the attempt bound or a fresher one read before a later
// effect, and a change to a record is a new revision naming its prior. So ATT-1@att-r2, naming
// att-r1, fencing space:SPACE-RW at 11 where att-r1 fenced 12 records a head already superseded
// (ATTEMPT_FENCE_REGRESSED).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const digest = (s: string): string => `sha256:${createHash("sha256").update(s).digest("hex")}`;
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const regressed = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "ATTEMPT_FENCE_REGRESSED").map((f) => [f.path, f.dimension, f.expected, f.received]);
/** space:SPACE-RW at `position`, the event `EV-SPACE-<position>` (at 12, ATT-1's boundary itself). */
const space = (position: number) => position === 12 ? record("att-1").control_fence_set[2] : ({ ...record("att-1").control_fence_set[2], position, event_id: `EV-SPACE-${position}`, event_digest: digest(`EV-SPACE-${position}@e`) });
/** ATT-1 at `revision`, naming `prior` (a revision of ATT-1, or null), fencing space:SPACE-RW at `position`. */
const att1 = (revision: string, prior: string | null, position: number): any => {
  const a = record("att-1");
  return {
    ...a,
    revision_id: revision,
    content_digest: revision === "att-r1" ? a.content_digest : digest(`ATT-1@${revision}`),
    prior_revision_ref: prior === null ? null : { object_id: "ATT-1", revision_id: prior, content_digest: prior === "att-r1" ? a.content_digest : digest(`ATT-1@${prior}`) },
    issued_at: revision === "att-r1" ? a.issued_at : "2026-10-04T10:00:00Z",
    control_fence_set: [...a.control_fence_set.slice(0, 2), space(position)],
  };
};
const check = (attempts: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts });

describe("a later revision of an attempt fencing a stream before an earlier one did (ATTEMPT_FENCE_REGRESSED)", () => {
  it("refuses ATT-1@att-r2 fencing space:SPACE-RW at 11 where att-r1, its prior, fenced 12, in whatever order they are given", () => {
    const r = check([record("att-1"), att1("att-r2", "att-r1", 11)]);
    expect(r.ok).toBe(false);
    expect(codes(r)).toStrictEqual(["ATTEMPT_FENCE_REGRESSED"]);
    expect(regressed(r)).toStrictEqual([["attempts.1.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
    expect(r.findings[0]?.message).toContain("ATT-1@att-r2 fences rw-control:SPACE-RW space:SPACE-RW at 11 (EV-SPACE-11), before the position its earlier revision att-r1 (attempts.0) fenced there, 12 (EV-SPACE-12)");
    const reversed = check([att1("att-r2", "att-r1", 11), record("att-1")]);
    expect(regressed(reversed)).toStrictEqual([["attempts.0.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
  });
  it("allows a later revision fencing the same head or a later one", () => {
    expect(check([record("att-1"), att1("att-r2", "att-r1", 12)])).toMatchObject({ ok: true, findings: [] });
    expect(check([record("att-1"), att1("att-r2", "att-r1", 14)])).toMatchObject({ ok: true, findings: [] });
    expect(check([record("att-1"), att1("att-r2", "att-r1", 14), att1("att-r3", "att-r2", 14)])).toMatchObject({ ok: true, findings: [] });
  });
  it("compares every revision the chain of priors reaches, against the greatest position fenced there", () => {
    // att-r3 at 13 is after att-r2's 12 but before att-r1's 14: an earlier revision fenced 14.
    const r = check([att1("att-r1", null, 14), att1("att-r2", "att-r1", 12), att1("att-r3", "att-r2", 13)]);
    expect(regressed(r)).toStrictEqual([
      ["attempts.1.control_fence_set.2", "ancestor_fences", ">= 14", "12"],
      ["attempts.2.control_fence_set.2", "ancestor_fences", ">= 14", "13"],
    ]);
  });
  it("compares a record whose prior is not given with nothing: earlier is the chain of priors, not the order or time given", () => {
    expect(codes(check([record("att-1"), att1("att-r3", "att-r2", 11)]))).not.toContain("ATTEMPT_FENCE_REGRESSED");
  });
  it("never compares two attempts, even one naming the other's revision as its prior", () => {
    const att2 = record("att-2");
    const other = { ...att2, prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r1", content_digest: record("att-1").content_digest }, control_fence_set: [...att2.control_fence_set.slice(0, 2), space(11)] };
    expect(codes(check([record("att-1"), other]))).not.toContain("ATTEMPT_FENCE_REGRESSED");
    // ATT-1's id with another start is another attempt (ATTEMPT_REVISION_FORK), not a revision of it.
    const reused = { ...att1("att-r2", "att-r1", 11), started_at: "2026-10-04T09:06:00Z" };
    expect(codes(check([record("att-1"), reused]))).not.toContain("ATTEMPT_FENCE_REGRESSED");
  });
  it("never compares two streams", () => {
    const elsewhere = { ...att1("att-r2", "att-r1", 11), control_fence_set: [...record("att-1").control_fence_set.slice(0, 2), { ...space(11), project_id: "rw-control:SPACE-OTHER" }] };
    expect(codes(check([record("att-1"), elsewhere]))).not.toContain("ATTEMPT_FENCE_REGRESSED");
  });
});

describe("ATTEMPT_FENCE_REGRESSED in the typed API and a reassignment", () => {
  it("is checked by checkAttempts", () => {
    const typed = checkAttempts(read<DelegationContract>(record("d-research-2-r1")), [read<ExecutionAttempt>(record("att-1")), read<ExecutionAttempt>(att1("att-r2", "att-r1", 11))]);
    expect(codes(typed)).toStrictEqual(["ATTEMPT_FENCE_REGRESSED"]);
  });
  it("denies a reassignment given such an attempt, on ancestor_fences", () => {
    const reassign = (attempts: unknown[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });
    expect(reassign([record("att-1"), att1("att-r2", "att-r1", 12)])).toMatchObject({ ok: true, findings: [] });
    const r = reassign([record("att-1"), att1("att-r2", "att-r1", 11)]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["ancestor_fences"] });
    expect(codes(r)).toStrictEqual(["ATTEMPT_FENCE_REGRESSED"]);
    expect(regressed(r)).toStrictEqual([["attempts.1.control_fence_set.2", "ancestor_fences", ">= 12", "11"]]);
  });
});
