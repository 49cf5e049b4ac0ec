/**
 * A compiled vocabulary: the core, or the core plus one profile, as maps ready for the parser
 * and the validator. Built by `coreVocabulary` and `compileVocabulary`, never by hand.
 */
import type { Checker } from "./check-value.js";
import type { ProfileFile } from "./profile-file.js";
import type { Decoding, SlotType } from "./slot-type.js";
import type { TranslationRule } from "./translation.js";
import type { ConstraintKeyEntry, MessageType } from "./vocabulary.js";

export interface SlotDef {
  readonly key: string;
  readonly type: SlotType;
  readonly decoding: Decoding;
  /** Message types the slot is defined on. */
  readonly on: ReadonlySet<string>;
  /** `RW1` for core slots, else the profile name. */
  readonly origin: string;
  readonly check: Checker;
  /** Which top-level field of the JSON form the key is (1 re, 2 from, 3 to, 4 item), or 0: a slot. */
  readonly envelope: 0 | 1 | 2 | 3 | 4;
  /** Position in its vocabulary's `slots`, so a reader can track slots in a reused array. */
  readonly index: number;
  /** `on` as a bit mask over TypeDef.bit: one AND instead of a set lookup per slot. */
  readonly onTypes: number;
  /** The types that require the slot, as a bit mask over TypeDef.bit. */
  readonly requiredOn: number;
}

export interface EnumCode {
  /** `RW1` for a core code, else the profile name. */
  readonly origin: string;
}

export interface TypeDef {
  readonly code: MessageType;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  /** required + optional + `p`: anything else known earns a SLOT_NOT_ON_TYPE note. */
  readonly allowed: ReadonlySet<string>;
  /** This type's bit in SlotDef.onTypes. */
  readonly bit: number;
  /** `required` without the envelope fields: the slots the type requires. */
  readonly requiredSlots: readonly string[];
}

export interface VocabularyProfile {
  readonly name: string;
  readonly version: string;
  readonly desc: string | null;
  /** The profile file the vocabulary was built from: where its meanings are (see meaningsOf). */
  readonly file: ProfileFile;
}

export interface Vocabulary {
  /** `RW1` for the core, else the profile name (the value `p=` must carry). */
  readonly name: string;
  readonly profile: VocabularyProfile | null;
  /** The core vocabulary: what a line without `p=` is read against. The core's base is itself. */
  readonly base: Vocabulary;
  readonly types: { readonly [T in MessageType]: TypeDef };
  readonly slots: ReadonlyMap<string, SlotDef>;
  readonly enums: ReadonlyMap<string, ReadonlyMap<string, EnumCode>>;
  readonly constraintKeys: ReadonlyMap<string, ConstraintKeyEntry & { readonly origin: string }>;
  /** Spelling -> canonical spelling, for comparing criteria values (section 5.2). */
  readonly aliases: ReadonlyMap<string, string>;
  readonly agents: ReadonlySet<string> | null;
  readonly asksUsed: readonly string[] | null;
  /** Ask -> the execution slots an act is done with (section 5.3). */
  readonly exec: ReadonlyMap<string, readonly string[]>;
  readonly translation: readonly TranslationRule[];
  /** The profile's closed answer vocabulary, when it defines `enums.ans`. */
  readonly ans: ReadonlySet<string> | null;
}
