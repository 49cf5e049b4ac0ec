// The conformance vectors against the core, inside workerd: the same suites the Node tests run
// (test/conformance/*.test.ts), the same expected results.
import { describe, expect, it } from "vitest";
import * as core from "../../core/index.js";
import { createThreadAudit } from "../../core/thread.js";
import { runDoneVector, runHandoffVector, runReadbackVector } from "../conformance/checks-suite.js";
import { runVector } from "../conformance/suite.js";
import { runThreadCase } from "../conformance/threads-suite.js";
import { resolve } from "../vocabularies.js";
import { doneVectors, handoffVectors, lineVectors, readbackVectors, threadCases } from "./vectors.js";

const lineApi = { checkLine: core.checkLine, checkMessage: core.checkMessage, digest: core.digest, formatLine: core.formatLine, refusal: core.refusal, resolve };
const checkApi = { ...core, resolve: (p: string | null) => resolve(p) ?? (p === null ? core.coreVocabulary : undefined) };

it("runs in workerd", () => {
  expect(navigator.userAgent).toBe("Cloudflare-Workers");
});

for (const [file, vectors] of Object.entries(lineVectors)) {
  describe(file, () => {
    it("has vectors with unique ids", () => {
      expect(vectors.length).toBeGreaterThan(10);
      expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length);
    });
    for (const vector of vectors) it(vector.id, () => expect(runVector(vector, lineApi)).toStrictEqual([]));
  });
}

const checks: [string, { id: string }[], (v: never) => string[]][] = [
  ["readbacks.jsonl", readbackVectors, (v) => runReadbackVector(v, checkApi)],
  ["handoffs.jsonl", handoffVectors, (v) => runHandoffVector(v, checkApi)],
  ["done.jsonl", doneVectors, (v) => runDoneVector(v, checkApi)],
];
for (const [file, vectors, run] of checks) {
  describe(file, () => {
    it("has vectors", () => expect(vectors.length).toBeGreaterThan(5));
    for (const vector of vectors) it(vector.id, () => expect(run(vector as never)).toStrictEqual([]));
  });
}

describe("threads/", () => {
  it("has cases, each named after its file", () => {
    expect(threadCases.length).toBeGreaterThan(30);
    for (const c of threadCases) expect(`${c.data.id}.json`).toBe(c.file);
  });
  const api = { checkLine: core.checkLine, createThreadAudit, resolve: checkApi.resolve };
  for (const { data } of threadCases) it(data.id, () => expect(runThreadCase(data, api)).toStrictEqual([]));
});
