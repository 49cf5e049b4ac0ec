/**
 * The exchange budget (section 8): per thread, count consecutive agent-to-agent messages since
 * the latest Handler message or declared new external evidence (`new_evidence`). At the limit the
 * replies already owed by `expects_reply` may still be sent; anything else is over budget, and
 * once the owed replies are done the thread is `blocked: exchange-budget`. Who a question owes a
 * reply is reply debt's own reading (_owed.ts): each agent it names, or, to `ALL`, each callsign of
 * its arena but its sender (_arena-members.ts), bar those an open task's winning claim stood down.
 */
import { addressees, arenaMembers } from "./_arena-members.js";
import { asks, dialogueStep, liftsStops } from "./_dialogue-step.js";
import { standsDown, winningClaims } from "./_open-task-claims.js";
import { isHandler } from "./callsign.js";
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

/**
 * The limit in force at a message (its UUID), or after the last one (null): a budget binds from the
 * acceptance that sets it (section 6: until then "a counter that nobody accepted is an open question").
 */
export type BudgetLimit = (before: string | null) => number;

/**
 * The budget of one thread, its messages in UUID order, under one limit or a limit that changes as
 * handshakes settle. `members` are the callsigns of each arena a question to `ALL` asks (arenaMembers
 * over the whole mailbox, as the participant summary reads them); by default, those of `messages`.
 */
export function exchangeBudget(messages: readonly MailboxEntry[], limitOf: number | BudgetLimit, findings: MailboxFinding[], members: ReadonlyMap<string, ReadonlySet<string>> = arenaMembers(messages)): ExchangeBudget {
  const limitAt: BudgetLimit = typeof limitOf === "number" ? () => limitOf : limitOf;
  let count = 0;
  // A reset restarts the count, never the debts: a question asked before the Handler spoke is still
  // owed a reply ("finish replies already owed", 8; README note 129).
  const owed = new Map<string, Owed>();
  // A reply pays its question wherever the two machines' clocks sort it, before the question too
  // ("the order in which files are read changes nothing"): replies seen before their question wait here.
  const early = new Map<string, { readonly from: string; readonly arena: string }[]>();
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
    // Only a callsign the question asks pays it: its own sender's follow-up answers nobody.
    if (answers !== undefined && asks(answers, m.from)) answers.replied.add(m.from);
    else if (m.reply_to !== null && asked === undefined) {
      const seen = early.get(m.reply_to);
      if (seen === undefined) early.set(m.reply_to, [{ from: m.from, arena: m.arena }]);
      else seen.push({ from: m.from, arena: m.arena });
    }
    count++;
    if (m.expects_reply && count <= limit) {
      const question: Owed = { from: m.from, to: m.to, arena: m.arena, replied: new Set() };
      for (const r of early.get(m.id) ?? []) if (r.arena === m.arena && asks(question, r.from)) question.replied.add(r.from);
      owed.set(m.id, question);
    }
  }
  const limit = limitAt(null);
  if (count < limit) return { limit, count, state: "open", owed: [] };
  // Done once every agent it asks (Handler seats never) has replied or, an open task claimed by
  // another, stood down: a question to ALL stays owed while any callsign of its arena has not
  // answered (README note 150). Read only for a thread at its limit.
  const claimed = winningClaims(messages, new Map());
  const done = (id: string, o: Owed): boolean => addressees(o, members).every((t) => isHandler(t) || o.replied.has(t) || standsDown(o, claimed.get(id), t));
  const open = [...owed.entries()].filter(([id, o]) => !done(id, o)).map(([id]) => id);
  return { limit, count, state: open.length > 0 ? "at-limit" : "blocked: exchange-budget", owed: open };
}
