/**
 * 10.3: "A remote task or session ID MUST NOT substitute for agent_actor_ref, delegation_id,
 * attempt_id, or an RW-002 revision reference." An ID the remote assigned (a task, session or
 * context ID) that is one of the record's own identifiers shows the record adopted the remote's
 * identifier as its own (an attempt's own include every RW-002 revision reference it records:
 * inputs, outputs, evidence, read-back, Contribution). An ID the client chose (a message or tool
 * call ID) may be the attempt_id: sending it as an A2A message ID for deduplication is what 10
 * allows ("may use its message ID for deduplication"). One rule for both records that carry an adapter: an ExecutionAttempt, against
 * its own identifiers (attemptFindings), and a PermissionRequest, against its executor's, its
 * contract's and its card's (evaluatePermission).
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { RemoteId } from "./execution.js";
import { REMOTE_ID_KINDS } from "./vocabulary.js";

/** An identifier of the record's own, by the field that holds it (`attempt_id`, `contract.delegation_id`). */
export type OwnIdentifier = readonly [field: string, value: string];

/**
 * A finding at `<at>.<i>.id` for each remote-assigned ID in `ids` that is one of `own`'s values,
 * naming every field it equals; `whose` opens the list of fields in the message ("this attempt's ").
 */
export function remoteIdSubstitutions(ids: readonly RemoteId[] | undefined, own: readonly OwnIdentifier[], at: string, whose: string): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const list = ids ?? [];
  if (list.length === 0) return out;
  // The fields by value, built once: an attempt may record thousands of inputs and outputs.
  const fieldsOf = new Map<string, string[]>();
  for (const [field, value] of own) {
    const fields = fieldsOf.get(value);
    if (fields === undefined) fieldsOf.set(value, [field]);
    else fields.push(field);
  }
  for (let i = 0; i < list.length; i++) {
    const { kind, id } = list[i] as RemoteId;
    if (REMOTE_ID_KINDS[kind] !== "remote") continue;
    const same = fieldsOf.get(id) ?? [];
    if (same.length === 0) continue;
    out.push(delegationFinding("ADAPTER_ID_SUBSTITUTED", `the remote's ${kind} ID ${id} is ${whose}${same.join(", ")}: a remote task or session ID never substitutes for the attempt's, delegation's, agent's or an RW-002 revision's identifier (section 10.3); record the remote's own ID beside them`, { path: `${at}.${i}.id`, expected: `an ID the remote assigned, none of ${same.join(", ")}`, received: id }));
  }
  return out;
}
