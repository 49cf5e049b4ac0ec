// A count, position or whole-number duration past 2^53-1 is refused, and the message says why:
// `1e21` is a whole number, so "is a whole number" alone read as if the value were fine.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const messages = (x: unknown) => validateRecord(x).findings.map((f) => [f.code, f.path, f.message]);

describe("a whole number past 2^53-1", () => {
  it("refuses a token budget of 1e21, saying the bound", () => {
    const c = record("d-parent-1");
    expect(messages({ ...c, limits: { ...c.limits, max_tokens: 1e21 } })).toStrictEqual([["DELEGATION_SCHEMA", "limits.max_tokens", "limits.max_tokens is a whole number, at most 2^53-1 (9007199254740991)"]]);
  });
  it("says the same of a fraction and of a control position past the bound, and passes 2^53-1", () => {
    const c = record("d-parent-1");
    expect(messages({ ...c, limits: { ...c.limits, max_concurrency: 1.5 } }).map((m) => m[2])).toStrictEqual(["limits.max_concurrency is a whole number, at most 2^53-1 (9007199254740991)"]);
    const fences = record("fences-d-extract-1");
    expect(validateRecord(fences.map((f: any, i: number) => (i === 0 ? { ...f, position: Number.MAX_SAFE_INTEGER } : f))).ok).toBe(true);
    expect(messages(fences.map((f: any, i: number) => (i === 0 ? { ...f, position: 2 ** 53 } : f))).map((m) => m[2])).toStrictEqual(["0.position is a whole number, at most 2^53-1 (9007199254740991)"]);
  });
});
