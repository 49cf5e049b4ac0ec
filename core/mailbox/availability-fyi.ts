/**
 * The availability FYI (section 2A): "canonical `kind: state`, explicit `meta.mailbox.availability`
 * metadata, and `expects_reply: false`. It is orientation only: no SLA, acceptance, counter,
 * renewal, or waiting may follow." So an answer to one (a message whose `reply_to` is the FYI) is
 * the following that section forbids: refused outbound (AVAILABILITY_REPLY), noted inbound
 * (AVAILABILITY_REPLY_IGNORED), where it binds its FYI's sender to nothing.
 */
import { assertMessageKind } from "./_message-kind.js";
import { shownValue } from "./_shown-value.js";
import { isHandler } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";
import { MAILBOX_KINDS } from "./vocabulary.js";
import type { MailboxKind } from "./vocabulary.js";

/** What is known of a message: a field left out is unknown, and a rule needing it does not judge. */
export interface KnownFields {
  readonly kind: string;
  readonly expects_reply?: boolean;
  readonly availability?: MailboxEnvelope["availability"];
  readonly terms?: string | null;
}

/**
 * A parent's known fields given as no object (null, a text) is a misuse: a TypeError labelled with
 * the caller's name, not "Cannot read properties of null" from wherever a rule first reads one.
 */
export function assertKnownFields(caller: string, parent: unknown): asserts parent is KnownFields {
  if (parent === null || typeof parent !== "object") throw new TypeError(`${caller}: the parent is an object of its known fields { kind, expects_reply?, availability?, terms? }, not ${shownValue(parent)}`);
}

/** True when `m` is an availability FYI: a no-reply `state` carrying `availability` (false for what is no object). */
export function isAvailabilityFyi(m: KnownFields): boolean {
  return m !== null && typeof m === "object" && m.kind === "state" && m.expects_reply === false && m.availability !== undefined && m.availability !== null;
}

/**
 * Why a `kind` from `from` may not answer `parent`, an availability FYI; null when it may (or the
 * parent is none). A true root (`hello`, `resume`) only cites its `reply_to` (section 9), so it
 * answers nothing; a Handler seat is no participant the FYI's mode rules bind, and "an explicit
 * Handler choice still wins" (2A).
 */
export function availabilityReplyProblem(kind: MailboxKind, from: string, parent: KnownFields): string | null {
  // Own keys only: `toString` would read a prototype's member as a kind's row.
  assertMessageKind("availabilityReplyProblem", kind);
  assertKnownFields("availabilityReplyProblem", parent);
  if (!isAvailabilityFyi(parent) || MAILBOX_KINDS[kind].parent === "root" || isHandler(from)) return null;
  return `this ${kind} answers an availability FYI (a no-reply state carrying availability): it is orientation only, and "no SLA, acceptance, counter, renewal, or waiting may follow"; its recipient records no-reply-required`;
}
