// The reader of JSON forms (json-forms.ts: the core's readMessage and the view of a JSON form as
// written) is not in the page's first download: it loads once a line of the text holds a JSON form,
// which the app finds without splitting the text (holdsJsonForm). In Debian's Chromium against the
// built site, as the other page tests.
import fc from "fast-check";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isJsonForm } from "../../core/index.js";
import { holdsJsonForm, splitAll } from "../../playground/src/check/lines.js";
import { openWatching, servedChromium } from "./page-suite.js";

const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
const JSON_HO = '{"v":"RW1","type":"HO","id":"research-02","re":null,"from":"research","to":"writer","item":"gh:crox/site#42","slots":{"ask":"DRAFT"},"tail":null}';

describe("holdsJsonForm", () => {
  it("is true exactly when some line, split as the checker splits the text, is a JSON form", () => {
    const some = (text: string): boolean => splitAll(text, () => 0).lines.some((l) => isJsonForm(l.text));
    for (const text of ["", HO, JSON_HO, ` \t${JSON_HO}`, `${HO}\n${JSON_HO}`, `${HO}\r\n  {`, `${HO}\r{`, `\u2028{`, `\u00a0\ufeff{`, `${HO} // {x}`, "#{", "x\n#{", "x\u2028", "[]", `${HO}\n  [`, `${HO} item=[x]`, "#["]) {
      expect([text, holdsJsonForm(text)]).toStrictEqual([text, some(text)]);
    }
    fc.assert(
      fc.property(fc.array(fc.constantFrom("{", "[", " ", "\t", "\n", "\r", "\u2028", "\u00a0", "\ufeff", "#", "x", "RW1 "), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(holdsJsonForm(text)).toBe(some(text));
      }),
      { numRuns: 2000 },
    );
  });
});

const served = servedChromium();

const open = (missing = false) => openWatching(served, "json-forms", missing);

const summary = (page: Page) => page.locator(".summary[data-lines]").textContent();

describe("the reader of JSON forms", () => {
  it("loads once a line holds a JSON form, not for RW1 lines, and then reads it", async () => {
    const { page, uncaught, asked } = await open();
    await page.fill("#conversation", HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    await page.waitForLoadState("networkidle");
    expect(asked()).toBe(false);
    await page.fill("#conversation", `${HO}\n${JSON_HO}`);
    await expect.poll(() => summary(page)).toMatch(/^2 lines: 2 valid, 0 refused\./);
    expect(asked()).toBe(true);
    // The JSON form as written, and its line under it.
    expect(await page.locator('li[data-line="2"] pre[aria-label="the line"]').textContent()).toBe("RW1 HO research-02 from=research to=writer item=gh:crox/site#42 ask=DRAFT");
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });

  it("missing, says why a text holding a JSON form is not checked, checks it again once it holds none, and throws nothing", async () => {
    const { page, uncaught } = await open(true);
    await page.fill("#conversation", `${HO}\n${JSON_HO}`);
    const problem = page.locator("p.problems[role=alert]");
    await expect.poll(() => problem.textContent()).toMatch(/^A line holds a JSON form, and the reader of JSON forms did not load \(.+\): the conversation is not checked while a line holds one; reload the page to try again\.$/);
    expect(await summary(page)).toBe("Checking…");
    await page.fill("#conversation", HO);
    await expect.poll(() => summary(page)).toMatch(/^1 line: 1 valid, 0 refused\./);
    expect(await problem.count()).toBe(0);
    expect(uncaught).toStrictEqual([]);
    await page.close();
  });
});
