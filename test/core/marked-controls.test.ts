import { describe, expect, it } from "vitest";
import { withControlsMarked } from "../../core/index.js";

describe("withControlsMarked: what a line may not hold, made visible one for one", () => {
  it("marks C0, DEL, C1, NEL and the Unicode line and paragraph separators, and nothing else", () => {
    const text = "a\u0000b\tc\u007fd\u009be\u0085f\u2028g\u2029h é 漢 \u{1F600}";
    const marked = withControlsMarked(text);
    expect(marked).toBe("a·b·c·d·e·f·g·h é 漢 \u{1F600}");
    expect(marked.length).toBe(text.length);
    expect(withControlsMarked("x\ny", "?")).toBe("x?y");
  });
  it("marks the bidirectional controls, so a value reversed by an override does not look like another", () => {
    const spoofed = "acct=\u202e83920116/88-21-04 \u2066a\u2069 \u200e\u200f\u061c";
    expect(withControlsMarked(spoofed)).toBe("acct=·83920116/88-21-04 ·a· ···");
    // Hebrew and Arabic letters are text, not controls.
    expect(withControlsMarked("שלום مرحبا")).toBe("שלום مرحبا");
  });
  it("marks the invisible formatting characters, so a value with one inside does not look like another", () => {
    const hidden = "to=pay\u200b-1 x\u2060y\uFEFF s\u00ADt \u2062 DE\u200dMO \u200cab\u200c";
    const marked = withControlsMarked(hidden);
    expect(marked).toBe("to=pay·-1 x·y· s·t · DE·MO ·ab·");
    // A tag character is two code units, and two marks: a caret still lines up.
    const tag = "a\u{E0041}b";
    expect(withControlsMarked(tag)).toBe("a··b");
    expect(withControlsMarked(tag).length).toBe(tag.length);
  });
  it("leaves the joiners that spell words and emoji: Persian, Devanagari, an emoji sequence", () => {
    const words = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 \u0915\u094D\u200D\u0937 \u{1F469}\u200D\u{1F4BB} \u{1F3F3}\uFE0F\u200D\u{1F308}";
    expect(withControlsMarked(words)).toBe(words);
  });
});

