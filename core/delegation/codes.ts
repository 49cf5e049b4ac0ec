/**
 * RW-003 findings: every problem `core/delegation` reports is a value with a stable code, in the
 * repo's Finding shape `{ code, severity, message, ... }` (core/finding.ts). The table is separate
 * from the RW1 table: these codes describe records, not lines. Codes never change meaning.
 */

/** Every code, with whether it refuses (`error`) or only informs (`note`). */
export const DELEGATION_CODES = {
  // Reading a record (any kind).
  DELEGATION_SCHEMA: "error",
  DELEGATION_KIND_UNKNOWN: "error",
  SCHEMA_UNSUPPORTED: "error",
  SCHEMA_UNSUPPORTED_READ: "note",
  FIELD_IGNORED: "note",
  SECRET_FIELD: "error",
  SECRET_VALUE: "error",
  PRINCIPAL_EMAIL: "error",
  /** A consent's subject or recipient is an email address, personal data where a reference binds (9). */
  CONSENT_PERSONAL_DATA: "error",
  ID_MISMATCH: "error",
  /** A record a contract names carries the contract's own RecordId, which is never reused (2). */
  ID_REUSED: "error",
  LIFECYCLE_REASON: "error",
  SIGNATURE_REQUIRED: "error",
  TIME_ORDER: "error",
  // Agent Cards (section 4).
  CARD_ACTOR: "error",
  CARD_ACTOR_CHANGED: "error",
  CARD_CLAIM_EVIDENCE: "error",
  CARD_OPERATOR_EVIDENCE: "error",
  CARD_OPERATOR_UNRESOLVED: "note",
  // Delegation Contracts (sections 5, 6, 7.3, 8).
  CONTRACT_ISSUER: "error",
  /** A contract names one revision (object and revision id) under two content digests among its references (2, 3). */
  CONTRACT_REF_DIGEST_CONFLICT: "error",
  TIER_EFFECT: "error",
  TIER_GATE: "error",
  TIER_WILDCARD: "error",
  HUMAN_GATE_MISSING: "error",
  MONITORING_NONE: "error",
  SUBDELEGATION_POLICY: "error",
  RETRY_RECONCILE: "error",
  /** retry_policy.retryable_outcomes lists succeeded: a succeeded attempt met the one objective (sections 1, 5.1, 1.1). */
  RETRY_SUCCEEDED: "error",
  CONTROL_SCOPES: "error",
  CHILD_REFS: "error",
  // Attempts, checkpoints, breakers, events (sections 1.1, 1.2, 7).
  ATTEMPT_SUCCESS_UNVERIFIED: "error",
  ATTEMPT_PARTIAL_UNENUMERATED: "error",
  ATTEMPT_OUTCOME_EFFECTS: "error",
  /** An attempt claims an RW-002 Contribution under a revision allowing no project mutation (1.1). */
  ATTEMPT_CONTRIBUTION_UNAUTHORIZED: "error",
  /** A remote task, session or context ID an adapter records is one of the attempt's own identifiers (10.3). */
  ADAPTER_ID_SUBSTITUTED: "error",
  /** An attempt given as this delegation's is of another delegation. */
  ATTEMPT_DELEGATION: "error",
  /**
   * Two records of one attempt, neither leading to the other through its priors, or two records
   * under one attempt id that start at different times: which one the id records is unknown.
   */
  ATTEMPT_REVISION_FORK: "error",
  /** Two records of one attempt under one revision and content digest hold other content: which is the attempt is unknown. */
  ATTEMPT_DIGEST_CONFLICT: "error",
  /** Two records of one checkpoint under one revision and content digest hold other content: which is the checkpoint is unknown. */
  CHECKPOINT_DIGEST_CONFLICT: "error",
  /** An attempt names the contract's revision id under another content digest: a revision id is never reused, so which revision it ran under is unknown (2, 3). */
  ATTEMPT_REVISION_DIGEST: "error",
  /** A checkpoint names the contract's revision id under another content digest: which revision it was written under is unknown (2, 3, 7.2). */
  CHECKPOINT_REVISION_DIGEST: "error",
  /** One checkpoint given at two revisions with two sequences: which is its place in its attempt's order is unknown (7.2). */
  CHECKPOINT_SEQUENCE_CONFLICT: "error",
  /** A record of an attempt reports less consumed than the revision it follows: nothing is given back. */
  ATTEMPT_CONSUMPTION_SHRANK: "error",
  /** A record of an attempt moves its outcome from unknown or partially_applied to another without a read-back (1.1, 7.1, 10.3). */
  ATTEMPT_OUTCOME_UNRECONCILED: "error",
  /** A checkpoint's remaining_budget claims more than its revision's limits leave after the consumption recorded up to it (7.2). */
  CHECKPOINT_REMAINDER_OVERSTATED: "error",
  /** A checkpoint given is of another revision than the contract given: its remaining budget cannot be verified (7.2). */
  CHECKPOINT_REMAINDER_UNVERIFIED: "error",
  /** A resume's revision grants more than a checkpoint left: the least of its remaining_budget and the computed remainder (7.2, 11.4). */
  CHECKPOINT_REMAINDER_EXCEEDED: "error",
  /** An attempt's or checkpoint's input names an object its contract revision binds, at another revision or digest (1: "under exact inputs"; 7.2). */
  INPUT_NOT_EXACT: "error",
  /** A resume (or a reassignment's next revision) uses an object its checkpoint fixed at another revision or digest (7.2: "input fixity"; 7.3 "stale input"; 11.4). */
  INPUT_STALE: "error",
  /** A checkpoint fixes an object its attempt records (inputs, outputs) only at other revisions or digests (7.1, 7.2). */
  CHECKPOINT_INPUT_UNUSED: "error",
  /** A checkpoint fixes objects its attempt records neither using nor producing: not checked against it (7.1, 7.2). */
  CHECKPOINT_INPUT_UNATTESTED: "note",
  /** A resume from a checkpoint whose external operation is pending or unknown records no receipt read back for it (1.1, 7.1, 7.2: "external-effect reconciliation"). */
  RESUME_UNRECONCILED: "error",
  /** A resume fences a stream before its checkpoint's position, or, under a new revision, its delegation's stream at the checkpoint's boundary (7.2: "a fresh ControlFenceSet"; 11.4). */
  RESUME_FENCE_STALE: "error",
  /** A resume starts before the checkpoint it resumes was written (7.2: the resumer verifies the checkpoint, then fences afresh; 11.4). */
  RESUME_BEFORE_CHECKPOINT: "error",
  /** A resume is a record of the very attempt that wrote the checkpoint it resumes (7.2: "Resume creates a new attempt referencing the checkpoint"; 11.4). */
  RESUME_NOT_NEW_ATTEMPT: "error",
  /** A resume continues from a checkpoint of an attempt with a later one (a greater sequence) of it written before it started (7.2: "never silently continues from stale state"). */
  RESUME_CHECKPOINT_SUPERSEDED: "error",
  /** Of one attempt's checkpoints, one written later has no greater sequence, or two share one (7.2: "monotonic sequence"). */
  CHECKPOINT_SEQUENCE: "error",
  /** A checkpoint names another delegation revision than its attempt ran under, or is written before that attempt started (1.1, 7.2). */
  CHECKPOINT_ATTEMPT_MISMATCH: "error",
  /** A checkpoint its attempt's executor wrote names another operator than that attempt's (1.1, 7.2: "writer Actor/operator"). */
  CHECKPOINT_WRITER_OPERATOR: "error",
  /** A checkpoint fences a stream before its attempt did, or before a checkpoint of that attempt with a lower sequence did (1.2: positions only grow; 7.2). */
  CHECKPOINT_FENCE_REGRESSED: "error",
  /** A later revision of an attempt fences a stream before an earlier revision of it did (1.2: positions only grow; 3, 9). */
  ATTEMPT_FENCE_REGRESSED: "error",
  DECISION_INCONSISTENT: "error",
  EVENT_TYPE_UNKNOWN: "error",
  EVENT_SCOPE_MISMATCH: "error",
  EVENT_PLACEMENT: "error",
  EVENT_BRANCH_SUBJECT: "error",
  EVENT_FENCES_REQUIRED: "error",
  // Control fence sets and heads (section 1.2).
  FENCE_SET_EMPTY: "error",
  FENCE_SET_UNSORTED: "error",
  FENCE_SET_DUPLICATE: "error",
  FENCE_SET_AUDIT_BRANCH: "error",
  FENCE_SET_NOT_CONTROL: "error",
  FENCE_HEADS_DUPLICATE: "error",
  FENCE_STALE: "error",
  FENCE_HEAD_MISSING: "error",
  FENCE_SUSPENDED: "error",
  FENCE_EXPIRED: "error",
  FENCE_REVOKED: "error",
  FENCE_UNRESOLVED: "error",
  FENCE_UNAVAILABLE: "error",
  FENCE_SCOPE_MISSING: "error",
  /** Two boundaries the records given fence in one control stream name two events at one position, or one event at two positions or with two digests (1.2). */
  FENCE_FORK: "error",
  // Sub-delegation (section 8): one code a dimension.
  SUBDELEGATION_DENIED: "error",
  ATTENUATION_PARENT: "error",
  ATTENUATION_DEPTH: "error",
  ATTENUATION_SUBDELEGATION: "error",
  /** A child input (or a next revision's) that is not, exactly, one of the parent's (prior's) inputs (1, 8). */
  ATTENUATION_INPUTS: "error",
  ATTENUATION_OBJECTS: "error",
  ATTENUATION_TOOLS: "error",
  ATTENUATION_OPERATIONS: "error",
  ATTENUATION_DATA: "error",
  ATTENUATION_EFFECT_CLASS: "error",
  ATTENUATION_DURATION: "error",
  ATTENUATION_RETRIES: "error",
  ATTENUATION_CONCURRENCY: "error",
  ATTENUATION_SPEND: "error",
  ATTENUATION_BUDGET: "error",
  /** The child and the parent's other live children together take more of an additive budget than the parent has (8). */
  ATTENUATION_BUDGET_SHARED: "error",
  /** A contract given as one of the parent's other live children names another parent revision (or none). */
  SIBLING_PARENT: "error",
  /** Two contracts given as siblings under one delegation, revision and content digest hold other content. */
  SIBLING_DIGEST_CONFLICT: "error",
  /** A reassignment's next revision takes more than the attempts under its prior's revision left of a budget (11.4: "remaining budget"). */
  ATTENUATION_BUDGET_REMAINING: "error",
  /** Budgets in unlike units (money in two currencies) cannot be added up; RW-004 normalizes units (13). */
  BUDGET_UNITS_UNLIKE: "error",
  INHERIT_DENIALS: "error",
  INHERIT_HUMAN_GATES: "error",
  INHERIT_CONSENT: "error",
  INHERIT_MONITORING: "error",
  INHERIT_VERIFICATION: "error",
  INHERIT_REVOCATION: "error",
  DELEGATE_BINDING: "error",
  CHAIN_BROKEN: "error",
  CHAIN_ATTESTATION: "error",
  ROUTING: "error",
  ANCESTOR_FENCES: "error",
  AMENDMENT_REF: "error",
  // Permission (sections 5.2, 6, 9).
  CARD_INACTIVE: "error",
  CARD_MISMATCH: "error",
  CARD_SIGNER_EXPIRED: "error",
  EXECUTOR_MISMATCH: "error",
  OPERATOR_UNRESOLVED: "error",
  OPERATOR_MISMATCH: "error",
  /** The request's moment is before the card's accountable_operator.effective_from (4.1, 8). */
  OPERATOR_NOT_EFFECTIVE: "error",
  /**
   * The request's adapter is not one the card's supported_adapters declare: its protocol/version,
   * or its authentication method, endpoint or a negotiated extension, for a consequential effect (10.3).
   */
  ADAPTER_UNSUPPORTED: "error",
  /** The same for an effect that is not consequential: noted, since 10.3 fails closed for consequential effects. */
  ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL: "note",
  CONTRACT_INACTIVE: "error",
  CONTRACT_EXPIRED: "error",
  CONTRACT_NOT_YET: "error",
  CONTRACT_SUPERSEDED: "error",
  HEAD_RECORD_UNRESOLVED: "error",
  /** A fenced head holds another revision of a record the contract relies on: an ancestor delegation or a consent (1.2, 8, 11.4). */
  HEAD_RECORD_SUPERSEDED: "error",
  SCOPE_OBJECT: "error",
  SCOPE_TOOL: "error",
  SCOPE_TOOL_UNNAMED: "error",
  /** The request's `tool` and its adapter's `tool` name two tools: an effect runs through one (7.1, 9). */
  ADAPTER_TOOL_MISMATCH: "error",
  SCOPE_OPERATION: "error",
  SCOPE_DATA: "error",
  SCOPE_EFFECT_CLASS: "error",
  SCOPE_DENIED: "error",
  TIER_FORBIDS: "error",
  SPEND_NO_AUTHORITY: "error",
  SPEND_EXCEEDS: "error",
  BUDGET_EXCEEDED: "error",
  USAGE_UNKNOWN: "error",
  RETRY_EXHAUSTED: "error",
  RETRY_UNRECONCILED: "error",
  RETRY_NOT_ALLOWED: "error",
  /** A retry started sooner after the attempt it retries ended than the contract's backoff (or that attempt's end is unknown). */
  RETRY_BACKOFF: "error",
  /** The attempt after an unknown or partially_applied one, retry or resume, does not reuse the contract-bound idempotency key (7.1). */
  RETRY_IDEMPOTENCY: "error",
  /** Two records of one delegation send one idempotency key with different requested_effect_digest: the key no longer identifies one effect (1.2, 5.1, 7.1). */
  IDEMPOTENCY_KEY_CONFLICT: "error",
  CONSENT_EXPIRED: "error",
  /** The request touches a data class no consent the contract relies on binds (9). */
  CONSENT_DATA_CLASS: "error",
  /** The request touches a data class that only consents naming other recipients than the executing agent bind (9). */
  CONSENT_RECIPIENT: "error",
  GATE_UNSATISFIED: "error",
  GATE_ADAPTER: "error",
  GATE_SAME_PRINCIPAL: "error",
  GATE_REVIEW_MISSING: "error",
} as const;

export type DelegationCode = keyof typeof DELEGATION_CODES;
export type DelegationSeverity = "error" | "note";

/** The repo's Finding shape, with this table's codes and two fields of its own. */
export interface DelegationFinding {
  readonly code: DelegationCode;
  readonly severity: DelegationSeverity;
  readonly message: string;
  /** Where in the document: a dotted path (`scope.objects.0`), as valibot's `getDotPath` writes it. */
  readonly path?: string;
  /** For sub-delegation and permission: the dimension or predicate that failed (`objects`, `spend`). */
  readonly dimension?: string;
  readonly expected?: string;
  readonly received?: string;
}

export type DelegationDetail = Omit<DelegationFinding, "code" | "severity" | "message">;

/** A result as a value: `ok` exactly when no finding is an error. */
export type DelegationResult<T> =
  | { readonly ok: true; readonly value: T; readonly findings: readonly DelegationFinding[] }
  | { readonly ok: false; readonly value: null; readonly findings: readonly DelegationFinding[] };

/** Builds a finding; the severity comes from the table, so the two never disagree. */
export function delegationFinding(code: DelegationCode, message: string, detail?: DelegationDetail): DelegationFinding {
  return { code, severity: DELEGATION_CODES[code], message, ...detail };
}

export function hasDelegationError(findings: readonly DelegationFinding[]): boolean {
  for (const f of findings) if (f.severity === "error") return true;
  return false;
}

/**
 * Appends findings one by one: `out.push(...more)` passes them as call arguments, and a few
 * hundred thousand (a document under 1 MiB can produce that many) overflow the stack.
 */
export function appendFindings(out: DelegationFinding[], more: readonly DelegationFinding[]): void {
  for (const f of more) out.push(f);
}

/** Wraps findings into a result: a value only when no finding is an error. */
export function delegationResult<T>(value: T, findings: readonly DelegationFinding[]): DelegationResult<T> {
  return hasDelegationError(findings) ? { ok: false, value: null, findings } : { ok: true, value, findings };
}
