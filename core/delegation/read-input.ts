/**
 * The inputs of the checks, read from one untrusted JSON document as the CLI and the Worker
 * receive them: `{ parent, child, chain, siblings? }`, `{ fences, heads, required? }`, and the
 * permission input (document-checks.ts reads the other documents with the helpers exported here).
 * Each record is validated as its kind (secrets, shape, version, invariants); each finding's path
 * starts with the field it came from. Nothing is checked here that the checks themselves do.
 */
import * as v from "valibot";
import type { AgentCard } from "./agent-card.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { appendFindings, delegationFinding, delegationResult } from "./codes.js";
import type { DelegationFinding, DelegationResult } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import { isConsequentialContract } from "./_contract-rules.js";
import { controlFenceSetSchema, controlHeadSchema, controlScopeRefSchema } from "./control.js";
import type { ControlFenceSet, ControlHead, ControlScopeRef } from "./control.js";
import type { PermissionInput } from "./evaluate-permission.js";
import { approvalSchema, permissionRequestSchema } from "./permission.js";
import { actorRefSchema, policyRefSchema } from "./scalars.js";
import { parseWith } from "./_schema.js";
import { secretFindings } from "./_secrets.js";
import { unkeptValueFindings } from "./_unkept-values.js";
import { DOCUMENT_PARTS, strayParts } from "./document-parts.js";
import type { DocumentCheck } from "./document-parts.js";
import { validateRecord } from "./validate-record.js";
import type { RecordKind } from "./vocabulary.js";

export interface ChildCheckInput {
  readonly parent: DelegationContract;
  readonly child: DelegationContract;
  readonly chain: DelegationAttestationChain;
  /** The parent's other live children, whose budgets the child's share the parent's with. */
  readonly siblings: readonly DelegationContract[];
}

export interface FenceCheckInput {
  readonly fences: ControlFenceSet;
  readonly heads: readonly ControlHead[];
  readonly required: readonly ControlScopeRef[];
}

type Fields = Record<string, unknown>;

function object(input: unknown, check: DocumentCheck): { value: Fields | null; findings: DelegationFinding[] } {
  const parts = DOCUMENT_PARTS[check];
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { value: null, findings: [delegationFinding("DELEGATION_SCHEMA", `the input is a JSON object with ${[...parts.required, ...parts.optional.map((f) => `${f}?`)].join(", ")}`, { path: "" })] };
  }
  const value = input as Fields;
  const findings = strayPartFindings(check, value);
  for (const f of parts.required) if (value[f] === undefined) findings.push(delegationFinding("DELEGATION_SCHEMA", `${f} is required`, { path: f }));
  return { value, findings };
}

/** Each member of the document that is no part of its check: an error, so the misspelt part is not skipped unseen. */
export function strayPartFindings(check: DocumentCheck, fields: Fields): DelegationFinding[] {
  const parts = DOCUMENT_PARTS[check];
  const shape = [...parts.required, ...parts.optional.map((f) => `${f}?`)].join(", ");
  return strayParts(check, fields).map((member) => delegationFinding("DELEGATION_SCHEMA", `${member} is no part of the ${check} document { ${shape} }: a part misspelt would go unread, and its check skipped`, { path: member, expected: shape, received: member }));
}

/**
 * Findings on a record read at `field` (a part, `contract`, or an entry of a list, `attempts.0`),
 * their paths under it, and their messages too: validateRecord speaks of the record as the whole
 * document, so a message that opens with where it is (`record_id is required`) would name another
 * place once the record is one of many. Such a message opens with the full path instead
 * (`contract.record_id is required`, as a list read by schema says `heads.0.project_id is
 * required`), and so does a later mention of a place in the same part of the record (`effects.1.effect_id
 * ... is also effects.0's`); a finding on the record itself names it by its place (`attempts.0 is
 * required`), where validateRecord says "the document".
 */
const prefixed = (field: string, findings: readonly DelegationFinding[]): DelegationFinding[] =>
  findings.map((f) => {
    if (f.path !== undefined && f.path !== "") return { ...f, path: `${field}.${f.path}`, message: rehomed(field, f.path, f.message) };
    return { ...f, path: field, message: f.message.startsWith(WHOLE) ? field + f.message.slice(WHOLE.length) : f.message };
  });
const WHOLE = "the document";

/** A place in a record as a message writes it: a field and its dotted members (`effects.0`, `payload.attempt_ref`). */
const PLACE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*/;

/**
 * `message` with the record's places under `field`, when it opens with the finding's own place or
 * one holding it (`links.0: ...` at `links.0.evidence`); a message opening otherwise (`schema ...
 * is not supported`, an id) names no place first, and is kept as written. The later places
 * rewritten are dotted ones under the same top field as the finding's (`effects.0` beside
 * `effects.1.effect_id`): a record's other fields named in passing (`ended_at is before
 * started_at`) are read as its own, and the field's bare name later is a word of the sentence
 * (`a field named constructor`, `signature is the signature bytes`), not a place.
 */
function rehomed(field: string, path: string, message: string): string {
  const lead = PLACE.exec(message)?.[0];
  if (lead === undefined || !within(path, lead)) return message;
  // The lead is a place, so its first field (the finding's too) is a plain name, safe in a pattern.
  const top = lead.split(".")[0] as string;
  const later = message.slice(lead.length).replace(new RegExp(`(?<=[ (])${top}(?=\\.[A-Za-z0-9_])`, "g"), `${field}.${top}`);
  return `${field}.${lead}${later}`;
}

/** `place` is `path` or holds it. */
const within = (path: string, place: string): boolean => path === place || path.startsWith(`${place}.`);

/**
 * The fields of an input document, or none when it is no JSON object, for a reader whose every
 * part then reads as missing (each absence its own finding) rather than as one refused document.
 */
export function fieldsOf(input: unknown): Fields {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Fields) : {};
}

/** A record the input must hold: validated even when absent, so that its absence is a finding (paths `field...`). */
export function requiredRecord<T>(fields: Fields, field: string, kind: RecordKind, out: DelegationFinding[], consequential = false): T | null {
  const r = validateRecord(fields[field], { kind, consequential });
  appendFindings(out, prefixed(field, r.findings));
  return r.value as T | null;
}

/** An optional record: null when absent, with no finding (the caller decides what its absence means). */
function record<T>(fields: Fields, field: string, kind: RecordKind, out: DelegationFinding[], consequential = false): T | null {
  return fields[field] === undefined ? null : requiredRecord<T>(fields, field, kind, out, consequential);
}

/**
 * An optional array of records of one kind, each validated (paths `field.i...`); null when it is
 * not an array or a record in it is refused, [] when absent.
 */
export function records<T>(fields: Fields, field: string, kind: RecordKind, out: DelegationFinding[]): readonly T[] | null {
  const value = fields[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    out.push(delegationFinding("DELEGATION_SCHEMA", `${field} is an array of records`, { path: field }));
    return null;
  }
  // Every index, holes and undefined entries too, read as a required record: each absence is its own
  // finding, never a null that refuses the document without saying why (or a hole a check walks into).
  const read = Array.from(value, (entry: unknown, i) => {
    const r = validateRecord(entry, { kind });
    appendFindings(out, prefixed(`${field}.${i}`, r.findings));
    return r.value as T | null;
  });
  return read.every((r) => r !== null) ? (read as T[]) : null;
}

function shaped<T>(fields: Fields, field: string, schema: v.GenericSchema<unknown, T>, out: DelegationFinding[]): T | null {
  if (fields[field] === undefined) return null;
  appendFindings(out, prefixed(field, [...secretFindings(fields[field]), ...unkeptValueFindings(fields[field])]));
  const r = parseWith(schema, fields[field], field);
  appendFindings(out, r.findings);
  return r.value;
}

/** `{ parent, child, chain, siblings? }`: two contracts, the child's attestation chain, and the parent's other live children. */
export function readChildCheck(input: unknown): DelegationResult<ChildCheckInput> {
  const { value, findings } = object(input, "check-child");
  if (value === null) return delegationResult(null as never, findings);
  const parent = record<DelegationContract>(value, "parent", "delegation_contract", findings);
  const child = record<DelegationContract>(value, "child", "delegation_contract", findings);
  // The chain is what the child's authority rests on ("An unverifiable or broken chain denies
  // execution", 8): it is read as consequential as the child it attests, as the child itself is.
  const chain = record<DelegationAttestationChain>(value, "chain", "attestation_chain", findings, child !== null && isConsequentialContract(child));
  const siblings = records<DelegationContract>(value, "siblings", "delegation_contract", findings);
  return delegationResult({ parent, child, chain, siblings } as ChildCheckInput, findings);
}

/** `{ fences, heads, required? }`: a fence set, the current heads, and the scopes it must fence. */
export function readFenceCheck(input: unknown): DelegationResult<FenceCheckInput> {
  const { value, findings } = object(input, "check-fences");
  if (value === null) return delegationResult(null as never, findings);
  const fences = shaped(value, "fences", controlFenceSetSchema, findings);
  const heads = shaped(value, "heads", v.array(controlHeadSchema), findings);
  const required = shaped(value, "required", v.array(controlScopeRefSchema), findings) ?? [];
  return delegationResult({ fences, heads, required } as FenceCheckInput, findings);
}

/** The permission input: `{ contract, card, request, fences, heads, approvals?, chain?, policy_ref, evaluator_ref }`. */
export function readPermissionInput(input: unknown): DelegationResult<PermissionInput> {
  const { value, findings } = object(input, "evaluate");
  if (value === null) return delegationResult(null as never, findings);
  const contract = record<DelegationContract>(value, "contract", "delegation_contract", findings);
  const card = record<AgentCard>(value, "card", "agent_card", findings);
  const out = {
    contract,
    card,
    request: shaped(value, "request", permissionRequestSchema, findings),
    fences: shaped(value, "fences", controlFenceSetSchema, findings),
    heads: shaped(value, "heads", v.array(controlHeadSchema), findings),
    approvals: shaped(value, "approvals", v.array(approvalSchema), findings) ?? [],
    // The chain attests the contract: consequential when the contract is (evaluatePermission also
    // holds it to the effect's class, as the contract and the card).
    ...(value["chain"] === undefined ? {} : { chain: record<DelegationAttestationChain>(value, "chain", "attestation_chain", findings, contract !== null && isConsequentialContract(contract)) }),
    policy_ref: shaped(value, "policy_ref", policyRefSchema, findings),
    evaluator_ref: shaped(value, "evaluator_ref", actorRefSchema, findings),
  };
  return delegationResult(out as PermissionInput, findings);
}
