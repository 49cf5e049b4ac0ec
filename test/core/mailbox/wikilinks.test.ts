// The body's wikilink scanner: the same links as the regular expression it replaced, on bodies made
// of the characters its rules turn on, and one pass over a hostile 1 MiB body.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

/** The scanner before 2026-12-01, kept as the reference: up to 1,024 characters rescanned per `[[`. */
function referenceWikilinks(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/\[\[([^\]|#\n]{1,512})(?:[#|][^\]\n]{0,512})?\]\]/g)) out.push((m[1] as string).trim());
  return out;
}

// Pieces rich in what the rules turn on (brackets, `|`, `#`, newlines, spaces trimmed from a target),
// and runs long enough to cross the 512-character bounds on either side.
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("[", "]", "[[", "]]", "|", "#", "\n", "\r\n", " ", "a", "é", "x.md", "/", "😀") },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "[", "]", "|", "#", " "), fc.integer({ min: 505, max: 520 })).map(([c, k]) => c.repeat(k)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 530 }), fc.constantFrom("|", "#", ""), fc.integer({ min: 0, max: 530 })).map(([t, sep, a]) => `[[${"t".repeat(t)}${sep}${"a".repeat(a)}]]`) },
);
const body = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(""));

const MiB = mailbox.MAX_MESSAGE_BYTES;
const fill = (unit: string, size = MiB): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** Bodies on which the reference rescans hundreds of characters from almost every position. */
const hostile = (size = MiB): Record<string, string> => ({
  "[ only": fill("[", size),
  "[[a| repeated": fill("[[a|", size),
  "511 [ then |": fill(`${"[".repeat(511)}|`, size),
  "a target then a heading of [": fill(`[[${"a".repeat(300)}#${"[".repeat(400)}`, size),
});
/** Generous: the reference takes seconds on these bodies, the scanner tens of milliseconds. */
const LIMIT_MS = 1000;

describe("wikilinks", () => {
  it("finds what the regular expression found, on generated bodies", () => {
    fc.assert(fc.property(body, (b) => {
      expect(mailbox.wikilinks(b)).toStrictEqual(referenceWikilinks(b));
    }), { numRuns: 3000 });
  });
  it("finds what the regular expression found, at the 512-character bounds and on hostile bodies", () => {
    const bounds = [0, 1, 511, 512, 513].flatMap((t) => [0, 511, 512, 513].flatMap((a) => ["|", "#"].map((sep) => `x[[${" ".repeat(t)}${sep}${"b".repeat(a)}]]y[[${"c".repeat(t)}]]`)));
    for (const b of [...bounds, ...Object.values(hostile(20_000)), "[[a]]]]", "[[[a]]", "[[a|b|c]]", "[[a#b]]c]]", "[[ a \n]][[b]]", "[[]]", "[[a|]]", "[[#a]]"]) {
      expect(mailbox.wikilinks(b), JSON.stringify(b.slice(0, 80))).toStrictEqual(referenceWikilinks(b));
    }
  });
  it("scans 1 MiB hostile bodies in one pass", () => {
    const bodies = hostile();
    const start = performance.now();
    for (const b of Object.values(bodies)) expect(mailbox.wikilinks(b)).toStrictEqual([]);
    expect(performance.now() - start).toBeLessThan(LIMIT_MS);
  });
  it("reads and analyzes an ack to a hello with a 1 MiB hostile body in linear time", () => {
    const symbols = new Symbols(mailbox);
    const room = [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h" } },
      // Every rule that reads the links runs on this one: the parent's link, and the ack's claim to follow welcomes.
      { id: "a", set: { kind: "ack", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", machine: "LYRA-BOX", root: "2b4c".repeat(16) }, body: `{parent}\n${fill("[[a|", MiB - 4096)}\n` },
    ];
    const start = performance.now();
    const { entries, diffs } = readCase(symbols, room, mailbox);
    const analysis = mailbox.analyzeMailbox(entries);
    expect(performance.now() - start).toBeLessThan(LIMIT_MS);
    expect(diffs).toStrictEqual([]);
    expect(analysis.findings.map((f) => f.code)).not.toContain("PARENT_LINK_MISSING");
  });
});
