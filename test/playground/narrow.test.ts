// A phone's width (375 px): every tab is on screen (the tab bar wraps), and no view makes the page
// scroll sideways, the delegation findings' messages included.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkFencesDocument } from "../../core/delegation/index.js";
import { DELEGATION_EXAMPLES } from "../../worker/examples/delegation.js";
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
    // A fence set's rows name each stream by the input's own keys, wider than a phone as one line.
    await page.locator('[data-example="check-fences"]').click();
    await page.locator("#panel-delegation table.envelope th").first().waitFor();
    expect(await sideways(page), "delegation, check-fences").toBe(0);
    const widestKey = await page.locator("#panel-delegation table.envelope :is(th, td)").evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
    expect(widestKey).toBeLessThanOrEqual(375);
  });

  // A fence set's row is named by its stream's project and branch ("rw-control:SPACE-RW
  // delegation:D-RESEARCH-2"): each fits the screen and is read whole, not broken at its hyphen
  // ("rw-|control:SPACE-RW") as if it were two; a copy of the row's name is the input's text.
  it("reads each fence key whole at 375 px, and copies it as the input holds it", async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("tab", { name: "Delegation" }).click();
    await page.locator('[data-example="check-fences"]').click();
    const keys = page.locator("#panel-delegation table.envelope th");
    await keys.first().waitFor();
    const streams = checkFencesDocument(DELEGATION_EXAMPLES.checkFences).streams.map((s) => `${s.project_id} ${s.branch_id}`);
    expect(streams.some((k) => k.includes("-"))).toBe(true);
    // Each word of each key: the line boxes it lies on.
    const lines = await keys.evaluateAll(wordLines);
    expect(lines).toStrictEqual(streams.map((k) => k.split(" ").map((w) => [w, 1])));
    // What a reader copies: the key as the input holds it, no character added or swapped.
    const copied = await keys.evaluateAll((ths) =>
      ths.map((th) => {
        const selection = getSelection() as Selection;
        selection.selectAllChildren(th);
        return selection.toString();
      }),
    );
    expect(copied).toStrictEqual(streams);
    expect(await sideways(page)).toBe(0);
  });

  // The owners table at a phone's width: a column's share of the width went by its min-content,
  // which overflow-wrap: anywhere makes one character, so a name broke mid-word ("copywrit|er",
  // "gh:crox/sit|e#42") in a column narrower than it while another had room. A name that fits the
  // screen lies on one line; only one longer than it breaks (the test after this one).
  it("breaks no owner, item or agent name of the owners table mid-word at 375 px", async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 375, height: 740 });
    const lines = [
      "RW1 HO orchestrator-1 from=orchestrator to=copywriter item=gh:crox/site#42 ask=DRAFT due=20261002",
      "RW1 RB copywriter-1 re=orchestrator-1 from=copywriter to=orchestrator item=gh:crox/site#42 ask=DRAFT due=20261002",
    ];
    await page.fill("#conversation", lines.join("\n"));
    const row = page.locator('tr[data-item="gh:crox/site#42"]');
    await row.waitFor();
    // Each cell's text (a name, or words with spaces between them): the line boxes each word of it lies on.
    const linesOf = await row.locator("td").evaluateAll(wordLines);
    expect(linesOf).toStrictEqual([[["gh:crox/site#42", 1]], [["copywriter", 1]], [["readback", 1], ["of", 1], ["orchestrator-1", 1]]]);
    expect(await sideways(page)).toBe(0);
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

/**
 * For each element, each word of its text (a run without spaces) and how many line boxes it lies
 * on: 1 when it reads whole. Run in the page (evaluateAll serialises it), so it closes over nothing.
 */
function wordLines(elements: Element[]): [string, number][][] {
  return elements.map((element) => {
    const range = document.createRange();
    const words: [string, number][] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const text = n.textContent ?? "";
      for (const m of text.matchAll(/\S+/g)) {
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        words.push([m[0], new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size]);
      }
    }
    return words;
  });
}
