/**
 * The Agent Mailbox's finding codes: its own table, beside the core's FINDING_CODES for RW1, with
 * the same finding shape (`{ code, severity, message, ... }`) so adapters print both alike. The two
 * tables never share a code (a test holds them apart). Codes never change meaning once published.
 */
import type { Finding, Severity } from "../index.js";

/** Every mailbox code, with whether it refuses (`error`) or only informs (`note`). */
export const MAILBOX_CODES = {
  // The file as text: frontmatter and YAML (section 4: "Markdown", "frontmatter").
  ENCODING_INVALID: "error",
  ENCODING_BOM: "note",
  FRONTMATTER_MISSING: "error",
  FRONTMATTER_UNCLOSED: "error",
  YAML_INVALID: "error",
  FRONTMATTER_TOO_DEEP: "error",
  FRONTMATTER_TOO_LARGE: "error",
  FRONTMATTER_SHAPE: "error",
  // The envelope under meta.mailbox (sections 4, 5, 9).
  ENVELOPE_MISSING: "error",
  ENVELOPE_SHAPE: "error",
  LEGACY_ALIAS: "error",
  LEGACY_ENVELOPE: "note",
  LEGACY_ALIAS_CONFLICT: "error",
  FIELD_MISSING: "error",
  FIELD_TYPE: "error",
  FIELD_UNKNOWN: "note",
  VERSION_UNSUPPORTED: "error",
  VERSION_FLOOR: "note",
  VERSION_HIGHER: "note",
  PROFILE_INVALID: "error",
  UUID_INVALID: "error",
  SEQ_INVALID: "error",
  CALLSIGN_INVALID: "error",
  CALLSIGN_DEVICE_NAME: "error",
  CALLSIGN_RESERVED: "error",
  HANDLER_SELF_ASSERTED: "note",
  RECIPIENTS_INVALID: "error",
  KIND_UNKNOWN: "error",
  CLAIM_NOT_FULL: "error",
  REPLY_TO_REQUIRED: "error",
  ROOT_WITH_PARENT: "note",
  TERMS_INVALID: "error",
  TERMS_MISSING: "note",
  TERMS_MISPLACED: "error",
  TERMS_IGNORED: "note",
  AVAILABILITY_MISPLACED: "error",
  AVAILABILITY_REPLY: "error",
  AVAILABILITY_REPLY_IGNORED: "note",
  ACK_UNASKED: "error",
  ACK_UNASKED_IGNORED: "note",
  REPAIR_MISADDRESSED: "error",
  ARENA_ALIAS: "note",
  LOCUS_INVISIBLE: "error",
  LOCUS_MIXED_SCRIPT: "note",
  LOCUS_NOT_NFC: "note",
  SESSION_INVISIBLE: "error",
  PROVENANCE_INVISIBLE: "note",
  MACHINE_NOT_CANONICAL: "note",
  ROOT_ID_INVALID: "error",
  ROOT_ID_CASE: "note",
  TRANSPORT_UNKNOWN: "error",
  TAGS_MISSING: "note",
  // The body (sections 4, 9).
  PARENT_LINK_MISSING: "note",
  ACK_SKIPS_WELCOME: "error",
  GOODBYE_REENTRY_MISSING: "error",
  GOODBYE_REENTRY_UNSTATED: "note",
  DELIVER_HASH_MISSING: "error",
  DELIVER_HASH_UNSTATED: "note",
  ARTIFACT_PATH_UNSAFE: "error",
  ARTIFACT_PATH_REFUSED: "note",
  ARTIFACT_PATH_SCRATCH: "error",
  ARTIFACT_SCRATCH_REFUSED: "note",
  MESSAGE_SECRET: "error",
  MESSAGE_SECRET_NOTED: "note",
  BODY_RW1_REFUSED: "error",
  BODY_RW1_NOTED: "note",
  BODY_RW1_TOO_MANY: "error",
  MESSAGE_TOO_LARGE: "error",
  // Names, ids and files (sections 3, 4, 10).
  FILENAME_GRAMMAR: "note",
  FILENAME_MISMATCH: "note",
  CONFLICT_COPY: "error",
  NOT_A_FILE: "error",
  FILENAME_NOT_MD: "error",
  FILE_UNREADABLE: "error",
  DUPLICATE_ID: "error",
  DUPLICATE_DELIVERY: "note",
  MANIFEST_PATH: "error",
  STAGING_LEFT: "note",
  PUBLISHED_UNVERIFIED: "error",
  // Conversation state (sections 4, 6, 8, 12).
  PARENT_UNKNOWN: "note",
  PARENT_NOT_FOUND: "error",
  PARENT_THREAD_MISMATCH: "error",
  PARENT_ARENA_MISMATCH: "error",
  PARENT_CYCLE: "error",
  RATIFY_SELF: "error",
  WORK_BEFORE_ESTABLISHED: "error",
  COUNTER_AS_ACCEPT: "error",
  SETTLED_TAGS_CHANGED: "error",
  SETTLED_TAGS_DRIFT: "note",
  ACCEPT_WHILE_BLOCKED: "error",
  HANDSHAKE_MISADDRESSED: "error",
  WELCOME_PARENT_NOT_HELLO: "error",
  WELCOME_PARENT_UNKNOWN: "note",
  WELCOME_HELLO_MISPLACED: "error",
  PROFILE_DOWNGRADE: "error",
  HELLO_CROSSED: "note",
  HELLO_THREAD_REUSED: "error",
  CALLSIGN_COLLISION: "error",
  CALLSIGN_RETIRED: "error",
  ADDRESSEE_RETIRED: "error",
  ADDRESSEE_DEPARTED: "note",
  ADDRESSEE_UNCLAIMED: "note",
  CALLSIGN_HELD: "error",
  CALLSIGN_UNCLAIMED: "note",
  CALLSIGN_UNCLAIMED_ENGAGED: "error",
  PARENT_QUARANTINED: "error",
  SUCCESSION_DECLARED: "note",
  SUCCESSION_UNDECLARED: "error",
  ROOT_MISMATCH: "error",
  ROOT_ID_UNVERIFIED: "error",
  SEQ_GAP: "note",
  EXCHANGE_BUDGET_EXCEEDED: "error",
  BLOCKED_REPEATED: "error",
  INITIATED_WHILE_BLOCKED: "error",
  THREAD_ORPHANED: "note",
  RESUME_UNANSWERED: "error",
  ROOT_NOT_FRESH: "note",
  REPLY_REPUBLISHED: "error",
  REPAIR_REPEATED: "error",
  // The room's visible primer (sections 3, 6, 9, 12).
  PRIMER_MISSING: "error",
  // The archive of closed threads (section 13).
  ARCHIVE_THREAD_OPEN: "error",
  ARCHIVE_THREAD_SPLIT: "error",
  ARCHIVE_FOLDER_MIXED: "error",
  ARCHIVE_NOT_A_FOLDER: "error",
  // Reconciliation (sections 3, 7, 9).
  DISPOSITION_INVALID: "error",
  DISPOSITION_UNKNOWN_MESSAGE: "note",
  DISPOSITION_NOT_ADDRESSED: "note",
  DISPOSITION_REQUEST_MISMATCH: "error",
  LIFECYCLE_CONTRADICTION: "error",
  REPLY_NOT_FOUND: "error",
  REPLY_REPLACED: "note",
  MESSAGE_CHANGED: "error",
  REPLY_OWED: "error",
  REQUESTER_RETIRED: "note",
  REQUEST_WITHDRAWN: "note",
  TASK_CLAIMED: "note",
  CANCEL_NOT_WITHDRAWAL: "note",
  SUPERSESSION_UNPROVEN: "error",
  DEFERRAL_DUE: "note",
  RESTORABLE: "note",
  AMBIGUOUS_HISTORY: "error",
  CURSOR_AHEAD: "error",
  CURSOR_INVALID_ENTRY: "error",
  CURSOR_UNKNOWN: "note",
  CURSOR_NOT_ADDRESSED: "note",
  ANOMALY_OPEN: "error",
  ANOMALY_ID_TAKEN: "note",
  ANOMALY_ID_SHARED: "note",
  QUARANTINED: "error",
  ARENA_AMBIGUOUS: "error",
  ARENA_FOREIGN: "error",
  CALLSIGN_UNSEEN: "note",
} as const;

export type MailboxCode = keyof typeof MAILBOX_CODES;

/**
 * The errors that say a message does not speak for its sender (another locus's claim, a root
 * mismatch, a causal cycle): it takes no part in a handshake, and opens no thread before a hello.
 */
export const IDENTITY_CODES: ReadonlySet<MailboxCode> = /* @__PURE__ */ new Set<MailboxCode>(["ROOT_MISMATCH", "PARENT_CYCLE", "CALLSIGN_HELD", "CALLSIGN_COLLISION", "CALLSIGN_RETIRED"]);

export interface MailboxFinding {
  readonly code: MailboxCode;
  readonly severity: Severity;
  readonly message: string;
  /** The envelope field concerned, as written on the wire (`reply_to`, `to[1]`, `tags`). */
  readonly slot?: string;
  /** 1-based line in the message file. */
  readonly line?: number;
  readonly expected?: string;
  readonly received?: string;
  /** The message (UUID) a conversation or reconciliation finding is about. */
  readonly id?: string;
  /** The file, as an adapter names it. */
  readonly file?: string;
  /** For an RW1 line in a body: the core's findings that refuse it. */
  readonly causes?: readonly Finding[];
}

export type MailboxFindingDetail = Omit<MailboxFinding, "code" | "severity" | "message">;

/** Builds a finding; its severity comes from the table, so the two never disagree. */
export function mailboxFinding(code: MailboxCode, message: string, detail?: MailboxFindingDetail): MailboxFinding {
  return { code, severity: MAILBOX_CODES[code], message, ...detail };
}

export function hasMailboxError(findings: readonly MailboxFinding[]): boolean {
  for (const f of findings) if (f.severity === "error") return true;
  return false;
}

/** A result as a value, as the core's: `ok` exactly when no finding is an error. */
export type MailboxResult<T> =
  | { readonly ok: true; readonly value: T; readonly findings: readonly MailboxFinding[] }
  | { readonly ok: false; readonly value: null; readonly findings: readonly MailboxFinding[] };

export function mailboxResult<T>(value: T, findings: readonly MailboxFinding[]): MailboxResult<T> {
  return hasMailboxError(findings) ? { ok: false, value: null, findings } : { ok: true, value, findings };
}
