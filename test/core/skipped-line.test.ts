import { describe, expect, it } from "vitest";
import { isBlankLine, isSkippedLine } from "../../core/index.js";

describe("isSkippedLine: which input lines carry no message", () => {
  it("skips an empty line, a line of ASCII spaces and tabs, and a line starting with #", () => {
    for (const line of ["", " ", "\t", " \t  \t", "#", "# a comment", "#\u00A0", "#RW1 HO a-1"]) expect(isSkippedLine(line), JSON.stringify(line)).toBe(true);
  });
  it("reads a line holding any other character, a Unicode space or a byte order mark among them, so it is refused, not dropped", () => {
    const others = ["\u00A0", "\uFEFF", " \uFEFF", "\t\u00A0 ", "\u3000", "\u2028", "\u2029", "\u1680", "\u2003", "\u202F", "\u205F", "\v", "\f", "\u0085", "\r", " x", " #", "RW1"];
    for (const line of others) expect(isSkippedLine(line), JSON.stringify(line)).toBe(false);
  });
});

describe("isBlankLine: a line with nothing on it", () => {
  it("is empty, or only ASCII spaces and tabs; a comment is not blank", () => {
    for (const line of ["", " ", "\t", " \t  \t"]) expect(isBlankLine(line), JSON.stringify(line)).toBe(true);
    for (const line of ["#", "# a comment", "\u00A0", "\uFEFF", "\u2028", "\u3000", "\v", "\f", "\r", " x", "\t\u00A0 "]) expect(isBlankLine(line), JSON.stringify(line)).toBe(false);
  });
});
