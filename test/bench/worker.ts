/**
 * The Worker under load (issue 5), against `wrangler dev` on 127.0.0.1 started here (wrangler.ts)
 * and driven by autocannon, at most 60 s of load in all:
 *
 * - POST /v1/validate of one pay HO against GET /v1/health (a no-op route of the same Worker):
 *   requests per second and latencies, in alternating rounds (budget: at least 0.8x the rate);
 * - appending a line to a thread against /v1/validate of the same kind of line (budget: at most
 *   3x the cost, that is at least a third of the rate);
 * - how late the thread object's alarm marks a handoff past its `exp` (target: under 1 s).
 *
 * Same connections and round length for every route; each round's ratio is taken between rounds
 * run back to back, so drift in the machine's speed hits both sides. Prints; asserts nothing.
 * `RW_BENCH_WORKER=0 npm run bench` skips it.
 */
import autocannon from "autocannon";
import { startWrangler } from "./wrangler.js";
import type { DevServer } from "./wrangler.js";

/** Connections autocannon keeps open, for every route alike. */
const CONNECTIONS = 10;
/** Seconds of one round of one route. */
const ROUND_S = 2;
/** Alternating rounds per comparison (each round runs both routes once). */
const ROUNDS = 6;
/** Seconds of warm-up per route before its comparison (bundling, JIT, the first objects). */
const WARM_S = 1;

/**
 * Appends go to THREADS threads at a time, each taking at most LINES lines: request i goes to
 * thread i mod THREADS of its set, as line floor(i / THREADS) + 1, and when every thread of a set
 * holds LINES lines the next set of fresh threads takes over. So no thread grows past LINES lines
 * (the thread object keeps every open handoff, and check-thread sees them all), the first append
 * to a new object (its SQLite schema) is paid once every LINES appends, and concurrent requests
 * mostly reach different objects, as separate conversations would.
 */
const THREADS = 16;
const LINES = 100;

const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
/** The line appended, and validated for comparison: a core HO with a fresh id and item. */
const draftHo = (k: number): string => `RW1 HO s-${k} from=s to=r item=x:${k} ask=DRAFT`;

interface Route {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly body?: string;
  /** Varies the request each time (path and body). */
  readonly next?: () => { path: string; body: string };
  /** Whether a 2xx answer's body is the one expected (a validate that passed, a line stored). */
  readonly good: (body: string) => boolean;
}

interface Round {
  /** Good answers (2xx, and the body expected). */
  readonly good: number;
  readonly bad: number;
  readonly errors: number;
  readonly seconds: number;
  readonly latencies: number[];
}

const round = (server: DevServer, route: Route, seconds: number, headers: Record<string, string>): Promise<Round> =>
  new Promise((resolve, reject) => {
    let good = 0;
    let bad = 0;
    const latencies: number[] = [];
    const next = route.next;
    const request: autocannon.Request = {
      method: route.method,
      path: route.path,
      headers: route.body !== undefined || route.next !== undefined ? { ...headers, "content-type": "text/plain" } : headers,
      ...(route.body === undefined ? {} : { body: route.body }),
      ...(next === undefined ? {} : { setupRequest: (r: autocannon.Request) => ({ ...r, ...next() }) }),
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300 && route.good(body)) good++;
        else bad++;
      },
    };
    const instance = autocannon(
      { url: server.origin, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: [request] },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ good, bad, errors: result.errors, seconds: result.duration, latencies });
      },
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });

interface Totals {
  good: number;
  bad: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

const totals = (): Totals => ({ good: 0, bad: 0, errors: 0, seconds: 0, latencies: [] });

function add(into: Totals, r: Round): void {
  into.good += r.good;
  into.bad += r.bad;
  into.errors += r.errors;
  into.seconds += r.seconds;
  for (const ms of r.latencies) into.latencies.push(ms);
}

const rate = (t: Totals | Round): number => t.good / t.seconds;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const ms = (x: number): string => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
const rps = (x: number): string => `${Math.round(x)} req/s`;

function latencyLine(t: Totals): string {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`;
}

/** Problems a side ran into, or "" (a refused line or an error makes its figures meaningless). */
function trouble(name: string, t: Totals): string {
  return t.bad + t.errors === 0 ? "" : `\n  WARNING ${name}: ${t.bad} answers not as expected, ${t.errors} connection errors or timeouts`;
}

/** Alternating rounds of `baseline` and `subject` after a warm-up of each; the subject's rate over the baseline's per round. */
async function compare(server: DevServer, baseline: Route, subject: Route, headers: Record<string, string>): Promise<{ base: Totals; subj: Totals; ratios: number[] }> {
  await round(server, baseline, WARM_S, headers);
  await round(server, subject, WARM_S, headers);
  const base = totals();
  const subj = totals();
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which side goes first, so neither always follows the other.
    const first = r % 2 === 0 ? baseline : subject;
    const a = await round(server, first, ROUND_S, headers);
    const b = await round(server, first === baseline ? subject : baseline, ROUND_S, headers);
    const [rb, rs] = first === baseline ? [a, b] : [b, a];
    add(base, rb);
    add(subj, rs);
    ratios.push(rate(rs) / rate(rb));
  }
  return { base, subj, ratios };
}

const range = (xs: readonly number[]): string => `${Math.min(...xs).toFixed(2)}x to ${Math.max(...xs).toFixed(2)}x`;

async function validateAgainstNoop(server: DevServer, headers: Record<string, string>): Promise<void> {
  const health: Route = { method: "GET", path: "/v1/health", good: (b) => b.startsWith('{"ok":true') };
  const validate: Route = { method: "POST", path: "/v1/validate", body: PAY_HO, good: (b) => b.startsWith('{"ok":true') };
  const { base, subj, ratios } = await compare(server, health, validate, headers);
  const ratio = median(ratios);
  console.log(
    `/v1/validate of one pay HO (text/plain): ${ratio.toFixed(2)}x the requests/s of GET /v1/health, the no-op route (${rps(rate(subj))} vs ${rps(rate(base))}; rounds ${range(ratios)}; budget at least 0.8x, ${ratio >= 0.8 ? "within" : "UNDER"})` +
      `\n  latency: validate ${latencyLine(subj)}; health ${latencyLine(base)}` +
      trouble("validate", subj) +
      trouble("health", base),
  );
}

async function appendAgainstValidate(server: DevServer, headers: Record<string, string>): Promise<void> {
  let validated = 0;
  const validate: Route = {
    method: "POST",
    path: "/v1/validate",
    next: () => ({ path: "/v1/validate", body: draftHo(++validated) }),
    good: (b) => b.startsWith('{"ok":true'),
  };
  let appended = 0;
  const used = new Set<string>();
  const tag = Date.now().toString(36);
  const append: Route = {
    method: "POST",
    path: "/v1/threads/x/lines",
    next: () => {
      const i = appended++;
      const set = Math.floor(i / (THREADS * LINES));
      const thread = `bench-${tag}-${set}-${i % THREADS}`;
      used.add(thread);
      return { path: `/v1/threads/${thread}/lines`, body: draftHo(Math.floor(i / THREADS) % LINES + 1) };
    },
    // A "duplicate" (a retry of the same id) is cheaper than an append, so it does not count.
    good: (b) => b.includes('"status":"stored"'),
  };
  const { base, subj, ratios } = await compare(server, validate, append, headers);
  // Cost is time per request: the validate rate over the append rate.
  const costs = ratios.map((r) => 1 / r);
  const cost = median(costs);
  console.log(
    `append a line to a thread (POST /v1/threads/{thread}/lines, one core HO with a fresh id): ${cost.toFixed(2)}x the cost of /v1/validate of the same kind of line (${rps(rate(subj))} vs ${rps(rate(base))}; rounds ${range(costs)}; budget 3x, ${cost <= 3 ? "within" : "OVER"})` +
      `\n  latency: append ${latencyLine(subj)}; validate ${latencyLine(base)}` +
      `\n  threads: ${THREADS} at a time, at most ${LINES} lines each (${appended} appends sent, warm-up included, over ${used.size} threads)` +
      trouble("append", subj) +
      trouble("validate", base),
  );
}

const minuteText = (ms: number): string => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
};

interface ThreadState {
  readonly orphaned: readonly { readonly handoff: string; readonly code: string; readonly at: string; readonly marked: number }[];
  readonly alarm: number | null;
}

/**
 * Two fresh threads each get an HO whose `exp` is the current minute (the next one when fewer
 * than 2 s are left, so the append lands before the moment), which makes it late at the start of
 * the following minute; each is polled every 200 ms until the object's alarm lists it as orphaned.
 * Lateness is the alarm's `marked` (the object's clock) less that moment.
 */
async function alarmLateness(server: DevServer, headers: Record<string, string>): Promise<void> {
  const now = Date.now();
  const expMs = Math.floor((now + 2_000) / 60_000) * 60_000;
  const exp = minuteText(expMs);
  const late = expMs + 60_000;
  const tag = now.toString(36);
  const threads = [1, 2].map((n) => ({ thread: `alarm-${tag}-${n}`, id: `s-${n}` }));
  for (const { thread, id } of threads) {
    const answer = await fetch(`${server.origin}/v1/threads/${thread}/lines`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: `RW1 HO ${id} from=s to=r item=x:alarm-${id} ask=DRAFT exp=${exp}`,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await answer.text();
    if (!answer.ok || !text.includes('"status":"stored"')) throw new Error(`alarm bench: the HO was not stored (${answer.status}): ${text}`);
  }
  const deadline = Math.min(now + 75_000, late + 15_000);
  const found = await Promise.all(
    threads.map(async ({ thread, id }) => {
      let scheduled: number | null = null;
      while (Date.now() < deadline) {
        try {
          const answer = await fetch(`${server.origin}/v1/threads/${thread}`, { headers, signal: AbortSignal.timeout(5_000) });
          const state = (await answer.json()) as ThreadState;
          scheduled ??= state.alarm;
          const orphan = state.orphaned.find((o) => o.handoff === id);
          if (orphan !== undefined) return { lateness: orphan.marked - late, scheduled };
        } catch {
          // A slow answer: poll again.
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      return { lateness: null, scheduled };
    }),
  );
  const figures = found.map((f) => (f.lateness === null ? "never marked" : `${f.lateness} ms`));
  const worst = Math.max(...found.map((f) => f.lateness ?? Number.POSITIVE_INFINITY));
  const alarms = found.map((f) => (f.scheduled === null ? "none" : f.scheduled === late ? "at the moment" : `${f.scheduled - late} ms off the moment`));
  console.log(
    `alarm: an HO with exp=${exp} is late from ${new Date(late).toISOString()}; the object marked it orphaned ${figures.join(" and ")} after that (two threads; target under 1 s, ${worst < 1_000 ? "within" : "OVER"}; alarms set ${alarms.join(", ")})`,
  );
}

export async function benchWorker(): Promise<void> {
  const headers: Record<string, string> = process.env["RW_TOKEN"] ? { authorization: `Bearer ${process.env["RW_TOKEN"]}` } : {};
  const server = await startWrangler({ port: 8799, readyTimeoutMs: 60_000 });
  try {
    const load = 2 * (2 * WARM_S + ROUNDS * 2 * ROUND_S);
    console.log(
      `worker: wrangler dev on ${server.origin} (state in a fresh temporary directory; answered in ${(server.readyMs / 1000).toFixed(1)} s); autocannon, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_S} s per route after ${WARM_S} s warm-ups (${load} s of load in all)`,
    );
    await validateAgainstNoop(server, headers);
    await appendAgainstValidate(server, headers);
    await alarmLateness(server, headers);
    const errors = server.output().match(/^.*(✘|\[ERROR\]|Build failed|Reloading).*$/gm);
    if (errors !== null) console.log(`  WARNING wrangler printed during the run (a rebuild would skew the figures):\n    ${errors.slice(0, 5).join("\n    ")}`);
  } finally {
    await server.stop();
  }
}
