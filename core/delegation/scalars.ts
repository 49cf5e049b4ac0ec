/**
 * Section 2's scalars and references: their types and valibot schemas. Where the spec names a
 * scalar without its shape, the shape chosen is in core/delegation/README.md. Objects are loose:
 * unknown fields are kept (section 3) and never read.
 */
import * as v from "valibot";
import { OUTCOMES } from "./vocabulary.js";
import type { Outcome } from "./vocabulary.js";
import { DATA_CLASS_EXTENSION, DATA_CLASSES } from "./vocabulary.js";
import { DROPPED_KEYS } from "./_unkept-values.js";
import { shownName } from "./_table-names.js";

/** Stable opaque identifier: 1 to 256 printable ASCII characters, no spaces. */
export type RecordId = string;
export type Digest = string;
export type UtcTime = string;
/** Accountable human/operator principal; never an email address or secret. */
export type PrincipalRef = string;
export type DataClass = string;

export interface RevisionRef {
  readonly object_id: RecordId;
  readonly revision_id: RecordId;
  readonly content_digest: Digest;
}

/** An exact RW-002 Actor revision, with the Actor's `actor_type` (`agent`, `human`, ...). */
export interface ActorRef extends RevisionRef {
  readonly actor_type: string;
}

export interface PolicyRef {
  readonly policy_id: RecordId;
  readonly version: string;
  readonly digest: Digest;
}

export interface SchemaRef {
  readonly schema_id: string;
  readonly version: string;
  readonly digest: Digest;
}

export const DURATION_UNITS = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export interface Duration {
  readonly value: number;
  readonly unit: keyof typeof DURATION_UNITS;
}

/** Amount plus currency; absence means no spending authority (section 2). */
export interface MoneyLimit {
  readonly amount: string;
  readonly currency: string;
}

const ID = /^[\x21-\x7e]{1,256}$/;

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

/** What a value that is no JSON object is, as a refusal names it. */
const notAnObject = (x: unknown): string => (Array.isArray(x) ? "an array" : x === null ? "null" : `a ${typeof x}`);

/**
 * A JSON object with these fields, unknown fields kept (section 3). Valibot's looseObject alone
 * takes an array for an object; an array where an object belongs is refused as what it is, never
 * read as "none" nor refused for the members an array lacks.
 */
export function objectOf<const E extends v.ObjectEntries>(entries: E): v.SchemaWithPipe<readonly [v.CustomSchema<Record<string, unknown>, v.ErrorMessage<v.CustomIssue> | undefined>, v.LooseObjectSchema<E, undefined>]> {
  return v.pipe(v.custom<Record<string, unknown>>(isObject, (issue) => `is a JSON object, not ${notAnObject(issue.input)}`), v.looseObject(entries));
}
const DIGEST = /^(?:sha256:[0-9a-f]{64}|sha384:[0-9a-f]{96}|sha512:[0-9a-f]{128})$/;
const UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;
/**
 * An email address's shape, local@domain: an `@` with a character on each side. No dot is asked of
 * the domain (`user@localhost`, `lead@example` are addresses too), and a reference spelling one
 * (`mailto:lead@example`) carries it; a reference needs no `@` between two names.
 */
const EMAIL = /[^@]@[^@]/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Epoch milliseconds of an RFC 3339 UTC time, or NaN when it is not one (or not a real date, or no string). */
export function utcMs(time: string): number {
  // No string is no time, and never coerced: a Symbol or a null-prototype object throws in exec.
  if (typeof time !== "string") return NaN;
  const m = UTC.exec(time);
  return m === null ? NaN : matchedMs(m);
}

/** `utcMs` of a time `UTC` matched: a caller that needs the match too runs the pattern once. */
function matchedMs(m: RegExpExecArray): number {
  const y = +(m[1] as string);
  const mo = +(m[2] as string);
  const d = +(m[3] as string);
  const h = +(m[4] as string);
  const mi = +(m[5] as string);
  const s = +(m[6] as string);
  const last = mo === 2 && leap(y) ? 29 : (DAYS[mo - 1] as number);
  // A leap second (RFC 3339 5.6, 5.7) is the last second of a UTC month, 23:59:60Z on its last day:
  // June and December to date, March and September allowed (ITU-R TF.460). Which months had one is
  // not asked: a table would refuse the next one announced. Date.UTC reads it as the next day's
  // first second, as POSIX does; `elapsedNanos` counts it, `compareUtc` orders it as written.
  if (mo < 1 || mo > 12 || d < 1 || d > last || h > 23 || mi > 59 || s > (h === 23 && mi === 59 && d === last ? 60 : 59)) return NaN;
  const fraction = m[7] === undefined ? 0 : Number(`0.${m[7]}`) * 1000;
  // Date.UTC reads years 0-99 as 1900-1999; 400 Gregorian years are exactly 146097 days.
  return y < 100 ? Date.UTC(y + 400, mo - 1, d, h, mi, s) - 146_097 * 86_400_000 + fraction : Date.UTC(y, mo - 1, d, h, mi, s) + fraction;
}

/** Epoch nanoseconds of an RFC 3339 UTC time, exactly, or null when it is not one. */
export function utcNanos(time: string): bigint | null {
  const m = UTC.exec(time);
  const whole = m === null ? NaN : utcMs(`${time.slice(0, 19)}Z`);
  return m === null || Number.isNaN(whole) ? null : BigInt(whole) * 1_000_000n + BigInt((m[7] ?? "").padEnd(9, "0"));
}

/**
 * Nanoseconds from `from` to `to` (negative when `to` is earlier), exactly, leap seconds either
 * shows counted: on the POSIX scale 23:59:60.5 is the next day's 00:00:00.5, right from an earlier
 * time, one second short to a later one (00:00:00.2 is 0.7 s after it, not 0.3 s before). A leap
 * second neither shows is not counted, as on every clock without a table. Null when either is not a time.
 */
export function elapsedNanos(from: string, to: string): bigint | null {
  const [a, b] = [utcNanos(from), utcNanos(to)];
  if (a === null || b === null) return null;
  const day = (t: string): string => t.slice(0, 10);
  const inLeap = (t: string): boolean => t.slice(17, 19) === "60";
  return b - a + (inLeap(from) && day(to) > day(from) ? 1_000_000_000n : inLeap(to) && day(from) > day(to) ? -1_000_000_000n : 0n);
}

/**
 * A UTC time as text that sorts and equals as the time does (every fraction digit kept, padded to
 * nine; a leap second after 23:59:59 and before the next day): the key to order or group times by,
 * where epoch nanoseconds would make 23:59:60.5 the next day's 00:00:00.5. Null when not one.
 */
export function utcKey(time: string): string | null {
  const m = UTC.exec(time);
  if (m === null || Number.isNaN(matchedMs(m))) return null;
  return `${time.slice(0, 19)}.${(m[7] ?? "").padEnd(9, "0")}`;
}

/**
 * Orders two RFC 3339 UTC times exactly, to the nanosecond (epoch milliseconds as a float lose
 * what lies under a microsecond): -1, 0 or 1, and NaN when either is not a time, so a check
 * written as "holds when the comparison says so" fails closed.
 */
export function compareUtc(a: string, b: string): number {
  const [x, y] = [utcKey(a), utcKey(b)];
  if (x === null || y === null) return NaN;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Nanoseconds as milliseconds, every digit kept (`90000.0001`), for a message. */
export function nanosAsMs(ns: bigint): string {
  const fraction = (ns % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${ns / 1_000_000n}${fraction === "" ? "" : `.${fraction}`}`;
}

export function durationMs(duration: Duration): number {
  const unit = duration?.unit;
  if (typeof duration?.value !== "number" || typeof unit !== "string" || !Object.hasOwn(DURATION_UNITS, unit)) throw new RangeError(`durationMs: not a duration { value, unit: ms | s | min | h | d }`);
  return duration.value * DURATION_UNITS[unit];
}

const AMOUNT = /^\d+(?:\.\d{1,4})?$/;

/** An amount in ten-thousandths, exactly (amounts have at most four decimals). */
export function amountUnits(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(4, "0"));
}

/** Compares two non-negative decimal amounts exactly (no floating point): -1, 0 or 1. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  // BigInt would throw an unlabelled SyntaxError on "", "1e3" or "__proto__".
  for (const amount of [a, b]) if (typeof amount !== "string" || !AMOUNT.test(amount)) throw new RangeError(`compareAmounts: ${shownName(amount)} is not an amount (digits, at most four decimals)`);
  const [x, y] = [amountUnits(a), amountUnits(b)];
  return x === y ? 0 : x < y ? -1 : 1;
}

export function isZeroAmount(amount: string): boolean {
  return /^0+(?:\.0+)?$/.test(amount);
}

/**
 * The message of a count, position or whole-number duration that is not a safe integer: a fraction,
 * or a whole number past 2^53-1 (`1e21`), which a float cannot hold exactly. Saying only "is a whole
 * number" read as praise of `1e21`.
 */
export const WHOLE_NUMBER = "is a whole number, at most 2^53-1 (9007199254740991)";
export const recordIdSchema: v.GenericSchema<unknown, RecordId> = v.pipe(v.string(), v.regex(ID, "is an opaque id: 1 to 256 printable characters, no spaces"));
export const digestSchema: v.GenericSchema<unknown, Digest> = v.pipe(v.string(), v.regex(DIGEST, "is a digest: sha256:<64 hex>, sha384:<96 hex> or sha512:<128 hex>, lowercase"));
export const utcTimeSchema: v.GenericSchema<unknown, UtcTime> = v.pipe(v.string(), v.check((t) => !Number.isNaN(utcMs(t)), "is an RFC 3339 UTC time, YYYY-MM-DDTHH:MM:SS(.fraction)Z"));
/** A reference (a RecordId) that is not an email address; `message` says which kind of reference. */
const notAnAddress = (message: string): v.GenericSchema<unknown, RecordId> => v.pipe(recordIdSchema, v.check((p) => !EMAIL.test(p), message));
export const principalRefSchema: v.GenericSchema<unknown, PrincipalRef> = notAnAddress("is a principal reference, never an email address");
/**
 * A consent's subject or recipient: a reference, never an email address. "The contract stores
 * references and minimal audit metadata, not unnecessary personal data" (9), and an address names
 * a person where a reference does the binding.
 */
export const consentPartyRefSchema: v.GenericSchema<unknown, RecordId> = notAnAddress("is a reference, not personal data: a consent stores references, never an email address (section 9)");
/**
 * Text a record requires (a purpose, a withdrawal route, a reason, a version): not empty, and not
 * blank either. White space or control characters alone say nothing, so a required text made of
 * them is as absent as an empty one. The reading and the test are core/profile.ts's `NOT_BLANK`
 * for an RW1 profile's texts (this package imports nothing outside its folder). An empty text is
 * `minLength`'s alone: one finding, not two.
 */
const NOT_BLANK = /[^\s\p{Cc}]/u;
export const textSchema = (max: number): v.GenericSchema<unknown, string> => v.pipe(v.string(), v.minLength(1, "must not be empty"), v.maxLength(max, `at most ${max} characters`), v.check((t) => t === "" || NOT_BLANK.test(t), "must not be blank (white space or control characters only)"));
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9_.:/@+-]{0,127}$/;
export const tokenSchema: v.GenericSchema<unknown, string> = v.pipe(v.string(), v.regex(TOKEN, "is a name: letters, digits and _ . : / @ + -"));
/** A name as a record's key (`max_items`). */
export const keySchema: v.GenericSchema<string, string> = v.pipe(v.string(), v.regex(TOKEN, "is a name: letters, digits and _ . : / @ + -"));
/**
 * Counts by name (`max_items`, `usage.items`): a JSON object whose every key is a name. A key
 * valibot would drop in silence (`constructor`) is refused: a limit never disappears on reading.
 */
export const countsByNameSchema: v.GenericSchema<unknown, Readonly<Record<string, number>>> = v.pipe(
  v.custom<Record<string, unknown>>((x) => isObject(x) && !Object.keys(x).some((k) => DROPPED_KEYS.includes(k)), `is a JSON object of counts by name (never ${DROPPED_KEYS.join(", ")})`),
  v.record(keySchema, v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative"))),
);
/** The count a record holds under its own key `name`; never one inherited from Object (`toString`). */
export function countOf(counts: Readonly<Record<string, number>> | undefined, name: string): number | undefined {
  return counts !== undefined && Object.hasOwn(counts, name) ? counts[name] : undefined;
}
export const dataClassSchema: v.GenericSchema<unknown, DataClass> = v.pipe(
  v.string(),
  v.check((c) => (DATA_CLASSES as readonly string[]).includes(c) || DATA_CLASS_EXTENSION.test(c), "is public, internal, confidential, restricted, or ext:<name>@<version>"),
);
export const outcomeSchema: v.GenericSchema<unknown, Outcome> = v.picklist(OUTCOMES, `is one of ${OUTCOMES.join(", ")}`);

export const revisionRefSchema: v.GenericSchema<unknown, RevisionRef> = objectOf({ object_id: recordIdSchema, revision_id: recordIdSchema, content_digest: digestSchema });
export const actorRefSchema: v.GenericSchema<unknown, ActorRef> = objectOf({
  object_id: recordIdSchema,
  revision_id: recordIdSchema,
  content_digest: digestSchema,
  actor_type: v.pipe(v.string(), v.regex(/^[a-z][a-z_]{0,31}$/, "is an RW-002 actor_type such as agent or human")),
});
export const policyRefSchema: v.GenericSchema<unknown, PolicyRef> = objectOf({ policy_id: recordIdSchema, version: textSchema(64), digest: digestSchema });
export const schemaRefSchema: v.GenericSchema<unknown, SchemaRef> = objectOf({ schema_id: textSchema(128), version: textSchema(64), digest: digestSchema });
export const durationSchema: v.GenericSchema<unknown, Duration> = v.pipe(
  objectOf({
    value: v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative")),
    unit: v.picklist(Object.keys(DURATION_UNITS) as (keyof typeof DURATION_UNITS)[], "is ms, s, min, h or d"),
  }),
  v.check((d) => Number.isSafeInteger(durationMs(d)), "is bounded: at most 2^53-1 milliseconds"),
);
export const moneyLimitSchema: v.GenericSchema<unknown, MoneyLimit> = objectOf({
  amount: v.pipe(v.string(), v.regex(/^(?:0|[1-9]\d{0,14})(?:\.\d{1,4})?$/, "is a non-negative decimal amount as a string, such as 100.00")),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "is an ISO 4217 currency code")),
});

/** A revision reference as findings name it, `<object_id>@<revision_id>` (its digest said apart where it matters). */
export const shownRevision = (r: { readonly object_id: string; readonly revision_id: string }): string => `${r.object_id}@${r.revision_id}`;

/** Two revision references name the same exact revision. */
export function sameRevision(a: RevisionRef | null | undefined, b: RevisionRef | null | undefined): boolean {
  return a != null && b != null && a.object_id === b.object_id && a.revision_id === b.revision_id && a.content_digest === b.content_digest;
}
