// The check-thread cases (threads/*.json) against the core, in Node.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLine, coreVocabulary } from "../../core/index.js";
import { createThreadAudit } from "../../core/thread.js";
import { resolve } from "../vocabularies.js";
import { runThreadCase } from "./threads-suite.js";
import type { ThreadCase } from "./threads-suite.js";

const dir = join(import.meta.dirname, "threads");
const cases = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({ file: f, data: JSON.parse(readFileSync(join(dir, f), "utf8")) as ThreadCase }));
const api = { checkLine, createThreadAudit, resolve: (p: string | null) => resolve(p) ?? (p === null ? coreVocabulary : undefined) };

describe("threads/", () => {
  it("has cases, each named after its file", () => {
    expect(cases.length).toBeGreaterThan(30);
    for (const c of cases) expect(`${c.data.id}.json`).toBe(c.file);
  });
  for (const { data } of cases) it(data.id, () => expect(runThreadCase(data, api)).toStrictEqual([]));
});
