/**
 * `npm run size`: the core as a browser gets it, built with esbuild (minified, tree-shaken, ESM)
 * and gzipped at level 9. Prints; asserts nothing.
 */
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const here = import.meta.dirname;
const BUDGET = 12 * 1024;

async function bundle(entry: string | { contents: string; resolveDir: string }): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    ...(typeof entry === "string" ? { entryPoints: [entry] } : { stdin: { ...entry, loader: "ts" } }),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kB = (n: number): string => `${(n / 1024).toFixed(1)} kB`;

const reading = await bundle(join(here, "size-entry.ts"));
console.log(`core for a browser (parseLine, validate, digest, the pay profile via extendVocabulary): ${kB(reading.gzip)} gzipped (${kB(reading.raw)} minified); budget ${kB(BUDGET)}, ${reading.gzip <= BUDGET ? "within" : "OVER"}`);
const checking = await bundle({
  contents: 'import { compileVocabulary, coreVocabulary, digest, parseLine, validate } from "../../core/index.ts"; import pay from "../../profiles/pay.json" with { type: "json" }; const v = compileVocabulary(coreVocabulary, pay); export const read = (l) => { if (!v.ok) return null; const p = parseLine(l, v.value); return p.ok ? [validate(p.value, v.value), digest(p.value)] : p; };',
  resolveDir: here,
});
console.log(`the same, checking the profile at run time (compileVocabulary, valibot): ${kB(checking.gzip)} gzipped (${kB(checking.raw)} minified)`);
const everything = await bundle({ contents: 'export * from "../../core/index.ts";', resolveDir: here });
console.log(`the whole core API: ${kB(everything.gzip)} gzipped (${kB(everything.raw)} minified)`);
