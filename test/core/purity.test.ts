// core/ runs identically in workerd, browsers and Node: no platform API, no WebAssembly, and only
// the two pure dependencies. This test reads the sources so a slip fails CI, not a deploy.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const CORE = join(import.meta.dirname, "..", "..", "core");
const files = readdirSync(CORE, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
const FORBIDDEN: [string, RegExp][] = [
  ["a node: import", /from\s+["']node:/],
  ["a Node built-in import", /from\s+["'](fs|path|os|crypto|child_process|buffer|util|stream)["']/],
  ["Buffer", /\bBuffer\b/],
  ["process", /\bprocess\s*\./],
  ["WebAssembly", /WebAssembly|hash-wasm/],
  ["runtime sniffing", /navigator\s*\.|typeof\s+window|globalThis\s*\.\s*(process|Deno|Bun|navigator)/],
  // Not inside a module path: `./empty-document.js` names a file, not the DOM's document.
  ["the DOM", /(?<![\w$/-])(?:document|window)\s*\./],
];
// yaml and uuid for the mailbox (core/mailbox/): both pure, with browser builds that need no Node API.
const ALLOWED_PACKAGES = new Set(["valibot", "@noble/hashes/sha2.js", "yaml", "uuid"]);

describe("core/ is pure", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });
  for (const file of files) {
    it(file, () => {
      // Code only: comments may name what the code must not use.
      const text = readFileSync(join(CORE, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
      for (const [what, pattern] of FORBIDDEN) expect(pattern.test(text), `${file} uses ${what}`).toBe(false);
      for (const m of text.matchAll(/from\s+["']([^"']+)["']/g)) {
        const spec = m[1] as string;
        if (!spec.startsWith("./") && !spec.startsWith("../")) expect(ALLOWED_PACKAGES.has(spec), `${file} imports ${spec}`).toBe(true);
        // Subfolders (core/mailbox/) may import the core itself; nothing may import from outside core/.
        if (normalize(join(dirname(file), spec)).startsWith("..")) expect.fail(`${file} reaches outside core/: ${spec}`);
      }
    });
  }
});

// The playground reads JSON forms in its first screen, and Rollup keeps one module in one chunk:
// a valibot import anywhere under core/json-form.ts put valibot in the first download.
describe("the JSON form reader brings no schema library", () => {
  const importsOf = (file: string): string[] => {
    const text = readFileSync(join(CORE, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
    return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1] as string);
  };
  it("core/json-form.ts and what it imports, at run time", () => {
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        expect(spec, `${file} imports ${spec}`).not.toBe("valibot");
        if (spec.startsWith(".")) walk(normalize(join(dirname(file), spec.replace(/\.js$/, ".ts"))));
      }
    };
    walk("json-form.ts");
    expect(seen.size).toBeGreaterThan(3);
  });
});
