import { describe, expect, it } from "vitest";
import { isBlankLine, isSkippedLine, profileResolver, readMessage, refusal } from "../../core/index.js";

const coreResolve = profileResolver(null, () => undefined);

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

describe("a # line handed over as a message (README note 44)", () => {
  it("is LINE_COMMENT with no envelope, not a VERSION the receiver answers why=VER", () => {
    for (const line of ["#", "# a comment", "#RW1 HO research-1 from=research to=writer item=x ask=DRAFT", "# note from=research to=writer"]) {
      const read = readMessage(line, coreResolve);
      expect(read.findings.map((f) => f.code), JSON.stringify(line)).toStrictEqual(["LINE_COMMENT"]);
      expect(read.envelope).toStrictEqual({ id: null, from: null, to: null, item: null });
      expect(refusal(read.envelope, read.findings, "writer").ok, JSON.stringify(line)).toBe(false);
    }
  });
  it("leaves a line whose # is not first to the version token, as rw reads it too (isSkippedLine skips only a # first)", () => {
    for (const line of [" # x", "x# y"]) expect(readMessage(line, coreResolve).findings.map((f) => f.code), JSON.stringify(line)).toStrictEqual(["VERSION"]);
  });
});
