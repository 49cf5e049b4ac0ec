// The shipped profiles' files (playground/src/profiles.ts, with profiles/index.ts and the core's
// extendVocabulary) are not in the page's first download: they load once a line may name a
// profile as the core reads it (an RW1 line's ` p=`, a JSON form's `p`), a shipped profile is
// chosen, the readback lab opens or an RW1 line of the mailbox tab's message names one. In Debian's Chromium against the built site, as the other page tests.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkLine, profileResolver, readMessage } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { resolve, vocabularies } from "../vocabularies.js";
import { openWatching, servedChromium } from "./page-suite.js";

const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=MD-2026-057 apref=FD-0929";
/** The same HO naming no profile: read with the profile chosen in the page. */
const PAY_UNNAMED = PAY_HO.replace(" p=pay", "");

const served = servedChromium();

const open = (missing = false) => openWatching(served, "profiles", missing);

const summary = (page: Page) => page.locator(".summary[data-lines]").textContent();
/** The codes the page shows for line 1, in order. */
const codes = (page: Page) => page.locator('li#line-1 > ul.findings .code').allTextContents();
const expected = (line: string, chosen: keyof ReturnType<typeof vocabularies> | null) => checkLine(line, resolverFor(chosen === null ? null : (vocabularies()[chosen] ?? null))).findings.map((f) => f.code);

describe("the shipped profiles", () => {
  it("load not for lines naming no profile, but for the first line naming one, which is then read with it", async () => {
    const { page, uncaught, asked } = await open();
    await page.fill("#conversation", HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    await page.fill("#conversation", PAY_HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await codes(page)).toStrictEqual(expected(PAY_HO, null));
    expect(asked()).toBe(true);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("chosen first in the profile selector, read the lines with the chosen profile", async () => {
    const { page, uncaught, asked } = await open();
    await page.fill("#conversation", PAY_UNNAMED);
    await expect.poll(() => summary(page)).toMatch(/^1 line: /);
    // The core alone reads the line otherwise than pay does: the test tells the two apart.
    expect(await codes(page)).toStrictEqual(expected(PAY_UNNAMED, null));
    expect(expected(PAY_UNNAMED, "pay")).not.toStrictEqual(expected(PAY_UNNAMED, null));
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    await page.getByLabel("Profile", { exact: true }).selectOption("pay");
    await expect.poll(() => codes(page)).toStrictEqual(expected(PAY_UNNAMED, "pay"));
    expect(await summary(page)).toMatch(/^1 line: /);
    expect(asked()).toBe(true);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("load not for a p= in a line's tail, which names no profile, and, missing, leave such a line checked", async () => {
    // The core's checkLine reads p= before the tail only (profileOf): `// set p=0` names none.
    const tailed = `${HO} // keep p=0 for now`;
    const loaded = await open();
    await loaded.page.fill("#conversation", tailed);
    await expect.poll(() => summary(loaded.page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    await loaded.page.waitForLoadState("networkidle");
    expect(loaded.asked()).toBe(false);
    await loaded.page.close();
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", tailed);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await page.locator("p.problems[role=alert]").count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("missing, say why the conversation is not checked, check it again once it needs none, and throw nothing", async () => {
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", PAY_HO);
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => problem.textContent()).toMatch(/^The shipped profiles did not load \(.+\): the conversation is not checked while it needs one; reload the page to try again\.$/);
    expect(await summary(page)).toBe("Checking…");
    await page.fill("#conversation", HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await problem.count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});

// A JSON form names a profile by its `p`, as the core reads the form: only the reader of JSON
// forms can tell, so the page waits for it, then loads the shipped profiles for a form naming one.
describe("the shipped profiles, for a JSON form", () => {
  const form = (line: string) => JSON.stringify(checkLine(line, resolve).message);
  /** A form naming no profile, whose text holds a ` p=` (in its tail). */
  const TAILED = form(`${HO} // keep p=0 for now`);
  /** The pay HO's form, its key spelt with an escape: `"\u0070"` is `"p"` to a JSON reader. */
  const PAY_FORM = form(PAY_HO).replace('"p":"pay"', '"\\u0070":"pay"');
  const formCodes = (text: string, find: (name: string) => Vocabulary | undefined) => readMessage(text, profileResolver(null, find)).findings.map((f) => f.code);

  it("load not for a form naming no profile, and, missing, leave the conversation checked", async () => {
    expect(TAILED).toContain(" p=0");
    const loaded = await open();
    await loaded.page.fill("#conversation", TAILED);
    await expect.poll(() => summary(loaded.page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    await loaded.page.waitForLoadState("networkidle");
    expect(loaded.asked()).toBe(false);
    await loaded.page.close();
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", TAILED);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await page.locator("p.problems[role=alert]").count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("load for a form naming one, however its key is spelt, which is then read with it", async () => {
    const { page, uncaught, asked } = await open();
    await page.fill("#conversation", PAY_FORM);
    // Read without the shipped profiles, the form would name an unknown one: the test tells the two apart.
    expect(formCodes(PAY_FORM, () => undefined)).toContain("PROFILE_UNKNOWN");
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await codes(page)).toStrictEqual(formCodes(PAY_FORM, resolve));
    expect(asked()).toBe(true);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("missing, say a conversation with a form naming one is not checked, and check it once no line names one", async () => {
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", `${TAILED}\n${PAY_FORM}`);
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => problem.textContent()).toMatch(/^The shipped profiles did not load \(.+\): the conversation is not checked while it needs one; reload the page to try again\.$/);
    expect(await summary(page)).toBe("Checking…");
    await page.fill("#conversation", `${TAILED}\n${form(RB)}`);
    await expect.poll(() => summary(page)).toMatch(/^2 lines: 2 valid, 0 refused\./);
    expect(await problem.count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});

// The readback lab and the mailbox tab read lines with the same resolver, but need the shipped
// profiles only for input that names one (or while a shipped profile is chosen): missing, they
// stay usable for any other input, say plainly why input naming one is not checked, and ask for
// the profiles again at a later need.
const RB = "RW1 RB writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002";

/** Counts the page's failed loads of a lazy chunk: Vite's loader dispatches `vite:preloadError` for each. */
const countFailedLoads = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { failedLoads: number };
    w.failedLoads = 0;
    addEventListener("vite:preloadError", () => w.failedLoads++);
  });
const failedLoads = (page: Page) => page.evaluate(() => (window as unknown as { failedLoads: number }).failedLoads);

describe("the shipped profiles missing, in the readback lab", () => {
  it("checks the readbacks of a conversation naming no profile", async () => {
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", `${HO}\n${RB}`);
    await expect.poll(() => summary(page)).toMatch(/^2 lines: 2 valid, 0 refused\./);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => page.locator("#lab-summary").textContent()).toBe("research-01: readback writer-1 wilco.");
    expect(await page.locator("#panel-readback [role=alert]").count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("says a conversation naming one is not checked, with no verdict, and asks again at a later need", async () => {
    const { page, uncaught } = await open(true);
    await countFailedLoads(page);
    await page.fill("#conversation", PAY_HO);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const alert = page.locator("#panel-readback p.problems[role=alert]");
    await expect.poll(() => alert.textContent()).toMatch(/^The shipped profiles did not load \(.+\): the conversation is not checked while it needs one; reload the page to try again\.$/);
    expect(await page.locator("#lab-summary").count()).toBe(0);
    expect(await failedLoads(page)).toBe(1);
    // The need ends (no line names a profile), then comes again: the profiles are asked for again.
    await page.getByRole("tab", { name: "Conversation" }).click();
    await page.fill("#conversation", HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    await page.fill("#conversation", PAY_HO);
    await expect.poll(() => failedLoads(page)).toBe(2);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => alert.count()).toBe(1);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});

describe("the shipped profiles missing, in the mailbox tab", () => {
  const message = (page: Page) => page.locator("#mailbox-text");
  const verdict = (page: Page) => page.locator("#panel-mailbox [role=status][aria-live]");

  it("reads a message naming no profile, and never asks for them", async () => {
    const { page, uncaught, asked } = await open(true);
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    expect(await page.locator("#panel-mailbox ol.rows > li").getAttribute("data-status")).toBe("valid");
    expect(asked()).toBe(false);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("says a body line naming one is not read, with no verdict, reads the message again once it names none, and asks again at a later need", async () => {
    const { page, uncaught } = await open(true);
    await countFailedLoads(page);
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    const plain = await message(page).inputValue();
    const naming = plain.replace("RW1 HO vega-1 ", "RW1 HO vega-1 p=pay ");
    await message(page).fill(naming);
    await expect.poll(() => verdict(page).textContent()).toMatch(/^The shipped profiles did not load \(.+\): line 27 names "pay", so the message is not read; reload the page to try again\.$/);
    expect(await verdict(page).getAttribute("data-verdict")).toBe(null);
    expect(await page.locator("#panel-mailbox ol.rows").count()).toBe(0);
    expect(await failedLoads(page)).toBe(1);
    await message(page).fill(plain);
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    await message(page).fill(naming);
    await expect.poll(() => failedLoads(page)).toBe(2);
    await expect.poll(() => verdict(page).textContent()).toMatch(/^The shipped profiles did not load \(.+\): line 27 names "pay"/);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});

describe("the shipped profiles, in the mailbox tab", () => {
  const verdict = (page: Page) => page.locator("#panel-mailbox [role=status][aria-live]");
  const bodyCodes = (page: Page) => page.locator("#panel-mailbox ol.rows > li .code").allTextContents();

  it("load not as the tab opens, but for an RW1 line of the message naming one, which is then read with it", async () => {
    const { page, uncaught, asked } = await open();
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    const line = "RW1 HO vega-1 p=pay from=vega to=lyra item=crox:hero ask=REVIEW due=20261002";
    // Read without the shipped profiles, the line would name an unknown one: the test tells the two apart.
    expect(checkLine(line, profileResolver(null, () => undefined)).findings.map((f) => f.code)).toContain("PROFILE_UNKNOWN");
    await page.locator("#mailbox-text").fill((await page.locator("#mailbox-text").inputValue()).replace("RW1 HO vega-1 ", "RW1 HO vega-1 p=pay "));
    const row = page.locator("#panel-mailbox ol.rows > li");
    await expect.poll(() => row.textContent()).toContain("p=pay");
    expect(await row.getAttribute("data-status")).toBe(expected(line, null).length === 0 ? "valid" : "refused");
    expect(await bodyCodes(page)).toStrictEqual(expected(line, null));
    expect(asked()).toBe(true);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("load not for a ` p=` in the message's prose, which names no profile: no RW1 line holds it", async () => {
    const { page, uncaught, asked } = await open();
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    const prose = (await page.locator("#mailbox-text").inputValue()).replace("Verdict by reply.", "Verdict by reply; keep p=pay out of it.");
    expect(prose).toContain(" p=pay out of it.");
    await page.locator("#mailbox-text").fill(prose);
    await expect.poll(() => verdict(page).getAttribute("data-verdict")).toBe("ok");
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("missing while a shipped profile is chosen, read no message, and say why", async () => {
    const { page, uncaught } = await open(true);
    await page.getByLabel("Profile", { exact: true }).selectOption("pay");
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => verdict(page).textContent()).toMatch(/^The shipped profiles did not load \(.+\): its lines are read with the chosen profile, "pay", so the message is not read; reload the page to try again\.$/);
    expect(await verdict(page).getAttribute("data-verdict")).toBe(null);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});
