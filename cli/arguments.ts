/**
 * Option values that name a message or a JSON document: given inline, or as the path of a file
 * holding it. A message is an RW1 line or its JSON form; a file holding a message may have comment
 * lines (`#`) and blank lines around the one line, or around the JSON form, on one line or many.
 *
 * Which one a value is: the path of an existing file wins (so `RW1-ho.txt` is read); otherwise a
 * value with a space or a line break, or starting with `RW`, `{` or `[`, is the text itself (so
 * ` RW1 HO ...` reaches the parser and gets its SPACING refusal); anything else names a file that
 * cannot be read, a usage error.
 */
import { statSync } from "node:fs";
import { criteriaUnread, isBlankLine, isDate, isEmptyDocument, isJsonForm, isSkippedLine, isSlotValueMap, isTime, parseCriteria, parseJsonText, readMessage, readRecord, timeAt } from "../core/index.js";
import type { LineCheck, Message, ReadbackSet, Result, SenderRecord, SlotValue, Vocabulary } from "../core/index.js";
import type { Profiles } from "./profiles.js";
import { documentOf } from "./document.js";
import type { Document } from "./document.js";
import { readFileText, undecodable } from "./input.js";
import { replacedName } from "./replaced-name.js";
import { UsageError } from "./usage-error.js";

function isFile(value: string): boolean {
  try {
    return !statSync(value).isDirectory();
  } catch {
    return false;
  }
}

/** The option's text: the value itself, or the file it names (null: the file is not UTF-8). */
function rawText(option: string, value: string): string | null {
  // Read as a path, an empty value was "cannot read : no such file", which names nothing. Blank is
  // the core's (spaces and tabs): a no-break space is a value, never "empty".
  if (isBlankLine(value)) throw new UsageError(`--${option} is empty: give the text itself, or the path of a file holding it`);
  if (isFile(value)) return readFileText(`--${option}`, value);
  const start = value.trimStart();
  // A value of white space alone (a no-break space) names no file anyone meant: it is text, read
  // and refused as a file holding it would be.
  if (/[ \r\n]/.test(value) || start === "" || value.startsWith("RW") || start.startsWith("{") || start.startsWith("[")) return value;
  return readFileText(`--${option}`, value);
}

function textOf(option: string, value: string): string {
  const text = rawText(option, value);
  if (text === null) throw new UsageError(`--${option}: ${value} is not valid UTF-8`);
  return text;
}

/** A part of a JSON document given as an option: what is not JSON is invalid input, as the document's is. */
export function documentOption(option: string, value: string): Document {
  return documentOf(rawText(option, value));
}

/** The one message an option holds, read as a receiver reads it (parse and validate). */
export function messageOption(option: string, value: string | undefined, profiles: Profiles): LineCheck & { readonly text: string } {
  if (value === undefined) throw new UsageError(`--${option} is required`);
  const raw = rawText(option, value);
  // Read like stdin: bytes that are not UTF-8 are the message's refusal (exit 1), not a usage error.
  if (raw === null) return { ...undecodable(`--${option} ${value}`), text: "" };
  const lines = raw.split(/\r\n|\n|\r/).filter((l) => !isSkippedLine(l));
  // Comments go around a JSON form as around a line; a JSON form may span lines (no line of JSON starts with #).
  const json = lines[0] !== undefined && isJsonForm(lines[0]);
  if (lines.length !== 1 && !json) throw new UsageError(`--${option} must hold one message; it holds ${lines.length} lines`);
  // Its lines as written: a no-break space or U+2028 around the form is refused, as on stdin, never trimmed off.
  const text = json ? lines.join("\n") : (lines[0] as string);
  return { ...readMessage(text, profiles.resolve), text };
}

/** A JSON document given inline or in a file. */
export function jsonOption(option: string, value: string | undefined): unknown {
  if (value === undefined) return undefined;
  const raw = textOf(option, value);
  // Only a file can hold nothing (a blank value is refused as empty): named so, not "not JSON (the text ends ...)".
  if (isEmptyDocument(raw)) throw new UsageError(`--${option}: ${value} is empty: it holds no JSON`);
  const json = parseJsonText(raw);
  if (json.ok) return json.value;
  throw new UsageError(json.problem === "syntax" ? `--${option}: not JSON (${json.reason})` : `--${option}: ${json.reason}`);
}

/**
 * A JSON object of slot values given as an option (`--exec`, `--call`, `--adds`): strings, whole
 * numbers, booleans, or lists of them, the shape the core's API takes and the Worker's routes
 * require. Anything else is a usage error: the core would read a null as no value (a call frozen
 * with the HO's amount while a note says null) and show an object as [object Object].
 */
export function slotValuesOption(option: string, value: string | undefined): Record<string, SlotValue> | undefined {
  const json = jsonOption(option, value);
  if (json === undefined) return undefined;
  if (!isSlotValueMap(json)) throw new UsageError(`--${option}: a JSON object of slot values (strings, whole numbers, booleans, or lists of them)`);
  return json;
}

/** The vocabulary a message is read against: its profile's (p=), or the one given with --profile. */
export function vocabularyOf(message: Message, profiles: Profiles): Vocabulary {
  const p = message.slots["p"];
  return profiles.resolve(typeof p === "string" ? p : null) as Vocabulary;
}

/**
 * A message number given as an option (`--n`, `--seq`): a whole number up to 2^53 - 1, the
 * largest an id may carry (README note 16), or `fallback` when the option is absent.
 */
export function numberOption(option: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new UsageError(`--${option} ${value}: a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return Number(value);
}

/**
 * A folder or file an option names (`--store`, `--state`, `--staging`), or undefined when the
 * option is absent. An empty value (an unset variable) names nothing: read as a path it is the
 * current folder, where `--state ""` wrote the root binding and `--store ""` a stray temporary file.
 */
export function pathOption(option: string, value: string | boolean | undefined, names: "a file" | "a folder or file" = "a folder or file"): string | undefined {
  // Blank as the core says (spaces and tabs): a no-break space is a name a file may have.
  if (value === undefined || typeof value === "boolean") return undefined;
  // `names`: what the path may be, so the advice never offers a folder an option refuses (--file, --store).
  if (isBlankLine(value)) throw new UsageError(`--${option} is empty: give the path of ${names}, or leave the option out`);
  const replaced = replacedName(value);
  if (replaced !== null) throw new UsageError(`--${option}: ${replaced}`);
  return value;
}

/** `YYYYMMDDTHHMMZ` for now, or the --now given. */
export function nowOption(value: string | undefined): string {
  if (value !== undefined) {
    if (!isTime(value)) throw new UsageError(timeRefusal("now", value, "YYYYMMDDTHHMMZ (UTC)"));
    return value;
  }
  return timeAt(Date.now());
}

/**
 * Why an option's time is refused: in the form but naming no calendar date or time of day
 * (`20260230T0900Z`; with `iso`, for an option that takes ISO 8601 UTC too, `2026-02-30T09:00Z`,
 * `2026-10-02T24:00Z`) is said so, since "expected YYYYMMDDTHHMMZ" would send the user to a form
 * they already wrote.
 */
export function timeRefusal(option: string, value: string, expected: string, iso = false): string {
  const compact = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})()Z$/.exec(value);
  const form = compact ?? (iso ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z$/.exec(value) : null);
  if (form === null) return `--${option} ${value}: expected ${expected}`;
  const [, year, month, day, hh, mm, ss] = form as unknown as [string, string, string, string, string, string, string | undefined];
  if (!isDate(`${year}${month}${day}`)) return `--${option} ${value}: the form is right, but ${year}-${month}-${day} is no calendar date`;
  const seconds = ss === undefined || ss === "" ? "" : `:${ss}`;
  const leapSecond = ss === "60" ? ", or 23:59:60 on a month's last day, a leap second" : "";
  return `--${option} ${value}: the form is right, but ${hh}:${mm}${seconds} is no time of day (00:00${seconds === "" ? "" : ":00"} to 23:59${seconds === "" ? "" : ":59"}${leapSecond})`;
}


/**
 * The sender's record given with --record (inline JSON or a file), in two steps. Its JSON is read
 * at once: JSON that does not parse, or a file that cannot be read, is a usage error (the Worker's
 * 400) whatever the messages hold, so the command reads it before them and an HO that does not
 * parse (exit 1) never hides it. The record is then read against the HO's vocabulary, by the
 * function returned: one the vocabulary refuses is invalid input (exit 1 with its findings, the
 * Worker's 422), which the command prints.
 */
export function recordOption(value: string | undefined): ((vocabulary: Vocabulary) => Result<SenderRecord>) | undefined {
  const json = jsonOption("record", value);
  return json === undefined ? undefined : (vocabulary) => readRecord(json, vocabulary);
}

/**
 * `--expect-acc` (check-rb, check-dn): the sender's withheld criteria, read at tier 4. For an HO
 * whose rb= never reads them they would be ignored in silence, and criteria that are not criteria
 * are the sender's input error, not a fault of the readback: both are usage errors.
 */
export function expectAccOption(value: string | undefined, asked: ReadbackSet, vocabulary: Vocabulary): string | undefined {
  if (value === undefined) return undefined;
  const notRead = criteriaUnread(asked);
  if (notRead !== null) throw new UsageError(`--expect-acc is read at tier 4, which this HO does not ask: ${notRead}`);
  const criteria = parseCriteria(value, vocabulary);
  if (criteria.findings.length > 0) throw new UsageError(`--expect-acc: ${criteria.findings.map((f) => f.message).join("; ")}`);
  return value;
}

/**
 * A value from a fixed list (`delegation validate --kind`), or undefined when the option is absent.
 * An empty value (an unset variable) is named as empty, as every option's is, not quoted as the
 * value "" (`--kind : one of ...`).
 */
export function choiceOption<T extends string>(option: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (isBlankLine(value)) throw new UsageError(`--${option} is empty: give one of ${choices.join(", ")}, or leave the option out`);
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`--${option} ${value}: one of ${choices.join(", ")}`);
  return value as T;
}
