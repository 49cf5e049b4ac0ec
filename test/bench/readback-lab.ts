/**
 * The readback lab with a long conversation, measured in Chromium: 40,000 HOs pasted, then the
 * lab's tab opened (the first time, its code fetched; then again), a character typed in its
 * withheld criteria, and one typed in the conversation after it. Each timed in the page, from the
 * event to the frame after. `node --import tsx test/bench/readback-lab.ts [HOs] [site folder]`
 * (default playground/dist, built first when missing). Prints; asserts nothing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, DIST, launchChromium, serveStatic } from "../playground/browser.js";

const n = Number(process.argv[2] ?? 40_000);
const dir = process.argv[3] ?? DIST;
const RUNS = 7;

if (!existsSync(CHROMIUM)) {
  console.log(`readback lab: skipped (${CHROMIUM} is missing; apt-get install -y chromium)`);
} else {
  if (dir === DIST && !existsSync(join(DIST, "index.html"))) {
    const { build } = await import("vite");
    await build({ configFile: join(import.meta.dirname, "..", "..", "playground", "vite.config.ts"), logLevel: "warn" });
  }
  const browser = await launchChromium();
  const site = await serveStatic(dir);
  try {
    const page = await browser.context.newPage();
    // tsx names the functions of the measuring code with esbuild's __name, which the page lacks.
    await page.addInitScript("globalThis.__name = (f) => f");
    await page.goto(site.url);
    await page.locator("#conversation").waitFor();
    const lines = Array.from({ length: n }, (_, i) => `RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=DRAFT due=20261002`);
    await page.evaluate((text) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = text;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, lines.join("\n"));
    await page.locator(`.summary[data-lines="${n}"]`).waitFor({ timeout: 120_000 });
    const figures = await page.evaluate(async (runs) => {
      const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const settle = async (): Promise<void> => {
        for (let k = 0; k < 3; k++) await frame();
        await new Promise((r) => setTimeout(r, 200));
      };
      const until = async (ready: () => boolean): Promise<void> => {
        while (!ready()) await new Promise((r) => setTimeout(r, 0));
        await frame();
      };
      const tab = (id: string) => document.getElementById(`tab-${id}`) as HTMLButtonElement;
      const openLab = async (): Promise<number> => {
        const t = performance.now();
        tab("readback").click();
        await until(() => document.querySelector("#lab-summary") !== null && document.querySelector("#expect-acc") !== null);
        return performance.now() - t;
      };
      const type = async (selector: string): Promise<number> => {
        const field = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement;
        const t = performance.now();
        field.setRangeText(field.value.endsWith("q") ? "z" : "q", field.value.length - (field.value === "" ? 0 : 1), field.value.length);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        await frame();
        return performance.now() - t;
      };
      const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
      const openMailbox = async (): Promise<number> => {
        const t = performance.now();
        tab("mailbox").click();
        await until(() => document.querySelector("#mailbox-text") !== null);
        return performance.now() - t;
      };
      const toConversation = async (): Promise<number> => {
        const t = performance.now();
        tab("conversation").click();
        await until(() => document.querySelector("#conversation") !== null);
        return performance.now() - t;
      };
      // The conversation before the lab was ever opened, and another lazy tab, for comparison.
      const before: number[] = [];
      for (let k = 0; k < runs; k++) {
        before.push(await type("#conversation"));
        await settle();
      }
      await openMailbox();
      await settle();
      await toConversation();
      await settle();
      const mailbox: number[] = [];
      const mailboxBack: number[] = [];
      for (let k = 0; k < runs; k++) {
        mailbox.push(await openMailbox());
        await settle();
        mailboxBack.push(await toConversation());
        await settle();
      }
      const first = await openLab();
      await settle();
      const back: number[] = [];
      const again: number[] = [];
      const criteria: number[] = [];
      const conversation: number[] = [];
      for (let k = 0; k < runs; k++) {
        back.push(await toConversation());
        await settle();
        conversation.push(await type("#conversation"));
        await settle();
        again.push(await openLab());
        await settle();
        criteria.push(await type("#expect-acc"));
        await settle();
      }
      const options = document.querySelectorAll("#panel-readback option").length;
      return { first, again: median(again), back: median(back), criteria: median(criteria), conversation: median(conversation), before: median(before), mailbox: median(mailbox), mailboxBack: median(mailboxBack), options };
    }, RUNS);
    // Keys pressed as a person types them (editing, not setRangeText, which makes Chromium build a
    // long text area's text again), into the conversation and into a bare text area holding the
    // same text: what the browser alone costs. From the input event's time to the frame after.
    const keys = async (): Promise<number> => {
      await page.evaluate(() => {
        const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
        ta.focus();
        ta.setSelectionRange(ta.value.length, ta.value.length);
        const w = globalThis as unknown as { keyed: number[] };
        w.keyed = [];
        ta.addEventListener("input", (e) => requestAnimationFrame(() => setTimeout(() => w.keyed.push(performance.now() - e.timeStamp), 0)), { capture: true });
      });
      for (let k = 0; k < RUNS; k++) {
        await page.keyboard.press("q");
        await page.waitForTimeout(1000);
      }
      const keyed = await page.evaluate(() => (globalThis as unknown as { keyed: number[] }).keyed);
      return [...keyed].sort((a, b) => a - b)[keyed.length >> 1] as number;
    };
    await page.locator("#tab-conversation").click();
    await page.waitForTimeout(500);
    const typed = await keys();
    await page.setContent('<textarea id="conversation" rows="12" wrap="off" spellcheck="false" style="width:100%;font:13px/1.45 monospace"></textarea>');
    await page.evaluate((text) => {
      (document.querySelector("#conversation") as HTMLTextAreaElement).value = text;
    }, lines.join("\n"));
    await page.waitForTimeout(500);
    const bare = await keys();
    const ms = (x: number): string => `${Math.round(x)} ms`;
    console.log(`readback lab, ${n.toLocaleString("en")} HOs (median of ${RUNS}, in the page, event to the frame after):`);
    console.log(`  open the lab's tab: first ${ms(figures.first)} (its code fetched), then ${ms(figures.again)}; back to the conversation ${ms(figures.back)}`);
    console.log(`  a character typed: in the withheld criteria ${ms(figures.criteria)}; in the conversation, after the lab was open, ${ms(figures.conversation)}`);
    console.log(`  for comparison: a character typed in the conversation before the lab was opened ${ms(figures.before)}; the mailbox tab opened ${ms(figures.mailbox)}, and left ${ms(figures.mailboxBack)}`);
    console.log(`  <option> elements in the lab: ${figures.options.toLocaleString("en")}`);
    console.log(`  a key pressed at the end of the conversation: ${ms(typed)}; in a bare text area holding the same text, ${ms(bare)}`);
  } finally {
    await browser.close();
    await site.close();
  }
}
