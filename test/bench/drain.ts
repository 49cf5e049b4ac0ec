/**
 * What reading a refused body to its end costs the Worker (worker/body.ts, discard): bodies of
 * 1 MiB past the limit and 1, 10 and 100 MiB more, sent chunked (no Content-Length, so the Worker
 * reads the first MiB, refuses, and drains the rest before answering 413), against the same bodies
 * with a Content-Length (refused before a byte is read) and against GET /v1/health. Against
 * `wrangler dev` on 127.0.0.1 (wrangler.ts); CPU time is read from /proc for each process of its
 * group (workerd, and wrangler's Node), so it counts everything that process did for the
 * requests, the runtime's HTTP reading and the Worker's JavaScript alike. Linux only. Prints;
 * asserts nothing. `node --import tsx test/bench/drain.ts [rounds]`
 */
import { readFileSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { performance } from "node:perf_hooks";
import { startWrangler } from "./wrangler.js";
import type { DevServer } from "./wrangler.js";

const MiB = 1024 * 1024;
const LIMIT = MiB;
const CHUNK = Buffer.alloc(64 * 1024, 0x23); // '#'
const TICK_MS = 10; // USER_HZ 100: /proc counts CPU time in ticks of 10 ms

/** CPU ticks (user + system) of each process in the group, by pid, with its name. */
function groupCpu(group: number): Map<number, { name: string; ticks: number }> {
  const out = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(")");
    const name = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // After the name: state(0) ppid(1) pgrp(2) ... utime(11) stime(12).
    if (Number(fields[2]) !== group) continue;
    out.set(Number(entry), { name, ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return out;
}

/** CPU ms each process name spent between two readings. */
function spent(before: Map<number, { name: string; ticks: number }>, after: Map<number, { name: string; ticks: number }>): Record<string, number> {
  const by: Record<string, number> = {};
  for (const [pid, now] of after) by[now.name] = (by[now.name] ?? 0) + (now.ticks - (before.get(pid)?.ticks ?? 0)) * TICK_MS;
  return by;
}

/** Sends `size` bytes of '#' to /v1/validate (chunked, or with its Content-Length), and answers the status and the wall time to the answer's end. */
function send(server: DevServer, size: number, declared: boolean): Promise<{ status: number; ms: number; error?: string }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const headers: Record<string, string> = { "content-type": "text/plain" };
    if (declared) headers["content-length"] = String(size);
    let status = 0;
    let settled = false;
    const done = (error?: string): void => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - start, ...(error === undefined ? {} : { error }) });
    };
    const req = request(`${server.origin}/v1/validate`, { method: "POST", headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", () => done());
      res.on("error", (e) => done(e.message));
    });
    req.on("error", (e) => done(e.message));
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const n = Math.min(CHUNK.length, size - sent);
        sent += n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) {
          req.once("drain", pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const rounds = Number(process.argv[2] ?? 5);
const server = await startWrangler({ port: 8797, readyTimeoutMs: 90_000 });
try {
  const group = server.group;
  if (group === null) throw new Error("wrangler did not start");
  console.log(`drain: wrangler dev on ${server.origin}; ${rounds} requests of each kind, one at a time; CPU time from /proc (10 ms ticks), summed over the requests and divided`);
  // Warm-up: the first requests bundle and start the Worker.
  for (let i = 0; i < 3; i++) await send(server, LIMIT + MiB, false);
  const cases: { name: string; run: () => Promise<{ status: number; ms: number; error?: string }> }[] = [
    {
      name: "GET /v1/health",
      run: async () => {
        const start = performance.now();
        const r = await fetch(`${server.origin}/v1/health`);
        await r.text();
        return { status: r.status, ms: performance.now() - start };
      },
    },
  ];
  for (const past of [1, 10, 100]) {
    const size = LIMIT + past * MiB;
    cases.push({ name: `${past + 1} MiB chunked (the Worker drains ${past} MiB)`, run: () => send(server, size, false) });
    cases.push({ name: `${past + 1} MiB with Content-Length (refused unread)`, run: () => send(server, size, true) });
  }
  for (const c of cases) {
    const walls: number[] = [];
    const statuses = new Set<string>();
    const before = groupCpu(group);
    for (let i = 0; i < rounds; i++) {
      const r = await c.run();
      walls.push(r.ms);
      statuses.add(r.error === undefined ? String(r.status) : `${r.status} (${r.error})`);
    }
    const cpu = spent(before, groupCpu(group));
    const each = Object.entries(cpu).filter(([, ms]) => ms > 0).map(([name, ms]) => `${name} ${(ms / rounds).toFixed(1)}`).join(", ");
    console.log(`${c.name}: wall median ${median(walls).toFixed(1)} ms (${Math.min(...walls).toFixed(1)} to ${Math.max(...walls).toFixed(1)}); CPU ms a request: ${each || "under a tick"}; answered ${[...statuses].join(", ")}`);
  }
  const errors = server.output().match(/^.*(✘|\[ERROR\]|Build failed|Reloading|restarted).*$/gm);
  if (errors !== null) console.log(`  wrangler printed:\n    ${errors.slice(0, 5).join("\n    ")}`);
} finally {
  await server.stop();
}
