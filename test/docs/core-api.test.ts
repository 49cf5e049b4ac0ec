// The README's core API section and core/index.ts agree: every value the package exports is named
// there, and every name its table's first column gives is exported, so a reader neither misses a
// function nor looks for one that is not there.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as core from "../../core/index.js";

const README = readFileSync(join(import.meta.dirname, "..", "..", "README.md"), "utf8");
const start = README.indexOf("\n## The core API\n");
const SECTION = README.slice(start, README.indexOf("\n## ", start + 1));
const exported = Object.keys(core);

/** The names in the first cell of each row of the section's table (`checkLine(text, ...)` is `checkLine`). */
const tabled = SECTION.split("\n")
  .filter((line) => line.startsWith("| `"))
  .flatMap((row) => [...(row.split(" | ")[0] as string).matchAll(/`([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string));

describe("the README's core API section", () => {
  it("is found, with its table", () => {
    expect(start).toBeGreaterThan(0);
    expect(tabled.length).toBeGreaterThan(40);
  });
  it("names every value core/index.ts exports", () => {
    expect(exported.filter((name) => !SECTION.includes(`\`${name}`) && !SECTION.includes(` ${name}\``) && !new RegExp(`\\b${name}\\(`).test(SECTION))).toEqual([]);
  });
  it("tables only names core/index.ts exports", () => {
    expect(tabled.filter((name) => !exported.includes(name))).toEqual([]);
  });
});
