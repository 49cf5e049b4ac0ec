// The settled tag set (section 4: "Every later message and shared artifact carries that set in
// frontmatter"): outbound refused, inbound noted, and who and what is held to it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, ROOT_B, Symbols } from "../../conformance/mailbox-suite.js";
import type { ConversationCase, MessageSpec } from "../../conformance/mailbox-suite.js";

const ROOT_C = "3c5d".repeat(16);
const vega = (id: string, set: Record<string, unknown>, tags?: readonly string[]): MessageSpec & { id: string } => ({ id, set: { from: "VEGA", thread: "@h", request_id: `@${id}`, ...set }, ...(tags === undefined ? {} : { frontmatter: { tags } }) });
const lyra = (id: string, set: Record<string, unknown>, tags?: readonly string[]): MessageSpec & { id: string } => vega(id, { from: "LYRA", machine: "LYRA-BOX", root: ROOT_B, to: ["VEGA"], ...set }, tags);
const orion = (id: string, set: Record<string, unknown>, tags?: readonly string[]): MessageSpec & { id: string } => vega(id, { from: "ORION", machine: "ORION-BOX", root: ROOT_C, to: ["VEGA"], ...set }, tags);

/** The tag findings of a room, as `CODE @symbol`, with the options given to the analysis. */
function tagFindings(specs: readonly (MessageSpec & { id: string })[], publishing?: string): { found: string[]; symbols: Symbols; analysis: mailbox.MailboxAnalysis } {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  const analysis = mailbox.analyzeMailbox(entries, { now: null, ...(publishing === undefined ? {} : { publishing: symbols.uuid(publishing) }) });
  const found = analysis.findings.filter((f) => f.code.startsWith("SETTLED_TAGS")).map((f) => symbols.name(`${f.code} ${f.id}`));
  return { found, symbols, analysis };
}

const exactAccept = [vega("h", { kind: "hello", to: ["LYRA"] }), lyra("w", { kind: "welcome", reply_to: "@h", terms: "accept" })];

describe("the settled tag set (section 4)", () => {
  it("refuses the message about to be published that drops a topic tag, and only notes the same in a peer's", () => {
    const room = [...exactAccept, vega("r", { kind: "request", to: ["LYRA"], reply_to: "@w" }, ["agent-mailbox"])];
    const inbound = tagFindings(room);
    expect(inbound.found).toStrictEqual(["SETTLED_TAGS_DRIFT @r"]);
    expect(inbound.analysis.quarantine.has(inbound.symbols.uuid("r"))).toBe(false);
    const outbound = tagFindings(room, "r");
    expect(outbound.found).toStrictEqual(["SETTLED_TAGS_CHANGED @r"]);
    const finding = outbound.analysis.findings.find((f) => f.code === "SETTLED_TAGS_CHANGED") as mailbox.MailboxFinding;
    expect([finding.severity, finding.slot, finding.expected, finding.received]).toStrictEqual(["error", "tags", "agent-mailbox,demo", "agent-mailbox"]);
    expect(outbound.symbols.name(finding.message)).toBe("tags [agent-mailbox] are not the set its and LYRA's handshake settled in hello @h's thread (established by @w), [agent-mailbox, demo]: every later message carries that set; changing it is a counter, which a later message cannot be");
  });
  it("compares tags exactly: another case is another tag, as the handshake compares a counter's", () => {
    const { found } = tagFindings([...exactAccept, lyra("r", { kind: "request", reply_to: "@w" }, ["agent-mailbox", "Demo"])]);
    expect(found).toStrictEqual(["SETTLED_TAGS_DRIFT @r"]);
  });
  it("holds nobody to a set before the FULL ack establishes the pair; after it, the pair", () => {
    const full = { profile: "FULL", session: "s1" };
    const { found } = tagFindings([
      vega("h", { kind: "hello", to: ["LYRA"], seq: 1, ...full }),
      lyra("w", { kind: "welcome", reply_to: "@h", terms: "accept", seq: 1, ...full }),
      lyra("s", { kind: "state", reply_to: "@w", seq: 2, expects_reply: false, ...full }, ["agent-mailbox", "early"]),
      vega("a", { kind: "ack", to: ["LYRA"], reply_to: "@w", seq: 2, ...full }),
      lyra("c", { kind: "claim", reply_to: "@a", seq: 3, ...full }, ["agent-mailbox", "late"]),
    ]);
    expect(found).toStrictEqual(["SETTLED_TAGS_DRIFT @c"]);
  });
  it("in a group, holds a responder to its own pair's set and the initiator to each pair it addresses; a pair still establishing holds nobody", () => {
    const { found } = tagFindings([
      vega("h", { kind: "hello", to: ["ALL"] }),
      lyra("w1", { kind: "welcome", reply_to: "@h", terms: "accept" }),
      orion("w2", { kind: "welcome", reply_to: "@h", terms: "counter" }, ["agent-mailbox", "demo", "legal"]),
      orion("n", { kind: "state", reply_to: "@w2", expects_reply: false }, ["agent-mailbox", "other"]),
      vega("r1", { kind: "request", to: ["LYRA"], reply_to: "@w1" }, ["agent-mailbox", "demo"]),
      vega("r2", { kind: "request", to: ["ALL"], reply_to: "@w1" }, ["agent-mailbox", "other"]),
      lyra("y", { kind: "reply", reply_to: "@r1", expects_reply: false }, ["demo", "agent-mailbox"]),
    ]);
    expect(found).toStrictEqual(["SETTLED_TAGS_DRIFT @r2"]);
  });
  it("settles no set from a hello that carried no tag list", () => {
    const { found } = tagFindings([
      { ...vega("h", { kind: "hello", to: ["LYRA"] }), frontmatter: { tags: null } },
      { ...lyra("w", { kind: "welcome", reply_to: "@h", terms: "accept" }), frontmatter: { tags: null } },
      lyra("r", { kind: "request", reply_to: "@w" }, ["agent-mailbox", "demo"]),
    ]);
    expect(found).toStrictEqual([]);
  });
  it("reports the settled set on the handshake's responders once established", () => {
    const { analysis } = tagFindings([...exactAccept]);
    expect(analysis.threads[0]?.handshake?.responders.map((r) => r.tags)).toStrictEqual([["agent-mailbox", "demo"]]);
    const { analysis: open } = tagFindings([vega("h", { kind: "hello", to: ["LYRA"] }), lyra("w", { kind: "welcome", reply_to: "@h", terms: "counter" }, ["agent-mailbox", "legal"])]);
    expect(open.threads[0]?.handshake?.responders.map((r) => r.tags)).toStrictEqual([null]);
  });
  it("names the set a message of the thread carries (settledTagSet): its pairs' one set, none where they settled different ones or none", () => {
    const { analysis } = tagFindings([
      vega("h", { kind: "hello", to: ["ALL"] }),
      lyra("w1", { kind: "welcome", reply_to: "@h", terms: "accept" }),
      orion("w2", { kind: "welcome", reply_to: "@h", terms: "counter" }, ["agent-mailbox", "demo", "legal"]),
      vega("a2", { kind: "welcome", to: ["ORION"], reply_to: "@w2", terms: "accept", expects_reply: false }, ["agent-mailbox", "demo", "legal"]),
    ]);
    const handshake = analysis.threads[0]?.handshake as mailbox.Handshake;
    expect(handshake.responders.map((r) => [r.callsign, r.tags])).toStrictEqual([["LYRA", ["agent-mailbox", "demo"]], ["ORION", ["agent-mailbox", "demo", "legal"]]]);
    expect(mailbox.settledTagSet(handshake, { from: "LYRA", to: ["VEGA"] })).toStrictEqual(["agent-mailbox", "demo"]);
    expect(mailbox.settledTagSet(handshake, { from: "VEGA", to: ["ORION"] })).toStrictEqual(["agent-mailbox", "demo", "legal"]);
    // The initiator to both pairs, or to ALL: two sets, so none; a Handler seat and a third party speak in no pair.
    expect(mailbox.settledTagSet(handshake, { from: "VEGA", to: ["LYRA", "ORION"] })).toBeNull();
    expect(mailbox.settledTagSet(handshake, { from: "VEGA", to: ["ALL"] })).toBeNull();
    expect(mailbox.settledTagSet(handshake, { from: "HANDLER", to: ["LYRA"] })).toBeNull();
    expect(mailbox.settledTagSet(handshake, { from: "SIRIUS", to: ["VEGA"] })).toBeNull();
    // Another arena's LYRA is no party to the hello's pairs (README note 114); the hello's own arena's is.
    expect(mailbox.settledTagSet(handshake, { from: "LYRA", to: ["VEGA"], arena: "OTHER" }, "DEMO")).toBeNull();
    expect(mailbox.settledTagSet(handshake, { from: "LYRA", to: ["VEGA"], arena: "DEMO" }, "DEMO")).toStrictEqual(["agent-mailbox", "demo"]);
  });
  it("a thread no hello is in holds no settled set (mayHoldSettledTags): every handshake of every conversation vector is in a thread it allows", () => {
    const symbols = new Symbols(mailbox);
    const { entries } = readCase(symbols, [...exactAccept, vega("r", { kind: "request", to: ["LYRA"], thread: "@r", reply_to: "" })], mailbox);
    expect([mailbox.mayHoldSettledTags(entries, symbols.uuid("h")), mailbox.mayHoldSettledTags(entries, symbols.uuid("r"))]).toStrictEqual([true, false]);
    const dir = join(import.meta.dirname, "..", "..", "conformance", "mailbox", "conversations");
    let held = 0;
    let ruledOut = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const c = JSON.parse(readFileSync(join(dir, file), "utf8")) as ConversationCase;
      const { entries: read } = readCase(new Symbols(mailbox), c.messages, mailbox);
      for (const t of mailbox.analyzeMailbox(read, { now: null }).threads) {
        const may = mailbox.mayHoldSettledTags(read, t.thread);
        if (!may) ruledOut++;
        if (t.handshake !== null) held++;
        expect(may || t.handshake === null, `${c.id}: thread ${t.thread} has a handshake`).toBe(true);
      }
    }
    expect(held > 50 && ruledOut > 50, `${held} handshakes, ${ruledOut} threads ruled out`).toBe(true);
  });
});
