/**
 * The thirteen `rw003.*` extension event types (section 1.1) with the complete RW-002 event
 * envelope, the control scope of section 1.2, and the fence set on permission, effect and
 * checkpoint observations. The table says, for each type, which branch it appends to (section
 * 1.2's "Event placement is fixed"), whether it carries a fence set, and what its payload names.
 */
import * as v from "valibot";
import { controlFenceSetSchema, controlScopeRefSchema } from "./control.js";
import type { ControlFenceSet, ControlPosition, ControlScopeRef } from "./control.js";
import { reasonSchema } from "./envelope.js";
import { actorRefSchema, digestSchema, objectOf, outcomeSchema, principalRefSchema, recordIdSchema, revisionRefSchema, schemaRefSchema, textSchema, utcTimeSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, Digest, PrincipalRef, RecordId, RevisionRef, SchemaRef, UtcTime } from "./scalars.js";
import { BREAKER_TRIGGERS, CARD_LIFECYCLES, OUTCOMES } from "./vocabulary.js";
import type { Outcome, ScopeKind } from "./vocabulary.js";

const ref = revisionRefSchema;
const P = <T extends v.ObjectEntries>(entries: T): v.GenericSchema<unknown, unknown> => objectOf(entries);

/**
 * The payload references that name the record whose branch the event appends to ("the affected
 * delegation authority branch", "the relevant agent authority branch", 1.2): each named field's
 * `object_id` is the branch's scope_id, or with `any`, at least one of them is.
 */
export interface EventSubject {
  readonly fields: readonly string[];
  readonly any?: boolean;
}

/** Each type: its branch kind, whether it is an observation that binds a fence set, its payload, its subject. */
export const EVENT_TYPES: Readonly<Record<string, { readonly branch: ScopeKind; readonly fenced: boolean; readonly payload: v.GenericSchema<unknown, unknown>; readonly subject?: EventSubject }>> = {
  "rw003.agent_card.published": { branch: "agent", fenced: false, payload: P({ card_ref: ref }), subject: { fields: ["card_ref"] } },
  "rw003.agent_card.lifecycle_changed": {
    branch: "agent",
    fenced: false,
    payload: P({ card_ref: ref, from: v.picklist(CARD_LIFECYCLES), to: v.picklist(CARD_LIFECYCLES), reason: reasonSchema, effective_at: utcTimeSchema }),
    subject: { fields: ["card_ref"] },
  },
  "rw003.delegation.issued": { branch: "delegation", fenced: false, payload: P({ contract_ref: ref }), subject: { fields: ["contract_ref"] } },
  "rw003.delegation.amended": { branch: "delegation", fenced: false, payload: P({ contract_ref: ref, prior_contract_ref: ref }), subject: { fields: ["contract_ref", "prior_contract_ref"] } },
  "rw003.delegation.revoked": { branch: "delegation", fenced: false, payload: P({ contract_ref: ref, reason: reasonSchema, effective_at: utcTimeSchema }), subject: { fields: ["contract_ref"] } },
  "rw003.delegation.reassigned": {
    branch: "delegation",
    fenced: false,
    payload: P({ from_contract_ref: ref, to_contract_ref: ref, from_card_ref: ref, to_card_ref: ref, checkpoint_ref: v.nullable(ref) }),
    subject: { fields: ["from_contract_ref", "to_contract_ref"] },
  },
  "rw003.delegation.expired": { branch: "delegation", fenced: false, payload: P({ contract_ref: ref, expired_at: utcTimeSchema }), subject: { fields: ["contract_ref"] } },
  "rw003.permission.evaluated": { branch: "attempt", fenced: true, payload: P({ permission_decision_ref: ref, decision: v.picklist(["allow", "deny"]) }) },
  "rw003.execution.started": { branch: "attempt", fenced: true, payload: P({ attempt_ref: ref, contract_ref: ref }), subject: { fields: ["attempt_ref"] } },
  "rw003.execution.checkpointed": { branch: "attempt", fenced: true, payload: P({ checkpoint_ref: ref, sequence: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) }) },
  "rw003.execution.terminal": { branch: "attempt", fenced: true, payload: P({ attempt_ref: ref, outcome: v.picklist(OUTCOMES) }), subject: { fields: ["attempt_ref"] } },
  "rw003.subdelegation.attested": { branch: "delegation", fenced: false, payload: P({ parent_contract_ref: ref, child_contract_ref: ref, attestation_chain_ref: ref }), subject: { fields: ["parent_contract_ref", "child_contract_ref"], any: true } },
  "rw003.circuit_breaker.tripped": { branch: "delegation", fenced: false, payload: P({ breaker_ref: ref, trigger: v.picklist(BREAKER_TRIGGERS) }) },
};
export const EVENT_TYPE_NAMES: readonly string[] = Object.keys(EVENT_TYPES);

/** The RW-002 envelope as RW-003 uses it, with the control scope and (for observations) fences. */
export interface ControlEvent {
  readonly event_id: RecordId;
  readonly event_type: string;
  readonly event_schema_ref: SchemaRef;
  readonly project_id: string;
  readonly branch_id: string;
  readonly position: ControlPosition;
  readonly actor_ref: ActorRef;
  readonly operator_ref: PrincipalRef;
  readonly contribution_ref: RevisionRef | null;
  readonly expected_parents: readonly RevisionRef[];
  readonly produced_records: readonly RevisionRef[];
  readonly evidence: readonly RevisionRef[];
  readonly authority: readonly RevisionRef[];
  readonly recorded_at: UtcTime;
  readonly idempotency_key: string | null;
  readonly outcome: Outcome;
  readonly digest: Digest;
  readonly control_scope_ref: ControlScopeRef;
  readonly control_fence_set?: ControlFenceSet | undefined;
  readonly payload: Readonly<Record<string, unknown>>;
}

export const eventSchema: v.GenericSchema<unknown, ControlEvent> = objectOf({
  event_id: recordIdSchema,
  event_type: v.pipe(v.string(), v.regex(/^[a-z0-9_]+(?:\.[a-z0-9_]+)+$/, "is a namespaced event type such as rw003.delegation.issued")),
  event_schema_ref: schemaRefSchema,
  project_id: recordIdSchema,
  branch_id: recordIdSchema,
  position: v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative")),
  actor_ref: actorRefSchema,
  operator_ref: principalRefSchema,
  contribution_ref: v.nullable(revisionRefSchema),
  expected_parents: v.array(revisionRefSchema),
  produced_records: v.array(revisionRefSchema),
  evidence: v.array(revisionRefSchema),
  authority: v.array(revisionRefSchema),
  recorded_at: utcTimeSchema,
  idempotency_key: v.nullable(textSchema(256)),
  outcome: outcomeSchema,
  digest: digestSchema,
  control_scope_ref: controlScopeRefSchema,
  control_fence_set: v.optional(controlFenceSetSchema),
  // Any members, read by its type's schema (EVENT_TYPES); an array, which v.record would copy to {}, is no payload.
  payload: objectOf({}),
}) as unknown as v.GenericSchema<unknown, ControlEvent>;
