// An attempt and a checkpoint of a contract revision bind the complete fence set of their effect
// (1.2: "The PermissionDecision, ExecutionAttempt, and project-mutation request bind this exact
// fence set"; 5.1: control_scopes are the scopes "whose current heads every effect must fence";
// 7.2: a checkpoint holds the "complete control fence set"). A record missing one of those streams
// ran unfenced there: FENCE_SCOPE_MISSING from checkAttempts, at the record's control_fence_set.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const r1 = () => record("d-research-2-r1");
const without = (r: any, branch: string) => ({ ...r, control_fence_set: r.control_fence_set.filter((f: any) => f.branch_id !== branch) });
const check = (attempts: unknown[], checkpoints: unknown[] = [], contract: unknown = r1()) => checkAttemptsDocument({ contract, attempts, checkpoints });
const found = (attempts: unknown[], checkpoints: unknown[] = [], contract: unknown = r1()) =>
  check(attempts, checkpoints, contract).findings.map((f) => [f.code, f.path, f.dimension, f.expected]);

describe("the fence set an attempt or a checkpoint records", () => {
  it("passes 11.4's ATT-1 and CP-7, which fence the Space, AGENT-A and D-RESEARCH-2 streams", () => {
    expect(found([record("att-1")], [record("cp-7")])).toStrictEqual([]);
  });
  it("refuses an attempt that does not fence its own delegation stream: a revocation there could not have stopped it", () => {
    const r = check([without(record("att-1"), "delegation:D-RESEARCH-2")]);
    expect(r.ok).toBe(false);
    expect(found([without(record("att-1"), "delegation:D-RESEARCH-2")])).toStrictEqual([
      ["FENCE_SCOPE_MISSING", "attempts.0.control_fence_set", "fences", "rw-control:SPACE-RW delegation:D-RESEARCH-2"],
    ]);
  });
  it("refuses a checkpoint that does not fence its Space or its agent", () => {
    expect(found([record("att-1")], [without(without(record("cp-7"), "space:SPACE-RW"), "agent:AGENT-A")])).toStrictEqual([
      ["FENCE_SCOPE_MISSING", "checkpoints.0.control_fence_set", "fences", "rw-control:SPACE-RW space:SPACE-RW"],
      ["FENCE_SCOPE_MISSING", "checkpoints.0.control_fence_set", "fences", "rw-control:SPACE-RW agent:AGENT-A"],
    ]);
  });
  it("holds every scope the contract lists, a policy scope included, and lets a record fence more", () => {
    const contract = r1();
    const withPolicy = { ...contract, control_scopes: [...contract.control_scopes, { space_id: "SPACE-RW", scope_kind: "policy", scope_id: "POL-RW" }] };
    expect(found([record("att-1")], [], withPolicy)).toStrictEqual([["FENCE_SCOPE_MISSING", "attempts.0.control_fence_set", "fences", "rw-control:SPACE-RW policy:POL-RW"]]);
    const a = record("att-1");
    const extra = { project_id: "rw-control:SPACE-RW", branch_id: "policy:POL-RW", position: 3, event_id: "EV-POL-3", event_digest: `sha256:${"3".repeat(64)}` };
    const fenced = { ...a, control_fence_set: [...a.control_fence_set, extra].sort((x, y) => (x.branch_id < y.branch_id ? -1 : 1)) };
    expect(found([fenced], [], withPolicy)).toStrictEqual([]);
    expect(found([fenced])).toStrictEqual([]);
  });
  it("compares every record of an attempt, and leaves a record of another revision to that revision", () => {
    const a = record("att-1");
    const running = { ...a, revision_id: "att-r0", issued_at: "2026-10-04T09:05:00Z", ended_at: null, outcome: null, effects: [], budget_consumption: {}, checkpoint_refs: [] };
    const ended = { ...a, prior_revision_ref: { object_id: "ATT-1", revision_id: "att-r0", content_digest: a.content_digest }, revision_id: "att-r1" };
    expect(found([without(running, "agent:AGENT-A"), ended]).map((f) => f[1])).toStrictEqual(["attempts.0.control_fence_set"]);
    // ATT-2 runs under r2, whose streams are r2's to name: not judged against r1.
    expect(found([a, without(record("att-2"), "delegation:D-RESEARCH-2")]).filter((f) => f[0] === "FENCE_SCOPE_MISSING")).toStrictEqual([]);
  });
});
