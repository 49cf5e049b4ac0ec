/**
 * Paired measurement: a subject and its baseline are timed in alternating rounds of the same run,
 * so drift in the machine's speed hits both. Reports medians; asserts nothing.
 */
export interface Pair {
  readonly name: string;
  readonly baselineName: string;
  /** Work units per call (lines, messages), to report time per unit. */
  readonly units: number;
  readonly baseline: () => unknown;
  readonly subject: () => unknown;
}

export interface PairResult {
  readonly name: string;
  readonly baselineName: string;
  readonly subjectNs: number;
  readonly baselineNs: number;
  readonly ratio: number;
}

let sink: unknown;

/** Times `reps` calls. */
function timeOnce(fn: () => unknown, reps: number): number {
  const t = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) sink = fn();
  return Number(process.hrtime.bigint() - t) / reps;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Runs `rounds` alternating rounds of about `roundMs` each side after a warm-up. */
export function measurePair(pair: Pair, rounds = 101, roundMs = 20): PairResult {
  // Warm up both, then size a round so each side runs about roundMs.
  const warm = Date.now();
  while (Date.now() - warm < 500) {
    sink = pair.baseline();
    sink = pair.subject();
  }
  const probe = Math.max(timeOnce(pair.baseline, 3), timeOnce(pair.subject, 3));
  const reps = Math.max(1, Math.round((roundMs * 1e6) / probe));
  const ratios: number[] = [];
  const base: number[] = [];
  const subj: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const b = timeOnce(pair.baseline, reps);
    const s = timeOnce(pair.subject, reps);
    base.push(b);
    subj.push(s);
    ratios.push(s / b);
  }
  void sink;
  return {
    name: pair.name,
    baselineName: pair.baselineName,
    subjectNs: median(subj) / pair.units,
    baselineNs: median(base) / pair.units,
    ratio: median(ratios),
  };
}

export function formatNs(ns: number): string {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;
}

/** One line per figure; a figure printed for context has no budget (null) and no verdict. */
export function report(r: PairResult, budget: number | null): string {
  const verdict = budget === null ? "" : `; budget ${budget}x, ${r.ratio <= budget ? "within" : "OVER"}`;
  return `${r.name}: ${r.ratio.toFixed(2)}x ${r.baselineName} (${formatNs(r.subjectNs)} vs ${formatNs(r.baselineNs)} per unit${verdict})`;
}
