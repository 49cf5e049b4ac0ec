// The playground: a static site (Vite + Preact) that runs the core in the browser. `npm run
// build:playground` writes playground/dist, which the Worker serves as its static assets
// (wrangler.jsonc); `npx vite --config playground/vite.config.ts` serves it with reloading.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import type { Plugin } from "vite";

/**
 * A strict Content-Security-Policy for the built page: scripts and styles from the site only, no
 * plugins, no base rewriting. Everything the playground shows is rendered as text already; this
 * is the second line. (The dev server's hot reloading needs more, so only the build gets it.)
 */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

function contentSecurityPolicy(): Plugin {
  return {
    name: "rw-content-security-policy",
    apply: "build",
    transformIndexHtml: (html) => html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${CSP}">`),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Relative URLs, so the built site works from any path (the Worker serves it at /).
  base: "./",
  // Preact's automatic JSX runtime, by Vite's own transformer (no Babel).
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  plugins: [contentSecurityPolicy()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // No modulepreload polyfill (0.2 kB gzipped of the first download): index.html preloads
    // nothing, and the preload helper that loads a tab's chunks asks for rel=preload itself where
    // a browser has no rel=modulepreload (Vite's detection, used once the polyfill is off).
    modulePreload: { polyfill: false },
    // The tokenizer for the legend's token count is a large chunk loaded only when asked for.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      output: {
        // Every module the page needs before anything is asked ($initial: what index.html reaches
        // by static imports) in the one file index.html loads. Without this group, Rolldown 1.2
        // puts some modules the first screen shares with a tab loaded on demand (Preact, the
        // core's vocabulary) in files of their own that index.html then loads as well: three
        // files once the readback lab loaded on demand, larger gzipped than one (measured with
        // `npm run size`). The tabs' own modules stay in their chunks.
        codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] },
      },
    },
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: false },
  preview: { host: "127.0.0.1" },
});
