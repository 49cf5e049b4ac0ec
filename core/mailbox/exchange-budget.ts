/**
 * The exchange budget (section 8): per thread, count consecutive agent-to-agent messages since
 * the latest Handler message or declared new external evidence (`new_evidence`). At the limit the
 * replies already owed by `expects_reply` may still be sent; anything else is over budget, and
 * once the owed replies are done the thread is `blocked: exchange-budget`. "Replies already owed"
 * are reply debt's own (_owed.ts, README note 151): a question sent within the budget owes each
 * agent it asks (by name, or, to `ALL`, each callsign of its arena but its sender) until that
 * agent's exact causal reply (its `request_id`; any for a welcome; a root kind's `reply_to` is only
 * a citation), its requester's own `cancel` withdrawing it, or an open task's winning claim standing
 * it down; a quarantined message neither owes nor pays, at the limit too (README note 153).
 */
import { addressees, arenaMembers } from "./_arena-members.js";
import { dialogueStep, liftsStops } from "./_dialogue-step.js";
import { cites, earlyReplies, heldSoFar, paysAsAsked, withdrawnBefore } from "./_owed-allowance.js";
import type { HeldSoFar } from "./_owed-allowance.js";
import { replyOwed } from "./_owed.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

export type BudgetState = "open" | "at-limit" | "blocked: exchange-budget";

export interface ExchangeBudget {
  readonly limit: number;
  /** Consecutive agent-to-agent messages since the last reset. */
  readonly count: number;
  readonly state: BudgetState;
  /** Messages sent before the limit whose owed replies are still missing. */
  readonly owed: readonly string[];
}

/**
 * The limit in force at a message (its UUID), or after the last one (null): a budget binds from the
 * acceptance that sets it (section 6: until then "a counter that nobody accepted is an open question").
 */
export type BudgetLimit = (before: string | null) => number;

/** A thread's budget walked: what was spent, and the questions asked within it, in UUID order. */
export interface BudgetSpent {
  readonly messages: readonly MailboxEntry[];
  readonly limit: number;
  readonly count: number;
  readonly questions: readonly MailboxEnvelope[];
}

/**
 * The budget of one thread, its messages in UUID order, under one limit or a limit that changes as
 * handshakes settle. `members` are the callsigns of each arena a question to `ALL` asks (arenaMembers
 * over the whole mailbox, as the participant summary reads them); by default, those of `messages`.
 * `quarantine` is the analysis's (only its keys are read): what reply debt reads at the limit, and
 * the walk too, where a question it holds owes nothing (README note 153).
 */
export function exchangeBudget(messages: readonly MailboxEntry[], limitOf: number | BudgetLimit, findings: MailboxFinding[], members: ReadonlyMap<string, ReadonlySet<string>> = arenaMembers(messages), quarantine: ReadonlyMap<string, unknown> = new Map()): ExchangeBudget {
  const walk = budgetWalk(messages, limitOf, findings, heldSoFar(quarantine));
  for (const entry of messages) walk.step(entry);
  return budgetOwed(walk.spent(), members, quarantine);
}

/** The budget's walk of one thread, a message at a time, so that it can go in step with the blocks'. */
export interface BudgetWalk {
  step(entry: MailboxEntry): void;
  spent(): BudgetSpent;
}

/**
 * The walk: the count, and EXCEEDED on each message past the limit that is not a reply its sender
 * still owes there, pushed to `findings`. It reads the quarantine only as `held` gives it (what the
 * analysis holds before the walk, and what the walks refuse as they go: HeldSoFar), and adds to
 * `held` each message it refuses: a question it holds owes nothing (README note 153).
 */
export function budgetWalk(messages: readonly MailboxEntry[], limitOf: number | BudgetLimit, findings: MailboxFinding[], held: HeldSoFar): BudgetWalk {
  const limitAt: BudgetLimit = typeof limitOf === "number" ? () => limitOf : limitOf;
  let count = 0;
  // A reset restarts the count, never the debts: a question asked before the Handler spoke is still
  // owed a reply ("finish replies already owed", 8; README note 129). Each with who has paid it.
  const asked = new Map<string, { readonly question: MailboxEnvelope; readonly replied: Set<string> }>();
  const questions: MailboxEnvelope[] = [];
  // An exact reply pays its question wherever the two machines' clocks sort it, before it too.
  const early = earlyReplies(held);
  // A question withdrawn from a sender by its requester's cancel sent before: one past the budget,
  // after its sender's blocked or held for another rule withdraws nothing (README note 154).
  const withdrawn = withdrawnBefore(messages, held);
  return {
    step(entry) {
      const m = entry.envelope;
      const step = dialogueStep(m);
      if (liftsStops(step)) count = 0;
      // Handler input is not agent-to-agent, nor is a message only to a Handler seat: neither counts.
      if (step === "handler" || step === "to-handler") return;
      const parent = cites(m) ? asked.get(m.reply_to as string) : undefined;
      // Only a callsign the question asks pays it, with its exact causal reply.
      const pays = parent !== undefined && paysAsAsked(parent.question, m, held);
      const limit = limitAt(m.id);
      if (count >= limit && !(pays && !parent.replied.has(m.from) && !withdrawn(parent.question, m))) {
        held.add(m.id);
        findings.push(mailboxFinding("EXCHANGE_BUDGET_EXCEEDED", `the thread's exchange budget of ${limit} agent-to-agent messages is spent: only replies already owed may follow, until Handler input or declared new evidence`, at(entry)));
      }
      if (pays) parent.replied.add(m.from);
      else if (parent === undefined) early.hold(m);
      count++;
      if (m.expects_reply && count <= limit) {
        const replied = new Set(early.payers(m).map((r) => r.from));
        asked.set(m.id, { question: m, replied });
        questions.push(m);
      }
    },
    spent: () => ({ messages, limit: limitAt(null), count, questions }),
  };
}

/**
 * The state at the thread's end. At its limit, a question asked within the budget is still owed
 * while reply debt (_owed.ts) holds it owed by an agent it asks, over the thread with `quarantine`
 * (README notes 150, 151): read only for a thread at its limit.
 */
export function budgetOwed(spent: BudgetSpent, members: ReadonlyMap<string, ReadonlySet<string>>, quarantine: ReadonlyMap<string, unknown>): ExchangeBudget {
  const { limit, count } = spent;
  if (count < limit) return { limit, count, state: "open", owed: [] };
  const owes = replyOwed(spent.messages, quarantine);
  const owed = spent.questions.filter((q) => addressees(q, members).some((to) => owes(q, to))).map((q) => q.id);
  return { limit, count, state: owed.length > 0 ? "at-limit" : "blocked: exchange-budget", owed };
}
