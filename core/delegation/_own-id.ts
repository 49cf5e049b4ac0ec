/**
 * A record's own id field names the same conceptual object as its envelope's `record_id` (3:
 * record_id, "Persistent conceptual-object ID"; 2: RecordId, "Stable opaque identifier; never
 * reused"): a card's `agent_card_id` (4.1), a contract's `delegation_id` (5.1), an attempt's
 * `attempt_id` (7.1) and a checkpoint's `checkpoint_id` (7.2). Two ids for one object would let a
 * reference by either name it, and a prior, a resume or a checkpoint's `attempt_id` each name it
 * by one of them, so they are equal (`ID_MISMATCH`; README note 168). A breaker event's
 * `breaker_id` names the breaker it trips (the contract's `circuit_breaker_ref`), not the event.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";

export function ownIdFindings(field: string, id: string, recordId: string, what: string, out: DelegationFinding[]): void {
  if (id !== recordId) out.push(delegationFinding("ID_MISMATCH", `${field} ${id} differs from record_id ${recordId}; both name the ${what}`, { path: field, expected: recordId, received: id }));
}
