/**
 * A kind a caller names, held to section 5's closed set: own keys only (`toString` would read a
 * prototype's member as a kind's row), and a value that is no string is never handed to the lookup
 * (a null-prototype object there throws "Cannot convert object to primitive value", unlabelled).
 */
import { shownValue } from "./_shown-value.js";
import { MAILBOX_KINDS } from "./vocabulary.js";
import type { MailboxKind } from "./vocabulary.js";

/** Refuses a kind outside section 5's with a RangeError labelled with the caller's name. */
export function assertMessageKind(caller: string, kind: unknown): asserts kind is MailboxKind {
  if (typeof kind !== "string" || !Object.hasOwn(MAILBOX_KINDS, kind)) throw new RangeError(`${caller}: ${shownValue(kind)} is not a message kind`);
}
