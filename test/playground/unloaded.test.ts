// When the playground's code does not arrive (a file missing after a deploy, a network that drops
// it), in Debian's Chromium against the built site: the page says so, and waits for a reload
// rather than asking again without end or waiting forever.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fragmentOf, servedChromium } from "./page-suite.js";

const served = servedChromium();

/** A page whose files matching `missing` answer 404, with its uncaught errors. */
async function openWithout(missing: string, fragment = ""): Promise<{ page: Page; uncaught: string[] }> {
  const page = await served.browser().context.newPage();
  const uncaught: string[] = [];
  page.on("pageerror", (e) => uncaught.push(e.message));
  await page.route(`**/assets/${missing}-*.js`, (r) => r.fulfill({ status: 404, body: "not found" }));
  await page.goto(served.site().url + fragment);
  return { page, uncaught };
}


describe("the page's script missing", () => {
  it("leaves a page that says its script did not load, not a blank one", async () => {
    const { page } = await openWithout("index");
    await page.waitForLoadState("networkidle");
    expect(await page.locator("body").innerText()).toContain("its script did not load or run here: reload the page");
  });
});

describe("a tab's code missing", () => {
  it("is said once, and not asked for again on every frame", async () => {
    const { page, uncaught } = await openWithout("mailbox-view");
    await page.getByRole("tablist", { name: "Playground views" }).waitFor();
    await page.getByRole("tab", { name: "Mailbox" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("reload the page to try again");
    // Preact runs effects after a frame: a view asked for again on every render asks for frames
    // without end; a page that waits for a reload asks for none.
    const frames = await page.evaluate(async () => {
      let n = 0;
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (f) => (n++, raf(f));
      await new Promise((r) => setTimeout(r, 1000));
      return n;
    });
    expect(frames).toBe(0);
    expect(uncaught).toStrictEqual([]);
  });
});

describe("the examples' lines missing", () => {
  it("says the examples could not be loaded, as a tab's code missing is said, leaves the text as it was, and throws nothing", async () => {
    // The buttons are on the first screen; the lines they load come in a file of their own.
    const { page, uncaught } = await openWithout("examples");
    await page.getByRole("button", { name: "Handoff, question, completion", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/^The examples could not be loaded \(.+\): reload the page to try again\.$/);
    expect(await page.getByRole("status").filter({ hasText: "Loading…" }).count()).toBe(0);
    expect(await page.locator("#conversation").inputValue()).toBe("");
    expect(uncaught).toStrictEqual([]);
  });
});

describe("the expectations' reader missing", () => {
  it("checks the thread without the sender's expectations and says why, the lab says it could not be loaded, and throws nothing", async () => {
    // Loaded once the state holds expectations or the lab opens: a page opened plain never asks.
    const plain = await openWithout("expectations");
    await plain.page.getByRole("tablist", { name: "Playground views" }).waitFor();
    const ho = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len";
    const fragment = await fragmentOf(plain.page, { text: ho, expectations: { "research-01": { expectAcc: "len:120w", record: "" } } });
    const { page, uncaught } = await openWithout("expectations", fragment);
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => problem.textContent()).toMatch(/^The sender's expectations cannot be read: their reader did not load \(.+\)\. Readbacks are checked without them; reload the page to try again\.$/);
    await expect.poll(() => page.locator(".summary[data-lines]").textContent()).toMatch(/^1 line: 1 valid, 0 refused\./);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => page.locator("#panel-readback [role=alert]").textContent()).toContain("This view could not be loaded (");
    expect(uncaught).toStrictEqual([]);
  });
});

describe("the custom profile's checker missing", () => {
  it("says the profile cannot be read and why, not that it is being read, and throws nothing", async () => {
    const first = await openWithout("custom-profile");
    const fragment = await fragmentOf(first.page, { text: "RW1 HO a-1 from=a to=b item=x ask=DRAFT", profile: "custom", legendProfile: "custom", customProfile: JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" } }) });
    const { page, uncaught } = await openWithout("custom-profile", fragment);
    await page.getByRole("tablist", { name: "Playground views" }).waitFor();
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => problem.textContent()).toContain("The custom profile cannot be read: its checker did not load");
    expect(await problem.textContent()).toContain("reload the page to try again");
    await page.getByRole("tab", { name: "Legend" }).click();
    await expect.poll(() => page.locator("#panel-legend .problems[role=alert]").first().textContent()).toContain("its checker did not load");
    expect(uncaught).toStrictEqual([]);
  });
});

describe("the link reader missing", () => {
  it("says the link's state could not be read and why, opens an empty playground, and throws nothing", async () => {
    // Loaded only for a page opened with a link (open-link.ts): a page opened plain never asks.
    const plain = await openWithout("open-link");
    await plain.page.getByRole("tablist", { name: "Playground views" }).waitFor();
    expect(await plain.page.getByRole("alert").count()).toBe(0);
    const fragment = await fragmentOf(plain.page, { text: "RW1 HO a-1 from=a to=b item=x ask=DRAFT" });
    const { page, uncaught } = await openWithout("open-link", fragment);
    await page.getByRole("tablist", { name: "Playground views" }).waitFor();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("This link's state could not be read (");
    expect(await page.getByRole("alert").textContent()).toContain("The playground starts empty.");
    expect(await page.locator("#conversation").inputValue()).toBe("");
    expect(uncaught).toStrictEqual([]);
  });
});

