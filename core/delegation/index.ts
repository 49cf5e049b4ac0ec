// RW-003 (Agent Cards and Delegation Contracts): the public API of `rogerwilco/delegation`.
// Re-exports only; each concept lives in its own file. core/delegation/README.md lists the shapes decided.
export { DELEGATION_CODES, delegationFinding, delegationResult, hasDelegationError } from "./codes.js";
export type { DelegationCode, DelegationDetail, DelegationFinding, DelegationResult, DelegationSeverity } from "./codes.js";
export {
  AUTHORITY_SCOPE_KINDS,
  BREAKER_TRIGGERS,
  CARD_FORMS,
  CARD_LIFECYCLES,
  DATA_CLASSES,
  EVIDENCE_KINDS,
  LIFECYCLE_ASSERTIONS,
  MONITORING_MODES,
  OPERATOR_RESOLUTIONS,
  OUTCOMES,
  RECORD_KINDS,
  REMOTE_ID_KINDS,
  SCHEMA_ID,
  SCHEMA_VERSION,
  SCOPE_KINDS,
  SCOPE_STATES,
  SUPPORTED_SCHEMAS,
} from "./vocabulary.js";
export type { CardForm, CardLifecycle, EvidenceKind, LifecycleAssertion, MonitoringMode, OperatorResolution, Outcome, RecordKind, RemoteIdKind, ScopeKind, ScopeState } from "./vocabulary.js";
export { AUTONOMY_TIERS, EFFECT_CLASSES, GATE_SOURCES, HUMAN_AUTHORITY_GATES, humanGatesFor, isConsequential, tierOf, tierRank } from "./tiers.js";
export type { AutonomyTier, EffectClass, GateSource, HumanGate } from "./tiers.js";
export { compareAmounts, compareUtc, durationMs, sameRevision, utcMs } from "./scalars.js";
export type { ActorRef, DataClass, Digest, Duration, MoneyLimit, PolicyRef, PrincipalRef, RecordId, RevisionRef, SchemaRef, UtcTime } from "./scalars.js";
export { branchOf, compareBoundaries, comparePositions, controlBoundaryRefSchema, controlFenceSetSchema, controlHeadSchema, controlScopeRefSchema, streamOf } from "./control.js";
export type { ControlBoundaryRef, ControlFenceSet, ControlHead, ControlPosition, ControlScopeRef, ProjectBoundary, ProjectPosition } from "./control.js";
export type { Envelope, Signature } from "./envelope.js";
export { agentCardSchema, cardRef } from "./agent-card.js";
export type { AccountableOperator, AgentCard, CapabilityClaim, SupportedAdapter } from "./agent-card.js";
export { contractRef, contractSchema } from "./contract.js";
export type { ConsentRef, DelegationContract, Denial, Gates, HumanAuthorityGate, Limits, Monitoring, RetryPolicy, Revocation, ReviewerRequirement, Scope, SubdelegationPolicy } from "./contract.js";
export { approvalSchema, permissionDecisionSchema, permissionRequestSchema } from "./permission.js";
export type { Approval, MatchedRule, PermissionDecision, PermissionRequest } from "./permission.js";
export { adapterIdentitySchema, checkpointSchema, circuitBreakerSchema, executionAttemptSchema } from "./execution.js";
export type { AdapterIdentity, Budget, CircuitBreakerEvent, DelegationCheckpoint, ExecutionAttempt, RemoteId } from "./execution.js";
export { attestationChainSchema } from "./attestation-chain.js";
export type { ChainEvidence, ChainLink, DelegationAttestationChain } from "./attestation-chain.js";
export { EVENT_TYPE_NAMES, EVENT_TYPES, eventSchema } from "./events.js";
export type { ControlEvent } from "./events.js";
export { detectKind, validateCard, validateChain, validateContract, validateEvent, validateRecord } from "./validate-record.js";
export type { RecordReport, ValidateOptions } from "./validate-record.js";
export { checkCardRevision } from "./check-card-revision.js";
export { DIMENSION_NAMES, SUBDELEGATION_DIMENSIONS } from "./dimensions.js";
export type { Dimension } from "./dimensions.js";
export { checkSubdelegation } from "./check-subdelegation.js";
export type { SubdelegationReport } from "./check-subdelegation.js";
export { checkReassignment } from "./check-reassignment.js";
export { checkAttempts } from "./check-attempts.js";
export type { AttemptsReport } from "./check-attempts.js";
export { checkFences } from "./check-fences.js";
export type { FenceReport, FenceResult, FenceStream } from "./check-fences.js";
export { evaluatePermission } from "./evaluate-permission.js";
export type { PermissionEvaluation, PermissionInput } from "./evaluate-permission.js";
export { readChildCheck, readFenceCheck, readPermissionInput } from "./read-input.js";
export type { ChildCheckInput, FenceCheckInput } from "./read-input.js";
export { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkFencesDocument, checkReassignmentDocument, evaluatePermissionDocument } from "./document-checks.js";
export type { CardRevisionReport, PermissionRefusal } from "./document-checks.js";
export { DOCUMENT_PARTS, strayParts } from "./document-parts.js";
export type { DocumentCheck, DocumentParts } from "./document-parts.js";
