// A message text holding half a surrogate pair is no UTF-8 file's text (README note 181): the
// Worker's JSON body (`{"message": "...\ud800..."}`) and any caller handing the core a string can
// give one, which the CLI's strict decoding never does. It is refused as the CLI refuses a file
// whose bytes are not UTF-8 (ENCODING_INVALID), before anything of it is read, and after the size.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";

const valid = [
  "---",
  "tags: [agent-mailbox, crox-site]",
  "meta:",
  "  mailbox:",
  "    version: 1",
  "    profile: CORE",
  "    id: 01a0f6ba-4e44-7656-a9bd-d17e83888d92",
  "    thread: 01a0f6ba-4e44-7656-a9bd-d17e83888d93",
  "    request_id: 01a0f6ba-4e44-7656-a9bd-d17e83888d94",
  "    from: VEGA",
  "    to: [LYRA]",
  "    kind: request",
  "    reply_to:",
  "    expects_reply: true",
  "    arena: CROX-SITE",
  "    machine: VEGA-BOX",
  "    root: 483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc",
  "    transport: local",
  "---",
  "Please review the draft.",
  "",
].join("\n");
const codes = (text: string, mode: "inbound" | "outbound" = "outbound") => mailbox.readMailboxMessage(text, { mode }).findings.map((f) => `${f.code}@${f.line ?? "-"}`);

describe("a message text holding a lone surrogate", () => {
  it("is read when its surrogates are paired", () => {
    expect(mailbox.readMailboxMessage(valid, { mode: "outbound" }).ok).toBe(true);
    expect(mailbox.readMailboxMessage(`${valid}Signed \ud83d\ude00\n`, { mode: "outbound" }).ok).toBe(true);
  });

  it.each([
    ["a high one in the body", (t: string) => `${t}Ple\ud800ase\n`],
    ["a low one in the body", (t: string) => `${t}x\udc00\n`],
    ["a pair reversed", (t: string) => `${t}x\udc00\ud800y\n`],
    ["a high one ending the text", (t: string) => `${t}\ud83d`],
    ["one in a field's value", (t: string) => t.replace("CROX-SITE", "CROX-\udc00SITE")],
    ["one before the frontmatter", (t: string) => `\ud800${t}`],
  ])("is refused, %s, inbound and outbound, naming its line", (_what, spoil) => {
    const text = spoil(valid);
    const line = text.slice(0, text.search(/[\ud800-\udfff]/)).split("\n").length;
    for (const mode of ["inbound", "outbound"] as const) {
      const r = mailbox.readMailboxMessage(text, { mode });
      expect(r.ok).toBe(false);
      expect(codes(text, mode)).toStrictEqual([`ENCODING_INVALID@${line}`]);
    }
  });

  it("is refused in a field's value when a YAML escape spells it (the file itself is UTF-8)", () => {
    // `\ud800` in a double-quoted scalar decodes to half a pair: a value no UTF-8 text holds,
    // which would be stored, compared and written back as no file spells it.
    const text = valid.replace("arena: CROX-SITE", 'arena: "CROX\\ud800SITE"');
    expect(text).toContain('arena: "CROX\\ud800SITE"');
    for (const mode of ["inbound", "outbound"] as const) {
      const r = mailbox.readMailboxMessage(text, { mode });
      expect(r.ok).toBe(false);
      expect(r.findings.map((f) => [f.code, f.slot, f.message])).toStrictEqual([["FIELD_TYPE", "arena", expect.stringContaining("half a surrogate pair")]]);
    }
    expect(mailbox.readMailboxMessage(valid.replace("arena: CROX-SITE", 'arena: "CROX-\\ud83d\\ude00"'), { mode: "outbound" }).findings.map((f) => f.code)).not.toContain("FIELD_TYPE");
  });

  it("is refused for its size first when it is over 1 MiB as well", () => {
    const text = `${valid}\ud800${"a".repeat(mailbox.MAX_MESSAGE_BYTES)}`;
    expect(codes(text)).toStrictEqual(["MESSAGE_TOO_LARGE@-"]);
  });
});
