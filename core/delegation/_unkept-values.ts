/**
 * What a reader of a document cannot keep as written, anywhere in it. Section 3 keeps unknown
 * fields when forwarding ("MUST be retained"), so a document holding one is refused instead:
 * - field names valibot's readers drop without a word: `__proto__`, `constructor`, `prototype`
 *   (a count or limit under such a name would vanish on reading);
 * - a number no double holds (`1e400`, `-1e400`): JSON.parse reads it as Infinity, which JSON
 *   cannot write (JSON.stringify forwards it as `null`) and no bound can be compared with. A
 *   number a double holds only approximately (`1e-400` read as 0, `-0` written back as `0`,
 *   `9007199254740993`) is kept as the nearest double, as every JSON reader keeps it (RFC 8259 6).
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";

export const DROPPED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/** Deeper values are the secret scan's to refuse (it refuses past 64 levels); this walk stops there. */
const MAX_DEPTH = 64;

/** A path as this walk has always written it: the keys joined by dots, an empty key adding none. */
function pathText(path: readonly string[]): string {
  let text = "";
  for (const key of path) text = text === "" ? key : `${text}.${key}`;
  return text;
}

/** Only objects and arrays can hold a field; the walk does not step onto anything else but numbers. */
const holdsFields = (value: unknown): value is object => value !== null && typeof value === "object";

/**
 * Visits a value's children last first, as a stack that pops them would: findings keep the order
 * they have always had. The path is a stack of keys written out only for a finding (the walk runs
 * on every record read, and almost never finds one).
 */
function visit(value: object, path: string[], out: DelegationFinding[]): void {
  if (path.length > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      const item: unknown = value[i];
      if (typeof item === "number") unkeptNumber(item, path, String(i), out);
      if (!holdsFields(item)) continue;
      path.push(String(i));
      visit(item, path, out);
      path.pop();
    }
    return;
  }
  const keys = Object.keys(value);
  for (const key of keys) {
    if (!DROPPED_KEYS.includes(key)) continue;
    path.push(key);
    const at = pathText(path);
    path.pop();
    out.push(delegationFinding("DELEGATION_SCHEMA", `${at}: a field named ${key} cannot be kept by this reader, and unknown fields are retained when forwarding (section 3), so the document is refused`, { path: at }));
  }
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "number") unkeptNumber(item, path, key, out);
    if (!holdsFields(item)) continue;
    path.push(key);
    visit(item, path, out);
    path.pop();
  }
}

/** A number past the largest double (read as Infinity): a finding at its path. */
function unkeptNumber(n: number, path: string[], key: string, out: DelegationFinding[]): void {
  if (Number.isFinite(n)) return;
  path.push(key);
  const at = pathText(path);
  path.pop();
  out.push(delegationFinding("DELEGATION_SCHEMA", `${at}: a number beyond what a double holds (±1.8e308) cannot be kept as written, nor compared with any bound, and unknown fields are retained when forwarding (section 3), so the document is refused`, { path: at, received: n > 0 ? "> 1.8e308" : "< -1.8e308" }));
}

/** A finding for every field named as the reader would drop it, and every number no double holds, at any depth. */
export function unkeptValueFindings(input: unknown): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  if (holdsFields(input)) visit(input, [], out);
  return out;
}
