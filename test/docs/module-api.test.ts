// The entry points `rogerwilco/delegation` and `rogerwilco/mailbox` and their READMEs agree: every
// value and type each exports is named, in a code span that starts with its name, in README.md or
// in the module's own README (as an API row, a type, or an adapter helper), so a reader finds what
// an export is for without reading its source.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as delegation from "../../core/delegation/index.js";
import * as mailbox from "../../core/mailbox/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const EXPORTS = (JSON.parse(read("package.json")) as { exports: Record<string, { default?: string }> }).exports;

/** The source an entry point is built from: `./dist/core/mailbox/index.js` is `core/mailbox/index.ts`. */
const sourceOf = (entry: string): string => (EXPORTS[entry]?.default ?? "").replace(/^\.\/dist\/(.*)\.js$/, "$1.ts");

/** Every name an index re-exports, values and types alike (`export { a, b } from`, `export type { C } from`). */
const exportedNames = (source: string): string[] =>
  [...source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s/gm)].flatMap((m) => (m[1] as string).split(",").map((name) => name.trim()).filter((name) => name !== ""));

/** Named: some code span starts with the name, whole (`isCallsign(name)` names `isCallsign`, not `isCall`). */
const names = (readme: string, name: string): boolean => new RegExp(`\`${name}(?![\\w$])`).test(readme);

const modules = [
  { entry: "./delegation", runtime: delegation, readme: "core/delegation/README.md" },
  { entry: "./mailbox", runtime: mailbox, readme: "core/mailbox/README.md" },
];

describe.each(modules)("the entry point $entry", ({ entry, runtime, readme }) => {
  const source = sourceOf(entry);
  const exported = exportedNames(read(source));
  const readmes = [read("README.md"), read(readme)];

  it("is built from an index whose exports are all read here", () => {
    expect(source).toMatch(/^core\/\w+\/index\.ts$/);
    expect(exported.length).toBeGreaterThan(100);
    expect(Object.keys(runtime).filter((name) => !exported.includes(name))).toEqual([]);
  });
  it("has every export, value or type, named in README.md or its module's README", () => {
    expect(exported.filter((name) => !readmes.some((text) => names(text, name)))).toEqual([]);
  });
});
