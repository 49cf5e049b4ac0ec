/**
 * What an attestation chain must be for the contract it attests, its parent aside (section 8): every
 * delegation once, every link with signature or issuer evidence, root to leaf through every
 * delegatee with the depth falling by one a link, the contract's own chain of its own root task,
 * ending with a link that attests the exact contract revision, its delegator, agent Actor, card and
 * operator, within the root maximum; every revision it names named with one content, root to leaf.
 * "An unverifiable or broken chain denies execution": checked when a child becomes active
 * (`_chainFindings`, with the parent's own link) and again before every effect
 * (`evaluatePermission`), where the parent contract is not in hand.
 */
import type { ChainLink, DelegationAttestationChain } from "./attestation-chain.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import { oneContentFindings } from "./_revision-digest.js";
import type { NamedRevision } from "./_revision-digest.js";
import { sameRevision, shownRevision } from "./scalars.js";


/** The chain's own findings against `child`; `childPath` prefixes the child's fields in a path (`contract.` in a permission document). */
export function chainLinkFindings(child: DelegationContract, chain: DelegationAttestationChain, out: DelegationFinding[], childPath = ""): void {
  const broken = (message: string, path: string): void => {
    out.push(dimensionFinding("chain", message, { path }));
  };
  const seen = new Set<string>();
  chain.links.forEach((link, i) => {
    const path = `chain.links.${i}`;
    if (seen.has(link.contract_ref.object_id)) broken(`${path}: delegation ${link.contract_ref.object_id} appears twice in the chain`, `${path}.contract_ref`);
    seen.add(link.contract_ref.object_id);
    if (!link.evidence.some((e) => e.kind === "signature" || e.kind === "issuer")) {
      out.push(dimensionFinding("chain", `${path}: no signature or issuer evidence for ${shownRevision(link.contract_ref)}`, { path: `${path}.evidence` }, "CHAIN_ATTESTATION"));
    }
    const prev = chain.links[i - 1];
    if (prev === undefined) return;
    if (link.delegator_actor_ref.object_id !== prev.delegatee_actor_ref.object_id) {
      broken(`${path}: delegated by ${link.delegator_actor_ref.object_id}, but the link before delegated to ${prev.delegatee_actor_ref.object_id}; the chain runs root to leaf through every delegatee`, `${path}.delegator_actor_ref`);
    }
    if (link.max_remaining_depth > prev.max_remaining_depth - 1) {
      out.push(dimensionFinding("depth", `${path}.max_remaining_depth: ${link.max_remaining_depth} does not fall by at least one from the link before's ${prev.max_remaining_depth}`, { path: `${path}.max_remaining_depth` }));
    }
  });
  oneContentFindings(chain.links.flatMap((link, i) => linkRevisions(link, `chain.links.${i}`)), "chain", out);
  const ref = child.attestation_chain_ref;
  if (ref === null || ref.object_id !== chain.record_id || ref.revision_id !== chain.revision_id || ref.content_digest !== chain.content_digest) {
    broken(`attestation_chain_ref does not name this chain (${chain.record_id}@${chain.revision_id})`, `${childPath}attestation_chain_ref`);
  }
  if (chain.root_task_ref !== child.root_task_ref) broken(`the chain's root task ${chain.root_task_ref} is not the child's ${child.root_task_ref}`, "chain.root_task_ref");
  const n = chain.links.length;
  const leaf = chain.links[n - 1];
  if (leaf === undefined) return;
  const at = (field: string): string => `chain.links.${n - 1}.${field}`;
  if (!sameRevision(leaf.contract_ref, contractRef(child))) broken(`the last link attests ${shownRevision(leaf.contract_ref)}, not the child ${shownRevision(contractRef(child))}`, at("contract_ref"));
  if (!sameRevision(leaf.delegator_actor_ref, child.delegator_actor_ref)) broken("the last link's delegator is not the child's delegator revision", at("delegator_actor_ref"));
  if (!sameRevision(leaf.delegatee_actor_ref, child.delegatee_agent_ref.agent_actor_ref)) broken("the last link's delegatee is not the child's agent Actor revision", at("delegatee_actor_ref"));
  if (!sameRevision(leaf.delegatee_card_ref, child.delegatee_agent_ref.agent_card_ref)) broken("the last link's card is not the child's Agent Card revision", at("delegatee_card_ref"));
  if (leaf.operator_principal_ref !== child.accountable_operator_ref.operator_principal_ref) broken("the last link's operator is not the child's accountable operator", at("operator_principal_ref"));
  if (leaf.max_remaining_depth !== child.subdelegation_policy.max_remaining_depth) broken("the chain's depths are not the contracts' max_remaining_depth", at("max_remaining_depth"));
  const root = chain.links[0]?.max_remaining_depth ?? 0;
  if (child.subdelegation_policy.max_remaining_depth + (n - 1) > root) {
    out.push(dimensionFinding("depth", `subdelegation_policy.max_remaining_depth: ${child.subdelegation_policy.max_remaining_depth} more at depth ${n - 1} exceeds the root maximum ${root}`, { path: `${childPath}subdelegation_policy.max_remaining_depth`, expected: `<= ${Math.max(root - (n - 1), 0)}` }));
  }
}

/** Every revision a link names, as read: its contract, delegator, delegatee, card and evidence. */
function linkRevisions(link: ChainLink, path: string): NamedRevision[] {
  return [
    { ref: link.contract_ref, path: `${path}.contract_ref` },
    { ref: link.delegator_actor_ref, path: `${path}.delegator_actor_ref` },
    { ref: link.delegatee_actor_ref, path: `${path}.delegatee_actor_ref` },
    { ref: link.delegatee_card_ref, path: `${path}.delegatee_card_ref` },
    ...link.evidence.map((e, j) => ({ ref: e.ref, path: `${path}.evidence.${j}.ref` })),
  ];
}
