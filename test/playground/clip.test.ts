// A very long text is shown in part, and never cut inside a surrogate pair (half of one shows U+FFFD).
import { describe, expect, it } from "vitest";
import { clip, SHOWN } from "../../playground/src/views/clip.js";

const wellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe("clip", () => {
  it("shows a short text whole", () => {
    expect(clip("RW1 HO a-1")).toStrictEqual({ shown: "RW1 HO a-1", more: 0 });
  });
  it("cuts a long text at SHOWN characters and counts the rest", () => {
    const text = "x".repeat(SHOWN + 10);
    expect(clip(text)).toStrictEqual({ shown: "x".repeat(SHOWN), more: 10 });
  });
  it("keeps an emoji at the cut whole: it is left out, with the rest, not shown half", () => {
    const text = `${"x".repeat(SHOWN - 1)}😀${"y".repeat(5)}`;
    const { shown, more } = clip(text);
    expect(wellFormed(shown)).toBe(true);
    expect(shown).toBe("x".repeat(SHOWN - 1));
    expect(shown.length + more).toBe(text.length);
    expect(text.slice(shown.length).startsWith("😀")).toBe(true);
  });
  it("shows an emoji that ends at the cut", () => {
    const text = `${"x".repeat(SHOWN - 2)}😀${"y".repeat(5)}`;
    expect(clip(text)).toStrictEqual({ shown: `${"x".repeat(SHOWN - 2)}😀`, more: 5 });
  });
});
