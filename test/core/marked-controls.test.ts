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
});
