// Never republish (section 9) within one arena: a callsign is a name within one arena (section 4),
// so LYRA's answer in arena OTHER is not the answer LYRA already published in arena DEMO, even to
// the same reply_to and request_id. Matched across arenas, the answer in the parent's own arena
// was REPLY_REPUBLISHED (quarantined, and refused by `rw mailbox new`): the request never answered.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

type Spec = { id: string; set: Record<string, unknown> };
const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const otherLyra = { machine: "LYRA-TWO", root: "3c5d".repeat(16) };

/** VEGA and LYRA established in arena DEMO, and in arena OTHER (another participant holding LYRA there). */
const pairs: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER" } },
  { id: "w2", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@h2", request_id: "@h2", terms: "accept", expects_reply: false, arena: "OTHER", ...otherLyra } },
];
/** LYRA's reply to @x, a message this mailbox does not hold yet (not synced; archived, unread): its arena is unknown. */
const answer = (id: string, arena: "DEMO" | "OTHER"): Spec => ({
  id,
  set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: arena === "DEMO" ? "@h" : "@h2", reply_to: "@x", request_id: "@x", expects_reply: false, arena, ...(arena === "DEMO" ? lyra : otherLyra) },
});

const codes = (specs: readonly Spec[]) => {
  const symbols = new Symbols(mailbox);
  symbols.uuid("x");
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  const analysis = mailbox.analyzeMailbox(entries, { now: Date.parse("2026-10-02T12:00:00Z") });
  return (id: string) => analysis.findings.filter((f) => f.id === symbols.uuid(id)).map((f) => f.code);
};

describe("an answer already published, per arena", () => {
  it("is a second answer in the same arena (the rule unchanged)", () => {
    const on = codes([...pairs, answer("y1", "DEMO"), answer("y2", "DEMO")]);
    expect(on("y2")).toStrictEqual(["PARENT_UNKNOWN", "REPLY_REPUBLISHED"]);
  });

  it.each([
    ["OTHER, then DEMO", "OTHER", "DEMO"],
    ["DEMO, then OTHER", "DEMO", "OTHER"],
  ] as const)("is not one in another arena (%s): each arena's LYRA answers once", (_, first, second) => {
    const on = codes([...pairs, answer("y1", first), answer("y2", second)]);
    expect([on("y1"), on("y2")]).toStrictEqual([["PARENT_UNKNOWN"], ["PARENT_UNKNOWN"]]);
  });

  it("reads a replacement within its arena: naming another arena's answer replaces nothing here", () => {
    // DEMO's answer standing is y2; y3 names OTHER's y1, so it is a second answer in DEMO.
    const replacing = { id: "y3", set: { ...answer("y3", "DEMO").set, correction: { original: "@y1" } } };
    const on = codes([...pairs, answer("y1", "OTHER"), answer("y2", "DEMO"), replacing]);
    expect([on("y2"), on("y3")]).toStrictEqual([["PARENT_UNKNOWN"], ["PARENT_UNKNOWN", "REPLY_REPUBLISHED"]]);
  });
});
