// The shipped profiles' files (playground/src/profiles.ts, with profiles/index.ts and the core's
// extendVocabulary) are not in the page's first download: they load once a line may name a
// profile (it holds ` p=`, or a JSON form), a shipped profile is chosen, or the readback lab or the
// mailbox tab opens. In Debian's Chromium against the built site, as the other page tests.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkLine } from "../../core/index.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { vocabularies } from "../vocabularies.js";
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
