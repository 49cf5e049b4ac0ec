// The rows of the conversation paint what the text holds: after any sequence of edits (pastes that
// replace everything, insertions, deletions), each row's painted line is its line, in order.
import fc from "fast-check";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { splitAll } from "../../playground/src/check/lines.js";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

// The audit's lines (a paste of P, then X, then Y garbled Y), and broken variants of spec lines.
const P = "RW1 ST writer-05 from= writer to=research item=gh:x pct=50";
const X = "RW1 HO research-\u0661 from=research to=writer item=x ask=DRAFT";
const Y = "RW1 HO research-10 from=research to=writer itemgh:z ask=DRAFT due=20250101";
const SPEC = [
  "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len // hero copy",
  "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT acc=len:120w+tone:plain",
  "RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=art:draft.md",
  "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002",
];
const POOL = [P, X, Y, ...SPEC, ...SPEC.flatMap((l) => [l.replace(" to=", "  to="), l.replace("=", "= "), l.replace(/ ask=(\w+)/, " a$1"), l.replace("item=", "item"), l.slice(0, 30)])];

/** The lines rows are made of, and what each row paints, after setting the text area to `text`. */
async function paint(page: Page, text: string): Promise<{ want: string[]; shown: (string | null)[] }> {
  const shown = await page.evaluate(async (v) => {
    const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
    ta.value = v;
    ta.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return Array.from(document.querySelectorAll("ol.rows > li[data-line]"), (li) => li.querySelector(".row-head code.rw")?.textContent ?? null);
  }, text);
  return { want: splitAll(text, () => 0).lines.map((l) => l.text), shown };
}

type Edit = { readonly kind: "paste"; readonly lines: string[] } | { readonly kind: "insert"; readonly at: number; readonly text: string } | { readonly kind: "delete"; readonly at: number; readonly length: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("paste" as const), lines: fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.constantFrom("\n", " ", "=", "x", " // t", "item=", "-1", POOL[0] as string) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
);

const apply = (text: string, e: Edit): string => {
  if (e.kind === "paste") return e.lines.join("\n");
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  return e.kind === "insert" ? text.slice(0, at) + e.text + text.slice(at) : text.slice(0, at) + text.slice(at + e.length);
};

describe("the rows", () => {
  it("paint the line the text holds after pastes that replace the conversation (the audit's P, X, Y)", async () => {
    const { page } = await suite.open();
    for (const line of [P, X, Y]) {
      const { want, shown } = await paint(page, line);
      expect(shown).toStrictEqual(want);
    }
  });

  it("paint every line as the text holds it, after any sequence of edits", async () => {
    const { page } = await suite.open();
    let text = "";
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
        for (const e of edits) {
          text = apply(text, e);
          const { want, shown } = await paint(page, text);
          expect(shown).toStrictEqual(want);
        }
      }),
      { numRuns: 60, seed: 20261002 },
    );
  }, 180_000);

  it("keep a right-to-left override in a tail to itself: the rest of the JSON form is not reordered", async () => {
    const { page } = await suite.open();
    const RLO = "\u202e";
    const lines = [`RW1 HO research-04 from=research to=writer item=gh:crox/site#45 ask=DRAFT // ${RLO}QTL override`, `{"v":"RW1","type":"HO","id":"research-05","from":"research","to":"writer","item":"gh:x","slots":{"ask":"DRAFT"},"tail":"${RLO}QTL","re":null}`];
    await page.fill("#conversation", lines.join("\n"));
    await page.locator('ol.rows > li[data-line="2"]').waitFor();
    // Where a character of an element's text is painted, from the left.
    const x = (selector: string, find: string, last = false) =>
      page.locator(selector).evaluate((el, [find, last]) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let hit: { node: Text; at: number } | null = null;
        for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
          const t = n.textContent ?? "";
          const at = last ? t.lastIndexOf(find as string) : t.indexOf(find as string);
          if (at >= 0) {
            hit = { node: n as Text, at };
            if (!last) break;
          }
        }
        if (hit === null) return null;
        const r = document.createRange();
        r.setStart(hit.node, hit.at);
        r.setEnd(hit.node, hit.at + 1);
        const box = r.getClientRects()[0] as DOMRect;
        return { x: box.left, y: Math.round(box.top) };
      }, [find, last] as const);
    // Line 1's JSON form ends in "}, painted after the tail's text, not before it.
    const end = await x('li[data-line="1"] pre.json', "}", true);
    const tail = await x('li[data-line="1"] pre.json', "Q");
    expect(end !== null && tail !== null && (end.y > tail.y || end.x > tail.x)).toBe(true);
    // Line 2, a JSON form: its "re":null comes after the tail, in the row and in the page's text.
    const re = await x('li[data-line="2"] .row-head code.rw', "r", true);
    const rtl = await x('li[data-line="2"] .row-head code.rw', "Q");
    expect(re !== null && rtl !== null && (re.y > rtl.y || re.x > rtl.x)).toBe(true);
  });

  it("underline each error of a JSON form on the value its finding names, or where the text stops being JSON", async () => {
    const { page } = await suite.open();
    const form = (slots: string, id = "scheduler-1"): string => `{"v": "RW1", "type": "HO", "id": "${id}", "re": null, "from": "scheduler", "to": "payer", "item": "inv:MD-2026-057", "slots": ${slots}, "tail": null}`;
    const lines = [
      // An id not its sender's, a value not its slot's type, and a slot no vocabulary has (a note: not underlined).
      form('{"p": "pay", "ask": "PAY", "rb": ["exec"], "sup": "marlow", "amt": "lots", "cur": "GBP", "kind": "GROSS", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "zz": "1"}', "payer-1"),
      // The shape: a list item of the wrong kind underlines its list.
      form('{"ask": "DRAFT", "opts": [1, {"a": 2}]}'),
      // Not JSON: the character where it stops being JSON.
      '{"v": "RW1",}',
      // Not JSON, cut short: the end of the text.
      '{"v": "RW1"',
    ];
    await page.fill("#conversation", lines.join("\n"));
    await page.locator('ol.rows > li[data-line="4"]').waitFor();
    const underlined = (n: number) => page.locator(`li[data-line="${n}"] .row-head code.rw .err`).evaluateAll((spans) => spans.map((s) => [s.textContent, Number(s.getAttribute("data-at"))]));
    const first = lines[0] as string;
    expect(await underlined(1)).toStrictEqual([
      ['"payer-1"', first.indexOf('"payer-1"')],
      ['"lots"', first.indexOf('"lots"')],
    ]);
    expect(await underlined(2)).toStrictEqual([['[1, {"a": 2}]', (lines[1] as string).indexOf("[1, ")]]);
    expect(await underlined(3)).toStrictEqual([["}", 12]]);
    expect(await page.locator('li[data-line="4"] .row-head code.rw .err-end').getAttribute("data-at")).toBe(String((lines[3] as string).length));
    // Shown as written, each string still isolated: the row paints the line, not coloured.
    for (const [k, line] of lines.entries()) expect(await page.locator(`li[data-line="${k + 1}"] .row-head code.rw`).textContent()).toBe(line);
    expect(await page.locator('li[data-line="1"] .row-head code.rw [class^="p-"]').count()).toBe(0);
    expect(await page.locator('li[data-line="1"] .row-head code.rw .err > .iso').count()).toBe(2);
  });

  it("place a finding about a key named like a part on the key: a JSON form's slots.v, not its v; a line's tail= key is no tail", async () => {
    const { page } = await suite.open();
    const lines = [
      '{"v": "RW1", "type": "HO", "id": "a-1", "re": null, "from": "a", "to": "b", "item": "x", "slots": {"ask": "DRAFT", "v": 1}, "tail": null}',
      "RW1 AN a-2 re=b-1 from=a to=b val=tail v=1 tail=x",
    ];
    await page.fill("#conversation", lines.join("\n"));
    await page.locator('ol.rows > li[data-line="2"]').waitFor();
    const underlined = await page.locator('li[data-line="1"] .row-head code.rw .err').evaluateAll((spans) => spans.map((s) => [s.textContent, Number(s.getAttribute("data-at"))]));
    expect(underlined).toStrictEqual([["1", (lines[0] as string).indexOf(": 1}") + 2]]);
    // The line has no tail: nothing is painted as one, and the notes about v= and tail= mark
    // neither the version token nor anything after the key tail=.
    const row = page.locator('li[data-line="2"] .row-head code.rw');
    expect(await row.locator(".p-tail, .p-separator").count()).toBe(0);
    expect(await row.locator(".p-version").textContent()).toBe("RW1");
    expect(await row.locator(".p-version.mark-note").count()).toBe(0);
  });

  it("of a long conversation are rendered near the viewport only, the summary and the thread whole", async () => {
    const { page } = await suite.open();
    const lines = Array.from({ length: 3000 }, (_, k) => `RW1 HO research-${k + 1} from=research to=writer item=gh:crox/site#${k} ask=DRAFT due=20261002 // hero copy ${k}`);
    await page.evaluate((v) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = v;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, lines.join("\n"));
    await page.locator('.summary[data-lines="3000"]').waitFor();
    expect(await page.locator(".summary[data-thread-ok]").textContent()).toContain("3000 handoffs");
    await page.waitForTimeout(300);
    const rendered = () => page.locator("ol.rows > li[data-line]").evaluateAll((lis) => lis.map((li) => Number(li.getAttribute("data-line"))));
    expect((await rendered()).length).toBeGreaterThan(0);
    expect((await rendered()).length).toBeLessThanOrEqual(300);
    expect((await rendered())[0]).toBe(1);
    // Scrolled to the end, the last rows are there, each painting its line.
    await expect
      .poll(async () => {
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        return (await rendered()).includes(3000);
      })
      .toBe(true);
    expect((await rendered()).length).toBeLessThanOrEqual(300);
    expect(await page.locator('ol.rows > li[data-line="3000"] .row-head code.rw').textContent()).toBe(lines[2999]);
  });

  it("of a paste of more than a megabyte come after the page shows it, saying it is being checked", async () => {
    const { page } = await suite.open();
    const lines = Array.from({ length: 12_000 }, (_, k) => `RW1 HO research-${k + 1} from=research to=writer item=gh:crox/site#${k} ask=DRAFT due=20261002 // hero copy ${k}`);
    // What the summary says in the first frames after the paste: the check of 12,000 lines would
    // otherwise hold the page, the pasted text unshown, until it ends.
    const frames = await page.evaluate(async (v) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      const summary = document.querySelector(".summary[data-lines]") as HTMLElement;
      ta.value = v;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
      const said: string[] = [];
      for (let k = 0; k < 2; k++) {
        await new Promise((r) => requestAnimationFrame(r));
        said.push(summary.textContent ?? "");
      }
      return said;
    }, lines.join("\n"));
    expect(frames).toStrictEqual(["Checking…", "Checking…"]);
    await page.locator('.summary[data-lines="12000"]').waitFor();
    expect(await page.locator(".summary[data-lines]").textContent()).toMatch(/^12000 lines: 12000 valid, 0 refused\. Thread: /);
    expect(await page.locator('ol.rows > li[data-line="1"] .row-head code.rw').textContent()).toBe(lines[0]);
  });

  it("paint a megabyte line in part, saying how much is left out; its findings cover all of it", async () => {
    const { page } = await suite.open();
    const line = `RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT // ${"y".repeat(1024 * 1024)}`;
    await page.evaluate((v) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      ta.value = v;
      ta.dispatchEvent(new Event("input", { bubbles: true }));
    }, line);
    const row = page.locator('ol.rows > li[data-line="1"]');
    await expect.poll(() => row.getAttribute("data-status")).toBe("refused");
    const shown = (await row.locator(".row-head code.rw").textContent()) ?? "";
    expect(line.startsWith(shown)).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(4096);
    expect(await row.locator(".row-head [data-more]").getAttribute("data-more")).toBe(String(line.length - shown.length));
    expect(await row.locator("ul.findings").textContent()).toContain("TAIL_TOO_LONG");
    expect(((await row.locator("pre.json").textContent()) ?? "").length).toBeLessThan(4200);
  });
});
