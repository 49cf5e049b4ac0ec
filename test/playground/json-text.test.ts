// JSON typed into the playground is read as the CLI and the Worker read it (the core's
// parseJsonText): an object that names a key twice is refused, with the key named, never read as
// JSON.parse reads it (the last value kept, silently).
import { describe, expect, it } from "vitest";
import { DELEGATION_EXAMPLES } from "../../worker/examples/delegation.js";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

const HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=MD-2026-057 apref=FD-0929";
const RB = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

describe("text that is not JSON", () => {
  it("is described in the core's words in Chromium too, with its line and column", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Delegation" }).click();
    await page.locator("#delegation-json").waitFor();
    await page.locator("#delegation-mode").selectOption("validate");
    await page.locator("#delegation-json").fill('{\n  "event_type": "x",\n}');
    const verdict = page.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("unread");
    expect(await verdict.textContent()).toContain('expected a double-quoted key, found "}" (line 3, column 1)');
  });
});

describe("a JSON object that names a key twice", () => {
  it("is refused in the delegation tab", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Delegation" }).click();
    await page.locator("#delegation-json").waitFor();
    await page.locator("#delegation-mode").selectOption("validate");
    const record = JSON.stringify(DELEGATION_EXAMPLES.validate.record, null, 2);
    const twice = record.replace(/\n  "event_type": /, '\n  "event_type": "not-an-event-type",\n  "event_type": ');
    expect(twice).not.toBe(record);
    await page.locator("#delegation-json").fill(twice);
    const verdict = page.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("unread");
    expect(await verdict.textContent()).toContain('the key "event_type" appears twice');
  });

  it("is refused as the readback lab's record", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", `${HO}\n${RB}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Handoff").selectOption("scheduler-1");
    const report = page.locator("#panel-readback .tier-report[data-verdict]").first();
    await page.getByLabel("Sender's record").fill('{"acct": "40-12-88/00000000", "acct": "40-12-88/61102938", "$resolve": ["acct"]}');
    await expect.poll(() => page.locator("#record-problems").textContent()).toContain('the key "acct" appears twice');
    expect(await report.getAttribute("data-verdict")).toBe("unverified");
  });

  it("is refused as a custom profile", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile file (JSON)").fill('{"profile": "mine", "profile": "yours", "version": "0.1", "extends": "RW1", "asks": {"SCORE": "score it"}}');
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain('the key "profile" appears twice');
    expect(await page.locator("#custom-status .badge").textContent()).toBe("refused");
  });

  it("is refused in a shared link's state", async () => {
    const { page: helper } = await suite.open();
    const state = '{"text": "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT", "text": "", "view": "legend"}';
    const fragment = await helper.evaluate(async (t) => {
      const s = new Blob([t]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      const bytes = new Uint8Array(await new Response(s).arrayBuffer());
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }, state);
    const { page } = await suite.open(`#s1.${fragment}`);
    await expect.poll(() => page.getByRole("alert").textContent(), { timeout: 5000 }).toContain('the key "text" appears twice');
  });
});

// A document pasted from a file saved "with BOM" reads as rw reads that file: one leading byte
// order mark is dropped (cli/input.ts), never refused as a JSON syntax error.
describe("JSON that starts with a byte order mark", () => {
  it("is read in the delegation tab, as rw delegation reads a file saved with one", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Delegation" }).click();
    await page.locator("#delegation-json").waitFor();
    await page.locator("#delegation-mode").selectOption("validate");
    await page.locator("#delegation-json").fill(`\uFEFF${JSON.stringify(DELEGATION_EXAMPLES.validate.record, null, 2)}`);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("valid");
  });

  it("is read as the readback lab's record, as rw check-rb --record reads a file saved with one", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", `${HO}\n${RB}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Handoff").selectOption("scheduler-1");
    const report = page.locator("#panel-readback .tier-report[data-verdict]").first();
    await page.getByLabel("Sender's record").fill('\uFEFF{"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/61102938", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "$resolve": ["acct"]}');
    await expect.poll(() => report.getAttribute("data-verdict")).toBe("wilco");
    expect(await page.locator("#record-problems").textContent()).toBe("");
  });
});
