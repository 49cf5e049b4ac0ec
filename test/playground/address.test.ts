// The page's address holds its state (share.ts): what moves focus in the page must leave it alone,
// and "Copy link" must copy an address that opens the playground as it is.
import { describe, expect, it } from "vitest";
import { SECTION_EIGHT } from "../../playground/src/examples.js";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite({ clipboard: true });
const open = suite.open;

describe("the skip link", () => {
  it("moves focus to the playground and leaves the state in the address", async () => {
    const { page } = await open();
    await page.getByRole("button", { name: "Handoff, question, completion" }).click();
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#s1\./);
    const before = await page.evaluate(() => location.hash);
    const entries = await page.evaluate(() => history.length);
    await page.focus("a.skip");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(await page.evaluate(() => location.hash)).toBe(before);
    expect(await page.evaluate(() => history.length), "no history entry").toBe(entries);
    // No alarm about a link that was never opened.
    await page.waitForTimeout(300);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.locator("#conversation").inputValue()).toBe(SECTION_EIGHT[0]?.lines.join("\n"));
  });
});

describe("Copy link", () => {
  it("copies the page's state after a foreign fragment replaced the address", async () => {
    const { page } = await open();
    const line = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
    await page.fill("#conversation", line);
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#s1\./);
    await page.evaluate(() => {
      location.hash = "#section-2";
    });
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("keeps what it held");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.locator("header .status").textContent()).toContain("Link copied");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#s1\./);
    const { page: again } = await open(link.slice(link.indexOf("#")));
    await expect.poll(() => again.locator("#conversation").inputValue()).toBe(line);
  });
});
