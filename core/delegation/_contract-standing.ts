/**
 * Whether a contract's producer still stands by it, where it is proposed to become active (sections
 * 3, 8, 11.4): a child under its parent (`checkSubdelegation`) or a delegation's next revision
 * (`checkReassignment`). Every record carries its producer's `lifecycle_assertion` (3: "Producer
 * assertion; projected lifecycle is authoritative"); the projection is `check-fences`' answer, and
 * the assertion is what the record in hand says. A contract asserting `suspended`, `revoked`,
 * `retired`, `superseded` or `expired` says it no longer holds, so it authorizes nothing
 * (`CONTRACT_INACTIVE` at evaluation) and allowing it to become active would answer yes to what
 * every later check refuses. As for its attestation chain (`_chain-standing.ts`), a `proposed` one
 * passes (a child is checked before it becomes active) and only an ended one is refused. Denied on
 * `parent` with `CONTRACT_INACTIVE`, the pair a parent asserting anything but `active` is denied
 * on at check-child: the code says what is wrong, the dimension that the contract cannot stand
 * under its parent (or after its prior).
 */
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import { ENDED_ASSERTIONS } from "./vocabulary.js";

/** CONTRACT_INACTIVE (dimension `parent`) when the contract at `at` (`child`, `next`) asserts it no longer holds. */
export function contractStandingFindings(contract: DelegationContract, at: "child" | "next", out: DelegationFinding[]): void {
  const a = contract.lifecycle_assertion;
  if (!ENDED_ASSERTIONS.includes(a)) return;
  const what = at === "child" ? "the child" : "the next revision";
  out.push(dimensionFinding("parent", `${what} ${contract.delegation_id}@${contract.revision_id} asserts ${a}: its producer says it no longer holds, so it authorizes nothing and cannot become active`, { path: `${at}.lifecycle_assertion`, expected: "not suspended, revoked, retired, superseded or expired", received: a }, "CONTRACT_INACTIVE"));
}
