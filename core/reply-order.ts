/**
 * The order a stored thread keeps: a reply is held only after the line it answers. A thread read
 * whole (check-thread) notes a reply that answers nothing (THREAD_REPLY_UNMATCHED); a thread that
 * is appended to line by line must refuse it instead, or it can never be checked: the RB that
 * arrived before its HO would stay unmatched, and its retry, the same message, would be taken as
 * a duplicate of it.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";

/**
 * Replies that act on what they answer: an RB or DN is checked against its HO, an FL closes it, a
 * CX withdraws it, an AN answers an AQ or a CX. A UN is not here: it also answers lines a thread
 * refused and so never holds (rule 2), and an HO or ST may point at a message of another thread.
 */
const ACTING_REPLIES: ReadonlySet<string> = new Set(["RB", "AN", "DN", "FL", "CX"]);

/**
 * The refusal for appending `message` to a thread that does not yet hold the line its `re=` names
 * (`holds` says whether it holds an id), or null when the message may be appended.
 */
export function replyAhead(message: Message, holds: (id: string) => boolean): Finding | null {
  if (!ACTING_REPLIES.has(message.type) || message.re === null || holds(message.re)) return null;
  return finding(
    "THREAD_REPLY_AHEAD",
    `${message.type} ${message.id} answers ${message.re}, which this thread does not hold: append ${message.re} first, then this line again (stored ahead of it, this reply could never be checked or close anything)`,
    { slot: "re", received: message.re },
  );
}
