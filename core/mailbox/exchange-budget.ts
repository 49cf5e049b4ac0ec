/**
 * The exchange budget (section 8): per thread, count consecutive agent-to-agent messages since
 * the latest Handler message or declared new external evidence (`new_evidence`). At the limit the
 * replies already owed by `expects_reply` may still be sent; anything else is over budget, and
 * once the owed replies are done the thread is `blocked: exchange-budget`.
 */
import { asks, dialogueStep, liftsStops } from "./_dialogue-step.js";
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";

export type BudgetState = "open" | "at-limit" | "blocked: exchange-budget";

export interface ExchangeBudget {
  readonly limit: number;
  /** Consecutive agent-to-agent messages since the last reset. */
  readonly count: number;
  readonly state: BudgetState;
  /** Messages sent before the limit whose owed replies are still missing. */
  readonly owed: readonly string[];
}

interface Owed {
  readonly from: string;
  readonly to: readonly string[];
  /** A callsign is a name within one arena (section 4): only that arena's callsigns owe or pay it. */
  readonly arena: string;
  readonly replied: Set<string>;
}

const done = (o: Owed): boolean => (o.to.includes(ALL) ? o.replied.size > 0 : o.to.every((t) => isHandler(t) || o.replied.has(t)));

/**
 * The limit in force at a message (its UUID), or after the last one (null): a budget binds from the
 * acceptance that sets it (section 6: until then "a counter that nobody accepted is an open question").
 */
export type BudgetLimit = (before: string | null) => number;

/** The budget of one thread, its messages in UUID order, under one limit or a limit that changes as handshakes settle. */
export function exchangeBudget(messages: readonly MailboxEntry[], limitOf: number | BudgetLimit, findings: MailboxFinding[]): ExchangeBudget {
  const limitAt: BudgetLimit = typeof limitOf === "number" ? () => limitOf : limitOf;
  let count = 0;
  // A reset restarts the count, never the debts: a question asked before the Handler spoke is still
  // owed a reply ("finish replies already owed", 8; README note 129).
  const owed = new Map<string, Owed>();
  for (const entry of messages) {
    const m = entry.envelope;
    const step = dialogueStep(m);
    if (liftsStops(step)) count = 0;
    // Handler input is not agent-to-agent, nor is a message only to a Handler seat: neither counts.
    if (step === "handler" || step === "to-handler") continue;
    const asked = m.reply_to === null ? undefined : owed.get(m.reply_to);
    const answers = asked?.arena === m.arena ? asked : undefined;
    const owedReply = answers !== undefined && asks(answers, m.from) && !answers.replied.has(m.from);
    const limit = limitAt(m.id);
    if (count >= limit && !owedReply) {
      findings.push(mailboxFinding("EXCHANGE_BUDGET_EXCEEDED", `the thread's exchange budget of ${limit} agent-to-agent messages is spent: only replies already owed may follow, until Handler input or declared new evidence`, at(entry)));
    }
    if (answers !== undefined) answers.replied.add(m.from);
    count++;
    if (m.expects_reply && count <= limit) owed.set(m.id, { from: m.from, to: m.to, arena: m.arena, replied: new Set() });
  }
  const limit = limitAt(null);
  const open = [...owed.entries()].filter(([, o]) => !done(o)).map(([id]) => id);
  const state: BudgetState = count < limit ? "open" : open.length > 0 ? "at-limit" : "blocked: exchange-budget";
  return { limit, count, state, owed: count >= limit ? open : [] };
}
