/**
 * An `ack` is the "durable receipt when `expects_reply` is true and no substantive response already
 * acknowledges it" (section 5), and "Do not emit a courtesy ACK merely to announce continued
 * listening" (3). So an ack of a message with `expects_reply: false` is a courtesy ack: refused
 * outbound (ACK_UNASKED), noted inbound (ACK_UNASKED_IGNORED). The acknowledgements the spec asks
 * for whatever the parent's `expects_reply` are not: FULL's third handshake message acknowledging
 * an acceptance (a welcome, or an answer carrying terms), a goodbye's ("A two-agent room requires
 * peer ACK", 8) and a close's ("Close with `close` plus peer acknowledgement", 13); these kinds are
 * data (ACKNOWLEDGED_KINDS). An availability FYI's answers are AVAILABILITY_REPLY's.
 */
import { assertKnownFields, isAvailabilityFyi } from "./availability-fyi.js";
import type { KnownFields } from "./availability-fyi.js";
import { isHandler } from "./callsign.js";
import { ACKNOWLEDGED_KINDS } from "./vocabulary.js";
import type { MailboxKind } from "./vocabulary.js";

/** Why an ack from `from` may not answer `parent`; null when it may, or when what it needs is unknown. */
export function unaskedAckProblem(kind: MailboxKind, from: string, parent: KnownFields): string | null {
  assertKnownFields("unaskedAckProblem", parent);
  if (kind !== "ack" || isHandler(from) || parent.expects_reply !== false || parent.terms === undefined) return null;
  if (parent.terms !== null || ACKNOWLEDGED_KINDS.has(parent.kind) || isAvailabilityFyi(parent)) return null;
  return `this ack answers a ${parent.kind} with expects_reply: false: an ack is the durable receipt of a message that asked for one, and a courtesy ack only announces continued listening ("Do not emit a courtesy ACK"); its recipient records no-reply-required`;
}
