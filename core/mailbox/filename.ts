/**
 * Message filenames (section 4): `yyyy-mm-dd-hh-mm-ss[-fff]-<CALLSIGN>-<kind>-<slug>.md`, UTC by
 * default. The name is presentation only: the UUIDv7 envelope is authoritative, so a name that does
 * not follow the grammar is a note, never a reason to refuse the message.
 */
import { assertObject, assertText } from "./_arguments.js";
import { assertMessageKind } from "./_message-kind.js";
import { shownValue } from "./_shown-value.js";
import { isCallsign } from "./callsign.js";
import { KIND_NAMES } from "./vocabulary.js";
import type { MailboxKind } from "./vocabulary.js";

export interface MessageFilename {
  /** Epoch milliseconds of the name's timestamp, read as UTC. */
  readonly time: number;
  /** Whether the name carries milliseconds (`-fff`). */
  readonly millis: boolean;
  readonly callsign: string;
  readonly kind: MailboxKind;
  readonly slug: string;
}

/** A slug: lowercase letters and digits in hyphen-separated words, at most 64 characters. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 64;

/** Whether `text` is a slug a message filename may carry. */
export function isSlug(text: unknown): boolean {
  // Any value, as isCallsign and isUuid7 take: a predicate answers false for what is no slug.
  return typeof text === "string" && SLUG.test(text) && text.length <= SLUG_MAX;
}
const PREFIX = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?-/;
// Kinds are lowercase and callsigns uppercase, so the first "-<kind>-" after the callsign splits them.
const REST = new RegExp(`^([A-Z0-9-]{1,32})-(${KIND_NAMES.join("|")})-(.+)\\.md$`);

/** The parts of a name that follows the grammar, or null. */
export function parseFilename(name: string): MessageFilename | null {
  // What is no string is no message filename, as isSlug answers false for it.
  if (typeof name !== "string") return null;
  const prefix = PREFIX.exec(name);
  if (prefix === null) return null;
  const rest = REST.exec(name.slice(prefix[0].length));
  if (rest === null) return null;
  const [callsign, kind, slug] = [rest[1] as string, rest[2] as MailboxKind, rest[3] as string];
  if (!isCallsign(callsign) || !isSlug(slug)) return null;
  const [y, mo, d, h, mi, s] = prefix.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = prefix[7] === undefined ? 0 : Number(prefix[7]);
  // Date.UTC reads the years 0 to 99 as 1900 to 1999, so 0050-... read as no real date; the
  // year is set on its own, and is 0001 or later, as RW1's dates.
  if (y < 1) return null;
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  check.setUTCHours(h, mi, s, ms);
  const time = check.getTime();
  // A real date and time: Date.UTC would carry 2026-02-30 into March.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || check.getUTCMinutes() !== mi || check.getUTCSeconds() !== s) return null;
  return { time, millis: prefix[7] !== undefined, callsign, kind, slug };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** A slug from free text: lowercase words joined by hyphens, cut at a word within 64 characters. */
export function slugify(text: string): string {
  const words = text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, " ").trim().split(" ").filter((w) => w !== "");
  let slug = "";
  for (const w of words) {
    const next = slug === "" ? w.slice(0, SLUG_MAX) : `${slug}-${w}`;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug === "" ? "message" : slug;
}

/**
 * Why a message filename cannot carry this time (epoch milliseconds), or null: the grammar's year
 * has four digits, and a UUIDv7's 48-bit time reaches the year 10889.
 */
export function filenameTimeProblem(time: number): string | null {
  const year = new Date(time).getUTCFullYear();
  if (Number.isNaN(year)) return "the time is not a date";
  return year >= 0 && year <= 9999 ? null : `the year ${year} is outside 0000-9999, which a message filename cannot carry`;
}

/** The name for a message; throws a RangeError for parts the grammar cannot carry. */
export function formatFilename(parts: { readonly time: number; readonly callsign: string; readonly kind: string; readonly slug: string; readonly millis?: boolean }): string {
  assertObject("formatFilename", "the parts are an object { time, callsign, kind, slug, millis? }", parts);
  if (!Number.isFinite(parts.time)) throw new RangeError("formatFilename: time must be epoch milliseconds");
  if (!isCallsign(parts.callsign)) throw new RangeError(`formatFilename: ${shownValue(parts.callsign)} is not a callsign`);
  assertMessageKind("formatFilename", parts.kind);
  if (!isSlug(parts.slug)) throw new RangeError(`formatFilename: ${shownValue(parts.slug)} is not a slug (see slugify)`);
  const late = filenameTimeProblem(parts.time);
  if (late !== null) throw new RangeError(`formatFilename: ${late}`);
  const d = new Date(parts.time);
  const stamp = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${pad(d.getUTCHours())}-${pad(d.getUTCMinutes())}-${pad(d.getUTCSeconds())}`;
  return `${stamp}${parts.millis === true ? `-${pad(d.getUTCMilliseconds(), 3)}` : ""}-${parts.callsign}-${parts.kind}-${parts.slug}.md`;
}

/**
 * The provider conflict-copy patterns recognised (sections 10, 13), each a provider's own shape:
 * `name (1).md` and `name(1).md` (OneDrive, Google Drive, Dropbox, Box); "conflicted copy"
 * (Dropbox, Nextcloud: `name (conflicted copy 2026-10-01 090000).md`); Syncthing's
 * `name.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX.md`; "conflict" inside parentheses or brackets
 * (`(Conflict 2)`, `(conflicted)`, Dropbox's `(Case Conflict)`, Seafile's `(SFConflict ...)`,
 * `[Conflict]`); and ownCloud's and older Nextcloud's `name_conflict-YYYYMMDD-HHMMSS.md`.
 */
const CONFLICT_PATTERNS: readonly RegExp[] = [/ ?\(\d{1,4}\)(?:\.[^.]*)?$/, /conflicted copy/i, /\.sync-conflict-\d{8}-\d{6}/i, /[([][^)\]]*conflict[^)\]]*[)\]]/i, /[_-]conflict-\d{8}-\d{6}/i];
/** iCloud's `name 2.md`: a number after a space, read as a copy only of a name the grammar gives. */
const NUMBERED = /^(.+) \d{1,4}\.md$/;

/**
 * True when a filename looks like a provider's conflict copy: an anomaly, never consumed. A name
 * the message filename grammar gives is never one (`...-VEGA-conflict-20261001-090000.md` is a
 * `conflict` message; a slug may say `sync-conflict`): the grammar's names hold no space,
 * parenthesis, bracket, underscore or second dot, so only the `-conflict-<stamp>` shape could
 * collide, and the grammar wins.
 */
export function isConflictCopy(name: string): boolean {
  if (parseFilename(name) !== null) return false;
  const numbered = NUMBERED.exec(name);
  if (numbered !== null && parseFilename(`${numbered[1]}.md`) !== null) return true;
  return CONFLICT_PATTERNS.some((p) => p.test(name));
}

/**
 * Why a name that is not `*.md` still looks like a message, or null: its extension is `.md` in
 * another case (`.MD`), or `.md` with more after it (`.md.tmp`, `.md.part`, `.md~`: a file staged
 * or written in place, or left by a publisher that stopped before its rename), or it follows the
 * filename grammar's timestamp with another extension or none. Only `*.md` files are messages, so
 * such a file is never read as one; the inbox reader reports it (`FILENAME_NOT_MD`), never in silence.
 */
export function misnamedMessage(name: string): string | null {
  if (name.endsWith(".md")) return null;
  const lower = name.toLowerCase();
  if (lower.endsWith(".md")) return `its extension is ${JSON.stringify(name.slice(-3))}, not ".md"`;
  const after = /\.md([.~].*)$/i.exec(name);
  if (after !== null) return `${JSON.stringify(after[1])} follows its ".md": a temporary or partial file (a publisher stages outside the inbox and renames into it)`;
  if (PREFIX.test(name)) return "it is named by the message filename grammar but does not end in \".md\"";
  return null;
}

/**
 * The name a new message takes among the names a folder holds (`names`): seconds, or milliseconds
 * when the same sender already has a same-kind message that second ("add milliseconds when one
 * sender may emit more than one same-kind message in a second"). `millis` is the name to take when
 * the seconds name is taken meanwhile ("Never overwrite on collision"). Throws as formatFilename.
 */
export function messageFilename(names: Iterable<string>, parts: { readonly time: number; readonly callsign: string; readonly kind: string; readonly slug: string }): { readonly file: string; readonly millis: string } {
  assertObject("messageFilename", "the parts are an object { time, callsign, kind, slug }", parts);
  if (names === null || names === undefined || typeof (names as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") throw new TypeError(`messageFilename: the names are an iterable of filenames, not ${shownValue(names)}`);
  const seconds = formatFilename(parts);
  const millis = formatFilename({ ...parts, millis: true });
  // "yyyy-mm-dd-hh-mm-ss-": the second every name of it starts with, milliseconds or not.
  const second = seconds.slice(0, 20);
  for (const name of names) {
    assertText("messageFilename", "each of the names is a filename (a string)", name);
    if (!name.startsWith(second)) continue;
    const other = parseFilename(name);
    if (other?.callsign === parts.callsign && other.kind === parts.kind) return { file: millis, millis };
  }
  return { file: seconds, millis };
}
