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

// The playground's initial JavaScript: what playground/index.html loads before anything is asked
// (its module script and the modules it preloads), built by Vite as `npm run build:playground`
// builds it, each file gzipped at level 9. Chunks loaded later (the legend's tokenizer) are listed
// apart. Budget: 60 kB (Preact, the core and the app).
{
  const { build: viteBuild } = await import("vite");
  const { mkdtempSync, readFileSync, readdirSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const out = mkdtempSync(join(tmpdir(), "rw-playground-size-"));
  try {
    await viteBuild({ configFile: join(here, "..", "..", "playground", "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true } });
    const html = readFileSync(join(out, "index.html"), "utf8");
    const initial = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\.\/([^"]+\.js)"/g)].map((m) => m[1] as string);
    const size = (file: string): { raw: number; gzip: number } => {
      const code = readFileSync(join(out, file));
      return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    };
    const sizes = initial.map(size);
    const gzip = sizes.reduce((n, s) => n + s.gzip, 0);
    const raw = sizes.reduce((n, s) => n + s.raw, 0);
    const PLAYGROUND_BUDGET = 60 * 1024;
    console.log(`the playground's initial JavaScript (${initial.join(", ")}: Preact, the core and the app): ${kB(gzip)} gzipped (${kB(raw)} minified); budget ${kB(PLAYGROUND_BUDGET)}, ${gzip <= PLAYGROUND_BUDGET ? "within" : "OVER"}`);
    const later = readdirSync(join(out, "assets")).filter((f) => f.endsWith(".js") && !initial.includes(`assets/${f}`));
    for (const f of later) console.log(`  loaded when asked for: ${f.replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js")} ${kB(size(`assets/${f}`).gzip)} gzipped`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
