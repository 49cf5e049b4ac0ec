/**
 * The fence set an attempt or a checkpoint records is complete for its contract revision (1.2:
 * "Before an effect, the evaluator constructs a ControlFenceSet containing the current
 * ControlBoundaryRef for every applicable authority scope ... The PermissionDecision,
 * ExecutionAttempt, and project-mutation request bind this exact fence set"; 5.1: `control_scopes`
 * are the scopes "whose current heads every effect must fence"; 7.2: a checkpoint holds the
 * "complete control fence set"). A record of the contract's exact revision whose fence set lacks
 * one of those streams shows an effect that ran unfenced there: a revocation or suspension of that
 * scope could not have stopped it (FENCE_SCOPE_MISSING, at `<records>.<i>.control_fence_set`).
 *
 * Only streams are compared: whether the fenced positions were the heads at the time is the append
 * boundary's (`checkFences`), and the heads of the past are not in hand. A record of another
 * revision is judged by that revision's scopes, which are not in hand. Every record of an attempt
 * is compared: each carries the fence set it was appended under.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { branchOf, streamOf } from "./control.js";
import { contractEffectScopes } from "./_effect-scopes.js";
import type { FencedRecord } from "./_fenced-records.js";
import { sameRevision } from "./scalars.js";

export function recordFenceFindings(contract: DelegationContract, records: readonly FencedRecord[], out: DelegationFinding[]): void {
  const revision = contractRef(contract);
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const required = contractEffectScopes(contract).map(branchOf);
  for (const r of records) {
    if (!sameRevision(r.delegation_ref, revision)) continue;
    const fenced = new Set(r.control_fence_set.map(streamOf));
    const path = `${r.at}.control_fence_set`;
    for (const branch of required) {
      if (fenced.has(streamOf(branch))) continue;
      const stream = `${branch.project_id} ${branch.branch_id}`;
      out.push(delegationFinding("FENCE_SCOPE_MISSING", `${path}: ${r.id} under ${named} does not fence ${stream}, a scope every effect under it fences (sections 1.2, 5.1): a control change there could not have stopped it`, { path, dimension: "fences", expected: stream }));
    }
  }
}
