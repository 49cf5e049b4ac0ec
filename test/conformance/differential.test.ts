// The differential check (differential/README.md): 3,000 seeded lines, mutated from valid ones, read
// by the core and by an independent Python validator written from the spec and the README's notes;
// the verdict and the set of error codes must agree. A failure names the first line they disagree
// on, with both answers: either the core or the validator is wrong, and the README says how to tell.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const differential = join(import.meta.dirname, "differential");

function compare(args: readonly string[]): { status: number; output: string } {
  try {
    const output = execFileSync("python3", [join(differential, "compare.py"), ...args], { encoding: "utf8", env: { ...process.env, PYTHONIOENCODING: "utf-8" } });
    return { status: 0, output };
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { status?: number; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") throw new Error("python3 is missing: apt-get install -y python3 (.ci/run installs it)");
    return { status: failed.status ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("differential check of single-line validation", () => {
  it("agrees with the independent validator on 3,000 seeded lines", { timeout: 60_000 }, () => {
    const { status, output } = compare(["3000", "1", "--first"]);
    expect(output, "the first line the core and the validator read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The validator told to read every money value as valid disagrees with the core on some line.
    const { status, output } = compare(["3000", "1", "--first", "--break-money"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { line: expect.any(String) }, core: { ok: expect.any(Boolean) } });
  });
});
