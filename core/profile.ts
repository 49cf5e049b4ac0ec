/**
 * Profiles (section 7): a JSON file that extends the core for a domain. `profileSchema` checks the
 * file's shape with valibot; `compileVocabulary` checks what a schema cannot (a profile may add,
 * never redefine or remove, a core code; every name it uses is defined) and merges it with the core.
 */
import * as v from "valibot";
import { _assemble } from "./_assemble.js";
import type { SlotSpec, TypeTable } from "./_assemble.js";
import { _reservedKeys } from "./_reserved-keys.js";
import { isKey } from "./check-value.js";
import { finding } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import { parseSlotType } from "./slot-type.js";
import type { SlotType } from "./slot-type.js";
import { compileShape } from "./translation.js";
import type { RuleShape, TranslationRule } from "./translation.js";
import type { EnumCode, Vocabulary } from "./vocabulary-model.js";
import { CORE_ENUMS, CORE_SLOTS, MESSAGE_TYPES } from "./vocabulary.js";
import type { ConstraintKeyEntry, MessageType } from "./vocabulary.js";

const CODE = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "codes are letters, digits, _ . - (no spaces, no +)"));
const NAME = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/, "names are [a-z][a-z0-9_]*"));
const KEY = v.pipe(v.string(), v.check(isKey, "slot keys are [a-z][a-z0-9_]*"));
const AGENT = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]+$/, "agent names are [A-Za-z0-9._-]+"));
const TEXT = v.pipe(v.string(), v.minLength(1, "must not be empty"), v.maxLength(300, "at most 300 characters"));
const TYPES = v.pipe(v.array(v.picklist(MESSAGE_TYPES, "is not one of the nine message types")), v.minLength(1, "names at least one type"));
const CODES = v.record(CODE, TEXT);

const slotSchema = v.strictObject({
  key: KEY,
  type: v.string(),
  on: TYPES,
  required: v.optional(v.boolean()),
  desc: v.optional(TEXT),
});

const ruleSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, "rule ids are [a-z][a-z0-9-]*")),
  desc: TEXT,
  on: v.optional(TYPES),
  when: v.optional(
    v.strictObject({
      item_ns: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]+$/))), v.minLength(1))),
      has: v.optional(v.array(KEY)),
    }),
  ),
  require: v.optional(v.array(KEY)),
  tail: v.optional(v.literal("required")),
  shape: v.optional(v.record(KEY, v.pipe(v.string(), v.minLength(1), v.maxLength(200)))),
  sum: v.optional(v.strictObject({ parts: v.pipe(v.array(KEY), v.minLength(2)), total: KEY })),
});

/** The profile file format. Unknown fields are refused: a misspelt field would silently do nothing. */
export const profileSchema: v.GenericSchema<unknown, ProfileFile> = v.strictObject({
  profile: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_-]*$/, "profile names are [a-z][a-z0-9_-]*")),
  version: v.pipe(v.string(), v.minLength(1)),
  extends: v.literal("RW1", "profiles extend RW1"),
  title: v.optional(TEXT),
  desc: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  enums: v.optional(v.record(NAME, CODES)),
  asks: v.optional(CODES),
  why: v.optional(CODES),
  slots: v.optional(v.array(slotSchema)),
  agents: v.optional(v.array(AGENT)),
  asks_used: v.optional(v.array(CODE)),
  exec: v.optional(v.record(CODE, v.pipe(v.array(KEY), v.minLength(1)))),
  ckeys: v.optional(v.record(NAME, v.strictObject({ desc: TEXT, set: v.optional(v.boolean()) }))),
  aliases: v.optional(v.array(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/))), v.minLength(2)))),
  translation: v.optional(v.array(ruleSchema)),
});

export interface ProfileSlot {
  key: string;
  type: string;
  on: MessageType[];
  required?: boolean | undefined;
  desc?: string | undefined;
}

export interface ProfileRule {
  id: string;
  desc: string;
  on?: MessageType[] | undefined;
  when?: { item_ns?: string[] | undefined; has?: string[] | undefined } | undefined;
  require?: string[] | undefined;
  tail?: "required" | undefined;
  shape?: Record<string, string> | undefined;
  sum?: { parts: string[]; total: string } | undefined;
}

/** A profile file, as `profileSchema` accepts it. */
export interface ProfileFile {
  profile: string;
  version: string;
  extends: "RW1";
  title?: string | undefined;
  desc?: string | undefined;
  enums?: Record<string, Record<string, string>> | undefined;
  asks?: Record<string, string> | undefined;
  why?: Record<string, string> | undefined;
  slots?: ProfileSlot[] | undefined;
  agents?: string[] | undefined;
  asks_used?: string[] | undefined;
  exec?: Record<string, string[]> | undefined;
  ckeys?: Record<string, { desc: string; set?: boolean | undefined }> | undefined;
  aliases?: string[][] | undefined;
  translation?: ProfileRule[] | undefined;
}

const REMOVAL_FIELDS = ["remove", "removes", "delete", "drop", "omit", "exclude"];

/** Attempts to remove core codes, reported as such before the schema would call them shape errors. */
function removals(input: Record<string, unknown>): Finding[] {
  const out: Finding[] = [];
  for (const field of REMOVAL_FIELDS) {
    if (Object.hasOwn(input, field)) {
      out.push(finding("PROFILE_REMOVES_CORE", `'${field}': a profile may add to the core, never remove from it`, { path: field }));
    }
  }
  const tables: [string, unknown, Record<string, string>][] = [
    ["asks", input["asks"], CORE_ENUMS["ask"] as Record<string, string>],
    ["why", input["why"], CORE_ENUMS["why"] as Record<string, string>],
  ];
  const enums = input["enums"];
  if (enums !== null && typeof enums === "object") {
    for (const [name, codes] of Object.entries(enums)) {
      if (Object.hasOwn(CORE_ENUMS, name)) tables.push([`enums.${name}`, codes, CORE_ENUMS[name] as Record<string, string>]);
    }
  }
  for (const [path, table, core] of tables) {
    if (table === null || typeof table !== "object") continue;
    for (const [code, meaning] of Object.entries(table)) {
      if (Object.hasOwn(core, code) && (meaning === null || meaning === false || meaning === "")) {
        out.push(finding("PROFILE_REMOVES_CORE", `${path}.${code}: ${code} is a core code; a profile cannot remove it`, { path: `${path}.${code}` }));
      }
    }
  }
  return out;
}

function schemaFindings(issues: readonly v.BaseIssue<unknown>[]): Finding[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue) ?? "";
    return finding("PROFILE_SCHEMA", `${path === "" ? "profile" : path}: ${issue.message}`, { path });
  });
}

interface Merge {
  readonly core: Vocabulary;
  readonly name: string;
  readonly findings: Finding[];
}

/** Adds a profile's codes to an enum; any code the core already has is a redefinition. */
function mergeCodes(m: Merge, enums: Map<string, Map<string, EnumCode>>, name: string, codes: Record<string, string>, path: string): void {
  const core = m.core.enums.get(name);
  let target = enums.get(name);
  if (target === undefined) {
    target = new Map();
    enums.set(name, target);
  } else if (core !== undefined && target === core) {
    target = new Map(core);
    enums.set(name, target);
  }
  for (const [code, meaning] of Object.entries(codes)) {
    if (core?.has(code)) {
      m.findings.push(finding("PROFILE_REDEFINES_CORE", `${path}.${code}: ${code} is a core ${name} code; a profile cannot redefine it`, { path: `${path}.${code}` }));
    } else if (target.has(code)) {
      m.findings.push(finding("PROFILE_SCHEMA", `${path}.${code}: ${code} is defined twice in ${name}`, { path: `${path}.${code}` }));
    } else {
      target.set(code, { meaning, origin: m.name });
    }
  }
}

function mergeSlots(m: Merge, file: ProfileFile, enums: ReadonlyMap<string, unknown>): SlotSpec[] {
  const specs: SlotSpec[] = [];
  const seen = new Set<string>();
  (file.slots ?? []).forEach((slot, i) => {
    const path = `slots[${i}]`;
    if (Object.hasOwn(CORE_SLOTS, slot.key)) {
      m.findings.push(finding("PROFILE_REDEFINES_CORE", `${path}: ${slot.key} is a core slot; a profile cannot redefine it`, { path: `${path}.key` }));
      return;
    }
    if (slot.key.startsWith("x_")) {
      m.findings.push(finding("PROFILE_SCHEMA", `${path}: x_ keys are the extension namespace; a profile names its slots without it`, { path: `${path}.key` }));
      return;
    }
    if (seen.has(slot.key)) {
      m.findings.push(finding("PROFILE_SCHEMA", `${path}: slot ${slot.key} is defined twice`, { path: `${path}.key` }));
      return;
    }
    seen.add(slot.key);
    const type = parseSlotType(slot.type);
    if (type === null) {
      m.findings.push(finding("PROFILE_SCHEMA", `${path}: '${slot.type}' is not a slot type (token ref enum:<name> list:<type> int:<lo>-<hi> date time days bool money num msgid agent)`, { path: `${path}.type` }));
      return;
    }
    const element = type.kind === "list" ? type.of : type;
    if (element.kind === "enum" && !enums.has(element.name)) {
      m.findings.push(finding("PROFILE_REFERENCE", `${path}: type ${slot.type} names enum ${element.name}, which is neither core nor defined by the profile`, { path: `${path}.type` }));
      return;
    }
    specs.push({ key: slot.key, type: type as SlotType, meaning: slot.desc ?? "", on: [...new Set(slot.on)], origin: m.name });
  });
  return specs;
}

function compileRules(m: Merge, file: ProfileFile, isSlot: (k: string) => boolean, enums: ReadonlyMap<string, ReadonlyMap<string, unknown>>, moneySlots: ReadonlySet<string>): TranslationRule[] {
  const rules: TranslationRule[] = [];
  const ids = new Set<string>();
  (file.translation ?? []).forEach((rule, i) => {
    const path = `translation[${i}]`;
    const before = m.findings.length;
    if (ids.has(rule.id)) m.findings.push(finding("PROFILE_SCHEMA", `${path}: rule id ${rule.id} is used twice`, { path: `${path}.id` }));
    ids.add(rule.id);
    const named = [...(rule.when?.has ?? []), ...(rule.require ?? []), ...Object.keys(rule.shape ?? {}), ...(rule.sum ? [...rule.sum.parts, rule.sum.total] : [])];
    for (const key of named) {
      if (!isSlot(key)) m.findings.push(finding("PROFILE_REFERENCE", `${path}: rule ${rule.id} names slot ${key}, which is not defined`, { path }));
    }
    for (const key of rule.sum ? [...rule.sum.parts, rule.sum.total] : []) {
      if (isSlot(key) && !moneySlots.has(key)) m.findings.push(finding("PROFILE_REFERENCE", `${path}: a sum adds money slots, and ${key} is not one`, { path: `${path}.sum` }));
    }
    const shapes: RuleShape[] = [];
    for (const [slot, template] of Object.entries(rule.shape ?? {})) {
      const pattern = compileShape(template, enums);
      if (typeof pattern === "string") m.findings.push(finding("PROFILE_SCHEMA", `${path}.shape.${slot}: ${pattern}`, { path: `${path}.shape.${slot}` }));
      else shapes.push({ slot, template, pattern });
    }
    if (m.findings.length > before) return;
    rules.push({
      id: rule.id,
      desc: rule.desc,
      on: rule.on ? new Set(rule.on) : null,
      itemNamespaces: rule.when?.item_ns ? new Set(rule.when.item_ns) : null,
      has: rule.when?.has ?? [],
      require: rule.require ?? [],
      tail: rule.tail === "required",
      shapes,
      sum: rule.sum ? { parts: rule.sum.parts, total: rule.sum.total } : null,
    });
  });
  return rules;
}

/**
 * Compiles the core plus one profile into the vocabulary a `p=<profile>` line is read against.
 * `profile` is untrusted JSON (a parsed profile file); every problem is a finding, nothing throws.
 */
export function compileVocabulary(core: Vocabulary, profile: unknown): Result<Vocabulary> {
  if (core.profile !== null) throw new TypeError("compileVocabulary: the first argument must be the core vocabulary");
  const fail = (findings: Finding[]): Result<Vocabulary> => ({ ok: false, value: null, findings });
  if (profile === null || typeof profile !== "object" || Array.isArray(profile)) {
    return fail([finding("PROFILE_SCHEMA", "a profile is a JSON object", { path: "" })]);
  }
  const reserved = _reservedKeys(profile);
  if (reserved.length > 0) return fail(reserved.map((path) => finding("PROFILE_SCHEMA", `${path}: this key is reserved`, { path })));
  const removed = removals(profile as Record<string, unknown>);
  if (removed.length > 0) return fail(removed);
  const parsed = v.safeParse(profileSchema, profile);
  if (!parsed.success) return fail(schemaFindings(parsed.issues));
  const file = parsed.output;
  const m: Merge = { core, name: file.profile, findings: [] };

  // Enums: `asks` and `why` extend the core's ask and why; `enums` adds new enums or extends core ones.
  const enums = new Map<string, Map<string, EnumCode>>(core.enums as Map<string, Map<string, EnumCode>>);
  for (const [name, codes] of Object.entries(file.enums ?? {})) mergeCodes(m, enums, name, codes, `enums.${name}`);
  mergeCodes(m, enums, "ask", file.asks ?? {}, "asks");
  mergeCodes(m, enums, "why", file.why ?? {}, "why");

  const profileSlots = mergeSlots(m, file, enums);
  const coreSlots: SlotSpec[] = [...core.slots.values()].map((d) => ({ key: d.key, type: d.type, meaning: d.meaning, on: [...d.on] as MessageType[], origin: d.origin }));
  const isSlot = (key: string): boolean => key === "item" || core.slots.has(key) || profileSlots.some((s) => s.key === key);

  const types = {} as TypeTable;
  for (const t of MESSAGE_TYPES) {
    const base = core.types[t];
    const extra = profileSlots.filter((s) => s.on.includes(t));
    const required = (file.slots ?? []).filter((s) => s.required === true && s.on.includes(t)).map((s) => s.key);
    types[t] = {
      meaning: base.meaning,
      required: [...base.required, ...required],
      optional: [...base.optional, ...extra.map((s) => s.key).filter((k) => !required.includes(k))],
      ...(base.conditional === undefined ? {} : { conditional: base.conditional }),
    };
  }

  const coreAsks = core.enums.get("ask") as ReadonlyMap<string, EnumCode>;
  for (const ask of file.asks_used ?? []) {
    if (!coreAsks.has(ask)) m.findings.push(finding("PROFILE_REFERENCE", `asks_used: ${ask} is not a core ask (asks_used lists the core asks the domain needs)`, { path: "asks_used" }));
  }
  const exec = new Map<string, readonly string[]>();
  for (const [ask, slots] of Object.entries(file.exec ?? {})) {
    if (!enums.get("ask")?.has(ask)) m.findings.push(finding("PROFILE_REFERENCE", `exec.${ask}: ${ask} is not an ask of the core or the profile`, { path: `exec.${ask}` }));
    for (const key of slots) {
      const spec = profileSlots.find((s) => s.key === key) ?? coreSlots.find((s) => s.key === key);
      if (spec === undefined) m.findings.push(finding("PROFILE_REFERENCE", `exec.${ask}: slot ${key} is not defined`, { path: `exec.${ask}` }));
      else if (key !== "item" && (!spec.on.includes("RB") || !spec.on.includes("DN"))) {
        m.findings.push(finding("PROFILE_REFERENCE", `exec.${ask}: execution slot ${key} must be defined on RB and DN (the readback and the done report carry it)`, { path: `exec.${ask}` }));
      }
    }
    exec.set(ask, slots);
  }

  const constraintKeys = new Map<string, ConstraintKeyEntry & { origin: string }>(core.constraintKeys);
  for (const [key, entry] of Object.entries(file.ckeys ?? {})) {
    if (constraintKeys.has(key)) m.findings.push(finding("PROFILE_REDEFINES_CORE", `ckeys.${key}: ${key} is a core constraint key`, { path: `ckeys.${key}` }));
    else constraintKeys.set(key, { meaning: entry.desc, set: entry.set ?? false, origin: file.profile });
  }
  const coreGroups = [...new Set(core.aliases.values())].map((canonical) => [canonical, ...[...core.aliases].filter(([s, c]) => c === canonical && s !== canonical).map(([s]) => s)]);
  (file.aliases ?? []).forEach((group, i) => {
    for (const spelling of group) {
      if (core.aliases.has(spelling)) m.findings.push(finding("PROFILE_REDEFINES_CORE", `aliases[${i}]: ${spelling} already names ${core.aliases.get(spelling)} in the core alias table`, { path: `aliases[${i}]` }));
    }
  });

  const moneySlots = new Set(profileSlots.filter((s) => s.type.kind === "money").map((s) => s.key));
  const translation = compileRules(m, file, isSlot, enums, moneySlots);
  if (m.findings.length > 0) return fail(m.findings);

  const vocabulary = _assemble({
    name: file.profile,
    profile: { name: file.profile, version: file.version, desc: file.desc ?? null },
    base: core,
    types,
    slots: [...coreSlots, ...profileSlots],
    enums,
    constraintKeys,
    aliases: [...coreGroups, ...(file.aliases ?? [])],
    agents: file.agents ?? null,
    asksUsed: file.asks_used ?? null,
    exec,
    translation,
  });
  return { ok: true, value: vocabulary, findings: [] };
}
