/**
 * One idempotency key names one effect (7.1: an attempt records its "requested effect digest" and
 * "idempotency key where supported"; 5.1's retry_policy binds one "Idempotency identity"; 1.2: the
 * executor "retain[s] the fence and idempotency identity, then perform[s] post-effect read-back").
 * The target deduplicates by the key, so a record sending a key already sent with another
 * `requested_effect_digest` leaves the target to drop the new effect or answer it with the old
 * one's result, and a read-back by the key cannot tell which effect it observed.
 *
 * IDEMPOTENCY_KEY_CONFLICT, at `attempts.<i>.requested_effect_digest`: among the records of one
 * delegation, one carrying a key another record carried first with another digest. **Decision:**
 * every pair is compared, not only a retry and the attempt it retries: a key is the target's, which
 * knows no retry chain, contract revision or attempt id, so two attempts that merely share the
 * contract-bound key collide at the target as surely. Two revisions of one attempt are compared
 * too: an attempt requests one effect. Records without a key (a target that supports none) are
 * not compared. The dimension is `retry` in `checkAttempts`; `checkReassignment` passes `retries`,
 * the sub-delegation dimension of 5.1's retry_policy ("Idempotency identity"), so a next revision
 * denied for it lists the dimension it failed (8: "A denied result lists every failed dimension").
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ExecutionAttempt } from "./execution.js";

export function idempotencyKeyFindings(records: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], out: DelegationFinding[], dimension: "retry" | "retries" = "retry"): void {
  const first = new Map<string, { readonly attempt: ExecutionAttempt; readonly index: number }>();
  for (const r of records) {
    const key = r.attempt.idempotency_key;
    if (key === null) continue;
    const was = first.get(key);
    if (was === undefined) {
      first.set(key, r);
      continue;
    }
    const [digest, then] = [r.attempt.requested_effect_digest, was.attempt.requested_effect_digest];
    if (digest === then) continue;
    const path = `attempts.${r.index}.requested_effect_digest`;
    const whose = was.attempt.attempt_id === r.attempt.attempt_id ? `another record of ${r.attempt.attempt_id}` : was.attempt.attempt_id;
    out.push(delegationFinding("IDEMPOTENCY_KEY_CONFLICT", `${path}: ${r.attempt.attempt_id} sends the idempotency key ${key} with the effect ${digest}; ${whose} (attempts.${was.index}) sent it with ${then}: the target deduplicates by the key, so it may drop one effect or answer it with the other's result, and the key no longer identifies one effect (sections 1.2, 7.1)`, { path, dimension, expected: then, received: digest }));
  }
}
