// A causal response stays in its parent's arena: the arena is "the collaboration boundary" and a
// callsign a name within one arena (section 4), so a reply in arena OTHER citing a message of arena
// DEMO is no exact causal reply there: LYRA in OTHER need not be the LYRA that DEMO's request
// addressed. PARENT_ARENA_MISMATCH, an error: quarantined, it answers and settles nothing.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

type Spec = { id: string; set: Record<string, unknown> };
const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
/** Another participant holding LYRA in arena OTHER: its own machine and root. */
const otherLyra = { machine: "LYRA-TWO", root: "3c5d".repeat(16) };

/** Arena DEMO: VEGA greets LYRA and asks (@r). */
const demo: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } },
];
/** Arena OTHER: VEGA greets the LYRA there, who accepts. */
const other: Spec[] = [
  { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER" } },
  { id: "w2", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@h2", request_id: "@h2", terms: "accept", expects_reply: false, arena: "OTHER", ...otherLyra } },
];
/** OTHER's LYRA answers DEMO's request @r, in its thread or in its own. */
const crossing = (thread: string): Spec => ({ id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread, reply_to: "@r", request_id: "@r", expects_reply: false, arena: "OTHER", ...otherLyra } });

const analyze = (specs: readonly Spec[]) => {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  const analysis = mailbox.analyzeMailbox(entries, { now: Date.parse("2026-10-02T12:00:00Z") });
  return { symbols, entries, analysis, on: (id: string) => analysis.findings.filter((f) => f.id === symbols.uuid(id)).map((f) => f.code) };
};

describe("a reply whose parent is in another arena", () => {
  it("is answered in its own arena without a finding (the rule unchanged)", () => {
    const { on } = analyze([...demo, ...other, { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } }]);
    expect(on("y")).toStrictEqual([]);
  });

  it.each([
    ["in the parent's thread", "@h"],
    ["in a thread of its own arena", "@h2"],
  ])("is PARENT_ARENA_MISMATCH %s, naming both arenas, and quarantined", (_, thread) => {
    const { symbols, on, analysis } = analyze([...demo, ...other, crossing(thread)]);
    expect(on("y")).toStrictEqual(["PARENT_ARENA_MISMATCH"]);
    const finding = analysis.findings.find((f) => f.code === "PARENT_ARENA_MISMATCH") as mailbox.MailboxFinding;
    expect({ slot: finding.slot, expected: finding.expected, received: finding.received, severity: finding.severity }).toStrictEqual({ slot: "reply_to", expected: "OTHER", received: "DEMO", severity: "error" });
    expect(finding.message).toContain("arena DEMO");
    expect(finding.message).toContain("arena OTHER");
    expect(analysis.quarantine.get(symbols.uuid("y"))).toContain("PARENT_ARENA_MISMATCH");
  });

  it("settles no reply owed in the parent's arena (both arenas read together)", () => {
    const { symbols, entries, analysis } = analyze([...demo, ...other, crossing("@h")]);
    const report = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [{ id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") }], cursor: [], now: Date.parse("2026-10-02T12:00:00Z"), analysis });
    const request = report.items.find((i) => i.id === symbols.uuid("r")) as mailbox.ReconcileItem;
    expect(request.open_reply).toBe(true);
  });

  it("is not judged for a root kind, whose reply_to is only a citation", () => {
    const { on } = analyze([...demo, { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER", reply_to: "@r" } }]);
    expect(on("h2")).not.toContain("PARENT_ARENA_MISMATCH");
  });
});
