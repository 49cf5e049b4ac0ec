/**
 * Whether an answer answers its parent as addressed (section 6; kernel 3: "explicit recipients, and
 * exact causal parent"; section 8: "`to` assigns the obligation to respond"). The handshake reads it
 * (a misaddressed answer accepts, counters and establishes nothing) and so do callsign claims (a
 * misaddressed welcome claims nothing: section 4 provisions a first `hello` or `welcome` only "after
 * its other required identity, addressing, causality, and path checks pass").
 */
import { ALL } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";

export interface Misaddressed {
  readonly slot: "arena" | "from" | "to";
  readonly why: string;
}

/**
 * Why `answer` does not answer `parent` as addressed, or null when it does: it is in the parent's
 * arena (section 4: the collaboration boundary, where the sender's claim and root binding live), it
 * is addressed to the parent's sender (or `ALL`), and, answering a hello, its sender is one the hello
 * addresses (or the hello is to `ALL`): "Unexpected callsigns are surfaced to the Handler and are not
 * engaged" (4). The exact parent (`reply_to`) is the caller's to match.
 */
export function misaddressedAnswer(answer: MailboxEnvelope, parent: MailboxEnvelope): Misaddressed | null {
  if (answer.arena !== parent.arena) return { slot: "arena", why: `it is in arena ${answer.arena}, the ${parent.kind} it answers in ${parent.arena}` };
  if (parent.kind === "hello" && !parent.to.includes(ALL) && !parent.to.includes(answer.from)) return { slot: "from", why: `the hello addresses ${parent.to.join(", ")}, not ${answer.from}: an unexpected callsign is surfaced and not engaged` };
  if (!answer.to.includes(ALL) && !answer.to.includes(parent.from)) return { slot: "to", why: `it is addressed to ${answer.to.join(", ")}, not ${parent.from}, whose ${parent.kind} it answers` };
  return null;
}

/**
 * Why a welcome does not answer a hello (section 6: "hello → welcome establishes"), or null: its
 * parent is another kind, so it settles no handshake and claims no callsign. Read where the parent
 * is known: in a mailbox (analyzeMailbox) and before publishing (readMailboxMessage).
 */
export function welcomeParentProblem(kind: string, parentKind: string): string | null {
  return kind === "welcome" && parentKind !== "hello" ? `this welcome's reply_to is a ${parentKind}: a welcome answers a hello, so it settles no handshake and claims no callsign` : null;
}
