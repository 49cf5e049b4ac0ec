/**
 * Findings: every problem core reports is a value with a stable code (DESIGN, style 3).
 * Codes never change meaning once published; new situations get new codes.
 */

/** Every code, with whether it refuses the message (`error`) or only informs (`note`). */
export const FINDING_CODES = {
  // The line as text (core/line).
  LINE_EMPTY: "error",
  LINE_COMMENT: "error",
  LINE_BREAK: "error",
  CONTROL_CHAR: "error",
  ENCODING: "error",
  LINE_TOO_LONG: "error",
  SPACING: "error",
  MISSING_TYPE: "error",
  MISSING_ID: "error",
  TOKEN_NOT_KEYED: "error",
  KEY_SYNTAX: "error",
  DUPLICATE_KEY: "error",
  TAIL_EMPTY: "error",
  // The JSON form (core/json-form) and formatting it back into a line.
  JSON_SHAPE: "error",
  UNREPRESENTABLE: "error",
  // One message against the vocabulary (core/validate).
  VERSION: "error",
  TYPE_UNKNOWN: "error",
  ID_SHAPE: "error",
  ID_FROM: "error",
  RE_SELF: "error",
  MISSING_SLOT: "error",
  VALUE_TYPE: "error",
  OUT_OF_RANGE: "error",
  ENUM_UNKNOWN: "error",
  RB_UNKNOWN: "error",
  TAIL_TOO_LONG: "error",
  TAIL_REQUIRED: "error",
  PROFILE_UNKNOWN: "error",
  PROFILE_REQUIRED: "error",
  ANS_UNKNOWN: "error",
  TRANSLATION: "error",
  CONSTRAINT_REPEATED: "error",
  SLOT_UNKNOWN: "note",
  SLOT_NOT_ON_TYPE: "note",
  CONSTRAINT_KEY_UNKNOWN: "note",
  KEYS_UNCHECKED: "note",
  OPTS_UNREAD: "note",
  AGENT_NOT_IN_PROFILE: "note",
  // Acceptance criteria (core/criteria, tier 4).
  CRITERIA_SYNTAX: "error",
  CRITERIA_REPEATED: "error",
  CRITERIA_KEY_UNKNOWN: "error",
  ACC_CONTRADICTION: "error",
  ACC_GAP: "error",
  ACC_EXCLUDED: "error",
  ACC_ASSUMPTION: "note",
  ACC_LOOSE: "note",
  ACC_KEY_UNKNOWN: "note",
  // Readbacks (core/make-readback, core/check-readback).
  NOT_A_HANDOFF: "error",
  READBACK_INCOMPLETE: "error",
  READBACK_NOT_ASKED: "error",
  READBACK_ID_REUSED: "error",
  EXEC_DIFFERS: "note",
  RECEIPT: "error",
  INTEGRITY: "error",
  ECHO_MISSING: "error",
  ECHO_MISMATCH: "error",
  ACC_MISSING: "error",
  ACC_UNCHECKED: "note",
  EXEC_MISSING: "error",
  EXEC_MISMATCH: "error",
  EXEC_UNVERIFIED: "error",
  EXEC_NO_MAP: "note",
  // The sender's private challenge (5.2's withheld criteria, 5.3's record) of a handoff, carried
  // to the HO that re-issues it (rule 1), where a holder keeps challenges (the Worker's thread).
  CHALLENGE_CARRIED: "note",
  // The record and the checks before and after an act (core/record, check-handoff, check-done).
  RECORD_SHAPE: "error",
  HO_DIFFERS: "error",
  HO_OMITS: "error",
  HO_NEEDS_EXEC: "error",
  HO_EXEC_UNSET: "error",
  RELAY_PARTIES: "error",
  RELAY_ADDS: "error",
  RELAY_RECEIVED_INVALID: "error",
  DONE_RECEIPT: "error",
  DONE_MISSING: "error",
  DONE_MISMATCH: "error",
  DONE_NOOP: "error",
  DONE_UNCOMMITTED: "error",
  DONE_UNVERIFIED: "error",
  DONE_PLAN_VOID: "error",
  DONE_NO_MAP: "note",
  // Prepared statements (core/statement).
  STATEMENT_UNKNOWN: "error",
  STATEMENT_REFUSED: "error",
  STATEMENT_RAN: "error",
  // Addressing a refusal (core/refusal).
  UNADDRESSABLE: "error",
  // Profile files (core/profile).
  PROFILE_SCHEMA: "error",
  PROFILE_REDEFINES_CORE: "error",
  PROFILE_REMOVES_CORE: "error",
  PROFILE_REFERENCE: "error",
  PROFILE_SHIPPED_NAME: "error",
  // A conversation replayed (core/thread): closure (5.4), cancels, re-issues and owners (rule 1).
  THREAD_EXPIRED: "error",
  THREAD_OVERDUE: "error",
  THREAD_CLOSED_TWICE: "error",
  THREAD_READBACK_REVERSED: "error",
  THREAD_DONE_AFTER_CANCEL: "error",
  THREAD_DONE_AFTER_HOLD: "error",
  THREAD_DONE_TWICE: "error",
  THREAD_DONE_UNOWNED: "error",
  THREAD_DONE_OWNED_ELSEWHERE: "error",
  THREAD_CANCEL_PARTIES: "error",
  THREAD_REPLY_PARTIES: "error",
  THREAD_REPLY_ITEM: "error",
  THREAD_ID_REUSED: "error",
  THREAD_REPLY_AHEAD: "error",
  THREAD_READBACK_EXPIRED: "error",
  THREAD_CONFIRMATION_EXPIRED: "error",
  // A re-issue that is not the HO it replaces sent again (rule 1).
  THREAD_REISSUE_CHANGED: "error",
  // An AN whose val is not the shape its AQ's need asks for (rule 2, section 3.1).
  THREAD_ANSWER_SHAPE: "error",
  // An AQ answered again by its receiver, or left unanswered past its by= (rule 2).
  THREAD_ANSWERED_TWICE: "error",
  THREAD_QUESTION_OVERDUE: "error",
  // An HO ask=UNDO whose ctx= names no DN reporting an act its sender handed off (section 5.4).
  THREAD_UNDO_UNMATCHED: "error",
  // A line appended for one agent whose from= names another (core/line-sender; the Worker's agent tokens).
  THREAD_SENDER_NOT_AGENT: "error",
  THREAD_OPEN: "note",
  THREAD_QUESTION_OPEN: "note",
  THREAD_HELD: "note",
  THREAD_CANCEL_UNANSWERED: "note",
  THREAD_CANCEL_TIMEOUT: "note",
  THREAD_CANCEL_REASON: "note",
  THREAD_FAIL_UNOWNED: "note",
  THREAD_READBACK_VOID: "note",
  THREAD_READBACK_UNVERIFIED: "note",
  THREAD_READBACK_LATE: "note",
  THREAD_READBACK_SUPERSEDED: "note",
  THREAD_REISSUED: "note",
  THREAD_REISSUE_DUP: "note",
  THREAD_REPLY_UNMATCHED: "note",
  THREAD_RETRY: "note",
  THREAD_REPLY_SUPERSEDED: "note",
  THREAD_CANCEL_AFTER_ACT: "note",
  THREAD_UNDO_UNSEEN: "note",
  THREAD_RECORD_UNREAD: "note",
  // Any list of findings longer than FINDINGS_MAX (core/finding).
  FINDINGS_CUT: "note",
} as const;

export type FindingCode = keyof typeof FINDING_CODES;
export type Severity = "error" | "note";

export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  readonly message: string;
  /** The slot (or envelope field: v, type, id, re, from, to, item, tail) concerned. */
  readonly slot?: string;
  /** Where the problem starts in the line: a 0-based offset in UTF-16 code units (a JavaScript string index). */
  readonly at?: number;
  /** What the rule wanted (a type expression, a code set, a rule id). */
  readonly expected?: string;
  /** What it got, as written. */
  readonly received?: string;
  /** For profile findings: the JSON path in the profile file. For translation findings: the rule id. */
  readonly path?: string;
}

/** A result as a value: `ok` is true exactly when no finding is an error. */
export type Result<T> =
  | { readonly ok: true; readonly value: T; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly value: null; readonly findings: readonly Finding[] };

export type FindingDetail = Omit<Finding, "code" | "severity" | "message">;

type NoteCode = { [C in FindingCode]: (typeof FINDING_CODES)[C] extends "note" ? C : never }[FindingCode];

/**
 * The notes of FINDING_CODES again, as the table finding() reads severities from: a bundle that
 * only reads lines then carries the notes' names rather than every code (about 1.5 kB minified).
 * `satisfies` keeps the two tables equal: a note missing here, or any other code listed, does not
 * compile.
 */
const NOTES = {
  SLOT_UNKNOWN: 1,
  SLOT_NOT_ON_TYPE: 1,
  CONSTRAINT_KEY_UNKNOWN: 1,
  KEYS_UNCHECKED: 1,
  OPTS_UNREAD: 1,
  AGENT_NOT_IN_PROFILE: 1,
  ACC_ASSUMPTION: 1,
  ACC_LOOSE: 1,
  ACC_KEY_UNKNOWN: 1,
  EXEC_DIFFERS: 1,
  ACC_UNCHECKED: 1,
  EXEC_NO_MAP: 1,
  CHALLENGE_CARRIED: 1,
  DONE_NO_MAP: 1,
  THREAD_OPEN: 1,
  THREAD_QUESTION_OPEN: 1,
  THREAD_HELD: 1,
  THREAD_CANCEL_UNANSWERED: 1,
  THREAD_CANCEL_TIMEOUT: 1,
  THREAD_CANCEL_REASON: 1,
  THREAD_FAIL_UNOWNED: 1,
  THREAD_READBACK_VOID: 1,
  THREAD_READBACK_UNVERIFIED: 1,
  THREAD_READBACK_LATE: 1,
  THREAD_READBACK_SUPERSEDED: 1,
  THREAD_REISSUED: 1,
  THREAD_REISSUE_DUP: 1,
  THREAD_REPLY_UNMATCHED: 1,
  THREAD_RETRY: 1,
  THREAD_REPLY_SUPERSEDED: 1,
  THREAD_CANCEL_AFTER_ACT: 1,
  THREAD_UNDO_UNSEEN: 1,
  THREAD_RECORD_UNREAD: 1,
  FINDINGS_CUT: 1,
} satisfies { readonly [C in NoteCode]: 1 };

/**
 * A code's severity, as FINDING_CODES gives it, read from NOTES: a bundle that builds findings of
 * any code (check-thread's) then carries the notes' names, not FINDING_CODES.
 */
export const _severityOf = (code: FindingCode): Severity => (Object.hasOwn(NOTES, code) ? "note" : "error");

/** Builds a finding; the severity comes from the code tables, which the compiler keeps in step. */
export function finding(code: FindingCode, message: string, detail?: FindingDetail): Finding {
  return { code, severity: _severityOf(code), message, ...detail };
}

type ErrorCode = Exclude<FindingCode, NoteCode>;

/**
 * finding() for a code the compiler knows is an error (`_error`) or a note (`_note`): the same
 * finding, without the lookup in NOTES, so a bundle that only reads lines carries no code table.
 * A code of the other severity does not compile.
 */
export const _error = (code: ErrorCode, message: string, detail?: FindingDetail): Finding => ({ code, severity: "error", message, ...detail });
export const _note = (code: NoteCode, message: string, detail?: FindingDetail): Finding => ({ code, severity: "note", message, ...detail });

/** At most this many findings describe one line or message; a hostile line could make millions. */
export const FINDINGS_MAX = 100;

/**
 * At most FINDINGS_MAX findings, in their order, and a note of how many more there were: those
 * left out, and `uncounted` errors and `uncountedNotes` notes more that were counted without being
 * kept. Errors are kept ahead of notes: cutting the only error behind a hundred notes would make a
 * refused message read as valid.
 */
export function _capFindings(findings: Finding[], uncounted = 0, uncountedNotes = 0): Finding[] {
  if (findings.length + uncounted + uncountedNotes <= FINDINGS_MAX) return findings;
  const errors = findings.filter((f) => f.severity === "error").length;
  let errorRoom = Math.min(errors, FINDINGS_MAX);
  let noteRoom = FINDINGS_MAX - errorRoom;
  const cutErrors = errors - errorRoom + uncounted;
  const kept = findings.filter((f) => (f.severity === "error" ? errorRoom-- > 0 : noteRoom-- > 0));
  const more = findings.length - FINDINGS_MAX + uncounted + uncountedNotes;
  return [...kept, _note("FINDINGS_CUT", `${more} more findings (${cutErrors} errors) are not listed`, { received: String(more) })];
}

/** How many errors a FINDINGS_CUT note counts without listing them (0 for any other finding). */
export const _cutErrors = (f: Finding): number => (f.code === "FINDINGS_CUT" ? Number(/\((\d+) errors\)/.exec(f.message)?.[1] ?? 0) : 0);

export function hasError(findings: readonly Finding[]): boolean {
  for (const f of findings) if (f.severity === "error") return true;
  return false;
}

/** Wraps findings into a Result: a value only when no finding is an error. */
export function result<T>(value: T, findings: readonly Finding[]): Result<T> {
  return hasError(findings) ? { ok: false, value: null, findings } : { ok: true, value, findings };
}
