/**
 * A record naming a contract's revision id under another content digest (sections 2 and 3: a
 * revision id is a "Unique immutable revision ID", "never reused"; a RevisionRef is the "exact
 * {object_id, revision_id, content_digest} triple"). One revision id names one content, so a record
 * naming it beside another digest names content the revision does not have: it is not of the
 * revision it claims, or the revision in hand is not. The digest is never recomputed (RW-004's), so
 * which is unknown, as for one digest given two contents (`_digest-conflicts.ts`, the converse):
 * the record is refused, naming it, and still counted where limits are summed
 * (`_draws-on-revision.ts`), since it may have drawn on them. The per-record checks (window,
 * delegatee, tools, inputs, fences) still judge only records of the exact triple: which revision's
 * rules bind such a record is the unknown.
 *
 * ATTEMPT_REVISION_DIGEST for attempts (`delegation_ref`), CHECKPOINT_REVISION_DIGEST for
 * checkpoints, on the dimensions their digest conflicts take.
 *
 * An Actor or card revision likewise (README notes 161, 183, 185): wherever one input names it twice
 * (a card's next revision against its prior; every link of a chain, root to leaf; the two contracts a
 * child check or a reassignment reads), a later revision is the same persistent Actor (note 180), but
 * the same revision under another digest is one revision claimed with two contents, adjacent or not.
 * The wide contract's inputs are read into the same map (note 189): an input is a revision too, and
 * so is every other reference either contract carries.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationDetail, DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationCheckpoint } from "./execution.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import type { RevisionRef } from "./scalars.js";
import { dimensionFinding } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";

/** `a` and `b` name one revision (object and revision id) under two content digests: one of them is not that revision. */
export function twoContents(a: RevisionRef, b: RevisionRef): boolean {
  return a.object_id === b.object_id && a.revision_id === b.revision_id && a.content_digest !== b.content_digest;
}

/** A reference as read: the revision it names and where it is written. */
export interface NamedRevision {
  readonly ref: RevisionRef;
  readonly path: string;
}

/**
 * Pushes `make`'s finding for each of `named`, read in order, that names a revision (object and
 * revision id) an earlier one named under another content digest, wherever the two are written: one
 * revision has one content (notes 161, 183, 185), so one of the two is not the revision it claims. It
 * stands at the later naming's digest, `expected` the digest named first. A later revision of the same
 * object is another revision (note 180) and passes.
 */
function conflictFindings(named: readonly NamedRevision[], make: (message: string, detail: DelegationDetail) => DelegationFinding, out: DelegationFinding[]): void {
  // By object, then revision id: no key is built, as every contract read (note 192) passes here.
  const first = new Map<string, Map<string, NamedRevision>>();
  for (const now of named) {
    let revisions = first.get(now.ref.object_id);
    if (revisions === undefined) first.set(now.ref.object_id, (revisions = new Map()));
    const was = revisions.get(now.ref.revision_id);
    if (was === undefined) revisions.set(now.ref.revision_id, now);
    else if (twoContents(now.ref, was.ref)) {
      out.push(make(`${now.path} names ${now.ref.object_id}@${now.ref.revision_id} under ${now.ref.content_digest}, where ${was.path} names it under ${was.ref.content_digest}: one revision has one content, so one of the two is not the revision it claims`, { path: `${now.path}.content_digest`, expected: was.ref.content_digest, received: now.ref.content_digest }));
    }
  }
}

/** Each conflict of `named` (`conflictFindings`) as a finding on `dimension`. */
export function oneContentFindings(named: readonly NamedRevision[], dimension: Dimension, out: DelegationFinding[]): void {
  conflictFindings(named, (message, detail) => dimensionFinding(dimension, message, detail), out);
}

/** The Actor and card revisions a contract names, its delegator's first; `at` prefixes their paths. */
function contractActorRevisions(contract: DelegationContract, at: string): NamedRevision[] {
  const agent = contract.delegatee_agent_ref;
  return [
    { ref: contract.delegator_actor_ref, path: `${at}delegator_actor_ref` },
    { ref: agent.agent_actor_ref, path: `${at}delegatee_agent_ref.agent_actor_ref` },
    { ref: agent.agent_card_ref, path: `${at}delegatee_agent_ref.agent_card_ref` },
  ];
}

/**
 * Every revision a contract names but its own, its issuer's and its prior's, in reading order: its
 * Actor and card revisions (note 185's order), its operator, its inputs, consents, verifiers,
 * observers, parent and chain. The issuer is left to CONTRACT_ISSUER, which holds it to the
 * delegator's exact revision, and the prior to AMENDMENT_REF and ID_REUSED (it names the contract's
 * own record, which no other reference may), so reading them would refuse one fault twice. `at`
 * prefixes their paths.
 */
export function contractNamedRevisions(contract: DelegationContract, at = ""): NamedRevision[] {
  const { gates, monitoring } = contract;
  const optional = (ref: RevisionRef | null, path: string): NamedRevision[] => (ref === null ? [] : [{ ref, path: `${at}${path}` }]);
  return [
    ...contractActorRevisions(contract, at),
    { ref: contract.accountable_operator_ref.agent_operator_ref, path: `${at}accountable_operator_ref.agent_operator_ref` },
    ...contract.inputs.map((ref, i) => ({ ref, path: `${at}inputs.${i}` })),
    ...gates.consent.map((k, i) => ({ ref: k.consent_ref, path: `${at}gates.consent.${i}.consent_ref` })),
    ...gates.verification.map((k, i) => ({ ref: k.verifier_ref, path: `${at}gates.verification.${i}.verifier_ref` })),
    ...monitoring.observer_refs.map((ref, i) => ({ ref, path: `${at}monitoring.observer_refs.${i}` })),
    ...monitoring.verifier_refs.map((ref, i) => ({ ref, path: `${at}monitoring.verifier_refs.${i}` })),
    ...optional(contract.parent_contract_ref, "parent_contract_ref"),
    ...optional(contract.attestation_chain_ref, "attestation_chain_ref"),
  ];
}

/**
 * What two contracts name together, for a check reading a wide contract (a child's parent, a
 * reassignment's prior; `at` prefixes its paths) and a narrow one: every reference each carries
 * (`contractNamedRevisions`, notes 185, 189), the wide one's first. The narrow one's inputs and
 * parent are left out: the checks hold each to the wide one's by exact triple already (an input to
 * one of its inputs, `ATTENUATION_INPUTS`; the parent to the wide contract itself, or to its parent
 * for a next revision), so reading them would refuse one fault twice.
 */
export function twoContractsNamedRevisions(wide: DelegationContract, at: string, narrow: DelegationContract): NamedRevision[] {
  const heldExactly = ({ path }: NamedRevision): boolean => path.startsWith("inputs.") || path === "parent_contract_ref";
  return [...contractNamedRevisions(wide, at), ...contractNamedRevisions(narrow).filter((named) => !heldExactly(named))];
}

/**
 * One contract alone naming one revision under two digests contradicts itself (README note 192):
 * refused at read, CONTRACT_REF_DIGEST_CONFLICT, one finding a conflict, so every check reading a
 * contract refuses it from here and the two-contract maps (check-child, check-reassignment) add only
 * what two contracts together name.
 */
export function contractOneContentFindings(contract: DelegationContract, out: DelegationFinding[]): void {
  conflictFindings(contractNamedRevisions(contract), (message, detail) => delegationFinding("CONTRACT_REF_DIGEST_CONFLICT", message, detail), out);
}

/** The digest `ref` gives `contract`'s revision id when it is another than the contract's, else null. */
function otherDigest(ref: RevisionRef, contract: DelegationContract): string | null {
  return twoContents(ref, contractRef(contract)) ? ref.content_digest : null;
}

function finding(code: "ATTEMPT_REVISION_DIGEST" | "CHECKPOINT_REVISION_DIGEST", at: string, id: string, digest: string, contract: DelegationContract, dimension: string): DelegationFinding {
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const what = code === "ATTEMPT_REVISION_DIGEST" ? "ran under" : "was written under";
  return delegationFinding(code, `${at}.delegation_ref: ${id} names ${named} under the content digest ${digest}, not ${contract.content_digest}: a revision id is never reused (sections 2, 3), so one of the two is not the revision it claims, and which revision ${id} ${what} is unknown`, {
    path: `${at}.delegation_ref.content_digest`,
    dimension,
    expected: contract.content_digest,
    received: digest,
  });
}

/** Attempts (each with its index in the document) naming `contract`'s revision id under another digest. */
export function attemptRevisionDigestFindings(contract: DelegationContract, records: readonly AttemptRecord[], dimension: "retry" | "retries", out: DelegationFinding[]): void {
  for (const { attempt, index } of records) {
    const digest = otherDigest(attempt.delegation_ref, contract);
    if (digest !== null) out.push(finding("ATTEMPT_REVISION_DIGEST", `attempts.${index}`, attempt.attempt_id, digest, contract, dimension));
  }
}

/** Checkpoints naming `contract`'s revision id under another digest. */
export function checkpointRevisionDigestFindings(contract: DelegationContract, checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  checkpoints.forEach((checkpoint, index) => {
    const digest = otherDigest(checkpoint.delegation_ref, contract);
    if (digest !== null) out.push(finding("CHECKPOINT_REVISION_DIGEST", `checkpoints.${index}`, checkpoint.checkpoint_id, digest, contract, "inputs"));
  });
}
