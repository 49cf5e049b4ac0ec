// How the API docs tests read an entry point and its README, one rule for every entry point:
// every value and type an index re-exports is named in a code span that starts with its name.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
export const readRoot = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const EXPORTS = (JSON.parse(readRoot("package.json")) as { exports: Record<string, { default?: string }> }).exports;

/** The source an entry point is built from: `./dist/core/mailbox/index.js` is `core/mailbox/index.ts`. */
export const sourceOf = (entry: string): string => (EXPORTS[entry]?.default ?? "").replace(/^\.\/dist\/(.*)\.js$/, "$1.ts");

/**
 * Every name an index re-exports, values and types alike (`export { a, b } from`, `export type { C }
 * from`), each by the name it is exported as (`_prefix as textPrefix` is `textPrefix`).
 */
export const exportedNames = (source: string): string[] =>
  [...source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s/gm)].flatMap((m) =>
    (m[1] as string).split(",").map((name) => name.trim().split(/\s+as\s+/).at(-1) as string).filter((name) => name !== ""),
  );

/** Named: some code span starts with the name, whole (`isCallsign(name)` names `isCallsign`, not `isCall`). */
export const namesExport = (readme: string, name: string): boolean => new RegExp(`\`${name}(?![\\w$])`).test(readme);
