// A finding's "at N" puts the editor's caret there and brings it into view: on a line wider than
// the editor (which does not wrap), that means scrolling it sideways too.
import { describe, expect, it } from "vitest";
import { pageSuite } from "./page-suite.js";

const suite = pageSuite();

describe("at N in a finding", () => {
  it("shows the caret at that column of a long line, in the editor's view", async () => {
    const { page } = await suite.open();
    const long = `RW1 HO a-1 from=a to=b item=x ask=DRAFT ${Array.from({ length: 40 }, (_, i) => `k${i}=${"v".repeat(20)}`).join(" ")} due=later`;
    const lines = Array.from({ length: 60 }, (_, i) => `RW1 HO a-${i + 2} from=a to=b item=x ask=DRAFT`);
    lines.splice(40, 0, long);
    await page.fill("#conversation", lines.join("\n"));
    const at = long.indexOf("due=");
    const button = page.locator('li[data-line="41"] ul.findings button', { hasText: `at ${at}` });
    await button.click();
    const view = await page.evaluate((column) => {
      const ta = document.querySelector("#conversation") as HTMLTextAreaElement;
      const style = getComputedStyle(ta);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = style.font;
      const line = ta.value.split("\n")[40] as string;
      const x = Number.parseFloat(style.paddingLeft) + context.measureText(line.slice(0, column)).width;
      return { focused: document.activeElement === ta, caret: ta.selectionStart, start: ta.value.indexOf(line), x, left: ta.scrollLeft, width: ta.clientWidth };
    }, at);
    expect(view.focused).toBe(true);
    expect(view.caret).toBe(view.start + at);
    expect(view.x).toBeGreaterThan(view.width);
    expect(view.x, "the caret is right of the editor's view").toBeLessThanOrEqual(view.left + view.width);
    expect(view.x, "the caret is left of the editor's view").toBeGreaterThanOrEqual(view.left);
  });
});
