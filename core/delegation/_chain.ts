/**
 * The attestation chain against the contracts it attests (section 8): root to leaf, ending with
 * the parent and then the child, every revision exact, the evidence each link needs, and the
 * child's depth within the root maximum. "An unverifiable or broken chain denies execution."
 */
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { chainLinkFindings } from "./_chain-links.js";
import { chainStandingFindings } from "./_chain-standing.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import { sameRevision, shownRevision } from "./scalars.js";


export function _chainFindings(parent: DelegationContract, child: DelegationContract, chain: DelegationAttestationChain): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const broken = (message: string, path: string): void => {
    out.push(dimensionFinding("chain", message, { path }));
  };
  chainStandingFindings(chain, false, out);
  chainLinkFindings(child, chain, out);
  const n = chain.links.length;
  const above = chain.links[n - 2];
  if (n < 2 || above === undefined) {
    broken("the chain holds fewer than two links: it runs from the root delegator through the parent to the child", "chain.links");
    return out;
  }
  const at = (i: number, field: string): string => `chain.links.${i}.${field}`;
  if (!sameRevision(above.contract_ref, contractRef(parent))) broken(`the link before the child attests ${shownRevision(above.contract_ref)}, not the parent ${shownRevision(contractRef(parent))}`, at(n - 2, "contract_ref"));
  // The chain starts at a root contract: a root parent is the first link; a parent that is itself
  // a child is preceded by its own exact parent revision (and the links above it by theirs).
  const grand = parent.parent_contract_ref;
  if (grand === null && n !== 2) broken(`the parent ${shownRevision(contractRef(parent))} is a root contract (no parent_contract_ref), so the chain is exactly the parent then the child; it holds ${n} links`, "chain.links");
  if (grand !== null) {
    const before = chain.links[n - 3];
    if (before === undefined) broken(`the chain starts at the parent ${shownRevision(contractRef(parent))}, which is not a root contract: it omits the parent's own parent ${shownRevision(grand)} and every link above it; the chain runs from the root delegator`, "chain.links");
    else if (!sameRevision(before.contract_ref, grand)) broken(`the link before the parent attests ${shownRevision(before.contract_ref)}, not the parent's own parent ${shownRevision(grand)}`, at(n - 3, "contract_ref"));
  }
  // The parent's link attests the parent contract as it is: its delegator (at the root, the root
  // delegator, whom nothing else in the chain checks), its delegatee's card and its operator.
  if (!sameRevision(above.delegator_actor_ref, parent.delegator_actor_ref)) broken("the parent's link names another delegator than the parent contract's delegator revision", at(n - 2, "delegator_actor_ref"));
  if (!sameRevision(above.delegatee_actor_ref, parent.delegatee_agent_ref.agent_actor_ref)) broken("the parent's link names another delegatee than the parent contract", at(n - 2, "delegatee_actor_ref"));
  if (!sameRevision(above.delegatee_card_ref, parent.delegatee_agent_ref.agent_card_ref)) broken("the parent's link names another card revision than the parent contract's delegatee card", at(n - 2, "delegatee_card_ref"));
  if (above.operator_principal_ref !== parent.accountable_operator_ref.operator_principal_ref) broken("the parent's link names another operator than the parent contract's accountable operator", at(n - 2, "operator_principal_ref"));
  if (above.max_remaining_depth !== parent.subdelegation_policy.max_remaining_depth) broken("the chain's depths are not the contracts' max_remaining_depth", at(n - 2, "max_remaining_depth"));
  const required = [...new Set(parent.subdelegation_policy.required_attestations)];
  chain.links.forEach((link, i) => {
    const kinds = new Set(link.evidence.map((e) => e.kind));
    for (const kind of required) {
      if (!kinds.has(kind)) out.push(dimensionFinding("chain", `chain.links.${i}: no ${kind} evidence, which the parent requires of every link`, { path: at(i, "evidence") }, "CHAIN_ATTESTATION"));
    }
  });
  return out;
}
