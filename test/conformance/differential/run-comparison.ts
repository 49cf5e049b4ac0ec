// Runs one of this folder's comparisons (its compare*.py scripts) with its arguments: its
// exit status and what it printed, the first divergence with --first.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export function runComparison(script: string, args: readonly string[]): { status: number; output: string } {
  try {
    const output = execFileSync("python3", [join(import.meta.dirname, script), ...args], { encoding: "utf8", env: { ...process.env, PYTHONIOENCODING: "utf-8" } });
    return { status: 0, output };
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { status?: number; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") throw new Error("python3 is missing: apt-get install -y python3 (.ci/run installs it)");
    return { status: failed.status ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}
