// A record read as one part of a document (`contract`, `prior`) or as an entry of one of its lists
// (`attempts.0`, `checkpoints.0`, `siblings.0`) is named by its place in findings on it as a whole,
// as a list read by schema (`heads.0 is required`) and a part the reader requires
// (`chain is required`) already were. validateRecord calls its own input "the document": passed on
// as it stood, a hole at attempts.0 read "the document is required", the whole input's words.
import { describe, expect, it } from "vitest";
import * as d from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const messages = (r: { findings: readonly d.DelegationFinding[] }): [string, string | undefined, string][] => r.findings.map((f) => [f.code, f.path, f.message]);
const contract = record("d-research-2-r1");
const pair = { prior: contract, next: record("d-research-2-r2") };

describe("a list entry that is missing, or no record, is named by its place", () => {
  it("check-attempts: a hole, undefined, null and a number in attempts; a hole in checkpoints", () => {
    // eslint-disable-next-line no-sparse-arrays
    const r = d.checkAttemptsDocument({ contract, attempts: [, undefined, null, 5], checkpoints: [undefined] });
    expect(r.ok).toBe(false);
    expect(messages(r)).toStrictEqual([
      ["DELEGATION_SCHEMA", "attempts.0", "attempts.0 is required"],
      ["DELEGATION_SCHEMA", "attempts.1", "attempts.1 is required"],
      ["DELEGATION_SCHEMA", "attempts.2", "attempts.2 is a JSON object, not null"],
      ["DELEGATION_SCHEMA", "attempts.3", "attempts.3 is a JSON object, not a number"],
      ["DELEGATION_SCHEMA", "checkpoints.0", "checkpoints.0 is required"],
    ]);
  });

  it("check-reassignment: attempts and checkpoints", () => {
    // eslint-disable-next-line no-sparse-arrays
    const r = d.checkReassignmentDocument({ ...pair, attempts: [undefined], checkpoints: [, record("cp-7")] });
    expect(r.ok).toBe(false);
    expect(messages(r).filter(([, path]) => /^(attempts|checkpoints)\.0$/.test(path ?? ""))).toStrictEqual([
      ["DELEGATION_SCHEMA", "attempts.0", "attempts.0 is required"],
      ["DELEGATION_SCHEMA", "checkpoints.0", "checkpoints.0 is required"],
    ]);
  });

  it("check-child: siblings", () => {
    // eslint-disable-next-line no-sparse-arrays
    const r = d.checkChildDocument({ parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok"), siblings: [, record("d-child-ok")] });
    expect(r.ok).toBe(false);
    expect(messages(r)).toStrictEqual([["DELEGATION_SCHEMA", "siblings.0", "siblings.0 is required"]]);
  });

  it("a part missing, or no record, is named too: no finding on a part says \"the document\"", () => {
    expect(messages(d.checkAttemptsDocument({ attempts: [] }))).toStrictEqual([["DELEGATION_SCHEMA", "contract", "contract is required"]]);
    expect(messages(d.checkReassignmentDocument({ prior: 5, next: null }))).toStrictEqual([
      ["DELEGATION_SCHEMA", "prior", "prior is a JSON object, not a number"],
      ["DELEGATION_SCHEMA", "next", "next is a JSON object, not null"],
    ]);
  });

  it("a record's own fields are named by their full place too (rehomed-messages.test.ts)", () => {
    const { attempt_id: _, ...attempt } = record("att-1");
    const r = d.checkAttemptsDocument({ contract, attempts: [attempt] });
    expect(messages(r)).toContainEqual(["DELEGATION_SCHEMA", "attempts.0.attempt_id", "attempts.0.attempt_id is required"]);
  });
});
