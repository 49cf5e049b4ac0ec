/**
 * A record of an attempt that moves its outcome away from `unknown` or `partially_applied` shows the
 * reconciliation that resolved it (ATTEMPT_OUTCOME_UNRECONCILED): "Unknown or mixed external effects
 * never normalize to success or retryable failure without reconciliation" (1.1); "A timeout after
 * transmission is unknown until reconciliation" (7.1); "Unknown state remains unknown; it is never
 * normalized to failed merely to enable a retry" (10.3). **Decision:** the reconciliation is the
 * attempt's post-effect read-back, the VerificationReceipt its `readback_ref` names (1.1: a read-back
 * "binds ... exact event/effect refs, expected/observed state"), so the later record carries one. A
 * move to `unknown` claims nothing new, and one to `succeeded` without a read-back is refused on its
 * own (ATTEMPT_SUCCESS_UNVERIFIED). **Decision:** the read-back is one the revision it follows did
 * not already hold (the exact receipt, revision and digest): that receipt observed the state the
 * earlier record calls unknown or mixed, so it is the read-back that left the outcome there, and
 * cannot also be the one that resolved it; a move to `succeeded` on it is refused too, as its
 * read-back shows no success. Only a record whose prior revision is given is compared: an earlier
 * outcome not in hand cannot be read. Checked by `checkAttempts` (dimension `retry`) and
 * `checkReassignment` (`retries`, 5.1's retry_policy row, so a next revision denied for it lists
 * the dimension it failed): 11.4's AGENT-B verifies "no unknown external attempts" before its
 * resume, and 7.2's resumer "external-effect reconciliation", so an attempt of the prior whose
 * unknown outcome was rewritten on the read-back that left it unknown is unknown still.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ExecutionAttempt } from "./execution.js";
import { attemptPriors } from "./_attempt-priors.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { sameRevision } from "./scalars.js";
import { RECONCILE_FIRST } from "./vocabulary.js";

/** `at` and `was` are the two records' places in the document (`attempts.<i>`). */
export function outcomeReconciliationFinding(at: string, record: ExecutionAttempt, was: string, before: ExecutionAttempt, out: DelegationFinding[], dimension: "retry" | "retries" = "retry"): void {
  const [from, to] = [before.outcome, record.outcome];
  if (from === null || !RECONCILE_FIRST.includes(from)) return;
  if (to === null || to === from || to === "unknown") return;
  const path = `${at}.outcome`;
  const moved = `${path}: ${record.attempt_id}@${record.revision_id} records ${to}, and the revision it follows, ${before.revision_id} (${was}), ${from}`;
  const rule = "unknown or mixed effects never normalize without reconciliation (sections 1.1, 7.1)";
  const held = before.readback_ref;
  if (record.readback_ref === null) {
    if (to === "succeeded") return;
    out.push(delegationFinding("ATTEMPT_OUTCOME_UNRECONCILED", `${moved}; it records no read-back (readback_ref) reconciling that: ${rule}`, { path, dimension, expected: `${from}, or a readback_ref`, received: to }));
  } else if (held !== null && sameRevision(record.readback_ref, held)) {
    const receipt = `${held.object_id}@${held.revision_id}`;
    out.push(delegationFinding("ATTEMPT_OUTCOME_UNRECONCILED", `${moved}; its read-back, ${receipt}, is the one ${before.revision_id} already held when it recorded ${from}: that read-back left the outcome ${from}, so it does not reconcile it: ${rule}`, { path, dimension, expected: `${from}, or a readback_ref other than ${receipt}`, received: to }));
  }
}

/** Each record of `records` (one delegation's attempts) against its prior revision, when given (`_attempt-priors.ts`). */
export function outcomeReconciliationFindings(records: readonly AttemptRecord[], out: DelegationFinding[], dimension: "retry" | "retries"): void {
  for (const { record, before } of attemptPriors(records)) outcomeReconciliationFinding(`attempts.${record.index}`, record.attempt, `attempts.${before.index}`, before.attempt, out, dimension);
}
