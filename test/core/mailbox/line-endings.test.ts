// A goodbye's re-entry written as Markdown writes it, and the three Markdown line endings (LF,
// CRLF, a lone CR) in the readers that go line by line: the goodbye's re-entry, the credential
// check, and the frontmatter, which refuses a lone CR saying so (README note 87).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { secretLines } from "../../../core/mailbox/message-secrets.js";
import { buildMessage, Symbols } from "../../conformance/mailbox-suite.js";

describe("reEntryOf: the spellings a Markdown author gives the line", () => {
  it.each([
    ["`re-entry: final`", "final"],
    ["``re-entry: returning``", "returning"],
    ["**re-entry:** final", "final"],
    ["**re-entry**: final", "final"],
    ["**re-entry: final**", "final"],
    ["*re-entry:* returning", "returning"],
    ["_re-entry_: final", "final"],
    ["__re-entry:__ final", "final"],
    ["re-entry: `final`", "final"],
    ["re-entry: **returning**", "returning"],
    ["- `re-entry: final`", "final"],
    ["* *re-entry*: returning.", "returning"],
    ["Re-Entry: FINAL", "final"],
    ["re-entry: final. This departure is final.", "final"],
    ["`re-entry: final | final`", "final"],
  ] as const)("reads %s as %s", (line, said) => {
    expect(mailbox.reEntryOf(`Leaving.\n\n${line}\n`)).toBe(said);
  });
  it.each([
    "`re-entry: returning | final`",
    "**re-entry:** returning | final",
    "re-entry: returning, or final if the Handler says so",
    "`re-entry: final`\n**re-entry:** returning",
    "I will write `re-entry: final` once the Handler agrees.",
    "The spec asks for **re-entry:** final on its own line.",
    "> re-entry: final",
  ])("banks none from %j", (text) => {
    expect(mailbox.reEntryOf(`Leaving.\n\n${text}\n`)).toBeNull();
  });
});

describe("reEntryOf: a line ends at LF, CRLF or a lone CR", () => {
  it("does not read the next lone-CR line's words as part of the re-entry line", () => {
    expect(mailbox.reEntryOf("Leaving.\r\rre-entry: final\rNot returning to this arena.\r")).toBe("final");
    expect(mailbox.reEntryOf("Leaving.\r\n\r\nre-entry: final\r\nNot returning to this arena.\r\n")).toBe("final");
  });
  it("reads lone-CR lines stating both as neither", () => {
    expect(mailbox.reEntryOf("Leaving.\rre-entry: final\rre-entry: returning\r")).toBeNull();
  });
  it("does not end a line at U+2028, which Markdown does not end a line at (as RW1 lines)", () => {
    expect(mailbox.reEntryOf("Leaving.\u2028re-entry: final\n")).toBeNull();
  });
  // README note 91: CommonMark's line endings are LF, CRLF and a lone CR, and nothing else; the
  // Unicode separators and NEL are characters of the line, as they are on an RW1 line (note 79).
  it.each(["\u2028", "\u2029", "\u0085"])("reads %j as part of the line, before the key and after the value", (separator) => {
    expect(mailbox.reEntryOf(`Leaving.${separator}re-entry: final\n`)).toBeNull();
    expect(mailbox.reEntryOf(`Leaving.\nre-entry: final${separator}Thanks, all.\n`)).toBe("final");
    // The words after it are the re-entry line's: "Not returning" there offers both, as on one line.
    expect(mailbox.reEntryOf(`Leaving.\nre-entry: final${separator}Not returning.\n`)).toBeNull();
    expect(mailbox.reEntryOf(`Leaving.\nre-entry: final\rNot returning.\n`)).toBe("final");
    expect(mailbox.reEntryOf(`Leaving.\nre-entry: final${separator}re-entry: returning\n`)).toBeNull();
    expect(mailbox.reEntryOf(`Leaving.\nre-entry: final\r${separator}re-entry: final\n`)).toBe("final");
  });
});

describe("secretLines: each Markdown line on its own", () => {
  it("finds a short bearer token alone on a lone-CR line, as on an LF line", () => {
    for (const eol of ["\n", "\r\n", "\r"]) expect(secretLines(["Call the hook with:", "Bearer ab1", "Thanks."].join(eol) + eol, 1), JSON.stringify(eol)).toEqual([{ line: 2, kind: expect.any(String) }]);
  });
  it("names the line a credential is on in a lone-CR body", () => {
    const symbols = new Symbols(mailbox);
    const text = buildMessage(symbols, { set: { kind: "request" }, body: "Hi.\r\rpassword=hunter2-x9\rbye\r" });
    const lf = buildMessage(new Symbols(mailbox), { set: { kind: "request" }, body: "Hi.\n\npassword=hunter2-x9\nbye\n" });
    const at = (t: string) => mailbox.readMailboxMessage(t, { mode: "outbound" }).findings.filter((f) => f.code === "MESSAGE_SECRET").map((f) => f.line);
    expect(at(text)).toEqual(at(lf));
    expect(at(text)).toHaveLength(1);
  });
});

describe("the frontmatter's lone CRs", () => {
  it("says the line endings are why a file of lone-CR lines has no frontmatter", () => {
    const text = buildMessage(new Symbols(mailbox), {}).replace(/\n/g, "\r");
    const reading = mailbox.readMailboxMessage(text, { mode: "inbound" });
    expect(reading.ok).toBe(false);
    expect(reading.findings).toMatchObject([{ code: "FRONTMATTER_MISSING", line: 1, received: "CR" }]);
    expect(reading.findings[0]?.message).toMatch(/lone CR/);
  });
  it("names the frontmatter line that ends in a lone CR", () => {
    const reading = mailbox.readMailboxMessage("---\ntags: [agent-mailbox]\ntitle: notes\rmeta: 1\n---\nbody\n", { mode: "outbound" });
    expect(reading.findings).toMatchObject([{ code: "YAML_INVALID", line: 3, received: "CR" }]);
    expect(reading.findings[0]?.message).toMatch(/lone CR/);
  });
  // README note 89: a closing --- ended by a lone CR was taken as the delimiter, and the CR then
  // began the body as an empty line, so every body finding named the line after its own.
  const refusedBody = "Please:\n\nRW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261301\n";
  const closedBy = (eol: string, body = refusedBody) => {
    const lf = buildMessage(new Symbols(mailbox), { set: { kind: "request" }, body });
    const at = lf.indexOf("\n---\n");
    return { lf, text: `${lf.slice(0, at)}\n---${eol}${lf.slice(at + 5)}`, closeLine: lf.slice(0, at + 1).split("\n").length };
  };
  it("refuses a closing --- ended by a lone CR, naming that line, where its body was read a line low", () => {
    const { lf, text, closeLine } = closedBy("\r");
    expect(mailbox.readMailboxMessage(lf, { mode: "outbound" }).findings).toMatchObject([{ code: "BODY_RW1_REFUSED", line: closeLine + 3 }]);
    const reading = mailbox.readMailboxMessage(text, { mode: "outbound" });
    expect(reading.findings).toMatchObject([{ code: "FRONTMATTER_UNCLOSED", line: closeLine, received: "CR" }]);
    expect(reading.findings[0]?.message).toMatch(/closing --- line ends in a lone CR/);
    expect(mailbox.readMailboxMessage(closedBy("\r", "").text, { mode: "inbound" }).findings).toMatchObject([{ code: "FRONTMATTER_UNCLOSED", received: "CR" }]);
  });
  it("reads a later --- as the delimiter, and the lone-CR --- before it as a frontmatter line ending in one", () => {
    const text = "---\ntags: [agent-mailbox]\n---\rmeta: 1\n---\nbody\n";
    expect(mailbox.readMailboxMessage(text, { mode: "outbound" }).findings).toMatchObject([{ code: "YAML_INVALID", line: 3, received: "CR" }]);
  });
  it("does not close the frontmatter at --- followed by U+2028 or U+2029, which end no Markdown line", () => {
    for (const eol of ["\u2028", "\u2029"]) {
      const reading = mailbox.readMailboxMessage(closedBy(eol).text, { mode: "inbound" });
      expect(reading.findings, JSON.stringify(eol)).toMatchObject([{ code: "FRONTMATTER_UNCLOSED", line: 1 }]);
      expect(reading.findings[0]?.received).toBeUndefined();
    }
  });
  it("still reads a CRLF file", () => {
    const text = buildMessage(new Symbols(mailbox), {}).replace(/\n/g, "\r\n");
    expect(mailbox.readMailboxMessage(text, { mode: "outbound" })).toMatchObject({ ok: true, findings: [] });
  });
});
