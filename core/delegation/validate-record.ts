/**
 * Reading an RW-003 record from untrusted JSON: secrets anywhere (section 9), the shape (valibot),
 * the schema version (section 3: unsupported fails closed for consequential effects), then the
 * invariants of its kind. Unknown fields are kept in the value and never read; in the sections
 * that carry authority they are noted (`FIELD_IGNORED`), so nobody believes they did something.
 */
import type * as v from "valibot";
import { assertRecord } from "./_records-given.js";
import { agentCardSchema } from "./agent-card.js";
import type { AgentCard } from "./agent-card.js";
import { attestationChainSchema } from "./attestation-chain.js";
import type { DelegationAttestationChain } from "./attestation-chain.js";
import { cardActorFindings, cardFindings } from "./_card-rules.js";
import { appendFindings, delegationFinding, delegationResult, hasDelegationError } from "./codes.js";
import type { DelegationFinding, DelegationResult } from "./codes.js";
import { contractFindings, isConsequentialContract } from "./_contract-rules.js";
import { AUTHORITY_SECTIONS, CONTRACT_FIELDS, contractSchema } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import { controlBoundaryRefSchema, controlFenceSetSchema, controlScopeRefSchema } from "./control.js";
import type { ControlBoundaryRef, ControlFenceSet } from "./control.js";
import type { Envelope } from "./envelope.js";
import { priorFindings } from "./_repeated-ids.js";
import { EVENT_TYPES, eventSchema } from "./events.js";
import type { ControlEvent } from "./events.js";
import { checkpointSchema, circuitBreakerSchema, executionAttemptSchema } from "./execution.js";
import { boundaryFindings, fenceSetFindings } from "./_fence-set.js";
import { fieldNames } from "./_field-names.js";
import { permissionDecisionSchema } from "./permission.js";
import { attemptFindings, checkpointFindings, eventFindings, permissionFindings } from "./_record-rules.js";
import { parseWith } from "./_schema.js";
import { clearOfValuePatterns, secretFindings } from "./_secrets.js";
import { unkeptValueFindings } from "./_unkept-values.js";
import { RECORD_KINDS, SUPPORTED_SCHEMAS } from "./vocabulary.js";
import type { RecordKind } from "./vocabulary.js";

export interface ValidateOptions {
  /** The kind of record; default: told from its fields (`detectKind`). */
  readonly kind?: RecordKind | undefined;
  /** The record will be relied on for a consequential effect: an unsupported schema version is an error. */
  readonly consequential?: boolean | undefined;
  /** The governing policy requires signed cards and grants (section 3, `signature`). */
  readonly requireSignature?: boolean | undefined;
}

export interface RecordReport {
  readonly ok: boolean;
  readonly kind: RecordKind | null;
  /** The record as read, unknown fields kept; null when refused. */
  readonly value: unknown;
  readonly findings: readonly DelegationFinding[];
}

interface KindRule {
  readonly schema: v.GenericSchema<unknown, unknown>;
  readonly envelope: boolean;
  readonly rules?: (value: never) => DelegationFinding[];
}

const KINDS: Readonly<Record<RecordKind, KindRule>> = {
  agent_card: { schema: agentCardSchema, envelope: true, rules: cardFindings },
  delegation_contract: { schema: contractSchema, envelope: true, rules: contractFindings },
  permission_decision: { schema: permissionDecisionSchema, envelope: true, rules: permissionFindings },
  execution_attempt: { schema: executionAttemptSchema, envelope: true, rules: attemptFindings },
  delegation_checkpoint: { schema: checkpointSchema, envelope: true, rules: checkpointFindings },
  circuit_breaker_event: { schema: circuitBreakerSchema, envelope: true },
  attestation_chain: { schema: attestationChainSchema, envelope: true },
  event: { schema: eventSchema, envelope: false, rules: eventFindings },
  control_scope_ref: { schema: controlScopeRefSchema, envelope: false },
  control_boundary_ref: { schema: controlBoundaryRefSchema, envelope: false, rules: (b: ControlBoundaryRef) => boundaryFindings(b, "") },
  control_fence_set: { schema: controlFenceSetSchema, envelope: false, rules: (s: ControlFenceSet) => fenceSetFindings(s) },
};

/** Every field name of every kind's schema that no value pattern flags: the secret scan judges only the others. */
export const KNOWN_FIELDS: ReadonlySet<string> = /* @__PURE__ */ clearOfValuePatterns(/* @__PURE__ */ fieldNames([...Object.values(KINDS).map((k) => k.schema), ...Object.values(EVENT_TYPES).map((t) => t.payload)]));

/** The kind a JSON value is, told by the field only that kind has; null when none fits. */
export function detectKind(input: unknown): RecordKind | null {
  if (Array.isArray(input)) return "control_fence_set";
  if (input === null || typeof input !== "object") return null;
  const has = (field: string): boolean => Object.hasOwn(input, field);
  if (has("event_type")) return "event";
  if (has("agent_card_id")) return "agent_card";
  if (has("delegation_id")) return "delegation_contract";
  if (has("checkpoint_id")) return "delegation_checkpoint";
  if (has("breaker_id")) return "circuit_breaker_event";
  if (has("attempt_id")) return "execution_attempt";
  if (has("links")) return "attestation_chain";
  if (has("requested_effect_digest")) return "permission_decision";
  if (has("scope_kind")) return "control_scope_ref";
  if (has("event_digest")) return "control_boundary_ref";
  return null;
}

const CONTRACT_FIELD_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(CONTRACT_FIELDS);

function ignoredFields(raw: Record<string, unknown>): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const note = (path: string): void => {
    out.push(delegationFinding("FIELD_IGNORED", `${path} is not a field of rw-agent-delegation/0.1.1: kept when forwarding, and it grants no authority (section 3)`, { path }));
  };
  for (const key of Object.keys(raw)) if (!CONTRACT_FIELD_SET.has(key)) note(key);
  for (const [section, fields] of Object.entries(AUTHORITY_SECTIONS)) {
    const value = raw[section];
    if (value === null || typeof value !== "object") continue;
    for (const key of Object.keys(value)) if (!fields.includes(key)) note(`${section}.${key}`);
  }
  return out;
}

function versionFindings(envelope: Envelope, consequential: boolean): DelegationFinding[] {
  const schema = `${envelope.schema_ref.schema_id}/${envelope.schema_ref.version}`;
  if (SUPPORTED_SCHEMAS.includes(schema)) return [];
  const detail = { path: "schema_ref", expected: SUPPORTED_SCHEMAS.join(" "), received: schema };
  return consequential
    ? [delegationFinding("SCHEMA_UNSUPPORTED", `schema ${schema} is not supported; it fails closed for consequential effects (section 3)`, detail)]
    : [delegationFinding("SCHEMA_UNSUPPORTED_READ", `schema ${schema} is not supported: read for display only; it can authorize no consequential effect (section 3)`, detail)];
}

/** Reads any RW-003 record: `ok` when nothing refuses it; notes inform. */
export function validateRecord(input: unknown, options: ValidateOptions = {}): RecordReport {
  // The record is data (findings whatever it is); the options are the caller's.
  assertRecord("validateRecord", "the options are an object { kind?, consequential?, requireSignature? }", options);
  const secrets = [...secretFindings(input, KNOWN_FIELDS), ...unkeptValueFindings(input)];
  const kind = options.kind ?? detectKind(input);
  if (kind === null) {
    const findings = [...secrets, delegationFinding("DELEGATION_KIND_UNKNOWN", "not an RW-003 record this reader knows: no agent_card_id, delegation_id, attempt_id, checkpoint_id, breaker_id, links, event_type, requested_effect_digest, scope_kind or event_digest", { path: "" })];
    return { ok: false, kind: null, value: null, findings };
  }
  // A kind given that is none of RECORD_KINDS (`toString` included) reads as none known, never as a prototype's member.
  if (!Object.hasOwn(KINDS, kind)) return { ok: false, kind: null, value: null, findings: [...secrets, delegationFinding("DELEGATION_KIND_UNKNOWN", `kind ${JSON.stringify(kind)} is not an RW-003 record kind this reader knows: one of ${RECORD_KINDS.join(", ")}`, { path: "", received: String(kind) })] };
  const rule = KINDS[kind];
  const pre = kind === "agent_card" ? cardActorFindings(input) : [];
  const parsed = parseWith(rule.schema, input);
  if (parsed.value === null) return { ok: false, kind, value: null, findings: [...secrets, ...pre, ...parsed.findings] };
  const value = parsed.value;
  const findings = [...secrets, ...pre];
  if (rule.envelope) {
    const envelope = value as Envelope;
    const consequential = options.consequential === true || (kind === "delegation_contract" && isConsequentialContract(value as DelegationContract));
    appendFindings(findings, versionFindings(envelope, consequential));
    appendFindings(findings, priorFindings(envelope));
    if (options.requireSignature === true && envelope.signature === undefined) findings.push(delegationFinding("SIGNATURE_REQUIRED", "the governing policy requires a signature, and the record carries none (section 3)", { path: "signature" }));
  }
  if (rule.rules !== undefined) appendFindings(findings, rule.rules(value as never));
  if (kind === "delegation_contract") appendFindings(findings, ignoredFields(input as Record<string, unknown>));
  const ok = !hasDelegationError(findings);
  return { ok, kind, value: ok ? value : null, findings };
}

function typed<T>(kind: RecordKind, input: unknown, options: ValidateOptions): DelegationResult<T> {
  const r = validateRecord(input, { ...options, kind });
  return delegationResult(r.value as T, r.findings);
}

export function validateCard(input: unknown, options: ValidateOptions = {}): DelegationResult<AgentCard> {
  return typed("agent_card", input, options);
}

export function validateContract(input: unknown, options: ValidateOptions = {}): DelegationResult<DelegationContract> {
  return typed("delegation_contract", input, options);
}

export function validateChain(input: unknown, options: ValidateOptions = {}): DelegationResult<DelegationAttestationChain> {
  return typed("attestation_chain", input, options);
}

export function validateEvent(input: unknown, options: ValidateOptions = {}): DelegationResult<ControlEvent> {
  return typed("event", input, options);
}
