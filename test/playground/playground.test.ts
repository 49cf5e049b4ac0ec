// The playground end to end: the built site (playground/dist) served from 127.0.0.1 and driven in
// Debian's Chromium. What the page shows is compared with what the core says in Node. Screenshots
// of the main views go to test/playground/screenshots/ for a reviewer to look at.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkLine, checkReadback, compileVocabulary, coreVocabulary, legend, profileResolver, shippedNameTaken } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { EXAMPLE_TITLES } from "../../playground/src/example-titles.js";
import { EXAMPLES, SECTION_EIGHT } from "../../playground/src/examples.js";
import type { Example } from "../../playground/src/examples.js";
import { sectionEight } from "../spec-examples.js";
import { vocabularies } from "../vocabularies.js";
import { isSameNode, recordLiveRegions, tag } from "./live-regions.js";
import { pageSuite, SHOTS } from "./page-suite.js";
import { settledLink } from "./settled-link.js";

const POLISH = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002";
const XSS = "<img src=x onerror=alert(1)>";

const suite = pageSuite({ clipboard: true });
const open = suite.open;

/**
 * An element's text as the DOM holds it. The rows and the thread's nodes use content-visibility:
 * auto, and innerText of content the browser has not rendered yet is empty, so it is not used there.
 */
const text = async (l: Locator): Promise<string> => (await l.textContent()) ?? "";
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });

/** A valid custom profile pasted in the Legend tab and chosen there and in the Conversation tab; its field. */
async function chooseCustomProfile(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Legend" }).click();
  const custom = page.getByLabel("Profile file (JSON)");
  await custom.fill(JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" } }));
  await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
  await page.getByLabel("Profile", { exact: true }).selectOption("custom");
  await page.getByRole("tab", { name: "Conversation" }).click();
  await page.getByLabel("Profile", { exact: true }).selectOption("custom");
  return custom;
}

/** What the page says about each readback: its verdict and each tier's result. */
async function tiersShown(page: Page, rb: string) {
  const node = page.locator(`li[data-node="${rb}"] > .node .tier-report`).first();
  const verdict = await node.getAttribute("data-verdict");
  const tiers = await node.locator("li[data-tier]").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-result")));
  return { verdict, tiers };
}

describe("the page", () => {
  it("loads its JavaScript and styles, and not the legend view or its tokenizer until the legend tab opens", async () => {
    const before = suite.site().requests.length;
    const { page } = await open();
    await page.waitForLoadState("networkidle");
    const paths = suite.site().requests.slice(before);
    expect(paths.filter((p) => p.endsWith(".js"))).toHaveLength(1);
    expect(paths.some((p) => p.includes("o200k") || p.includes("legend-view"))).toBe(false);
    expect(await page.title()).toBe("rogerwilco playground");
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.locator("[data-tokens]").first().waitFor();
    const later = suite.site().requests.slice(before);
    expect([later.some((p) => p.includes("legend-view")), later.some((p) => p.includes("o200k"))]).toStrictEqual([true, true]);
  });

  it("offers every exchange of spec section 8, verbatim", () => {
    expect(SECTION_EIGHT.flatMap((e) => e.lines)).toStrictEqual(sectionEight.slice(0, 17));
  });

  it("loads the reader of the sender's expectations only once the state holds some or the readback lab opens", async () => {
    const before = suite.site().requests.length;
    const asked = (): boolean => suite.site().requests.slice(before).some((p) => p.includes("/expectations-"));
    const { page } = await open();
    await page.fill("#conversation", POLISH.replace("POLISH", "DRAFT"));
    await expect.poll(() => page.locator(".summary[data-lines]").getAttribute("data-lines")).toBe("1");
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Withheld acceptance criteria").waitFor();
    expect(asked()).toBe(true);
  });

  it("keeps what only a link or an example needs out of the first download", () => {
    // The built files, as index.html loads them: its one script, and the chunks loaded on demand.
    const dist = join(import.meta.dirname, "..", "..", "playground", "dist");
    const script = /<script type="module"[^>]*\ssrc="\.\/([^"]+)"/.exec(readFileSync(join(dist, "index.html"), "utf8"))?.[1] as string;
    const first = readFileSync(join(dist, script), "utf8");
    const chunk = (name: string): string => readFileSync(join(dist, "assets", readdirSync(join(dist, "assets")).find((f) => f.startsWith(`${name}-`) && f.endsWith(".js")) as string), "utf8");
    // The notice for a link's unknown fields comes with the link reader.
    expect([first.includes("this playground does not know"), chunk("open-link").includes("this playground does not know")]).toStrictEqual([false, true]);
    // The examples' lines come on the first click; their titles are on the first screen.
    const line = (SECTION_EIGHT[0]?.lines[0] as string).replace(/ \/\/.*/, "");
    expect([first.includes(line), chunk("examples").includes(line), first.includes(EXAMPLE_TITLES[0]?.about as string)]).toStrictEqual([false, true, true]);
  });

  it("titles every example with the button that loads it, and loads the examples' lines only when one is asked for", async () => {
    // The buttons are EXAMPLE_TITLES; examples.ts, which holds the lines, is a file of its own.
    expect(EXAMPLES.map(({ id, title, about }) => ({ id, title, about }))).toStrictEqual(EXAMPLE_TITLES);
    const before = suite.site().requests.length;
    const { page } = await open();
    await page.waitForLoadState("networkidle");
    expect(await page.locator("[data-example]").evaluateAll((bs) => bs.map((b) => [b.getAttribute("data-example"), b.textContent, b.getAttribute("title")]))).toStrictEqual(EXAMPLE_TITLES.map((t) => [t.id, t.title, t.about]));
    expect(suite.site().requests.slice(before).some((p) => p.includes("/examples-"))).toBe(false);
    await page.getByRole("button", { name: "Comprehension readback", exact: true }).click();
    await expect.poll(() => page.locator("#conversation").inputValue()).toBe(SECTION_EIGHT[1]?.lines.join("\n"));
    expect(suite.site().requests.slice(before).filter((p) => p.includes("/examples-"))).toHaveLength(1);
    expect(await page.getByRole("status").filter({ hasText: "Loading…" }).count()).toBe(0);
    // Loaded, the next example is set in the click itself, as every example was before.
    expect(
      await page.evaluate(() => {
        (document.querySelector('[data-example="reissue"]') as HTMLButtonElement).click();
        return new Promise<string>((resolve) => requestAnimationFrame(() => resolve((document.querySelector("#conversation") as HTMLTextAreaElement).value)));
      }),
    ).toBe(EXAMPLES.find((e) => e.id === "reissue")?.lines.join("\n"));
  });
});

describe("section 8 in the conversation checker", () => {
  const pay = vocabularies().pay;
  const resolve = profileResolver(null, (n) => vocabularies()[n]);
  for (const example of EXAMPLES) {
    it(`${example.title}: every line valid, every readback as check-rb says`, async () => {
      const { page } = await open();
      await page.getByRole("button", { name: example.title, exact: true }).click();
      await expect.poll(() => page.locator("#conversation").inputValue()).toBe(example.lines.join("\n"));
      const summary = page.locator(".summary[data-lines]");
      await expect.poll(() => summary.getAttribute("data-lines")).toBe(String(example.lines.length));
      expect(await summary.getAttribute("data-refused")).toBe("0");
      expect(await page.locator('ol.rows > li[data-status="refused"]').count()).toBe(0);
      // Every RB answering an HO of the example: the page's tiers are the core's.
      const messages = example.lines.map((l) => checkLine(l, resolve).message as Message);
      for (const rb of messages.filter((m) => m.type === "RB")) {
        const ho = messages.find((m) => m.type === "HO" && m.id === rb.re) as Message;
        const e = example.expectations?.[ho.id];
        const want = checkReadback(ho, rb, ho.slots["p"] === "pay" ? pay : coreVocabulary, e === undefined || e.expectAcc === "" ? {} : { expectAcc: e.expectAcc });
        const shown = await tiersShown(page, rb.id);
        expect(shown.tiers).toStrictEqual(want.tiers.map((t) => t.result));
        expect(shown.verdict).toBe(want.wilco ? "wilco" : "void");
      }
      await shot(page, `conversation-${example.id}`, true);
    });
  }

  it("shows the closure state and owner of each handoff, and the void readback's re-issue", async () => {
    const { page } = await open();
    await page.getByRole("button", { name: "Void readback and re-issue" }).click();
    await page.locator('li[data-node="ops-04"]').waitFor();
    const closure = (id: string) => page.locator(`li[data-node="${id}"] > .node [data-closure]`).first().getAttribute("data-closure");
    expect(await closure("ops-03")).toBe("superseded");
    expect(await page.locator('li[data-node="ops-03"] > .node [data-closure]').first().getAttribute("title")).toBe("superseded by the re-issue ops-04");
    expect(await closure("ops-04")).toBe("open");
    expect(await tiersShown(page, "builder-05")).toMatchObject({ verdict: "void" });
    expect(await text(page.locator('li[data-node="builder-05"] .tier-findings'))).toContain("ECHO_MISMATCH");
    expect(await tiersShown(page, "builder-06")).toMatchObject({ verdict: "wilco" });
    expect(await page.locator('tr[data-item="jira:OPS-77"]').innerText()).toContain("builder");
    await page.getByRole("button", { name: "Handoff, question, completion" }).click();
    await page.locator('li[data-node="writer-03"]').waitFor();
    expect(await closure("research-01")).toBe("closed");
    expect(await page.locator('li[data-node="research-01"] > .node [data-owner]').getAttribute("data-owner")).toBe("writer");
    // The cancel of section 5.4 closes the pay HO and is acknowledged: nothing to report.
    await page.getByRole("button", { name: "Cancel and acknowledgement (section 5.4)" }).click();
    await page.locator('li[data-node="payer-3"]').waitFor();
    expect(await closure("scheduler-1")).toBe("closed");
    expect(await page.locator('li[data-node="scheduler-1"] > .node [data-closure]').first().getAttribute("title")).toBe("closed by its CX");
    expect(await page.locator(".summary[data-thread-ok]").getAttribute("data-thread-ok")).toBe("true");
  });

  it("says why the sender still holds an item, as rw check-thread does: no readback yet, or none passed", async () => {
    const { page } = await open();
    const ho = "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001";
    const hint = page.locator('li[data-node="ops-03"] > .node [data-owner]');
    await page.fill("#conversation", ho);
    await expect.poll(() => text(hint)).toContain("(no readback yet: the sender holds it)");
    expect(await text(page.locator('tr[data-item="jira:OPS-77"]'))).toContain("first sender (no readback yet)");
    // A void readback added below the same HO: the HO's node is rebuilt with the new owner.
    await page.fill("#conversation", `${ho}\nRW1 RB builder-05 re=ops-03 from=builder to=ops item=jira:OPS-77 ask=BUILD due=20261001`);
    await expect.poll(() => text(hint)).toContain("(no passing readback: the sender holds it)");
    expect(await text(page.locator('tr[data-item="jira:OPS-77"]'))).toContain("first sender (no passing readback)");
  });

  it("applies check-thread's clock: past its due, an open HO is orphaned", async () => {
    const { page } = await open();
    await page.fill("#conversation", sectionEight[13] as string);
    await page.fill("#now", "20261003T0900Z");
    await expect.poll(() => page.locator('li[data-node="ops-03"] > .node [data-closure]').getAttribute("data-closure")).toBe("orphaned");
    expect(await page.locator(".thread-findings").innerText()).toContain("THREAD_OVERDUE");
    await page.fill("#now", "not a time");
    await expect.poll(() => page.locator("#now-hint").innerText()).toContain("not a time");
    expect(await page.locator('li[data-node="ops-03"] > .node [data-closure]').getAttribute("data-closure")).toBe("open");
  });

  it("shows a reply chain thousands deep as rows, with its findings and owners, and throws nothing", async () => {
    const { page } = await open();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Each AQ and AN answers the line before it: rendered as nested lists, 500 of them exhausted
    // the browser's stack and the thread, its findings and owners vanished.
    const lines = ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT"];
    for (let k = 2; k <= 2_001; k++) lines.push(k % 2 === 0 ? `RW1 AQ b-${k} re=a-${k - 1} from=b to=a item=x:1 need=TEXT` : `RW1 AN a-${k} re=b-${k - 1} from=a to=b val=tail // ok`);
    // Set as a paste sets it, in one input event: page.fill inserts the text as typed input, which
    // Chromium took 26 to 31 s to take in on a slow machine for these 2,001 lines, at the test's
    // timeout, while the page checked and drew them in under a second (a real Ctrl+V: 0.7 s).
    await page.evaluate((v) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = v;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, lines.join("\n"));
    await expect.poll(() => page.locator(".summary[data-thread-ok]").textContent()).toContain("2001 messages");
    expect(await page.locator('li[data-node="a-1"]').getAttribute("data-depth")).toBe("0");
    expect(await page.locator('li[data-node="b-2"]').getAttribute("data-depth")).toBe("1");
    expect(await page.locator('li[data-node="a-1"]').getAttribute("aria-level")).toBe("1");
    expect(await text(page.locator(".thread-findings"))).toContain("THREAD_OPEN");
    expect(await page.locator('tr[data-item="x:1"]').count()).toBe(1);
    expect(errors).toStrictEqual([]);
  });

  it("shows a megabyte name in part wherever it names it: the node, its owner, the readback, the findings", async () => {
    const { page } = await open();
    // A valid HO from an agent whose name is a megabyte, past its exp and read back: check-thread's
    // findings quote the name, the owner names the HO by its id, and so does the readback.
    const name = "a".repeat(1024 * 1024);
    const lines = [`RW1 HO ${name}-1 from=${name} to=b item=x:1 ask=DRAFT exp=20261001T0000Z`, `RW1 RB b-2 re=${name}-1 from=b to=${name} item=x:1 ask=DRAFT`];
    await page.evaluate((v) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = v;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, lines.join("\n"));
    await page.fill("#now", "20261002T1200Z");
    const thread = page.locator('section[aria-labelledby="thread-title"]');
    await expect.poll(() => thread.locator(".thread-findings li").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await thread.locator(".tier-report").waitFor();
    // Every place shows at most 4,096 of its characters and says how many more there are.
    expect((await text(thread)).length).toBeLessThan(100_000);
    const more = await thread.locator("[data-more]").evaluateAll((spans) => spans.map((s) => Number(s.getAttribute("data-more"))));
    expect(more.length).toBeGreaterThanOrEqual(6);
    expect(more.every((n) => n > 1_000_000)).toBe(true);
    expect(await text(thread.locator("ul.tree [data-owner]"))).toMatch(/^owner of x:1: b \(readback of a{4096} … 1,044,482 more characters\)$/);
  }, 90_000);

  it("says problems, as rw check-thread does, when a line was left out as refused", async () => {
    const { page } = await open();
    await page.fill("#now", "20261001T0000Z");
    const lines = [POLISH.replace("POLISH", "DRAFT"), POLISH.replace("research-01", "research-02").replace("#42", "#43")];
    await page.fill("#conversation", lines.join("\n"));
    const summary = page.locator(".summary[data-thread-ok]");
    await expect.poll(() => summary.textContent()).toContain("1 refused line left out");
    // The audit of the valid line alone has no error; the refused line fails the verdict.
    expect(await summary.getAttribute("data-thread-ok")).toBe("false");
    expect(await summary.locator(".badge").textContent()).toBe("problems");
    await page.fill("#conversation", lines[0] as string);
    await expect.poll(() => summary.getAttribute("data-thread-ok")).toBe("true");
  });

  it("counts the questions in the thread's summary, as rw check-thread does, only when the thread asked any", async () => {
    const { page } = await open();
    await page.fill("#now", "20261006T0900Z");
    const questions = [
      "RW1 AQ ops-1 from=ops to=human need=YESNO by=20261005 // deploy?",
      "RW1 AN human-1 re=ops-1 from=human to=ops val=Y",
      "RW1 AQ ops-2 from=ops to=human need=NUM by=20261005 // how many seats?",
      "RW1 AQ ops-3 from=ops to=builder need=YESNO // can you take OPS-80 too?",
    ];
    await page.fill("#conversation", questions.join("\n"));
    const summary = page.locator(".summary[data-thread-ok]");
    await expect.poll(() => summary.textContent()).toContain("4 messages, 0 handoffs");
    expect((await text(summary)).replace(/\s+/g, " ")).toMatch(/unverified; 3 questions \(1 answered, 2 open, 1 overdue\)$/);
    await page.fill("#conversation", POLISH.replace("POLISH", "DRAFT"));
    await expect.poll(() => summary.textContent()).toContain("1 message, 1 handoff");
    expect(await text(summary)).not.toContain("question");
  });
});

describe("a broken line", () => {
  it("shows its error where the core places it, and the receiver's refusal", async () => {
    const { page } = await open();
    await page.fill("#conversation", POLISH);
    const row = page.locator('ol.rows > li[data-line="1"]');
    await expect.poll(() => row.getAttribute("data-status")).toBe("refused");
    const underlined = row.locator(".err");
    expect(await underlined.count()).toBe(1);
    expect(await underlined.getAttribute("data-at")).toBe("64");
    expect(await text(underlined)).toBe("ask=POLISH");
    // The underline starts at character 64 of the line as displayed.
    const before = await row.locator("code.rw").evaluate((code, at) => (code.textContent ?? "").indexOf("ask=POLISH") === at, 64);
    expect(before).toBe(true);
    expect(await text(row.locator("ul.findings"))).toContain("ENUM_UNKNOWN");
    expect(await text(row.locator("ul.findings"))).toContain("ask=POLISH is not a known ask code");
    expect(await text(row.locator("[data-refusal]"))).toBe("RW1 UN writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 why=UNK // unknown ask=POLISH");
    await shot(page, "conversation-broken-line");
    // "at 64" puts the editor's caret there.
    await row.getByRole("button", { name: /^at 64/ }).click();
    expect(await page.locator("#conversation").evaluate((t: HTMLTextAreaElement) => [document.activeElement === t, t.selectionStart])).toStrictEqual([true, 64]);
  });

  it("underlines a spacing error and numbers the UN after the receiver's own messages", async () => {
    const { page } = await open();
    const lines = [sectionEight[0], sectionEight[1], "RW1 HO research-03 from=research  to=writer item=gh:crox/site#42 ask=DRAFT"];
    await page.fill("#conversation", lines.join("\n"));
    const row = page.locator('ol.rows > li[data-line="3"]');
    await expect.poll(() => row.getAttribute("data-status")).toBe("refused");
    const want = checkLine(lines[2] as string).findings.map((f) => String(f.at));
    expect(await row.locator(".err").evaluateAll((s) => s.map((e) => e.getAttribute("data-at")))).toStrictEqual(want);
    expect(await text(row)).toContain("SPACING");
    await page.fill("#as", "writer");
    await expect.poll(() => text(row.locator("[data-refusal]"))).toMatch(/^RW1 UN writer-2 re=research-03 from=writer to=research/);
  });
});

describe("decoding the conversation", () => {
  it("drops one leading byte order mark, as the CLI and the Worker do", async () => {
    const { page } = await open();
    await page.fill("#conversation", `\uFEFF${POLISH.replace("POLISH", "DRAFT")}\n\uFEFF${POLISH.replace("POLISH", "DRAFT")}`);
    const rows = page.locator("ol.rows > li[data-line]");
    await expect.poll(() => rows.evaluateAll((lis) => lis.map((li) => li.getAttribute("data-status")))).toStrictEqual(["valid", "refused"]);
    expect(await page.locator("#conversation").inputValue()).toBe(`${POLISH.replace("POLISH", "DRAFT")}\n\uFEFF${POLISH.replace("POLISH", "DRAFT")}`);
  });
});

describe("the readback lab", () => {
  it("takes the sender's withheld criteria and record, and shows the tier report", async () => {
    const { page } = await open();
    await page.getByRole("button", { name: "Comprehension readback" }).click();
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const criteria = page.getByLabel("Withheld acceptance criteria");
    expect(await criteria.inputValue()).toBe("len:120w+tone:plain+no:em-dash+must:monday-problem");
    const report = page.locator('#panel-readback .tier-report[data-verdict]').first();
    expect(await report.getAttribute("data-verdict")).toBe("wilco");
    expect(await report.innerText()).toContain("ACC_ASSUMPTION");
    await criteria.fill("len:150w+tone:plain");
    await expect.poll(() => report.getAttribute("data-verdict")).toBe("void");
    expect(await report.innerText()).toContain("ACC_CONTRADICTION");
    await shot(page, "readback-lab-comprehension", true);
    // The record of an execution readback: a resolved account checked against it.
    await page.getByRole("tab", { name: "Conversation" }).click();
    const ho = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const rb = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    await page.fill("#conversation", `${ho}\n${rb}`);
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Handoff").selectOption("scheduler-1");
    expect(await report.getAttribute("data-verdict")).toBe("unverified");
    await page.getByLabel("Sender's record").fill('{"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/61102938", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "$resolve": ["acct"]}');
    await expect.poll(() => report.getAttribute("data-verdict")).toBe("wilco");
    await page.getByLabel("Sender's record").fill('{"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/00000000", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "$resolve": ["acct"]}');
    await expect.poll(() => report.getAttribute("data-verdict")).toBe("void");
    await page.getByLabel("Sender's record").fill('{"acct": ');
    await expect.poll(() => page.locator("#record-problems").innerText()).toContain("not JSON");
    await page.getByLabel("Sender's record").fill('{"nonsense": "1"}');
    await expect.poll(() => page.locator("#record-problems").innerText()).toContain("nonsense");
    await shot(page, "readback-lab-record", true);
  });
});

describe("the legend generator", () => {
  it("shows the pay legend, counts its tokens, copies and downloads it", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile", { exact: true }).selectOption("pay");
    const pre = page.getByLabel("legend text");
    const want = legend(vocabularies().pay);
    expect(await pre.textContent()).toBe(want);
    await expect.poll(() => page.locator("[data-tokens]").getAttribute("data-tokens"), { timeout: 30_000 }).toBe(String(encode(want).length));
    await page.getByRole("button", { name: "Copy legend" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "copied" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(want);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe("legend-pay.txt");
    // The bytes rw legend --profile pay > legend-pay.txt writes: the legend and a line break.
    expect(readFileSync((await download.path()) as string, "utf8")).toBe(`${want}\n`);
    await shot(page, "legend-pay", true);
    await page.getByLabel("Lean").check();
    await expect.poll(() => pre.textContent()).toBe(legend(vocabularies().pay, { lean: true }));
    await page.getByLabel("Profile", { exact: true }).selectOption("");
    await expect.poll(() => pre.textContent()).toBe(legend(coreVocabulary, { lean: true }));
  });

  it("checks a custom profile and says what is wrong with it", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    const custom = page.getByLabel("Profile file (JSON)");
    await custom.fill("{not json");
    await expect.poll(() => page.locator("#custom-status").innerText()).toContain("not JSON");
    await custom.fill(JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { DRAFT: "redefined" } }));
    await expect.poll(() => page.locator("#custom-status").innerText()).toContain("refused");
    expect(await page.locator("#custom-status li").count()).toBeGreaterThan(0);
    const mine = { profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" }, slots: [{ key: "stg", type: "enum:stage", on: ["HO"], required: false, desc: XSS }], enums: { stage: { DIA: XSS } } };
    await custom.fill(JSON.stringify(mine));
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
    await page.getByLabel("Profile", { exact: true }).selectOption("custom");
    await expect.poll(() => page.getByLabel("legend text").textContent()).toContain("SCORE");
    expect(await page.getByLabel("legend text").textContent()).toContain(XSS);
    // Loaded from a file, the same.
    await page.getByLabel("Load a profile file").setInputFiles({ name: "mine.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ ...mine, asks: { RANK: "rank it" } })) });
    await expect.poll(() => page.getByLabel("legend text").textContent()).toContain("RANK");
    expect(await page.locator("img").count()).toBe(0);
    // Pasted with a leading byte order mark, as the CLI reads a file saved with one.
    await custom.fill(`\uFEFF${JSON.stringify({ ...mine, asks: { GRADE: "grade it" } })}`);
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
    await expect.poll(() => page.getByLabel("legend text").textContent()).toContain("GRADE");
  });

  it("refuses a custom profile that takes a shipped profile's name, as rw --profile FILE and the Worker do", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    const custom = page.getByLabel("Profile file (JSON)");
    // The shipped pay with one more ask: a file that compiles, but p=pay means the shipped pay.
    const pay = JSON.parse(readFileSync(join(import.meta.dirname, "../../profiles/pay.json"), "utf8")) as Record<string, unknown>;
    const file = { ...pay, asks: { ...(pay["asks"] as object), SCORE: "score it" } };
    expect(compileVocabulary(coreVocabulary, file).ok).toBe(true);
    await custom.fill(JSON.stringify(file));
    await expect.poll(() => page.locator("#custom-status").innerText()).toContain("refused");
    const taken = shippedNameTaken(file, () => true);
    const items = page.locator("#custom-status li");
    expect(await items.count()).toBe(1);
    expect(await items.getAttribute("data-path")).toBe("profile");
    expect(await items.textContent()).toBe(`PROFILE_SHIPPED_NAME ${taken?.message}`);
    // Refused, it cannot be chosen: the one pay on offer is the shipped one.
    const option = page.getByLabel("Profile", { exact: true }).locator('option[value="custom"]');
    expect(await option.isDisabled()).toBe(true);
    // The same file under a name of its own is read.
    await custom.fill(JSON.stringify({ ...file, profile: "mypay" }));
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mypay");
    expect(await option.textContent()).toBe("custom: mypay");
    await page.getByLabel("Profile", { exact: true }).selectOption("custom");
    await expect.poll(() => page.getByLabel("legend text").textContent()).toContain("SCORE");
  });

  it("announces that a chosen custom profile is not valid, in the legend and where the conversation is read", async () => {
    const { page } = await open();
    const custom = await chooseCustomProfile(page);
    // Chosen in both places, then broken by an edit: each says so as an alert, which a screen
    // reader speaks when it appears, not only as a paragraph in red.
    await page.getByRole("tab", { name: "Legend" }).click();
    await custom.fill("{not json");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "custom profile is not valid" }).count()).toBe(1);
    await page.getByRole("tab", { name: "Conversation" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "custom profile is not valid" }).count()).toBe(1);
  });

  it("says no custom profile is given when the chosen custom profile is emptied, not that it is not valid", async () => {
    const { page } = await open();
    const custom = await chooseCustomProfile(page);
    await page.getByRole("tab", { name: "Legend" }).click();
    await custom.fill("");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "No custom profile is given" }).count()).toBe(1);
    expect(await page.getByRole("alert").filter({ hasText: "not valid" }).count()).toBe(0);
    await page.getByRole("tab", { name: "Conversation" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "No custom profile is given" }).count()).toBe(1);
    expect(await page.getByRole("alert").filter({ hasText: "not valid" }).count()).toBe(0);
  });

  it("reads lines with a custom profile that arrives in a shared link, once its checker has loaded", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile file (JSON)").fill(JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" } }));
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
    await page.getByRole("tab", { name: "Conversation" }).click();
    await page.getByLabel("Profile", { exact: true }).selectOption("custom");
    await page.locator("#conversation").fill("RW1 HO a-1 p=mine from=a to=b item=x:1 ask=SCORE");
    const summary = page.locator(".summary[data-lines]");
    await expect.poll(() => summary.getAttribute("data-refused")).toBe("0");
    // Opened afresh from the link: the profile's checker loads after the page, and the line is
    // then read with the profile, not left refused by the core alone.
    const { page: again } = await open(await settledLink(page));
    const read = again.locator(".summary[data-lines]");
    await expect.poll(() => read.getAttribute("data-lines")).toBe("1");
    await expect.poll(() => read.getAttribute("data-refused")).toBe("0");
    expect(await again.getByRole("alert").filter({ hasText: "custom profile" }).count()).toBe(0);
  });

  it("lists a refused profile's findings as rw does, code and message, each path once", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    const profile = { profile: "mine", version: "0.1", extends: "RW1", asks: { DRAFT: "redefined" }, why: { UNK: "unknown" }, slots: [{ key: "ask", type: "token", on: ["HO"] }] };
    const compiled = compileVocabulary(coreVocabulary, profile);
    expect(compiled.ok).toBe(false);
    await page.getByLabel("Profile file (JSON)").fill(JSON.stringify(profile));
    const items = page.locator("#custom-status li");
    await expect.poll(() => items.count()).toBe(compiled.findings.length);
    // rw legend --profile FILE prints "  CODE message"; each message already starts with its path.
    expect((await items.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toStrictEqual(compiled.findings.map((f) => `${f.code} ${f.message}`));
  });

  it("refuses a profile file whose bytes are not UTF-8, as rw legend --profile FILE refuses it", async () => {
    const { page } = await open();
    await page.getByRole("tab", { name: "Legend" }).click();
    const custom = page.getByLabel("Profile file (JSON)");
    const kept = JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score it" } });
    await custom.fill(kept);
    await expect.poll(() => page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
    // 0xFF is no UTF-8 byte: a decoder that replaces it would read "rank \uFFFD it" as a meaning.
    const bytes = Buffer.concat([Buffer.from('{"profile":"mine","version":"0.2","extends":"RW1","asks":{"RANK":"rank '), Buffer.from([0xff]), Buffer.from(' it"}}')]);
    await page.getByLabel("Load a profile file").setInputFiles({ name: "latin1.json", mimeType: "application/json", buffer: bytes });
    await expect.poll(() => page.getByRole("status").filter({ hasText: "latin1.json" }).textContent()).toContain("not valid UTF-8");
    expect(await custom.inputValue()).toBe(kept);
    expect(await page.locator("#custom-status").textContent()).toContain("valid profile mine 0.1");
  });

  it("sets the text a line is typed in, and the legend, in a monospace font", async () => {
    const { page } = await open();
    const family = (e: Element) => getComputedStyle(e).fontFamily;
    const conversation = await page.locator("#conversation").evaluate(family);
    expect(conversation).toMatch(/^ui-monospace,.*monospace$/);
    await page.getByRole("tab", { name: "Legend" }).click();
    expect(await page.getByLabel("legend text").evaluate(family)).toBe(conversation);
    expect(await page.getByLabel("Profile file (JSON)").evaluate(family)).toBe(conversation);
  });
});

describe("sharing", () => {
  it("a copied link reproduces what the page shows", async () => {
    const { page } = await open();
    await page.getByRole("button", { name: "Before an irreversible act (pay)" }).click();
    await page.fill("#now", "20261001T1200Z");
    await page.fill("#as", "auditor");
    await page.getByLabel("Profile", { exact: true }).selectOption("pay");
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Withheld acceptance criteria").fill("len:120w");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/#s1\./);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());
    const again = await open(link.slice(link.indexOf("#")));
    const p = again.page;
    expect(await p.getByRole("tab", { name: "Readback lab" }).getAttribute("aria-selected")).toBe("true");
    expect(await p.getByLabel("Withheld acceptance criteria").inputValue()).toBe("len:120w");
    await p.getByRole("tab", { name: "Conversation" }).click();
    expect(await p.locator("#conversation").inputValue()).toBe(SECTION_EIGHT[2]?.lines.join("\n"));
    expect(await p.locator("#now").inputValue()).toBe("20261001T1200Z");
    expect(await p.locator("#as").inputValue()).toBe("auditor");
    expect(await p.locator("#profile").inputValue()).toBe("pay");
    await page.getByRole("tab", { name: "Conversation" }).click();
    const rows = async (q: Page) => text(q.locator("ol.rows"));
    expect(await rows(p)).toBe(await rows(page));
  });

  it("keeps an edit made just before a reload, when the pause's write lands while the reload is under way", async () => {
    const { page } = await open();
    const line = POLISH.replace("POLISH", "DRAFT");
    // The reload asks for the address it began at; the page writes the edit into the address after
    // a pause in typing, and a slow reload (a loaded machine) let that write land before pagehide,
    // which then kept the edit for the new address only, and the reload opened the old one, empty.
    // So the reload's document is held until the address holds the edit: what the page shows, not
    // a time, decides, and the write lands while the reload is under way whenever it has not yet.
    const textOf = (hash: string): unknown => {
      try {
        return (JSON.parse(inflateRawSync(Buffer.from(hash.slice("#s1.".length), "base64url")).toString()) as { text?: unknown }).text;
      } catch {
        return null;
      }
    };
    let addressHolds = (_text: unknown): void => {};
    const edited = new Promise<void>((resolve) => (addressHolds = (text) => text === `${line} // more` && resolve()));
    await page.exposeFunction("addressWritten", (hash: string) => addressHolds(textOf(hash)));
    await page.evaluate(() => {
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History["replaceState"]>) => {
        replace(...args);
        (window as unknown as { addressWritten: (hash: string) => void }).addressWritten(location.hash);
      };
    });
    await page.click("#conversation");
    await page.keyboard.insertText(line);
    await page.keyboard.type(" // more");
    addressHolds(textOf(await page.evaluate(() => location.hash)));
    await page.route((url) => url.pathname === "/", async (route) => {
      await edited;
      await route.continue();
    });
    await page.reload();
    await page.locator("#conversation").waitFor();
    await expect.poll(() => page.locator("#conversation").inputValue()).toBe(`${line} // more`);
    // Hidden (another tab, the app switcher), the state is in the address at once.
    await page.keyboard.press("End");
    await page.locator("#conversation").press("End");
    await page.keyboard.type("!");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const fragment = await page.evaluate(() => location.hash);
    const { page: again } = await open(fragment);
    await expect.poll(() => again.locator("#conversation").inputValue()).toBe(`${line} // more!`);
  });

  it("a malformed link shows a clear message and an empty playground, never a crash", async () => {
    const deflated = async (text: string, page: Page) =>
      page.evaluate(async (t) => {
        const s = new Blob([t]).stream().pipeThrough(new CompressionStream("deflate-raw"));
        const bytes = new Uint8Array(await new Response(s).arrayBuffer());
        return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      }, text);
    const { page: helper } = await open();
    const cases: [string, RegExp][] = [
      ["#s1.%%%", /not valid base64url/],
      ["#s1.AAAA", /does not decompress/],
      ["#something-else", /not a playground state/],
      [`#s1.${await deflated("not json", helper)}`, /not JSON/],
      [`#s1.${await deflated(JSON.stringify({ text: 42, now: "20261001T1200Z", view: "legend" }), helper)}`, /left as they start: text/],
      [`#s1.${await deflated(JSON.stringify({ text: "x".repeat(9 * 1024 * 1024) }), helper)}`, /too large/],
    ];
    for (const [fragment, message] of cases) {
      const { page } = await open(fragment);
      const alert = page.getByRole("alert");
      await expect.poll(() => alert.innerText()).toMatch(message);
      expect(await page.locator("#main").count()).toBe(1);
    }
  });
});

describe("a link with fields the page does not know", () => {
  it("says which, visibly, and opens what it knows", async () => {
    const { page: helper } = await open();
    const fragment = (state: unknown) =>
      helper.evaluate(async (t) => {
        const s = new Blob([t]).stream().pipeThrough(new CompressionStream("deflate-raw"));
        const bytes = new Uint8Array(await new Response(s).arrayBuffer());
        return `#s1.${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
      }, JSON.stringify(state));
    const known = { text: POLISH, now: "20261001T1200Z", expectations: { "research-01": { expectAcc: "len:120w", record: "" } } };
    const { page: clean } = await open(await fragment(known));
    await expect.poll(() => clean.locator("#conversation").inputValue()).toBe(POLISH);
    expect(await clean.getByRole("alert").count()).toBe(0);

    const extra = { ...known, theme: "dark", "x\u202eyz": 1, expectations: { "research-01": { ...known.expectations["research-01"], weight: 2 } } };
    const { page } = await open(await fragment(extra));
    await expect.poll(() => page.locator("#conversation").inputValue()).toBe(POLISH);
    const notice = page.getByRole("alert");
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.isVisible()).toBe(true);
    const said = (await notice.innerText()).replace(/\s+/g, " ");
    expect(said).toContain('3 fields this playground does not know, not read');
    expect(said).toContain('"theme", "x·yz", "expectations.research-01.weight"');
    expect(said).not.toContain("\u202e");
    expect(said).not.toContain("not understood");
    expect(await page.locator("#now").inputValue()).toBe("20261001T1200Z");

    const many = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, i]));
    const { page: crowded } = await open(await fragment({ text: POLISH, ...many }));
    await expect.poll(() => crowded.getByRole("alert").innerText()).toContain('"k0", "k1", "k2", "k3", "k4" and 2 more.');
  });
});

describe("a foreign fragment in the same tab", () => {
  it("says the playground keeps what it holds, and keeps it", async () => {
    const { page } = await open();
    const line = POLISH.replace("POLISH", "DRAFT");
    await page.fill("#conversation", line);
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#s1\./);
    await page.evaluate(() => {
      location.hash = "#section-2";
    });
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("not a playground state");
    expect(await alert.textContent()).not.toContain("starts empty");
    expect(await alert.textContent()).toContain("keeps what it held");
    expect(await page.locator("#conversation").inputValue()).toBe(line);
  });
});

describe("safety", () => {
  it(`renders input as text: a tail like ${XSS} stays inert, in the line, the JSON form, the refusal and a shared link`, async () => {
    const { page, dialogs } = await open();
    const lines = [`RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT // ${XSS}`, `RW1 HO research-02 from=research to=writer item=${XSS} ask=POLISH // ${XSS}`, `{"v":"RW1","type":"HO","id":"x-1","tail":"${XSS}"}`];
    await page.fill("#conversation", lines.join("\n"));
    await page.locator('ol.rows > li[data-line="3"]').waitFor();
    expect(await text(page.locator("ol.rows"))).toContain(XSS);
    expect(await text(page.locator('ol.rows > li[data-line="1"] pre.json'))).toContain(XSS);
    expect(await page.locator("img").count()).toBe(0);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.url()).toMatch(/#s1\./);
    const again = await open(page.url().slice(page.url().indexOf("#")));
    await again.page.locator('ol.rows > li[data-line="3"]').waitFor();
    expect(await again.page.locator("img").count()).toBe(0);
    await again.page.waitForTimeout(300);
    expect(dialogs).toStrictEqual([]);
    expect(again.dialogs).toStrictEqual([]);
    await shot(page, "conversation-xss-inert");
  });
});

describe("bidirectional controls", () => {
  it("are shown as a mark, so an override cannot show one value as another, in the line, the JSON form, the findings and the thread", async () => {
    const { page } = await open();
    const spoofed = "RW1 HO scheduler-2 p=pay from=scheduler to=payer item=inv:\u202e750-6202-DM ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=\u202e83920116/88-21-04 paid=20261002 ref=MD-2026-057 apref=FD-0929 zz=1";
    await page.fill("#conversation", spoofed);
    const row = page.locator('ol.rows > li[data-line="1"]');
    await row.locator(".findings").waitFor();
    const shown = await text(row);
    expect(shown).not.toContain("\u202e");
    expect(shown).toContain("item=inv:·750-6202-DM");
    expect(shown).toContain("acct=·83920116/88-21-04");
    expect(await text(row.locator("pre.json"))).toContain('"acct":"·83920116/88-21-04"');
    expect(await text(page.locator(".tree"))).toContain("inv:·750-6202-DM");
  });

  it("are shown as a mark in what the core says about a sender's record and a custom profile, which quote their keys", async () => {
    const { page } = await open();
    await page.locator('[data-example="pay"]').click();
    await page.getByRole("tab", { name: "Readback lab" }).click();
    await page.getByLabel("Sender's record").fill('{"ac\u202ect": "x"}');
    const problems = page.locator("#record-problems");
    await expect.poll(() => text(problems)).toContain("ac·ct");
    expect(await text(problems)).not.toContain("\u202e");
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile file (JSON)").fill(JSON.stringify({ profile: "mine", version: "0.1", extends: "RW1", asks: { "SC\u202eORE": "score it" } }));
    const status = page.locator("#custom-status");
    await expect.poll(() => text(status)).toContain("asks.SC·ORE");
    expect(await text(status)).not.toContain("\u202e");
    await page.getByLabel("Profile file (JSON)").fill('{"profile": "mine", "pro\u202efile": 1, "pro\u202efile": 2}');
    await expect.poll(() => text(status)).toContain("pro·file");
    expect(await text(status)).not.toContain("\u202e");
  });
});

describe("bidirectional controls elsewhere", () => {
  it("are shown as a mark in a custom profile's legend, which is copied with its exact characters", async () => {
    const { page } = await open();
    const profile = { profile: "mine", version: "0.1", extends: "RW1", asks: { SCORE: "score \u202eit well" } };
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.getByLabel("Profile file (JSON)").fill(JSON.stringify(profile));
    await page.locator("#legend-profile").selectOption("custom");
    const pre = page.locator("pre.legend");
    await expect.poll(() => text(pre)).toContain("SCORE score ·it well");
    expect(await text(pre)).not.toContain("\u202e");
    // Only the marks differ: every line is where the core's legend has it.
    const exact = legend((compileVocabulary(coreVocabulary, profile) as { value: Parameters<typeof legend>[0] }).value, { lean: false });
    expect(await text(pre)).toBe(exact.replace(/\u202e/g, "·"));
    await page.getByRole("button", { name: "Copy legend" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(exact);
    // Without a clipboard, the legend shown is selected for Ctrl+C only when it is the exact text.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error("no clipboard"));
    });
    await page.getByRole("button", { name: "Copy legend" }).click();
    await expect.poll(() => text(page.locator("#panel-legend p.status"))).toContain("download legend-mine.txt for its exact text");
    expect(await page.evaluate(() => getSelection()?.toString() ?? "")).toBe("");
    await page.locator("#legend-profile").selectOption("pay");
    await page.getByRole("button", { name: "Copy legend" }).click();
    await expect.poll(() => text(page.locator("#panel-legend p.status"))).toContain("the legend is selected");
    expect(await page.evaluate(() => getSelection()?.toString() ?? "")).toBe(legend(vocabularies().pay, { lean: false }));
  });

  it("are shown as a mark in the readback lab's list of handoffs and the mailbox tab's parent filename", async () => {
    const { page } = await open();
    await page.fill("#conversation", "RW1 HO research-01 from=research to=writer item=gh:\u202e24#etis ask=DRAFT");
    await page.getByRole("tab", { name: "Readback lab" }).click();
    const option = page.locator("#lab-handoff option").first();
    await expect.poll(() => option.textContent()).toContain("gh:·24#etis");
    expect(await option.textContent()).not.toContain("\u202e");
    await page.getByRole("tab", { name: "Mailbox" }).click();
    await page.locator('[data-example="welcome"]').click();
    await page.locator("#mailbox-parent-file").fill("hello\u202edm.md");
    const parent = page.locator("[data-parent]");
    await expect.poll(() => parent.textContent()).toContain("file hello·dm.md");
    expect(await parent.textContent()).not.toContain("\u202e");
  });
});

describe("a link naming a profile the page does not ship", () => {
  it("says so with the name quoted, cut and its controls marked, in the conversation and the legend", async () => {
    const { page: helper } = await open();
    const name = `\u202e${"yap".repeat(1000)}`;
    const fragment = await helper.evaluate(async (t) => {
      const s = new Blob([t]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      const bytes = new Uint8Array(await new Response(s).arrayBuffer());
      return `#s1.${btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
    }, JSON.stringify({ text: POLISH, profile: name, legendProfile: name }));
    const { page } = await open(fragment);
    const want = `There is no shipped profile "·${"yap".repeat(13)}…"`;
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => text(problem)).toContain(want);
    expect(await text(problem)).not.toContain("\u202e");
    await page.getByRole("tab", { name: "Legend" }).click();
    const legendProblem = page.locator("#panel-legend p.problems[role=alert]");
    await expect.poll(() => text(legendProblem)).toContain(want);
    expect(await text(legendProblem)).not.toContain("\u202e");
  });
});

describe("accessibility", () => {
  it("labels every control", async () => {
    for (const view of ["Conversation", "Readback lab", "Legend", "Mailbox", "Delegation"]) {
      const { page } = await open();
      await page.getByRole("button", { name: "Before an irreversible act (pay)" }).click();
      await page.getByRole("tab", { name: view }).click();
      const unlabelled = await page.evaluate(() =>
        Array.from(document.querySelectorAll("input, select, textarea, button")).filter((el) => {
          const labels = (el as HTMLInputElement).labels;
          const named = (labels !== null && labels.length > 0) || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || (el.tagName === "BUTTON" && (el.textContent ?? "").trim() !== "");
          return !named;
        }).map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, view).toStrictEqual([]);
    }
  });

  it("announces each check once, politely, with the thread's verdict, in a region that stays while lines are typed", async () => {
    const { page } = await open();
    const summary = page.locator("p.summary[data-lines]");
    expect([await summary.getAttribute("role"), await summary.getAttribute("aria-live"), await summary.getAttribute("aria-atomic")]).toStrictEqual(["status", "polite", "true"]);
    await tag(page, "p.summary[data-lines]");
    await page.click("#conversation");
    await page.keyboard.insertText(POLISH.replace("POLISH", "DRAFT"));
    await expect.poll(() => summary.textContent()).toBe("1 line: 1 valid, 0 refused. Thread: ok.");
    // Two keystrokes, two checks: a trailing space refuses the line, then a token that is no key=value.
    const live = await recordLiveRegions(page);
    await page.keyboard.type(" x", { delay: 50 });
    await expect.poll(() => summary.getAttribute("data-refused")).toBe("1");
    const announced = await live.stop();
    expect(announced.map((a) => a.text)).toStrictEqual(["1 line: 0 valid, 1 refused. Thread: problems."]);
    expect(await isSameNode(page, "p.summary[data-lines]")).toBe(true);
    // The thread's own summary says the same at length; it is not a second announcement.
    expect(await page.locator("[data-thread-ok]").getAttribute("data-thread-ok")).toBe("false");
    expect(await page.locator("[data-thread-ok]").evaluate((e) => e.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]') === null)).toBe(true);
  });

  it("says each row's line number and names its JSON form, the line of a JSON form and the legend", async () => {
    const { page } = await open();
    await page.fill("#conversation", `${POLISH}\n${JSON.stringify(checkLine(POLISH.replace("POLISH", "DRAFT"), profileResolver(null, () => undefined)).message)}`);
    const rows = page.locator("ol.rows > li");
    await expect.poll(() => rows.count()).toBe(2);
    // Read as the accessibility tree has them: a label on an element without a role is not read.
    const first = await rows.nth(0).ariaSnapshot();
    expect(first).toContain("text: line 1 refused");
    expect(first).toContain('group "JSON form"');
    const second = await rows.nth(1).ariaSnapshot();
    expect(second).toContain("text: line 2 valid");
    expect(second).toContain('group "the line"');
    await page.getByRole("tab", { name: "Legend" }).click();
    await page.locator("pre.legend").waitFor();
    expect(await page.locator("#panel-legend").ariaSnapshot()).toContain('group "legend text"');
  });

  it("is usable from the keyboard, with a visible focus", async () => {
    const { page } = await open();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the playground");
    // The tabs: arrows move between them.
    await page.getByRole("tab", { name: "Conversation" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Readback lab" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await page.getByRole("tab", { name: "Delegation" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("tab-delegation");
    await page.keyboard.press("Home");
    // An example loads from the keyboard.
    await page.getByRole("tab", { name: "Conversation" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-example"))).toBe("handoff");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#conversation").inputValue()).toBe(SECTION_EIGHT[0]?.lines.join("\n"));
    await shot(page, "keyboard-focus");
  });

  it("is readable in light and dark", async () => {
    const { page } = await open();
    await page.getByRole("button", { name: "Void readback and re-issue" }).click();
    await page.locator('li[data-node="builder-06"]').waitFor();
    const colours = async () => page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).color]);
    await page.emulateMedia({ colorScheme: "light" });
    const light = await colours();
    await shot(page, "conversation-light");
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await colours();
    await shot(page, "conversation-dark");
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    expect(luminance(light[0] as string)).toBeGreaterThan(0.9);
    expect(luminance(light[1] as string)).toBeLessThan(0.2);
    expect(luminance(dark[0] as string)).toBeLessThan(0.15);
    expect(luminance(dark[1] as string)).toBeGreaterThan(0.8);
    await page.getByRole("tab", { name: "Legend" }).click();
    await shot(page, "legend-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });
});

export type { Example };
