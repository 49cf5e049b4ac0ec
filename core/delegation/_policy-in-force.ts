/**
 * The policy a PermissionDecision records is the one in force (5.2: the decision contains "exact
 * contract/card/policy revisions"; 1: permission intersects the "current project policy"). Two heads
 * may say which policy that is: the Space head, whose record in force is the Space's policy (README
 * note 162), and the head of the policy's own authority stream, `policy:<policy_id>` (1.2: "Space
 * policy and consent changes append to their corresponding authority branches"; scope_kind
 * `policy`), whose record in force is that policy's current revision, whatever it names (as a
 * consent's stream is read, README note 166). Each head naming a record must name the policy_ref's
 * exact revision, else HEAD_RECORD_SUPERSEDED on `policy`; a head naming none leaves the policy to
 * its fence. When some head named it and every one agreed, the predicate held and is a matched rule
 * (`policy`), as every other predicate that held is (README note 167).
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ControlHead } from "./control.js";
import type { MatchedRule } from "./permission.js";
import { sameRevision, shownRevision } from "./scalars.js";
import type { PolicyRef } from "./scalars.js";

export function policyInForce(policy: PolicyRef, space: string | undefined, heads: ReadonlyMap<string, ControlHead>, matched: MatchedRule[], out: DelegationFinding[]): void {
  if (space === undefined) return;
  // The PolicyRef as the revision reference a head holds (2: its id, version and digest).
  const named = { object_id: policy.policy_id, revision_id: policy.version, content_digest: policy.digest };
  const received = `${shownRevision(named)} ${named.content_digest}`;
  const held: string[] = [];
  let agreed = true;
  for (const branch of [`space:${space}`, `policy:${policy.policy_id}`]) {
    const stream = `rw-control:${space} ${branch}`;
    const ref = heads.get(stream)?.record_ref;
    if (ref == null) continue;
    held.push(branch);
    if (sameRevision(ref, named)) continue;
    agreed = false;
    const expected = `${shownRevision(ref)} ${ref.content_digest}`;
    out.push(delegationFinding("HEAD_RECORD_SUPERSEDED", `the head of ${stream} holds the policy ${expected}, not ${received}, which the evaluation names: the decision would record a policy not in force (sections 1, 1.2, 5.2)`, { dimension: "policy", expected, received }));
  }
  if (agreed && held.length > 0) matched.push({ rule: "policy", matched: `${shownRevision(named)} in force at ${held.join(", ")}` });
}
