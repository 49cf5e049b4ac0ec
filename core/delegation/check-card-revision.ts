/**
 * `checkCardRevision(prior, next)` (section 4.3): "A card revision MUST NOT silently change
 * agent_actor_ref; identity rotation creates a new card or an explicit continuity attestation."
 * The next revision names the prior exactly, is issued no earlier than it, and keeps the card and
 * its agent Actor.
 */
import { cardRef } from "./agent-card.js";
import type { AgentCard } from "./agent-card.js";
import { delegationFinding, delegationResult } from "./codes.js";
import type { DelegationFinding, DelegationResult } from "./codes.js";
import { compareUtc, sameRevision } from "./scalars.js";
import { assertRecord } from "./_records-given.js";
import { twoContents } from "./_revision-digest.js";

export function checkCardRevision(prior: AgentCard, next: AgentCard): DelegationResult<AgentCard> {
  assertRecord("checkCardRevision", "the prior revision is an AgentCard record", prior);
  assertRecord("checkCardRevision", "the next revision is an AgentCard record", next);
  const out: DelegationFinding[] = [];
  const want = cardRef(prior);
  if (next.agent_card_id !== prior.agent_card_id) out.push(delegationFinding("AMENDMENT_REF", `the next revision is of card ${next.agent_card_id}, not ${prior.agent_card_id}; a new card is a new record`, { path: "agent_card_id" }));
  if (!sameRevision(next.prior_revision_ref, want) || next.revision_id === prior.revision_id) out.push(delegationFinding("AMENDMENT_REF", `prior_revision_ref does not name ${want.object_id}@${want.revision_id} exactly`, { path: "prior_revision_ref" }));
  // A revision follows the one it names as prior: one issued earlier claims to amend a revision
  // that did not yet exist. The same instant is left to the event log's order (section 3).
  if (compareUtc(next.issued_at, prior.issued_at) < 0) out.push(delegationFinding("TIME_ORDER", `the next revision is issued at ${next.issued_at}, before its prior ${want.object_id}@${want.revision_id} (${prior.issued_at}): a revision cannot follow one issued after it`, { path: "issued_at", expected: `at or after ${prior.issued_at}`, received: next.issued_at }));
  // The attestation is of this rotation: one the prior revision already carried attests an
  // earlier one, and carrying it forward would let every later revision change the Actor silently.
  const attestation = next.continuity_attestation_ref;
  const stale = attestation !== undefined && sameRevision(attestation, prior.continuity_attestation_ref);
  if (next.agent_actor_ref.object_id !== prior.agent_actor_ref.object_id && (attestation === undefined || stale)) {
    const why = attestation === undefined ? "with no continuity_attestation_ref" : `with the prior revision's continuity_attestation_ref ${attestation.object_id}@${attestation.revision_id}, which attests an earlier rotation, not this one`;
    out.push(delegationFinding("CARD_ACTOR_CHANGED", `agent_actor_ref changes from ${prior.agent_actor_ref.object_id} to ${next.agent_actor_ref.object_id} ${why}`, { path: attestation === undefined ? "agent_actor_ref" : "continuity_attestation_ref", expected: prior.agent_actor_ref.object_id, received: next.agent_actor_ref.object_id }));
  }
  // The same Actor revision under another content digest is no newer revision of the Actor: one of
  // the two card revisions names content that revision does not have (digests compared as written),
  // so the reference changed silently, attestation or not (README note 161).
  const was = prior.agent_actor_ref;
  const now = next.agent_actor_ref;
  if (twoContents(now, was)) {
    out.push(delegationFinding("CARD_ACTOR_CHANGED", `agent_actor_ref names ${now.object_id}@${now.revision_id} under ${now.content_digest}, where the prior revision names it under ${was.content_digest}: one Actor revision has one content, so one of them is not the Actor it claims`, { path: "agent_actor_ref.content_digest", expected: was.content_digest, received: now.content_digest }));
  }
  return delegationResult(next, out);
}
