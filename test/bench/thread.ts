/**
 * check-thread at scale (issue 3): time per line of a streamed conversation at 10,000 and at
 * 1,000,000 lines, read (parseLine) and audited (createThreadAudit), and the peak memory of each.
 * Linear means the per-line time at 1,000,000 is within 1.3x of that at 10,000; memory holds what
 * closure needs, never the lines. Prints; asserts nothing.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { coreVocabulary, parseLine } from "../../dist/core/index.js";
import type { Vocabulary } from "../../dist/core/index.js";
import { createThreadAudit } from "../../dist/core/thread.js";
import { formatNs } from "./measure.js";
import { threadConversation } from "./thread-corpus.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const used = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

interface Run {
  /** Nanoseconds a line, the whole stream: generating, reading and auditing it. */
  readonly ns: number;
  /** Highest heap used plus array buffers seen (every 1,024 lines), above the start. */
  readonly peak: number;
  /** What the audit and its report keep after a full collection, above the start. */
  readonly retained: number;
  readonly handoffs: number;
}

/**
 * Streams `lines` lines through parseLine and (if `audit`) the audit. With `memory`, collects
 * first and samples the heap; timing runs do neither, since a forced collection makes V8 warm up
 * again and would charge that to short runs.
 */
function run(lines: number, vocabulary: Vocabulary, audit: boolean, memory: boolean): Run {
  // Twice: array buffers freed by one collection are counted until the next.
  if (memory) {
    gc();
    gc();
  }
  const base = memory ? used() : 0;
  let peak = 0;
  const thread = createThreadAudit({ now: "20261002T1200Z", vocabulary: (p) => (p === vocabulary.name ? vocabulary : undefined) });
  let n = 0;
  const start = process.hrtime.bigint();
  for (const line of threadConversation(lines)) {
    const parsed = parseLine(line, line.includes(" p=") ? vocabulary : coreVocabulary);
    n++;
    if (audit && parsed.ok) thread.add(parsed.value, n);
    if (memory && (n & 1023) === 0) peak = Math.max(peak, used() - base);
  }
  const report = thread.finish();
  const ns = Number(process.hrtime.bigint() - start) / lines;
  if (memory) {
    gc();
    gc();
  }
  const retained = memory ? used() - base : 0;
  // The audit's state and its report, both still reachable here, are what `retained` measures.
  if (thread.finish() !== report || (audit && (report.counts.messages !== lines || !report.ok))) throw new Error("bench conversation did not audit cleanly");
  return { ns, peak: Math.max(peak, retained), retained, handoffs: report.counts.handoffs };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

export function benchThread(vocabulary: Vocabulary): void {
  const small = 10_000;
  const large = 1_000_000;
  for (let i = 0; i < 8; i++) run(small, vocabulary, true, false);
  const smallMemory = run(small, vocabulary, true, true);
  const smalls = (count: number): number[] => Array.from({ length: count }, () => run(small, vocabulary, true, false).ns);
  const reading = median(Array.from({ length: 11 }, () => run(small, vocabulary, false, false).ns));
  // Three runs, the first also sampling memory: a major collection of a 200 MB heap lands in one
  // run and not another (two runs read 9.80 and 12.43 µs a line once), and their median drops it.
  // Each is read against the 10,000-line runs just before and after it: this shared machine's
  // speed moves over the half minute the runs take (under load, the runs just before one large
  // run read 21.3 µs a line and those just after it 14.2), so sides measured apart, the 10,000-line
  // runs all in one block first, compare that movement as much as the audit.
  const bracket = 7;
  const pairs: { large: Run; small: number; before: number; after: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const before = smalls(bracket);
    const r = run(large, vocabulary, true, i === 0);
    const after = smalls(bracket);
    pairs.push({ large: r, small: median([...before, ...after]), before: median(before), after: median(after) });
  }
  const ratios = pairs.map((p) => p.large.ns / p.small);
  const ratio = median(ratios);
  const l = median(pairs.map((p) => p.large.ns));
  const s = median(pairs.map((p) => p.small));
  const n = (x: number): string => x.toLocaleString("en");
  console.log(
    `check-thread (parseLine + createThreadAudit, streamed): ${ratio.toFixed(2)}x per line at ${n(large)} lines vs ${n(small)} ` +
      `(${formatNs(l)} vs ${formatNs(s)} per line, of which making and reading the line ${formatNs(reading)}; budget 1.3x, ${ratio <= 1.3 ? "within" : "OVER"})`,
  );
  console.log(
    `  ${n(large)} lines: three runs, ${pairs.map((p, i) => `${formatNs(p.large.ns)} against ${formatNs(p.small)} (${(ratios[i] as number).toFixed(2)}x; before ${formatNs(p.before)}, after ${formatNs(p.after)})`).join(", ")}; ` +
      `each against the median of the ${2 * bracket} ${n(small)}-line runs just before and after it, after 8 to warm up; the median ratio read`,
  );
  for (const [lines, r] of [[small, smallMemory], [large, (pairs[0] as { large: Run }).large]] as const) {
    console.log(
      `  memory at ${n(lines)} lines (heap used + array buffers, above the start): peak ${mb(r.peak)}; ` +
        `kept by the audit and its report ${mb(r.retained)} for ${n(r.handoffs)} handoffs (${Math.round(r.retained / r.handoffs)} bytes a handoff)`,
    );
  }
}
