// The replies owed at an exchange budget's limit are reply debt's own (spec section 8: "At the
// limit, finish replies already owed by `expects_reply`"; section 3: "`expects_reply: true` remains
// open until an exact causal reply is durable or a terminal replacement or supersession is supported
// by an exact independently valid record"): the rule `participants`' `owes` and THREAD_ORPHANED read
// (_owed.ts). Only an exact causal reply pays, a requester's own `cancel` withdraws, and a quarantined
// message neither owes nor pays; so the thread's budget and `owes` never disagree (README note 151).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA greets LYRA naming a budget of 3 (@h), LYRA accepts (@w). */
const pair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
/** VEGA asks LYRA (@q) in a thread of its own. */
const question: Spec = { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } };
/** VEGA's follow-up note citing its question: no reply owed, one more agent-to-agent message. */
const note = (id: string): Spec => ({ id, set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } });
/** LYRA's reply to the question, carrying `request_id`. */
const reply = (id: string, requestId: string): Spec => ({ id, set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: requestId, expects_reply: false, ...lyra } });
/** VEGA withdraws its question from LYRA (section 5: `cancel` withdraws "a request or claim"). */
const cancel: Spec = { id: "c", set: { kind: "cancel", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } };

/** The thread's budget and what LYRA owes by the participant summary, over one analysis. */
function debts(specs: Spec[], thread: string, unheld: readonly string[] = []) {
  const { analysis, entries, symbols, on } = analyzed(specs, unheld);
  const b = analysis.threads.find((t) => t.thread === symbols.uuid(thread))?.budget;
  const owes = mailbox.participants(entries, analysis.quarantine).find((p) => p.callsign === "LYRA")?.owes;
  const named = new Map([...specs.map((s) => s.id)].map((id) => [symbols.uuid(id), id]));
  return { state: b?.state, count: b?.count, owed: b?.owed.map((id) => named.get(id)), owes, on };
}

describe("what pays a reply owed at the limit: the exact causal reply", () => {
  it("a reply of another request_id is over budget, and the question stays owed", () => {
    // 9: "match published messages by exact `reply_to` plus `request_id`"; "A shared `request_id` makes a message a sibling".
    const d = debts([...pair, question, note("n1"), note("n2"), reply("y", "@x")], "q");
    expect(d.on("y")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
    expect({ state: d.state, count: d.count, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "at-limit", count: 4, owed: ["q"], owes: 1 });
  });
  it("while the exact reply, following it, is still owed and pays", () => {
    const d = debts([...pair, question, note("n1"), note("n2"), reply("y", "@x"), reply("z", "@q")], "q");
    expect(d.on("z")).toStrictEqual([]);
    expect({ state: d.state, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "blocked: exchange-budget", owed: [], owes: 0 });
  });
});

describe("a requester's own cancel withdraws the reply owed", () => {
  it("so the thread is blocked once it is withdrawn within the budget", () => {
    const d = debts([...pair, question, cancel, note("n1")], "q");
    expect({ state: d.state, count: d.count, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "blocked: exchange-budget", count: 3, owed: [], owes: 0 });
  });
  it("and a reply after the withdrawal is no reply owed: over budget", () => {
    const d = debts([...pair, question, cancel, note("n1"), reply("y", "@q")], "q");
    expect(d.on("y")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
  });
  it("but a cancel sent at the limit is over budget itself, quarantined, and withdraws nothing", () => {
    const d = debts([...pair, question, note("n1"), note("n2"), cancel], "q");
    expect(d.on("c")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
    expect({ state: d.state, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "at-limit", owed: ["q"], owes: 1 });
  });
});

describe("a quarantined message neither owes nor pays at the limit", () => {
  it("a reply the rules quarantine pays nothing", () => {
    // @y is minted first: it sorts before the handshake, so it is work before establishment from a
    // name not yet claimed (quarantined), though it answers the question exactly.
    const d = debts([...pair, question, reply("y", "@q"), note("n1")], "q", ["y"]);
    expect(d.on("y")).toContain("WORK_BEFORE_ESTABLISHED");
    expect({ state: d.state, count: d.count, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "at-limit", count: 3, owed: ["q"], owes: 1 });
  });
  it("a question the rules quarantine owes nothing", () => {
    // VEGA's blocked (@b), then its request (@q) there: INITIATED_WHILE_BLOCKED, quarantined.
    const d = debts([
      ...pair,
      { id: "b", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@b", reply_to: "", request_id: "@b", expects_reply: false } },
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@b", reply_to: "@b", request_id: "@q" } },
      { id: "s", set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@b", reply_to: "@b", request_id: "@b", expects_reply: false, ...lyra } },
    ], "b");
    expect(d.on("q")).toContain("INITIATED_WHILE_BLOCKED");
    expect({ state: d.state, count: d.count, owed: d.owed, owes: d.owes }).toStrictEqual({ state: "blocked: exchange-budget", count: 3, owed: [], owes: 0 });
  });
});
