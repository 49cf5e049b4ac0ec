/**
 * The incremental-checking figures, measured in Chromium: the checker bundled with esbuild and run
 * in a blank page (incremental-entry.ts), then one character typed into the real playground with a
 * 1,000-line conversation, timed from the input event to the next frame. Used by the test and by
 * `npm run bench:playground`; prints, asserts nothing.
 */
import { build } from "esbuild";
import type { BrowserContext } from "playwright-core";
import { threadConversation } from "../bench/thread-corpus.js";
import type { IncrementalFigures, Timing } from "./incremental-entry.js";

export const CONVERSATION: readonly string[] = [...threadConversation(1000)];

export async function checkerFigures(context: BrowserContext): Promise<IncrementalFigures> {
  const bundle = await build({
    stdin: { contents: 'export { measure } from "./incremental-entry.ts";', resolveDir: import.meta.dirname, loader: "ts" },
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "rwIncremental",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const page = await context.newPage();
  try {
    await page.goto("about:blank");
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
    return await page.evaluate((lines) => (globalThis as unknown as { rwIncremental: { measure(l: readonly string[]): IncrementalFigures } }).rwIncremental.measure(lines), CONVERSATION);
  } finally {
    await page.close();
  }
}

export interface RenderFigures {
  /** A one-character edit: from the input event to the frame after the page updated. */
  readonly edit: Timing;
  /** Loading the whole conversation into the page, to the frame after. */
  readonly load: number;
  /** Rows of the line list whose DOM changed, for each edit (the list renders the rows near the viewport: the edited row is scrolled to first). */
  readonly rowsChanged: readonly number[];
}

/** Types one character at a time into the page's conversation (already holding CONVERSATION). */
export async function renderFigures(context: BrowserContext, url: string, edits = 20): Promise<RenderFigures> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator("#conversation").waitFor();
    const load = await page.evaluate(async (text) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      const t = performance.now();
      ta.value = text;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t;
    }, CONVERSATION.join("\n"));
    await page.locator(`.summary[data-lines="${CONVERSATION.length}"]`).waitFor();
    return await page.evaluate(async (n) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      const rows = document.querySelector("ol.rows") as HTMLOListElement;
      const times: number[] = [];
      const changed: number[] = [];
      for (let k = 0; k < n; k++) {
        const line = 100 + 40 * k;
        // The list renders the rows near the viewport: scroll to the row's place, as a reader would.
        for (let tries = 0; tries < 40 && document.querySelector(`ol.rows > li[data-line="${line}"]`) === null; tries++) {
          const shown = Array.from(document.querySelectorAll<HTMLElement>("ol.rows > li[data-line]"));
          const first = shown[0];
          const last = shown[shown.length - 1];
          if (first === undefined || last === undefined) break;
          const a = Number(first.dataset["line"]);
          const b = Number(last.dataset["line"]);
          const perRow = (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) / Math.max(1, b - a + 1);
          scrollBy(0, (line - (line < a ? a : b)) * perRow);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))));
        const touched = new Set<string>();
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            const node = r.target instanceof Element ? r.target : r.target.parentElement;
            const row = node?.closest("ol.rows > li");
            // A spacer standing for rows not rendered may be re-sized: that renders no row.
            if (row?.classList.contains("window-spacer") === true) continue;
            touched.add(row?.getAttribute("data-line") ?? "list");
          }
        });
        observer.observe(rows, { subtree: true, childList: true, characterData: true, attributes: true });
        // The last character of line 100 + 40k: in its tail, as typing would change it.
        const lines = ta.value.split("\n");
        const at = lines.slice(0, line).reduce((s, l) => s + l.length + 1, 0) - 2;
        const t = performance.now();
        ta.setRangeText(ta.value[at] === "q" ? "z" : "q", at, at + 1);
        ta.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        times.push(performance.now() - t);
        observer.takeRecords();
        observer.disconnect();
        changed.push(touched.size);
      }
      const s = [...times].sort((a, b) => a - b);
      return { edit: { median: s[s.length >> 1] as number, p90: s[Math.floor(s.length * 0.9)] as number, max: s[s.length - 1] as number, runs: s.length }, rowsChanged: changed };
    }, edits).then((r) => ({ ...r, load }));
  } finally {
    await page.close();
  }
}

const ms = (x: number): string => `${x.toFixed(x < 2 ? 3 : 2)} ms`;

export function describeFigures(f: IncrementalFigures, r: RenderFigures | null): string[] {
  const pct = (x: number, of: number): string => `${((100 * x) / of).toFixed(1)}%`;
  const out = [
    `playground checker in Chromium, ${f.lines} lines (${f.characters.toLocaleString("en")} characters); from scratch the median of ${f.scratch.runs} runs, an edit the median of batches of ${f.batch} edits timed together, each over ${f.batch}:`,
    `  checking from scratch (new checker): ${ms(f.scratch.median)}; the core in one pass, nothing cached: ${ms(f.onePass.median)}`,
    `  after a one-character edit in a tail (${f.tailEdit.runs * f.batch} edits): ${ms(f.tailEdit.median)} (p90 ${ms(f.tailEdit.p90)}), ${pct(f.tailEdit.median, f.scratch.median)} of from scratch, ${pct(f.tailEdit.median, f.onePass.median)} of one pass; budget 10%`,
    `  after a one-character edit anywhere but a line break (${f.anyEdit.runs * f.batch} edits): ${ms(f.anyEdit.median)} (p90 ${ms(f.anyEdit.p90)}), ${pct(f.anyEdit.median, f.scratch.median)} of from scratch, ${pct(f.anyEdit.median, f.onePass.median)} of one pass`,
    `  after typing or deleting a line break (every later line renumbered; ${f.lineBreak.runs * f.batch} edits, each place once): ${ms(f.lineBreak.median)} (p90 ${ms(f.lineBreak.p90)}), ${pct(f.lineBreak.median, f.scratch.median)} of from scratch`,
    `  the thread audit alone over the messages already read (what re-running it whole would cost): ${ms(f.auditOnly.median)}, ${pct(f.auditOnly.median, f.scratch.median)} of from scratch`,
    `  incremental results equal a check from scratch: ${f.consistent ? "yes" : "NO"}`,
  ];
  if (r !== null) {
    out.push(`  in the page: loading the conversation ${ms(r.load)}; a one-character edit to the next frame ${ms(r.edit.median)} (p90 ${ms(r.edit.p90)}); rows re-rendered per edit: ${[...new Set(r.rowsChanged)].join(", ")}`);
  }
  return out;
}
