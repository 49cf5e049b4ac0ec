/**
 * The playground's checker in two trees, paired: the bench's own edits (editTexts of
 * test/playground/incremental-entry.ts over measure-incremental's 1,000-line conversation) checked
 * by each tree's checker, bundled as the bench bundles it for Chromium, in CPU time
 * (process.cpuUsage), so that other processes' load counts less than in wall time. Each run is a
 * process of its own (one tree's garbage does not land in the other's time), the two trees taking
 * turns, the order swapped each pair. Prints each run's medians and the medians over the runs;
 * asserts nothing. Used to measure a change to playground/src/check in Node:
 *
 *   git archive <base> core playground/src profiles package.json | tar -x -C /tmp/base
 *   ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   node --import tsx test/bench/checker-pair.ts /tmp/base [pairs] [rounds a run] [another tree in place of this one]
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { build } from "esbuild";
import type { CheckSettings, Checker } from "../../playground/src/check/checker.js";
import type { resolverFor } from "../../playground/src/profiles.js";
import { editTexts, shown } from "../playground/incremental-entry.js";
import { CONVERSATION } from "../playground/measure-incremental.js";

const KINDS = ["scratch", "tail", "any", "lineBreak"] as const;
type Figures = Record<(typeof KINDS)[number], number>;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/**
 * A tree's checker bundled as measure-incremental bundles it for Chromium (esbuild, minified): run
 * through tsx instead, every function a closure makes is named at run time (esbuild's keepNames),
 * which costs more than some of the work measured.
 */
async function load(root: string): Promise<{ createChecker: () => Checker; settings: CheckSettings }> {
  const bundle = await build({
    stdin: { contents: 'export { createChecker } from "./playground/src/check/checker.ts"; export { resolverFor } from "./playground/src/profiles.ts";', resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = bundle.outputFiles[0]?.text ?? "";
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { createChecker: () => Checker; resolverFor: typeof resolverFor };
  return { createChecker: module.createChecker, settings: { resolve: module.resolverFor(null), now: "20261002T1200Z", expectations: new Map(), as: null } };
}

/** One run: a warm-up that also compares each kind's last result with a check from scratch, then `rounds` timed. */
async function run(root: string, rounds: number): Promise<Figures> {
  const { createChecker, settings } = await load(root);
  const text = CONVERSATION.join("\n");
  const sets = editTexts(text, 200, 100);
  const cpu = (f: () => void): number => {
    const c = process.cpuUsage();
    f();
    const d = process.cpuUsage(c);
    return (d.user + d.system) / 1000;
  };
  const times: Record<string, number[]> = {};
  for (let r = 0; r <= rounds; r++) {
    // From scratch five times, a new checker each: one check's time swings with when the collector runs.
    const scratch = cpu(() => {
      for (let k = 0; k < 5; k++) createChecker().check(text, settings);
    }) / 5;
    const checker = createChecker();
    checker.check(text, settings);
    for (const kind of ["tail", "any", "lineBreak"] as const) {
      const texts = sets[kind];
      let last: ReturnType<Checker["check"]> | null = null;
      const t = cpu(() => {
        for (const x of texts) last = checker.check(x, settings);
      });
      if (r === 0) {
        if (last === null || shown(last) !== shown(createChecker().check(texts[texts.length - 1] as string, settings))) throw new Error(`${root}: ${kind} edits differ from a check from scratch`);
      } else (times[kind] ??= []).push(t / texts.length);
    }
    if (r > 0) (times["scratch"] ??= []).push(scratch);
  }
  return Object.fromEntries(KINDS.map((k) => [k, median(times[k] ?? [])])) as Figures;
}

const args = process.argv.slice(2);
if (args[0] === "--run") {
  console.log(JSON.stringify(await run(args[1] as string, Number(args[2]))));
} else {
  const [baseDir, pairsArg, roundsArg, otherDir] = args;
  if (baseDir === undefined) throw new Error("usage: checker-pair.ts <base tree> [pairs] [rounds a run] [other tree, default this one]");
  const trees = { base: resolve(baseDir), this: resolve(otherDir ?? resolve(import.meta.dirname, "..", "..")) };
  const pairs = Number(pairsArg ?? 4);
  const rounds = roundsArg ?? "6";
  const results: Record<string, Figures[]> = { base: [], this: [] };
  const show = (f: Figures): string => KINDS.map((k) => `${k} ${f[k].toFixed(3)}`).join("  ");
  for (let p = 0; p < pairs; p++) {
    for (const name of p % 2 === 0 ? (["base", "this"] as const) : (["this", "base"] as const)) {
      const out = execFileSync(process.execPath, ["--import", "tsx", import.meta.filename, "--run", trees[name], rounds], { encoding: "utf8" });
      const f = JSON.parse(out.trim().split("\n").pop() as string) as Figures;
      results[name]?.push(f);
      console.log(`pair ${p + 1} ${name.padEnd(4)} ${show(f)} ms`);
    }
  }
  for (const k of KINDS) {
    const a = median((results["base"] ?? []).map((f) => f[k]));
    const b = median((results["this"] ?? []).map((f) => f[k]));
    console.log(`${k.padEnd(9)} base ${a.toFixed(3)} ms  this ${b.toFixed(3)} ms  ${(b / a).toFixed(2)}x`);
  }
}
