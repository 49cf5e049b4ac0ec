// A causal response stays in its parent's arena: the arena is "the collaboration boundary" and a
// callsign a name within one arena (section 4), so a reply in arena OTHER citing a message of arena
// DEMO is no exact causal reply there: LYRA in OTHER need not be the LYRA that DEMO's request
// addressed. PARENT_ARENA_MISMATCH, an error: quarantined, it answers and settles nothing.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, demoPair, lyra, otherLyra, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** Arena DEMO: VEGA greets LYRA and asks (@r). */
const demo: Spec[] = [...demoPair, { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } }];
/** Arena OTHER: VEGA greets the LYRA there, who accepts. */
const other = otherPair;
/** OTHER's LYRA answers DEMO's request @r, in its thread or in its own. */
const crossing = (thread: string): Spec => ({ id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread, reply_to: "@r", request_id: "@r", expects_reply: false, arena: "OTHER", ...otherLyra } });

const analyze = (specs: readonly Spec[]) => analyzed(specs);

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
