// A reassignment's resume continues from "the latest" of the prior's checkpoints (11.4: ATT-2 under r2
// from CP-7), so checkReassignment holds the checkpoints it is given to what checkAttempts holds them
// to (section 7.2): one attempt's checkpoints are numbered up as they are written (CHECKPOINT_SEQUENCE,
// denied on `inputs`), and each names its attempt's exact delegation revision and is written after
// that attempt started (CHECKPOINT_ATTEMPT_MISMATCH, denied on `budget`). Both checks carry the same
// dimension in checkAttempts.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignment, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationCheckpoint, DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

/** A checkpoint like CP-7, its own id, sequence, time and attempt, stating no remainder. */
const cp = (id: string, sequence: number, written_at: string, attempt_id = "ATT-1"): any => ({ ...record("cp-7"), record_id: id, checkpoint_id: id, sequence, written_at, issued_at: written_at, attempt_id, remaining_budget: {} });
/**
 * CP-9, a checkpoint ATT-2 wrote naming r1, the prior, where ATT-2 ran under r2. It fences the heads
 * ATT-2 fenced (AGENT-B, DB6) and r1's agent stream too, so only its revision is at fault, not its
 * fences (CHECKPOINT_FENCE_REGRESSED, FENCE_SCOPE_MISSING).
 */
const cp9 = (): any => {
  const [agentB, db6, space] = record("att-2").control_fence_set;
  return { ...cp("CP-9", 9, "2026-10-04T10:45:00Z", "ATT-2"), control_fence_set: [record("cp-7").control_fence_set[0], agentB, db6, space] };
};
/** ATT-2 under r2, ended having consumed nothing, so the prior's remainder is known with it given. */
const att2Ended = (): any => ({ ...record("att-2"), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 } } });
const reassign = (checkpoints: unknown[], attempts: unknown[] = [record("att-1")]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts, checkpoints });
const found = (r: { findings: readonly { code: string; path?: string; dimension?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension]);

describe("the prior's checkpoints in a reassignment, against one another and their attempts", () => {
  it("allows 11.4's reassignment with CP-7 unchanged, and with a later checkpoint numbered up", () => {
    expect(reassign([record("cp-7")])).toMatchObject({ ok: true, decision: "allow", failed: [], findings: [] });
    expect(reassign([record("cp-7")], [record("att-1"), att2Ended()])).toMatchObject({ ok: true, failed: [], findings: [] });
    expect(reassign([record("cp-7"), cp("CP-8", 8, "2026-10-04T10:06:00Z")])).toMatchObject({ ok: true, failed: [], findings: [] });
  });
  it("denies a resume resting on a checkpoint written later with a lower sequence (on inputs)", () => {
    const r = reassign([record("cp-7"), cp("CP-8", 3, "2026-10-04T10:06:00Z")]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["inputs"] });
    expect(found(r)).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "inputs"]]);
  });
  it("denies two checkpoints of one attempt with one sequence (on inputs)", () => {
    const r = reassign([record("cp-7"), cp("CP-8", 7, "2026-10-04T10:06:00Z")]);
    expect(r).toMatchObject({ ok: false, failed: ["inputs"] });
    expect(found(r)).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "inputs"]]);
    expect(found(reassign([record("cp-7"), cp("CP-8", 7, "2026-10-04T10:05:00.000Z")]))).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "inputs"]]);
  });
  it("denies a checkpoint written before its attempt started (on budget), and allows one written as it started", () => {
    const r = reassign([cp("CP-6", 6, "2026-10-04T09:04:59.999Z")]);
    expect(r).toMatchObject({ ok: false, failed: ["budget"] });
    expect(found(r)).toStrictEqual([["CHECKPOINT_ATTEMPT_MISMATCH", "checkpoints.0.written_at", "budget"]]);
    expect(reassign([cp("CP-6", 6, "2026-10-04T09:05:00Z")]).ok).toBe(true);
  });
  it("denies a checkpoint of the prior whose attempt ran under another revision (on budget): its remainder would count none of that attempt's consumption", () => {
    // CP-9 names r1, the prior, and its attempt ATT-2 ran under r2.
    const r = reassign([record("cp-7"), cp9()], [record("att-1"), att2Ended()]);
    expect(r).toMatchObject({ ok: false, failed: ["budget"] });
    expect(found(r)).toStrictEqual([["CHECKPOINT_ATTEMPT_MISMATCH", "checkpoints.1.delegation_ref", "budget"]]);
  });
  it("lists both dimensions when both fail, in table order; says nothing of a checkpoint whose attempt is not given", () => {
    const bad = [record("cp-7"), cp("CP-8", 3, "2026-10-04T10:06:00Z"), cp9()];
    const r = reassign(bad, [record("att-1"), att2Ended()]);
    expect(r.failed).toStrictEqual(["inputs", "budget"]);
    expect(found(r)).toStrictEqual([
      ["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "inputs"],
      ["CHECKPOINT_ATTEMPT_MISMATCH", "checkpoints.2.delegation_ref", "budget"],
    ]);
    // The same findings, with the same dimensions, as checkAttempts gives over the same records.
    expect(found(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), att2Ended()], checkpoints: bad }))).toStrictEqual(found(r));
    // Without ATT-2, CP-9's attempt is not in hand: its revision and start are not compared.
    expect(found(reassign([record("cp-7"), cp9()]))).toStrictEqual([]);
  });
  it("is checked by the typed API, and not at all without checkpoints", () => {
    const typed = checkReassignment(read<DelegationContract>(record("d-research-2-r1")), read<DelegationContract>(record("d-research-2-r2")), undefined, undefined, [read<ExecutionAttempt>(record("att-1"))], [read<DelegationCheckpoint>(record("cp-7")), read<DelegationCheckpoint>(cp("CP-8", 3, "2026-10-04T10:06:00Z"))]);
    expect(typed).toMatchObject({ ok: false, failed: ["inputs"] });
    expect(checkReassignment(read<DelegationContract>(record("d-research-2-r1")), read<DelegationContract>(record("d-research-2-r2")), undefined, undefined, [read<ExecutionAttempt>(record("att-1"))])).toMatchObject({ ok: true, failed: [] });
  });
});
