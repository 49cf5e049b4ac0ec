/**
 * The envelope under `meta.mailbox`, as a valibot schema (types and forms, field by field) and as
 * the typed value a valid message reads to. Which fields are required, and the rules that join
 * fields (FULL needs a session, a `claim` needs FULL, roots and parents), are checked in
 * read-mailbox-message.ts. core/mailbox/README.md gives the sentence of the spec behind each field.
 */
import * as v from "valibot";
import { ALL, callsignFindings, isCallsign } from "./callsign.js";
import type { MailboxCode } from "./codes.js";
import { _LONE_SURROGATE } from "../_controls.js";
import { isRootId } from "./root-id.js";
import { isUuid7, uuid7Problem } from "./uuid7.js";
import { KIND_NAMES, MAILBOX_PROFILES, TERMS, TRANSPORTS } from "./vocabulary.js";
import type { MailboxKind, MailboxProfile, Terms, Transport } from "./vocabulary.js";

export interface MailboxEnvelope {
  readonly version: number | null;
  readonly profile: MailboxProfile;
  readonly id: string;
  readonly thread: string;
  readonly session: string | null;
  readonly request_id: string;
  readonly seq: number | null;
  readonly from: string;
  readonly to: readonly string[];
  readonly kind: MailboxKind;
  /** null for a root (written as an empty value). */
  readonly reply_to: string | null;
  readonly expects_reply: boolean;
  readonly arena: string;
  readonly machine: string;
  /** The sender's mailbox-root identifier, as written (lowercase hex on new messages). */
  readonly root: string;
  readonly transport: Transport;
  /** From the frontmatter's top-level `tags` (Obsidian's own field). */
  readonly tags: readonly string[];
  /** A welcome's stance on the terms it answers, or any later answer in a counter chain. */
  readonly terms: Terms | null;
  readonly exchange_budget: number | null;
  /** Declared new external evidence: resets the exchange budget (section 8). */
  readonly new_evidence: string | null;
  readonly model: string | null;
  readonly company: string | null;
  readonly contract_version: string | null;
  readonly adapter_version: string | null;
  readonly availability: Readonly<Record<string, unknown>> | null;
  readonly anomaly: Readonly<Record<string, unknown>> | null;
  readonly correction: Readonly<Record<string, unknown>> | null;
}

/**
 * Every issue's message is `CODE:text`, so one schema carries the mailbox's stable codes and the
 * reader splits them apart (mailboxIssue). Internal: nothing outside this module sees the form.
 */
const coded = (code: MailboxCode, text: string): string => `${code}:${text}`;

// C1 controls and U+2028/U+2029 too: NEL and the separators break a line for many readers, as the
// core's own _BREAK_OR_CONTROL counts them.
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const HEX64_LOWER = /^[0-9a-f]{64}$/;

/** The code points of `s`, counted without building an array. */
function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function text(max: number): v.GenericSchema<unknown, string> {
  return v.pipe(
    v.string(coded("FIELD_TYPE", "a string")),
    v.minLength(1, coded("FIELD_TYPE", "a non-empty string")),
    // Characters are code points, as RW1 counts its tail: `.length` would count an emoji twice.
    v.check((s) => codePoints(s) <= max, coded("FIELD_TYPE", `at most ${max} characters`)),
    v.regex(NO_CONTROL, coded("FIELD_TYPE", "a single line without control characters")),
    // A YAML escape (`"\ud800"`) decodes to half a pair in a file that is itself UTF-8 (note 182).
    v.check((s) => !_LONE_SURROGATE.test(s), coded("FIELD_TYPE", "well-formed Unicode: it holds half a surrogate pair (a lone surrogate), which no UTF-8 text can carry")),
  );
}

// Format characters (bidirectional controls, zero-width spaces and joiners, the BOM): unseen, so a
// locus holding one reads as another (`DE\u200bMO` as `DEMO`, two arenas the Handler cannot tell
// apart). Refused, never stripped: addressing is never normalised into validity (section 7).
const FORMAT_CHARACTER = /\p{Cf}/gu;

/** The format characters `s` holds, each once, as `U+200B U+202E`; empty when it holds none. */
export function formatCharacters(s: string): string {
  return [...new Set(s.match(FORMAT_CHARACTER))].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`).join(" ");
}

/** A single line with no character that is not seen: `what` names what it would be mistaken for. */
function visible(max: number, code: MailboxCode, what: string): v.GenericSchema<unknown, string> {
  return v.pipe(
    text(max),
    v.check<string, (issue: v.CheckIssue<string>) => string>((s) => !/\p{Cf}/u.test(s), (issue) => coded(code, `it holds ${formatCharacters(issue.input)}, an invisible formatting character (a bidirectional control or a zero-width character): the ${what} would read as another, so it is refused, not normalised`)),
  );
}

/** An arena or machine locus. */
const locus = (max: number): v.GenericSchema<unknown, string> => visible(max, "LOCUS_INVISIBLE", "locus");

const uuid7: v.GenericSchema<unknown, string> = v.pipe(
  v.string(coded("UUID_INVALID", "a UUIDv7 as a string")),
  v.check<string, (issue: v.CheckIssue<string>) => string>((s) => isUuid7(s), (issue) => coded("UUID_INVALID", `${uuid7Problem(issue.input)}: a canonical lowercase UUIDv7 is required`)),
);

const callsign: v.GenericSchema<unknown, string> = v.pipe(
  v.string(coded("CALLSIGN_INVALID", "a callsign as a string")),
  v.check<string, (issue: v.CheckIssue<string>) => string>((s) => isCallsign(s), (issue) => {
    const [f] = callsignFindings(issue.input, "");
    return coded(f?.code ?? "CALLSIGN_INVALID", f?.message.slice(2) ?? "not a callsign");
  }),
);

const recipients: v.GenericSchema<unknown, string[]> = v.pipe(
  v.array(callsign, coded("RECIPIENTS_INVALID", "a list of callsigns (or [ALL])")),
  v.minLength(1, coded("RECIPIENTS_INVALID", "at least one recipient: explicit recipients are required")),
  v.check((to) => new Set(to).size === to.length, coded("RECIPIENTS_INVALID", "a recipient is listed twice")),
  v.check((to) => !to.includes(ALL) || to.length === 1, coded("RECIPIENTS_INVALID", "ALL addresses everyone: it stands alone, not beside callsigns")),
);

const isMapping = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);
const mapping: v.GenericSchema<unknown, Record<string, unknown>> = v.custom<Record<string, unknown>>(isMapping, coded("FIELD_TYPE", "a mapping"));

// A number no double holds as written (`1e400`, `.inf`, `.nan`) reads as Infinity or NaN, which
// canonical JSON writes as null: `anomaly` is compared whole (REPAIR_REPEATED), so `{ref: 1e400}`
// would be the anomaly `{ref: .nan}` or `{ref: null}` names. Walked without recursion, each object
// once: a frontmatter nests at most 128 deep, but a caller of envelopeSchema may hand a cycle.
function unkept(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === "number" && !Number.isFinite(x)) return true;
    if (x === null || typeof x !== "object" || seen.has(x)) continue;
    seen.add(x);
    for (const member of Object.values(x)) stack.push(member);
  }
  return false;
}
const comparedMapping: v.GenericSchema<unknown, Record<string, unknown>> = v.pipe(mapping, v.check((x) => !unkept(x), coded("FIELD_TYPE", "a mapping whose numbers a double holds as written: 1e400, .inf or .nan reads as Infinity or NaN, which compares as null; quote it")));

// The first rule a count breaks is its one finding: `.inf` is no whole number, and "too large" besides said nothing more.
const count = (code: MailboxCode, min: number): v.GenericSchema<unknown, number> =>
  v.config(v.pipe(v.number(coded(code, "a whole number")), v.integer(coded(code, "a whole number")), v.minValue(min, coded(code, `at least ${min}`)), v.maxValue(Number.MAX_SAFE_INTEGER, coded(code, "too large"))), { abortPipeEarly: true });

/** The fields meta.mailbox knows, by wire name; others are ignored (section 4). */
export const ENVELOPE_FIELD_NAMES = [
  "version", "profile", "id", "thread", "session", "request_id", "seq", "from", "to", "kind", "reply_to", "expects_reply",
  "arena", "pod", "machine", "root", "transport", "terms", "exchange_budget", "new_evidence",
  "model", "company", "contract_version", "adapter_version", "availability", "anomaly", "correction",
] as const;

export type EnvelopeField = (typeof ENVELOPE_FIELD_NAMES)[number];

/** Each field's type and form; presence is read-mailbox-message's rule. */
const FIELDS: Readonly<Record<EnvelopeField, v.GenericSchema>> = {
  version: count("FIELD_TYPE", 0),
  profile: v.picklist(MAILBOX_PROFILES, coded("PROFILE_INVALID", "CORE or FULL")),
  id: uuid7,
  thread: uuid7,
  session: visible(128, "SESSION_INVISIBLE", "session identifier"),
  request_id: uuid7,
  seq: count("SEQ_INVALID", 1),
  from: callsign,
  to: recipients,
  kind: v.picklist(KIND_NAMES, coded("KIND_UNKNOWN", `one of the kinds of section 5 (${KIND_NAMES.join(", ")})`)),
  reply_to: v.nullable(v.union([v.literal(""), uuid7], (issue) => coded("UUID_INVALID", `${uuid7Problem(issue.input)}: the exact parent's UUIDv7, or empty on a root`))),
  expects_reply: v.boolean(coded("FIELD_TYPE", "true or false")),
  arena: locus(256),
  pod: locus(256),
  machine: locus(128),
  root: v.pipe(v.string(coded("ROOT_ID_INVALID", "64 hex characters")), v.check<string, string>((s) => isRootId(s), coded("ROOT_ID_INVALID", "the SHA-256 of the mailbox root: 64 hex characters"))),
  transport: v.picklist(TRANSPORTS, coded("TRANSPORT_UNKNOWN", `one of ${TRANSPORTS.join(", ")}`)),
  terms: v.picklist(TERMS, coded("TERMS_INVALID", "accept or counter")),
  exchange_budget: count("FIELD_TYPE", 1),
  new_evidence: text(1024),
  model: text(256),
  company: text(256),
  contract_version: text(128),
  adapter_version: text(128),
  availability: mapping,
  anomaly: comparedMapping,
  correction: mapping,
};

/** The schema of meta.mailbox: every field optional and typed, unknown fields kept. */
export const envelopeSchema: v.GenericSchema<unknown, Record<string, unknown>> = v.looseObject(
  Object.fromEntries(ENVELOPE_FIELD_NAMES.map((k) => [k, v.optional(FIELDS[k])])) as Record<EnvelopeField, v.OptionalSchema<v.GenericSchema, undefined>>,
  coded("ENVELOPE_SHAPE", "meta.mailbox is a mapping of envelope fields"),
);

/** Splits an issue into its code and text, and names the field (with its index, for `to`). */
export function mailboxIssue(issue: v.BaseIssue<unknown>): { code: MailboxCode; text: string; slot: string | null; field: string | null } {
  const at = issue.message.indexOf(":");
  const code = (at > 0 ? issue.message.slice(0, at) : "FIELD_TYPE") as MailboxCode;
  const path = issue.path ?? [];
  const field = path.length > 0 ? String(path[0]?.key) : null;
  const slot = field === null ? null : path.length > 1 ? `${field}[${String(path[1]?.key)}]` : field;
  return { code, text: at > 0 ? issue.message.slice(at + 1) : issue.message, slot, field };
}

/** Lowercase hex: what new messages write for `root`. */
export function isLowerRootId(value: string): boolean {
  return HEX64_LOWER.test(value);
}
