/**
 * Debian's Chromium driven by playwright-core, for the playground's tests and benchmark: a fresh
 * profile in a temporary directory each launch, and the built site served from 127.0.0.1 on a
 * free port by a small static server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { chromium } from "playwright-core";
import type { BrowserContext, Page } from "playwright-core";

export const ROOT = join(import.meta.dirname, "..", "..");
export const DIST = join(ROOT, "playground", "dist");
export const CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a new user-data-dir, removed again on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
  const profile = mkdtempSync(join(tmpdir(), "rw-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

export interface Site {
  readonly url: string;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at a free port; `/` is index.html. */
export async function serveStatic(dir: string = DIST): Promise<Site> {
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir} has no index.html: npm run build:playground`);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const file = normalize(join(dir, path === "/" ? "index.html" : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A page of the site, with what went wrong on it: uncaught errors, console errors, dialogs. */
export interface Opened {
  readonly page: Page;
  /** Uncaught errors and console errors. */
  readonly errors: string[];
  /** Every dialog (alert, confirm, prompt) the page opened. */
  readonly dialogs: string[];
}

/** Opens the site (with a URL fragment) in a new page, recording its errors and dismissing dialogs. */
export async function openPage(browser: Browser, url: string): Promise<Opened> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await page.getByRole("tablist", { name: "Playground views" }).waitFor();
  return { page, errors, dialogs };
}
