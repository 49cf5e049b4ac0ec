/**
 * A parent known by its fields rather than its text (the Worker's `{ id, kind, file?,
 * expects_reply?, availability?, terms? }`): what a reader without the parent's file can still
 * judge by. Each field given is checked as the envelope's own field is (envelopeSchema), so one
 * rule reads both forms. A field left out is unknown, and a rule needing it does not judge
 * (KnownFields); `terms: null` and `availability: null` say the parent carries none, which is
 * known, as parentInfo says of a parent read from its text.
 */
import * as v from "valibot";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { envelopeSchema, mailboxIssue } from "./envelope.js";
import type { ParentInfo } from "./read-mailbox-message.js";

/** The envelope fields of a parent that the reply rules read (ACK_UNASKED, AVAILABILITY_REPLY, TERMS_MISPLACED). */
export const PARENT_FIELDS = ["expects_reply", "availability", "terms"] as const;

/** Where the parent carries none, null is its value (parentInfo); expects_reply is always present. */
const NULLABLE: ReadonlySet<string> = new Set(["availability", "terms"]);

export interface ParentFields {
  readonly id: string;
  readonly kind: string;
  readonly file?: string | null;
  /** The parent's envelope fields as given, unchecked: only PARENT_FIELDS are read. */
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The parent, or the findings against the fields given (codes of the envelope's own checks, the
 * slot naming the field). Only the fields present are checked and carried.
 */
export function parentFromFields(given: ParentFields): { readonly parent: ParentInfo | null; readonly findings: readonly MailboxFinding[] } {
  const checked: Record<string, unknown> = {};
  for (const field of PARENT_FIELDS) {
    const value = given.fields[field];
    if (value !== undefined && !(value === null && NULLABLE.has(field))) checked[field] = value;
  }
  const parsed = v.safeParse(envelopeSchema, checked);
  if (!parsed.success) {
    return {
      parent: null,
      findings: parsed.issues.map((issue) => {
        const { code, text, slot } = mailboxIssue(issue);
        return mailboxFinding(code, `${slot ?? "parent"}: ${text}`, slot === null ? {} : { slot });
      }),
    };
  }
  // Checked above: each present field is its envelope type, or null where the parent carries none.
  const { expects_reply: expectsReply, availability, terms } = given.fields as { expects_reply?: boolean; availability?: Readonly<Record<string, unknown>> | null; terms?: string | null };
  const parent: ParentInfo = {
    id: given.id,
    kind: given.kind,
    file: given.file ?? null,
    ...(expectsReply === undefined ? {} : { expects_reply: expectsReply }),
    ...(availability === undefined ? {} : { availability }),
    ...(terms === undefined ? {} : { terms }),
  };
  return { parent, findings: [] };
}
