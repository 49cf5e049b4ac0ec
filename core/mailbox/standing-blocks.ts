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
 *   reached the thread before its `blocked`: its first reply to that message, as the budget lets
 *   "replies already owed by `expects_reply`" finish at its limit (section 8). A message only to
 *   Handler seats initiates nothing between agents (it neither counts nor resets a budget either).
 *
 * A callsign is a name within one arena (section 4): a sender's `blocked` stops that arena's callsign,
 * and a message asks a reply of a callsign of its own arena.
 * A `blocked` stands whatever its recipients and whether it cites a parent: "The transition is
 * machine-visible because the kind is `blocked`". What still stands at the thread's end is returned,
 * so a Handler reading the thread summary sees who waits on a decision. One pass over the thread,
 * each message looked at once (its `reply_to` in a map), so a thread of any length is checked in
 * linear time.
 */
import { asks, dialogueStep, liftsStops } from "./_dialogue-step.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";

/** A message that asked for a reply: who asked whom, and where in the thread. */
interface Asked {
  readonly from: string;
  readonly to: readonly string[];
  readonly arena: string;
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

/**
 * Checks one thread (its messages in UUID order); the findings go to `findings`. Returns the blocks
 * standing at the thread's end, in the order they were sent (UUID order): one per sender at most.
 */
export function standingBlocks(messages: readonly MailboxEntry[], findings: MailboxFinding[]): readonly StandingBlock[] {
  const standing = new Map<string, Block>();
  const asked = new Map<string, Asked>();
  // `${asked id}\0${callsign}`: that callsign has answered that message (its owed reply is spent).
  const answered = new Set<string>();
  messages.forEach((entry, position) => {
    const m = entry.envelope;
    const step = dialogueStep(m);
    if (liftsStops(step)) standing.clear();
    const sender = `${m.arena}\u0000${m.from}`;
    const block = step === "handler" ? undefined : standing.get(sender);
    const parent = m.reply_to === null ? undefined : asked.get(m.reply_to);
    const answerKey = m.reply_to === null ? "" : `${m.reply_to}\u0000${sender}`;
    if (block !== undefined) {
      const owed = parent !== undefined && parent.position < block.position && parent.arena === m.arena && asks(parent, m.from) && !answered.has(answerKey);
      if (m.kind === "blocked") {
        findings.push(mailboxFinding("BLOCKED_REPEATED", `a second blocked from ${m.from} in this thread while its blocked ${block.id} stands: send one, then stop initiating until Handler input or declared new evidence (new_evidence)`, at(entry)));
      } else if (step !== "to-handler" && !owed) {
        findings.push(mailboxFinding("INITIATED_WHILE_BLOCKED", `${m.from} sent this ${m.kind} after its blocked ${block.id}: only replies it already owed (expects_reply) may follow, until Handler input or declared new evidence (new_evidence)`, at(entry)));
      }
    } else if (m.kind === "blocked" && step !== "handler") standing.set(sender, { callsign: m.from, id: m.id, position });
    if (parent !== undefined) answered.add(answerKey);
    if (m.expects_reply) asked.set(m.id, { from: m.from, to: m.to, arena: m.arena, position });
  });
  // A map keeps insertion order, and a lift clears it: its entries are already in sending order.
  return [...standing.values()].map((block) => ({ callsign: block.callsign, message: block.id }));
}
