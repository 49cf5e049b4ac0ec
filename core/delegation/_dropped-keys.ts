/**
 * Field names valibot's readers drop without a word: `__proto__`, `constructor` and `prototype`.
 * Section 3 keeps unknown fields when forwarding ("MUST be retained"), and a count or limit under
 * such a name would vanish on reading, so a document naming one anywhere is refused instead.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";

export const DROPPED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/** Deeper values are the secret scan's to refuse (it refuses past 64 levels); this walk stops there. */
const MAX_DEPTH = 64;

/** A finding for every field named as the reader would drop it, at any depth. */
export function droppedKeyFindings(input: unknown): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const stack: [unknown, string, number][] = [[input, "", 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop() as [unknown, string, number];
    if (value === null || typeof value !== "object" || depth > MAX_DEPTH) continue;
    const at = (key: string): string => (path === "" ? key : `${path}.${key}`);
    if (Array.isArray(value)) {
      value.forEach((x, i) => stack.push([x, at(String(i)), depth + 1]));
      continue;
    }
    for (const key of Object.keys(value)) {
      if (DROPPED_KEYS.includes(key)) out.push(delegationFinding("DELEGATION_SCHEMA", `${at(key)}: a field named ${key} cannot be kept by this reader, and unknown fields are retained when forwarding (section 3), so the document is refused`, { path: at(key) }));
      stack.push([(value as Record<string, unknown>)[key], at(key), depth + 1]);
    }
  }
  return out;
}
