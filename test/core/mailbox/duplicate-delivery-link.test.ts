// A parent delivered twice (two files, one UUID, the same envelope and body) is one message: a
// reply's wikilink to either file links it, whichever file the analysis keeps (the first read).
// Found by the differential check of the folder rules (differential/README.md, "Mailbox folders").
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } },
  { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } },
];

/** The room with the request delivered a second time under `copyName`, that copy read first. */
function analyze(copyName: string, replyBody?: string): { codes: string[]; symbols: Symbols } {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs.map((s) => (s.id === "y" && replyBody !== undefined ? { ...s, body: replyBody } : s)), mailbox);
  expect(diffs).toStrictEqual([]);
  const request = entries[2] as mailbox.MailboxEntry;
  const analysis = mailbox.analyzeMailbox([{ ...request, file: copyName }, ...entries]);
  return { codes: analysis.findings.map((f) => `${f.code} ${symbols.name(f.id ?? "")}`), symbols };
}

describe("a parent delivered twice", () => {
  it("is linked by a link to the file the analysis did not keep", () => {
    // The reply links the request's own file; the copy, read first, is the one kept.
    expect(analyze("0000-copy-of-the-request.md").codes).toStrictEqual(["DUPLICATE_DELIVERY @r"]);
  });

  it("is linked by a link to the copy too", () => {
    expect(analyze("0000-copy-of-the-request.md", "Answering [[0000-copy-of-the-request]].\n").codes).toStrictEqual(["DUPLICATE_DELIVERY @r"]);
  });

  it("is not linked by a link to neither file", () => {
    expect(analyze("0000-copy-of-the-request.md", "Answering [[some-other-message]].\n").codes).toStrictEqual(["DUPLICATE_DELIVERY @r", "PARENT_LINK_MISSING @y"]);
  });
});
