import { describe, expect, it } from "vitest";
import { isBlankLine, isEmptyDocument } from "../../core/index.js";

describe("isEmptyDocument: a whole document that holds nothing", () => {
  it("is empty, or only blank lines (spaces and tabs), whatever the line breaks", () => {
    for (const text of ["", " ", "\t", "\n", "\r\n", "\r", " \t\r\n\t \n\r  ", "\n\n\n"]) expect(isEmptyDocument(text), JSON.stringify(text)).toBe(true);
  });

  it("holds content when any line holds another character: a Unicode space or a byte order mark is read, and refused", () => {
    const others = ["\u00A0", "\uFEFF", "\u2028", "\u2029", "\u3000", "\u1680", "\u2003", "\u202F", "\u205F", "\v", "\f", "\u0085", " \n\u00A0", "\r\n\t\uFEFF\r\n", "{}", "#"];
    for (const text of others) expect(isEmptyDocument(text), JSON.stringify(text)).toBe(false);
  });

  it("is every line blank by isBlankLine, split as the readers split lines", () => {
    // Every text of up to four of these characters.
    const chars = [" ", "\t", "\n", "\r", "\u00A0", "x", "\uFEFF", "\u2028"];
    let texts = [""];
    for (let length = 1; length <= 4; length++) {
      texts = [...texts, ...texts.filter((t) => t.length === length - 1).flatMap((t) => chars.map((c) => t + c))];
    }
    expect(texts).toHaveLength(1 + 8 + 64 + 512 + 4096);
    for (const text of texts) expect(isEmptyDocument(text), JSON.stringify(text)).toBe(text.split(/\r\n|\n|\r/).every(isBlankLine));
  });
});
