/**
 * Strings a long-running reader keeps, without keeping the lines they came from. A string cut from
 * a line can share the line's storage (V8 makes a "sliced string" for 13 characters or more), so
 * one retained id would keep its whole line alive. `_own` returns an independent copy; `_interner`
 * keeps one copy of each distinct name (agents, asks, dates) and hands out small numbers for it.
 */
import type { Finding } from "./finding.js";

/** A copy of `text` that shares no storage with the string it was cut from. */
export function _own(text: string): string {
  // V8 copies substrings shorter than 13 characters. A JSON round trip gives a fresh flat string
  // whatever the text holds. (Cheaper tricks cost more: a slice of a concatenation is a slice of a
  // copy, twice the bytes; reading back a property key adds a hidden class, or a dictionary, per
  // string, and slows as a million of them accumulate.)
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

export interface Interner {
  /** The number of `text`, adding an owned copy the first time it is seen. */
  readonly id: (text: string) => number;
  /** The number of `text`, or -1 when it was never added. */
  readonly find: (text: string) => number;
  /** The string behind a number. */
  readonly name: (id: number) => string;
  readonly size: () => number;
}

export function _interner(): Interner {
  const ids = new Map<string, number>();
  const names: string[] = [];
  return {
    id(text) {
      let n = ids.get(text);
      if (n === undefined) {
        n = names.length;
        const owned = _own(text);
        names.push(owned);
        ids.set(owned, n);
      }
      return n;
    },
    find: (text) => ids.get(text) ?? -1,
    name: (id) => names[id] as string,
    size: () => names.length,
  };
}

/** A finding whose texts are owned copies (its code and severity are the code table's own strings). */
export function _ownFinding(f: Finding): Finding {
  const out: { -readonly [K in keyof Finding]: Finding[K] } = { code: f.code, severity: f.severity, message: _own(f.message) };
  if (f.slot !== undefined) out.slot = _own(f.slot);
  if (f.at !== undefined) out.at = f.at;
  if (f.expected !== undefined) out.expected = _own(f.expected);
  if (f.received !== undefined) out.received = _own(f.received);
  if (f.path !== undefined) out.path = _own(f.path);
  return out;
}
