/**
 * External-effect reconciliation on resume (sections 1.1, 7.1, 7.2). A checkpoint records
 * "tool-side external operation IDs and reconciliation state", and "The resumer MUST verify ...
 * external-effect reconciliation ... Failed validation stops or escalates; it never silently
 * continues from stale state"; "A timeout after transmission is unknown until reconciliation", and
 * "Unknown or mixed external effects never normalize to success or retryable failure without
 * reconciliation" (1.1).
 *
 * RESUME_UNRECONCILED: a resume from a checkpoint given (`_resumes.ts`) shows it reconciled each
 * operation the checkpoint left `pending` or `unknown`: its `external_receipts` hold one of the same
 * `system` and `operation_id` with a `receipt_ref` (the tool-side read-back of that operation; 7.1's
 * "external receipts"). A receipt with no `receipt_ref` is a receipt of nothing read back. An
 * operation the checkpoint records `reconciled` needs none (11.4's CP-7, CAT-OP-9). Every record of
 * the resume is judged: reconciliation precedes the fresh ControlFenceSet every record carries
 * (7.2: verify, "then issue a fresh ControlFenceSet"), so each record can show it.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { resumesOf } from "./_resumes.js";

/** A checkpoint's operations left pending or unknown, once each, by `system operation_id`. */
function unreconciled(checkpoint: DelegationCheckpoint): Map<string, string> {
  const open = new Map<string, string>();
  for (const op of checkpoint.external_operations) if (op.reconciliation !== "reconciled") open.set(`${op.system} ${op.operation_id}`, `${op.system} ${op.operation_id} (${op.reconciliation})`);
  return open;
}

/**
 * Each given resume against the unreconciled external operations of the checkpoint it names, when
 * that checkpoint is given: one finding a record and checkpoint, naming a few of the operations it
 * shows no receipt for (thousands of records resuming a checkpoint of thousands of operations
 * would otherwise answer millions), found in time linear in the receipts.
 */
export function resumeReconciliationFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const openBy = new Map<number, Map<string, string>>();
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    const open = openBy.get(c) ?? unreconciled(checkpoint);
    openBy.set(c, open);
    if (open.size === 0) continue;
    const read = new Set<string>();
    for (const r of attempt.external_receipts) if (r.receipt_ref !== null && open.has(`${r.system} ${r.operation_id}`)) read.add(`${r.system} ${r.operation_id}`);
    if (read.size === open.size) continue;
    // Each key passed is read (at most the receipts) or named (at most three): linear, not open's size a record.
    const named: string[] = [];
    for (const [key, shown] of open) {
      if (named.length === 3) break;
      if (!read.has(key)) named.push(shown);
    }
    const more = open.size - read.size - named.length;
    const ops = `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
    const path = `attempts.${index}.external_receipts`;
    out.push(delegationFinding("RESUME_UNRECONCILED", `${path}: ${attempt.attempt_id} resumes ${checkpoint.checkpoint_id} (checkpoints.${c}), which left the external operation${open.size - read.size === 1 ? "" : "s"} ${ops} unreconciled, and records no receipt read back for ${open.size - read.size === 1 ? "it" : "them"}: the resumer verifies external-effect reconciliation, and never silently continues from stale state (section 7.2; unknown effects never normalize without reconciliation, 1.1)`, { path, dimension: "retries", expected: "a receipt with a receipt_ref of each operation the checkpoint left pending or unknown", received: `${checkpoint.checkpoint_id}: ${ops}` }));
  }
}
