/**
 * The first append to a thread near its 16 MiB after its object starts again, in `wrangler dev`
 * (the Worker bundled by esbuild, as `wrangler deploy` bundles it), against the append after it.
 * The vitest pool's figures (test/worker/bench/thread-costs.bench.ts) run the code as Vite's
 * module runner rewrites it, each call of an imported function read through a getter of its
 * module's namespace: the SHA-256 of an HO took about 50 µs there against about 5 in a bundle,
 * so that pool overstates the rebuild several times. Here wrangler is stopped and started again
 * on the same state directory for each round: the first request finds a new isolate and a new
 * object; a retry of a stored line, answered a duplicate, times that start, and the append
 * after it the audit's rebuild from the stored lines. Prints; asserts nothing.
 * `node --import tsx test/bench/thread-restart.ts [rounds]`; RW_STATE=<dir>: the thread is built
 * there the first time and found there after (so runs of two versions of the code can take
 * turns on the same thread).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { LIMITS } from "../../worker/limits.js";
import { payHandoff } from "../worker/bench/handoff-lines.js";
import { startWrangler } from "./wrangler.js";
import type { DevServer } from "./wrangler.js";

const rounds = Number(process.argv[2] ?? 5);
const THREAD = "restart-bench";
const given = process.env["RW_STATE"];
const state = given ?? mkdtempSync(join(tmpdir(), "rw-bench-restart-"));
mkdirSync(state, { recursive: true });
const built = existsSync(join(state, "built"));

const post = async (server: DevServer, body: string): Promise<{ status: number; text: string; ms: number }> => {
  const start = performance.now();
  const r = await fetch(`${server.origin}/v1/threads/${THREAD}/lines`, { method: "POST", headers: { "content-type": "text/plain" }, body });
  const text = await r.text();
  return { status: r.status, text, ms: performance.now() - start };
};

/** The pay handoffs thread-costs.bench.ts fills a thread with, to within 64 KiB of its 16 MiB (15.94 MiB). */
const HANDOFFS = 13_915;

async function build(server: DevServer): Promise<void> {
  const handoffs = HANDOFFS;
  const buildStart = performance.now();
  const lines = Array.from({ length: handoffs }, (_, i) => payHandoff(i + 1)).flat();
  let at = 0;
  while (at < lines.length) {
    let bytes = 0;
    let end = at;
    while (end < lines.length && end - at < LIMITS.lines && bytes + (lines[end] as string).length + 1 <= LIMITS.bodyBytes) bytes += (lines[end++] as string).length + 1;
    const r = await post(server, lines.slice(at, end).join("\n"));
    if (r.status !== 200 || !r.text.includes('"ok":true')) throw new Error(`append ${r.status}: ${r.text.slice(0, 300)}`);
    at = end;
  }
  console.log(`thread: ${handoffs} pay handoffs, ${lines.length} lines, built in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`);
}

/** A fresh HO of the bench's shape each time (ids no run has used). */
let k = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const ho = (): string => payHandoff(++k)[0] as string;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const range = (xs: readonly number[]): string => `median ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)})`;

const retry: number[] = [];
const first: number[] = [];
const second: number[] = [];
try {
  if (!built) {
    const server = await startWrangler({ state });
    try {
      await build(server);
    } finally {
      await server.stop();
    }
    mkdirSync(join(state, "built"));
  }
  for (let r = 0; r < rounds; r++) {
    const server = await startWrangler({ state });
    try {
      // First a retry of a stored line, answered a duplicate with no audit built: the isolate's and
      // the object's start. Then the first append, which rebuilds the audit, and the one after it.
      const again = await post(server, payHandoff(1)[0] as string);
      const a = await post(server, ho());
      const b = await post(server, ho());
      if (!again.text.includes('"status":"duplicate"') || !a.text.includes('"status":"stored"') || !b.text.includes('"status":"stored"')) throw new Error(`not as expected: ${again.text.slice(0, 200)} ${a.text.slice(0, 200)} ${b.text.slice(0, 200)}`);
      retry.push(again.ms);
      first.push(a.ms);
      second.push(b.ms);
    } finally {
      await server.stop();
    }
  }
  console.log(`a retry of a stored line, the first request after wrangler dev starts again (a new isolate and object, no audit built): ${range(retry)}`);
  console.log(`the first append after it (the audit rebuilt): ${range(first)} [${first.map((x) => x.toFixed(0)).join(", ")}]`);
  console.log(`the append after it: ${range(second)}`);
} finally {
  if (given === undefined) rmSync(state, { recursive: true, force: true });
}
