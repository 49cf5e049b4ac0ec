/**
 * The authority scopes an effect under a contract fences (1.2: "Space policy; executing Agent
 * Card/operator; exact delegation and every ancestor delegation; applicable consent/policy"; 5.1:
 * `control_scopes` are the scopes "whose current heads every effect must fence"). Shared by
 * permission, which fences a request, and the checks of the records an effect leaves (an attempt,
 * a checkpoint), which bind the fence set permission built.
 */
import type { DelegationContract } from "./contract.js";
import type { ControlScopeRef } from "./control.js";

/** The Space a contract is governed in: its space scope's, else its first scope's (one Space a contract). */
export function spaceOf(c: DelegationContract): string | undefined {
  return c.control_scopes.find((s) => s.scope_kind === "space")?.space_id ?? c.control_scopes[0]?.space_id;
}

/**
 * The contract's own delegation scope and its executing agent's scope (1.2: "executing Agent
 * Card/operator; exact delegation"), whether or not its control_scopes list them: a contract
 * handed to the API with its invariants broken still fences both. Null when no Space is named.
 */
export function ownScopes(c: DelegationContract, agentCardId: string): readonly [ControlScopeRef, ControlScopeRef] | null {
  const space = spaceOf(c);
  if (space === undefined) return null;
  return [{ space_id: space, scope_kind: "delegation", scope_id: c.delegation_id }, { space_id: space, scope_kind: "agent", scope_id: agentCardId }];
}

/**
 * What every effect under the contract fences, known from the contract alone: its control_scopes
 * (attempt audit scopes excepted: they are never fenced), its own delegation and agent streams, and
 * its parent's delegation stream (8: "every child effect MUST fence every ancestor delegation
 * stream"). Ancestors above the parent are known from the attestation chain, which permission is
 * given; a contract keeping its own invariants lists them in control_scopes (ANCESTOR_FENCES).
 */
export function contractEffectScopes(c: DelegationContract): ControlScopeRef[] {
  const scopes = c.control_scopes.filter((s) => s.scope_kind !== "attempt");
  const own = ownScopes(c, c.delegatee_agent_ref.agent_card_ref.object_id);
  const extra: ControlScopeRef[] = [...(own ?? [])];
  if (own !== null && c.parent_contract_ref !== null) extra.push({ space_id: own[0].space_id, scope_kind: "delegation", scope_id: c.parent_contract_ref.object_id });
  const key = (s: ControlScopeRef): string => `${s.space_id} ${s.scope_kind} ${s.scope_id}`;
  const listed = new Set(scopes.map(key));
  for (const s of extra) if (!listed.has(key(s))) {
    listed.add(key(s));
    scopes.push(s);
  }
  return scopes;
}
