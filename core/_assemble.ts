/**
 * Builds a compiled Vocabulary (maps and slot checkers) from merged tables. Shared by the core
 * vocabulary and compileVocabulary; callers have already checked the tables are consistent.
 */
import { makeChecker } from "./check-value.js";
import { decodingOf } from "./slot-type.js";
import type { SlotType } from "./slot-type.js";
import type { TranslationRule } from "./translation.js";
import type { EnumCode, SlotDef, TypeDef, Vocabulary, VocabularyProfile } from "./vocabulary-model.js";
import type { ConstraintKeyEntry, MessageType } from "./vocabulary.js";
import { ENVELOPE_FIELDS, MESSAGE_TYPES } from "./vocabulary.js";

export interface SlotSpec {
  readonly key: string;
  readonly type: SlotType;
  /** A SlotDef of the base vocabulary is a SlotSpec as it is: `on` may be its set. */
  readonly on: Iterable<string>;
  readonly origin: string;
}

export interface TypeSpec {
  readonly required: readonly string[];
  readonly optional: readonly string[];
}
export type TypeTable = { [T in MessageType]: TypeSpec };

export interface VocabularyParts {
  readonly name: string;
  readonly profile: VocabularyProfile | null;
  readonly base: Vocabulary | null;
  readonly types: Readonly<TypeTable>;
  readonly slots: readonly SlotSpec[];
  readonly enums: ReadonlyMap<string, ReadonlyMap<string, EnumCode>>;
  readonly constraintKeys: ReadonlyMap<string, ConstraintKeyEntry & { readonly origin: string }>;
  /** Alias groups, each led by its canonical spelling, added to the base vocabulary's aliases. */
  readonly aliases: readonly (readonly string[])[];
  readonly agents: readonly string[] | null;
  readonly asksUsed: readonly string[] | null;
  readonly exec: ReadonlyMap<string, readonly string[]>;
  readonly translation: readonly TranslationRule[];
}

/** A message type's bit in SlotDef.onTypes; 0 for a string that names no type. */
const typeBit = (type: string): number => {
  const i = (MESSAGE_TYPES as readonly string[]).indexOf(type);
  return i < 0 ? 0 : 1 << i;
};

/** The bits of the message types named, as in SlotDef.onTypes. */
const typeBits = (types: Iterable<string>): number => {
  let bits = 0;
  for (const t of types) bits |= typeBit(t);
  return bits;
};

export function _assemble(parts: VocabularyParts): Vocabulary {
  const types = {} as Record<MessageType, TypeDef>;
  for (const t of MESSAGE_TYPES) {
    const entry = parts.types[t];
    const allowed = new Set<string>(["p", ...entry.required, ...entry.optional]);
    const requiredSlots = entry.required.filter((key) => !(ENVELOPE_FIELDS as readonly string[]).includes(key));
    types[t] = { code: t, ...entry, allowed, bit: typeBit(t), requiredSlots };
  }
  const slots = new Map<string, SlotDef>();
  const ctx = { enums: parts.enums, slots };
  for (const s of parts.slots) {
    const on = new Set(s.on);
    slots.set(s.key, {
      key: s.key,
      type: s.type,
      decoding: decodingOf(s.type),
      on,
      origin: s.origin,
      check: makeChecker(s.type, ctx),
      envelope: ((ENVELOPE_FIELDS as readonly string[]).indexOf(s.key) + 1) as SlotDef["envelope"],
      index: slots.get(s.key)?.index ?? slots.size,
      onTypes: typeBits(on),
      requiredOn: typeBits(MESSAGE_TYPES.filter((t) => types[t].requiredSlots.includes(s.key))),
    });
  }
  const aliases = new Map(parts.base?.aliases);
  for (const group of parts.aliases) for (const spelling of group) aliases.set(spelling, group[0] as string);
  const ans = parts.enums.get("ans");
  // The parts in the order Vocabulary lists them, the compiled ones in their places.
  const vocabulary: Vocabulary = {
    ...parts,
    base: parts.base as Vocabulary,
    types,
    slots,
    aliases,
    agents: parts.agents === null ? null : new Set(parts.agents),
    ans: ans === undefined ? null : new Set(ans.keys()),
  };
  // The core vocabulary is its own base, so every vocabulary can reach core-only rules.
  if (parts.base === null) (vocabulary as { base: Vocabulary }).base = vocabulary;
  return vocabulary;
}
