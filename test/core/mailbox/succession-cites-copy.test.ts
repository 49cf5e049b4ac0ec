// A declared succession cites the prior holder's newest message (section 4: "prior holder's last
// accepted message"). That message delivered twice (two files, one UUID, the same envelope and
// body) is one message: a wikilink to either file cites it, whichever file the analysis keeps (the
// first read), as a reply's parent link does (README note 98). Found by the differential check of
// the folder rules (differential/README.md, "Mailbox folders").
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const successor = { machine: "LYRA-NEW", root: "3c5d".repeat(16), session: "lyra-s2" };
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "s", set: { kind: "resume", from: "LYRA", to: ["VEGA"], thread: "@s", reply_to: "", request_id: "@s", ...successor } },
];

/** The room with the welcome delivered a second time under `copyName`, that copy read first, and the resume's body. */
function analyze(copyName: string, resumeBody: string): string[] {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs.map((s) => (s.id === "s" ? { ...s, body: resumeBody } : s)), mailbox);
  expect(diffs).toStrictEqual([]);
  const welcome = entries[1] as mailbox.MailboxEntry;
  const analysis = mailbox.analyzeMailbox([{ ...welcome, file: copyName }, ...entries]);
  return analysis.findings.map((f) => `${f.code} ${symbols.name(f.id ?? "")}`);
}

const seat = "Declared succession of the seat LYRA (new session lyra-s2, Handler-authorized).";

describe("a succession citing a message delivered twice", () => {
  it("cites it by a link to the file the analysis did not keep", () => {
    // The welcome's own file is linked; the copy, read first, is the one kept.
    const symbols = new Symbols(mailbox);
    const { entries } = readCase(symbols, specs, mailbox);
    const own = ((entries[1] as mailbox.MailboxEntry).file ?? "").replace(/\.md$/, "");
    expect(own).not.toBe("");
    expect(analyze("0000-copy-of-the-welcome.md", `${seat}\nPrior holder's last accepted message: [[${own}]]\n`)).toStrictEqual(["DUPLICATE_DELIVERY @w", "SUCCESSION_DECLARED @s"]);
  });

  it("cites it by a link to the copy too", () => {
    expect(analyze("0000-copy-of-the-welcome.md", `${seat}\nPrior holder's last accepted message: [[0000-copy-of-the-welcome]]\n`)).toStrictEqual(["DUPLICATE_DELIVERY @w", "SUCCESSION_DECLARED @s"]);
  });

  it("does not cite it by a link to neither file", () => {
    expect(analyze("0000-copy-of-the-welcome.md", `${seat}\nPrior holder's last accepted message: [[some-other-message]]\n`)).toStrictEqual(["DUPLICATE_DELIVERY @w", "SUCCESSION_UNDECLARED @s"]);
  });
});
