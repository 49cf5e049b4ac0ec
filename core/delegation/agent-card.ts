/**
 * The Agent Card (section 4): a persistent agent identity and its asserted operating envelope. It
 * is not a permission grant. Required fields of 4.1, the optional descriptive fields of 4.2 (kept,
 * never read as authority), and the envelope of section 3.
 */
import * as v from "valibot";
import { envelopeEntries, reasonSchema } from "./envelope.js";
import type { Envelope } from "./envelope.js";
import { actorRefSchema, durationSchema, moneyLimitSchema, objectOf, principalRefSchema, recordIdSchema, revisionRefSchema, textSchema, tokenSchema, utcTimeSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, Duration, MoneyLimit, PrincipalRef, RecordId, RevisionRef, UtcTime } from "./scalars.js";
import { CARD_LIFECYCLES, EVIDENCE_KINDS, OPERATOR_RESOLUTIONS } from "./vocabulary.js";
import type { CardLifecycle, EvidenceKind, OperatorResolution } from "./vocabulary.js";

export interface AccountableOperator {
  readonly operator_principal_ref: PrincipalRef;
  readonly resolution: OperatorResolution;
  /** `null` only when nothing was resolved (`declared`, `unresolved`). */
  readonly evidence_ref: RevisionRef | null;
  readonly effective_from: UtcTime;
}

export interface CapabilityClaim {
  readonly claim_id: RecordId;
  readonly capability: string;
  readonly scope: readonly string[];
  readonly limitations: readonly string[];
  readonly evidence_kind: EvidenceKind;
  readonly evidence_refs: readonly RevisionRef[];
  readonly issuer_ref: RecordId;
  readonly assessed_at: UtcTime;
  readonly expires_at: UtcTime | null;
}

export interface SupportedAdapter {
  readonly protocol: string;
  readonly version: string;
  readonly endpoint_refs: readonly string[];
  /** Names of authentication methods (`oauth2`, `mtls`): never a credential. */
  readonly authentication_methods: readonly string[];
  readonly feature_flags: readonly string[];
}

export interface Availability {
  readonly status: "available" | "degraded" | "unavailable" | "unknown";
  readonly service_window?: string | undefined;
  readonly wake_mode?: string | undefined;
  readonly response_bound?: Duration | undefined;
  readonly observed_at: UtcTime;
}

export interface ResourceLimits {
  readonly max_context_tokens?: number | undefined;
  readonly max_concurrency?: number | undefined;
  readonly max_runtime?: Duration | undefined;
  readonly compute_class?: string | undefined;
  readonly max_rate?: { readonly count: number; readonly per: Duration } | undefined;
  /** What the agent can accept; absent: it accepts no spending. Never an authorization. */
  readonly max_spend?: MoneyLimit | undefined;
}

export interface TrustContext {
  readonly issuers: readonly RecordId[];
  readonly attestations: readonly RevisionRef[];
  readonly review_history_refs: readonly RevisionRef[];
  readonly deployment_boundary: string;
  readonly known_limitations: readonly string[];
  readonly policy_domains: readonly string[];
}

export interface Signer {
  readonly signing_identity_ref: RecordId;
  readonly algorithm: string;
  readonly key_id: string;
  readonly valid_from: UtcTime;
  readonly valid_until: UtcTime;
  readonly verification_method_ref: string;
}

export interface CardLifecycleState {
  readonly state: CardLifecycle;
  readonly reason?: string | undefined;
  readonly effective_at?: UtcTime | undefined;
}

export interface AgentCard extends Envelope {
  readonly agent_card_id: RecordId;
  readonly agent_actor_ref: ActorRef;
  readonly display_name: string;
  readonly accountable_operator: AccountableOperator;
  readonly capability_claims: readonly CapabilityClaim[];
  readonly supported_adapters: readonly SupportedAdapter[];
  readonly availability: Availability;
  readonly resource_limits: ResourceLimits;
  readonly trust_context: TrustContext;
  readonly signer: Signer;
  readonly lifecycle: CardLifecycleState;
  /** Section 4.3: an explicit continuity attestation, when a revision changes `agent_actor_ref`. */
  readonly continuity_attestation_ref?: RevisionRef | undefined;
}

const strings = v.array(textSchema(500));
const tokens = v.array(tokenSchema);
const count = v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative"));

export const agentCardSchema: v.GenericSchema<unknown, AgentCard> = objectOf({
  ...envelopeEntries,
  agent_card_id: recordIdSchema,
  agent_actor_ref: actorRefSchema,
  display_name: textSchema(200),
  accountable_operator: objectOf({
    operator_principal_ref: principalRefSchema,
    resolution: v.picklist(OPERATOR_RESOLUTIONS, `is one of ${OPERATOR_RESOLUTIONS.join(", ")}`),
    evidence_ref: v.nullable(revisionRefSchema),
    effective_from: utcTimeSchema,
  }),
  capability_claims: v.array(
    objectOf({
      claim_id: recordIdSchema,
      capability: tokenSchema,
      scope: strings,
      limitations: strings,
      evidence_kind: v.picklist(EVIDENCE_KINDS, `is one of ${EVIDENCE_KINDS.join(", ")}`),
      evidence_refs: v.array(revisionRefSchema),
      issuer_ref: recordIdSchema,
      assessed_at: utcTimeSchema,
      expires_at: v.nullable(utcTimeSchema),
    }),
  ),
  supported_adapters: v.array(objectOf({ protocol: tokenSchema, version: textSchema(64), endpoint_refs: strings, authentication_methods: tokens, feature_flags: tokens })),
  availability: objectOf({
    status: v.picklist(["available", "degraded", "unavailable", "unknown"], "is available, degraded, unavailable or unknown"),
    service_window: v.optional(textSchema(500)),
    wake_mode: v.optional(textSchema(200)),
    response_bound: v.optional(durationSchema),
    observed_at: utcTimeSchema,
  }),
  resource_limits: objectOf({
    max_context_tokens: v.optional(count),
    max_concurrency: v.optional(count),
    max_runtime: v.optional(durationSchema),
    compute_class: v.optional(tokenSchema),
    max_rate: v.optional(objectOf({ count, per: durationSchema })),
    max_spend: v.optional(moneyLimitSchema),
  }),
  trust_context: objectOf({
    issuers: v.array(recordIdSchema),
    attestations: v.array(revisionRefSchema),
    review_history_refs: v.array(revisionRefSchema),
    deployment_boundary: textSchema(500),
    known_limitations: strings,
    policy_domains: tokens,
  }),
  signer: objectOf({
    signing_identity_ref: recordIdSchema,
    algorithm: tokenSchema,
    key_id: tokenSchema,
    valid_from: utcTimeSchema,
    valid_until: utcTimeSchema,
    verification_method_ref: textSchema(500),
  }),
  lifecycle: objectOf({
    state: v.picklist(CARD_LIFECYCLES, `is one of ${CARD_LIFECYCLES.join(", ")}`),
    reason: v.optional(reasonSchema),
    effective_at: v.optional(utcTimeSchema),
  }),
  continuity_attestation_ref: v.optional(revisionRefSchema),
});

/** The exact revision reference of a card: `{agent_card_id, revision_id, content_digest}`. */
export function cardRef(card: AgentCard): RevisionRef {
  return { object_id: card.agent_card_id, revision_id: card.revision_id, content_digest: card.content_digest };
}
