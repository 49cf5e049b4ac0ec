/**
 * The DelegationAttestationChain (section 8): ordered from the root delegator through every
 * delegatee, one link a contract, with every contract and card revision and the signature or
 * issuer evidence of each step. It preserves accountability; it grants nothing.
 */
import * as v from "valibot";
import { envelopeEntries } from "./envelope.js";
import type { Envelope } from "./envelope.js";
import { actorRefSchema, objectOf, principalRefSchema, recordIdSchema, revisionRefSchema, tokenSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, PrincipalRef, RecordId, RevisionRef } from "./scalars.js";

/** Evidence for one step: a signature over the contract revision, or the issuer's attestation. */
export interface ChainEvidence {
  /** `signature` or `issuer` (and any kind a policy names in `required_attestations`). */
  readonly kind: string;
  readonly ref: RevisionRef;
  readonly signer_ref: RecordId;
}

export interface ChainLink {
  readonly contract_ref: RevisionRef;
  readonly delegator_actor_ref: ActorRef;
  readonly delegatee_actor_ref: ActorRef;
  readonly delegatee_card_ref: RevisionRef;
  readonly operator_principal_ref: PrincipalRef;
  /** The contract's `subdelegation_policy.max_remaining_depth`; the root link's is the root maximum. */
  readonly max_remaining_depth: number;
  readonly evidence: readonly ChainEvidence[];
}

export interface DelegationAttestationChain extends Envelope {
  readonly root_task_ref: RecordId;
  /** Root first, the contract being attested last. */
  readonly links: readonly ChainLink[];
}

export const attestationChainSchema: v.GenericSchema<unknown, DelegationAttestationChain> = objectOf({
  ...envelopeEntries,
  root_task_ref: recordIdSchema,
  links: v.pipe(
    v.array(
      objectOf({
        contract_ref: revisionRefSchema,
        delegator_actor_ref: actorRefSchema,
        delegatee_actor_ref: actorRefSchema,
        delegatee_card_ref: revisionRefSchema,
        operator_principal_ref: principalRefSchema,
        max_remaining_depth: v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative")),
        evidence: v.array(objectOf({ kind: tokenSchema, ref: revisionRefSchema, signer_ref: recordIdSchema })),
      }),
    ),
    v.minLength(1, "has at least the root link"),
  ),
});
