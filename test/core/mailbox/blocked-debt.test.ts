// The reply a blocked sender still owes is reply debt's own (spec section 6: "Send **one** causal
// `blocked` message ... Then stop initiating"; section 8: "finish replies already owed by
// `expects_reply`"; section 3: "`expects_reply: true` remains open until an exact causal reply is
// durable or a terminal replacement or supersession is supported by an exact independently valid
// record"). After its `blocked`, a sender's message passes only as its first exact causal reply to a
// question asked of it before the `blocked`, not withdrawn before it by the requester's own `cancel`:
// the budget's reading at its limit (README notes 151, 152).
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA asks LYRA (@q) in a thread of its own. */
const question: Spec = { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } };
/** VEGA's note citing its question: it asks nothing. */
const note: Spec = { id: "n", set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } };
/** LYRA's blocked, citing VEGA's note (so it is no reply to the question). */
const blocked: Spec = { id: "b", set: { kind: "blocked", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@n", request_id: "@q", expects_reply: false, ...lyra } };
/** LYRA's reply to the question, carrying `request_id`. */
const reply = (id: string, requestId: string): Spec => ({ id, set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: requestId, expects_reply: false, ...lyra } });
/** VEGA withdraws its question from LYRA (section 5: `cancel` withdraws "a request or claim"). */
const cancel = (id: string): Spec => ({ id, set: { kind: "cancel", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } });

const stops = (codes: readonly string[]) => codes.filter((c) => c === "INITIATED_WHILE_BLOCKED" || c === "BLOCKED_REPEATED");

describe("after a blocked, only the exact causal reply is owed", () => {
  it("the exact reply passes (the owed reply still follows a blocked)", () => {
    const { on } = analyzed([...demoPair, question, note, blocked, reply("y", "@q")]);
    expect(stops(on("y"))).toStrictEqual([]);
  });
  it("a reply of another request_id initiates: it is not the reply owed", () => {
    // 9: "match published messages by exact `reply_to` plus `request_id`"; "A shared `request_id` makes a message a sibling".
    const { on } = analyzed([...demoPair, question, note, blocked, reply("y", "@x")]);
    expect(stops(on("y"))).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
  });
  it("so the exact reply after it is still the one owed", () => {
    const { on } = analyzed([...demoPair, question, note, blocked, reply("y", "@x"), reply("z", "@q")]);
    expect(stops(on("z"))).toStrictEqual([]);
  });
  it("and a non-exact reply before the blocked spends nothing either", () => {
    const { on } = analyzed([...demoPair, question, note, reply("y", "@x"), blocked, reply("z", "@q")]);
    expect(stops(on("z"))).toStrictEqual([]);
  });
  it("a resume citing the question is only a citation (9: a true root), no reply", () => {
    const { on } = analyzed([...demoPair, question, note, blocked, { id: "r", set: { kind: "resume", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@r", ...lyra } }]);
    expect(stops(on("r"))).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
  });
});

describe("a requester's own cancel withdraws the reply owed after a blocked", () => {
  it("a reply after the withdrawal is no reply owed: it initiates", () => {
    const { on } = analyzed([...demoPair, question, note, blocked, cancel("c"), reply("y", "@q")]);
    expect(stops(on("y"))).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
  });
  it("a withdrawal before the blocked too", () => {
    const { on } = analyzed([...demoPair, question, note, cancel("c"), blocked, reply("y", "@q")]);
    expect(stops(on("y"))).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
  });
  it("a cancel sorting after the reply withdraws nothing from it", () => {
    const { on } = analyzed([...demoPair, question, note, blocked, reply("y", "@q"), cancel("c")]);
    expect(stops(on("y"))).toStrictEqual([]);
  });
  it("a cancel the requester sends while itself blocked is refused and withdraws nothing", () => {
    // VEGA's own blocked (@vb) stands: its cancel initiates, is quarantined, and releases nobody.
    const vegaBlocked: Spec = { id: "vb", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@n", request_id: "@q", expects_reply: false } };
    const { on } = analyzed([...demoPair, question, note, vegaBlocked, blocked, cancel("c"), reply("y", "@q")]);
    expect(stops(on("c"))).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
    expect(stops(on("y"))).toStrictEqual([]);
  });
});
