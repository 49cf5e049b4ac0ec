// An attempt under a contract revision is its delegatee's: the delegatee's exact card revision, its
// agent Actor revision as executor, the contract's accountable operator (section 1: "one bounded
// objective for one delegatee"; 1.1: an attempt's "actor, operator, delegation ... remain exact";
// 11.4: AGENT-B "does not impersonate" ATT-1). Permission holds every effect to the same three
// (CARD_MISMATCH, EXECUTOR_MISMATCH, OPERATOR_MISMATCH); checkAttempts holds the records to them.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
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
