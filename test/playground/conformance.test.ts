// The conformance vectors inside Chromium, against the same core, with the same results as in
// Node: not only the same verdicts, but every value the core returned, vector for vector.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser.js";
import type { Browser } from "./browser.js";
import { runConformance } from "./conformance-run.js";
import type { ConformanceData, Outcome } from "./conformance-run.js";

const DIR = join(import.meta.dirname, "..", "conformance");
const data: ConformanceData = {
  files: Object.fromEntries(["lines.jsonl", "json-form.jsonl", "readbacks.jsonl", "handoffs.jsonl", "done.jsonl"].map((f) => [f, readFileSync(join(DIR, f), "utf8")])),
  threads: Object.fromEntries(
    readdirSync(join(DIR, "threads"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f, JSON.parse(readFileSync(join(DIR, "threads", f), "utf8"))]),
  ),
};

let browser: Browser;
let page: Page;
let inChromium: Outcome[];
let userAgent: string;
const inNode = runConformance(data);

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: 'export { runConformance } from "./conformance-run.ts";', resolveDir: import.meta.dirname, loader: "ts" },
    bundle: true,
    format: "iife",
    globalName: "rwConformance",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto("about:blank");
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
  userAgent = await page.evaluate(() => navigator.userAgent);
  inChromium = await page.evaluate((d) => (globalThis as unknown as { rwConformance: { runConformance: typeof runConformance } }).rwConformance.runConformance(d), data);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("conformance vectors in Chromium", () => {
  it("runs in Chromium", () => {
    expect(userAgent).toMatch(/HeadlessChrome|Chrome/);
  });

  it("runs every vector of every file", () => {
    const files = new Set(inChromium.map((o) => o.file));
    expect([...files].sort()).toStrictEqual(["done.jsonl", "handoffs.jsonl", "json-form.jsonl", "lines.jsonl", "readbacks.jsonl", "threads/"]);
    expect(inChromium.length).toBe(inNode.length);
    expect(inChromium.length).toBeGreaterThan(200);
  });

  it("passes every vector", () => {
    expect(inChromium.filter((o) => o.problems.length > 0)).toStrictEqual([]);
  });

  it("returns exactly what Node returns, vector for vector", () => {
    const differ = inChromium.filter((o, k) => JSON.stringify(o) !== JSON.stringify(inNode[k])).map((o) => `${o.file} ${o.id}`);
    expect(differ).toStrictEqual([]);
    expect(inChromium).toStrictEqual(inNode);
  });
});
