// The RW-003 conformance cases (test/conformance/delegation/) against the core, in Node. The same
// cases run inside workerd (test/worker/delegation.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as delegation from "../../core/delegation/index.js";
import { runStep } from "./delegation-suite.js";
import type { DelegationCase, Negative } from "./delegation-suite.js";

const DIR = join(import.meta.dirname, "delegation");
const read = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const records = Object.fromEntries(readdirSync(join(DIR, "records")).map((f) => [f.replace(/\.json$/, ""), read(join(DIR, "records", f))]));
const examples = readdirSync(join(DIR, "examples")).sort().map((f) => ({ file: f, data: read(join(DIR, "examples", f)) as DelegationCase }));
const negatives = readFileSync(join(DIR, "negatives.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Negative);

describe("delegation/examples", () => {
  it("has the four worked examples of section 11, each named after its file", () => {
    for (const s of ["11.1", "11.2", "11.3", "11.4"]) expect(examples.some((e) => e.data.section === s), s).toBe(true);
    for (const e of examples) expect(`${e.data.id}.json`).toBe(e.file);
  });
  for (const { data } of examples) {
    describe(data.id, () => {
      for (const step of data.steps) it(step.name, () => expect(runStep(step, records, delegation)).toStrictEqual([]));
    });
  }
});

describe("delegation/negatives.jsonl", () => {
  it("has unique ids, and each names its rule and expects a refusal or a note", () => {
    expect(new Set(negatives.map((n) => n.id)).size).toBe(negatives.length);
    for (const n of negatives) expect(n.rule.length, n.id).toBeGreaterThan(5);
  });
  for (const n of negatives) it(`${n.id}: ${n.rule}`, () => expect(runStep(n, records, delegation)).toStrictEqual([]));
});
