/**
 * RW-003 (issue 8): validating a full Delegation Contract against JSON.parse of the same document
 * (budget 5x), and checkSubdelegation on a depth-8 chain against one contract validation (budget
 * 10x). The contract is the 11.2 example (D-RESEARCH-1, every section filled); the chain is built
 * from the 11.3 parent and a child that passes, one level a link, root to depth 8.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkChildDocument, checkSubdelegation, validateChain, validateContract } from "../../dist/core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../dist/core/delegation/index.js";
import { formatNs, measurePair, report } from "./measure.js";

const RECORDS = join(import.meta.dirname, "..", "conformance", "delegation", "records");
const record = (name: string): Record<string, any> => JSON.parse(readFileSync(join(RECORDS, `${name}.json`), "utf8"));
const DEPTH = 8;

function read<T>(r: { ok: boolean; value: T | null; findings: readonly { code: string; message: string }[] }): T {
  if (!r.ok || r.value === null) throw new Error(`bench input refused: ${r.findings.map((f) => `${f.code} ${f.message}`).join("; ")}`);
  return r.value;
}

/** Contracts root (level 0) to level 8 and the chain of level 8, every level within the one above. */
function depthChain(): { contracts: Record<string, any>[]; chain: Record<string, any> } {
  const root = record("d-parent-1");
  root.subdelegation_policy = { ...root.subdelegation_policy, max_remaining_depth: DEPTH };
  const template = record("d-child-ok");
  const base = record("chain-d-child-ok");
  const contracts = [root];
  const links = [{ ...base.links[0], max_remaining_depth: DEPTH }];
  for (let level = 1; level <= DEPTH; level++) {
    const parent = contracts[level - 1] as Record<string, any>;
    const id = `D-LEVEL-${level}`;
    const digest = `sha256:${level.toString(16).padStart(64, "0")}`;
    const agent = { object_id: `ACTOR-LEVEL-${level}`, revision_id: "act-r1", content_digest: digest, actor_type: "agent" };
    const card = { object_id: `AGENT-LEVEL-${level}`, revision_id: "card-r1", content_digest: digest };
    const ancestors = contracts.map((c) => ({ space_id: "SPACE-RW", scope_kind: "delegation", scope_id: c.delegation_id }));
    const contract: Record<string, any> = {
      ...template,
      record_id: id,
      delegation_id: id,
      content_digest: digest,
      delegator_actor_ref: parent.delegatee_agent_ref.agent_actor_ref,
      issued_by_actor_ref: parent.delegatee_agent_ref.agent_actor_ref,
      delegatee_agent_ref: { agent_card_ref: card, agent_actor_ref: agent },
      parent_contract_ref: { object_id: parent.delegation_id, revision_id: parent.revision_id, content_digest: parent.content_digest },
      attestation_chain_ref: { object_id: `CHAIN-${id}`, revision_id: "ch-r1", content_digest: digest },
      subdelegation_policy: { allowed: level < DEPTH, max_remaining_depth: DEPTH - level, eligible_delegates: { operator_principal_refs: ["OP-LAB"] }, required_attestations: ["signature"] },
      report_to: [parent.delegation_id, "TASK-PRJ-1"],
      control_scopes: [{ space_id: "SPACE-RW", scope_kind: "space", scope_id: "SPACE-RW" }, { space_id: "SPACE-RW", scope_kind: "agent", scope_id: card.object_id }, { space_id: "SPACE-RW", scope_kind: "delegation", scope_id: id }, ...ancestors],
    };
    contracts.push(contract);
    links.push({ ...base.links[1], contract_ref: { object_id: id, revision_id: contract.revision_id, content_digest: digest }, delegator_actor_ref: contract.delegator_actor_ref, delegatee_actor_ref: agent, delegatee_card_ref: card, max_remaining_depth: DEPTH - level });
  }
  const leaf = contracts[DEPTH] as Record<string, any>;
  const chain = { ...base, record_id: leaf.attestation_chain_ref.object_id, content_digest: leaf.attestation_chain_ref.content_digest, links };
  return { contracts, chain };
}

export function benchDelegation(): void {
  const text = readFileSync(join(RECORDS, "d-research-1.json"), "utf8");
  const compact = JSON.stringify(JSON.parse(text));
  const document = JSON.parse(compact) as unknown;
  read(validateContract(document));
  console.log(`delegation contract: D-RESEARCH-1, ${compact.length} bytes of JSON`);
  const validation = measurePair({
    name: "validate a Delegation Contract (secrets, schema, version, invariants)",
    baselineName: "JSON.parse of the same document",
    units: 1,
    baseline: () => JSON.parse(compact),
    subject: () => validateContract(document),
  });
  console.log(report(validation, 5));

  const { contracts, chain: chainJson } = depthChain();
  const parent = read(validateContract(contracts[DEPTH - 1])) as DelegationContract;
  const child = read(validateContract(contracts[DEPTH])) as DelegationContract;
  const chain = read(validateChain(chainJson)) as DelegationAttestationChain;
  const checked = checkSubdelegation(parent, child, chain);
  if (!checked.ok) throw new Error(`the depth-${DEPTH} chain is denied: ${checked.findings.map((f) => f.message).join("; ")}`);
  const attenuation = measurePair({
    name: `checkSubdelegation at depth ${DEPTH} (${chain.links.length} links, every dimension)`,
    baselineName: "one contract validation",
    units: 1,
    baseline: () => validateContract(document),
    subject: () => checkSubdelegation(parent, child, chain),
  });
  console.log(report(attenuation, 10));
  const whole = { parent: contracts[DEPTH - 1], child: contracts[DEPTH], chain: chainJson };
  const end = measurePair({
    name: `check-child from JSON at depth ${DEPTH} (validate parent, child and chain, then check)`,
    baselineName: "one contract validation",
    units: 1,
    baseline: () => validateContract(document),
    subject: () => checkChildDocument(whole),
  }, 31);
  console.log(`${end.name}: ${end.ratio.toFixed(2)}x ${end.baselineName} (${formatNs(end.subjectNs)} vs ${formatNs(end.baselineNs)}; for reference, no budget)`);
}
