// The README's examples work when pasted: every `sh` block followed by a `text` block is run in the
// repository and must print exactly that; every `ts` block is run and each `// → value` comment
// must be what its line prints.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");

interface Block {
  lang: string;
  body: string;
}

const blocks: Block[] = [...README.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] as string, body: m[2] as string }));

describe("README shell examples", () => {
  const pairs = blocks.flatMap((b, i) => (b.lang === "sh" && blocks[i + 1]?.lang === "text" ? [[b.body, (blocks[i + 1] as Block).body] as const] : []));
  it("has examples", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(5);
  });
  for (const [command, expected] of pairs) {
    it(command.trim().slice(0, 90), () => {
      const r = spawnSync("bash", ["-c", command], { cwd: ROOT, encoding: "utf8" });
      expect(r.stdout).toBe(expected);
    });
  }
});

describe("README TypeScript examples", () => {
  const scripts = blocks.filter((b) => b.lang === "ts");
  it("has examples", () => {
    expect(scripts.length).toBeGreaterThanOrEqual(1);
  });
  for (const script of scripts) {
    it(script.body.split("\n").find((l) => l.includes("→"))?.trim().slice(0, 80) ?? "example", () => {
      // Inside the package, "rogerwilco" resolves to this package itself through its exports map.
      const dir = mkdtempSync(join(ROOT, "test", "docs", ".run-"));
      try {
        const file = join(dir, "example.mts");
        writeFileSync(file, script.body);
        const out = execFileSync(process.execPath, ["--import", "tsx", file], { cwd: ROOT, encoding: "utf8" });
        const expected = script.body.split("\n").flatMap((l) => {
          const m = /\/\/ → (.*)$/.exec(l);
          return m ? [m[1] as string] : [];
        });
        expect(out.trimEnd().split("\n")).toStrictEqual(expected);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe("README conformance notes", () => {
  // Cited by number from code, vectors and the CHANGELOG: a note out of order or a number taken
  // twice (as a merge of two branches' notes can leave) makes those citations ambiguous.
  it("are numbered 1, 2, 3, ... in order, each number once", () => {
    const section = README.slice(README.indexOf("\n## Conformance notes\n"), README.indexOf("\n## ", README.indexOf("\n## Conformance notes\n") + 1));
    const numbers = [...section.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers).toStrictEqual(numbers.map((_, i) => i + 1));
  });
});
