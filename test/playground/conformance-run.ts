/**
 * The conformance vectors (test/conformance/) run against the core in whatever runtime imports
 * this: the same runners as the Node and workerd tests, with every value the core returned along
 * the way recorded, so two runtimes can be compared output for output, not only pass for pass.
 * Node imports it directly; the Chromium test bundles it with esbuild and runs it in the page.
 */
import * as core from "../../core/index.js";
import { runDoneVector, runHandoffVector, runReadbackVector } from "../conformance/checks-suite.js";
import type { DoneVector, HandoffVector, ReadbackVector } from "../conformance/checks-suite.js";
import { parseVectors, runVector } from "../conformance/suite.js";
import { runThreadCase } from "../conformance/threads-suite.js";
import type { ThreadCase } from "../conformance/threads-suite.js";
import { resolve } from "../vocabularies.js";

export interface ConformanceData {
  /** The JSON-lines files, as text, by name. */
  readonly files: Readonly<Record<string, string>>;
  /** The thread cases, by file name. */
  readonly threads: Readonly<Record<string, ThreadCase>>;
}

export interface Outcome {
  readonly file: string;
  readonly id: string;
  /** What differs from the vector (empty: it conforms). */
  readonly problems: readonly string[];
  /** Every value the core returned for it, as JSON. */
  readonly outputs: string;
}

const jsonl = <T>(text: string): T[] => text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);

/** JSON of a value the core returned (Sets and Maps as arrays, so nothing is lost to {}). */
const json = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x instanceof Set ? [...x] : x instanceof Map ? [...x] : x));

/** The core's functions, each call's result appended to `log`. */
function recording(log: string[]) {
  const wrap =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      const r = f(...args);
      log.push(json(r));
      return r;
    };
  const resolveAny = (p: string | null) => resolve(p) ?? (p === null ? core.coreVocabulary : undefined);
  return {
    checkLine: wrap(core.checkLine),
    checkMessage: wrap(core.checkMessage),
    formatLine: wrap(core.formatLine),
    digest: wrap(core.digest),
    refusal: wrap(core.refusal),
    checkReadback: wrap(core.checkReadback),
    checkHandoff: wrap(core.checkHandoff),
    checkRelay: wrap(core.checkRelay),
    checkDone: wrap(core.checkDone),
    readRecord: wrap(core.readRecord),
    createThreadAudit: (options?: core.ThreadOptions): core.ThreadAudit => {
      const audit = core.createThreadAudit(options);
      return { add: wrap(audit.add), report: wrap(audit.report), handoffs: wrap(audit.handoffs), reissues: wrap(audit.reissues), reissueLine: wrap(audit.reissueLine), reissueRoot: wrap(audit.reissueRoot), withdrawnBy: wrap(audit.withdrawnBy), lineLive: wrap(audit.lineLive), findingsOf: wrap(audit.findingsOf), ownedElsewhere: wrap(audit.ownedElsewhere), finish: wrap(audit.finish) };
    },
    resolve,
    resolveAny,
  };
}

export function runConformance(data: ConformanceData): Outcome[] {
  const out: Outcome[] = [];
  const run = <V extends { id: string }>(file: string, vectors: readonly V[], fn: (v: V, api: ReturnType<typeof recording>) => string[]): void => {
    for (const v of vectors) {
      const log: string[] = [];
      let problems: string[];
      try {
        problems = fn(v, recording(log));
      } catch (error) {
        problems = [`threw: ${error instanceof Error ? error.message : String(error)}`];
      }
      out.push({ file, id: v.id, problems, outputs: `[${log.join(",")}]` });
    }
  };
  for (const file of ["lines.jsonl", "json-form.jsonl"]) run(file, parseVectors(data.files[file] ?? ""), (v, api) => runVector(v, api));
  run("readbacks.jsonl", jsonl<ReadbackVector>(data.files["readbacks.jsonl"] ?? ""), (v, api) => runReadbackVector(v, { ...api, resolve: api.resolveAny }));
  run("handoffs.jsonl", jsonl<HandoffVector>(data.files["handoffs.jsonl"] ?? ""), (v, api) => runHandoffVector(v, { ...api, resolve: api.resolveAny }));
  run("done.jsonl", jsonl<DoneVector>(data.files["done.jsonl"] ?? ""), (v, api) => runDoneVector(v, { ...api, resolve: api.resolveAny }));
  const cases = Object.keys(data.threads).sort().map((f) => data.threads[f] as ThreadCase);
  run("threads/", cases, (c, api) => runThreadCase(c, { checkLine: api.checkLine, createThreadAudit: api.createThreadAudit, resolve: api.resolveAny }));
  return out;
}
