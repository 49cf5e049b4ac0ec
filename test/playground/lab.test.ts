// The readback lab takes what rw check-rb takes (--expect-acc, --record), and, as rw check-rb
// refuses them, says when the HO's rb= never reads them: they are not ignored in silence.
import { describe, expect, it } from "vitest";
import { isSameNode, recordLiveRegions, tag } from "./live-regions.js";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

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

  it("says a record is not read for an HO asking rb=exec whose ask has no execution slots, with the reason rw check-rb --record gives", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exec");
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Sender's record").fill('{"due": "20261002"}');
    await expect.poll(() => page.locator("#record-not-asked").textContent()).toContain("tier 5, which this HO does not ask (its ask has no execution slots in the vocabulary (EXEC_NO_MAP))");
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

describe("the readback lab, for a conversation of more HOs than it lists", () => {
  it("lists a hundred, says how many more, and a filter narrows them to any HO, which Enter picks", async () => {
    const { page } = await suite.open();
    const many = Array.from({ length: 1_000 }, (_, i) => `RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=DRAFT`);
    await page.fill("#conversation", many.join("\n"));
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const options = page.locator("#lab-handoff option");
    const note = page.locator("#lab-handoff-note");
    await expect.poll(() => options.count()).toBe(100);
    expect(await note.textContent()).toBe("900 more HOs not listed (1,000 in all): type part of an id, ask or item to narrow.");
    expect(await page.getByLabel("Handoff", { exact: true }).getAttribute("aria-describedby")).toBe("lab-handoff-note");
    const filter = page.getByLabel("Find a handoff");
    expect(await filter.getAttribute("aria-describedby")).toBe("lab-handoff-note");
    // An HO past the first hundred: the one shown stays listed, first, while it does not match.
    await filter.fill("a-777");
    await expect.poll(() => note.textContent()).toBe("1 HO matches.");
    expect(await options.allTextContents()).toStrictEqual(["a-1 (line 1, DRAFT x1)", "a-777 (line 777, DRAFT x777)"]);
    await filter.press("Enter");
    await expect.poll(() => page.locator("#lab-summary").textContent()).toBe("a-777: no readback yet.");
    expect(await page.getByLabel("Handoff", { exact: true }).inputValue()).toBe("a-777");
    // By item, in any case; and picked from the list.
    await filter.fill("X99");
    await expect.poll(() => note.textContent()).toBe("11 HOs match.");
    await page.getByLabel("Handoff", { exact: true }).selectOption("a-995");
    await expect.poll(() => page.locator("#lab-summary").textContent()).toBe("a-995: no readback yet.");
    await filter.fill("nothing like it");
    await expect.poll(() => note.textContent()).toBe("No HO's id, ask or item holds nothing like it: the list keeps the one shown.");
    expect(await options.allTextContents()).toStrictEqual(["a-995 (line 995, DRAFT x995)"]);
  });

  it("of a hundred or fewer lists them all, with no filter", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", Array.from({ length: 100 }, (_, i) => `RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=DRAFT`).join("\n"));
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => page.locator("#lab-handoff option").count()).toBe(100);
    expect(await page.locator("#lab-handoff-filter").count()).toBe(0);
    expect(await page.locator("#lab-handoff-note").count()).toBe(0);
  });
});

describe("the readback lab's code", () => {
  it("loads with its tab, not with the page", async () => {
    const before = suite.site().requests.length;
    const { page } = await suite.open();
    await page.waitForLoadState("networkidle");
    const asked = () => suite.site().requests.slice(before);
    expect(asked().some((p) => p.includes("readback-lab"))).toBe(false);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.locator("#lab-summary").waitFor();
    expect(asked().some((p) => p.includes("readback-lab"))).toBe(true);
  });

  it("arriving after the reader has gone back to the conversation, shows nothing stale and loses no input", async () => {
    const { page } = await suite.open();
    let arrive = (): void => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/readback-lab-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.fill("#conversation", HO);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => page.locator("#panel-readback [role=status]").textContent()).toBe("Loading…");
    await page.getByRole("tab", { name: "Conversation" }).click();
    await page.locator("#conversation").press("End");
    await page.keyboard.type(`\n${RB}`);
    const arrived = page.waitForResponse(/readback-lab-[^/]*\.js$/);
    arrive();
    await arrived;
    await page.waitForLoadState("networkidle");
    // Still the conversation, with all that was typed while the lab's code was on its way.
    expect(await page.getByRole("tab", { name: "Conversation" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("#conversation").inputValue()).toBe(`${HO}\n${RB}`);
    expect(await page.locator("#lab-summary").count()).toBe(0);
    await expect.poll(() => page.locator("p.summary[data-lines]").getAttribute("data-lines")).toBe("2");
    // And the lab, opened again, reads that conversation.
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await expect.poll(() => page.locator("#lab-summary").textContent()).toBe("research-01: readback writer-01 wilco.");
  });
});

const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
const RB = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002";

const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=MD-2026-057 apref=FD-0929";
const PAY_RB = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

describe("the readback lab's live region", () => {
  it("announces each check once, politely, with the readbacks' verdicts and the record's problems, in a region that stays", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const summary = page.locator("#lab-summary");
    expect([await summary.getAttribute("role"), await summary.getAttribute("aria-live"), await summary.getAttribute("aria-atomic")]).toStrictEqual(["status", "polite", "true"]);
    expect(await summary.textContent()).toBe("No valid HO in the conversation yet.");
    await tag(page, "#lab-summary");
    await page.getByRole("button", { name: "Load the pay exchange of section 8" }).click();
    await expect.poll(() => summary.getAttribute("data-verdicts")).not.toBe("");
    expect(await isSameNode(page, "#lab-summary")).toBe(true);
    await page.getByRole("tab", { name: "Conversation" }).click();
    await page.fill("#conversation", `${PAY_HO}\n${PAY_RB}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Handoff").selectOption("scheduler-1");
    expect(await summary.textContent()).toBe("scheduler-1: readback payer-1 unverified.");
    await tag(page, "#lab-summary");
    // One check (the record given at once): one announcement, the verdict it gives.
    const record = page.getByLabel("Sender's record");
    let live = await recordLiveRegions(page);
    await record.fill('{"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/61102938", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "$resolve": ["acct"]}');
    await expect.poll(() => summary.getAttribute("data-verdicts")).toBe("wilco");
    expect((await live.stop()).map((a) => a.text)).toStrictEqual(["scheduler-1: readback payer-1 wilco."]);
    // One keystroke that breaks the record: one announcement, the verdict and why, not two regions.
    live = await recordLiveRegions(page);
    await record.press("End");
    await record.press("x");
    await expect.poll(() => summary.getAttribute("data-verdicts")).toBe("unverified");
    const announced = await live.stop();
    expect(announced).toHaveLength(1);
    expect(announced[0]?.text).toMatch(/^scheduler-1: readback payer-1 unverified\. The record is not used until the core reads it: the record is not JSON: .*\.$/);
    expect(await isSameNode(page, "#lab-summary")).toBe(true);
  });
});

describe("the readback lab's withheld criteria", () => {
  const ACC_HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc acc=len:120w";
  const ACC_RB = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w";

  it("that the core refuses are the sender's error, as rw check-rb refuses them: listed, not used, and the readback checked without them", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", `${ACC_HO}\n${ACC_RB}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const summary = page.locator("#lab-summary");
    await expect.poll(() => summary.textContent()).toBe("research-01: readback writer-01 wilco.");
    const criteria = page.getByLabel("Withheld acceptance criteria");
    // A trailing space: rw check-rb --expect-acc "len:120 " is a usage error (exit 2), not a failed readback.
    await criteria.fill("len:120 ");
    const problems = page.locator("#expect-acc-problems");
    await expect.poll(() => problems.textContent()).toContain("'len:120 ' is not a constraint (key:value)");
    expect(await criteria.getAttribute("aria-invalid")).toBe("true");
    expect(await criteria.getAttribute("aria-describedby")).toContain("expect-acc-problems");
    expect(await summary.getAttribute("data-verdicts")).toBe("wilco");
    expect(await summary.textContent()).toContain("The criteria are not used until the core reads them: 'len:120 ' is not a constraint (key:value).");
    expect(await page.locator("#panel-readback .tier-report").textContent()).not.toContain("CRITERIA_SYNTAX");
    // Read criteria are used: len:200w contradicts the readback's len:120w.
    await criteria.fill("len:200w");
    await expect.poll(() => summary.getAttribute("data-verdicts")).not.toBe("wilco");
    expect(await problems.textContent()).toBe("");
    expect(await criteria.getAttribute("aria-invalid")).toBe("false");
  });

  it("from a link holding a bidirectional control are shown with it marked, as every other text from input is", async () => {
    const { page: helper } = await suite.open();
    const state = { view: "readback", text: `${ACC_HO}\n${ACC_RB}`, expectations: { "research-01": { expectAcc: "len:\u202e021w", record: '{\n\t"due": "\u202e20261002"\n}' } } };
    const fragment = await helper.evaluate(async (t) => {
      const s = new Blob([t]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      const bytes = new Uint8Array(await new Response(s).arrayBuffer());
      return `#s1.${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
    }, JSON.stringify(state));
    const { page } = await suite.open(fragment);
    const criteria = page.getByLabel("Withheld acceptance criteria");
    await expect.poll(() => criteria.inputValue()).toBe("len:\u202e021w");
    const marked = page.locator("#expect-acc-marked");
    await expect.poll(() => marked.textContent()).toContain("len:·021w");
    expect(await marked.textContent()).not.toContain("\u202e");
    expect(await criteria.getAttribute("aria-describedby")).toContain("expect-acc-marked");
    // The record too: its line breaks and tabs are its layout, not marked.
    const record = page.locator("#record-marked");
    expect(await record.textContent()).toContain('"due": "·20261002"');
    expect(await record.textContent()).not.toContain("\u202e");
    // Nothing to mark, nothing said.
    await criteria.fill("len:120w");
    await page.getByLabel("Sender's record").fill('{\n\t"due": "20261002"\n}');
    await expect.poll(() => marked.count()).toBe(0);
    expect(await record.count()).toBe(0);
    expect(await criteria.getAttribute("aria-describedby")).not.toContain("expect-acc-marked");
  });
});
