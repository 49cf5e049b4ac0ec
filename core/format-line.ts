/**
 * Writing a message (JSON form, section 6) back as a line (section 2).
 *
 * Refuses what no line can carry (whitespace in a value, `+` inside a list element, an empty list,
 * a fraction), so that every line it writes parses back to the same JSON form. Whether the values
 * fit the vocabulary is core/validate's question, not this one's.
 */
import { isKey } from "./check-value.js";
import { _NOT_IN_LINE as NOT_IN_LINE } from "./_controls.js";
import { finding, result } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import type { Message, Scalar, SlotValue } from "./message.js";
import { encodeScalar } from "./slot-type.js";

const TOKEN = /^[^\s]+$/;

function scalarProblem(v: unknown, inList: boolean): string | null {
  if (typeof v === "boolean") return null;
  if (typeof v === "number") return Number.isSafeInteger(v) ? null : "a number that is not a safe integer";
  if (typeof v !== "string") return `a ${v === null ? "null" : typeof v}`;
  if (v.length > 0 && !TOKEN.test(v)) return "whitespace";
  if (NOT_IN_LINE.test(v)) return "a control character or lone surrogate";
  if (inList && v.includes("+")) return "'+' inside a list element";
  return null;
}

function valueProblem(value: SlotValue): string | null {
  if (!Array.isArray(value)) return scalarProblem(value, false);
  if (value.length === 0) return "an empty list";
  for (const element of value as unknown[]) {
    if (Array.isArray(element)) return "a nested list";
    const p = scalarProblem(element, true);
    if (p) return p;
  }
  return null;
}

function encodeValue(value: SlotValue): string {
  return Array.isArray(value) ? (value as readonly Scalar[]).map(encodeScalar).join("+") : encodeScalar(value as Scalar);
}

/** Formats the JSON form as a line: `RW1 TYPE id re from to item p`, then the other slots in order. */
export function formatLine(message: Message): Result<string> {
  const findings: Finding[] = [];
  const unrepresentable = (slot: string, what: string): void => {
    findings.push(finding("UNREPRESENTABLE", `${slot} cannot be written on a line: it holds ${what}`, { slot }));
  };
  for (const field of ["v", "type", "id"] as const) {
    const value = message[field];
    if (typeof value !== "string" || value.length === 0) unrepresentable(field, "no text");
    else if (value.includes("=")) unrepresentable(field, "'='");
    // `RW1 HO // from=a ...`: a word `//` after a space starts the tail (section 2), so the line
    // would read back without the type or id, and with its keyed slots as the tail.
    else if (value === "//" && field !== "v") unrepresentable(field, "'//', which a line reads as the start of its tail");
    else {
      const p = scalarProblem(value, false);
      if (p) unrepresentable(field, p);
    }
  }
  let line = `${message.v} ${message.type} ${message.id}`;
  for (const field of ["re", "from", "to", "item"] as const) {
    const value = message[field];
    if (value === null) continue;
    const p = typeof value === "string" && value.length === 0 ? "no text" : scalarProblem(value, false);
    if (p) unrepresentable(field, p);
    line += ` ${field}=${value}`;
  }
  const slots = message.slots;
  const keys = Object.keys(slots);
  if (Object.hasOwn(slots, "p")) keys.sort((a, b) => (a === "p" ? -1 : b === "p" ? 1 : 0));
  for (const key of keys) {
    if (!isKey(key)) {
      findings.push(finding("UNREPRESENTABLE", `slot key '${key}' is not [a-z][a-z0-9_]*`, { slot: key }));
      continue;
    }
    if (key === "re" || key === "from" || key === "to" || key === "item") {
      unrepresentable(key, "an envelope field inside slots");
      continue;
    }
    const value = slots[key] as SlotValue;
    const p = valueProblem(value);
    if (p) unrepresentable(key, p);
    else line += ` ${key}=${encodeValue(value)}`;
  }
  if (message.tail !== null) {
    if (typeof message.tail !== "string") unrepresentable("tail", "something other than text");
    else if (message.tail.length === 0) unrepresentable("tail", "no text (use null for no tail)");
    else if (NOT_IN_LINE.test(message.tail)) unrepresentable("tail", "a line break, control character or lone surrogate");
    else line += ` // ${message.tail}`;
  }
  return result(line, findings);
}
