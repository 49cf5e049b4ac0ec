/**
 * Small helpers every check shares for comparing and showing slot values: one place, so the
 * readback, handoff, done and thread checks compare and report values the same way.
 */
import { _cut } from "./_chars.js";
import type { Message, Scalar, SlotValue } from "./message.js";

/** Equal as decoded values: `2` equals `2`, `["a","b"]` differs from `["b","a"]`. */
export function _same(a: SlotValue | null | undefined, b: SlotValue | null | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Slots of constraints (`acc`, `key:value`) and constraint keys (`keys`): section 5.2 compares them
 * case-insensitively, so `LEN:120w` and `len:120W` are one criterion, in an echo as at tier 4.
 */
const CASELESS: ReadonlySet<string> = /* @__PURE__ */ new Set(["acc", "keys"]);

/**
 * A slot's value as tier 3 compares it, echo and fingerprint alike: the decoded value, with a
 * constraint list's elements lowercased (list order still counts).
 */
export function _echoed(slot: string, value: SlotValue | null | undefined): SlotValue | null | undefined {
  if (!CASELESS.has(slot) || !Array.isArray(value)) return value;
  return (value as readonly Scalar[]).map((x) => (typeof x === "string" ? x.toLowerCase() : x));
}

/** Equal as tier 3 compares `slot`'s values (`_echoed`). */
export function _sameEcho(slot: string, a: SlotValue | null | undefined, b: SlotValue | null | undefined): boolean {
  return _same(_echoed(slot, a), _echoed(slot, b));
}

/**
 * A value as a finding quotes it: as a line would write it (`a+b`, `Y`), or "nothing"; cut to 40
 * characters and `...` (README note 36).
 */
export function _show(v: SlotValue | null | undefined): string {
  return v === undefined || v === null ? "nothing" : _cut(_written(v));
}

/** A value as a line writes it: a list joined with `+`, a boolean `Y` or `N`, inside a list too. */
export function _written(value: SlotValue): string {
  if (Array.isArray(value)) return (value as readonly Scalar[]).map(_written).join("+");
  return typeof value === "boolean" ? (value ? "Y" : "N") : String(value);
}

/** A slot's value, the envelope's `re from to item` included (they live at the top of the JSON form). */
export function _field(message: Message, slot: string): SlotValue | undefined {
  if (slot === "item" || slot === "re" || slot === "from" || slot === "to") return message[slot] ?? undefined;
  return Object.hasOwn(message.slots, slot) ? message.slots[slot] : undefined;
}

/** The strings of a list value (none for anything else). */
export function _strings(v: SlotValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
