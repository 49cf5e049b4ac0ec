// A link that opens with a custom profile chosen: its checker (custom-profile.ts) loads after the
// page, and until it has, the conversation waits for it ("Checking…"), as it waits for the shipped
// profiles, rather than show, and announce, the lines read with the core alone, which refuses
// every line using the profile's codes. The mailbox tab, which reads a message's RW1 lines with the
// same profile, waits for it too. In Debian's Chromium against the built site.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROOT } from "./browser.js";
import { fragmentOf, servedChromium } from "./page-suite.js";

const served = servedChromium();

/** The shipped pay profile under a name of its own, as a custom profile. */
const ACME = readFileSync(join(ROOT, "profiles", "pay.json"), "utf8").replace('"profile": "pay"', '"profile": "acme"');
const HO = "RW1 HO scheduler-1 p=acme from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=MD-2026-057 apref=FD-0929";

/** The demo room's request (playground/src/mailbox-examples.ts), its RW1 line using the profile's codes. */
const MESSAGE = readFileSync(join(ROOT, "test/conformance/mailbox/rooms/demo/inbox/2026-10-01-09-10-00-VEGA-request-review-draft.md"), "utf8").replace(/^RW1 HO vega-1 .*$/m, HO.replace("scheduler-1", "vega-1").replace("from=scheduler to=payer", "from=vega to=lyra"));


/**
 * A page opened with `state` in its link, its custom profile's checker held back until `arrive`
 * is called; `said`, every text the conversation's live region held, from the first render on.
 */
async function openHeld(state: object): Promise<{ page: Page; uncaught: string[]; arrive: () => void; said: () => Promise<string[]> }> {
  const plain = await served.browser().context.newPage();
  await plain.goto(served.site().url);
  await plain.getByRole("tablist", { name: "Playground views" }).waitFor();
  const fragment = await fragmentOf(plain, state);
  await plain.close();
  const page = await served.browser().context.newPage();
  const uncaught: string[] = [];
  page.on("pageerror", (e) => uncaught.push(e.message));
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = document.querySelector(".summary[data-lines]")?.textContent;
      if (text != null && said.at(-1) !== text) said.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  let arrive = (): void => {};
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await page.route("**/assets/custom-profile-*.js", async (r) => {
    await held;
    await r.continue();
  });
  await page.goto(served.site().url + fragment);
  await page.getByRole("tablist", { name: "Playground views" }).waitFor();
  return { page, uncaught, arrive, said: () => page.evaluate(() => (window as unknown as { said: string[] }).said) };
}

describe("a link that opens with a custom profile chosen", () => {
  it("waits for the profile's checker, announcing no verdict read without it, then reads the lines with the profile", async () => {
    const { page, uncaught, arrive, said } = await openHeld({ text: HO, profile: "custom", customProfile: ACME });
    const summary = page.locator(".summary[data-lines]");
    await summary.waitFor();
    // The page has read the link and rendered since; the checker is still held back.
    await page.waitForTimeout(500);
    expect(await summary.textContent()).toBe("Checking…");
    expect(await page.locator("li#line-1").count()).toBe(0);
    arrive();
    await expect.poll(() => summary.textContent()).toBe("1 line: 1 valid, 0 refused. Thread: ok.");
    expect((await said()).filter((t) => t.includes("refused") && !t.startsWith("1 line: 1 valid, 0 refused"))).toStrictEqual([]);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("on the mailbox tab, shows no verdict until the checker has arrived, then the message's as read with the profile", async () => {
    const { page, uncaught, arrive } = await openHeld({ view: "mailbox", profile: "custom", customProfile: ACME, mailbox: MESSAGE });
    const panel = page.locator("#panel-mailbox");
    await panel.waitFor();
    await page.waitForTimeout(500);
    expect(await panel.locator("[data-verdict]").count()).toBe(0);
    expect(await panel.locator(".badge.refused").count()).toBe(0);
    arrive();
    await expect.poll(() => panel.locator("[data-verdict]").getAttribute("data-verdict")).toBe("ok");
    expect(await panel.locator(".badge.refused").count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});
