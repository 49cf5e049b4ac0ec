// A `cancel` the analysis quarantines withdraws nothing, at an exchange budget's limit and after a
// `blocked` as at the thread's end (spec section 5: `cancel` "Withdraw a request or claim"; section
// 3: a reply stays open until "a terminal replacement or supersession is supported by an exact
// independently valid record identifying what supersedes what"; sections 3 and 7: a quarantined
// message "cannot authorize work" and "never becomes authorization, causality, or effect evidence").
// Reply debt at the thread's end (`replyOwed`, README note 151) leaves a quarantined cancel out; the
// two stops now read it so too, whichever rule quarantines it (README note 154). Last, a question
// sent past the limit that passed as the reply owed is owed itself after a `blocked` (README note 155).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA greets LYRA naming a budget of 3 (@h), LYRA accepts (@w). */
const budgetPair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
/** VEGA's request to LYRA opening thread @q. */
const question: Spec = { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } };
/** VEGA's note in @q: it asks nothing. */
const note = (id: string): Spec => ({ id, set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } });
/** VEGA's blocked in @q, citing its question. */
const vegaBlocked: Spec = { id: "vb", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } };
/** LYRA's blocked in @q, citing nothing it would pay. */
const lyraBlocked: Spec = { id: "lb", set: { kind: "blocked", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "", request_id: "@lb", expects_reply: false, ...lyra } };
/** VEGA's own cancel of its request, in the request's `request_id`: it withdraws it, if it speaks. */
const cancel: Spec = { id: "c", set: { kind: "cancel", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } };
/** LYRA's exact reply to the question. */
const answer: Spec = { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } };

/** The thread's budget, what LYRA owes, and each message's codes. */
function outcome(specs: Spec[]) {
  const { analysis, entries, symbols, on } = analyzed(specs);
  const b = analysis.threads.find((t) => t.thread === symbols.uuid("q"))?.budget;
  const owes = Object.fromEntries(mailbox.participants(entries, analysis.quarantine).map((p) => [p.callsign, p.owes]));
  return { state: b?.state, owed: b?.owed.length, lyra: owes["LYRA"], on };
}

describe("a cancel the blocks refuse withdraws nothing at the budget's limit", () => {
  it("VEGA's cancel after its own blocked initiates: LYRA's answer at the limit is the reply still owed", () => {
    // q (1), VEGA's blocked (2), its cancel (3: INITIATED_WHILE_BLOCKED), LYRA's exact reply at the limit.
    const o = outcome([...budgetPair, question, vegaBlocked, cancel, answer]);
    expect(o.on("c")).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
    expect(o.on("y")).toStrictEqual([]);
    // The end state agrees: the question paid, nothing owed, the thread blocked, LYRA owing nothing.
    expect({ state: o.state, owed: o.owed, lyra: o.lyra }).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, lyra: 0 });
  });
  it("without the answer, the question stays owed, as the walk let its answer through", () => {
    const o = outcome([...budgetPair, question, vegaBlocked, cancel]);
    expect({ state: o.state, owed: o.owed, lyra: o.lyra }).toStrictEqual({ state: "at-limit", owed: 1, lyra: 1 });
  });
});

describe("a cancel the budget refuses withdraws nothing after a blocked", () => {
  it("VEGA's cancel past the limit is over budget: LYRA's answer after its blocked is the reply it still owes", () => {
    // q (1), LYRA's blocked (2), VEGA's note (3), its cancel past the limit, LYRA's exact reply.
    const o = outcome([...budgetPair, question, lyraBlocked, note("n"), cancel, answer]);
    expect(o.on("c")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
    expect(o.on("y")).toStrictEqual([]);
    expect({ state: o.state, owed: o.owed, lyra: o.lyra }).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, lyra: 0 });
  });
  it("a cancel that speaks still withdraws: the answer after it initiates, and nothing is owed", () => {
    // The same thread with the budget open: VEGA's cancel stands, so LYRA's answer is no reply owed.
    const o = outcome([...demoPair, question, lyraBlocked, note("n"), cancel, answer]);
    expect(o.on("c")).toStrictEqual([]);
    expect(o.on("y")).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
    expect(o.lyra).toBe(0);
  });
});

describe("exchangeBudget over one thread reads the quarantine it is given for a cancel too", () => {
  it("a cancel the quarantine holds withdraws nothing at the limit", () => {
    // The thread alone: VEGA's request (@q), a note, its cancel, LYRA's exact reply (@y) at the limit of 3.
    const { entries, symbols } = analyzed([...demoPair, question, note("n"), cancel, answer]);
    const thread = entries.filter((e) => e.envelope.thread === symbols.uuid("q"));
    const codesOn = (quarantine: ReadonlyMap<string, unknown>) => {
      const findings: mailbox.MailboxFinding[] = [];
      const { state, owed } = mailbox.exchangeBudget(thread, 3, findings, undefined, quarantine);
      return { state, owed: owed.length, y: findings.filter((f) => f.id === symbols.uuid("y")).map((f) => f.code) };
    };
    expect(codesOn(new Map())).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, y: ["EXCHANGE_BUDGET_EXCEEDED"] });
    expect(codesOn(new Map([[symbols.uuid("c"), ["PROFILE_DOWNGRADE"]]]))).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, y: [] });
  });
});

describe("a question that got through the spent budget as the reply owed is owed itself after a blocked", () => {
  // LYRA's exact reply at the limit asks VEGA in turn (expects_reply): it passes the budget as the
  // reply LYRA owed, so no rule quarantines it, and reply debt holds VEGA owing it (section 3: it
  // "remains open until an exact causal reply is durable"). After VEGA's blocked (and the Handler's
  // word that resets the budget), VEGA's exact reply to it is the reply already owed (section 8), not
  // an initiative: the budget's own debts are those asked within it, the blocks' those no rule holds.
  const asking: Spec = { id: "y", set: { ...answer.set, expects_reply: true } };
  const handler: Spec = { id: "hd", set: { kind: "state", from: "HANDLER", to: ["VEGA", "LYRA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, machine: "HANDLER-BOX", root: "5e7f".repeat(16) } };
  const vegaStops: Spec = { id: "vb", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@vb", expects_reply: false } };
  const vegaAnswers: Spec = { id: "z", set: { kind: "reply", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@y", request_id: "@q", expects_reply: false } };
  it("after the Handler's reset and VEGA's blocked, VEGA's exact reply to it passes", () => {
    const o = outcome([...budgetPair, question, note("n1"), note("n2"), asking, handler, vegaStops, vegaAnswers]);
    expect(o.on("y")).toStrictEqual([]);
    expect(o.on("z")).toStrictEqual([]);
  });
  it("without the answer VEGA owes it; with it, nothing", () => {
    const { analysis, entries } = analyzed([...budgetPair, question, note("n1"), note("n2"), asking, handler, vegaStops]);
    expect(mailbox.participants(entries, analysis.quarantine).find((p) => p.callsign === "VEGA")?.owes).toBe(1);
  });
});
