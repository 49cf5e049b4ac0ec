/**
 * Autonomy tiers, effect classes and human-authority gates (section 6) as data. A tier is what
 * the agent may do and the gate that must hold for it; an effect class is the kind of effect a
 * request or contract names, with the lowest tier that may carry it out. The human-authority
 * gates are decisions no agent, adapter, evaluator or same-principal note can make.
 */

import { isTableName, shownName } from "./_table-names.js";

export const AUTONOMY_TIERS = {
  T0_observe: { rank: 0, may: "Read explicitly allowed data and produce private diagnostics.", gate: "Data/consent policy only." },
  T1_draft: { rank: 1, may: "Produce proposals or artifacts with no canonical/external effect.", gate: "Automated scope and provenance checks." },
  T2_bounded_execute: { rank: 2, may: "Perform reversible, contained mutations within an exact contract.", gate: "Pre-effect permission plus specified reviewer or asynchronous monitoring." },
  T3_consequential_propose: { rank: 3, may: "Prepare consequential effect and exact approval artifact; cannot execute it.", gate: "Named human authority approves the exact target/payload/effect/expiry." },
  T4_consequential_execute: { rank: 4, may: "Execute the exact approved consequential effect.", gate: "Fresh human approval, post-effect read-back, and required review; no wildcard scope." },
} as const;
export type AutonomyTier = keyof typeof AUTONOMY_TIERS;
export const TIER_NAMES: readonly AutonomyTier[] = Object.keys(AUTONOMY_TIERS) as AutonomyTier[];

/**
 * Effect classes, each with the lowest tier whose "Agent may do" column covers it. Consequential
 * classes may be named from T3 (to prepare them) and executed only at T4. `project`: the effect is
 * a project mutation, which resolves to an RW-002 Contribution (1.1; 11.1's proposal Contribution);
 * reads and external-only effects make none.
 */
export const EFFECT_CLASSES = {
  read_only: { tier: "T0_observe", consequential: false, project: false, meaning: "reads and private diagnostics" },
  proposal: { tier: "T1_draft", consequential: false, project: true, meaning: "proposals or artifacts with no canonical or external effect" },
  reversible_mutation: { tier: "T2_bounded_execute", consequential: false, project: true, meaning: "a reversible, contained mutation" },
  consequential_mutation: { tier: "T3_consequential_propose", consequential: true, project: true, meaning: "a canonical or irreversible project mutation" },
  external_publication: { tier: "T3_consequential_propose", consequential: true, project: false, meaning: "publication outside the project" },
  external_commitment: { tier: "T3_consequential_propose", consequential: true, project: false, meaning: "a commitment to a party outside the project" },
  spend: { tier: "T3_consequential_propose", consequential: true, project: false, meaning: "spending money" },
} as const;
export type EffectClass = keyof typeof EFFECT_CLASSES;
export const EFFECT_CLASS_NAMES: readonly EffectClass[] = Object.keys(EFFECT_CLASSES) as EffectClass[];

/**
 * Section 6: "corpus inclusion, plan approval, hypothesis promotion, Verdicts, publication,
 * policy, permission issuance, and external commitments remain human-authority gates regardless
 * of adapter features": each gate, with the operations and effect classes it governs.
 */
export const HUMAN_AUTHORITY_GATES = {
  corpus_inclusion: { operations: ["include_in_corpus"], effectClasses: [] },
  plan_approval: { operations: ["approve_plan"], effectClasses: [] },
  hypothesis_promotion: { operations: ["promote_hypothesis"], effectClasses: [] },
  verdict: { operations: ["issue_verdict"], effectClasses: [] },
  publication: { operations: ["publish"], effectClasses: ["external_publication"] },
  policy: { operations: ["change_policy"], effectClasses: [] },
  permission_issuance: { operations: ["issue_permission"], effectClasses: [] },
  external_commitment: { operations: ["commit_externally"], effectClasses: ["external_commitment"] },
} as const;
export type HumanGate = keyof typeof HUMAN_AUTHORITY_GATES;
export const HUMAN_GATE_NAMES: readonly HumanGate[] = Object.keys(HUMAN_AUTHORITY_GATES) as HumanGate[];

/**
 * The only evidence that satisfies a gate: an RW-002 AuthorityDecision by a human (human gates) or
 * an RW-002 Review (reviewer requirements). Anything else offered as approval (an MCP task's
 * `completed`, an A2A message, an OAuth scope, a transport acknowledgement, an agent's own
 * assertion) is adapter or agent evidence, refused by name (section 10.2, "Not supplied by transport alone").
 */
export const GATE_SOURCES = ["authority_decision", "review"] as const;
export type GateSource = (typeof GATE_SOURCES)[number];

export function tierRank(tier: AutonomyTier): number {
  if (!isTableName(AUTONOMY_TIERS, tier)) throw new RangeError(`tierRank: ${shownName(tier)} is not an autonomy tier`);
  return AUTONOMY_TIERS[tier].rank;
}

/** The lowest tier that may carry out an effect class. */
export function tierOf(effect: EffectClass): AutonomyTier {
  return effectClass("tierOf", effect).tier;
}

export function isConsequential(effect: EffectClass): boolean {
  return effectClass("isConsequential", effect).consequential;
}

/** An effect class's row; a name outside the table (`toString`, `__proto__` included) is a misuse. */
function effectClass(caller: string, effect: EffectClass): (typeof EFFECT_CLASSES)[EffectClass] {
  if (!isTableName(EFFECT_CLASSES, effect)) throw new RangeError(`${caller}: ${shownName(effect)} is not an effect class`);
  return EFFECT_CLASSES[effect];
}

/** A name in one case, to match a denial or a gate (names are ASCII): "Publish" is publish. */
export function foldCase(name: string): string {
  return name.toLowerCase();
}

/**
 * The human gates an operation (in any case) or an effect class falls under (usually none, at most
 * one). An operation that is no string, or an effect class outside the table, is a misuse, refused
 * as `tierOf` refuses one: a request read by its schema never carries either.
 */
export function humanGatesFor(operation: string | null, effect: EffectClass | null): HumanGate[] {
  if (operation !== null && typeof operation !== "string") throw new TypeError(`humanGatesFor: the operation is a string or null, not ${shownName(operation)}`);
  if (effect !== null) effectClass("humanGatesFor", effect);
  const out: HumanGate[] = [];
  const op = operation === null ? null : foldCase(operation);
  for (const name of HUMAN_GATE_NAMES) {
    const gate = HUMAN_AUTHORITY_GATES[name];
    if ((op !== null && (gate.operations as readonly string[]).includes(op)) || (effect !== null && (gate.effectClasses as readonly string[]).includes(effect))) out.push(name);
  }
  return out;
}

// The tables' shapes, checked by the compiler.
const _effects: Readonly<Record<EffectClass, { readonly tier: AutonomyTier; readonly consequential: boolean; readonly project: boolean }>> = EFFECT_CLASSES;
const _gates: Readonly<Record<HumanGate, { readonly operations: readonly string[]; readonly effectClasses: readonly EffectClass[] }>> = HUMAN_AUTHORITY_GATES;
void _effects;
void _gates;
