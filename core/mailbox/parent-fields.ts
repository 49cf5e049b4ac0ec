/**
 * A parent known by its fields rather than its text (the Worker's `{ id, kind, file?,
 * expects_reply?, availability?, terms? }`): what a reader without the parent's file can still
 * judge by. Each field given is checked as the envelope's own field is (envelopeSchema), so one
 * rule reads both forms: `id` and `kind` too, which every message carries ("**Message
 * identifier:** UUIDv7, required in every profile", 4; a kind of section 5), so a parent of
 * neither is refused as a message of neither is (FIELD_MISSING, UUID_INVALID, KIND_UNKNOWN). A
 * field left out of the others is unknown, and a rule needing it does not judge (KnownFields);
 * `terms: null` and `availability: null` say the parent carries none, which is known, as
 * parentInfo says of a parent read from its text. `file` is where the parent is, not an envelope
 * field: carried as given, for the body's wikilink.
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

/** The fields every parent names, required as they are in a message ("required in every profile"). */
const IDENTITY = ["id", "kind"] as const;

export interface ParentFields {
  /** The parent's UUID as given, unchecked: a canonical lowercase UUIDv7, or refused. */
  readonly id: unknown;
  /** The parent's kind as given, unchecked: one of section 5's, or refused. */
  readonly kind: unknown;
  readonly file?: string | null;
  /** The parent's envelope fields as given, unchecked: only PARENT_FIELDS are read. */
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The parent, or the findings against the fields given (codes of the envelope's own checks, the
 * slot naming the field). Only the fields present are checked and carried.
 */
export function parentFromFields(given: ParentFields): { readonly parent: ParentInfo | null; readonly findings: readonly MailboxFinding[] } {
  const findings: MailboxFinding[] = [];
  const checked: Record<string, unknown> = {};
  for (const field of IDENTITY) {
    // The envelope's own words for a message without one (read-mailbox-message's `required`).
    if (given[field] === undefined) findings.push(mailboxFinding("FIELD_MISSING", `${field} is missing (required in every profile)`, { slot: field, expected: "required in every profile" }));
    else checked[field] = given[field];
  }
  for (const field of PARENT_FIELDS) {
    const value = given.fields[field];
    if (value !== undefined && !(value === null && NULLABLE.has(field))) checked[field] = value;
  }
  const parsed = v.safeParse(envelopeSchema, checked);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const { code, text, slot } = mailboxIssue(issue);
      findings.push(mailboxFinding(code, `${slot ?? "parent"}: ${text}`, slot === null ? {} : { slot }));
    }
  }
  if (findings.length > 0) return { parent: null, findings };
  // Checked above: each present field is its envelope type, or null where the parent carries none.
  const { expects_reply: expectsReply, availability, terms } = given.fields as { expects_reply?: boolean; availability?: Readonly<Record<string, unknown>> | null; terms?: string | null };
  const parent: ParentInfo = {
    // Checked above: a UUIDv7 and a kind of section 5.
    id: given.id as string,
    kind: given.kind as string,
    file: given.file ?? null,
    ...(expectsReply === undefined ? {} : { expects_reply: expectsReply }),
    ...(availability === undefined ? {} : { availability }),
    ...(terms === undefined ? {} : { terms }),
  };
  return { parent, findings: [] };
}
