/**
 * RW-003's closed vocabularies as data (DESIGN, style 4): the schema identifier, lifecycle values,
 * operator resolutions, evidence kinds, outcomes, data classes, control scope kinds and states,
 * monitoring modes and breaker triggers. The schemas and checks read these tables; nothing
 * repeats them.
 */

/** The one schema this implementation reads (the spec's header: "Schema identifier"). */
export const SCHEMA_ID = "rw-agent-delegation";
export const SCHEMA_VERSION = "0.1.1";
/** `schema_ref.schema_id` + `/` + `version` of a supported record. */
export const SUPPORTED_SCHEMAS: readonly string[] = [`${SCHEMA_ID}/${SCHEMA_VERSION}`];

/** Section 4.1 `lifecycle`: a card's state. */
export const CARD_LIFECYCLES = ["proposed", "active", "suspended", "revoked", "retired", "superseded"] as const;
export type CardLifecycle = (typeof CARD_LIFECYCLES)[number];

/** Section 3 `lifecycle_assertion`: the card states, plus `expired` (contracts) and `recorded` (observations). */
export const LIFECYCLE_ASSERTIONS = ["proposed", "active", "suspended", "revoked", "retired", "superseded", "expired", "recorded"] as const;
export type LifecycleAssertion = (typeof LIFECYCLE_ASSERTIONS)[number];
/** The assertions by which a producer says its record no longer holds (`proposed`, `active` and `recorded` do not). */
export const ENDED_ASSERTIONS: readonly LifecycleAssertion[] = ["suspended", "revoked", "retired", "superseded", "expired"];

/** Section 4.1 `accountable_operator.resolution`. */
export const OPERATOR_RESOLUTIONS = ["verified", "declared", "unresolved", "not_applicable_by_policy"] as const;
export type OperatorResolution = (typeof OPERATOR_RESOLUTIONS)[number];
/** "Consequential work requires the policy-allowed resolved state." */
export const RESOLVED_FOR_CONSEQUENTIAL: readonly OperatorResolution[] = ["verified", "not_applicable_by_policy"];

/** Section 4.3: capability evidence kinds. */
export const EVIDENCE_KINDS = ["self_asserted", "operator_attested", "third_party_attested", "observed_result"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** Section 2 `Outcome`. */
export const OUTCOMES = ["succeeded", "failed", "unknown", "partially_applied", "cancelled", "expired"] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** Section 7.1: outcomes a retry may follow only after reconciliation. */
export const RECONCILE_FIRST: readonly Outcome[] = ["unknown", "partially_applied"];

/** Section 2 `DataClass`; a versioned project extension is written `ext:<name>@<version>`. */
export const DATA_CLASSES = ["public", "internal", "confidential", "restricted"] as const;
export const DATA_CLASS_EXTENSION: RegExp = /^ext:[a-z][a-z0-9_-]{0,63}@[0-9][0-9A-Za-z.-]{0,31}$/;

/** Section 1.2: control scope kinds; `attempt` branches are audit-only. */
export const SCOPE_KINDS = ["space", "agent", "delegation", "consent", "policy", "attempt"] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];
export const AUTHORITY_SCOPE_KINDS: readonly ScopeKind[] = ["space", "agent", "delegation", "consent", "policy"];
/** Section 1.2: `project_id = rw-control:<space_id>`. */
export const CONTROL_PROJECT_PREFIX = "rw-control:";

/** Section 1.2: the projected state of a fenced scope; only `active` permits an effect. */
export const SCOPE_STATES = ["active", "suspended", "expired", "revoked", "unresolved", "unavailable"] as const;
export type ScopeState = (typeof SCOPE_STATES)[number];

/** Section 7.3: monitoring modes. */
export const MONITORING_MODES = ["none_permitted_for_T0", "periodic", "event_stream", "pre_effect", "post_effect", "continuous"] as const;
export type MonitoringMode = (typeof MONITORING_MODES)[number];
/** Section 6, T2: "asynchronous monitoring" is any mode that watches after the effect starts. */
export const ASYNC_MONITORING: readonly MonitoringMode[] = ["periodic", "event_stream", "post_effect", "continuous"];

/** Section 7.3: what trips a circuit breaker. */
export const BREAKER_TRIGGERS = [
  "budget_exhaustion",
  "repeated_tool_failure",
  "identity_card_mismatch",
  "policy_change",
  "revocation",
  "anomaly_threshold",
  "unexpected_data_classification",
  "stale_input",
  "ambiguous_authority",
  "unverifiable_effect",
] as const;

/**
 * Section 10.3: the remote task/message/tool IDs an adapter records, by kind, with who assigns
 * each. The remote assigns a task (A2A Task, MCP Tasks), session (MCP `Mcp-Session-Id`) or context
 * (A2A `contextId`) ID; the client chooses a message ID (A2A `messageId`) and a tool call's request
 * ID, and may send its own attempt_id as one (10: Send Message "may use its message ID for
 * deduplication").
 */
export const REMOTE_ID_KINDS = { task: "remote", session: "remote", context: "remote", message: "client", tool_call: "client" } as const;
export type RemoteIdKind = keyof typeof REMOTE_ID_KINDS;

/** Section 10.3: "Public and authenticated/extended cards are separate observations." */
export const CARD_FORMS = ["public", "extended"] as const;
export type CardForm = (typeof CARD_FORMS)[number];

/** The kinds of record `validateRecord` reads (section 3's list, plus the control types of section 2). */
export const RECORD_KINDS = [
  "agent_card",
  "delegation_contract",
  "permission_decision",
  "execution_attempt",
  "delegation_checkpoint",
  "circuit_breaker_event",
  "attestation_chain",
  "event",
  "control_scope_ref",
  "control_boundary_ref",
  "control_fence_set",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
