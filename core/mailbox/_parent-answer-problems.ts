/**
 * The rules an answer's parent decides, in one place for both readers of them: the preflight
 * (readMailboxMessage, given the parent) refuses them, the conversation rules (analyzeMailbox)
 * note them in a peer's message. An answer to an availability FYI (availability-fyi.ts), a
 * courtesy ack (unasked-ack.ts), and a handshake field answering a message that puts no terms on
 * the table (handshake-fields.ts, `proposalAnswerProblem`). A field the message alone already
 * shows misplaced (`handshakeFieldProblem`) is that rule's, and is not judged again here.
 */
import type { KnownFields } from "./availability-fyi.js";
import { availabilityReplyProblem } from "./availability-fyi.js";
import type { MailboxCode } from "./codes.js";
import { handshakeFieldProblem, proposalAnswerProblem } from "./handshake-fields.js";
import type { HandshakeField } from "./handshake-fields.js";
import { unaskedAckProblem } from "./unasked-ack.js";
import type { MailboxKind } from "./vocabulary.js";

/** What the rules read of the answer. */
export interface AnswerFields {
  readonly kind: MailboxKind;
  /** Its sender; null when unknown (not read), and the rules that need it do not judge. */
  readonly from: string | null;
  /** Whether it carries `terms` at all: an answer's budget is read only beside its stance. */
  readonly carriesTerms: boolean;
  /** The handshake fields it carries, readably. */
  readonly fields: readonly HandshakeField[];
}

/** One problem: its slot, and its code and message for each direction. */
export interface AnswerProblem {
  readonly slot: "reply_to" | HandshakeField;
  /** Refused before publishing one's own message. */
  readonly outbound: { readonly code: MailboxCode; readonly message: string };
  /** Noted in a peer's message, which is read and binds nobody. */
  readonly inbound: { readonly code: MailboxCode; readonly message: string };
}

const HANDSHAKE_FIELDS: readonly HandshakeField[] = ["terms", "exchange_budget"];

/**
 * What may not follow `parent` in `answer`, in a fixed order: the availability FYI's, the courtesy
 * ack's, then `terms` and `exchange_budget`. Empty when the answer may follow it.
 */
export function parentAnswerProblems(answer: AnswerFields, parent: KnownFields): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  if (answer.from !== null) {
    const fyi = availabilityReplyProblem(answer.kind, answer.from, parent);
    if (fyi !== null) problems.push({ slot: "reply_to", outbound: { code: "AVAILABILITY_REPLY", message: fyi }, inbound: { code: "AVAILABILITY_REPLY_IGNORED", message: fyi } });
    const courtesy = unaskedAckProblem(answer.kind, answer.from, parent);
    if (courtesy !== null) problems.push({ slot: "reply_to", outbound: { code: "ACK_UNASKED", message: courtesy }, inbound: { code: "ACK_UNASKED_IGNORED", message: courtesy } });
  }
  for (const field of HANDSHAKE_FIELDS) {
    // An answer has a parent, so it is no root.
    if (!answer.fields.includes(field) || handshakeFieldProblem(field, answer.kind, false, answer.carriesTerms) !== null) continue;
    const problem = proposalAnswerProblem(field, answer.kind, parent);
    if (problem !== null) problems.push(misplacedField(field, problem));
  }
  return problems;
}

/**
 * A handshake field the handshake reads none of, for either reason (what the message alone shows,
 * `handshakeFieldProblem`, or what its parent shows): refused outbound, where the sender would
 * believe it accepted, countered or set a budget; noted inbound, where it settles nothing.
 */
export function misplacedField(field: HandshakeField, problem: string): AnswerProblem {
  return { slot: field, outbound: { code: "TERMS_MISPLACED", message: problem }, inbound: { code: "TERMS_IGNORED", message: `${problem}: ignored` } };
}
