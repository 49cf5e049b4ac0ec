/**
 * Where the handshake's own fields mean something (section 6; the kinds are data in
 * vocabulary.ts, HANDSHAKE_FIELD_KINDS). `terms` answers terms on the table, so it needs a kind
 * that answers and a parent to answer; `exchange_budget` is proposed by a hello and restated or
 * countered by such an answer. Anywhere else the handshake reads neither, so a sender who wrote
 * one would believe it accepted, countered or set a budget that nothing settles.
 */
import type { MailboxKind } from "./vocabulary.js";
import { HANDSHAKE_FIELD_KINDS, MAILBOX_KINDS } from "./vocabulary.js";

export type HandshakeField = keyof typeof HANDSHAKE_FIELD_KINDS;

/** Why `field` means nothing on a message of `kind` (a root when it has no `reply_to`); null where it does. */
export function handshakeFieldProblem(field: HandshakeField, kind: MailboxKind, root: boolean): string | null {
  const takers = HANDSHAKE_FIELD_KINDS[field];
  if (!takers.includes(kind)) {
    // The kinds left out are the true roots, a hello and a resume.
    const why = kind === "hello" ? "a hello proposes the terms and answers none" : `a ${kind} rehydrates without reopening the established handshake`;
    return `${field} is a handshake term, carried only by ${takers.join(", ")}: ${why}, so the handshake reads none here`;
  }
  // A kind that always answers is refused without its parent already (REPLY_TO_REQUIRED).
  if (root && MAILBOX_KINDS[kind].parent === "either") return `${field} on a ${kind} with no reply_to: ${field === "terms" ? "an acceptance or a counter answers" : "a budget is proposed by a hello or restated or countered by an answer to"} the terms on the table, and this message answers none, so the handshake reads none here`;
  return null;
}
