// The committed conformance tables are the oracle's output, byte for byte (oracle/README.md): a row
// edited by hand in a JSONL file without its generator, or a generator edited without regenerating,
// fails here, naming the first row that differs. python3 is required, not optional (.ci/run installs
// it): a guard that skipped where python3 is missing would let the tables drift silently again.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const conformance = import.meta.dirname;
const oracle = join(conformance, "oracle");

function python(args: readonly string[]): string {
  try {
    return execFileSync("python3", args, { cwd: oracle, encoding: "utf8", env: { ...process.env, PYTHONIOENCODING: "utf-8" } });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("python3 is missing: apt-get install -y python3 (.ci/run installs it)");
    throw error;
  }
}

/** Where a generated table first departs from the committed one, or undefined where they are the same bytes. */
function tableDifference(file: string, committed: string, generated: string): string | undefined {
  if (committed === generated) return undefined;
  const rows = (text: string) => (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
  const want = rows(committed);
  const got = rows(generated);
  for (let row = 0; row < Math.max(want.length, got.length); row++) {
    if (want[row] === got[row]) continue;
    const id = /"id": "([^"]*)"/.exec(want[row] ?? got[row] ?? "")?.[1];
    return `${file} row ${row + 1}${id === undefined ? "" : ` (${id})`} differs from the oracle's:\n  committed: ${want[row] ?? "(no row)"}\n  generated: ${got[row] ?? "(no row)"}`;
  }
  return `${file} differs from the oracle's only in its final newline`;
}

describe("tableDifference", () => {
  it("names the first row that differs, by number and id", () => {
    const committed = '{"id": "a", "ok": true}\n{"id": "b", "ok": true}\n';
    const generated = '{"id": "a", "ok": true}\n{"id": "b", "ok": false}\n';
    expect(tableDifference("t.jsonl", committed, generated)).toMatch(/^t\.jsonl row 2 \(b\) differs/);
    expect(tableDifference("t.jsonl", committed, committed)).toBeUndefined();
  });
  it("names a row the generator does not write", () => {
    expect(tableDifference("t.jsonl", '{"id": "a"}\n{"id": "b"}\n', '{"id": "a"}\n')).toMatch(/row 2 \(b\)[^]*generated: \(no row\)/);
  });
});

describe("the oracle writes the committed tables", () => {
  const out = mkdtempSync(join(tmpdir(), "rw-oracle-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const committed = (file: string) => readFileSync(join(conformance, file), "utf8");

  it("oracle.py: lines.jsonl and json-form.jsonl", () => {
    // As the README's commands split it: the fmt- rows are the JSON-form table, the rest the lines.
    const rows = python(["oracle.py", "vectors.py"]).split("\n").filter((row) => row !== "");
    const isFormat = (row: string) => row.includes('"id": "fmt-');
    const table = (keep: (row: string) => boolean) => rows.filter(keep).map((row) => `${row}\n`).join("");
    expect.soft(tableDifference("lines.jsonl", committed("lines.jsonl"), table((row) => !isFormat(row)))).toBeUndefined();
    expect.soft(tableDifference("json-form.jsonl", committed("json-form.jsonl"), table(isFormat))).toBeUndefined();
  }, 60_000);

  it("checks.py: readbacks.jsonl, handoffs.jsonl and done.jsonl", () => {
    python(["checks.py", out]);
    for (const file of ["readbacks.jsonl", "handoffs.jsonl", "done.jsonl"]) {
      expect.soft(tableDifference(file, committed(file), readFileSync(join(out, file), "utf8"))).toBeUndefined();
    }
  }, 60_000);
});
