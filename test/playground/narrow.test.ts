// A phone's width (375 px): every tab is on screen (the tab bar wraps), and no view makes the page
// scroll sideways, the delegation findings' messages included.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("at 375 px wide", () => {
  it("shows every tab and scrolls no view sideways", async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator('[data-example="pay"]').click();
    await page.locator('ol.rows > li[data-line="2"]').waitFor();
    for (const tab of ["Conversation", "Readback lab", "Legend", "Mailbox", "Delegation"]) {
      const box = await page.getByRole("tab", { name: tab }).boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 375, `${tab} on screen`).toBe(true);
    }
    expect(await sideways(page), "conversation").toBe(0);
    for (const tab of ["Readback lab", "Legend", "Mailbox"]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.locator(`#panel-${tab === "Readback lab" ? "readback" : tab.toLowerCase()} :is(textarea, select, pre)`).first().waitFor();
      expect(await sideways(page), tab).toBe(0);
    }
    await page.getByRole("tab", { name: "Delegation" }).click();
    await page.locator('[data-example="check-child"]').click();
    await page.locator(".delegation-findings tbody tr").first().waitFor();
    expect(await sideways(page), "delegation").toBe(0);
    // The message column wraps: no cell of the findings table is wider than the screen.
    const widest = await page.locator(".delegation-findings td").evaluateAll((tds) => Math.max(...tds.map((td) => td.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(375);
  });

  // An item, id or agent name is a token with no break in it (gh:crox/... has no space or hyphen
  // to wrap at): long ones wrap in the thread's rows, its owners table and the lab's list of
  // handoffs rather than make the page scroll sideways, on a phone or a desktop.
  it.each([375, 1400])("wraps a long item, id and agent name at %i px: no view scrolls sideways", async (width) => {
    const { page } = await suite.open();
    await page.setViewportSize({ width, height: 740 });
    const item = `gh:crox/${"x".repeat(70)}`;
    const agent = `writer${"y".repeat(70)}`;
    const lines = [
      `RW1 HO ${agent}-1 from=${agent} to=research item=${item} ask=DRAFT`,
      `RW1 RB research-1 re=${agent}-1 from=research to=${agent} item=${item} ask=DRAFT`,
    ];
    await page.fill("#conversation", lines.join("\n"));
    await page.locator('ol.rows > li[data-line="2"]').waitFor();
    await page.locator(`tr[data-item="${item}"]`).waitFor();
    expect(await sideways(page), "conversation").toBe(0);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.locator("#lab-handoff").waitFor();
    expect(await sideways(page), "readback lab").toBe(0);
  });
});
