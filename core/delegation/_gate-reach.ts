/**
 * The human-authority gates (section 6) a scope reaches: those with an operation or effect class
 * some request the scope allows, and no denial of it refuses, would name. A scope allows exact
 * names, in their case, and a gate governs an operation in any case (`Publish` is `publish`), so an
 * operation selector reaches a gate when, folded to one case, it covers one of the gate's
 * operations by the very rule permission evaluation allows a request's operation by
 * (`selectorCovers`): `*` reaches every gate, `Pub*` and `issue_*` theirs, `publish` its own. A
 * gated operation (or effect class) that a denial of the scope refuses whatever else a request
 * names is reached by no request the scope allows, and is subtracted, by the rule evaluation
 * refuses a request by (`denialRefuses`): a denial of `publish` or `Pub*` alone takes publication
 * from `*`; one that also names objects, tools or effect classes refuses some such requests only,
 * and takes nothing.
 */
import type { Denial } from "./contract.js";
import { denialRefuses } from "./_denials.js";
import { selectorCovers } from "./_selectors.js";
import { foldCase, HUMAN_AUTHORITY_GATES, HUMAN_GATE_NAMES } from "./tiers.js";
import type { EffectClass, HumanGate } from "./tiers.js";

export interface GateReach {
  /** The gates an operation selector (or exact operation) of the scope reaches. */
  readonly byOperation: (selector: string) => HumanGate[];
  /** The gates an effect class of the scope reaches. */
  readonly byEffectClass: (effect: EffectClass) => HumanGate[];
}

/**
 * The gate reach of a scope with `denials`. The gated operations and effect classes every request
 * of which a denial refuses are found once (a few names against each denial), so a scope of
 * thousands of entries and thousands of denials is checked in time linear in their sizes.
 */
export function gateReach(denials: readonly Denial[]): GateReach {
  const refusedOps = new Set<string>();
  const refusedEffects = new Set<string>();
  for (const gate of HUMAN_GATE_NAMES) {
    const { operations, effectClasses } = HUMAN_AUTHORITY_GATES[gate];
    for (const op of operations) if (denials.some((d) => denialRefuses(d, { operation: op }))) refusedOps.add(op);
    for (const e of effectClasses) if (denials.some((d) => denialRefuses(d, { effect_class: e }))) refusedEffects.add(e);
  }
  return {
    byOperation: (selector) => {
      const folded = foldCase(selector);
      return HUMAN_GATE_NAMES.filter((gate) => (HUMAN_AUTHORITY_GATES[gate].operations as readonly string[]).some((op) => !refusedOps.has(op) && selectorCovers(folded, op)));
    },
    byEffectClass: (effect) => HUMAN_GATE_NAMES.filter((gate) => (HUMAN_AUTHORITY_GATES[gate].effectClasses as readonly string[]).includes(effect) && !refusedEffects.has(effect)),
  };
}
