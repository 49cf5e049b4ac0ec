// The participant summary's `owes` is per arena (section 4: a callsign is "an arena-scoped name"),
// as README note 114 reads an exchange budget's owed reply: a request to DEMO's LYRA is owed by
// DEMO's LYRA alone, and OTHER's LYRA answering it pays nothing, whether or not the caller passes
// the analysis's quarantine (where PARENT_ARENA_MISMATCH already sets that answer aside).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, demoPair, otherLyra, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** DEMO's VEGA asks DEMO's LYRA (@r); OTHER's LYRA answers it in its own arena (@y). */
const room: Spec[] = [
  ...demoPair,
  ...otherPair,
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } },
  { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@r", request_id: "@r", expects_reply: false, arena: "OTHER", ...otherLyra } },
];

const owes = (rows: readonly mailbox.ParticipantSummary[]) => Object.fromEntries(rows.map((p) => [`${p.arena} ${p.callsign}`, p.owes]));

describe("a reply owed is owed and paid in its arena only", () => {
  it("leaves DEMO's LYRA owing DEMO's request that OTHER's LYRA answered, without the analysis's quarantine", () => {
    const { entries } = analyzed(room);
    expect(owes(mailbox.participants(entries))).toStrictEqual({ "DEMO LYRA": 1, "DEMO VEGA": 0, "OTHER LYRA": 0, "OTHER VEGA": 0 });
  });
  it("and with it (a pin: the answer is PARENT_ARENA_MISMATCH, quarantined, paying nothing)", () => {
    const { entries, analysis, on } = analyzed(room);
    expect(on("y")).toContain("PARENT_ARENA_MISMATCH");
    expect(owes(mailbox.participants(entries, analysis.quarantine, analysis.callsigns))).toStrictEqual({ "DEMO LYRA": 1, "DEMO VEGA": 0, "OTHER LYRA": 0, "OTHER VEGA": 0 });
  });
  it("counts OTHER's LYRA's own answer to a request of its arena as paid", () => {
    const { entries } = analyzed([
      ...demoPair,
      ...otherPair,
      { id: "r2", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h2", reply_to: "@w2", request_id: "@r2", arena: "OTHER" } },
      { id: "y2", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@r2", request_id: "@r2", expects_reply: false, arena: "OTHER", ...otherLyra } },
    ]);
    expect(owes(mailbox.participants(entries))).toStrictEqual({ "DEMO LYRA": 0, "DEMO VEGA": 0, "OTHER LYRA": 0, "OTHER VEGA": 0 });
  });
});
