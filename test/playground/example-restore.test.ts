// An example loaded over the reader's own lines: setting the editor's text drops its undo history
// and the link follows the new state, so the page keeps those lines and offers them back. In
// Debian's Chromium against the built site.
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

const MINE = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002\n# my note";

describe("an example loaded over the reader's lines", () => {
  it("says it took their place and puts them back, through a second example too", async () => {
    const { page } = await suite.open();
    const editor = page.locator("#conversation");
    await editor.fill(MINE);
    await page.locator('[data-example="pay"]').click();
    await expect.poll(() => editor.inputValue()).toContain("RW1 HO scheduler-1 p=pay");
    const back = page.getByRole("button", { name: "Put my lines back" });
    expect(await page.locator(".examples .replaced").textContent()).toBe("The example took the place of your 2 lines. Put my lines back");
    // A second example replaces the first, which was not the reader's: their lines are still the ones kept.
    await page.locator('[data-example="handoff"]').click();
    await expect.poll(() => editor.inputValue()).not.toContain("p=pay");
    await back.click();
    await expect.poll(() => editor.inputValue()).toBe(MINE);
    expect(await back.count()).toBe(0);
    await expect.poll(() => page.locator(".summary[data-lines]").textContent()).toMatch(/^1 line: 1 valid, 0 refused\./);
  });

  it("offers nothing back over an empty editor or the same example again", async () => {
    const { page } = await suite.open();
    await page.locator('[data-example="pay"]').click();
    await expect.poll(() => page.locator("#conversation").inputValue()).toContain("p=pay");
    await page.locator('[data-example="pay"]').click();
    await page.locator(".summary[data-lines]").filter({ hasText: "4 lines" }).waitFor();
    expect(await page.locator(".examples .replaced").count()).toBe(0);
  });
});
