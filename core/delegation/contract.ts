/**
 * The Delegation Contract (section 5.1): one bounded objective for one delegatee "under exact
 * inputs, limits, gates, and expiry" (section 1). The rows the spec's 5.1 table names are here with
 * their shapes; the rows it lost (scope, limits, gates, tier, expiry, the child's references) are
 * named from the sentences that need them, each listed in core/delegation/README.md.
 */
import * as v from "valibot";
import { controlScopeRefSchema } from "./control.js";
import type { ControlScopeRef } from "./control.js";
import { envelopeEntries, reasonSchema } from "./envelope.js";
import type { Envelope } from "./envelope.js";
import { actorRefSchema, consentPartyRefSchema, countsByNameSchema, dataClassSchema, durationSchema, moneyLimitSchema, objectOf, outcomeSchema, principalRefSchema, recordIdSchema, revisionRefSchema, textSchema, tokenSchema, utcTimeSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, DataClass, Duration, MoneyLimit, PrincipalRef, RecordId, RevisionRef, UtcTime } from "./scalars.js";
import { EFFECT_CLASS_NAMES, HUMAN_GATE_NAMES, TIER_NAMES } from "./tiers.js";
import type { AutonomyTier, EffectClass, HumanGate } from "./tiers.js";
import { MONITORING_MODES } from "./vocabulary.js";
import { ambiguousSpelling } from "./_selectors.js";
import type { MonitoringMode, Outcome } from "./vocabulary.js";

/** A denial: a request matching every field it names is refused, whatever the scope allows. */
export interface Denial {
  readonly rule_id: RecordId;
  readonly operations?: readonly string[] | undefined;
  readonly objects?: readonly string[] | undefined;
  readonly tools?: readonly string[] | undefined;
  readonly effect_classes?: readonly EffectClass[] | undefined;
  readonly reason?: string | undefined;
}

/** What the contract allows: every allowed operation on every allowed object, with the tools, data and effects named. */
export interface Scope {
  /** Exact object references, or prefixes ending in `*` (`PRJ-1/*`; `*` alone is every object). */
  readonly objects: readonly string[];
  readonly tools: readonly string[];
  readonly operations: readonly string[];
  readonly data_classes: readonly DataClass[];
  readonly effect_classes: readonly EffectClass[];
  readonly denials: readonly Denial[];
}

export interface Limits {
  readonly max_duration: Duration;
  readonly max_tokens?: number | undefined;
  readonly max_tool_calls?: number | undefined;
  readonly max_concurrency: number;
  /** Outputs by object type: `{ "Source": 3, "Finding": 10 }`. */
  readonly max_items?: Readonly<Record<string, number>> | undefined;
  /** Absent: no spending authority (section 2), not unlimited spend. */
  readonly spend?: MoneyLimit | undefined;
}

export interface ReviewerRequirement {
  readonly role: string;
  /** Principals who may review; empty: any principal the independence rule allows. */
  readonly principal_refs: readonly PrincipalRef[];
  readonly independence: "independent" | "same_principal_allowed";
}

export interface HumanAuthorityGate {
  readonly gate: HumanGate;
  /** The named human authority who decides. */
  readonly authority_ref: PrincipalRef;
}

/** Section 9: a consent reference binds all of these. */
export interface ConsentRef {
  readonly consent_ref: RevisionRef;
  readonly subject_ref: RecordId;
  readonly scope: string;
  readonly purpose: string;
  readonly data_classes: readonly DataClass[];
  readonly recipients: readonly RecordId[];
  readonly retention: Duration;
  readonly expires_at: UtcTime;
  readonly withdrawal_route: string;
}

export interface VerificationRequirement {
  readonly verifier_ref: ActorRef;
  readonly profile: string;
}

/** The 5.1 row whose name was lost: "Required reviewers, human authorities, consent, and pre/post-effect checks." */
export interface Gates {
  readonly reviewers: readonly ReviewerRequirement[];
  readonly human_authorities: readonly HumanAuthorityGate[];
  readonly consent: readonly ConsentRef[];
  readonly pre_effect_checks: readonly string[];
  readonly post_effect_checks: readonly string[];
  readonly verification: readonly VerificationRequirement[];
}

export interface Monitoring {
  readonly modes: readonly MonitoringMode[];
  readonly observer_refs: readonly ActorRef[];
  readonly verifier_refs: readonly ActorRef[];
  readonly telemetry_classes: readonly string[];
  readonly heartbeat: Duration | null;
  readonly anomaly_triggers: readonly string[];
  readonly circuit_breaker_ref: RecordId | null;
}

export interface SubdelegationPolicy {
  readonly allowed: boolean;
  readonly max_remaining_depth: number;
  readonly eligible_delegates: { readonly actor_ids?: readonly RecordId[] | undefined; readonly operator_principal_refs?: readonly PrincipalRef[] | undefined };
  /** Evidence every chain link must carry (`signature`, `issuer`). */
  readonly required_attestations: readonly string[];
}

export interface RetryPolicy {
  readonly idempotency_key: string;
  readonly retryable_outcomes: readonly Outcome[];
  readonly max_attempts: number;
  readonly backoff: Duration;
  readonly reconcile_before_retry: boolean;
  readonly renewed_approval_conditions: readonly string[];
}

export interface Revocation {
  readonly authority_refs: readonly PrincipalRef[];
  readonly propagation_bound: Duration;
  readonly acknowledgement_required: boolean;
  readonly readback_on_unknown: boolean;
  readonly safe_stop: string;
  readonly compensation: string;
}

export interface DelegationContract extends Envelope {
  readonly delegation_id: RecordId;
  readonly delegator_actor_ref: ActorRef;
  readonly delegatee_agent_ref: { readonly agent_card_ref: RevisionRef; readonly agent_actor_ref: ActorRef };
  readonly accountable_operator_ref: { readonly operator_principal_ref: PrincipalRef; readonly agent_operator_ref: RevisionRef };
  readonly objective: { readonly statement: string; readonly objective_type: string };
  readonly autonomy_tier: AutonomyTier;
  readonly inputs: readonly RevisionRef[];
  readonly scope: Scope;
  readonly limits: Limits;
  readonly gates: Gates;
  readonly expires_at: UtcTime;
  readonly monitoring: Monitoring;
  readonly subdelegation_policy: SubdelegationPolicy;
  readonly retry_policy: RetryPolicy;
  readonly revocation: Revocation;
  readonly control_scopes: readonly ControlScopeRef[];
  readonly root_task_ref: RecordId;
  /** A child's exact parent contract revision (section 8); `null` on a root contract. */
  readonly parent_contract_ref: RevisionRef | null;
  /** A child's DelegationAttestationChain; `null` on a root contract. */
  readonly attestation_chain_ref: RevisionRef | null;
  /** Where outputs, attempts, checkpoints and effects are routed: delegation ids and task ids. */
  readonly report_to: readonly RecordId[];
}

const SELECTOR = v.pipe(v.string(), v.regex(/^[\x21-\x29\x2b-\x7e]{0,255}\*?$/, "is an exact reference or a prefix ending in * (no other *)"), v.minLength(1, "must not be empty"));
const selectors = v.array(SELECTOR);
/** Objects match by prefix, as text: a reference a path resolver reads as another one is refused (`ambiguousSpelling`). */
const objectSelectors = v.array(v.pipe(SELECTOR, v.check((s) => ambiguousSpelling(s) === null, "is an object reference with no ., .. or empty path segment (escaped or not), no \\ and no escaped letter, digit, -, ., _, ~, / or \\: a path resolver would read it as another object")));
const effectClass = v.picklist(EFFECT_CLASS_NAMES, `is one of ${EFFECT_CLASS_NAMES.join(", ")}`);
const count = v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative"));
const names = v.array(tokenSchema);

const contractEntries = {
  ...envelopeEntries,
  delegation_id: recordIdSchema,
  delegator_actor_ref: actorRefSchema,
  delegatee_agent_ref: objectOf({ agent_card_ref: revisionRefSchema, agent_actor_ref: actorRefSchema }),
  accountable_operator_ref: objectOf({ operator_principal_ref: principalRefSchema, agent_operator_ref: revisionRefSchema }),
  objective: objectOf({ statement: textSchema(1000), objective_type: tokenSchema }),
  autonomy_tier: v.picklist(TIER_NAMES, `is one of ${TIER_NAMES.join(", ")}`),
  inputs: v.array(revisionRefSchema),
  scope: objectOf({
    objects: objectSelectors,
    tools: selectors,
    operations: selectors,
    data_classes: v.array(dataClassSchema),
    effect_classes: v.array(effectClass),
    denials: v.array(
      v.pipe(
        objectOf({ rule_id: recordIdSchema, operations: v.optional(selectors), objects: v.optional(objectSelectors), tools: v.optional(selectors), effect_classes: v.optional(v.array(effectClass)), reason: v.optional(reasonSchema) }),
        v.check((d) => d.operations !== undefined || d.objects !== undefined || d.tools !== undefined || d.effect_classes !== undefined, "names at least one of operations, objects, tools, effect_classes"),
      ),
    ),
  }),
  limits: objectOf({
    max_duration: durationSchema,
    max_tokens: v.optional(count),
    max_tool_calls: v.optional(count),
    max_concurrency: v.pipe(count, v.minValue(1, "is at least 1")),
    max_items: v.optional(countsByNameSchema),
    spend: v.optional(moneyLimitSchema),
  }),
  gates: objectOf({
    reviewers: v.array(objectOf({ role: tokenSchema, principal_refs: v.array(principalRefSchema), independence: v.picklist(["independent", "same_principal_allowed"], "is independent or same_principal_allowed") })),
    human_authorities: v.array(objectOf({ gate: v.picklist(HUMAN_GATE_NAMES, `is one of ${HUMAN_GATE_NAMES.join(", ")}`), authority_ref: principalRefSchema })),
    consent: v.array(
      objectOf({
        consent_ref: revisionRefSchema,
        subject_ref: consentPartyRefSchema,
        scope: textSchema(500),
        purpose: textSchema(500),
        // "MUST bind ... data classes/recipients" (9): a consent binding none binds nothing.
        data_classes: v.pipe(v.array(dataClassSchema), v.minLength(1, "binds at least one data class")),
        recipients: v.pipe(v.array(consentPartyRefSchema), v.minLength(1, "binds at least one recipient")),
        retention: durationSchema,
        expires_at: utcTimeSchema,
        withdrawal_route: textSchema(500),
      }),
    ),
    pre_effect_checks: names,
    post_effect_checks: names,
    verification: v.array(objectOf({ verifier_ref: actorRefSchema, profile: tokenSchema })),
  }),
  expires_at: utcTimeSchema,
  monitoring: objectOf({
    modes: v.pipe(v.array(v.picklist(MONITORING_MODES, `is one of ${MONITORING_MODES.join(", ")}`)), v.minLength(1, "names at least one mode")),
    observer_refs: v.array(actorRefSchema),
    verifier_refs: v.array(actorRefSchema),
    telemetry_classes: names,
    heartbeat: v.nullable(durationSchema),
    anomaly_triggers: names,
    circuit_breaker_ref: v.nullable(recordIdSchema),
  }),
  subdelegation_policy: objectOf({
    allowed: v.boolean(),
    max_remaining_depth: count,
    eligible_delegates: objectOf({ actor_ids: v.optional(v.array(recordIdSchema)), operator_principal_refs: v.optional(v.array(principalRefSchema)) }),
    required_attestations: names,
  }),
  retry_policy: objectOf({
    idempotency_key: textSchema(256),
    retryable_outcomes: v.array(outcomeSchema),
    max_attempts: v.pipe(count, v.minValue(1, "is at least 1 (the first attempt)")),
    backoff: durationSchema,
    reconcile_before_retry: v.boolean(),
    renewed_approval_conditions: names,
  }),
  revocation: objectOf({
    authority_refs: v.pipe(v.array(principalRefSchema), v.minLength(1, "names at least one revocation authority")),
    propagation_bound: durationSchema,
    acknowledgement_required: v.boolean(),
    readback_on_unknown: v.boolean(),
    safe_stop: reasonSchema,
    compensation: reasonSchema,
  }),
  control_scopes: v.array(controlScopeRefSchema),
  root_task_ref: recordIdSchema,
  parent_contract_ref: v.nullable(revisionRefSchema),
  attestation_chain_ref: v.nullable(revisionRefSchema),
  report_to: v.array(recordIdSchema),
};

export const contractSchema: v.GenericSchema<unknown, DelegationContract> = objectOf(contractEntries);

/** Every field a contract's schema reads; any other top-level field is kept and grants nothing. */
export const CONTRACT_FIELDS: readonly string[] = Object.keys(contractEntries);

/** The fields of the sections that carry authority, to note the unknown ones (kept, never read). */
export const AUTHORITY_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  scope: ["objects", "tools", "operations", "data_classes", "effect_classes", "denials"],
  limits: ["max_duration", "max_tokens", "max_tool_calls", "max_concurrency", "max_items", "spend"],
  gates: ["reviewers", "human_authorities", "consent", "pre_effect_checks", "post_effect_checks", "verification"],
  subdelegation_policy: ["allowed", "max_remaining_depth", "eligible_delegates", "required_attestations"],
};

/** The exact revision reference of a contract: `{delegation_id, revision_id, content_digest}`. */
export function contractRef(c: DelegationContract): RevisionRef {
  return { object_id: c.delegation_id, revision_id: c.revision_id, content_digest: c.content_digest };
}
