// A question the analysis quarantines owes nothing, so its answer is no reply owed at an exchange
// budget's limit or after a `blocked` (spec section 8: "At the limit, finish replies already owed by
// `expects_reply`"; section 6: after one `blocked`, "stop initiating"; sections 3, 4 and 7: a
// quarantined message "cannot authorize work", a stranger is "not engaged", an invalid original
// "never becomes authorization, causality, or effect evidence"). Reply debt at the thread's end
// (`replyOwed`, README note 151) already reads such a question as owing nothing; the two stops now
// read it so too, whichever rule quarantines it (README note 153).
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA greets LYRA naming a budget of 3 (@h), LYRA accepts (@w). */
const budgetPair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
const orion = { machine: "ORION-BOX", root: "4d6e".repeat(16) };
/** VEGA's note in thread `t` citing `p`: it asks nothing. */
const note = (id: string, t: string, p: string): Spec => ({ id, set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: t, reply_to: p, request_id: t, expects_reply: false } });
/** LYRA's reply to `q` carrying `requestId` (the question's, for an exact reply). */
const reply = (id: string, t: string, q: string, to = ["VEGA"], requestId = q): Spec => ({ id, set: { kind: "reply", from: "LYRA", to, thread: t, reply_to: q, request_id: requestId, expects_reply: false, ...lyra } });
/** LYRA's blocked in thread `t`, citing nothing it would pay. */
const lyraBlocked: (t: string) => Spec = (t) => ({ id: "lb", set: { kind: "blocked", from: "LYRA", to: ["VEGA"], thread: t, reply_to: "", request_id: "@lb", expects_reply: false, ...lyra } });

/** The questions, each quarantined for a rule other than not speaking for its sender, in thread @t. */
const questions: Record<string, { specs: Spec[]; code: string; notes: number }> = {
  // VEGA's blocked stands, so its request there initiates (section 6).
  "sent while its sender's blocked stood": {
    specs: [
      { id: "t", set: { kind: "blocked", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@t", expects_reply: false } },
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "@t", request_id: "@q" } },
    ],
    code: "INITIATED_WHILE_BLOCKED",
    notes: 1,
  },
  // A delivery to LYRA and to ORION, with whom VEGA established nothing (section 6).
  "work before establishment": {
    specs: [
      { id: "oh", set: { kind: "hello", from: "ORION", to: ["LYRA"], ...orion } },
      { id: "t", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@t", expects_reply: false } },
      { id: "q", set: { kind: "deliver", from: "VEGA", to: ["LYRA", "ORION"], thread: "@t", reply_to: "@t", request_id: "@t", expects_reply: true } },
    ],
    code: "WORK_BEFORE_ESTABLISHED",
    notes: 1,
  },
  // VEGA's request answering a message of LYRA's name from another root (sections 3, 4).
  "an answer to what does not speak for its sender": {
    specs: [
      { id: "t", set: { kind: "request", from: "LYRA", to: ["VEGA"], thread: "@t", reply_to: "", request_id: "@t", expects_reply: false, machine: "LYRA-BOX", root: "9f9f".repeat(16) } },
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "@t", request_id: "@q" } },
    ],
    code: "PARENT_QUARANTINED",
    // LYRA's message from another root does not speak for LYRA: it spends no budget.
    notes: 2,
  },
  // A name nobody claimed asks LYRA in VEGA's thread (section 4: "not engaged").
  "a stranger's": {
    specs: [
      { id: "t", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@t", expects_reply: false } },
      { id: "q", set: { kind: "request", from: "ORION", to: ["LYRA"], thread: "@t", reply_to: "@t", request_id: "@q", ...orion } },
    ],
    code: "CALLSIGN_UNCLAIMED",
    notes: 1,
  },
};

/** LYRA's exact reply to the question @q of `specs`: to its sender, in its request. */
function answer(specs: Spec[]): Spec {
  const q = (specs.find((s) => s.id === "q") as Spec).set;
  return reply("y", "@t", "@q", [String(q["from"])], String(q["request_id"]));
}

/** The thread's budget, what the participants owe, and each message's codes. */
function outcome(specs: Spec[]) {
  const { analysis, entries, symbols, on } = analyzed(specs);
  const b = analysis.threads.find((t) => t.thread === symbols.uuid("t"))?.budget;
  const owes = Object.fromEntries(mailbox.participants(entries, analysis.quarantine).map((p) => [p.callsign, p.owes]));
  return { state: b?.state, owed: b?.owed.length, owes, on };
}

describe("at an exchange budget's limit, an answer to a quarantined question is no reply owed", () => {
  for (const [name, { specs, code, notes }] of Object.entries(questions)) {
    it(`a question ${name} (${code}) owes nothing, and its answer is over budget`, () => {
      // VEGA's notes bring the thread to its budget of 3 (a stranger's word counts too); then LYRA's exact reply.
      const spend = Array.from({ length: notes }, (_, i) => note(`n${i}`, "@t", "@t"));
      const o = outcome([...budgetPair, ...specs, ...spend, answer(specs)]);
      expect(o.on("q")).toContain(code);
      expect(spend.flatMap((n) => o.on(n.id))).not.toContain("EXCHANGE_BUDGET_EXCEEDED");
      expect(o.on("y")).toContain("EXCHANGE_BUDGET_EXCEEDED");
      // The end state says the same: nothing owed in the thread, the thread blocked, LYRA owing none
      // of it (ORION's hello, where ORION greets LYRA, is another thread's debt).
      expect({ state: o.state, owed: o.owed, lyra: o.owes["LYRA"] }).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, lyra: code === "WORK_BEFORE_ESTABLISHED" ? 1 : 0 });
    });
  }
  it("a question over budget, then a reset and LYRA's blocked: its answer initiates", () => {
    // VEGA's question past the limit is refused (EXCHANGE_BUDGET_EXCEEDED); the Handler speaks, LYRA
    // blocks, then answers it: the question owes nothing, so the answer is no reply owed.
    const o = outcome([...budgetPair,
      { id: "t", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@t", expects_reply: false } },
      note("n1", "@t", "@t"), note("n2", "@t", "@t"),
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "@t", request_id: "@q" } },
      { id: "hd", set: { kind: "state", from: "HANDLER", to: ["VEGA", "LYRA"], thread: "@t", reply_to: "@t", request_id: "@t", expects_reply: false, machine: "HANDLER-BOX", root: "5e7f".repeat(16) } },
      lyraBlocked("@t"), reply("y", "@t", "@q")]);
    expect(o.on("q")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
    expect(o.on("y")).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
  });
});

describe("after a blocked, an answer to a quarantined question initiates", () => {
  for (const [name, { specs, code }] of Object.entries(questions)) {
    it(`a question ${name} (${code}): its answer after LYRA's blocked is INITIATED_WHILE_BLOCKED`, () => {
      const o = outcome([...demoPair, ...specs, lyraBlocked("@t"), answer(specs)]);
      expect(o.on("q")).toContain(code);
      expect(o.on("y")).toContain("INITIATED_WHILE_BLOCKED");
      expect(o.on("y")).not.toContain("EXCHANGE_BUDGET_EXCEEDED");
    });
  }
});

describe("with the budget open and no blocked, such a question may still be answered", () => {
  it("an answer to a question sent while its sender's blocked stood is no stop of either rule", () => {
    // quarantined-parents.ts: a message quarantined for a rule of the room is still its sender's
    // word, and its answer may be what settles it; only the two stops read it as owing nothing.
    const o = outcome([...demoPair, ...(questions["sent while its sender's blocked stood"] as { specs: Spec[] }).specs, reply("y", "@t", "@q")]);
    expect(o.on("y")).toStrictEqual([]);
  });
});

describe("exchangeBudget over one thread reads the quarantine it is given for the question too", () => {
  it("an answer at the limit to a question the quarantine holds is over budget", () => {
    // The thread alone: VEGA's request (@q), two notes, LYRA's exact reply (@y) at the limit of 3.
    const { entries, symbols } = analyzed([...demoPair,
      { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } },
      note("n1", "@q", "@q"), note("n2", "@q", "@q"), reply("y", "@q", "@q")]);
    const thread = entries.filter((e) => e.envelope.thread === symbols.uuid("q"));
    const codesOn = (quarantine: ReadonlyMap<string, unknown>) => {
      const findings: mailbox.MailboxFinding[] = [];
      const state = mailbox.exchangeBudget(thread, 3, findings, undefined, quarantine).state;
      return { state, y: findings.filter((f) => f.id === symbols.uuid("y")).map((f) => f.code) };
    };
    expect(codesOn(new Map())).toStrictEqual({ state: "blocked: exchange-budget", y: [] });
    expect(codesOn(new Map([[symbols.uuid("q"), ["INITIATED_WHILE_BLOCKED"]]]))).toStrictEqual({ state: "blocked: exchange-budget", y: ["EXCHANGE_BUDGET_EXCEEDED"] });
  });
});
