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
console.log(`core for a browser (parseLine, validate, digest, the pay profile): ${kB(reading.gzip)} gzipped (${kB(reading.raw)} minified); budget ${kB(BUDGET)}, ${reading.gzip <= BUDGET ? "within" : "OVER"}`);
const everything = await bundle({ contents: 'export * from "../../core/index.ts";', resolveDir: here });
console.log(`the whole core API: ${kB(everything.gzip)} gzipped (${kB(everything.raw)} minified)`);
