/**
 * Which of a participant's exact causal replies to one message still stands. A later one whose
 * `meta.mailbox.correction` names an earlier one by UUID or file is its declared replacement ("a
 * terminal replacement or supersession ... supported by an exact independently valid record
 * identifying what supersedes what", 3; republished-replies.ts), so once y2 replaced y1 the reply
 * that stands is y2, and a chain y1, y2, y3 leaves y3. Reconciliation reads the standing one as the
 * exact causal reply: the one `restore` rebuilds `replied` from, and the one a `replied` citing a
 * replaced reply is pointed to (REPLY_REPLACED).
 */
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { replaces } from "./republished-replies.js";

export interface StandingReplies {
  /** The exact replies no later one replaces, in UUID order. */
  readonly standing: readonly MailboxEnvelope[];
  /** Each replaced reply's UUID, with the standing reply that replaced it (the chain followed). */
  readonly replacedBy: ReadonlyMap<string, MailboxEnvelope>;
}

/** `exact`: the participant's exact causal replies to one message, unquarantined, in UUID order; `byId` gives each one's file. */
export function standingReplies(exact: readonly MailboxEnvelope[], byId: ReadonlyMap<string, MailboxEntry>): StandingReplies {
  // Only a later reply replaces an earlier one, as republishedReplies reads them: a correction
  // cannot name an answer not yet published, so the relation has no cycle.
  const next = new Map<string, MailboxEnvelope>();
  exact.forEach((earlier, i) => {
    const entry = byId.get(earlier.id);
    const later = entry === undefined ? undefined : exact.slice(i + 1).find((e) => replaces(e, entry));
    if (later !== undefined) next.set(earlier.id, later);
  });
  const replacedBy = new Map<string, MailboxEnvelope>();
  for (const id of next.keys()) {
    let last = next.get(id) as MailboxEnvelope;
    for (let step = next.get(last.id); step !== undefined; step = next.get(last.id)) last = step;
    replacedBy.set(id, last);
  }
  return { standing: exact.filter((e) => !next.has(e.id)), replacedBy };
}
