import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLine, checkMessage, coreVocabulary, FINDING_CODES, formatLine, parseLine, validate } from "../../core/index.js";
import type { Finding } from "../../core/index.js";
import { arbitraryMessage } from "../arbitraries.js";
import { sectionEight } from "../spec-examples.js";
import { resolve, vocabularies } from "../vocabularies.js";

const all = vocabularies();

function typed(findings: readonly Finding[]): void {
  for (const f of findings) {
    expect(FINDING_CODES[f.code]).toBe(f.severity);
    expect(typeof f.message).toBe("string");
    if (f.at !== undefined) expect(Number.isInteger(f.at) && f.at >= 0).toBe(true);
  }
}

describe("round trip: parseLine(formatLine(m)) equals m", () => {
  for (const [name, vocabulary] of [["core", coreVocabulary], ...Object.entries(all)] as const) {
    it(`for generated messages under ${name}`, () => {
      fc.assert(
        fc.property(arbitraryMessage(vocabulary), (m) => {
          const line = formatLine(m);
          expect(line.findings).toStrictEqual([]);
          if (!line.ok) return;
          const back = parseLine(line.value, vocabulary);
          expect(back.ok ? back.value : back.findings).toStrictEqual(m);
        }),
        { numRuns: 400 },
      );
    });
  }
});

// Any string at all: the parser and validator answer with a typed result and never throw.
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ unit: "grapheme", maxLength: 400 }),
  fc.string({ unit: fc.constantFrom("R", "W", "1", " ", "=", "/", "+", "H", "O", "-", "a", "\n", "\u0000", "\ud800", "\udc00"), maxLength: 200 }),
  // Valid lines with a few characters changed: close to the grammar, where bugs live.
  fc.tuple(fc.constantFrom(...sectionEight), fc.array(fc.tuple(fc.nat(), fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 4 })).map(([line, edits]) => {
    let s = line;
    for (const [at, text] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + text + s.slice(i + 1);
    }
    return s;
  }),
);

describe("robustness: arbitrary input never throws and always gets a typed answer", () => {
  it("parseLine and checkLine", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseLine(text, all.pay);
        expect(typeof parsed.ok).toBe("boolean");
        typed(parsed.findings);
        if (parsed.ok) typed(validate(parsed.value, all.pay));
        const checked = checkLine(text, resolve);
        expect(checked.ok === (checked.message !== null && !checked.findings.some((f) => f.severity === "error"))).toBe(true);
        typed(checked.findings);
      }),
      { numRuns: 3000 },
    );
  });

  it("checkMessage on arbitrary JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const checked = checkMessage(value, resolve);
        expect(typeof checked.ok).toBe("boolean");
        typed(checked.findings);
      }),
      { numRuns: 1000 },
    );
  });

  it("huge and hostile lines finish and answer (linear scanning, no backtracking)", () => {
    const body = "RW1 HO a-1 from=a to=b item=x ask=DRAFT";
    const hostile = [
      `${body} ${"k=v ".repeat(200_000)}`.trimEnd(),
      `${body} keep=${"a+".repeat(300_000)}a`,
      `${body} // ${"x".repeat(2_000_000)}`,
      `${body} ${"=".repeat(1_000_000)}`,
      " ".repeat(1_000_000),
      `${body} ${"x_a=".repeat(100_000)}`,
      "RW1 ".repeat(250_000),
      `${body} acc=${"len:".repeat(200_000)}`,
      `${body}${" //".repeat(300_000)}`,
    ];
    for (const line of hostile) {
      const checked = checkLine(line, resolve);
      expect(typeof checked.ok).toBe("boolean");
    }
  });
});
