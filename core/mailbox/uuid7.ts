/**
 * UUIDv7 (RFC 9562), the mailbox's message, thread and request identifiers (section 4). Generation
 * and the version check are the `uuid` package's (its random source is `crypto.getRandomValues`,
 * which Node, browsers and workerd all have). The mailbox compares identifiers exactly and orders
 * them lexicographically, so it accepts only the canonical lowercase form.
 */
import { v7, validate, version } from "uuid";
import { assertObject } from "./_arguments.js";
import { shownValue } from "./_shown-value.js";

const LOWERCASE = /^[0-9a-f-]{36}$/;

export interface Uuid7Options {
  /** The timestamp, epoch milliseconds (default: now). */
  readonly msecs?: number;
  /** 16 random bytes (default: the platform's cryptographic source). */
  readonly random?: Uint8Array;
}

/** A fresh UUIDv7 in canonical lowercase form. */
export function newUuid7(options: Uuid7Options = {}): string {
  assertObject("newUuid7", "the options are an object { msecs?, random? }", options);
  if (options.random !== undefined && !(options.random instanceof Uint8Array)) throw new TypeError(`newUuid7: random is a Uint8Array of 16 bytes, not ${shownValue(options.random)}`);
  if (options.msecs === undefined && options.random === undefined) return v7();
  if (options.msecs !== undefined && !(Number.isSafeInteger(options.msecs) && options.msecs >= 0 && options.msecs < 2 ** 48)) throw new RangeError("newUuid7: msecs must be a whole number of milliseconds within 48 bits");
  if (options.random !== undefined && options.random.length < 16) throw new RangeError("newUuid7: random must hold 16 bytes");
  return v7({ ...(options.msecs === undefined ? {} : { msecs: options.msecs }), ...(options.random === undefined ? {} : { random: options.random }) });
}

/** True for a UUIDv7 in canonical lowercase form (8-4-4-4-12 hex, version 7, RFC variant). */
export function isUuid7(text: unknown): text is string {
  return typeof text === "string" && text.length === 36 && LOWERCASE.test(text) && validate(text) && version(text) === 7;
}

/** The millisecond timestamp a UUIDv7 carries (its first 48 bits). */
export function uuid7Time(id: string): number {
  if (!isUuid7(id)) throw new RangeError("uuid7Time: not a canonical UUIDv7");
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** Why a value is not a canonical UUIDv7, or null when it is. */
export function uuid7Problem(text: unknown): string | null {
  if (typeof text !== "string") return "not a string";
  if (isUuid7(text)) return null;
  const lower = (text as string).toLowerCase();
  if (lower !== text && isUuid7(lower)) return "uppercase: identifiers are compared exactly, in canonical lowercase";
  if (!validate(text)) return "not a UUID (8-4-4-4-12 hexadecimal digits)";
  return `a version ${version(text)} UUID, not version 7`;
}
