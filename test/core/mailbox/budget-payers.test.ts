// Who pays a reply owed at an exchange budget's limit (spec section 8: "At the limit, finish replies
// already owed by `expects_reply`, then mark that thread `blocked: exchange-budget`"): a callsign the
// question asks, wherever the two machines' clocks sort its reply; never the question's own sender.
// Found by the mailbox folder differential once it compared each thread's budget state (README note 149).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA greets LYRA naming a budget of 3 (@h), LYRA accepts (@w). */
const pair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];

const budgetOf = (analysis: mailbox.MailboxAnalysis, thread: string) => {
  const summary = analysis.threads.find((t) => t.thread === thread);
  return summary === undefined ? undefined : { state: summary.budget.state, count: summary.budget.count, limit: summary.budget.limit };
};

describe("the replies owed at a budget's limit are paid by those asked", () => {
  it("keeps a question to ALL owed when only its own sender follows it up", () => {
    const { analysis, symbols } = analyzed([
      ...pair,
      { id: "q", set: { kind: "request", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "", request_id: "@q" } },
      { id: "f1", set: { kind: "state", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } },
      { id: "f2", set: { kind: "state", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } },
    ]);
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "at-limit", count: 3, limit: 3 });
  });
  it("and blocks the thread once a callsign it asks answers", () => {
    const { analysis, symbols } = analyzed([
      ...pair,
      { id: "q", set: { kind: "request", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "", request_id: "@q" } },
      { id: "f1", set: { kind: "state", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } },
      { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } },
    ]);
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "blocked: exchange-budget", count: 3, limit: 3 });
  });
  it("counts a reply that sorts before its question (another machine's clock) as paying it", () => {
    // @y is minted after the handshake and before the question it answers, so its UUID sorts before
    // the question; minted before the welcome too, it would be work before establishment, quarantined.
    const { analysis, symbols } = analyzed([
      ...pair,
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } },
      { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } },
      { id: "f1", set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@y", request_id: "@q", expects_reply: false } },
    ], ["h", "w", "y"]);
    expect(symbols.uuid("y") < symbols.uuid("q")).toBe(true);
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "blocked: exchange-budget", count: 3, limit: 3 });
  });
  it("so a second reply of that callsign at the limit is owed nothing", () => {
    const { analysis, symbols, on } = analyzed([
      ...pair,
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } },
      { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } },
      { id: "f1", set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@y", request_id: "@q", expects_reply: false } },
      { id: "y2", set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } },
    ], ["h", "w", "y"]);
    expect(on("y2")).toContain("EXCHANGE_BUDGET_EXCEEDED");
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "blocked: exchange-budget", count: 4, limit: 3 });
  });
});
