/**
 * 1.1: "Each attempted project mutation resolves to one RW-002 Contribution ... Read-only or
 * external-only attempts remain extension audit records and cannot claim a canonical project
 * effect." An attempt under a contract revision whose `scope.effect_classes` hold no project
 * mutation (only `read_only`, `external_publication`, `external_commitment`, `spend`: EFFECT_CLASSES'
 * `project`) cannot have made one, so an attempt of that exact revision naming a `contribution_ref`
 * claims a project effect no authority allowed (ATTEMPT_CONTRIBUTION_UNAUTHORIZED). A contract that
 * allows any project mutation (a proposal included: 11.1 succeeds "with a proposal Contribution")
 * is not judged here: which of its effects a Contribution carries is the permission's, per effect.
 *
 * Checked by `checkAttempts` (dimension `scope.effect_classes`, as permission names it) and
 * `checkReassignment` (`effect_class`, its section-8 dimension), each attempt against the revision
 * it ran under.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { ExecutionAttempt } from "./execution.js";
import { sameRevision } from "./scalars.js";
import { EFFECT_CLASSES } from "./tiers.js";

export function attemptContributionFindings(contract: DelegationContract, records: readonly { attempt: ExecutionAttempt; index: number }[], out: DelegationFinding[], dimension: "scope.effect_classes" | "effect_class" = "scope.effect_classes"): void {
  const classes = contract.scope.effect_classes;
  if (classes.some((e) => EFFECT_CLASSES[e].project)) return;
  const revision = contractRef(contract);
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const allowed = classes.length === 0 ? "none" : classes.join(", ");
  for (const { attempt, index } of records) {
    const contribution = attempt.contribution_ref;
    if (contribution === null || !sameRevision(attempt.delegation_ref, revision)) continue;
    const path = `attempts.${index}.contribution_ref`;
    out.push(delegationFinding("ATTEMPT_CONTRIBUTION_UNAUTHORIZED", `${path}: ${attempt.attempt_id} claims the RW-002 Contribution ${contribution.object_id}@${contribution.revision_id}, a project mutation, under ${named}, whose effect classes (${allowed}) allow none: a read-only or external-only attempt remains an audit record and claims no project effect (section 1.1)`, { path, dimension, expected: "null", received: `${contribution.object_id}@${contribution.revision_id}` }));
  }
}
