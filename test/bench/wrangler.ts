/**
 * `wrangler dev` for the Worker benchmark (worker.ts): started in its own process group on a free
 * loopback port with its state in a fresh temporary directory, ready when GET /v1/health answers,
 * and stopped as a whole group (wrangler, esbuild, workerd) however the benchmark ends.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");
/** `npm start` listens there; another engineer's Worker may be running on it. */
const RESERVED = new Set([8787]);

export interface DevServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** The process group wrangler leads (wrangler, esbuild, workerd), to read their CPU time; null if it did not start. */
  readonly group: number | null;
  /** Milliseconds from spawning wrangler to the first answer of GET /v1/health. */
  readonly readyMs: number;
  /** What wrangler printed (the last 64 KiB). */
  output(): string;
  /** Ends the whole process group and removes the state directory (unless the caller gave it); safe to call twice. */
  stop(): Promise<void>;
}

/** Whether `port` can be bound on 127.0.0.1 now (0: any free port); resolves to the port bound, or null. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/** `preferred` if it is free, else a free port the system picks (never a reserved one). */
export async function freePort(preferred: number): Promise<number> {
  if (!RESERVED.has(preferred) && (await tryPort(preferred)) !== null) return preferred;
  for (let i = 0; i < 10; i++) {
    const port = await tryPort(0);
    if (port !== null && !RESERVED.has(port)) return port;
  }
  throw new Error("no free loopback port for wrangler dev");
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `wrangler dev --ip 127.0.0.1` and waits (at most `readyTimeoutMs`) for GET /v1/health.
 * `--log-level warn`: at the default level wrangler prints one line per request, which at a few
 * hundred requests a second costs its Node process about a third of the throughput of both
 * routes; warnings and build errors still show.
 */
export async function startWrangler(options: { port?: number; readyTimeoutMs?: number; state?: string } = {}): Promise<DevServer> {
  const port = await freePort(options.port ?? 8799);
  const inspectorPort = await freePort(port + 1 === 8787 ? port + 2 : port + 1);
  // A state directory given is the caller's, kept when wrangler stops (a restart finds it as it was).
  const kept = options.state !== undefined;
  const state = options.state ?? mkdtempSync(join(tmpdir(), "rw-bench-wrangler-"));
  const forget = (): void => {
    if (!kept) rmSync(state, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(
    WRANGLER,
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-ip", "127.0.0.1", "--inspector-port", String(inspectorPort), "--persist-to", state, "--log-level", "warn", "--show-interactive-dev-session=false"],
    { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  let log = "";
  const keep = (chunk: Buffer): void => {
    log += chunk.toString("utf8");
    if (log.length > 65_536) log = log.slice(-65_536);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = signal === null ? `exit code ${code}` : `signal ${signal}`;
      resolve();
    });
    child.once("error", (error) => {
      exited = error.message;
      resolve();
    });
  });

  // The group, not only wrangler: it starts esbuild and workerd, which would outlive it.
  const killGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined || exited !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const onExit = (): void => killGroup("SIGKILL");
  const onSignal = (signal: NodeJS.Signals): void => {
    killGroup("SIGKILL");
    forget();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    killGroup("SIGTERM");
    await Promise.race([exit, sleep(5_000)]);
    // wrangler may leave workerd behind on SIGTERM; the group goes, whatever is left of it.
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is empty.
      }
    }
    process.off("exit", onExit);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    forget();
  };

  const server: DevServer = { origin, port, group: child.pid ?? null, readyMs: 0, output: () => log, stop };
  try {
    const deadline = started + (options.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (exited !== null) throw new Error(`wrangler dev ended before it answered (${exited}):\n${log.slice(-4_000)}`);
      try {
        const answer = await fetch(`${origin}/v1/health`, { signal: AbortSignal.timeout(2_000) });
        const body = (await answer.json()) as { ok?: unknown; name?: unknown };
        if (answer.ok && body.ok === true && body.name === "rogerwilco") return { ...server, readyMs: Date.now() - started };
      } catch {
        // Not listening yet, or not answering yet.
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer GET ${origin}/v1/health within ${((options.readyTimeoutMs ?? 60_000) / 1000).toFixed(1)} s:\n${log.slice(-4_000)}`);
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
