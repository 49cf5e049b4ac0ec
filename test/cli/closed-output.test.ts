// A reader that leaves early (`yes HO | rw validate | head -2`): rw stops reading and exits quietly.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { Readable } from "node:stream";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const HO = "RW1 HO a-1 from=a to=b item=x:y ask=DRAFT";
const FORM = JSON.stringify({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x:y", slots: { ask: "DRAFT" }, tail: null });

/** The exit of rw fed `line` without end, once the reader of `stream` has closed it after `n` lines; null if rw was still running after 10 s. */
async function closedAfter(args: string[], line: string, n: number, stream: "stdout" | "stderr" = "stdout"): Promise<{ code: number | null; signal: string | null; err: string }> {
  const child = spawn(process.execPath, [RW, ...args], { cwd: ROOT });
  // Input that never ends: only rw's stopping ends this run.
  const chunk = `${line}\n`.repeat(1000);
  Readable.from((function* () {
    for (;;) yield chunk;
  })()).pipe(child.stdin).on("error", () => undefined);
  child.stdin.on("error", () => undefined);
  let seen = 0;
  let err = "";
  const reader = child[stream];
  reader.setEncoding("utf8").on("data", (d: string) => {
    if (stream === "stderr") err += d;
    seen += d.split("\n").length - 1;
    if (seen >= n) reader.destroy();
  });
  if (stream === "stdout") child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
  else child.stdout.resume();
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const [code, signal] = (await once(child, "close")) as [number | null, string | null];
  clearTimeout(timer);
  return { code, signal, err: stream === "stderr" ? "" : err };
}

describe("a closed output stops rw", () => {
  it.each([
    [["validate"], HO],
    [["validate", "--json"], HO],
    [["parse"], HO],
    [["parse", "--json"], HO],
    [["digest"], HO],
    [["format"], FORM],
    [["check-thread", "--now", "20261002T1200Z"], "RW1 HO a-1 from=a to=b item=x DRAFT"],
  ])("rw %j with endless input exits 141, quietly, when its reader leaves", async (args, line) => {
    // check-thread prints invalid lines on stderr as it reads; the others stream on stdout.
    const stream = args[0] === "check-thread" ? "stderr" : "stdout";
    const r = await closedAfter(args, line, 2, stream);
    // Before, rw read its input for ever, judging lines for a reader that had gone (killed: SIGKILL).
    expect(r).toStrictEqual({ code: 141, signal: null, err: "" });
  }, 30_000);
  it("--file is read no further either: a large file's run ends with the reader", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rw-closed-")), "big.txt");
    writeFileSync(file, `${HO}\n`.repeat(400_000));
    const child = spawn(process.execPath, [RW, "validate", "--file", file], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.stdout.once("data", () => child.stdout.destroy());
    const started = Date.now();
    const [code] = (await once(child, "close")) as [number | null];
    expect([code, err]).toStrictEqual([141, ""]);
    // Reading the rest, as before, took seconds more (and exited 0).
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 30_000);
  it("stderr closed while stdout is read: rw parse stops too, as a tool a broken pipe ends does", async () => {
    const r = await closedAfter(["parse"], "RW1 HO a-1 from=a to=b item=x DRAFT", 2, "stderr");
    expect([r.code, r.signal]).toStrictEqual([141, null]);
  }, 30_000);
});
