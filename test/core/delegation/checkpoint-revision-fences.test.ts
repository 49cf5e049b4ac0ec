// Two revisions of one checkpoint share its sequence (README note 103), so the rule comparing a
// checkpoint with those of a lower sequence never compared them: a later revision fencing a stream
// before its earlier revision did passed, and a resume held to it would continue from stale state
// (sections 1.2, 3, 7.2). A revision whose chain of priors reaches another is now held to it
// (CHECKPOINT_FENCE_REGRESSED), as ATTEMPT_FENCE_REGRESSED holds an attempt's revisions.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const digest = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;
/** space:SPACE-RW at `position`, the event `EV-SPACE-<position>` (at 12, CP-7's boundary itself). */
const space = (position: number) => (position === 12 ? record("cp-7").control_fence_set[2] : { ...record("cp-7").control_fence_set[2], position, event_id: `EV-SPACE-${position}`, event_digest: digest(`EV-SPACE-${position}`) });
/** CP-7 at `revision`, fencing space:SPACE-RW at `position`, naming `prior` (a CP-7 record) as its prior. */
const cp7 = (revision: string, position: number, prior: any = null): any => {
  const c = record("cp-7");
  const named = prior === null ? c.prior_revision_ref : { object_id: prior.record_id, revision_id: prior.revision_id, content_digest: prior.content_digest };
  return { ...c, revision_id: revision, prior_revision_ref: named, content_digest: revision === c.revision_id ? c.content_digest : digest(`CP-7 ${revision} ${position}`), control_fence_set: [c.control_fence_set[0], c.control_fence_set[1], space(position)] };
};
const regressed = (r: { findings: readonly { code: string; path?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "CHECKPOINT_FENCE_REGRESSED").map((f) => [f.path, f.expected, f.received]);

describe("a later revision of a checkpoint fencing a stream before an earlier one did", () => {
  const first = cp7(record("cp-7").revision_id, 13);
  it("refuses cp-r2 at 12 after cp-r1 at 13, in either order, in checkAttempts and checkReassignment", () => {
    const later = cp7("cp-r2", 12, first);
    for (const checkpoints of [[first, later], [later, first]]) {
      const at = checkpoints.indexOf(later);
      const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints });
      expect(regressed(r)).toStrictEqual([[`checkpoints.${at}.control_fence_set.2`, ">= 13", "12"]]);
      expect(r.findings.find((f) => f.code === "CHECKPOINT_FENCE_REGRESSED")?.message).toContain("cp-r2 is a later revision of CP-7");
      const reassigned = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), record("att-2")], checkpoints });
      expect(reassigned.findings.filter((f) => f.code === "CHECKPOINT_FENCE_REGRESSED").map((f) => f.dimension)).toStrictEqual(["ancestor_fences"]);
    }
  });
  it("reaches an earlier revision through the chain, not only the prior named", () => {
    // cp-r1 at 14, cp-r2 at 13 (back from cp-r1), cp-r3 at 13: not before its prior, but before cp-r1.
    const top = cp7(record("cp-7").revision_id, 14);
    const second = cp7("cp-r2", 13, top);
    const third = cp7("cp-r3", 13, second);
    const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [third, top, second] });
    expect(regressed(r)).toStrictEqual([["checkpoints.0.control_fence_set.2", ">= 14", "13"], ["checkpoints.2.control_fence_set.2", ">= 14", "13"]]);
    // cp-r2 not given: the chain stops there, and cp-r3 is compared with nothing.
    expect(regressed(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [third, top] }))).toStrictEqual([]);
  });
  it("allows a later revision fencing the same head or a later one, and two revisions no chain orders", () => {
    for (const position of [13, 14]) expect(regressed(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [first, cp7("cp-r2", position, first)] }))).toStrictEqual([]);
    // Neither names the other: which is later is unknown, so neither is held to the other here.
    const other = { ...cp7("cp-r2", 12), prior_revision_ref: null };
    expect(regressed(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [first, other] }))).toStrictEqual([]);
  });
});
