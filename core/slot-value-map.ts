/**
 * Slot values handed to the API from outside (a sender's `--exec`, a statement's call, a relay's
 * additions): a JSON object whose values are slot values. One definition for the CLI and the
 * Worker, since the core reads a null as no value and would show an object as [object Object].
 */
import type { SlotValue } from "./message.js";

const isScalar = (v: unknown): boolean => typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isSafeInteger(v));

/** True when `value` is an object of slot values: strings, safe integers, booleans, or lists of them. */
export function isSlotValueMap(value: unknown): value is Record<string, SlotValue> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
}
