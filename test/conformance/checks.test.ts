// The readback, handoff and done vectors against the core, in Node.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as core from "../../core/index.js";
import { resolve } from "../vocabularies.js";
import { runDoneVector, runHandoffVector, runReadbackVector } from "./checks-suite.js";
import type { DoneVector, HandoffVector, ReadbackVector } from "./checks-suite.js";

const api = { ...core, resolve: (p: string | null) => resolve(p) ?? (p === null ? core.coreVocabulary : undefined) };
const load = <T>(file: string): T[] =>
  readFileSync(join(import.meta.dirname, file), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);

const suites: [string, (v: never) => string[]][] = [
  ["readbacks.jsonl", (v: ReadbackVector) => runReadbackVector(v, api)],
  ["handoffs.jsonl", (v: HandoffVector) => runHandoffVector(v, api)],
  ["done.jsonl", (v: DoneVector) => runDoneVector(v, api)],
] as never;

for (const [file, run] of suites) {
  describe(file, () => {
    const vectors = load<{ id: string }>(file);
    it("has unique ids", () => expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length));
    for (const vector of vectors) it(vector.id, () => expect(run(vector as never)).toStrictEqual([]));
  });
}
