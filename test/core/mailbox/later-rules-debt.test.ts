// A question or a cancel quarantined only by a rule judged over the walks' own outcome (a resume's
// wait, a republished reply, a repeated repair) is read by the two stops as its sender's word: the
// walks of the exchange budget and of a `blocked` (README notes 153, 154) read the quarantine as it
// stands where they meet an answer, and these three rules are judged after them, over what they
// refuse. Reply debt at the thread's end (`replyOwed`: the budget's state, `owes`, THREAD_ORPHANED)
// reads the final quarantine, these three rules' among it. So in each folder below the stops and the
// end state read the question or cancel two ways: the limit README note 165 records, pinned here so
// that a change to either side is seen. A repair request is a `request`, never a `cancel`, so a
// repeated repair holds no cancel.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA greets LYRA naming a budget of 3 (@h), LYRA accepts (@w). */
const budgetPair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], exchange_budget: 3 } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
/** VEGA's resume in a thread of its own, which nobody answers: VEGA waits from then on, in every thread of its arena. */
const resume: Spec = { id: "r", set: { kind: "resume", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } };
/** VEGA's request to LYRA opening thread @q. */
const question: Spec = { id: "q", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "", request_id: "@q" } };
/** VEGA's note in @q, in a request of its own: it asks nothing and answers nothing again. */
const note = (id: string): Spec => ({ id, set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@q", request_id: `@${id}`, expects_reply: false } });
/** VEGA's own cancel of its request, to `to`. */
const cancel = (id: string, to: string[]): Spec => ({ id, set: { kind: "cancel", from: "VEGA", to, thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: false } });
/** LYRA's exact reply to @q; `asks` makes it a question of its own. */
const lyraReply = (id: string, asks = false): Spec => ({ id, set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@q", reply_to: "@q", request_id: "@q", expects_reply: asks, ...lyra } });
/** VEGA's exact reply to LYRA's reply @r2 (in @q's request, where that reply answers). */
const vegaReply: Spec = { id: "a", set: { kind: "reply", from: "VEGA", to: ["LYRA"], thread: "@q", reply_to: "@r2", request_id: "@q", expects_reply: false } };
/** A blocked in @q citing nothing it would pay. */
const blocked = (from: "VEGA" | "LYRA"): Spec => ({ id: "b", set: { kind: "blocked", from, to: [from === "VEGA" ? "LYRA" : "VEGA"], thread: "@q", reply_to: "", request_id: "@b", expects_reply: false, ...(from === "LYRA" ? lyra : {}) } });
const anomaly = { file: "2026-10-01-09-30-00-LYRA-request-broken.md", sha256: "ab".repeat(32) };
/** VEGA's repair request to LYRA for `anomaly` opening thread `t`. */
const repair = (id: string, t: string): Spec => ({ id, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: t, reply_to: "", request_id: t, anomaly } });

/** The thread @q's budget, what each participant owes in @q, and each message's codes. */
function outcome(specs: Spec[]) {
  const { analysis, entries, symbols, on } = analyzed(specs);
  const b = analysis.threads.find((t) => t.thread === symbols.uuid("q"))?.budget;
  const inQ = entries.filter((e) => e.envelope.thread === symbols.uuid("q"));
  const owes = Object.fromEntries(mailbox.participants(inQ, analysis.quarantine).map((p) => [p.callsign, p.owes]));
  return { state: b?.state, owed: b?.owed.length, owes, on };
}

describe("a question held only by a later rule: the stops let its answer through as owed, the end state owes nothing", () => {
  /** The rule's question (@q, or LYRA's @r2), who asks it, and VEGA's notes that spend the budget of 3 before its answer (@a). */
  const cases: Record<string, { specs: Spec[]; code: string; asked: "VEGA" | "LYRA"; held: string; answer: Spec; spend: Spec[] }> = {
    // VEGA asks while its resume waits (section 12: it "continues only after a causally linked response").
    "a resume's wait (RESUME_UNANSWERED)": { specs: [resume, question], code: "RESUME_UNANSWERED", asked: "LYRA", held: "q", answer: lyraReply("a"), spend: [note("n1"), note("n2")] },
    // LYRA's second reply to @q, which asks: never republish (section 9).
    "a republished reply (REPLY_REPUBLISHED)": { specs: [question, lyraReply("r1"), lyraReply("r2", true)], code: "REPLY_REPUBLISHED", asked: "VEGA", held: "r2", answer: vegaReply, spend: [] },
    // VEGA's second repair request for one anomaly (section 7: "at most one").
    "a repeated repair (REPAIR_REPEATED)": { specs: [repair("a1", "@a1"), repair("q", "@q")], code: "REPAIR_REPEATED", asked: "LYRA", held: "q", answer: lyraReply("a"), spend: [note("n1"), note("n2")] },
  };
  for (const [name, { specs, code, asked, held, answer, spend }] of Object.entries(cases)) {
    it(`${name}: its answer at the spent budget of 3 passes, while the thread owes nothing`, () => {
      const o = outcome([...budgetPair, ...specs, ...spend, answer]);
      expect(o.on(held)).toStrictEqual([code]);
      expect(spend.flatMap((n) => o.on(n.id))).not.toContain("EXCHANGE_BUDGET_EXCEEDED");
      expect(o.on("a")).toStrictEqual([]);
      expect({ state: o.state, owed: o.owed }).toStrictEqual({ state: "blocked: exchange-budget", owed: 0 });
      // Without the answer, the end state still owes nothing: reply debt reads the final quarantine.
      const unanswered = outcome([...budgetPair, ...specs, ...spend]);
      expect({ state: unanswered.state, owed: unanswered.owed, asked: unanswered.owes[asked] ?? 0 }).toStrictEqual({ state: "blocked: exchange-budget", owed: 0, asked: 0 });
    });
    it(`${name}: its answer after the asked one's blocked passes, while nothing is owed`, () => {
      const o = outcome([...demoPair, ...specs, blocked(asked), answer]);
      expect(o.on(held)).toStrictEqual([code]);
      expect(o.on("a")).toStrictEqual([]);
      expect(outcome([...demoPair, ...specs, blocked(asked)]).owes[asked] ?? 0).toBe(0);
    });
  }
});

describe("a cancel held only by a later rule: the stops let it withdraw, the end state leaves its question owed", () => {
  /** What comes before the cancel @c (the budget then spent by the question, @c and one note: a cancel only to the Handler counts nothing). */
  const cases: Record<string, { before: Spec[]; code: string }> = {
    // VEGA's cancel of its own request while its resume waits.
    "a resume's wait (RESUME_UNANSWERED)": { before: [resume], code: "RESUME_UNANSWERED" },
    // VEGA's cancel to the Handler, then a second one of the same request to the Handler and LYRA:
    // the second reaches the Handler again, so it is republished (section 9).
    "a republished reply (REPLY_REPUBLISHED)": { before: [cancel("c1", ["HANDLER"])], code: "REPLY_REPUBLISHED" },
  };
  for (const [name, { before, code }] of Object.entries(cases)) {
    it(`${name}: LYRA's exact reply at the spent budget of 3 is refused as withdrawn, while the thread waits on it`, () => {
      const o = outcome([...budgetPair, question, ...before, cancel("c", ["HANDLER", "LYRA"]), note("n1"), lyraReply("a")]);
      expect(o.on("c")).toStrictEqual([code]);
      expect(o.on("n1")).not.toContain("EXCHANGE_BUDGET_EXCEEDED");
      expect(o.on("a")).toStrictEqual(["EXCHANGE_BUDGET_EXCEEDED"]);
      expect({ state: o.state, owed: o.owed, lyra: o.owes["LYRA"] }).toStrictEqual({ state: "at-limit", owed: 1, lyra: 1 });
    });
    it(`${name}: LYRA's exact reply after its blocked initiates, while LYRA still owes the request`, () => {
      const o = outcome([...demoPair, question, blocked("LYRA"), ...before, cancel("c", ["HANDLER", "LYRA"]), lyraReply("a")]);
      expect(o.on("c")).toStrictEqual([code]);
      expect(o.on("a")).toStrictEqual(["INITIATED_WHILE_BLOCKED"]);
      expect(o.owes["LYRA"]).toBe(1);
    });
  }
  it("a repeated repair holds no cancel: a cancel carrying an anomaly is no repair request", () => {
    const withAnomaly = (id: string): Spec => ({ id, set: { ...cancel(id, ["LYRA"]).set, anomaly } });
    const o = outcome([...demoPair, question, withAnomaly("c1"), withAnomaly("c2")]);
    expect([o.on("c1"), o.on("c2")].flat()).not.toContain("REPAIR_REPEATED");
    expect(mailbox.repairedAnomaly({ kind: "cancel", from: "VEGA", anomaly })).toBeNull();
  });
});
