// One history a control stream (section 1.2): "position is a monotonically increasing integer local
// to that exact control branch", and a ControlBoundaryRef is "the exact {project_id, branch_id,
// position, event_id, event_digest} of one authority-stream head". Two boundaries the records given
// fence in one stream naming two events at one position, or one event at two positions or with two
// digests, show a fork or a forged head (FENCE_FORK).
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationCheckpoint, DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const forks = (r: { findings: readonly { code: string; path?: string; dimension?: string; expected?: string; received?: string }[] }) =>
  r.findings.filter((f) => f.code === "FENCE_FORK").map((f) => [f.path, f.dimension, f.expected, f.received]);
/** A record with its fence set's boundary `j` changed. */
const fencing = (name: string, j: number, change: object) => {
  const r = record(name);
  return { ...r, control_fence_set: r.control_fence_set.map((b: object, i: number) => (i === j ? { ...b, ...change } : b)) };
};
const check = (attempts: unknown[], checkpoints: unknown[] = [record("cp-7")]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts, checkpoints });
const SPACE_12 = `EV-SPACE-12@12 ${record("att-1").control_fence_set[2].event_digest}`;
const OTHER_DIGEST = `sha256:${"e".repeat(64)}`;

describe("two boundaries of one control stream that disagree (FENCE_FORK)", () => {
  it("passes 11.4: ATT-1, CP-7 and ATT-2 fence space:SPACE-RW at the one event EV-SPACE-12", () => {
    expect(check([record("att-1"), record("att-2")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses another event at a position another record fenced", () => {
    const r = check([record("att-1"), fencing("att-2", 2, { event_id: "EV-SPACE-12-B" })]);
    expect(r.ok).toBe(false);
    expect(codes(r)).toStrictEqual(["FENCE_FORK"]);
    expect(forks(r)).toStrictEqual([["attempts.1.control_fence_set.2", "ancestor_fences", SPACE_12, `EV-SPACE-12-B@12 ${record("att-1").control_fence_set[2].event_digest}`]]);
    expect(r.findings[0]?.message).toContain("ATT-2 fences rw-control:SPACE-RW space:SPACE-RW at position 12 with the event EV-SPACE-12-B, where ATT-1 (attempts.0.control_fence_set.2) fences " + SPACE_12);
  });
  it("refuses the same event with another digest, and the same event at another position", () => {
    const digest = check([record("att-1"), fencing("att-2", 2, { event_digest: OTHER_DIGEST })]);
    expect(forks(digest)).toStrictEqual([["attempts.1.control_fence_set.2", "ancestor_fences", SPACE_12, `EV-SPACE-12@12 ${OTHER_DIGEST}`]]);
    expect(digest.findings[0]?.message).toContain("of digest " + OTHER_DIGEST);
    const moved = check([record("att-1"), fencing("att-2", 2, { position: 13 })]);
    expect(forks(moved).map((f) => f[0])).toStrictEqual(["attempts.1.control_fence_set.2"]);
    expect(moved.findings[0]?.message).toContain("at the event EV-SPACE-12 at position 13");
  });
  it("compares a checkpoint with the attempts, one finding a boundary that disagrees with the first fenced", () => {
    const r = check([record("att-1"), record("att-2")], [fencing("cp-7", 1, { event_id: "DB4-FORGED" })]);
    expect(forks(r).map((f) => f[0])).toStrictEqual(["checkpoints.0.control_fence_set.1"]);
    const twice = check([record("att-1"), fencing("att-2", 2, { event_id: "EV-SPACE-12-B" })], [fencing("cp-7", 2, { event_id: "EV-SPACE-12-C" })]);
    expect(forks(twice).map((f) => f[0])).toStrictEqual(["attempts.1.control_fence_set.2", "checkpoints.0.control_fence_set.2"]);
  });
  it("never compares two streams: one position in two branches, or in two control projects, holds two events", () => {
    const agentB = fencing("att-2", 0, { position: 2, event_id: "EV-AGENT-B-2" });
    expect(codes(check([record("att-1"), agentB]))).not.toContain("FENCE_FORK");
    const otherSpace = fencing("cp-7", 2, { project_id: "rw-control:SPACE-OTHER", event_id: "EV-OTHER-12" });
    expect(codes(check([record("att-1"), record("att-2")], [otherSpace]))).not.toContain("FENCE_FORK");
  });
  it("is checked by the typed API, and in a reassignment, denied on ancestor_fences", () => {
    const att2 = fencing("att-2", 2, { event_id: "EV-SPACE-12-B" });
    const typed = checkAttempts(read<DelegationContract>(record("d-research-2-r1")), [read<ExecutionAttempt>(record("att-1")), read<ExecutionAttempt>(att2)], [read<DelegationCheckpoint>(record("cp-7"))]);
    expect(codes(typed)).toStrictEqual(["FENCE_FORK"]);
    // ATT-2 ended, having consumed nothing, so that r2's remaining budget holds (as reassign-resume-fence-stale has it).
    const ended = { ...att2, issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), ended], checkpoints: [record("cp-7")] });
    expect(r.ok).toBe(false);
    expect(codes(r)).toStrictEqual(["FENCE_FORK"]);
    expect(r.failed).toStrictEqual(["ancestor_fences"]);
  });
});

// An event id is read inside its stream (section 1.2): a ControlBoundaryRef names an event with its
// stream, "{project_id, branch_id, position, event_id, event_digest}", "Each extension event is
// appended to exactly one control-plane stream", and no sentence makes an event id unique across
// streams (1.1 makes event IDs a type of their own, apart from the record IDs that are "never
// reused"). So one id in two streams is no finding; the same id at two positions of one stream is.
describe("the same event id in two control streams (no finding)", () => {
  const agentB = (event_id: string) => fencing("att-2", 0, { event_id });
  const withPolicy = (att: any, event_id: string, position: number) => ({ ...att, control_fence_set: [...att.control_fence_set.slice(0, 2), { project_id: "rw-control:SPACE-RW", branch_id: "policy:POLICY-RW", position, event_id, event_digest: OTHER_DIGEST }, att.control_fence_set[2]] });
  it("passes ATT-2 fencing agent:AGENT-B at 1 as EV-AGENT-A-2, the id ATT-1 fences agent:AGENT-A at 2 with", () => {
    expect(check([record("att-1"), agentB("EV-AGENT-A-2")])).toMatchObject({ ok: true, findings: [] });
  });
  it("passes one id at one position of two streams, in one fence set and across records, with two digests", () => {
    // policy:POLICY-RW at 12 as EV-SPACE-12, beside space:SPACE-RW at 12 as EV-SPACE-12 (ATT-1, CP-7, ATT-2).
    expect(check([record("att-1"), withPolicy(record("att-2"), "EV-SPACE-12", 12)])).toMatchObject({ ok: true, findings: [] });
    // And at another position: DB4, delegation:D-RESEARCH-2's event at 4 (ATT-1, CP-7), is policy:POLICY-RW's at 9.
    expect(check([record("att-1"), withPolicy(record("att-2"), "DB4", 9)])).toMatchObject({ ok: true, findings: [] });
  });
  it("still refuses the same id at another position inside one stream", () => {
    expect(forks(check([record("att-1"), fencing("att-2", 2, { position: 13 })])).map((f) => f[0])).toStrictEqual(["attempts.1.control_fence_set.2"]);
  });
  it("passes in the typed API and a reassignment", () => {
    const typed = checkAttempts(read<DelegationContract>(record("d-research-2-r1")), [read<ExecutionAttempt>(record("att-1")), read<ExecutionAttempt>(agentB("EV-AGENT-A-2"))], [read<DelegationCheckpoint>(record("cp-7"))]);
    expect(typed).toMatchObject({ ok: true, findings: [] });
    const ended = { ...withPolicy(agentB("EV-AGENT-A-2"), "DB4", 9), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), ended], checkpoints: [record("cp-7")] });
    expect(r).toMatchObject({ ok: true, decision: "allow", findings: [] });
  });
});
