/**
 * A profile's translation rules (section 7): what a channel enforces so that lines can be the
 * record. Rules are data in the profile file; this module compiles and applies them.
 *
 * A rule applies to the types in `on` (all types when absent) and, when `when` is given, only to
 * messages whose item namespace is listed (`item_ns`) and that carry every slot in `has`. It then
 * requires slots (`require`), a tail (`tail: "required"`), value shapes (`shape`), or a sum of
 * money slots (`sum`, checked only when every slot of the sum is present).
 */
import { _cut, _isMoney, _VISIBLE } from "./_chars.js";
import { _error } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, Scalar, SlotValue } from "./message.js";
import { _written } from "./_slot-values.js";
import { ENVELOPE_FIELDS } from "./vocabulary.js";
import type { EnvelopeField } from "./vocabulary.js";

export interface RuleShape {
  readonly slot: string;
  readonly template: string;
  readonly pattern: RegExp;
}

export interface TranslationRule {
  readonly id: string;
  readonly desc: string;
  readonly on: ReadonlySet<string> | null;
  readonly itemNamespaces: ReadonlySet<string> | null;
  readonly has: readonly string[];
  readonly require: readonly string[];
  readonly tail: boolean;
  readonly shapes: readonly RuleShape[];
  readonly sum: { readonly parts: readonly string[]; readonly total: string } | null;
}

/** What each placeholder matches: `{n}` counts from 1 and has one spelling (`#l0`, `#l007` name no line). */
const PLACEHOLDER_PATTERN: Record<string, string> = { id: "[A-Za-z0-9._-]+", n: "[1-9][0-9]*" };
/** A template's placeholders (_compile-shape.ts checks a template with the same pattern). */
export const _PLACEHOLDER: RegExp = /\{(id|n|enum:[a-z][a-z0-9_]*)\}/g;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

export type _Enums = ReadonlyMap<string, ReadonlyMap<string, unknown>>;

/**
 * The pattern of a template `shapeProblem` (_compile-shape.ts) accepts. extendVocabulary, which trusts a checked
 * profile, calls this alone: a reader of shipped profiles then carries no template checks.
 */
export function shapePattern(template: string, enums: _Enums): RegExp {
  let source = "^";
  let last = 0;
  for (const m of template.matchAll(_PLACEHOLDER)) {
    source += escapeRegExp(template.slice(last, m.index));
    const name = m[1] as string;
    if (name.startsWith("enum:")) {
      const codes = enums.get(name.slice(5)) as ReadonlyMap<string, unknown>; // shapeProblem refuses an unknown enum
      source += `(?:${[...codes.keys()].map(escapeRegExp).join("|")})`;
    } else {
      source += PLACEHOLDER_PATTERN[name] as string;
    }
    last = (m.index as number) + m[0].length;
  }
  return new RegExp(`${source}${escapeRegExp(template.slice(last))}$`);
}


/**
 * Whether money values, the parts and then the total, add up exactly; null when one is not money
 * by the slot type's own rule (`01.00` and `-0.00` are not: validation refuses them, and a sum
 * read from them would be a second finding about a value nobody could read).
 * Column by column from the right, in minor units (each value has its point three from its end),
 * with a carry no larger than the count of values: linear in the digits. A BigInt of each was exact
 * too, but reading a 10,000-digit amount into one takes time quadratic in its length, so a line of
 * huge amounts cost a thousand times a normal one.
 */
function addsUp(values: readonly (SlotValue | undefined)[]): boolean | null {
  let width = 0;
  for (const value of values) {
    if (typeof value !== "string" || !_isMoney(value)) return null;
    if (value.length > width) width = value.length;
  }
  // The parts less the total are zero when each column's digits and the carry into it make a
  // multiple of ten, and no carry is left. The third column is every value's point.
  let carry = 0;
  for (let column = 1; column <= width; column++) {
    let sum = carry;
    for (let k = 0; k < values.length; k++) {
      const value = values[k] as string;
      const digit = value.charCodeAt(value.length - column) - 48;
      // A point, a sign, or nothing (past the value's start) is no digit.
      if (digit >= 0 && digit <= 9) sum += (value[0] === "-") !== (k === values.length - 1) ? -digit : digit;
    }
    if (column !== 3) {
      if (sum % 10 !== 0) return false;
      carry = sum / 10;
    }
  }
  return carry === 0;
}

/** A slot's value; the envelope fields (re from to item) live at the top of the JSON form. */
function fieldOf(message: Message, slot: string): SlotValue | undefined {
  if ((ENVELOPE_FIELDS as readonly string[]).includes(slot)) return message[slot as EnvelopeField] ?? undefined;
  return Object.hasOwn(message.slots, slot) ? message.slots[slot] : undefined;
}

function namespaceOf(item: string | null): string | null {
  if (item === null) return null;
  const colon = item.indexOf(":");
  return colon > 0 ? item.slice(0, colon) : null;
}

/** Whether the message has every one of the slots (or envelope fields). */
function hasAll(message: Message, slots: readonly string[]): boolean {
  for (let i = 0; i < slots.length; i++) if (fieldOf(message, slots[i] as string) === undefined) return false;
  return true;
}

/**
 * The value (or, in a list, the first element) that does not have the shape, as written, or null.
 * A list's shape is its elements' (`src=email:7+po:PO-1044` under `{id}:{id}`); a number or a
 * boolean is tested as it is formatted (`pri=02` as `2`).
 */
function misfitOf(value: SlotValue, pattern: RegExp): string | null {
  if (!Array.isArray(value)) {
    const written = _written(value as Scalar);
    return pattern.test(written) ? null : written;
  }
  for (const element of value as readonly Scalar[]) {
    const written = _written(element);
    if (!pattern.test(written)) return written;
  }
  return null;
}

/** Applies the rules to one message; every violation is a TRANSLATION finding naming the rule. */
export function checkTranslation(message: Message, rules: readonly TranslationRule[], out: Finding[] = []): Finding[] {
  for (const rule of rules) {
    if (rule.on !== null && !rule.on.has(message.type)) continue;
    if (rule.itemNamespaces !== null) {
      const ns = namespaceOf(message.item);
      if (ns === null || !rule.itemNamespaces.has(ns)) continue;
    }
    if (!hasAll(message, rule.has)) continue;
    for (const slot of rule.require) {
      if (fieldOf(message, slot) === undefined) {
        out.push(_error("TRANSLATION", `${slot}= is required: ${rule.desc}`, { slot, path: rule.id, expected: slot }));
      }
    }
    if (rule.tail && (message.tail === null || !_VISIBLE.test(message.tail))) {
      out.push(_error("TRANSLATION", `a tail is required: ${rule.desc}`, { slot: "tail", path: rule.id }));
    }
    for (const shape of rule.shapes) {
      const value = fieldOf(message, shape.slot);
      if (value === undefined) continue;
      const misfit = misfitOf(value, shape.pattern);
      if (misfit !== null) {
        out.push(
          // A list's misfit is one of its elements: quoted beside the value, an empty one as "".
          _error("TRANSLATION", `${shape.slot}=${Array.isArray(value) && (value.length > 1 || misfit === "") ? `${_cut(_written(value))} holds ${_cut(JSON.stringify(misfit))}, which` : _cut(misfit)} does not have the shape ${shape.template}: ${rule.desc}`, {
            slot: shape.slot,
            path: rule.id,
            expected: shape.template,
            received: _cut(misfit),
          }),
        );
      }
    }
    if (rule.sum !== null && fieldOf(message, rule.sum.total) !== undefined && hasAll(message, rule.sum.parts)) {
      if (addsUp([...rule.sum.parts, rule.sum.total].map((slot) => fieldOf(message, slot))) === false) {
        out.push(
          _error("TRANSLATION", `${rule.sum.parts.join(" + ")} does not equal ${rule.sum.total}: ${rule.desc}`, {
            slot: rule.sum.total,
            path: rule.id,
            // Cut as one list, as every value a finding quotes is (note 36).
            received: _cut(rule.sum.parts.map((s) => String(fieldOf(message, s))).join("+")),
          }),
        );
      }
    }
  }
  return out;
}
