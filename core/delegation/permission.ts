/**
 * The permission records of section 5.2: the PermissionDecision the executor records, the request
 * it evaluates, and the approvals (RW-002 AuthorityDecision and Review references) offered for
 * its gates.
 */
import * as v from "valibot";
import { controlFenceSetSchema } from "./control.js";
import type { ControlFenceSet } from "./control.js";
import { envelopeEntries } from "./envelope.js";
import type { Envelope } from "./envelope.js";
import { adapterIdentitySchema, budgetSchema } from "./execution.js";
import type { AdapterIdentity, Budget } from "./execution.js";
import { actorRefSchema, dataClassSchema, digestSchema, objectOf, outcomeSchema, policyRefSchema, principalRefSchema, revisionRefSchema, textSchema, tokenSchema, utcTimeSchema, WHOLE_NUMBER } from "./scalars.js";
import type { ActorRef, DataClass, Digest, PolicyRef, PrincipalRef, RevisionRef, UtcTime } from "./scalars.js";
import { ambiguousSpelling } from "./_selectors.js";
import { EFFECT_CLASS_NAMES } from "./tiers.js";
import type { EffectClass } from "./tiers.js";
import type { Outcome } from "./vocabulary.js";

/** A predicate that held, and what it matched (`{ rule: "scope.objects", matched: "PRJ-1/*" }`). */
export interface MatchedRule {
  readonly rule: string;
  readonly matched: string;
}

export interface PermissionDecision extends Envelope {
  readonly contract_ref: RevisionRef;
  readonly card_ref: RevisionRef;
  readonly policy_ref: PolicyRef;
  readonly requested_effect_digest: Digest;
  readonly decision: "allow" | "deny";
  readonly matched_rules: readonly MatchedRule[];
  /** For a deny: the stable codes of every predicate that failed, at least one; an allow has none. */
  readonly denied_by?: readonly string[] | undefined;
  readonly evaluator_ref: ActorRef;
  readonly control_fence_set: ControlFenceSet;
  readonly evaluated_at: UtcTime;
}

/** One requested effect, as the executor asks before it (section 5.2). */
export interface PermissionRequest {
  readonly operation: string;
  readonly object: string;
  readonly tool?: string | undefined;
  readonly data_classes: readonly DataClass[];
  readonly effect_class: EffectClass;
  readonly effect_digest: Digest;
  readonly executor_actor_ref: ActorRef;
  readonly at: UtcTime;
  /** Which attempt this is (1: the first); a retry also says how the previous one ended. */
  readonly attempt: number;
  readonly prior_outcome?: Outcome | null | undefined;
  readonly reconciled?: boolean | undefined;
  /**
   * Budget consumed under this contract revision so far, this effect included (its money in
   * `usage.spend`). After a reassignment (11.4) a revision's limits are what its prior's attempts
   * left (`checkReassignment`), so what they consumed is not counted again; `attempt` still counts
   * every attempt of the delegation.
   */
  readonly usage?: Budget | undefined;
  /**
   * The adapter the effect runs through, as its ExecutionAttempt records it (10.3): judged against
   * the card's `supported_adapters` when named. A request naming none is not judged on it.
   */
  readonly adapter?: AdapterIdentity | undefined;
}

/** An approval offered for a gate: only an AuthorityDecision (human gates) or a Review (reviewers) counts. */
export interface Approval {
  readonly source: string;
  readonly ref: RevisionRef;
  readonly gate?: string | undefined;
  readonly role?: string | undefined;
  readonly decided_by: ActorRef;
  readonly principal_ref: PrincipalRef;
  readonly effect_digest: Digest;
  readonly decision: "approved" | "rejected";
  readonly decided_at: UtcTime;
  readonly expires_at: UtcTime;
}

export const matchedRuleSchema: v.GenericSchema<unknown, MatchedRule> = objectOf({ rule: tokenSchema, matched: textSchema(500) });

export const permissionDecisionSchema: v.GenericSchema<unknown, PermissionDecision> = objectOf({
  ...envelopeEntries,
  contract_ref: revisionRefSchema,
  card_ref: revisionRefSchema,
  policy_ref: policyRefSchema,
  requested_effect_digest: digestSchema,
  decision: v.picklist(["allow", "deny"], "is allow or deny"),
  matched_rules: v.array(matchedRuleSchema),
  denied_by: v.optional(v.array(tokenSchema)),
  evaluator_ref: actorRefSchema,
  control_fence_set: controlFenceSetSchema,
  evaluated_at: utcTimeSchema,
});

export const permissionRequestSchema: v.GenericSchema<unknown, PermissionRequest> = objectOf({
  operation: tokenSchema,
  // One exact object (5.2's "requested effect"; T4's "exact target"): never a selector, which
  // would be covered by a wider scope selector and slip past a denial of one object it covers.
  object: v.pipe(
    v.string(),
    v.regex(/^[\x21-\x29\x2b-\x7e]{1,256}$/, "is one exact object reference: printable, no spaces, no * (a request names the object it affects, never a selector)"),
    // Scope and denials match it as text, by prefix: `PRJ-1/proposals/../corpus/F-1` would pass a
    // scope of `PRJ-1/proposals/*` and escape a denial of `PRJ-1/corpus/*`, as `PRJ-1/corpus%2FF-1`
    // would pass `PRJ-1/*` and escape it.
    v.check((o) => ambiguousSpelling(o) === null, "is one exact object reference with no ., .. or empty path segment (escaped or not), no \\ and no escaped letter, digit, -, ., _, ~, / or \\: a path resolver would read it as another object"),
  ),
  tool: v.optional(tokenSchema),
  data_classes: v.array(dataClassSchema),
  effect_class: v.picklist(EFFECT_CLASS_NAMES, `is one of ${EFFECT_CLASS_NAMES.join(", ")}`),
  effect_digest: digestSchema,
  executor_actor_ref: actorRefSchema,
  at: utcTimeSchema,
  attempt: v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(1, "is at least 1")),
  prior_outcome: v.optional(v.nullable(outcomeSchema)),
  reconciled: v.optional(v.boolean()),
  usage: v.optional(budgetSchema),
  adapter: v.optional(adapterIdentitySchema),
});

export const approvalSchema: v.GenericSchema<unknown, Approval> = objectOf({
  source: tokenSchema,
  ref: revisionRefSchema,
  gate: v.optional(tokenSchema),
  role: v.optional(tokenSchema),
  decided_by: actorRefSchema,
  principal_ref: principalRefSchema,
  effect_digest: digestSchema,
  decision: v.picklist(["approved", "rejected"], "is approved or rejected"),
  decided_at: utcTimeSchema,
  expires_at: utcTimeSchema,
});
