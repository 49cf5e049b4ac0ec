/**
 * Small helpers every check shares for comparing and showing slot values: one place, so the
 * readback, handoff, done and thread checks compare and report values the same way.
 */
import { _cut } from "./_chars.js";
import type { Message, SlotValue } from "./message.js";

/** Equal as decoded values: `2` equals `2`, `["a","b"]` differs from `["b","a"]`. */
export function _same(a: SlotValue | null | undefined, b: SlotValue | null | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A value as a finding quotes it: as a line would write it (`a+b`, `Y`), or "nothing"; cut to 40
 * characters and `...` (README note 36).
 */
export function _show(v: SlotValue | null | undefined): string {
  if (v === undefined || v === null) return "nothing";
  if (Array.isArray(v)) return _cut(v.join("+"));
  return typeof v === "boolean" ? (v ? "Y" : "N") : _cut(String(v));
}

/** A slot's value, `item` included (it lives at the top of the JSON form). */
export function _field(message: Message, slot: string): SlotValue | undefined {
  if (slot === "item") return message.item ?? undefined;
  return Object.hasOwn(message.slots, slot) ? message.slots[slot] : undefined;
}

/** The strings of a list value (none for anything else). */
export function _strings(v: SlotValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
