/**
 * Callsigns (section 4): uppercase ASCII tokens of 1 to 32 characters, never a Windows device name.
 * `HANDLER` and `HANDLER-<NAME>` are the Handler's seats, and `ALL` addresses every participant:
 * neither is ever generated or claimed by an agent.
 */
import { assertText } from "./_arguments.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { shownValue } from "./_shown-value.js";

/** `^[A-Z](?:[A-Z0-9-]{0,30}[A-Z0-9])?$`: bounded repetition, nothing to backtrack into. */
const CALLSIGN = /^[A-Z](?:[A-Z0-9-]{0,30}[A-Z0-9])?$/;

/** Section 4: "excluding CON, PRN, AUX, NUL, COM1–COM9, and LPT1–LPT9". */
export const WINDOWS_DEVICE_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "CON", "PRN", "AUX", "NUL",
  ...Array.from({ length: 9 }, (_, i) => `COM${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `LPT${i + 1}`),
]);

/** The recipient that addresses every participant of the room (section 8, "How a group works"). */
export const ALL = "ALL";
export const HANDLER = "HANDLER";

/** True for a string the grammar accepts that is not a device name. */
export function isCallsign(name: unknown): name is string {
  return typeof name === "string" && CALLSIGN.test(name) && !WINDOWS_DEVICE_NAMES.has(name);
}

/** A Handler seat: `HANDLER`, or `HANDLER-<NAME>` for one of several seats. */
export function isHandler(name: string): boolean {
  return name === HANDLER || (name.startsWith("HANDLER-") && isCallsign(name));
}

/** Names no agent may generate or claim: the Handler's seats and `ALL`. */
export function isReserved(name: string): boolean {
  return name === ALL || isHandler(name);
}

/** What is wrong with a callsign, if anything (`slot` names the field it came from). */
export function callsignFindings(name: unknown, slot: string): MailboxFinding[] {
  // The name is data (a finding when it is none); the slot is the caller's field name.
  assertText("callsignFindings", "the slot is the field's name (a string)", slot);
  if (typeof name !== "string") return [mailboxFinding("FIELD_TYPE", `${slot}: a callsign is a string`, { slot, expected: "callsign", received: shownValue(name) })];
  if (!CALLSIGN.test(name)) {
    return [mailboxFinding("CALLSIGN_INVALID", `${slot}: ${JSON.stringify(name)} is not a callsign (uppercase ASCII letters, digits and inner hyphens, starting with a letter, 1 to 32 characters)`, { slot, expected: "^[A-Z](?:[A-Z0-9-]{0,30}[A-Z0-9])?$", received: name })];
  }
  if (WINDOWS_DEVICE_NAMES.has(name)) return [mailboxFinding("CALLSIGN_DEVICE_NAME", `${slot}: ${name} is a Windows device name and cannot be a callsign`, { slot, received: name })];
  return [];
}
