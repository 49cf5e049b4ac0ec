/** Section 4.3's card invariants, for a card whose shape the schema accepted. */
import type { AgentCard } from "./agent-card.js";
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { ownIdFindings } from "./_own-id.js";
import { repeatedIdFindings } from "./_repeated-ids.js";
import { compareUtc } from "./scalars.js";

/** "A card MUST resolve to exactly one persistent agent Actor": checked on the raw field, before the schema. */
export function cardActorFindings(raw: unknown): DelegationFinding[] {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [];
  const actor = (raw as Record<string, unknown>)["agent_actor_ref"];
  if (Array.isArray(actor)) return [delegationFinding("CARD_ACTOR", `agent_actor_ref lists ${actor.length} actors; a card resolves to exactly one persistent agent Actor (section 4.3)`, { path: "agent_actor_ref", expected: "one ActorRef", received: `${actor.length} refs` })];
  return [];
}

export function cardFindings(card: AgentCard): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  ownIdFindings("agent_card_id", card.agent_card_id, card.record_id, "card", out);
  if (card.agent_actor_ref.actor_type !== "agent") {
    out.push(delegationFinding("CARD_ACTOR", `agent_actor_ref is an Actor of type ${card.agent_actor_ref.actor_type}; a card resolves to an agent Actor (section 1.1: actor_type=agent)`, { path: "agent_actor_ref.actor_type", expected: "agent", received: card.agent_actor_ref.actor_type }));
  }
  card.capability_claims.forEach((claim, i) => {
    // 4.1: a claim has an "assessed time, and expiry"; one that expires when or before it was
    // assessed was never in force (as the signer's window, below).
    if (claim.expires_at !== null && !(compareUtc(claim.expires_at, claim.assessed_at) > 0)) out.push(delegationFinding("TIME_ORDER", `capability_claims.${i}.expires_at is not after its assessed_at: the claim was never in force`, { path: `capability_claims.${i}.expires_at`, expected: `after ${claim.assessed_at}`, received: claim.expires_at }));
    if (claim.evidence_kind !== "self_asserted" && claim.evidence_refs.length === 0) {
      out.push(delegationFinding("CARD_CLAIM_EVIDENCE", `capability_claims.${i}: ${claim.evidence_kind} with no evidence; claims without evidence remain self_asserted (section 4.1)`, { path: `capability_claims.${i}.evidence_kind`, expected: "self_asserted", received: claim.evidence_kind }));
    }
  });
  repeatedIdFindings(card.capability_claims.map((c) => c.claim_id), "capability_claims", "claim_id", out);
  const op = card.accountable_operator;
  if (op.resolution === "verified" && op.evidence_ref === null) out.push(delegationFinding("CARD_OPERATOR_EVIDENCE", "accountable_operator is verified with no evidence_ref", { path: "accountable_operator.evidence_ref" }));
  if (op.resolution === "declared" || op.resolution === "unresolved") {
    out.push(delegationFinding("CARD_OPERATOR_UNRESOLVED", `accountable_operator is ${op.resolution}: the card may not do consequential work until the operator is resolved (section 4.1)`, { path: "accountable_operator.resolution", received: op.resolution }));
  }
  const life = card.lifecycle;
  if (life.state !== "active" && (life.reason === undefined || life.effective_at === undefined)) {
    out.push(delegationFinding("LIFECYCLE_REASON", `lifecycle is ${life.state}: a non-active lifecycle carries reason and effective_at (section 4.1)`, { path: "lifecycle" }));
  }
  if (!(compareUtc(card.signer.valid_until, card.signer.valid_from) > 0)) out.push(delegationFinding("TIME_ORDER", "signer.valid_until is not after signer.valid_from", { path: "signer.valid_until" }));
  return out;
}
