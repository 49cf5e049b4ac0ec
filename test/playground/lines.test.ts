// The playground's line splitting skips the lines the CLI and the Worker skip (the core's
// isSkippedLine): a line of a no-break space or a byte order mark is a line, read and refused.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonForm, profileNamed, profileOf, readMessage } from "../../core/index.js";
import { createChecker } from "../../playground/src/check/checker.js";
import { createFormsNamingProfile } from "../../playground/src/check/forms-naming-profile.js";
import { editSource, namesProfile, splitAll } from "../../playground/src/check/lines.js";
import { withoutBom } from "../../playground/src/input-text.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { framed, parseFraming } from "../conformance/framing-suite.js";

const HO = "RW1 HO a-1 from=a to=b item=x ask=DRAFT";
const read = (text: string): number[] => splitAll(text, () => 0).lines.map((l) => l.n);

describe("the conversation's lines", () => {
  it("skips only empty lines, lines of spaces and tabs, and # lines", () => {
    expect(read(`# a comment\n\n \t \n${HO}`)).toStrictEqual([4]);
    expect(read(`# a comment\r\n\r\n \t \r\n${HO}`)).toStrictEqual([4]);
  });
  it("reads a line of a no-break space, a byte order mark or another Unicode space", () => {
    expect(read(`\u00A0\n${HO}\n\uFEFF\n\u3000\n\t\u2003`)).toStrictEqual([1, 2, 3, 4, 5]);
    expect(read(`\u00A0\r\n${HO}\r\uFEFF`)).toStrictEqual([1, 2, 3]);
  });
  it("reads such a line typed into the text, as the whole text is read", () => {
    const key = ((k) => () => k++)(0);
    const before = `${HO}\n\n${HO}`;
    const after = `${HO}\n\u00A0\n${HO}`;
    const edited = editSource(splitAll(before, key), before, after, key);
    expect(edited?.source.lines.map((l) => [l.n, l.text])).toStrictEqual([[1, HO], [2, "\u00A0"], [3, HO]]);
  });
});

describe("framing.jsonl in the text area: the lines rw and the Worker read, under the same numbers", () => {
  const cases = parseFraming(readFileSync(join(import.meta.dirname, "..", "conformance", "framing.jsonl"), "utf8"));
  it("has the cases", () => expect(cases.length).toBeGreaterThan(20));
  for (const c of cases) {
    it(`${c.id}: ${c.about}`, () => {
      // As the text area's input handler keeps it (one leading byte order mark dropped), then checked.
      const checked = createChecker().check(withoutBom(c.text), { resolve: resolverFor(null), now: null, expectations: new Map(), as: null, readJson: readMessage });
      expect(checked.lines.map((l) => framed(l.n, l.check.ok, l.check.findings))).toStrictEqual(c.lines);
    });
  }
});

// The app loads the shipped profiles once a line may name one: exactly where the core's
// checkLine reads a p= (profileOf, before the tail), not wherever the text holds " p=", nor in a
// JSON form, whose `p` the core reads otherwise (profileNamed, once the reader of JSON forms is here).
describe("namesProfile", () => {
  const byLine = (text: string): boolean => text.split(/\r\n|\n|\r/).some((line) => !isJsonForm(line) && profileOf(line) !== null);

  it("names the cases: a p= before the tail, none in it, none empty", () => {
    expect(namesProfile("RW1 HO a-1 p=pay from=a")).toBe(true);
    expect(namesProfile("RW1 HO a-1 from=a // set p=0")).toBe(false);
    expect(namesProfile("RW1 HO a-1 from=a // x\nRW1 HO b-1 p=clin")).toBe(true);
    expect(namesProfile("RW1 HO a-1 p= from=a")).toBe(false);
    expect(namesProfile('{"v":"RW1","type":"HO","tail":"set p=0"}')).toBe(false);
  });

  it("agrees with profileOf line by line", () => {
    const piece = fc.constantFrom(" p=", "p", "=", " // ", " ", "\n", "\r", "\r\n", "x", "pay", "\t", "{", "[");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        expect(namesProfile(text)).toBe(byLine(text));
      }),
      { numRuns: 3000 },
    );
  });
});

// Whether a JSON form names a profile is the core's reading of it (profileNamed), which the app
// asks once the reader of JSON forms has loaded; an answer kept by a form's text is a cache only.
describe("createFormsNamingProfile", () => {
  const form = (p: string | null, tail = "x") => JSON.stringify({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x:1", slots: p === null ? { ask: "DRAFT" } : { ask: "DRAFT", p }, tail });
  const byLine = (text: string): boolean => splitAll(text, () => 0).lines.some((l) => isJsonForm(l.text) && profileNamed(l.text) !== null);

  it("names the cases: a p however its key is spelt, none in a tail or an RW1 line", () => {
    const names = createFormsNamingProfile();
    expect(names(form("pay"))).toBe(true);
    expect(names(form("pay").replace('"p":', '"\\u0070":'))).toBe(true);
    expect(names(`${form(null, "set p=pay")}\nRW1 HO b-1 from=a to=b item=x:1 ask=DRAFT`)).toBe(false);
    expect(names(form(null))).toBe(false);
  });

  it("agrees with profileNamed line by line, from one text to the next", () => {
    const line = fc.constantFrom(form("pay"), form("clin"), form(null), form(null, "keep p=pay"), `  ${form("pay")}`, "RW1 HO a-1 p=pay from=a to=b item=x:1 ask=DRAFT", "# {", "", "{not json", '{"p":"pay"}');
    const text = fc.array(line, { maxLength: 6 }).map((lines) => lines.join("\n"));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        const names = createFormsNamingProfile();
        for (const t of texts) expect(names(t)).toBe(byLine(t));
      }),
      { numRuns: 300 },
    );
  });
});
