/**
 * check-thread's findings with line numbers again: the checker audits with each line's key (see
 * lines.ts) where a line number goes, so renumbering lines needs no new audit. A finding's `line`
 * is mapped back, and so is the line the core names in its message (" (line K)", where a handoff
 * was closed). Keys are ten digits (from 1,000,000,000), and ids and values never hold a space, so
 * nothing else in a message can look like one. A test holds the result equal to one audit with
 * real line numbers.
 */
import type { ThreadFinding } from "../../../core/index.js";

export const KEY_BASE = 1_000_000_000;
/** Keys stay below the audit's line limit (2^31 - 1). */
export const KEY_LIMIT = 2_000_000_000;

const LINE = / \(line (\d{10})\)/g;

/** The current line number of each key. */
export type LineOf = (key: number) => number;

export type Relabel = (f: ThreadFinding, lineOf: LineOf) => ThreadFinding;

/** Maps findings back to line numbers; the same finding at the same lines is the same object. */
export function createRelabel(): Relabel {
  const cache = new WeakMap<ThreadFinding, { names: boolean; mapped: ThreadFinding }>();
  return (f, lineOf) => {
    const line = f.line === null ? null : lineOf(f.line);
    const known = cache.get(f);
    // Most messages name no line: then only the finding's own line can change.
    if (known !== undefined && !known.names && known.mapped.line === line) return known.mapped;
    const names = known?.names ?? f.message.includes(" (line ");
    const message = names ? f.message.replace(LINE, (_m, key: string) => ` (line ${lineOf(Number(key))})`) : f.message;
    if (known !== undefined && known.mapped.line === line && known.mapped.message === message) return known.mapped;
    const mapped: ThreadFinding = { ...f, line, message };
    cache.set(f, { names, mapped });
    return mapped;
  };
}
