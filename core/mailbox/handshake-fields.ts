/**
 * Where the handshake's own fields mean something (section 6; the kinds are data in
 * vocabulary.ts, HANDSHAKE_FIELD_KINDS). `terms` answers terms on the table, so it needs a kind
 * that answers and a parent to answer; `exchange_budget` is proposed by a hello and restated or
 * countered by such an answer. Anywhere else the handshake reads neither, so a sender who wrote
 * one would believe it accepted, countered or set a budget that nothing settles.
 * The handshake (handshake.ts) reads an answer's fields only when it is a welcome or carries
 * `terms`, and answers the terms on the table: the hello, or a counter (a welcome, or a message
 * carrying terms). What one message shows is judged by `handshakeFieldProblem`; what its parent
 * shows by `proposalAnswerProblem`.
 */
import { assertMessageKind } from "./_message-kind.js";
import { shownValue } from "./_shown-value.js";
import { assertKnownFields } from "./availability-fyi.js";
import type { KnownFields } from "./availability-fyi.js";
import type { MailboxKind } from "./vocabulary.js";
import { HANDSHAKE_FIELD_KINDS, MAILBOX_KINDS } from "./vocabulary.js";

export type HandshakeField = keyof typeof HANDSHAKE_FIELD_KINDS;

/**
 * Why `field` means nothing on a message of `kind` (a root when it has no `reply_to`); null where it
 * does. `carriesTerms`, when known, says whether the message carries `terms` too: an answer's
 * budget is read only beside its stance.
 */
export function handshakeFieldProblem(field: HandshakeField, kind: MailboxKind, root: boolean, carriesTerms?: boolean): string | null {
  assertHandshakeField("handshakeFieldProblem", field);
  assertMessageKind("handshakeFieldProblem", kind);
  const takers = HANDSHAKE_FIELD_KINDS[field];
  if (!takers.includes(kind)) {
    // The kinds left out are the true roots, a hello and a resume.
    const why = kind === "hello" ? "a hello proposes the terms and answers none" : `a ${kind} rehydrates without reopening the established handshake`;
    // Name the kinds left out when they are fewer: "every kind but hello and resume" reads at a glance.
    const others = (Object.keys(MAILBOX_KINDS) as MailboxKind[]).filter((k) => !takers.includes(k));
    const carriers = others.length < takers.length ? `every kind but ${others.join(" and ")}` : takers.join(", ");
    return `${field} is a handshake term, carried only by ${carriers}: ${why}, so the handshake reads none here`;
  }
  // A kind that always answers is refused without its parent already (REPLY_TO_REQUIRED).
  if (root && MAILBOX_KINDS[kind].parent === "either") return `${field} on a ${kind} with no reply_to: ${field === "terms" ? "an acceptance or a counter answers" : "a budget is proposed by a hello or restated or countered by an answer to"} the terms on the table, and this message answers none, so the handshake reads none here`;
  if (field === "exchange_budget" && kind !== "hello" && kind !== "welcome" && carriesTerms === false) return `exchange_budget on a ${kind} without terms: an answer restates or counters the budget on the table only as a welcome or beside terms (accept or counter), so the handshake reads none here`;
  return null;
}

/**
 * Why `field` on a `kind` answering `parent` means nothing: its parent can be no terms on the table
 * (neither a hello, nor a welcome, nor a message carrying terms). Null where it may be, or where the
 * parent's terms are unknown. A root's `reply_to` only cites (9), and a welcome answering another
 * kind than a hello is WELCOME_PARENT_NOT_HELLO's. Whether the parent is still the terms on the
 * table (not yet accepted, not countered since) is the handshake's, over the whole thread.
 */
export function proposalAnswerProblem(field: HandshakeField, kind: MailboxKind, parent: KnownFields): string | null {
  assertHandshakeField("proposalAnswerProblem", field);
  assertMessageKind("proposalAnswerProblem", kind);
  assertKnownFields("proposalAnswerProblem", parent);
  if (MAILBOX_KINDS[kind].parent === "root" || kind === "welcome" || parent.terms === undefined || parent.terms !== null) return null;
  if (parent.kind === "hello" || parent.kind === "welcome") return null;
  return `${field} on a ${kind} answering a ${parent.kind} that carries no terms: only a hello, a welcome or a message carrying terms puts terms on the table, so the handshake reads none here`;
}

/** A field outside the handshake's two (`toString` included: own keys only) is a misuse, refused with a RangeError labelled with the caller's name. */
function assertHandshakeField(caller: string, field: unknown): asserts field is HandshakeField {
  if (typeof field !== "string" || !Object.hasOwn(HANDSHAKE_FIELD_KINDS, field)) throw new RangeError(`${caller}: ${shownValue(field)} is not a handshake field (${Object.keys(HANDSHAKE_FIELD_KINDS).join(", ")})`);
}
