// An attempt under a contract revision is its delegatee's: the delegatee's exact card revision, its
// agent Actor revision as executor, the contract's accountable operator (section 1: "one bounded
// objective for one delegatee"; 1.1: an attempt's "actor, operator, delegation ... remain exact";
// 11.4: AGENT-B "does not impersonate" ATT-1). Permission holds every effect to the same three
// (CARD_MISMATCH, EXECUTOR_MISMATCH, OPERATOR_MISMATCH); checkAttempts holds the records to them.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const r1 = () => record("d-research-2-r1");
const found = (attempts: unknown[], contract: unknown = r1()) => checkAttemptsDocument({ contract, attempts }).findings.map((f) => [f.code, f.path]);

describe("an attempt of the contract's revision against its delegatee", () => {
  it("passes 11.4's ATT-1 under r1 by AGENT-A, and ATT-2 under r2 by AGENT-B", () => {
    expect(found([record("att-1")])).toStrictEqual([]);
    expect(found([record("att-1"), record("att-2")], record("d-research-2-r2"))).toStrictEqual([]);
  });
  it("refuses ATT-1 under r1 run by AGENT-B, r2's delegatee: it ran under no authority", () => {
    const b = record("att-2");
    const r = checkAttemptsDocument({ contract: r1(), attempts: [{ ...record("att-1"), card_ref: b.card_ref, executor_actor_ref: b.executor_actor_ref, issued_by_actor_ref: b.executor_actor_ref }] });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.dimension])).toStrictEqual([
      ["CARD_MISMATCH", "attempts.0.card_ref", "card"],
      ["EXECUTOR_MISMATCH", "attempts.0.executor_actor_ref", "executor"],
    ]);
  });
  it("compares exact revisions, digest included, and the operator", () => {
    const a = record("att-1");
    expect(found([{ ...a, card_ref: { ...a.card_ref, revision_id: "card-r3" } }])).toStrictEqual([["CARD_MISMATCH", "attempts.0.card_ref"]]);
    expect(found([{ ...a, executor_actor_ref: { ...a.executor_actor_ref, content_digest: `sha256:${"2".repeat(64)}` } }])).toStrictEqual([["EXECUTOR_MISMATCH", "attempts.0.executor_actor_ref"]]);
    expect(found([{ ...a, operator_principal_ref: "OP-OTHER" }])).toStrictEqual([["OPERATOR_MISMATCH", "attempts.0.operator_principal_ref"]]);
  });
  it("compares every record of an attempt, and leaves an attempt of another revision alone", () => {
    const a = record("att-1");
    const running = { ...a, revision_id: "att-r0", issued_at: "2026-10-04T09:05:00Z", ended_at: null, outcome: null, effects: [], budget_consumption: {}, checkpoint_refs: [] };
    const ended = { ...a, prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r0", content_digest: a.content_digest }, revision_id: "att-r1" };
    expect(found([{ ...running, executor_actor_ref: record("att-2").executor_actor_ref }, ended]).map((f) => f[0])).toStrictEqual(["EXECUTOR_MISMATCH"]);
    // ATT-2 runs under r2, whose delegatee is AGENT-B: judged by r2, which is not the contract here.
    expect(found([a, record("att-2")])).toStrictEqual([]);
  });
});

// 11.4: the resume under r2 continues from CP-7, which ATT-1's executor wrote (CHECKPOINT_WRITER_OPERATOR
// holds the writer to that attempt), so checkReassignment holds the attempts of either revision to
// their delegatee as checkAttempts does, denied on delegate.
describe("a reassignment's attempts against their revision's delegatee", () => {
  const reassign = (attempts: unknown[]) => checkReassignmentDocument({ prior: r1(), next: record("d-research-2-r2"), attempts, checkpoints: [record("cp-7")] });
  const mine = (r: { findings: readonly { code: string; path?: string; dimension?: string }[] }) => r.findings.filter((f) => ["CARD_MISMATCH", "EXECUTOR_MISMATCH", "OPERATOR_MISMATCH"].includes(f.code)).map((f) => [f.code, f.path, f.dimension]);
  it("passes 11.4's ATT-1 under r1 by AGENT-A and ATT-2 under r2 by AGENT-B", () => {
    expect(mine(reassign([record("att-1"), record("att-2")]))).toStrictEqual([]);
  });
  it("denies on delegate ATT-1 under r1 run by AGENT-B: the state CP-7 records was produced under no authority", () => {
    const b = record("att-2");
    const cp = { ...record("cp-7"), writer_actor_ref: b.executor_actor_ref };
    const r = checkReassignmentDocument({ prior: r1(), next: record("d-research-2-r2"), attempts: [{ ...record("att-1"), card_ref: b.card_ref, executor_actor_ref: b.executor_actor_ref, issued_by_actor_ref: b.executor_actor_ref }], checkpoints: [cp] });
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["delegate"] });
    expect(r.findings.map((f) => [f.code, f.path, f.dimension])).toStrictEqual([
      ["CARD_MISMATCH", "attempts.0.card_ref", "delegate"],
      ["EXECUTOR_MISMATCH", "attempts.0.executor_actor_ref", "delegate"],
    ]);
    expect(r.findings[1]?.message).toBe("attempts.0.executor_actor_ref: ATT-1 is executed by ACTOR-B@act-r1, not the delegatee Actor revision ACTOR-A@act-r1 in D-RESEARCH-2@r1: it ran under no authority");
  });
  it("holds a resume under r2 to r2's delegatee, not r1's, and the operator of each", () => {
    const a = record("att-1");
    const resumedByA = { ...record("att-2"), card_ref: a.card_ref, executor_actor_ref: a.executor_actor_ref, issued_by_actor_ref: a.executor_actor_ref };
    expect(mine(reassign([a, resumedByA]))).toStrictEqual([
      ["CARD_MISMATCH", "attempts.1.card_ref", "delegate"],
      ["EXECUTOR_MISMATCH", "attempts.1.executor_actor_ref", "delegate"],
    ]);
    expect(mine(reassign([{ ...a, operator_principal_ref: "OP-OTHER" }, record("att-2")]))).toStrictEqual([["OPERATOR_MISMATCH", "attempts.0.operator_principal_ref", "delegate"]]);
  });
  it("leaves an attempt of a third revision of the delegation alone, its delegatee not in hand", () => {
    const a = record("att-1");
    const r0 = { ...a, delegation_ref: { ...a.delegation_ref, revision_id: "r0", content_digest: `sha256:${"9".repeat(64)}` }, executor_actor_ref: record("att-2").executor_actor_ref };
    expect(mine(reassign([r0]))).toStrictEqual([]);
  });
});
