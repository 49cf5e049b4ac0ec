/**
 * The checks on one JSON document each, as the CLI, the Worker and the conformance suite run them:
 * read the input (every record validated as its kind), then check. An input that cannot be read
 * is a refusal with its findings: a child that is not a valid contract is denied, a fence set
 * that is not one fails, a permission input that does not read is a deny.
 */
import type { AgentCard } from "./agent-card.js";
import { checkAttempts } from "./check-attempts.js";
import type { AttemptsReport } from "./check-attempts.js";
import { checkCardRevision } from "./check-card-revision.js";
import { checkFences } from "./check-fences.js";
import type { FenceReport } from "./check-fences.js";
import { checkReassignment } from "./check-reassignment.js";
import { checkSubdelegation } from "./check-subdelegation.js";
import type { SubdelegationReport } from "./check-subdelegation.js";
import { delegationFinding } from "./codes.js";
import type { DelegationCode, DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { isConsequentialContract } from "./_contract-rules.js";
import { evaluatePermission } from "./evaluate-permission.js";
import type { PermissionEvaluation } from "./evaluate-permission.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { fieldsOf, readChildCheck, readFenceCheck, readPermissionInput, records, requiredRecord, strayPartFindings } from "./read-input.js";
import type { RecordKind } from "./vocabulary.js";

/** A permission input that could not be read: denied, with why. */
export interface PermissionRefusal {
  readonly ok: false;
  readonly decision: "deny";
  readonly matched_rules: readonly [];
  readonly denied_by: readonly DelegationCode[];
  readonly findings: readonly DelegationFinding[];
}

/** A card revision checked against its prior: ok, or why not. */
export interface CardRevisionReport {
  readonly ok: boolean;
  readonly findings: readonly DelegationFinding[];
}

const codes = (findings: readonly DelegationFinding[]): DelegationCode[] => [...new Set(findings.filter((f) => f.severity === "error").map((f) => f.code))];
const refused = (findings: readonly DelegationFinding[]): SubdelegationReport => ({ ok: false, decision: "deny", failed: [], findings });

/** `{ parent, child, chain, siblings? }` → checkSubdelegation; `siblings` the parent's other live children. */
export function checkChildDocument(input: unknown): SubdelegationReport {
  const read = readChildCheck(input);
  if (!read.ok) return refused(read.findings);
  const report = checkSubdelegation(read.value.parent, read.value.child, read.value.chain, read.value.siblings);
  return read.findings.length === 0 ? report : { ...report, findings: [...read.findings, ...report.findings] };
}

/**
 * `{ prior, next, parent?, chain?, attempts?, checkpoints? }` → checkReassignment; `parent` is a child
 * delegation's parent contract, `chain` its next revision's attestation chain, read as
 * consequential as `next` is (as check-child reads a child's), `attempts` the delegation's
 * ExecutionAttempts so far, whose consumption the next revision's budget is what remains after,
 * `checkpoints` the prior's DelegationCheckpoints a resume under the next revision continues from.
 */
export function checkReassignmentDocument(input: unknown): SubdelegationReport {
  const fields = fieldsOf(input);
  const findings = strayPartFindings("check-reassignment", fields);
  const stray = findings.length > 0;
  const prior = requiredRecord<DelegationContract>(fields, "prior", "delegation_contract", findings);
  const next = requiredRecord<DelegationContract>(fields, "next", "delegation_contract", findings);
  // `parent` and `chain` may be absent (undefined: checkReassignment then has none); given, each is
  // validated, and one refused (null) refuses the document.
  const optional = <T>(field: string, kind: RecordKind, consequential = false): T | null | undefined => (fields[field] === undefined ? undefined : requiredRecord<T>(fields, field, kind, findings, consequential));
  const parent = optional<DelegationContract>("parent", "delegation_contract");
  const chain = optional<DelegationAttestationChain>("chain", "attestation_chain", next !== null && isConsequentialContract(next));
  const attempts = records<ExecutionAttempt>(fields, "attempts", "execution_attempt", findings);
  const checkpoints = records<DelegationCheckpoint>(fields, "checkpoints", "delegation_checkpoint", findings);
  if (stray || prior === null || next === null || parent === null || chain === null || attempts === null || checkpoints === null) return refused(findings);
  const report = checkReassignment(prior, next, parent, chain, attempts, checkpoints);
  return { ...report, findings: [...findings, ...report.findings] };
}

/** `{ contract, attempts, checkpoints? }` → checkAttempts: the contract, the delegation's ExecutionAttempts, and checkpoints of the contract's revision. */
export function checkAttemptsDocument(input: unknown): AttemptsReport {
  const fields = fieldsOf(input);
  const findings = strayPartFindings("check-attempts", fields);
  const stray = findings.length > 0;
  const contract = requiredRecord<DelegationContract>(fields, "contract", "delegation_contract", findings);
  if (fields["attempts"] === undefined) findings.push(delegationFinding("DELEGATION_SCHEMA", "attempts is required", { path: "attempts" }));
  const attempts = records<ExecutionAttempt>(fields, "attempts", "execution_attempt", findings);
  const checkpoints = records<DelegationCheckpoint>(fields, "checkpoints", "delegation_checkpoint", findings);
  if (stray || contract === null || attempts === null || checkpoints === null || fields["attempts"] === undefined) return { ok: false, findings };
  const report = checkAttempts(contract, attempts, checkpoints);
  return { ...report, findings: [...findings, ...report.findings] };
}

/**
 * `{ prior, next }` → checkCardRevision: two revisions of one Agent Card, each validated as a card
 * first (a part missing is refused). The report is `{ ok, findings }`: the next revision is in
 * the input, so it is not echoed back.
 */
export function checkCardRevisionDocument(input: unknown): CardRevisionReport {
  const fields = fieldsOf(input);
  const findings = strayPartFindings("check-card-revision", fields);
  const stray = findings.length > 0;
  const prior = requiredRecord<AgentCard>(fields, "prior", "agent_card", findings);
  const next = requiredRecord<AgentCard>(fields, "next", "agent_card", findings);
  if (stray || prior === null || next === null) return { ok: false, findings };
  const report = checkCardRevision(prior, next);
  return { ok: report.ok, findings: [...findings, ...report.findings] };
}

/** `{ fences, heads, required? }` → checkFences. */
export function checkFencesDocument(input: unknown): FenceReport {
  const read = readFenceCheck(input);
  if (!read.ok) return { ok: false, streams: [], findings: read.findings };
  return checkFences(read.value.fences, read.value.heads, read.value.required);
}

/** The permission input → evaluatePermission. */
export function evaluatePermissionDocument(input: unknown): PermissionEvaluation | PermissionRefusal {
  const read = readPermissionInput(input);
  if (!read.ok) return { ok: false, decision: "deny", matched_rules: [], denied_by: codes(read.findings), findings: read.findings };
  const evaluation = evaluatePermission(read.value);
  return read.findings.length === 0 ? evaluation : { ...evaluation, findings: [...read.findings, ...evaluation.findings] };
}
