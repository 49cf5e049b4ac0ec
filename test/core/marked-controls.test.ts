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
});
