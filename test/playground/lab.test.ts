// The readback lab takes what rw check-rb takes (--expect-acc, --record), and, as rw check-rb
// refuses them, says when the HO's rb= never reads them: they are not ignored in silence.
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
const RB = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002";

describe("the readback lab, for an HO that asks an echo readback only", () => {
  it("says the withheld criteria and the record are not read, as rw check-rb refuses them", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", `${HO}\n${RB}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const criteria = page.getByLabel("Withheld acceptance criteria");
    await criteria.fill("len:100w");
    const said = page.locator("#expect-acc-not-asked");
    await expect.poll(() => said.textContent()).toContain("tier 4, which this HO does not ask");
    expect(await criteria.getAttribute("aria-describedby")).toContain("expect-acc-not-asked");
    await page.getByLabel("Sender's record").fill('{"due": "20261002"}');
    await expect.poll(() => page.locator("#record-not-asked").textContent()).toContain("tier 5, which this HO does not ask");
    // Nothing to say while the fields are empty.
    await criteria.fill("");
    await page.getByLabel("Sender's record").fill("");
    await expect.poll(() => said.count()).toBe(0);
    expect(await page.locator("#record-not-asked").count()).toBe(0);
  });

  it("says nothing for criteria an HO with rb=acc reads", async () => {
    const { page } = await suite.open();
    await page.getByRole("button", { name: "Comprehension readback" }).click();
    await page.getByRole("tab", { name: "Readback lab" }).click();
    expect(await page.getByLabel("Withheld acceptance criteria").inputValue()).not.toBe("");
    await page.locator('#panel-readback .tier-report[data-verdict]').first().waitFor();
    expect(await page.locator("#expect-acc-not-asked").count()).toBe(0);
  });
});
