/**
 * Whether an attestation chain's producer still stands by it (sections 3, 8). Every record carries
 * a `lifecycle_assertion`, the producer's; a chain asserting `suspended`, `revoked`, `retired`,
 * `superseded` or `expired` is one its producer no longer attests, so the child it attests rests
 * on an unverifiable chain, and "An unverifiable or broken chain denies execution" (8). At
 * execution (`evaluatePermission`) the chain is in force, `active`, as the contract and the card
 * must be (`CONTRACT_INACTIVE`, `CARD_INACTIVE`); before (`checkSubdelegation`, `checkReassignment`:
 * may a child become active), a `proposed` chain beside a proposed child passes, and only an ended
 * one is refused.
 */
import type { DelegationAttestationChain } from "./attestation-chain.js";
import type { DelegationFinding } from "./codes.js";
import { dimensionFinding } from "./dimensions.js";
import { ENDED_ASSERTIONS as ENDED } from "./vocabulary.js";

/** CHAIN_BROKEN (dimension `chain`) when the chain asserts it no longer holds; at execution, when it asserts anything but `active`. */
export function chainStandingFindings(chain: DelegationAttestationChain, atExecution: boolean, out: DelegationFinding[]): void {
  const a = chain.lifecycle_assertion;
  if (atExecution ? a === "active" : !ENDED.includes(a)) return;
  const why = ENDED.includes(a) ? "its producer no longer attests it" : "it is not in force";
  out.push(dimensionFinding("chain", `the attestation chain ${chain.record_id}@${chain.revision_id} asserts ${a}: ${why}, and an unverifiable chain denies execution (section 8)`, { path: "chain.lifecycle_assertion", expected: atExecution ? "active" : "not suspended, revoked, retired, superseded or expired", received: a }));
}
