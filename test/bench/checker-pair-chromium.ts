/**
 * The playground's checker in two trees, paired in Chromium: the bench's own checkerFigures
 * (test/playground/measure-incremental.ts, as `npm run bench:playground` prints them) for each
 * tree in turn in one browser, the order swapped each pair. Each tree needs its test/playground and
 * test/bench beside its core, playground/src and profiles:
 *
 *   git archive <base> core playground/src profiles package.json test/playground test/bench test/spec-examples.ts | tar -x -C /tmp/base
 *   ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   node --import tsx test/bench/checker-pair-chromium.ts /tmp/base [pairs] [another tree in place of this one]
 *
 * Prints each run's figures and the medians; asserts nothing.
 */
import { resolve } from "node:path";
import { launchChromium } from "../playground/browser.js";
import type { checkerFigures } from "../playground/measure-incremental.js";

const [baseDir, pairsArg, otherDir] = process.argv.slice(2);
if (baseDir === undefined) throw new Error("usage: checker-pair-chromium.ts <base tree> [pairs] [other tree, default this one]");
const pairs = Number(pairsArg ?? 5);
const trees = { base: resolve(baseDir), this: resolve(otherDir ?? resolve(import.meta.dirname, "..", "..")) };
const measure = async (root: string): Promise<typeof checkerFigures> =>
  ((await import(resolve(root, "test/playground/measure-incremental.ts"))) as { checkerFigures: typeof checkerFigures }).checkerFigures;
const figures = { base: await measure(trees.base), this: await measure(trees.this) };
const KINDS = ["tailEdit", "anyEdit", "lineBreak"] as const;
const rows: Record<string, { scratch: number; tailEdit: number; anyEdit: number; lineBreak: number; pct: Record<string, number> }[]> = { base: [], this: [] };
const browser = await launchChromium();
try {
  for (let p = 0; p < pairs; p++) {
    for (const name of p % 2 === 0 ? (["base", "this"] as const) : (["this", "base"] as const)) {
      const f = await figures[name](browser.context);
      if (!f.consistent) console.log(`${name}: an incremental result differs from a check from scratch`);
      const pct = Object.fromEntries(KINDS.map((k) => [k, (100 * f[k].median) / f.scratch.median]));
      rows[name]?.push({ scratch: f.scratch.median, tailEdit: f.tailEdit.median, anyEdit: f.anyEdit.median, lineBreak: f.lineBreak.median, pct });
      console.log(`pair ${p + 1} ${name.padEnd(4)} scratch ${f.scratch.median.toFixed(2)} ms | ${KINDS.map((k) => `${k} ${f[k].median.toFixed(3)} ms ${(pct[k] as number).toFixed(1)}%`).join(" | ")}`);
    }
  }
} finally {
  await browser.close();
}
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
for (const name of ["base", "this"] as const) {
  const r = rows[name] ?? [];
  console.log(`${name.padEnd(4)} medians: scratch ${median(r.map((x) => x.scratch)).toFixed(2)} ms | ${KINDS.map((k) => `${k} ${median(r.map((x) => x[k])).toFixed(3)} ms ${median(r.map((x) => x.pct[k] as number)).toFixed(1)}%`).join(" | ")}`);
}
