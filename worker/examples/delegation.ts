// The OpenAPI examples of the /v1/delegation routes: the spec's worked examples (RW-003 sections 4.3 and 11),
// copies of records in test/conformance/delegation/records/ (a workerd test holds them equal).
import attempt1 from "./delegation/att-1.json" with { type: "json" };
import attempt2 from "./delegation/att-2.json" with { type: "json" };
import cardR2 from "./delegation/card-agent-extractor-r2.json" with { type: "json" };
import card from "./delegation/card-agent-extractor-r3.json" with { type: "json" };
import chainBad from "./delegation/chain-d-child-bad.json" with { type: "json" };
import childBad from "./delegation/d-child-bad.json" with { type: "json" };
import extract from "./delegation/d-extract-1.json" with { type: "json" };
import parent from "./delegation/d-parent-1.json" with { type: "json" };
import researchR1 from "./delegation/d-research-2-r1.json" with { type: "json" };
import researchR2 from "./delegation/d-research-2-r2.json" with { type: "json" };
import revoked from "./delegation/ev-db5-revoked.json" with { type: "json" };
import cf7 from "./delegation/fences-cf7.json" with { type: "json" };
import extractFences from "./delegation/fences-d-extract-1.json" with { type: "json" };
import reassigned from "./delegation/heads-after-reassignment.json" with { type: "json" };
import extractHeads from "./delegation/heads-d-extract-1.json" with { type: "json" };
import read from "./delegation/request-read-src-1.json" with { type: "json" };

const space = (kind: string, id: string) => ({ space_id: "SPACE-RW", scope_kind: kind, scope_id: id });

export const DELEGATION_EXAMPLES = {
  /** 11.4: the revocation that moves delegation:D-RESEARCH-2 from DB4 to DB5. */
  validate: { record: revoked },
  /** 11.3: denied on exactly objects, operations, duration, depth, effect class and spend. */
  checkChild: { parent, child: childBad, chain: chainBad },
  /** 11.4: D-RESEARCH-2@r2 reassigns the delegation to AGENT-B with the same or narrower scope: allowed. */
  checkReassignment: { prior: researchR1, next: researchR2 },
  /** 11.4: ATT-1 ended partially_applied; ATT-2 resumes CP-7 under the same contract-bound key, the second of max_attempts 2: ok. */
  checkAttempts: { contract: researchR2, attempts: [attempt1, attempt2] },
  /** 4.3: AGENT-EXTRACTOR@card-r3 names card-r2 as its prior and keeps its agent Actor: ok. */
  checkCardRevision: { prior: cardR2, next: card },
  /** 11.4: the checkpoint's fence set CF7 against the heads after the reassignment: stale. */
  checkFences: { fences: cf7, heads: reassigned, required: [space("space", "SPACE-RW"), space("agent", "AGENT-A"), space("delegation", "D-RESEARCH-2")] },
  /** 11.1: the extractor reads exactly SRC-1@r1: allowed. */
  evaluate: {
    contract: extract,
    card,
    request: read,
    fences: extractFences,
    heads: extractHeads,
    policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: "sha256:9abf68f0565bb046e0c7b4513dd51b9e5709e143695dc1bea66c45f7022ecf5f" },
    evaluator_ref: { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: "sha256:eeb9c38a0579bfb0d89760961c990e0cc8a55414077dbca96df6e5b550cf789c", actor_type: "service" },
  },
};
