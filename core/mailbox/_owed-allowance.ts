/**
 * The allowance two stops share (README notes 151, 152): past an exchange budget's limit (section 8,
 * exchange-budget.ts) and after a sender's own `blocked` (section 6, standing-blocks.ts), a message
 * passes only as a reply "already owed by `expects_reply`", read as reply debt reads it (_owed.ts):
 * its sender's exact causal reply to a question asked of it, not withdrawn before it by the
 * requester's own `cancel`. Each walk keeps its own ledger of who has paid and when a question was
 * asked; these are the two tests it applies, so the rule is written once. A question the analysis
 * quarantines owes nothing, as reply debt reads it at the thread's end (README note 153): its answer
 * is no reply owed, so it does not pass a spent budget or a `blocked` (`HeldSoFar`).
 */
import { asks } from "./_dialogue-step.js";
import { cancelsByParent, exactReply, withdraws } from "./_owed.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

/** A root kind's `reply_to` (a hello's, a resume's) is only a citation (9): it answers nothing. */
export const cites = (m: MailboxEnvelope): boolean => m.reply_to !== null && MAILBOX_KINDS[m.kind].parent !== "root";

/**
 * What the analysis has quarantined by the time a walk meets an answer: the rules judged before the
 * walks (`before`, by UUID: the claims, the handshakes, the right to work, an answer to a stranger or
 * to what does not speak for its sender, ...) and what the two walks refuse as they go (`add`), each
 * message before the next one is looked at. Not the rules judged over the walks' own outcome (a
 * resume's wait, a republished reply, a repeated repair): they read what the walks refuse, and a
 * question or cancel only they hold still speaks here, a limit README note 165 records.
 */
export interface HeldSoFar {
  has(id: string): boolean;
  add(id: string): void;
}

/** A thread's `HeldSoFar` over `before` (only its keys are read). */
export function heldSoFar(before: ReadonlyMap<string, unknown> | ReadonlySet<string>): HeldSoFar {
  const walked = new Set<string>();
  return { has: (id) => before.has(id) || walked.has(id), add: (id) => void walked.add(id) };
}

/**
 * Whether `m` pays `question`: it cites it as a causal message, from a callsign of its arena the
 * question asks (by name or `ALL`, not its own sender), with its exact causal reply (its
 * `request_id`; any for a welcome), and `held` does not quarantine the question: a quarantined
 * message owes nothing (_owed.ts), whichever rule holds it (a stranger's, work before establishment,
 * one sent while its sender's `blocked` stood, an answer to what does not speak for its sender), so
 * nothing answers it as owed (3: it "cannot authorize work"; 4: a stranger is "not engaged"; 8:
 * "finish replies already owed"). Its own sender's follow-up answers nobody, nor does a message of
 * another request (9: "A shared `request_id` makes a message a sibling").
 */
export function paysAsAsked(question: MailboxEnvelope, m: MailboxEnvelope, held: HeldSoFar): boolean {
  return cites(m) && m.reply_to === question.id && question.arena === m.arena && asks(question, m.from) && exactReply(question, m) && !held.has(question.id);
}

/**
 * Whether a question was withdrawn from `m`'s sender by its requester's own cancel sent before `m`
 * in UUID order (5: `cancel` withdraws "a request or claim"; 3: "a terminal replacement or
 * supersession"), over `messages`, one thread in UUID order. A cancel `held` quarantines withdraws
 * nothing, as at the thread's end (`withdraws`, README note 154): one either walk refused (over
 * budget, sent after its sender's own `blocked`) or a rule before the walks holds. A cancel sorting
 * before `m` has been judged by both walks by then. The cancels are gathered once, when first needed.
 */
export function withdrawnBefore(messages: readonly MailboxEntry[], held: HeldSoFar): (question: MailboxEnvelope, m: MailboxEnvelope) => boolean {
  let cancels: ReadonlyMap<string, readonly MailboxEnvelope[]> | undefined;
  return (question, m) => (cancels ??= cancelsByParent(messages)).get(question.id)?.some((c) => c.id < m.id && withdraws(question, c, m.from, held)) === true;
}

/**
 * The replies a walk in UUID order meets before their question: an exact reply pays it wherever the
 * two machines' clocks sort it ("the order in which files are read changes nothing", README note
 * 149). `hold` keeps a causal message citing a message the walk has not asked about yet; once the
 * question is met, `payers` gives those of them that pay it.
 */
export function earlyReplies(held: HeldSoFar): { hold(m: MailboxEnvelope): void; payers(question: MailboxEnvelope): readonly MailboxEnvelope[] } {
  const waiting = new Map<string, MailboxEnvelope[]>();
  return {
    hold(m) {
      if (!cites(m)) return;
      const seen = waiting.get(m.reply_to as string);
      if (seen === undefined) waiting.set(m.reply_to as string, [m]);
      else seen.push(m);
    },
    payers: (question) => (waiting.get(question.id) ?? []).filter((r) => paysAsAsked(question, r, held)),
  };
}
