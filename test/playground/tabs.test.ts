// The mailbox and delegation tabs end to end, in Debian's Chromium against the built site: each
// loads only when opened, and shows what the core says in Node. Screenshots go to
// test/playground/screenshots/.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkFencesDocument, checkReassignmentDocument, evaluatePermissionDocument, validateRecord } from "../../core/delegation/index.js";
import { readMailboxMessage } from "../../core/mailbox/index.js";
import { MAILBOX_EXAMPLES } from "../../playground/src/mailbox-examples.js";
import { DELEGATION_EXAMPLES } from "../../worker/examples/delegation.js";
import { isSameNode, recordLiveRegions, tag } from "./live-regions.js";
import { pageSuite, SHOTS } from "./page-suite.js";
import { settledLink } from "./settled-link.js";

const XSS = "<img src=x onerror=alert(1)>";

const suite = pageSuite();
const open = suite.open;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const example = (id: string) => MAILBOX_EXAMPLES.find((e) => e.id === id) as (typeof MAILBOX_EXAMPLES)[number];

async function openTab(page: Page, name: "Mailbox" | "Delegation"): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await page.locator(name === "Mailbox" ? "#mailbox-text" : "#delegation-json").waitFor();
}

describe("the mailbox tab", () => {
  it("loads with the tab, not with the page", async () => {
    const before = suite.site().requests.length;
    const { page } = await open();
    const asked = () => suite.site().requests.slice(before);
    expect(asked().some((p) => p.includes("mailbox-view") || p.includes("delegation-view"))).toBe(false);
    await openTab(page, "Mailbox");
    expect(asked().some((p) => p.includes("mailbox-view"))).toBe(true);
    expect(asked().some((p) => p.includes("delegation-view"))).toBe(false);
  });

  it("shows the example request ok, its envelope, and its RW1 line as the core reads it", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    await page.getByRole("button", { name: "Load example: A request with an RW1 line" }).click();
    const verdict = page.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("ok");
    const e = example("request");
    const node = readMailboxMessage(e.message, { mode: "outbound", parent: { id: "01a0f6b2-10e3-7545-a579-8c6d72777c81", kind: "welcome", file: e.parentFile } });
    expect(node.ok).toBe(true);
    expect(await page.locator("[data-parent]").getAttribute("data-parent")).toBe("welcome");
    expect(await page.locator('tr[data-field="kind"] td').textContent()).toBe("request");
    expect(await page.locator('tr[data-field="id"] td').textContent()).toBe(node.envelope?.id);
    const rows = page.locator(".mailbox-result ol.rows > li");
    expect(await rows.count()).toBe(node.rw1.length);
    expect(await rows.first().getAttribute("data-status")).toBe("valid");
    expect(await rows.first().locator("code.rw").textContent()).toBe(node.rw1[0]?.text);
    await shot(page, "mailbox-request");
  });

  it("shows a broken message's finding: a version 4 id is UUID_INVALID", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    const broken = example("hello").message.replace("id: 01a0f6b1-2680-7212-", "id: 01a0f6b1-2680-4212-");
    expect(readMailboxMessage(broken, { mode: "outbound" }).findings.map((f) => f.code)).toStrictEqual(["UUID_INVALID"]);
    await page.locator("#mailbox-text").fill(broken);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("refused");
    const row = page.locator('tr[data-code="UUID_INVALID"]');
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.locator("td").allTextContents();
    expect(cells.slice(0, 4)).toStrictEqual(["UUID_INVALID", "error", "id", "9"]);
    await shot(page, "mailbox-broken");
  });

  it("applies the ack-to-hello rule when the parent is a hello", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    const hello = example("hello");
    const ack = hello.message
      .replace("kind: hello", "kind: ack")
      .replace('reply_to: ""', "reply_to: 01a0f6b1-2680-7212-98ac-c13a3f44494e")
      .replace("id: 01a0f6b1-2680-7212-98ac-c13a3f44494e", "id: 01a0f6b2-10e3-7545-a579-8c6d72777c99")
      .replace(/---\n(?![\s\S]*---\n)[\s\S]*$/, "---\nRe: [[2026-10-01-09-00-00-VEGA-hello-kickoff]]\n\nFollowing your welcome, starting now.\n");
    const codes = (parent: boolean) => readMailboxMessage(ack, { mode: "outbound", parent: parent ? { id: "01a0f6b1-2680-7212-98ac-c13a3f44494e", kind: "hello", file: null } : null }).findings.map((f) => f.code);
    const withParent = codes(true).filter((c) => !codes(false).includes(c));
    expect(withParent.length).toBeGreaterThan(0);
    await page.locator("#mailbox-text").fill(ack);
    await page.locator("#mailbox-parent").fill(hello.message);
    await expect.poll(() => page.locator("[data-parent]").getAttribute("data-parent")).toBe("hello");
    for (const code of withParent) await expect.poll(() => page.locator(`tr[data-code="${code}"]`).count()).toBeGreaterThan(0);
  });

  it("renders a long message's findings and RW1 lines near the viewport only, the verdict over all of them", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    // 999 refused RW1 lines after the example's one (a body holds at most 1,000, MAX_BODY_RW1_LINES): each is
    // a finding and a row. Rendered whole, 20,000 of them took 40 s and a keystroke 4.5 s.
    const message = `${example("request").message}\n${"RW1 HO a-1 from=a to=b item=x ask=POLISH\n".repeat(999)}`;
    const node = readMailboxMessage(message, { mode: "outbound" });
    expect(node.findings.length).toBe(999);
    await page.evaluate((t) => {
      const ta = document.querySelector("#mailbox-text") as HTMLTextAreaElement;
      ta.value = t;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, message);
    const verdict = page.locator("[data-verdict]");
    await expect.poll(() => verdict.getAttribute("data-verdict"), { timeout: 30_000 }).toBe("refused");
    expect(await verdict.textContent()).toContain("999 errors");
    expect(await page.locator("tr[data-code]").count()).toBeLessThanOrEqual(300);
    expect(await page.locator(".mailbox-result ol.rows > li[data-status]").count()).toBeLessThanOrEqual(300);
    expect(await page.locator("tr[data-code]").first().locator("td").nth(4).textContent()).toContain(node.findings[0]?.message);
  });

  it(`renders a pasted message as text: ${XSS} stays inert in the body, the envelope and a finding`, async () => {
    const o = await open();
    const { page } = o;
    await openTab(page, "Mailbox");
    const message = example("request")
      .message.replace("arena: CROX-SITE", `arena: "${XSS}"`)
      .replace("machine: VEGA-BOX", `machine: "${XSS}"`)
      .replace("due=20261002", `due=20261002 ${XSS}<script>alert(2)</script>`);
    await page.locator("#mailbox-text").fill(message);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).not.toBeNull();
    const panel = page.locator("#panel-mailbox");
    expect(await panel.locator(".mailbox-result img, .mailbox-result script").count()).toBe(0);
    const text = (await panel.locator(".mailbox-result").textContent()) ?? "";
    expect(text).toContain(XSS);
    expect(await page.evaluate(() => document.querySelectorAll("img").length)).toBe(0);
    await page.waitForTimeout(200);
    expect(o.dialogs).toStrictEqual([]);
    await shot(page, "mailbox-xss-inert");
  });
  it("renders the body's RW1 lines as the conversation renders a line: parts coloured, errors underlined, bidi controls marked", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    // A right-to-left override in a body line's tail, raw, shows the line's end reversed; the
    // conversation marks it, and a finding quoting the line must not reverse it either.
    const message = example("request").message.replace("due=20261002", "due=2026100x // keep \u202eevil").replace("  - crox-site", '  - "crox\u202esite"');
    const node = readMailboxMessage(message, { mode: "outbound" });
    const line = node.rw1[0] as (typeof node.rw1)[number];
    const error = line.check.findings.find((f) => f.severity === "error" && f.at !== undefined);
    expect(error?.code).toBe("VALUE_TYPE");
    await page.locator("#mailbox-text").fill(message);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("refused");
    const row = page.locator(".mailbox-result ol.rows > li").first();
    expect(await row.locator("code.rw").textContent()).toBe(line.text.replace("\u202e", "·"));
    expect(await row.locator("code.rw .p-type").textContent()).toBe("HO");
    expect(await row.locator("code.rw .err").getAttribute("data-at")).toBe(String(error?.at));
    expect(await row.locator("code.rw .err").textContent()).toBe("due=2026100x");
    // The envelope's values and a finding's received value are the sender's text too. (A locus
    // such as machine= holding one is refused, LOCUS_INVISIBLE, so the envelope is then not read.)
    expect(node.envelope?.tags).toStrictEqual(["agent-mailbox", "crox\u202esite"]);
    expect(await page.locator('tr[data-field="tags"] td').textContent()).toBe("[agent-mailbox, crox·site]");
    expect((await page.locator(".mailbox-result").textContent()) ?? "").not.toContain("\u202e");
    const refused = example("request").message.replace("machine: VEGA-BOX", 'machine: "VEGA\u202eBOX"');
    expect(readMailboxMessage(refused, { mode: "outbound" }).findings.find((f) => f.code === "LOCUS_INVISIBLE")?.received).toBe("VEGA\u202eBOX");
    await page.locator("#mailbox-text").fill(refused);
    await expect.poll(() => page.locator('tr[data-code="LOCUS_INVISIBLE"]').textContent()).toContain("(received VEGA·BOX)");
    expect((await page.locator(".mailbox-result").textContent()) ?? "").not.toContain("\u202e");
  });
});

describe("the delegation tab", () => {
  it("shows the 11.3 overbroad child denied on exactly objects, operations, duration, depth, effect class and spend", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    await page.getByRole("button", { name: /11\.3 the overbroad child/ }).click();
    expect(await page.locator("#delegation-mode").inputValue()).toBe("check-child");
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("denied");
    const failed = await page.locator("ul.failed-dimensions li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-dimension")));
    expect([...failed].sort()).toStrictEqual(["depth", "duration", "effect_class", "objects", "operations", "spend"]);
    expect(failed).toStrictEqual(checkChildDocument(DELEGATION_EXAMPLES.checkChild).failed);
    const report = checkChildDocument(DELEGATION_EXAMPLES.checkChild);
    expect(await page.locator(".delegation-findings tbody tr").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-code")))).toStrictEqual(report.findings.map((f) => f.code));
    await shot(page, "delegation-child-denied");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "delegation-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("shows each example's verdict as the core gives it, and a change of mode re-checks", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    const expected: [RegExp, string][] = [
      [/11\.4 the revocation event/, validateRecord(DELEGATION_EXAMPLES.validate.record).ok ? "valid" : "invalid"],
      [/11\.4 fences after/, checkFencesDocument(DELEGATION_EXAMPLES.checkFences).ok ? "valid" : "invalid"],
      [/11\.1 the extractor/, evaluatePermissionDocument(DELEGATION_EXAMPLES.evaluate).decision === "allow" ? "allowed" : "denied"],
    ];
    expect(expected.map(([, v]) => v)).toStrictEqual(["valid", "invalid", "allowed"]);
    for (const [name, verdict] of expected) {
      await page.getByRole("button", { name }).click();
      await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe(verdict);
    }
    // The article goes with the kind's word: "an event record", "a delegation_contract record".
    await page.getByRole("button", { name: /11\.4 the revocation event/ }).click();
    const kind = validateRecord(DELEGATION_EXAMPLES.validate.record).kind as string;
    await expect.poll(() => page.locator("[data-verdict]").textContent()).toContain(`${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} record`);
    expect(kind).toMatch(/^[aeiou]/);
    // The permission input read as a child check does not read: denied with its findings.
    await page.locator("#delegation-mode").selectOption("check-child");
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("denied");
    expect(await page.locator(".delegation-findings tbody tr").count()).toBeGreaterThan(0);
    await page.locator("#delegation-json").fill(`{"a": ${JSON.stringify(XSS)}`);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("unread");
    expect(await page.locator("#panel-delegation img").count()).toBe(0);
  });
  it("checks a reassignment: 11.4's revision to AGENT-B allowed, and one that widens its parent denied", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    await page.getByRole("button", { name: /11\.4 D-RESEARCH-2 reassigned/ }).click();
    expect(await page.locator("#delegation-mode").inputValue()).toBe("check-reassignment");
    expect(checkReassignmentDocument(DELEGATION_EXAMPLES.checkReassignment).decision).toBe("allow");
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("allowed");
    // The 11.3 parent and its overbroad child read as a prior and its next revision: the core's verdict and dimensions.
    const widened = { prior: DELEGATION_EXAMPLES.checkChild.parent, next: DELEGATION_EXAMPLES.checkChild.child };
    const report = checkReassignmentDocument(widened);
    expect(report.decision).toBe("deny");
    await page.locator("#delegation-json").fill(JSON.stringify(widened));
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("denied");
    expect(await page.locator("ul.failed-dimensions li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-dimension")))).toStrictEqual(report.failed);
    expect(await page.locator(".delegation-findings tbody tr").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-code")))).toStrictEqual(report.findings.map((f) => f.code));
  });
  it("checks a retry history: 11.4's ATT-1 and ATT-2 valid, a third attempt of two, a new key and a resume past the unreconciled ATT-2 invalid, as the core says", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    await page.getByRole("button", { name: /11\.4 ATT-1, then ATT-2/ }).click();
    expect(await page.locator("#delegation-mode").inputValue()).toBe("check-attempts");
    expect(checkAttemptsDocument(DELEGATION_EXAMPLES.checkAttempts).ok).toBe(true);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("valid");
    const [first, second] = DELEGATION_EXAMPLES.checkAttempts.attempts;
    const third = { ...second, record_id: "ATT-3", attempt_id: "ATT-3", started_at: "2026-10-04T10:50:00Z", issued_at: "2026-10-04T10:50:00Z", idempotency_key: "D-RESEARCH-2/effect-3" };
    const broken = { ...DELEGATION_EXAMPLES.checkAttempts, attempts: [first, second, third] };
    const report = checkAttemptsDocument(broken);
    // ATT-3 resumes CP-7 as the running ATT-2 did, which has no read-back yet (README note 104).
    expect([...new Set(report.findings.map((f) => f.code))].sort()).toStrictEqual(["RETRY_EXHAUSTED", "RETRY_IDEMPOTENCY", "RETRY_UNRECONCILED"]);
    await page.locator("#delegation-json").fill(JSON.stringify(broken));
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("invalid");
    expect(await page.locator(".delegation-findings tbody tr").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-code")))).toStrictEqual(report.findings.map((f) => f.code));
  });
  it("checks a card revision: card-r3 after card-r2 valid, a rotated agent Actor invalid, and the mode travels in a shared link", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    await page.getByRole("button", { name: /4\.3 AGENT-EXTRACTOR card-r3 after card-r2/ }).click();
    expect(await page.locator("#delegation-mode").inputValue()).toBe("check-card-revision");
    expect(checkCardRevisionDocument(DELEGATION_EXAMPLES.checkCardRevision).ok).toBe(true);
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("valid");
    const helper = { object_id: "ACTOR-HELPER", revision_id: "act-r1", content_digest: `sha256:${"2".repeat(64)}`, actor_type: "agent" };
    const rotated = { ...DELEGATION_EXAMPLES.checkCardRevision, next: { ...DELEGATION_EXAMPLES.checkCardRevision.next, agent_actor_ref: helper } };
    const report = checkCardRevisionDocument(rotated);
    expect(report.findings.map((f) => f.code)).toStrictEqual(["CARD_ACTOR_CHANGED"]);
    const loaded = await settledLink(page);
    await page.locator("#delegation-json").fill(JSON.stringify(rotated));
    await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe("invalid");
    expect(await page.locator(".delegation-findings tbody tr").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-code")))).toStrictEqual(["CARD_ACTOR_CHANGED"]);
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).not.toBe(loaded);
    const { page: again } = await open(await settledLink(page));
    await again.locator("#delegation-json").waitFor();
    expect(await again.locator("#delegation-mode").inputValue()).toBe("check-card-revision");
    await expect.poll(() => again.locator("[data-verdict]").getAttribute("data-verdict")).toBe("invalid");
  });
  it("shows bidirectional controls in a finding's path, message and received value as a mark, as the conversation does", async () => {
    const { page } = await open();
    await openTab(page, "Delegation");
    const contract = structuredClone(DELEGATION_EXAMPLES.checkChild.parent) as Record<string, unknown> & { schema_ref: { version: string } };
    contract["note\u202eevil"] = 1;
    contract.schema_ref.version = "0.9\u202ex";
    const codes = validateRecord(contract).findings.map((f) => f.code);
    expect(codes).toStrictEqual(["SCHEMA_UNSUPPORTED_READ", "FIELD_IGNORED"]);
    await page.locator("#delegation-mode").selectOption("validate");
    await page.locator("#delegation-json").fill(JSON.stringify(contract, null, 2));
    const rows = page.locator(".delegation-findings tbody tr[data-code]");
    await expect.poll(() => rows.count()).toBe(2);
    const shown = (await page.locator(".delegation-findings").textContent()) ?? "";
    expect(shown).not.toContain("\u202e");
    expect(await rows.nth(1).locator('td[data-label="Path"]').textContent()).toBe("note·evil");
    expect(await rows.nth(1).locator('td[data-label="Message"]').textContent()).toContain("note·evil is not a field");
    expect(await rows.nth(0).locator('td[data-label="Message"]').textContent()).toContain("(received rw-agent-delegation/0.9·x)");
  });
});

describe("the tabs' verdicts", () => {
  for (const [tab, input, act, last] of [
    ["Delegation", "#delegation-json", async (page: Page) => page.getByRole("button", { name: /11\.3 the overbroad child/ }).click(), "not JSON"],
    ["Mailbox", "#mailbox-text", async (page: Page) => page.getByRole("button", { name: "Load example: A request with an RW1 line" }).click(), "refused"],
  ] as const) {
    it(`${tab}: one polite live region, in the page before any input, announces each verdict`, async () => {
      const { page } = await open();
      await openTab(page, tab);
      const region = `#panel-${tab.toLowerCase()} [role="status"]`;
      await expect.poll(() => page.locator(region).count()).toBe(1);
      expect([await page.locator(region).getAttribute("aria-live"), await page.locator(region).getAttribute("aria-atomic")]).toStrictEqual(["polite", "true"]);
      await tag(page, region);
      const live = await recordLiveRegions(page);
      await act(page);
      await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe(tab === "Delegation" ? "denied" : "ok");
      await page.locator(input).fill("{");
      await expect.poll(() => page.locator("[data-verdict]").getAttribute("data-verdict")).toBe(tab === "Delegation" ? "unread" : "refused");
      const announced = await live.stop();
      expect(await isSameNode(page, region)).toBe(true);
      expect(announced.length).toBe(1);
      expect(announced[0]?.text).toContain(last);
    });
  }
});

describe("both tabs", () => {
  it("label every control and are reached with the arrow keys", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Mailbox" }).getAttribute("aria-selected")).toBe("true");
    await page.locator("#mailbox-text").waitFor();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Delegation" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("tab-delegation");
    for (const tab of ["Mailbox", "Delegation"] as const) {
      await openTab(page, tab);
      const unlabelled = await page.evaluate(() =>
        Array.from(document.querySelectorAll("input, select, textarea, button")).filter((el) => {
          const labels = (el as HTMLInputElement).labels;
          return !((labels !== null && labels.length > 0) || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || (el.tagName === "BUTTON" && (el.textContent ?? "").trim() !== ""));
        }).map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, tab).toStrictEqual([]);
    }
  });

  it("travel in a shared link", async () => {
    const { page } = await open();
    await openTab(page, "Mailbox");
    await page.getByRole("button", { name: "Load example: A welcome answering the hello" }).click();
    const { page: again } = await open(await settledLink(page));
    await again.locator("#mailbox-text").waitFor();
    expect(await again.locator("#mailbox-text").inputValue()).toBe(example("welcome").message);
    await expect.poll(() => again.locator("[data-verdict]").getAttribute("data-verdict")).toBe("ok");
    expect(await again.locator("[data-parent]").getAttribute("data-parent")).toBe("hello");
  });
});
