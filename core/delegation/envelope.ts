/**
 * The common immutable envelope (section 3) every card, contract, permission, checkpoint,
 * attestation, revocation and execution-control record carries. `envelopeEntries` is spread into
 * each record's schema; `Envelope` is the part of each record's type it gives.
 */
import * as v from "valibot";
import { actorRefSchema, digestSchema, objectOf, recordIdSchema, revisionRefSchema, schemaRefSchema, textSchema, tokenSchema, utcTimeSchema } from "./scalars.js";
import type { ActorRef, Digest, RecordId, RevisionRef, SchemaRef, UtcTime } from "./scalars.js";
import { LIFECYCLE_ASSERTIONS } from "./vocabulary.js";
import type { LifecycleAssertion } from "./vocabulary.js";

/** A signature's public parts; the signature suite is RW-004's choice (section 13). */
export interface Signature {
  readonly signer_ref: RecordId;
  readonly algorithm: string;
  readonly key_id: string;
  readonly value: string;
}

export interface Envelope {
  readonly record_id: RecordId;
  readonly revision_id: RecordId;
  readonly schema_ref: SchemaRef;
  /** `null` on a record's first revision; required (a reference) on every later one. */
  readonly prior_revision_ref: RevisionRef | null;
  readonly issued_by_actor_ref: ActorRef;
  readonly issued_at: UtcTime;
  readonly content_digest: Digest;
  readonly signature?: Signature | undefined;
  readonly lifecycle_assertion: LifecycleAssertion;
}

export const signatureSchema: v.GenericSchema<unknown, Signature> = objectOf({
  signer_ref: recordIdSchema,
  algorithm: tokenSchema,
  key_id: tokenSchema,
  value: v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/_=.-]{16,8192}$/, "is the signature bytes in base64 or base64url")),
});

/** The envelope's fields as valibot entries (typed one by one, as isolatedDeclarations asks). */
export const envelopeEntries: { readonly [K in keyof Envelope]-?: v.GenericSchema<unknown, Envelope[K]> } = {
  record_id: recordIdSchema,
  revision_id: recordIdSchema,
  schema_ref: schemaRefSchema,
  prior_revision_ref: v.nullable(revisionRefSchema),
  issued_by_actor_ref: actorRefSchema,
  issued_at: utcTimeSchema,
  content_digest: digestSchema,
  signature: v.optional(signatureSchema),
  lifecycle_assertion: v.picklist(LIFECYCLE_ASSERTIONS, `is one of ${LIFECYCLE_ASSERTIONS.join(", ")}`),
};

/** Free text fields (reasons, rules) are bounded: 1 to 2000 characters. */
export const reasonSchema: v.GenericSchema<unknown, string> = textSchema(2000);
