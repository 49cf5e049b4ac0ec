// Where a custom profile is pasted, as each profile selector and the Legend tab's problem say it:
// the Legend tab's Custom profile section (beside the legend on a wide screen, below it on a
// narrow one). In Debian's Chromium against the built site.
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

describe("the custom profile's place", () => {
  it("is the Legend tab from the conversation, its Custom profile section on the Legend tab", async () => {
    const { page } = await suite.open();
    const conversationOption = page.locator('#profile option[value="custom"]');
    expect(await conversationOption.textContent()).toBe("custom (paste one under Legend)");
    await page.getByRole("tab", { name: "Legend" }).click();
    const legendOption = page.locator('#legend-profile option[value="custom"]');
    expect(await legendOption.textContent()).toBe("custom (paste one under Custom profile)");
    expect(await legendOption.isDisabled()).toBe(true);
    const field = page.getByLabel("Profile file (JSON)");
    await field.fill(JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" } }));
    await expect.poll(() => legendOption.textContent()).toBe("custom: mine");
    await page.locator("#legend-profile").selectOption("custom");
    await field.fill("");
    await expect.poll(() => page.locator("#panel-legend p.problems[role=alert]").textContent()).toBe("No custom profile is given: paste or load one under Custom profile, or choose another profile.");
    await field.fill("{}");
    await expect.poll(() => page.locator("#panel-legend p.problems[role=alert]").textContent()).toBe("The custom profile is not valid: fix it under Custom profile, or choose another profile.");
  });
});
