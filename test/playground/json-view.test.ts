// The JSON form under each line (pre.json) at a phone's width. Compact JSON has no space to wrap
// at, and the view's overflow-wrap: anywhere broke a name wherever the line ran out ("researc|h",
// "fro|m"). Each `,` and `:` between the tokens is a break opportunity (<wbr>), so a key or value
// that fits the view lies on one line; a copy of the view is still the JSON form, character for character.
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite({ clipboard: true });

const LINES = [
  "RW1 HO orchestrator-1 from=orchestrator to=copywriter item=gh:crox/site#42 ask=DRAFT due=20261002",
  "RW1 RB copywriter-1 re=orchestrator-1 from=copywriter to=orchestrator item=gh:crox/site#42 ask=DRAFT due=20261002",
  "RW1 HO pay-1 from=pay to=bank item=inv:2026-0042 p=pay ask=PAY rb=exec amt=EUR:1200.00 acct=DE89370400440532013000",
];

describe("the JSON view at 375 px wide", () => {
  it("breaks no key or value mid-word, and a copy of it is the JSON form as it was", async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.fill("#conversation", LINES.join("\n"));
    await page.locator(`ol.rows > li[data-line="${LINES.length}"] pre.json`).waitFor();
    const views = page.locator("ol.rows > li pre.json");
    expect(await views.count()).toBe(LINES.length);
    for (let k = 0; k < LINES.length; k++) {
      const view = views.nth(k);
      // Each JSON token (a string with its quotes, a number, true, false, null): the line boxes it lies on.
      const tokens = await view.evaluate((pre) => {
        const nodes: { node: Text; start: number }[] = [];
        let text = "";
        const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
          nodes.push({ node: n as Text, start: text.length });
          text += n.textContent ?? "";
        }
        const place = (at: number): [Text, number] => {
          let hit = nodes[0] as { node: Text; start: number };
          for (const n of nodes) if (n.start <= at) hit = n;
          return [hit.node, at - hit.start];
        };
        const range = document.createRange();
        const out: [string, number][] = [];
        for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null/g)) {
          range.setStart(...place(m.index));
          range.setEnd(...place(m.index + m[0].length));
          out.push([m[0], new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size]);
        }
        // The punctuation that begins a line, if any: a line may start with a key or value, or a { or [.
        const top = (at: number): number => {
          range.setStart(...place(at));
          range.setEnd(...place(at + 1));
          return Math.round((range.getClientRects()[0] as DOMRect).top);
        };
        const leading: string[] = [];
        for (let at = 1; at < text.length; at++) if (",:}]".includes(text.charAt(at)) && top(at) !== top(at - 1)) leading.push(text.slice(at - 10, at + 10));
        return { out, leading, height: pre.getBoundingClientRect().height };
      });
      // The form wraps (it is longer than the view), and no token of it is split across lines.
      expect(tokens.out.length).toBeGreaterThan(10);
      expect(tokens.height, `line ${k + 1}'s JSON wraps`).toBeGreaterThan(40);
      expect(tokens.out.filter(([, lines]) => lines !== 1), `line ${k + 1}`).toStrictEqual([]);
      expect(tokens.leading, `line ${k + 1}: a line starts with punctuation`).toStrictEqual([]);
      // Selected and copied, the view is the JSON form: <wbr> adds no character (a zero-width space would).
      await view.evaluate((pre) => {
        const selection = window.getSelection() as Selection;
        selection.removeAllRanges();
        const range = document.createRange();
        range.selectNodeContents(pre);
        selection.addRange(range);
      });
      await page.keyboard.press("Control+c");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await view.textContent());
      expect(copied).toBe(JSON.stringify(JSON.parse(copied)));
      expect(JSON.parse(copied)).toMatchObject({ v: "RW1", id: LINES[k]?.split(" ")[2] });
    }
  });
});
