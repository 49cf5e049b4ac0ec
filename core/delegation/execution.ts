/**
 * The execution-control records of section 7: ExecutionAttempt (7.1), DelegationCheckpoint (7.2)
 * and CircuitBreakerEvent (7.3), each with the envelope of section 3 and the fence set it bound.
 */
import * as v from "valibot";
import { controlFenceSetSchema, projectBoundarySchema } from "./control.js";
import type { ControlFenceSet, ProjectBoundary } from "./control.js";
import { envelopeEntries, reasonSchema } from "./envelope.js";
import type { Envelope } from "./envelope.js";
import { actorRefSchema, countsByNameSchema, digestSchema, durationSchema, moneyLimitSchema, objectOf, outcomeSchema, principalRefSchema, recordIdSchema, revisionRefSchema, textSchema, tokenSchema, utcTimeSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, Digest, Duration, MoneyLimit, PrincipalRef, RecordId, RevisionRef, UtcTime } from "./scalars.js";
import { BREAKER_TRIGGERS, CARD_FORMS, REMOTE_ID_KINDS } from "./vocabulary.js";
import type { CardForm, Outcome, RemoteIdKind } from "./vocabulary.js";

/** Budget consumed, or remaining: every field optional, each in the unit of the contract's limit. */
export interface Budget {
  readonly elapsed?: Duration | undefined;
  readonly tokens?: number | undefined;
  readonly tool_calls?: number | undefined;
  readonly items?: Readonly<Record<string, number>> | undefined;
  readonly spend?: MoneyLimit | undefined;
}

export interface EffectRecord {
  readonly effect_id: RecordId;
  readonly digest: Digest;
  readonly status: "applied" | "not_applied" | "unknown";
}

/** One identifier the remote side of an adapter knows this attempt's work by (10.3). */
export interface RemoteId {
  readonly kind: RemoteIdKind;
  readonly id: string;
}

/**
 * Section 7.1's "tool/adapter identity", with what 10.3 says an adapter records: every field past
 * `tool` is optional (a local process adapter has no remote endpoint, remote IDs or card), and
 * none holds a credential; `authentication_method` names the method, as a card's
 * `supported_adapters[].authentication_methods` do.
 */
export interface AdapterIdentity {
  readonly protocol: string;
  readonly version: string;
  readonly tool: string;
  /** The extensions and capabilities negotiated for this attempt. */
  readonly extensions?: readonly string[] | undefined;
  /** The remote endpoint's identity, as a card's `endpoint_refs` name one. */
  readonly endpoint_ref?: string | undefined;
  readonly remote_ids?: readonly RemoteId[] | undefined;
  readonly authentication_method?: string | undefined;
  /** Which form of the remote's card the adapter used, and that card's exact digest: always both. */
  readonly card_form?: CardForm | undefined;
  readonly card_digest?: Digest | undefined;
}

export interface ExecutionAttempt extends Envelope {
  readonly attempt_id: RecordId;
  readonly delegation_ref: RevisionRef;
  readonly card_ref: RevisionRef;
  readonly executor_actor_ref: ActorRef;
  readonly operator_principal_ref: PrincipalRef;
  readonly started_at: UtcTime;
  readonly ended_at: UtcTime | null;
  readonly requested_effect_digest: Digest;
  readonly adapter: AdapterIdentity;
  readonly idempotency_key: string | null;
  readonly inputs: readonly RevisionRef[];
  readonly control_fence_set: ControlFenceSet;
  readonly outputs: readonly RevisionRef[];
  readonly effects: readonly EffectRecord[];
  readonly external_receipts: readonly { readonly system: string; readonly operation_id: string; readonly receipt_ref: RevisionRef | null }[];
  readonly budget_consumption: Budget;
  readonly checkpoint_refs: readonly RevisionRef[];
  /** Section 7.2: "Resume creates a new attempt referencing the checkpoint." */
  readonly resumed_from_checkpoint_ref: RevisionRef | null;
  /** `null` while the attempt is running. */
  readonly outcome: Outcome | null;
  readonly acceptance_evidence_refs: readonly RevisionRef[];
  /** The post-effect read-back: an RW-002 VerificationReceipt. */
  readonly readback_ref: RevisionRef | null;
  readonly contribution_ref: RevisionRef | null;
}

export interface DelegationCheckpoint extends Envelope {
  readonly checkpoint_id: RecordId;
  readonly delegation_ref: RevisionRef;
  readonly attempt_id: RecordId;
  readonly sequence: number;
  readonly input_revisions: readonly RevisionRef[];
  readonly last_project_position: ProjectBoundary | null;
  readonly control_fence_set: ControlFenceSet;
  readonly completed_steps: readonly string[];
  readonly output_refs: readonly RevisionRef[];
  readonly pending_work: readonly string[];
  readonly uncertainties: readonly string[];
  readonly observed_failures: readonly string[];
  readonly remaining_budget: Budget;
  readonly external_operations: readonly { readonly system: string; readonly operation_id: string; readonly reconciliation: "reconciled" | "pending" | "unknown" }[];
  readonly next_safe_action: string;
  readonly gates_required: readonly string[];
  readonly checkpoint_digest: Digest;
  readonly writer_actor_ref: ActorRef;
  readonly writer_operator_ref: PrincipalRef;
  readonly written_at: UtcTime;
}

export interface CircuitBreakerEvent extends Envelope {
  readonly breaker_id: RecordId;
  readonly delegation_ref: RevisionRef;
  readonly attempt_id: RecordId | null;
  readonly trigger: (typeof BREAKER_TRIGGERS)[number];
  readonly tripped_at: UtcTime;
  /** Tripping always blocks new effects. */
  readonly blocked_new_effects: true;
  readonly cancellation_attempted: boolean;
  readonly checkpoint_ref: RevisionRef | null;
  readonly escalated_to: readonly PrincipalRef[];
  /** Effects already applied: kept, never erased. */
  readonly applied_effects: readonly RevisionRef[];
}

const count = v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative"));
const texts = v.array(textSchema(1000));
const refs = v.array(revisionRefSchema);

export const budgetSchema: v.GenericSchema<unknown, Budget> = objectOf({
  elapsed: v.optional(durationSchema),
  tokens: v.optional(count),
  tool_calls: v.optional(count),
  items: v.optional(countsByNameSchema),
  spend: v.optional(moneyLimitSchema),
});

const REMOTE_ID_KIND_NAMES = Object.keys(REMOTE_ID_KINDS) as RemoteIdKind[];

export const adapterIdentitySchema: v.GenericSchema<unknown, AdapterIdentity> = v.pipe(
  objectOf({
    protocol: tokenSchema,
    version: textSchema(64),
    tool: tokenSchema,
    extensions: v.optional(v.array(tokenSchema)),
    endpoint_ref: v.optional(textSchema(500)),
    remote_ids: v.optional(v.array(objectOf({ kind: v.picklist(REMOTE_ID_KIND_NAMES, `is one of ${REMOTE_ID_KIND_NAMES.join(", ")}`), id: recordIdSchema }))),
    authentication_method: v.optional(tokenSchema),
    card_form: v.optional(v.picklist(CARD_FORMS, `is one of ${CARD_FORMS.join(", ")}`)),
    card_digest: v.optional(digestSchema),
  }),
  v.check((a) => (a.card_form === undefined) === (a.card_digest === undefined), "records card_form and card_digest together: which form of the card was used, and its exact digest (section 10.3)"),
);

export const executionAttemptSchema: v.GenericSchema<unknown, ExecutionAttempt> = objectOf({
  ...envelopeEntries,
  attempt_id: recordIdSchema,
  delegation_ref: revisionRefSchema,
  card_ref: revisionRefSchema,
  executor_actor_ref: actorRefSchema,
  operator_principal_ref: principalRefSchema,
  started_at: utcTimeSchema,
  ended_at: v.nullable(utcTimeSchema),
  requested_effect_digest: digestSchema,
  adapter: adapterIdentitySchema,
  idempotency_key: v.nullable(textSchema(256)),
  inputs: refs,
  control_fence_set: controlFenceSetSchema,
  outputs: refs,
  effects: v.array(objectOf({ effect_id: recordIdSchema, digest: digestSchema, status: v.picklist(["applied", "not_applied", "unknown"], "is applied, not_applied or unknown") })),
  external_receipts: v.array(objectOf({ system: tokenSchema, operation_id: recordIdSchema, receipt_ref: v.nullable(revisionRefSchema) })),
  budget_consumption: budgetSchema,
  checkpoint_refs: refs,
  resumed_from_checkpoint_ref: v.nullable(revisionRefSchema),
  outcome: v.nullable(outcomeSchema),
  acceptance_evidence_refs: refs,
  readback_ref: v.nullable(revisionRefSchema),
  contribution_ref: v.nullable(revisionRefSchema),
});

export const checkpointSchema: v.GenericSchema<unknown, DelegationCheckpoint> = objectOf({
  ...envelopeEntries,
  checkpoint_id: recordIdSchema,
  delegation_ref: revisionRefSchema,
  attempt_id: recordIdSchema,
  sequence: count,
  input_revisions: refs,
  last_project_position: v.nullable(projectBoundarySchema),
  control_fence_set: controlFenceSetSchema,
  completed_steps: v.array(tokenSchema),
  output_refs: refs,
  pending_work: texts,
  uncertainties: texts,
  observed_failures: texts,
  remaining_budget: budgetSchema,
  external_operations: v.array(objectOf({ system: tokenSchema, operation_id: recordIdSchema, reconciliation: v.picklist(["reconciled", "pending", "unknown"], "is reconciled, pending or unknown") })),
  next_safe_action: reasonSchema,
  gates_required: v.array(tokenSchema),
  checkpoint_digest: digestSchema,
  writer_actor_ref: actorRefSchema,
  writer_operator_ref: principalRefSchema,
  written_at: utcTimeSchema,
});

export const circuitBreakerSchema: v.GenericSchema<unknown, CircuitBreakerEvent> = objectOf({
  ...envelopeEntries,
  breaker_id: recordIdSchema,
  delegation_ref: revisionRefSchema,
  attempt_id: v.nullable(recordIdSchema),
  trigger: v.picklist(BREAKER_TRIGGERS, `is one of ${BREAKER_TRIGGERS.join(", ")}`),
  tripped_at: utcTimeSchema,
  blocked_new_effects: v.literal(true, "is true: tripping blocks new effects"),
  cancellation_attempted: v.boolean(),
  checkpoint_ref: v.nullable(revisionRefSchema),
  escalated_to: v.pipe(v.array(principalRefSchema), v.minLength(1, "names whom the breaker escalated to")),
  applied_effects: refs,
});
