/**
 * The compiled core vocabulary: what every line without `p=` is read and validated against.
 */
import { _assemble } from "./_assemble.js";
import type { SlotSpec } from "./_assemble.js";
import { parseSlotType } from "./slot-type.js";
import type { SlotType } from "./slot-type.js";
import type { EnumCode, Vocabulary } from "./vocabulary-model.js";
import {
  CORE_ALIASES,
  CORE_CONSTRAINT_KEYS,
  CORE_ENUMS,
  CORE_SLOTS,
  CORE_TYPES,
  MESSAGE_TYPES,
  VERSION,
} from "./vocabulary.js";
import type { ConstraintKeyEntry } from "./vocabulary.js";

function buildCore(): Vocabulary {
  const slots: SlotSpec[] = Object.entries(CORE_SLOTS).map(([key, { type }]) => ({
    key,
    type: parseSlotType(type) as SlotType,
    on: MESSAGE_TYPES.filter((t) => key === "p" || CORE_TYPES[t].required.includes(key) || CORE_TYPES[t].optional.includes(key)),
    origin: VERSION,
  }));
  const enums = new Map<string, Map<string, EnumCode>>();
  for (const [name, codes] of Object.entries(CORE_ENUMS)) {
    enums.set(name, new Map(codes.map((code) => [code, { origin: VERSION }])));
  }
  const constraintKeys = new Map<string, ConstraintKeyEntry & { origin: string }>();
  for (const [key, entry] of Object.entries(CORE_CONSTRAINT_KEYS)) constraintKeys.set(key, { ...entry, origin: VERSION });
  return _assemble({
    name: VERSION,
    profile: null,
    base: null,
    types: CORE_TYPES,
    slots,
    enums,
    constraintKeys,
    aliases: CORE_ALIASES,
    agents: null,
    asksUsed: null,
    exec: new Map(),
    translation: [],
  });
}

/** The core RW1 vocabulary, compiled once. */
export const coreVocabulary: Vocabulary = /* @__PURE__ */ buildCore();
