/**
 * `evaluatePermission(input)` (section 5.2): allow or deny one requested effect immediately
 * before it, against the contract, the card, the current heads of every fenced authority stream
 * and the approvals offered. Permission is the intersection of every layer; any narrower layer
 * wins. The answer carries what a PermissionDecision records: the exact revisions, the effect
 * digest, the decision, the rules that matched, the evaluator, the fence set and the time.
 */
import { adapterSupport } from "./_adapter-support.js";
import { cardRef } from "./agent-card.js";
import type { AgentCard } from "./agent-card.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { chainLinkFindings } from "./_chain-links.js";
import { chainStandingFindings } from "./_chain-standing.js";
import { checkFences } from "./check-fences.js";
import { consentedClasses } from "./_consented-classes.js";
import { appendFindings, delegationFinding, hasDelegationError } from "./codes.js";
import type { DelegationCode, DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { streamOf } from "./control.js";
import type { ControlFenceSet, ControlHead, ControlScopeRef } from "./control.js";
import { ownScopes, spaceOf } from "./_effect-scopes.js";
import { gateFindings } from "./_gates.js";
import { policyInForce } from "./_policy-in-force.js";
import type { Approval, MatchedRule, PermissionRequest } from "./permission.js";
import { remoteIdSubstitutions } from "./_remote-ids.js";
import type { OwnIdentifier } from "./_remote-ids.js";
import { amountUnits, compareUtc, countOf, durationMs, elapsedNanos, isZeroAmount, nanosAsMs, sameRevision } from "./scalars.js";
import type { ActorRef, Digest, PolicyRef, RevisionRef, UtcTime } from "./scalars.js";
import { ambiguousSpelling, coveringSelector, isWildcard } from "./_selectors.js";
import { denialRefuses } from "./_denials.js";
import { isConsequential, tierOf, tierRank } from "./tiers.js";
import { RECONCILE_FIRST, RESOLVED_FOR_CONSEQUENTIAL, SUPPORTED_SCHEMAS } from "./vocabulary.js";

export interface PermissionInput {
  readonly contract: DelegationContract;
  readonly card: AgentCard;
  readonly request: PermissionRequest;
  /** The fence set the effect will carry: every applicable authority stream's head. */
  readonly fences: ControlFenceSet;
  /** The current heads at the append boundary. */
  readonly heads: readonly ControlHead[];
  readonly approvals?: readonly Approval[] | undefined;
  /**
   * A child contract's attestation chain, root first: every delegation it names above the contract
   * is an ancestor whose stream the effect must fence. A child evaluated without it is denied
   * (CHAIN_BROKEN: its ancestors above the parent cannot be known); a root contract needs none.
   */
  readonly chain?: DelegationAttestationChain | undefined;
  readonly policy_ref: PolicyRef;
  readonly evaluator_ref: ActorRef;
}

export interface PermissionEvaluation {
  readonly ok: boolean;
  readonly decision: "allow" | "deny";
  readonly matched_rules: readonly MatchedRule[];
  /** The codes of every predicate that failed, once each. */
  readonly denied_by: readonly DelegationCode[];
  readonly findings: readonly DelegationFinding[];
  readonly contract_ref: RevisionRef;
  readonly card_ref: RevisionRef;
  readonly policy_ref: PolicyRef;
  readonly requested_effect_digest: Digest;
  readonly evaluator_ref: ActorRef;
  readonly control_fence_set: ControlFenceSet;
  readonly evaluated_at: UtcTime;
}

/**
 * The exact revisions the contract relies on at other authority streams, by stream: each ancestor
 * delegation's (its parent_contract_ref, and the chain's links above it) and each consent's. A
 * head there that names another revision means the record relied on is no longer the one in force
 * (an ancestor revoked and reassigned, as in 11.4, or amended; a consent re-granted on other
 * terms): the child's attenuation was proved against the old one, so the effect fails closed (1.2).
 * Every revision relied on is kept, not the first of a stream: a contract listing a consent at two
 * revisions would otherwise be checked on one and consented by the other's data classes.
 */
function reliedRecords(c: DelegationContract, chain: DelegationAttestationChain | undefined): Map<string, RevisionRef[]> {
  const relied = new Map<string, RevisionRef[]>();
  const space = spaceOf(c);
  if (space === undefined) return relied;
  const add = (kind: string, ref: RevisionRef): void => {
    // The contract's own delegation stream is CONTRACT_SUPERSEDED's; a consent sharing its id is
    // on another stream (`consent:<id>`, 1.2), and is compared like any other.
    if (kind === "delegation" && ref.object_id === c.delegation_id) return;
    const stream = `rw-control:${space} ${kind}:${ref.object_id}`;
    const refs = relied.get(stream) ?? [];
    if (!refs.some((r) => sameRevision(r, ref))) relied.set(stream, [...refs, ref]);
  };
  if (c.parent_contract_ref !== null) add("delegation", c.parent_contract_ref);
  for (const link of chain?.links.slice(0, -1) ?? []) add("delegation", link.contract_ref);
  for (const consent of c.gates.consent) add("consent", consent.consent_ref);
  return relied;
}

/**
 * The authority scopes an effect must fence: the contract's control_scopes, its own delegation and
 * agent streams, and the delegation stream of every ancestor (section 8: "every child effect MUST
 * fence every ancestor delegation stream"), known from the chain, which a child contract must be
 * given, and its parent_contract_ref.
 */
function requiredScopes(c: DelegationContract, chain: DelegationAttestationChain | undefined, out: DelegationFinding[]): ControlScopeRef[] {
  const required = [...c.control_scopes];
  const ancestors: string[] = [];
  if (c.parent_contract_ref !== null) ancestors.push(c.parent_contract_ref.object_id);
  if (chain === undefined && c.parent_contract_ref !== null) {
    out.push(delegationFinding("CHAIN_BROKEN", `${c.delegation_id} is a child contract and no attestation chain was given: its ancestors above the parent cannot be known, so their streams cannot be fenced, and an unverifiable chain denies execution (section 8)`, { dimension: "chain", path: "chain" }));
  }
  if (chain !== undefined) {
    chainStandingFindings(chain, true, out);
    if (chain.links.length === 0) out.push(delegationFinding("CHAIN_BROKEN", `the chain ${chain.record_id}@${chain.revision_id} holds no link, so it does not end with ${c.delegation_id}@${c.revision_id}: an unverifiable or broken chain denies execution (section 8)`, { dimension: "chain", path: "chain.links" }));
    // The chain is verified before every effect, not only when the child became active: its
    // evidence, its continuity and its last link binding this exact contract (README note 157).
    chainLinkFindings(c, chain, out, "contract.");
    // The link above the contract attests its exact parent revision: otherwise the chain and the
    // contract name two different ancestors, and the chain is not this contract's.
    const above = chain.links[chain.links.length - 2];
    if (c.parent_contract_ref !== null && !(above !== undefined && sameRevision(above.contract_ref, c.parent_contract_ref))) {
      const shown = above === undefined ? "nothing" : `${above.contract_ref.object_id}@${above.contract_ref.revision_id}`;
      out.push(delegationFinding("CHAIN_BROKEN", `the chain's link above ${c.delegation_id} attests ${shown}, not its parent ${c.parent_contract_ref.object_id}@${c.parent_contract_ref.revision_id}: an unverifiable or broken chain denies execution (section 8)`, { dimension: "chain", path: "chain.links" }));
    }
    for (const link of chain.links.slice(0, -1)) ancestors.push(link.contract_ref.object_id);
  }
  const own = ownScopes(c, c.delegatee_agent_ref.agent_card_ref.object_id);
  if (own === null) {
    out.push(delegationFinding("FENCE_SCOPE_MISSING", `${c.delegation_id} names no control scope: its own delegation stream and its agent's stream cannot be named, so they cannot be fenced (section 1.2)`, { dimension: "fences", path: "contract.control_scopes" }));
    return required;
  }
  const listed = new Set(required.map((s) => `${s.scope_kind}:${s.scope_id}`));
  for (const s of own) if (!listed.has(`${s.scope_kind}:${s.scope_id}`)) required.push(s);
  const fenced = new Set(required.filter((s) => s.scope_kind === "delegation").map((s) => s.scope_id));
  for (const id of ancestors) {
    if (id === c.delegation_id || fenced.has(id)) continue;
    fenced.add(id);
    required.push({ space_id: own[0].space_id, scope_kind: "delegation", scope_id: id });
  }
  return required;
}

export function evaluatePermission(input: PermissionInput): PermissionEvaluation {
  const { contract: c, card, request: r } = input;
  const out: DelegationFinding[] = [];
  const matched: MatchedRule[] = [];
  const deny = (code: DelegationCode, dimension: string, message: string, extra: { expected?: string; received?: string } = {}): void => {
    out.push(delegationFinding(code, message, { dimension, ...extra }));
  };
  const consequential = isConsequential(r.effect_class);

  // The chain too: a child's authority rests on it (8), so an unsupported one fails closed for a
  // consequential effect as the contract's or the card's does (3).
  const schemas = [["contract", c.schema_ref], ["card", card.schema_ref], ...(input.chain === undefined ? [] : [["attestation chain", input.chain.schema_ref] as const])] as const;
  for (const [what, ref] of schemas) {
    const schema = `${ref.schema_id}/${ref.version}`;
    if (SUPPORTED_SCHEMAS.includes(schema)) continue;
    if (consequential) deny("SCHEMA_UNSUPPORTED", "schema", `the ${what}'s schema ${schema} is not supported; it fails closed for a consequential effect`, { received: schema });
    else out.push(delegationFinding("SCHEMA_UNSUPPORTED_READ", `the ${what}'s schema ${schema} is not supported; allowed only because the effect is not consequential`, { dimension: "schema", received: schema }));
  }

  // The card, the executor and the operator.
  const card_ref = cardRef(card);
  const before = out.length;
  // Both the card's lifecycle and its envelope's assertion: a card asserting revoked (or anything
  // but active) permits nothing, whatever its other field says.
  if (card.lifecycle.state !== "active") deny("CARD_INACTIVE", "card", `the card ${card.agent_card_id} is ${card.lifecycle.state}`, { received: card.lifecycle.state });
  else if (card.lifecycle_assertion !== "active") deny("CARD_INACTIVE", "card", `the card ${card.agent_card_id} asserts ${card.lifecycle_assertion}`, { received: card.lifecycle_assertion });
  // "Permission/card/contract expiry ... are evaluated ... immediately before every consequential
  // effect" (9): the card's only expiry is its signer's validity window; outside it, nothing.
  const signer = card.signer;
  if (!(compareUtc(signer.valid_from, r.at) <= 0 && compareUtc(r.at, signer.valid_until) < 0)) deny("CARD_SIGNER_EXPIRED", "card", `the card ${card.agent_card_id}'s signer is valid from ${signer.valid_from} until ${signer.valid_until}, not at ${r.at}`, { expected: `${signer.valid_from} <= at < ${signer.valid_until}`, received: r.at });
  if (!sameRevision(card_ref, c.delegatee_agent_ref.agent_card_ref) || !sameRevision(card.agent_actor_ref, c.delegatee_agent_ref.agent_actor_ref)) {
    deny("CARD_MISMATCH", "card", `the card ${card.agent_card_id}@${card.revision_id} is not the delegatee's exact card and agent revision in ${c.delegation_id}@${c.revision_id}`);
  }
  if (!sameRevision(r.executor_actor_ref, c.delegatee_agent_ref.agent_actor_ref)) deny("EXECUTOR_MISMATCH", "executor", `the executor ${r.executor_actor_ref.object_id}@${r.executor_actor_ref.revision_id} is not the delegatee Actor revision`, { expected: c.delegatee_agent_ref.agent_actor_ref.object_id, received: r.executor_actor_ref.object_id });
  if (c.accountable_operator_ref.operator_principal_ref !== card.accountable_operator.operator_principal_ref) deny("OPERATOR_MISMATCH", "operator", "the contract's accountable operator is not the card's");
  // The operator is accountable from its effective_from (4.1); an effect before it would be
  // attributed to no accountable operator (8: "attributed to the executing agent/operator").
  const operatorFrom = card.accountable_operator.effective_from;
  if (!(compareUtc(operatorFrom, r.at) <= 0)) deny("OPERATOR_NOT_EFFECTIVE", "operator", `the card's accountable operator ${card.accountable_operator.operator_principal_ref} is in effect from ${operatorFrom}, not at ${r.at}: the effect would have no accountable operator`, { expected: `effective_from <= ${r.at}`, received: operatorFrom });
  if (consequential && !RESOLVED_FOR_CONSEQUENTIAL.includes(card.accountable_operator.resolution)) deny("OPERATOR_UNRESOLVED", "operator", `consequential work requires a resolved operator; the card's is ${card.accountable_operator.resolution}`, { received: card.accountable_operator.resolution });
  // The adapter the effect runs through, when the request names one: "unsupported or downgraded
  // features fail closed for consequential effects" (10.3), as an unsupported schema does (3); for
  // another effect it is noted, the card's other predicates and every later one still deciding.
  const adapter = r.adapter === undefined ? null : adapterSupport(card.supported_adapters, r.adapter);
  for (const gap of adapter?.gaps ?? []) {
    const [code, consequence] = consequential
      ? (["ADAPTER_UNSUPPORTED", "unsupported or downgraded features fail closed for a consequential effect (section 10.3)"] as const)
      : (["ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL", "allowed only because the effect is not consequential (section 10.3 fails closed for consequential effects)"] as const);
    out.push(delegationFinding(code, `${gap.message}: ${consequence}`, { dimension: "card", path: gap.path === "" ? "request.adapter" : `request.adapter.${gap.path}`, expected: gap.expected, received: gap.received }));
  }
  // The adapter's remote-assigned IDs are never the executor's, the contract's or the card's own
  // identifiers (10.3), the attempt's rule (`_remote-ids.ts`). For an effect of any class: 10.3's
  // MUST NOT is not qualified by consequence as its "fail closed for consequential effects" is,
  // and the attempt recording this adapter would itself be refused (ADAPTER_ID_SUBSTITUTED).
  if (r.adapter !== undefined) {
    const own: OwnIdentifier[] = [
      ["request.executor_actor_ref.object_id", r.executor_actor_ref.object_id],
      ["request.executor_actor_ref.revision_id", r.executor_actor_ref.revision_id],
      ["contract.delegation_id", c.delegation_id],
      ["contract.revision_id", c.revision_id],
      ["card.agent_card_id", card.agent_card_id],
      ["card.revision_id", card.revision_id],
      ["card.agent_actor_ref.object_id", card.agent_actor_ref.object_id],
      ["card.agent_actor_ref.revision_id", card.agent_actor_ref.revision_id],
    ];
    appendFindings(out, remoteIdSubstitutions(r.adapter.remote_ids, own, "request.adapter.remote_ids", "").map((f) => ({ ...f, dimension: "card" })));
  }
  const via = r.adapter !== undefined && adapter !== null && adapter.gaps.length === 0 ? ` over ${r.adapter.protocol}/${r.adapter.version} (supported_adapters.${adapter.index})` : "";
  if (!hasDelegationError(out.slice(before))) matched.push({ rule: "card", matched: `${card.agent_card_id}@${card.revision_id} executed by ${r.executor_actor_ref.object_id}${via}` });

  // The contract in force.
  const mark = out.length;
  if (c.lifecycle_assertion !== "active") deny("CONTRACT_INACTIVE", "contract", `the contract asserts ${c.lifecycle_assertion}`, { received: c.lifecycle_assertion });
  // Each time check holds only when the exact comparison says so: a time that is not one denies.
  if (!(compareUtc(r.at, c.issued_at) >= 0)) deny("CONTRACT_NOT_YET", "contract", `${r.at} is before the contract was issued (${c.issued_at})`);
  if (!(compareUtc(r.at, c.expires_at) < 0)) deny("CONTRACT_EXPIRED", "contract", `the contract expired at ${c.expires_at}`, { received: r.at });
  const heads = new Map(input.heads.map((h) => [streamOf(h), h]));
  // The contract's own delegation head and the executing agent's head name the record in force: a
  // head naming none leaves the revision unresolved, which fails closed (1.2). A missing head is
  // the fences' finding. Other scopes' heads (space, policy, consent, ancestors) need name none.
  for (const s of ownScopes(c, card.agent_card_id) ?? []) {
    const own = s.scope_kind === "delegation";
    const stream = `rw-control:${s.space_id} ${s.scope_kind}:${s.scope_id}`;
    const head = heads.get(stream);
    if (head === undefined) continue;
    const [what, ref] = own ? (["contract", contractRef(c)] as const) : (["card", card_ref] as const);
    const expected = own ? `${c.delegation_id}@${c.revision_id}` : `${card.agent_card_id}@${card.revision_id}`;
    if (head.record_ref == null) {
      deny("HEAD_RECORD_UNRESOLVED", what, `the head of ${stream} (${head.event_id}) names no record_ref: the ${what} revision in force there is unresolved, so ${expected} cannot be shown current and the effect fails closed (section 1.2)`, { expected, received: "no record_ref" });
    } else if (!sameRevision(head.record_ref, ref)) {
      const held = `${head.record_ref.object_id}@${head.record_ref.revision_id}`;
      if (own) deny("CONTRACT_SUPERSEDED", "contract", `the delegation's head holds ${held}, not ${expected}`);
      else deny("CARD_MISMATCH", "card", `the agent's head holds card ${held}, not ${expected}`);
    }
  }
  // The policy the decision records is the one in force wherever a head names it (`_policy-in-force.ts`).
  policyInForce(input.policy_ref, spaceOf(c), heads, matched, out);
  for (const [stream, wanted] of reliedRecords(c, input.chain)) {
    const held = heads.get(stream)?.record_ref;
    // One record is in force at a head, so of two revisions relied on at once one is not, whether
    // or not the head names which.
    if (wanted.length > 1) deny("HEAD_RECORD_SUPERSEDED", "contract", `${c.delegation_id}@${c.revision_id} relies on ${wanted.length} revisions of the record at ${stream} (${wanted.map((w) => w.revision_id).join(", ")}): one record is in force at a head, so the others are not, and no effect runs on what they bind (sections 1.2, 9)`, { received: wanted.map((w) => `${w.object_id}@${w.revision_id}`).join(" ") });
    for (const want of wanted) {
      if (held == null || sameRevision(held, want)) continue;
      const [expected, received] = [`${want.object_id}@${want.revision_id}`, `${held.object_id}@${held.revision_id}`];
      deny("HEAD_RECORD_SUPERSEDED", "contract", `the head of ${stream} holds ${received}, not ${expected}, which ${c.delegation_id}@${c.revision_id} relies on: that revision is no longer in force (revoked, reassigned or amended), so no effect runs under it until the contract is re-issued against the one in force (sections 1.2, 8)`, { expected, received });
    }
  }
  for (const consent of c.gates.consent) if (!(compareUtc(r.at, consent.expires_at) < 0)) deny("CONSENT_EXPIRED", "consent", `consent ${consent.consent_ref.object_id} expired at ${consent.expires_at}`);
  // Section 9: a consent binds its data classes. Under a contract that relies on consent, a class
  // the request touches that no relied-on consent binds was never consented to: it fails closed.
  // Expiry is CONSENT_EXPIRED's; a contract relying on no consent has no consent layer to narrow.
  const consented = consentedClasses(c.gates.consent);
  if (consented !== null) {
    const unconsented = r.data_classes.filter((d) => !consented.has(d));
    if (unconsented.length > 0) deny("CONSENT_DATA_CLASS", "consent", `data classes ${unconsented.join(", ")} are bound by no consent the contract relies on (${c.gates.consent.map((k) => `${k.consent_ref.object_id}: ${k.data_classes.join(" ") || "none"}`).join("; ")}); a consent binds its data classes (section 9)`, { expected: [...consented].join(" "), received: unconsented.join(" ") });
    // A consent binds its recipients as it binds its classes (9), and the data an effect touches is
    // disclosed to the agent executing it: a class is consented for this effect only by a consent
    // naming that agent (its card, its Actor, or its accountable operator) among its recipients. A
    // child or a reassigned revision carries its parent's consent verbatim (INHERIT_CONSENT) while
    // binding another agent, which that consent may never have named.
    const agent = c.delegatee_agent_ref;
    const names = new Set([agent.agent_card_ref.object_id, agent.agent_actor_ref.object_id, c.accountable_operator_ref.operator_principal_ref]);
    const forAgent = new Set(c.gates.consent.filter((k) => k.recipients.some((x) => names.has(x))).flatMap((k) => k.data_classes));
    const undisclosed = r.data_classes.filter((d) => consented.has(d) && !forAgent.has(d));
    if (undisclosed.length > 0) deny("CONSENT_RECIPIENT", "consent", `data classes ${undisclosed.join(", ")} are consented only to recipients other than ${agent.agent_card_ref.object_id} (${c.gates.consent.filter((k) => k.data_classes.some((d) => undisclosed.includes(d))).map((k) => `${k.consent_ref.object_id}: ${k.recipients.join(" ") || "none"}`).join("; ")}); a consent binds its recipients (section 9), and the executing agent, its Actor or its operator is not among them`, { expected: [...names].join(" "), received: undisclosed.join(" ") });
  }
  if (out.length === mark) matched.push({ rule: "contract", matched: `${c.delegation_id}@${c.revision_id} until ${c.expires_at}` });

  // Scope: each dimension, then the denials.
  const scope = c.scope;
  const select = (rule: string, code: DelegationCode, allowed: readonly string[], value: string): void => {
    const hit = coveringSelector(allowed, value);
    if (hit === null) deny(code, rule, `${rule}: ${value} is not within ${allowed.join(", ") || "(none)"}`, { received: value });
    else matched.push({ rule, matched: hit });
  };
  // A request names one exact object: a selector ("PRJ-1/*") would be covered by the scope and
  // match no denial of one object under it (the request schema refuses it; this is the API's guard).
  // Nor one a path resolver reads as another object: the scope and the denials match its text.
  const spelling = ambiguousSpelling(r.object);
  if (isWildcard(r.object)) deny("SCOPE_OBJECT", "scope.objects", `scope.objects: the request names the selector ${r.object}; an effect names one exact object`, { received: r.object });
  else if (spelling !== null) deny("SCOPE_OBJECT", "scope.objects", `scope.objects: ${r.object} has ${spelling}, so the object it names is not the one its text matches against the scope and the denials`, { received: r.object });
  else select("scope.objects", "SCOPE_OBJECT", scope.objects, r.object);
  select("scope.operations", "SCOPE_OPERATION", scope.operations, r.operation);
  // "the contract must separately authorize each tool" (9): where the scope lists tools or a
  // denial names one, a request names its tool; leaving it out never matches more permissively.
  // The adapter's `tool` is 7.1's "tool/adapter identity", the same scope tool: the effect runs
  // through one tool, so a request naming two is denied (which one the contract authorized would be
  // unknown), and a request naming only its adapter names that tool. Under a scope listing no tools
  // it is not judged against the empty list: every adapter records a tool (7.1), so an effect made
  // with no scope tool still names one there; a denial naming it still refuses it.
  const adapterTool = r.adapter?.tool;
  const tool = r.tool ?? adapterTool;
  if (r.tool !== undefined && adapterTool !== undefined && r.tool !== adapterTool) deny("ADAPTER_TOOL_MISMATCH", "scope.tools", `the request names the tool ${r.tool} and its adapter the tool ${adapterTool}: an effect runs through one tool, and the contract authorizes each tool separately (section 9), so which one it would authorize is unknown`, { expected: r.tool, received: adapterTool });
  if (r.tool !== undefined) select("scope.tools", "SCOPE_TOOL", scope.tools, r.tool);
  else if (adapterTool !== undefined) {
    if (scope.tools.length > 0) select("scope.tools", "SCOPE_TOOL", scope.tools, adapterTool);
  } else if (scope.tools.length > 0 || scope.denials.some((d) => d.tools !== undefined)) deny("SCOPE_TOOL_UNNAMED", "scope.tools", `the request names no tool; the contract authorizes each tool separately (${scope.tools.join(", ") || "none"}${scope.denials.some((d) => d.tools !== undefined) ? ", and a denial names tools" : ""}), so the tool is named`);
  const allowedData = new Set(scope.data_classes);
  const data = r.data_classes.filter((d) => !allowedData.has(d));
  if (data.length > 0) deny("SCOPE_DATA", "scope.data_classes", `data classes ${data.join(", ")} are not allowed (${scope.data_classes.join(", ")})`, { received: data.join(" ") });
  else matched.push({ rule: "scope.data_classes", matched: r.data_classes.join(" ") || "none" });
  if (!scope.effect_classes.includes(r.effect_class)) deny("SCOPE_EFFECT_CLASS", "scope.effect_classes", `effect class ${r.effect_class} is not allowed (${scope.effect_classes.join(", ")})`, { received: r.effect_class });
  else matched.push({ rule: "scope.effect_classes", matched: r.effect_class });
  // A denial matches whatever the case of the request's names: "DELETE" does not escape a denial
  // of "delete" (names are ASCII). The scope itself allows exact names only.
  for (const d of scope.denials) {
    if (denialRefuses(d, { operation: r.operation, object: r.object, tool, effect_class: r.effect_class })) deny("SCOPE_DENIED", "scope.denials", `denial ${d.rule_id} refuses this${d.reason === undefined ? "" : `: ${d.reason}`}`, { received: d.rule_id });
  }

  // The tier: what the agent may do.
  if (tierRank(tierOf(r.effect_class)) > tierRank(c.autonomy_tier) || (consequential && c.autonomy_tier !== "T4_consequential_execute")) {
    deny("TIER_FORBIDS", "tier", `${c.autonomy_tier} may not execute a ${r.effect_class} effect${consequential ? "; only T4_consequential_execute executes a consequential effect (T3 prepares it)" : ""}`, { received: r.effect_class });
  } else matched.push({ rule: "tier", matched: c.autonomy_tier });

  // Spend and budgets: usage includes this effect.
  const u = r.usage ?? {};
  const spent = u.spend;
  const limit = c.limits.spend;
  // Section 5.2: "authorized only when all predicates hold": a limit that applies and the usage it
  // needs is not given fails closed (USAGE_UNKNOWN), never passes unchecked.
  const unknown = (rule: string, what: string, limit: string): void => deny("USAGE_UNKNOWN", rule, `usage.${what} is not given and the contract limits it (${limit}): a predicate that cannot be evaluated fails closed`, { expected: `usage.${what}` });
  if (r.effect_class === "spend" || (spent !== undefined && !isZeroAmount(spent.amount))) {
    if (limit === undefined || isZeroAmount(limit.amount)) deny("SPEND_NO_AUTHORITY", "spend", "the contract carries no MoneyLimit: no spending authority (section 2)");
    else if (spent === undefined) unknown("spend", "spend", `${limit.currency} ${limit.amount}`);
    else if (spent.currency !== limit.currency) deny("SPEND_EXCEEDS", "spend", `usage.spend is in ${spent.currency}, the MoneyLimit in ${limit.currency}: amounts in two currencies are never converted, so the spend is not within the limit`, { expected: limit.currency, received: spent.currency });
    else if (amountUnits(spent.amount) > amountUnits(limit.amount)) deny("SPEND_EXCEEDS", "spend", `${spent.currency} ${spent.amount} exceeds ${limit.currency} ${limit.amount}`, { expected: `<= ${limit.currency} ${limit.amount}`, received: `${spent.currency} ${spent.amount}` });
    else matched.push({ rule: "spend", matched: `within ${limit.currency} ${limit.amount}` });
  }
  const over: string[] = [];
  const lim = c.limits;
  if (lim.max_tokens !== undefined && u.tokens === undefined) unknown("budget", "tokens", `max_tokens ${lim.max_tokens}`);
  if (lim.max_tool_calls !== undefined && u.tool_calls === undefined) unknown("budget", "tool_calls", `max_tool_calls ${lim.max_tool_calls}`);
  for (const [type, max] of Object.entries(lim.max_items ?? {})) if (countOf(u.items, type) === undefined) unknown("budget", `items.${type}`, `max_items ${type} ${max}`);
  if (u.tokens !== undefined && lim.max_tokens !== undefined && u.tokens > lim.max_tokens) over.push(`tokens ${u.tokens} > ${lim.max_tokens}`);
  if (u.tool_calls !== undefined && lim.max_tool_calls !== undefined && u.tool_calls > lim.max_tool_calls) over.push(`tool calls ${u.tool_calls} > ${lim.max_tool_calls}`);
  // max_duration is wall-clock time from issued_at, as attenuation and checkpoint remainders read
  // it: the time since issued_at is a floor under the elapsed time the request reports, which may
  // say more (attempts running at once) but never less. A report of 60 s made 30 minutes in would
  // otherwise stretch 11.1's 90 seconds to the contract's expiry. In nanoseconds, exactly (epoch
  // milliseconds as a float lose what lies under a microsecond, and a window would run over by it).
  const since = elapsedNanos(c.issued_at, r.at);
  const sinceIssued = since === null || since < 0n ? 0n : since;
  const reported = u.elapsed === undefined ? null : BigInt(durationMs(u.elapsed)) * 1_000_000n;
  const elapsed = reported !== null && reported > sinceIssued ? reported : sinceIssued;
  const shown = reported !== null && u.elapsed !== undefined && reported >= sinceIssued ? `${u.elapsed.value} ${u.elapsed.unit}` : `${nanosAsMs(sinceIssued)} ms since issued_at${u.elapsed === undefined ? " (usage.elapsed not given)" : ` (usage.elapsed says ${u.elapsed.value} ${u.elapsed.unit}, less than has passed)`}`;
  if (elapsed > BigInt(durationMs(lim.max_duration)) * 1_000_000n) over.push(`elapsed ${shown} > ${lim.max_duration.value} ${lim.max_duration.unit}`);
  for (const [type, n] of Object.entries(u.items ?? {})) {
    const max = countOf(lim.max_items, type);
    if (max !== undefined && n > max) over.push(`${type} ${n} > ${max}`);
  }
  if (over.length > 0) deny("BUDGET_EXCEEDED", "budget", `over budget: ${over.join(", ")}`);

  // Retries.
  const retry = c.retry_policy;
  if (r.attempt > retry.max_attempts) deny("RETRY_EXHAUSTED", "retry", `attempt ${r.attempt} exceeds max_attempts ${retry.max_attempts}`);
  if (r.attempt > 1) {
    const prior = r.prior_outcome ?? "unknown";
    // A succeeded attempt is never retried, whatever a contract handed to the API lists (a
    // validated contract cannot list it: RETRY_SUCCEEDED).
    if (prior === "succeeded") deny("RETRY_NOT_ALLOWED", "retry", "a succeeded attempt is never retried: the contract's objective is met, and another effect needs its own authority", { received: prior });
    else if (!retry.retryable_outcomes.includes(prior)) deny("RETRY_NOT_ALLOWED", "retry", `a ${prior} attempt is not retryable under this contract (${retry.retryable_outcomes.join(", ") || "none"})`, { received: prior });
    if (RECONCILE_FIRST.includes(prior) && r.reconciled !== true) deny("RETRY_UNRECONCILED", "retry", `the prior attempt is ${prior}: reconcile it before a retry (section 7.1)`, { received: prior });
  }

  // Gates, then fences.
  const excluded = [c.delegatee_agent_ref.agent_actor_ref, r.executor_actor_ref, input.evaluator_ref];
  appendFindings(out, gateFindings(c, r, input.approvals ?? [], excluded, matched));
  const fences = checkFences(input.fences, input.heads, requiredScopes(c, input.chain, out));
  appendFindings(out, fences.findings.map((f) => ({ ...f, dimension: "fences" })));
  if (fences.ok) matched.push({ rule: "fences", matched: `${input.fences.length} streams current` });

  const ok = !hasDelegationError(out);
  const denied_by = [...new Set(out.filter((f) => f.severity === "error").map((f) => f.code))];
  return {
    ok,
    decision: ok ? "allow" : "deny",
    matched_rules: matched,
    denied_by,
    findings: out,
    contract_ref: contractRef(c),
    card_ref,
    policy_ref: input.policy_ref,
    requested_effect_digest: r.effect_digest,
    evaluator_ref: input.evaluator_ref,
    control_fence_set: input.fences,
    evaluated_at: r.at,
  };
}
