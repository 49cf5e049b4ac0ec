/**
 * An agent's `blocked` in a thread (section 6: "Send **one** causal `blocked` message naming the
 * disputed term, the current Handler direction it conflicts with, and the exact Handler decision
 * required. Then stop initiating. Resume only on direct Handler authority or causally declared
 * authority-changing evidence."). From its sender's first `blocked` in a thread until the thread
 * shows Handler input or declared new evidence (the exchange budget's reading, _dialogue-step.ts):
 *
 * - another `blocked` from that sender is BLOCKED_REPEATED: the spec asks for one;
 * - any other message it sends to an agent is INITIATED_WHILE_BLOCKED, unless it is the reply it
 *   still owes to a message addressed to it (by name or `ALL`) with `expects_reply: true` that
 *   reached the thread before its `blocked`, as the budget lets "replies already owed by
 *   `expects_reply`" finish at its limit (section 8), read as reply debt and the budget read it
 *   (_owed-allowance.ts, README note 152): its first exact causal reply (the question's
 *   `request_id`; any for a welcome; a root kind's `reply_to` is only a citation), the question not
 *   withdrawn before it by its requester's own `cancel` (one the analysis quarantines, this rule
 *   or the budget refusing it among others, withdraws nothing: README note 154),
 *   and not a question the analysis quarantines, which owes nothing (README note 153).
 *   A message only to Handler seats initiates nothing between agents (it neither counts nor resets
 *   a budget either).
 *
 * A callsign is a name within one arena (section 4): a sender's `blocked` stops that arena's callsign,
 * and a message asks a reply of a callsign of its own arena.
 * A `blocked` stands whatever its recipients and whether it cites a parent: "The transition is
 * machine-visible because the kind is `blocked`". What still stands at the thread's end is returned,
 * so a Handler reading the thread summary sees who waits on a decision. One pass over the thread,
 * each message looked at once (its `reply_to` in a map), so a thread of any length is checked in
 * linear time.
 */
import { dialogueStep, liftsStops } from "./_dialogue-step.js";
import { cites, earlyReplies, paysAsAsked, withdrawnBefore } from "./_owed-allowance.js";
import type { HeldSoFar } from "./_owed-allowance.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

/** A message that asked for a reply, and where in the thread. */
interface Asked {
  readonly question: MailboxEnvelope;
  readonly position: number;
}

/** A sender's `blocked` that still stands. */
interface Block {
  readonly callsign: string;
  readonly id: string;
  readonly position: number;
}

/** An agent stopped in a thread: its `blocked` stands, awaiting Handler input or declared new evidence. */
export interface StandingBlock {
  readonly callsign: string;
  /** The UUID of the `blocked` message that stopped it. */
  readonly message: string;
}

/** The blocks' walk of one thread, a message at a time, so that it can go in step with the budget's. */
export interface BlocksWalk {
  step(entry: MailboxEntry): void;
  /** The blocks standing at the thread's end, in the order they were sent (UUID order): one per sender at most. */
  standing(): readonly StandingBlock[];
}

/**
 * Checks one thread (its messages in UUID order), a message at a time; the findings go to
 * `findings`. The quarantine is read only as `held` gives it (HeldSoFar), and each message this rule
 * refuses is added to it: a question it holds owes nothing (README note 153).
 */
export function blocksWalk(messages: readonly MailboxEntry[], findings: MailboxFinding[], held: HeldSoFar): BlocksWalk {
  const standing = new Map<string, Block>();
  const asked = new Map<string, Asked>();
  // `${asked id}\0${arena}\0${callsign}`: that callsign has paid that message with its exact
  // causal reply (its owed reply is spent), wherever the clocks sort the two.
  const paid = new Set<string>();
  // A reply sorting before its question pays it too.
  const early = earlyReplies(held);
  // A cancel either walk refused, or another rule holds, withdraws nothing (README note 154).
  const withdrawn = withdrawnBefore(messages, held);
  let position = -1;
  const walkStep = (entry: MailboxEntry): void => {
    position++;
    const m = entry.envelope;
    const step = dialogueStep(m);
    if (liftsStops(step)) standing.clear();
    const sender = `${m.arena}\u0000${m.from}`;
    const block = step === "handler" ? undefined : standing.get(sender);
    const parent = cites(m) ? asked.get(m.reply_to as string) : undefined;
    const pays = parent !== undefined && paysAsAsked(parent.question, m, held);
    const paidKey = `${m.reply_to}\u0000${sender}`;
    if (block !== undefined) {
      const owed = pays && parent.position < block.position && !paid.has(paidKey) && !withdrawn(parent.question, m);
      if (m.kind === "blocked") {
        findings.push(mailboxFinding("BLOCKED_REPEATED", `a second blocked from ${m.from} in this thread while its blocked ${block.id} stands: send one, then stop initiating until Handler input or declared new evidence (new_evidence)`, at(entry)));
        held.add(m.id);
      } else if (step !== "to-handler" && !owed) {
        findings.push(mailboxFinding("INITIATED_WHILE_BLOCKED", `${m.from} sent this ${m.kind} after its blocked ${block.id}: only replies it already owed (expects_reply) may follow, its exact causal reply to a question asked of it before, not withdrawn by its requester, until Handler input or declared new evidence (new_evidence)`, at(entry)));
        held.add(m.id);
      }
    } else if (m.kind === "blocked" && step !== "handler") standing.set(sender, { callsign: m.from, id: m.id, position });
    if (pays) paid.add(paidKey);
    else if (parent === undefined) early.hold(m);
    if (m.expects_reply) {
      asked.set(m.id, { question: m, position });
      for (const r of early.payers(m)) paid.add(`${m.id}\u0000${r.arena}\u0000${r.from}`);
    }
  };
  // A map keeps insertion order, and a lift clears it: its entries are already in sending order.
  return { step: walkStep, standing: () => [...standing.values()].map((block) => ({ callsign: block.callsign, message: block.id })) };
}
