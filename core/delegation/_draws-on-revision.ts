/**
 * Whether an attempt drew on a contract revision's limits: it names that delegation and revision
 * id, under any content digest. A revision id is never reused (sections 2 and 3: "Unique immutable
 * revision ID"), so an attempt naming it under another digest ran under that revision or under a
 * record claiming to be it, and its consumption may have come out of the revision's limits: it is
 * counted, failing closed. One rule for `checkAttempts`'s budget (`_attempt-budget.ts`), a
 * checkpoint's computed remainder (`_checkpoint-remainder.ts`) and a reassignment's remainder
 * (`_shared-budget.ts`), so no two of them read such an attempt apart.
 */
import type { DelegationContract } from "./contract.js";
import type { ExecutionAttempt } from "./execution.js";
import type { RevisionRef } from "./scalars.js";

/** Whether `ref` names `contract`'s delegation and revision id, under any content digest. */
export const namesRevision = (ref: RevisionRef, contract: DelegationContract): boolean => ref.object_id === contract.delegation_id && ref.revision_id === contract.revision_id;

export const drawsOnRevision = (attempt: ExecutionAttempt, contract: DelegationContract): boolean => namesRevision(attempt.delegation_ref, contract);
