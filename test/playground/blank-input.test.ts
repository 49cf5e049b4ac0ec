// A field the playground leaves unchecked is one the CLI finds empty: blank lines only (the core's
// isEmptyDocument), a one-line field only spaces and tabs. A no-break space is read and refused, as
// rw refuses it, and what is typed reaches the core as typed, never trimmed.
import { describe, expect, it } from "vitest";
import { MAILBOX_EXAMPLES } from "../../playground/src/mailbox-examples.js";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();
const NBSP = "\u00A0";

describe("a field of a no-break space", () => {
  it("in the delegation tab is a document, not JSON, as rw delegation validate refuses it; blank lines are none", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Delegation" }).click();
    const verdict = page.locator("#panel-delegation p[role=status]");
    await page.getByLabel("JSON document").fill(NBSP);
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("unread");
    expect(await verdict.textContent()).toBe("not JSON: expected a value, found U+00A0 (line 1, column 1)");
    await page.getByLabel("JSON document").fill(" \n\t\r\n");
    await expect.poll(() => verdict.textContent()).toBe("Type or paste a JSON document, or load an example.");
  });

  it("in the mailbox tab is a message, refused; as the parent, a parent that cannot be read", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Mailbox" }).click();
    const verdict = page.locator("#panel-mailbox p[role=status]");
    await page.getByLabel("Agent Mailbox message").fill(NBSP);
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("refused");
    const request = MAILBOX_EXAMPLES.find((e) => e.id === "request");
    await page.getByLabel("Agent Mailbox message").fill(request?.message ?? "");
    await page.getByLabel("Parent message").fill(`\n${NBSP}\n`);
    await expect.poll(() => page.locator("[data-parent]").getAttribute("data-parent")).toBe("unread");
  });

  it("as a custom profile is a profile, not JSON, as rw --profile refuses a file holding it", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile file (JSON)").fill(NBSP);
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("refused not JSON: expected a value, found U+00A0");
  });
});

describe("a one-line field", () => {
  it("names the receiver as typed, as rw validate --as takes it: ' writer' is no agent name", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", "RW1 HO a-1 from=a to=writer item=x");
    await page.fill("#as", "writer");
    const refusal = page.locator("#panel-conversation .refusal").first();
    await expect.poll(() => refusal.textContent()).toContain("RW1 UN writer-1 re=a-1");
    await page.fill("#as", " writer");
    await expect.poll(() => refusal.textContent()).toBe("No refusal:  writer is not an agent name ([A-Za-z0-9._-]+)");
    await page.fill("#as", `writer${NBSP}`);
    await expect.poll(() => refusal.textContent()).toBe(`No refusal: writer${NBSP} is not an agent name ([A-Za-z0-9._-]+)`);
    // Spaces and tabs only are nothing typed: the line's to= refuses it.
    await page.fill("#as", " \t ");
    await expect.poll(() => refusal.textContent()).toContain("RW1 UN writer-1 re=a-1");
  });

  it("names the parent's file as typed, as the Worker's parent.file does: ' name.md' is not the file the body links", async () => {
    const { page } = await suite.open();
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.getByRole("button", { name: "Load example: A request with an RW1 line" }).click();
    const verdict = page.locator("#panel-mailbox p[role=status]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("ok");
    const file = page.getByLabel("Parent's filename");
    await file.fill(` ${await file.inputValue()}`);
    await expect.poll(() => page.locator('#panel-mailbox tr[data-code="PARENT_LINK_MISSING"]').count()).toBe(1);
    await file.fill(" \t");
    await expect.poll(() => page.locator('#panel-mailbox tr[data-code="PARENT_LINK_MISSING"]').count()).toBe(0);
  });

  it("gives the lab's withheld criteria to the core as typed, as rw check-rb --expect-acc does: ' len:100w' is refused as the sender's error, not used", async () => {
    const { page } = await suite.open();
    await page.fill("#conversation", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc acc=len:100w\nRW1 RB b-1 re=a-1 from=b to=a item=x ask=DRAFT acc=len:100w");
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const summary = page.locator("#lab-summary");
    await expect.poll(() => summary.getAttribute("data-verdicts")).toBe("wilco");
    await page.getByLabel("Withheld acceptance criteria").fill(" len:100w");
    await expect.poll(() => page.locator("#expect-acc-problems").textContent()).toContain("' len:100w' is not a constraint");
    expect(await summary.getAttribute("data-verdicts")).toBe("wilco");
    await page.getByLabel("Withheld acceptance criteria").fill("");
    await expect.poll(() => summary.getAttribute("data-verdicts")).toBe("wilco");
  });
});
