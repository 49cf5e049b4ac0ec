/**
 * The human-authority gates (section 6) an operation selector of a scope reaches: those with an
 * operation some request the selector allows would name. A scope allows exact names, in their
 * case, and a gate governs an operation in any case (`Publish` is `publish`), so a selector reaches
 * a gate when, folded to one case, it covers one of the gate's operations by the very rule
 * permission evaluation allows a request's operation by (`selectorCovers`): `*` reaches every gate,
 * `Pub*` and `issue_*` theirs, `publish` its own.
 */
import { selectorCovers } from "./_selectors.js";
import { foldCase, HUMAN_AUTHORITY_GATES, HUMAN_GATE_NAMES } from "./tiers.js";
import type { HumanGate } from "./tiers.js";

export function gatesReachedBy(selector: string): HumanGate[] {
  const folded = foldCase(selector);
  return HUMAN_GATE_NAMES.filter((gate) => (HUMAN_AUTHORITY_GATES[gate].operations as readonly string[]).some((op) => selectorCovers(folded, op)));
}
