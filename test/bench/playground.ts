/**
 * The playground's incremental checking, measured in Chromium (issue 6): a 1,000-line conversation
 * checked from scratch and after one-character edits, timed around the checker alone, beside the
 * core's own one pass; then one character typed into the real page. Prints; asserts nothing.
 * `npm run bench:playground`, and the end of `npm run bench`. Skipped without /usr/bin/chromium.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, DIST, launchChromium, serveStatic } from "../playground/browser.js";
import { checkerFigures, describeFigures, renderFigures } from "../playground/measure-incremental.js";

if (!existsSync(CHROMIUM)) {
  console.log(`playground: skipped (${CHROMIUM} is missing; apt-get install -y chromium)`);
} else {
  if (!existsSync(join(DIST, "index.html"))) {
    const { build } = await import("vite");
    await build({ configFile: join(import.meta.dirname, "..", "..", "playground", "vite.config.ts"), logLevel: "warn" });
  }
  const browser = await launchChromium();
  const site = await serveStatic();
  try {
    const figures = await checkerFigures(browser.context);
    const render = await renderFigures(browser.context, site.url);
    console.log(describeFigures(figures, render).join("\n"));
  } finally {
    await browser.close();
    await site.close();
  }
}
