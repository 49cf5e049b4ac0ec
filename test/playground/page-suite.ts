/**
 * What every page test file sets up: the built site served, Chromium launched, screenshots' folder
 * made; at the end, no page or console error in any page opened, and everything closed.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium, openPage, serveStatic } from "./browser.js";
import type { Page } from "playwright-core";
import type { Browser, Opened, Site } from "./browser.js";

export const SHOTS = join(import.meta.dirname, "screenshots");

export interface PageSuite {
  /** Opens the site, with a URL fragment, in a new page whose errors the suite checks at the end. */
  open(fragment?: string): Promise<Opened>;
  /** The served site (after the suite's beforeAll). */
  site(): Site;
}

/** Registers the suite's hooks; `clipboard` lets pages read and write the clipboard. */
export function pageSuite(options: { readonly clipboard?: boolean } = {}): PageSuite {
  let site: Site | undefined;
  let browser: Browser | undefined;
  const opened: Opened[] = [];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    site = await serveStatic();
    browser = await launchChromium();
    if (options.clipboard === true) await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  }, 60_000);
  afterAll(async () => {
    for (const o of opened) expect(o.errors, "no page or console error").toStrictEqual([]);
    await browser?.close();
    await site?.close();
  });
  const served = (): Site => {
    if (site === undefined) throw new Error("pageSuite: the site is served in beforeAll");
    return site;
  };
  return {
    async open(fragment = "") {
      const o = await openPage(browser as Browser, served().url + fragment);
      opened.push(o);
      return o;
    },
    site: served,
  };
}

/**
 * The built site served and Chromium launched for a test file whose pages are opened by hand (with
 * routes or error handling of their own), both closed after its tests.
 */
export function servedChromium(): { site(): Site; browser(): Browser } {
  let site: Site | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await serveStatic();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("servedChromium: the site and browser are ready in beforeAll");
    return value;
  };
  return { site: () => ready(site), browser: () => ready(browser) };
}

/**
 * A page of the site, its uncaught errors, and whether it asked for the chunk named `chunk`
 * (`profiles`, `json-forms`); `missing`: that chunk answers 404.
 */
export async function openWatching(served: ReturnType<typeof servedChromium>, chunk: string, missing = false): Promise<{ page: Page; uncaught: string[]; asked: () => boolean }> {
  const before = served.site().requests.length;
  const page = await served.browser().context.newPage();
  const uncaught: string[] = [];
  page.on("pageerror", (e) => uncaught.push(e.message));
  if (missing) await page.route(`**/assets/${chunk}-*.js`, (r) => r.fulfill({ status: 404, body: "not found" }));
  await page.goto(served.site().url);
  await page.getByRole("tablist", { name: "Playground views" }).waitFor();
  return { page, uncaught, asked: () => served.site().requests.slice(before).some((p) => p.includes(`/${chunk}-`)) };
}

/** A link's fragment holding `state`, made in the page as the playground makes one (`#s1.` and deflate-raw, base64url). */
export const fragmentOf = async (page: Page, state: object): Promise<string> =>
  page.evaluate(async (json) => {
    const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    return `#s1.${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
  }, JSON.stringify(state));
