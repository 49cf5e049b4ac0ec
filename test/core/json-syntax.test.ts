import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSyntaxError } from "../../core/json-syntax.js";
import { coreVocabulary, parseJsonText, readMessage } from "../../core/index.js";
import { JSON_SYNTAX_CASES } from "../json-syntax-cases.js";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("jsonSyntaxError agrees with JSON.parse on what is JSON", () => {
  // JSON text, then the same text cut, with a character inserted, replaced or removed: most of
  // those are broken in some way the scanner has to find at the right place.
  const json = fc.tuple(fc.jsonValue(), fc.constantFrom(0, 1, "\t")).map(([v, indent]) => JSON.stringify(v, null, indent));
  const pieces = fc.constantFrom("{", "}", "[", "]", ",", ":", '"', "\\", "\\u12", "\\x", "0", "01", "-", "1.", "1e", "e5", "tru", "nul", " ", "\n", "\u0000", "\u001f", "\uFEFF", "\u00a0", "é", "😀", "\ud800");
  const mutated = fc.tuple(json, fc.nat(), fc.nat(3), pieces).map(([text, n, how, piece]) => {
    const at = text.length === 0 ? 0 : n % (text.length + 1);
    if (how === 0) return text.slice(0, at);
    if (how === 1) return text.slice(0, at) + piece + text.slice(at);
    if (how === 2) return text.slice(0, at) + piece + text.slice(at + 1);
    return text.slice(0, at) + text.slice(at + 1);
  });
  it("on JSON, mutated JSON and arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(json, mutated, mutated, fc.string({ unit: "binary" }), fc.array(pieces).map((p) => p.join(""))), (text) => {
        const error = jsonSyntaxError(text);
        expect(error === null, JSON.stringify(text)).toBe(parses(text));
        if (error !== null) {
          expect(error.at).toBeGreaterThanOrEqual(0);
          expect(error.at).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 3000, seed: 20261201 },
    );
  });
  it("reads a deep nesting without the call stack", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    expect(jsonSyntaxError(deep)).toBeNull();
    expect(jsonSyntaxError(deep.slice(0, -1))).toStrictEqual({ at: 399_999, reason: "the text ends where , or ] should follow" });
  });
});

describe("jsonSyntaxError says where and why, in its own words", () => {
  it.each(JSON_SYNTAX_CASES)("%j at %i: %s", (text, at, reason) => {
    expect(jsonSyntaxError(text)).toStrictEqual({ at, reason });
  });
  it("parseJsonText gives the reason with its line and column, and the index", () => {
    expect(parseJsonText('{\n "a": [1,\n 2,]\n}')).toStrictEqual({ ok: false, problem: "syntax", reason: 'expected a value, found "]" (line 3, column 4)', at: 15 });
  });
  it("a JSON form that is not JSON is refused with the place of the error", () => {
    const [f] = readMessage('{"v": "RW1", "type": HO}', () => coreVocabulary).findings;
    expect(f).toMatchObject({ code: "JSON_SHAPE", at: 21, message: 'not JSON: expected a value, found "H" (line 1, column 22)' });
  });
});
