/**
 * What a screen reader would be told: the live regions whose text changed while something was
 * done in the page. A region is an element with aria-live (not "off") or the role status, alert
 * or log; a change inside it is one announcement of that region. Each region is named by its
 * position among the page's regions, with its text after the change; one left empty is not
 * counted, for it says nothing.
 */
import type { Page } from "playwright-core";

export interface Announced {
  readonly region: number;
  readonly text: string;
}

const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

/** Starts recording; `stop()` gives the regions that changed since, each once. */
export async function recordLiveRegions(page: Page): Promise<{ stop: () => Promise<Announced[]> }> {
  await page.evaluate((live) => {
    const changed = new Set<Element>();
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement;
        const region = node?.closest(live);
        if (region != null) changed.add(region);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    (globalThis as unknown as { __live: () => { region: number; text: string }[] }).__live = () => {
      observer.disconnect();
      const all = Array.from(document.querySelectorAll(live));
      return Array.from(changed)
        .filter((e) => e.isConnected)
        .map((e) => ({ region: all.indexOf(e), text: (e.textContent ?? "").replace(/\s+/g, " ").trim() }))
        // A region left empty says nothing.
        .filter((a) => a.text !== "");
    };
  }, LIVE);
  return { stop: () => page.evaluate(() => (globalThis as unknown as { __live: () => Announced[] }).__live()) };
}

/** Tags the element `selector` finds, so a later `isSameNode` says whether the page kept it or made another. */
export async function tag(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((e) => e.setAttribute("data-test-tag", "kept"));
}

export async function isSameNode(page: Page, selector: string): Promise<boolean> {
  return (await page.locator(selector).getAttribute("data-test-tag")) === "kept";
}
