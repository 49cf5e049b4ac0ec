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

describe("a state too large for an address", () => {
  it("is not put in a link a browser will not open, says so, and survives a reload", async () => {
    const { page } = await open();
    // About 2.6 MB that deflate cannot shrink: its link would be over Chromium's 2 MiB.
    const text = await page.evaluate(() => {
      const bytes = new Uint8Array(2_600_000);
      for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
      const lines: string[] = [];
      for (let i = 0; i < bytes.length; i += 1000) lines.push(`RW1 HO a-${i} from=a to=b item=x ask=DRAFT // ${Array.from(bytes.subarray(i, i + 1000), (b) => String.fromCharCode(48 + (b % 75))).join("")}`);
      return lines.join("\n");
    });
    await page.evaluate((t) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = t;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, text);
    const status = page.locator("header .status");
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain("No link can hold this state");
    expect((await page.evaluate(() => location.href)).length).toBeLessThanOrEqual(2 * 1024 * 1024);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.waitForTimeout(500);
    expect(await status.textContent()).not.toContain("Link copied");
    await page.reload();
    await expect.poll(() => page.locator("#conversation").inputValue(), { timeout: 20_000 }).toBe(text);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain("No link can hold this state");
  });
});

describe("a state larger than a link may hold", () => {
  it("is put in no link, not even a short one it would refuse to open, and the page says a reload loses it", async () => {
    const { page } = await open();
    // About 8.5 MB that deflate shrinks to a fragment of a few dozen kilobytes.
    await page.evaluate(() => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = Array.from({ length: 950 }, (_, k) => `# note ${k} ${"abcdefghij".repeat(899)}`).join("\n");
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const status = page.locator("header .status");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain("No link can hold this state");
    expect(await status.textContent()).toContain("more than a link may hold (8,388,608): a reload does not restore it");
    expect(await page.evaluate(() => location.hash)).toBe("");
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.waitForTimeout(500);
    expect(await status.textContent()).not.toContain("Link copied");
  }, 120_000);
});
