// A record read as one part of a document (`contract`, `prior`, `attempts.0`) is checked alone, and its
// findings' messages open with the place they are on, in the record: `record_id is required`.
// Re-homed under the part, a message opening so opens with its full place (`contract.record_id is
// required`), as a list read by schema already said `heads.0.project_id is required`: an API reader
// of `message` alone (the Worker's JSON, `checkAttempts`) could not tell which record it was on.
// A message opening otherwise keeps its words; its path is full either way.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as d from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const messages = (r: { findings: readonly d.DelegationFinding[] }): [string, string | undefined, string][] => r.findings.map((f) => [f.code, f.path, f.message]);
const without = (x: Record<string, unknown>, field: string): Record<string, unknown> => Object.fromEntries(Object.entries(x).filter(([k]) => k !== field));
const contract = record("d-research-2-r1");

describe("a finding on a record inside a document opens with its full place", () => {
  it("every part a check reads: its record's missing field", () => {
    const cases: [string, d.DelegationResult<unknown> | { findings: readonly d.DelegationFinding[] }][] = [
      ["contract", d.checkAttemptsDocument({ contract: without(contract, "record_id"), attempts: [] })],
      ["attempts.0", d.checkAttemptsDocument({ contract, attempts: [without(record("att-1"), "record_id")] })],
      ["checkpoints.0", d.checkAttemptsDocument({ contract, attempts: [], checkpoints: [without(record("cp-7"), "record_id")] })],
      ["prior", d.checkReassignmentDocument({ prior: without(contract, "record_id"), next: record("d-research-2-r2") })],
      ["next", d.checkReassignmentDocument({ prior: contract, next: without(record("d-research-2-r2"), "record_id") })],
      ["parent", d.checkChildDocument({ parent: without(record("d-parent-1"), "record_id"), child: record("d-child-ok"), chain: record("chain-d-child-ok") })],
      ["child", d.checkChildDocument({ parent: record("d-parent-1"), child: without(record("d-child-ok"), "record_id"), chain: record("chain-d-child-ok") })],
      ["chain", d.checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: without(record("chain-d-child-ok"), "record_id") })],
      ["siblings.0", d.checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok"), siblings: [without(record("d-child-ok"), "record_id")] })],
      ["contract", d.evaluatePermissionDocument({ contract: without(record("d-extract-1"), "record_id"), card: record("card-agent-extractor-r3") })],
      ["card", d.evaluatePermissionDocument({ contract: record("d-extract-1"), card: without(record("card-agent-extractor-r3"), "record_id") })],
      ["next", d.checkCardRevisionDocument({ prior: record("card-agent-helper-r1"), next: without(record("card-agent-helper-r1"), "record_id") })],
    ];
    for (const [part, r] of cases) expect(messages(r)).toContainEqual(["DELEGATION_SCHEMA", `${part}.record_id`, `${part}.record_id is required`]);
  });

  it("a rule's finding opening with its field, and one opening with the place holding it", () => {
    const attempt = { ...record("att-1"), ended_at: "2020-01-01T00:00:00Z" };
    expect(messages(d.checkAttemptsDocument({ contract, attempts: [attempt] }))).toContainEqual(["TIME_ORDER", "attempts.0.ended_at", "attempts.0.ended_at is before started_at"]);
    const fenced = record("att-1");
    fenced.control_fence_set[0].project_id = "SPACE-RW";
    const r = d.checkAttemptsDocument({ contract, attempts: [fenced] });
    expect(r.findings.find((f) => f.code === "FENCE_SET_NOT_CONTROL")).toMatchObject({ path: "attempts.0.control_fence_set.0.project_id", message: expect.stringMatching(/^attempts\.0\.control_fence_set\.0: project_id SPACE-RW is not a control stream/) });
  });

  it("a later mention of a place beside the finding's, in the same list, is under the part too", () => {
    const attempt = record("att-1");
    attempt.effects.push({ ...attempt.effects[0] });
    const r = d.checkAttemptsDocument({ contract, attempts: [attempt] });
    expect(r.findings.find((f) => f.code === "ID_REUSED")?.message).toMatch(/^attempts\.0\.effects\.\d\.effect_id EFF-STAGE-SRC-71 is also attempts\.0\.effects\.0's:/);
  });

  it("the field's bare name later in the sentence is a word, not a place, and keeps its spelling", () => {
    const r = d.checkAttemptsDocument(JSON.parse(`{"contract": ${JSON.stringify({ ...contract, constructor: "x" })}, "attempts": []}`));
    expect(messages(r)).toContainEqual(["DELEGATION_SCHEMA", "contract.constructor", expect.stringMatching(/^contract\.constructor: a field named constructor cannot be kept/)]);
  });

  it("a message opening with no place keeps its words; its path is full", () => {
    const old = { ...contract, schema_ref: { ...contract.schema_ref, version: "0.9" } };
    const f = d.checkReassignmentDocument({ prior: old, next: record("d-research-2-r2") }).findings.find((x) => x.code === "SCHEMA_UNSUPPORTED_READ");
    expect(f).toMatchObject({ path: "prior.schema_ref", message: expect.stringMatching(/^schema rw-agent-delegation\/0\.9 is not supported/) });
  });

  it("the CLI prints the message alone, its place leading it, and ` at PATH` where the message opens otherwise", () => {
    const rw = (args: string[], input: string): string => spawnSync(process.execPath, [join(import.meta.dirname, "..", "..", "..", "dist", "cli", "rw.js"), ...args], { input, encoding: "utf8" }).stdout;
    const out = rw(["delegation", "check-attempts"], JSON.stringify({ contract: {}, attempts: [{ kind: "x" }] }));
    expect(out).toContain("\n  error DELEGATION_SCHEMA: contract.record_id is required\n");
    expect(out).not.toContain(" at contract.record_id");
    const old = { ...contract, schema_ref: { ...contract.schema_ref, version: "0.9" } };
    expect(rw(["delegation", "check-reassignment"], JSON.stringify({ prior: old, next: record("d-research-2-r2") }))).toContain("note SCHEMA_UNSUPPORTED_READ at prior.schema_ref: schema rw-agent-delegation/0.9 is not supported");
  });
});
