// One checkpoint given at two revisions (the same sequence, README note 103) is judged the same in
// every order: a resume superseded by a later checkpoint's revision written before it started
// (RESUME_CHECKPOINT_SUPERSEDED), and a revision fencing a stream before a lower sequence's
// checkpoint did (CHECKPOINT_FENCE_REGRESSED), each read at every revision given, not the first.
import { describe, expect, it } from "vitest";
import { checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const cp8 = (revision: string, written: string, agentPosition: number, prior: any) => {
  const cp7 = record("cp-7");
  return {
    ...cp7, record_id: "CP-8", checkpoint_id: "CP-8", sequence: 8, revision_id: revision, written_at: written, issued_at: written, remaining_budget: {},
    prior_revision_ref: prior === null ? null : { object_id: "CP-8", revision_id: prior.revision_id, content_digest: prior.content_digest },
    content_digest: `sha256:${(revision === "cp-r1" ? "8" : "9").repeat(64)}`,
    control_fence_set: agentAt(cp7, agentPosition),
  };
};
/** `r`'s fence set with the agent stream at `position`: 2 is ATT-1's own boundary, 3 the next event. */
function agentAt(r: any, position: number) {
  return r.control_fence_set.map((b: any) => (!b.branch_id.startsWith("agent:") || position === 2 ? b : { ...b, position, event_id: `EV-AGENT-A-${position}`, event_digest: `sha256:${String(position).repeat(64)}` }));
}
const permutations = <T,>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
const verdicts = (checkpoints: unknown[]) => {
  const seen = new Set<string>();
  for (const order of permutations(checkpoints)) {
    for (const attempts of [[record("att-1"), record("att-2")], [record("att-2"), record("att-1")]]) {
      const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints: order });
      seen.add(JSON.stringify({ failed: r.failed, codes: r.findings.filter((f) => f.severity === "error").map((f) => f.code).sort() }));
    }
  }
  return [...seen].map((s) => JSON.parse(s));
};

describe("a checkpoint at two revisions, in every order", () => {
  it("supersedes a resume by the revision written before it started, restated after or not", () => {
    const first = cp8("cp-r1", "2026-10-04T10:35:00Z", 2, null);
    const restated = cp8("cp-r2", "2026-10-04T10:45:00Z", 2, first);
    const all = verdicts([record("cp-7"), first, restated]);
    expect(all).toHaveLength(1);
    expect(all[0].codes).toContain("RESUME_CHECKPOINT_SUPERSEDED");
  });

  it("finds a revision fencing a stream before a lower sequence's checkpoint, given first or last", () => {
    // CP-7 fences the agent stream at 3, past ATT-1's 2; CP-8's second revision at 2 is not before
    // ATT-1's boundary, only before CP-7's.
    const cp7 = { ...record("cp-7"), control_fence_set: agentAt(record("cp-7"), 3) };
    const first = cp8("cp-r1", "2026-10-04T10:06:00Z", 3, null);
    const regressed = cp8("cp-r2", "2026-10-04T10:06:00Z", 2, first);
    const all = verdicts([cp7, first, regressed]);
    expect(all).toHaveLength(1);
    expect(all[0].codes).toContain("CHECKPOINT_FENCE_REGRESSED");
  });
});
