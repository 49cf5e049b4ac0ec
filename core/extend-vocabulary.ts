/**
 * Merging a checked profile into the core: the building half of compileVocabulary, without the
 * checking half (and without valibot), for profiles already known good. The shipped profiles are
 * checked by the test suite, so a bundle that only reads lines under one of them need not carry
 * the profile checker.
 */
import { _assemble } from "./_assemble.js";
import type { SlotSpec, TypeTable } from "./_assemble.js";
import type { ProfileFile } from "./profile-file.js";
import { parseSlotType } from "./slot-type.js";
import type { SlotType } from "./slot-type.js";
import { shapePattern } from "./translation.js";
import type { TranslationRule } from "./translation.js";
import type { EnumCode, Vocabulary } from "./vocabulary-model.js";
import type { ConstraintKeyEntry } from "./vocabulary.js";
import { MESSAGE_TYPES } from "./vocabulary.js";

function addCodes(enums: Map<string, ReadonlyMap<string, EnumCode>>, name: string, codes: Readonly<Record<string, string>>, origin: string): void {
  const merged = new Map(enums.get(name));
  const code: EnumCode = { origin };
  for (const c of Object.keys(codes)) merged.set(c, code);
  enums.set(name, merged);
}

function rules(file: ProfileFile, enums: ReadonlyMap<string, ReadonlyMap<string, unknown>>): TranslationRule[] {
  return (file.translation ?? []).map((rule) => ({
    id: rule.id,
    desc: rule.desc,
    on: rule.on ? new Set(rule.on) : null,
    itemNamespaces: rule.when?.item_ns ? new Set(rule.when.item_ns) : null,
    has: rule.when?.has ?? [],
    require: rule.require ?? [],
    tail: rule.tail === "required",
    shapes: Object.entries(rule.shape ?? {}).map(([slot, template]) => ({ slot, template, pattern: shapePattern(template, enums) })),
    sum: rule.sum ? { parts: rule.sum.parts, total: rule.sum.total } : null,
  }));
}

/**
 * The vocabulary a `p=<profile>` line is read against: the core plus a profile file that has
 * already passed `checkProfile` (or `compileVocabulary`). Given an unchecked file, the result is
 * unspecified: use `compileVocabulary` for anything that comes from outside.
 */
export function extendVocabulary(core: Vocabulary, file: ProfileFile): Vocabulary {
  if (core.profile !== null) throw new TypeError("extendVocabulary: the first argument must be the core vocabulary");
  const origin = file.profile;
  const enums = new Map<string, ReadonlyMap<string, EnumCode>>(core.enums);
  for (const [name, codes] of Object.entries(file.enums ?? {})) addCodes(enums, name, codes, origin);
  if (file.asks) addCodes(enums, "ask", file.asks, origin);
  if (file.why) addCodes(enums, "why", file.why, origin);

  const slots: SlotSpec[] = [...core.slots.values()];
  const profileSlots = file.slots ?? [];
  for (const s of profileSlots) slots.push({ key: s.key, type: parseSlotType(s.type) as SlotType, on: s.on, origin });

  const types = {} as TypeTable;
  for (const t of MESSAGE_TYPES) {
    const required = [...core.types[t].required];
    const optional = [...core.types[t].optional];
    for (const s of profileSlots) if (s.on.includes(t)) (s.required === true ? required : optional).push(s.key);
    types[t] = { required, optional };
  }

  const constraintKeys = new Map<string, ConstraintKeyEntry & { origin: string }>(core.constraintKeys);
  for (const [key, entry] of Object.entries(file.ckeys ?? {})) constraintKeys.set(key, { set: entry.set ?? false, origin });

  return _assemble({
    name: origin,
    profile: { name: origin, version: file.version, desc: file.desc ?? null, file },
    base: core,
    types,
    slots,
    enums,
    constraintKeys,
    aliases: file.aliases ?? [],
    agents: file.agents ?? null,
    asksUsed: file.asks_used ?? null,
    exec: new Map(Object.entries(file.exec ?? {})),
    translation: rules(file, enums),
  });
}
