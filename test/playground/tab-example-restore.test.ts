// The mailbox and delegation tabs' examples loaded over what the reader typed: as in the
// conversation (example-restore.test.ts), the page keeps every field an example set and offers it
// back. In Debian's Chromium against the built site.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

async function openTab(page: Page, name: "Mailbox" | "Delegation"): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await page.locator(name === "Mailbox" ? "#mailbox-text" : "#delegation-json").waitFor();
}

const MY_MESSAGE = "---\nmeta:\n  mailbox:\n    id: mine\n---\nmy body";
const MY_PARENT = "---\nmy parent\n---";
const MY_FILE = "my-parent.md";

describe("a mailbox example loaded over the reader's message", () => {
  it("offers back the message, the parent and its filename, through a second example and a tab switch", async () => {
    const { page } = await suite.open();
    await openTab(page, "Mailbox");
    const message = page.locator("#mailbox-text");
    const parent = page.locator("#mailbox-parent");
    const file = page.locator("#mailbox-parent-file");
    await message.fill(MY_MESSAGE);
    await parent.fill(MY_PARENT);
    await file.fill(MY_FILE);
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => message.inputValue()).toContain("kind: request");
    // 6 + 3 + 1 lines typed.
    expect(await page.locator("#panel-mailbox .examples .replaced").textContent()).toBe("The example took the place of your 10 lines. Put my lines back");
    await page.locator('[data-example="hello"]').click();
    await expect.poll(() => message.inputValue()).toContain("kind: hello");
    await page.getByRole("tab", { name: "Conversation" }).click();
    await openTab(page, "Mailbox");
    const back = page.getByRole("button", { name: "Put my lines back" });
    await back.click();
    await expect.poll(() => message.inputValue()).toBe(MY_MESSAGE);
    expect(await parent.inputValue()).toBe(MY_PARENT);
    expect(await file.inputValue()).toBe(MY_FILE);
    expect(await back.count()).toBe(0);
  });

  it("offers nothing back when nothing was typed, or over an example as it loaded", async () => {
    const { page } = await suite.open();
    await openTab(page, "Mailbox");
    await page.locator('[data-example="request"]').click();
    await expect.poll(() => page.locator("#mailbox-text").inputValue()).toContain("kind: request");
    await page.locator('[data-example="welcome"]').click();
    await expect.poll(() => page.locator("#mailbox-text").inputValue()).toContain("kind: welcome");
    expect(await page.locator("#panel-mailbox .examples .replaced").count()).toBe(0);
  });
});

describe("a delegation example loaded over the reader's document", () => {
  it("offers back the document and the check it was read with", async () => {
    const { page } = await suite.open();
    await openTab(page, "Delegation");
    const doc = page.locator("#delegation-json");
    const mode = page.locator("#delegation-mode");
    await mode.selectOption("check-fences");
    await doc.fill('{ "fences": [],\n  "heads": [] }');
    await page.locator('[data-example="evaluate"]').click();
    await expect.poll(() => mode.inputValue()).toBe("evaluate");
    expect(await page.locator("#panel-delegation .examples .replaced").textContent()).toBe("The example took the place of your 2 lines. Put my lines back");
    await page.getByRole("button", { name: "Put my lines back" }).click();
    await expect.poll(() => doc.inputValue()).toBe('{ "fences": [],\n  "heads": [] }');
    expect(await mode.inputValue()).toBe("check-fences");
    expect(await page.locator("#panel-delegation .examples .replaced").count()).toBe(0);
  });

  it("offers nothing back over an empty document or an example as it loaded", async () => {
    const { page } = await suite.open();
    await openTab(page, "Delegation");
    await page.locator("#delegation-mode").selectOption("check-fences");
    await page.locator('[data-example="validate"]').click();
    await expect.poll(() => page.locator("#delegation-mode").inputValue()).toBe("validate");
    await page.locator('[data-example="check-child"]').click();
    await expect.poll(() => page.locator("#delegation-mode").inputValue()).toBe("check-child");
    expect(await page.locator("#panel-delegation .examples .replaced").count()).toBe(0);
  });
});
