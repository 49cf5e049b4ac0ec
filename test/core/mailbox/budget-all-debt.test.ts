// A question to ALL at an exchange budget's limit (spec section 8: "At the limit, finish replies
// already owed by `expects_reply`, then mark that thread `blocked: exchange-budget`"; "`to` assigns
// the obligation to respond"): it is owed by every callsign of its arena but its sender, the reply
// debt `participants`' `owes` and THREAD_ORPHANED read (_owed.ts), so the thread stays `at-limit`
// until each has answered, never `blocked` while the same folder says a reply is still owed
// (README note 150).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";
import { analyzed, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

const orion = { machine: "ORION-BOX", root: "3c5d".repeat(16) };

/** VEGA greets LYRA and ORION naming a budget of 3 (@h); both accept. */
const group: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
];
/** VEGA asks ALL (@q), LYRA answers (@y), VEGA follows up (@f): the thread's budget of 3 is spent. */
const asked: Spec[] = [
  { id: "q", set: { kind: "request", from: "VEGA", to: ["ALL"], thread: "@q", reply_to: "", request_id: "@q" } },
  { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...lyra } },
  { id: "f", set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@y", request_id: "@q", expects_reply: false } },
];
const orionAnswers: Spec = { id: "z", set: { kind: "reply", from: "ORION", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false, ...orion } };

const budgetOf = (analysis: mailbox.MailboxAnalysis, thread: string) => {
  const b = analysis.threads.find((t) => t.thread === thread)?.budget;
  return b === undefined ? undefined : { state: b.state, count: b.count, limit: b.limit, owed: b.owed };
};
const owes = (entries: readonly mailbox.MailboxEntry[], callsign: string) => mailbox.participants(entries).find((p) => p.callsign === callsign)?.owes;

describe("a question to ALL at the budget's limit is owed by every callsign of its arena", () => {
  it("stays at-limit while a callsign it asks has not answered, as `owes` says", () => {
    const { analysis, entries, symbols } = analyzed([...group, ...asked]);
    expect(owes(entries, "ORION")).toBe(1);
    expect(owes(entries, "LYRA")).toBe(0);
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "at-limit", count: 3, limit: 3, owed: [symbols.uuid("q")] });
  });
  it("lets that callsign's first reply follow at the limit, and then blocks the thread", () => {
    const { analysis, entries, symbols, on } = analyzed([...group, ...asked, orionAnswers]);
    expect(on("z")).not.toContain("EXCHANGE_BUDGET_EXCEEDED");
    expect(owes(entries, "ORION")).toBe(0);
    expect(budgetOf(analysis, symbols.uuid("q"))).toStrictEqual({ state: "blocked: exchange-budget", count: 4, limit: 3, owed: [] });
  });
  it("counts a callsign whose first message in the arena sorts after the question", () => {
    // ORION's welcome is minted after the question: a member of the arena at the folder's end all the same.
    const { analysis, entries, symbols } = analyzed([group[0] as Spec, group[1] as Spec, ...asked, group[2] as Spec]);
    expect(symbols.uuid("o") > symbols.uuid("q")).toBe(true);
    expect(owes(entries, "ORION")).toBe(1);
    expect(budgetOf(analysis, symbols.uuid("q"))?.state).toBe("at-limit");
  });
  it("counts a departed callsign still owing it: a goodbye's prose settlement is not read", () => {
    // Only to the Handler, the goodbye spends no budget of the handshake's thread (spent by hello and welcomes).
    const goodbye = { id: "g", set: { kind: "goodbye", from: "ORION", to: ["HANDLER"], thread: "@h", reply_to: "@o", request_id: "@h", expects_reply: false, ...orion }, body: "Leaving {parent}.\n\nre-entry: final\n" };
    const { analysis, entries, symbols, on } = analyzed([...group, ...asked, goodbye]);
    expect(on("g")).toStrictEqual([]);
    expect(mailbox.participants(entries, analysis.quarantine).find((p) => p.callsign === "ORION")).toMatchObject({ owes: 1, status: "departed(final)" });
    expect(budgetOf(analysis, symbols.uuid("q"))?.state).toBe("at-limit");
  });
  it("never counts a Handler seat of the arena as owing it", () => {
    // A pair: the Handler spoke in the arena before (resetting nothing in thread @q); only LYRA is asked.
    const { analysis, entries, symbols } = analyzed([
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
      group[1] as Spec,
      { id: "x", set: { kind: "state", from: "HANDLER", to: ["VEGA"], thread: "@x", reply_to: "", request_id: "@x", expects_reply: false } },
      ...asked,
    ]);
    expect(owes(entries, "HANDLER")).toBe(0);
    expect(budgetOf(analysis, symbols.uuid("q"))?.state).toBe("blocked: exchange-budget");
  });
});

describe("exchangeBudget over one thread", () => {
  it("reads who ALL asks from the members it is given, by default the thread's own", () => {
    const { entries, symbols } = analyzed([...group, ...asked]);
    const thread = entries.filter((e) => e.envelope.thread === symbols.uuid("q"));
    // The thread alone shows VEGA and LYRA only: LYRA answered, so nothing is owed within it.
    expect(mailbox.exchangeBudget(thread, 3, []).state).toBe("blocked: exchange-budget");
    const members = new Map([["DEMO", new Set(["VEGA", "LYRA", "ORION"])]]);
    expect(mailbox.exchangeBudget(thread, 3, [], members).state).toBe("at-limit");
  });
});

describe("an open task to ALL at the budget's limit", () => {
  // VEGA's FULL request to ALL (@r) in the handshake's thread, ORION's exact claim of it (@c): the
  // spec's "earliest valid causal claim wins and others stand down" (8), as `owes` reads it.
  const vector = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "conformance", "mailbox", "reconcile", "open-task-claimed.json"), "utf8")) as { messages: Spec[] };
  const budgetAtLimit = (specs: Spec[]) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const thread = symbols.uuid("h");
    const count = mailbox.analyzeMailbox(entries).threads.find((t) => t.thread === thread)?.budget.count as number;
    const b = mailbox.analyzeMailbox(entries, { budget: count }).threads.find((t) => t.thread === thread)?.budget;
    return { state: b?.state, count: b?.count, owes: owes(entries, "LYRA") };
  };

  it("is blocked once another participant's claim won it: the others stood down", () => {
    expect(budgetAtLimit(vector.messages)).toStrictEqual({ state: "blocked: exchange-budget", count: 7, owes: 0 });
  });
  it("and at-limit while nobody has claimed it", () => {
    expect(budgetAtLimit(vector.messages.filter((m) => m.id !== "c"))).toStrictEqual({ state: "at-limit", count: 6, owes: 1 });
  });
});
