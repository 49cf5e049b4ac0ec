// The README's Worker examples work when pasted: every `bash` block followed by a `text` or `json`
// block is run against `wrangler dev` (as `npm start` runs it, on a free port and with fresh state)
// and must print that block.
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = [...README.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] as string, body: m[2] as string }));
const pairs = blocks.flatMap((b, i) => {
  const next = blocks[i + 1];
  return b.lang === "bash" && next !== undefined && (next.lang === "text" || next.lang === "json") ? [[b.body, next.body] as const] : [];
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

let wrangler: ChildProcess | undefined;
let port = 0;
let state = "";
let log = "";

beforeAll(async () => {
  port = await freePort();
  state = mkdtempSync(join(tmpdir(), "rw-readme-"));
  wrangler = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  wrangler.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  wrangler.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || wrangler.exitCode !== null) throw new Error(`wrangler dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(() => {
  if (wrangler?.pid !== undefined) {
    try {
      process.kill(-wrangler.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (state !== "") rmSync(state, { recursive: true, force: true });
});

describe("README Worker examples, against wrangler dev", () => {
  it("has examples", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(4);
  });
  for (const [command, expected] of pairs) {
    it(command.trim().split("\n")[0]?.slice(0, 90) ?? "example", () => {
      const r = spawnSync("bash", ["-c", command.replaceAll("127.0.0.1:8787", `127.0.0.1:${port}`)], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
      expect(r.stderr).toBe("");
      expect(r.stdout.trim()).toBe(expected.trim());
    });
  }
});
