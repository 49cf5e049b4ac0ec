// A handshake's settling message (a FULL `ack`, a CORE acceptance) that the analysis quarantines
// still moves the handshake: the chain reads established by it, and the work after it passes. The
// settler itself is always refused by name, so the folder is never read as clean; what is wrong is
// what the analysis reads after it. The limit README note 190 records (the fix is note 165's
// whole-folder walk: the handshake, the budget and the stops each read the others' verdicts),
// pinned here so that a change to either side is seen.
import { describe, expect, it } from "vitest";
import { analyzed, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

const orion = { machine: "ORION-BOX", root: "4d6e".repeat(16) };

/** FULL messages carry a session and a per-sender sequence. */
function full(specs: readonly Spec[]): Spec[] {
  const seq = new Map<string, number>();
  return specs.map((s) => {
    const key = `${String(s.set["from"])}:${String(s.set["thread"] ?? `@${s.id}`)}`;
    const n = (seq.get(key) ?? 0) + 1;
    seq.set(key, n);
    return { id: s.id, set: { ...s.set, profile: "FULL", session: `${String(s.set["from"]).toLowerCase()}1`, seq: n } };
  });
}

/** The chain of `callsign` in the hello thread @h: its state and the message that established it. */
function chain(specs: readonly Spec[], callsign: string) {
  const { analysis, symbols, on } = analyzed(specs);
  const thread = analysis.threads.find((t) => t.thread === symbols.uuid("h"));
  const responder = thread?.handshake?.responders.find((r) => r.callsign === callsign);
  const establishedBy = responder?.established_by === undefined ? null : specs.find((s) => symbols.uuid(s.id) === responder.established_by)?.id ?? null;
  return { state: responder?.state, establishedBy, on };
}

describe("a quarantined settler still settles (README note 190, a recorded limit)", () => {
  it("a group hello: VEGA's ack to ORION after its blocked to LYRA is refused, yet establishes ORION's chain, and ORION's work passes", () => {
    const specs = full([
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
      { id: "wl", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: true, ...lyra } },
      { id: "wo", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
      { id: "vb", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@wl", request_id: "@h", expects_reply: false } },
      { id: "s", set: { kind: "ack", from: "VEGA", to: ["ORION"], thread: "@h", reply_to: "@wo", request_id: "@h", expects_reply: false } },
      { id: "d", set: { kind: "request", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@s", request_id: "@d", expects_reply: false, ...orion } },
    ]);
    const { state, establishedBy, on } = chain(specs, "ORION");
    expect(on("s")).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
    expect([state, establishedBy]).toStrictEqual(["established", "s"]);
    expect(on("d")).toStrictEqual([]);
  });

  it("a pair past its exchange budget: the acceptance and the ack are refused, yet the ack establishes the chain", () => {
    const specs: Spec[] = [{ id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } }];
    let parent = "h";
    for (let i = 0; i < 20; i++) {
      const fromLyra = i % 2 === 0;
      specs.push({ id: `c${i}`, set: { kind: i === 0 ? "welcome" : "state", from: fromLyra ? "LYRA" : "VEGA", to: [fromLyra ? "VEGA" : "LYRA"], thread: "@h", reply_to: `@${parent}`, request_id: "@h", terms: "counter", tags: [`t${i}`], expects_reply: false, ...(fromLyra ? lyra : {}) } });
      parent = `c${i}`;
    }
    specs.push({ id: "acc", set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: `@${parent}`, request_id: "@h", terms: "accept", expects_reply: false, ...lyra } });
    specs.push({ id: "s", set: { kind: "ack", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@acc", request_id: "@h", expects_reply: false } });
    const { state, establishedBy, on } = chain(full(specs), "LYRA");
    expect([on("acc"), on("s")]).toStrictEqual([["EXCHANGE_BUDGET_EXCEEDED"], ["EXCHANGE_BUDGET_EXCEEDED"]]);
    expect([state, establishedBy]).toStrictEqual(["established", "s"]);
  });
});
