// Incremental checking in Chromium: after a one-character edit in a 1,000-line conversation, the
// playground's checker gives what a check from scratch gives, and one edit changes one row of the
// page. The times are printed (the budget: an edit costs at most 10% of checking from scratch);
// no test asserts a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, serveStatic } from "./browser.js";
import type { Browser, Site } from "./browser.js";
import { checkerFigures, describeFigures, renderFigures } from "./measure-incremental.js";
import type { RenderFigures } from "./measure-incremental.js";
import type { IncrementalFigures } from "./incremental-entry.js";

let browser: Browser;
let site: Site;
let figures: IncrementalFigures;
let render: RenderFigures;

beforeAll(async () => {
  site = await serveStatic();
  browser = await launchChromium();
  figures = await checkerFigures(browser.context);
  render = await renderFigures(browser.context, site.url);
  console.log(describeFigures(figures, render).join("\n"));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("incremental checking of 1,000 lines in Chromium", () => {
  it("gives after every edit what a check from scratch gives", () => {
    expect(figures.lines).toBe(1000);
    expect(figures.consistent).toBe(true);
  });

  it("re-renders only the edited row", () => {
    expect(render.rowsChanged).toStrictEqual(render.rowsChanged.map(() => 1));
  });
});
