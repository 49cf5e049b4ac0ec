/**
 * A typed argument misused (an object of parts given as null or a text, a text given as an object)
 * is a TypeError labelled with the caller's name and the argument's, as the robustness harness
 * holds every export to: not "Cannot read properties of null" from wherever the first read is.
 */
import { shownValue } from "./_shown-value.js";

/** `value` is an object (no list): `what` names it and its shape, as the message says. */
export function assertObject(caller: string, what: string, value: unknown): asserts value is object {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new TypeError(`${caller}: ${what}, not ${shownValue(value)}`);
}

/** `value` is a string: `what` names it, as the message says. */
export function assertText(caller: string, what: string, value: unknown): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${caller}: ${what}, not ${shownValue(value)}`);
}
