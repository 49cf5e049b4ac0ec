/**
 * A contract's delegatee is a persistent agent Actor: "the agent resolves to an RW-002 Actor with
 * actor_type=agent" (1), `delegatee_agent_ref` is the "Exact Agent Card and agent Actor revisions"
 * (5.1), and a child MUST "bind a persistent child agent Actor" (8). One rule for every reader: a
 * contract validated (`_contract-rules.ts`, no dimension: the record itself is refused), a child
 * against its parent (`checkSubdelegation`) and a reassignment's next revision (`checkReassignment`),
 * both on the `delegate` dimension, so the typed checks, which validate nothing, refuse what the
 * document checks refuse.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";

export function agentDelegateeFindings(contract: DelegationContract, out: DelegationFinding[], dimension?: "delegate"): void {
  const type = contract.delegatee_agent_ref.agent_actor_ref.actor_type;
  if (type === "agent") return;
  const detail = { path: "delegatee_agent_ref.agent_actor_ref.actor_type", expected: "agent", received: type };
  out.push(delegationFinding("DELEGATE_BINDING", `the delegatee is an Actor of type ${type}; a contract binds a persistent agent Actor`, dimension === undefined ? detail : { ...detail, dimension }));
}
