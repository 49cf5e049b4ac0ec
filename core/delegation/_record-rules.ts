/**
 * Invariants of the records other than cards and contracts: attempts (7.1), checkpoints (7.2),
 * permission decisions (5.2) and events (1.1, 1.2). A chain is checked against the contracts it
 * attests, by checkSubdelegation (core/delegation/_chain.ts).
 */
import { appendFindings, delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ControlEvent } from "./events.js";
import { EVENT_TYPES } from "./events.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { fenceSetFindings } from "./_fence-set.js";
import { issuedTimeOrderFindings } from "./_issued-time-order.js";
import { ownIdFindings } from "./_own-id.js";
import type { PermissionDecision } from "./permission.js";
import { remoteIdSubstitutions } from "./_remote-ids.js";
import type { OwnIdentifier } from "./_remote-ids.js";
import { parseWith } from "./_schema.js";
import { repeatedIdFindings } from "./_repeated-ids.js";
import { compareUtc } from "./scalars.js";
import { SUPPORTED_SCHEMAS } from "./vocabulary.js";

/** Outcomes that claim no effect escaped: an applied or unknown effect contradicts them. */
const NOTHING_APPLIED: readonly string[] = ["failed", "cancelled", "expired"];

/**
 * The outcome agrees with the effects (7.1, 10.3): "Mixed effects are partially_applied"; an
 * unknown effect leaves the attempt unknown or partially_applied until reconciled ("never
 * normalized to failed"), and never lets it be succeeded; an applied effect is never failed,
 * cancelled or expired (1.1: those record no accepted mutation unless separately reconciled).
 */
function outcomeEffectFindings(a: ExecutionAttempt, out: DelegationFinding[]): void {
  const o = a.outcome;
  if (o === null) return;
  const has = (status: string): number => a.effects.findIndex((e) => e.status === status);
  const [applied, unknown, none] = [has("applied"), has("unknown"), has("not_applied")];
  const bad = (i: number, message: string, expected: string): void => {
    out.push(delegationFinding("ATTEMPT_OUTCOME_EFFECTS", message, { path: `effects.${i}.status`, expected, received: o }));
  };
  if (unknown >= 0 && (o === "succeeded" || NOTHING_APPLIED.includes(o))) bad(unknown, `outcome ${o} with effect ${a.effects[unknown]?.effect_id} unknown: an unknown effect keeps the attempt unknown (or partially_applied beside applied ones) until reconciliation; it is never normalized to ${o === "succeeded" ? "success" : o}`, "unknown or partially_applied");
  if (applied >= 0 && NOTHING_APPLIED.includes(o)) bad(applied, `outcome ${o} with effect ${a.effects[applied]?.effect_id} applied: an attempt with an applied effect is partially_applied (or unknown), never ${o}`, "partially_applied");
  if (o === "succeeded" && applied >= 0 && none >= 0) bad(none, `outcome succeeded with effect ${a.effects[none]?.effect_id} not applied beside applied ones: mixed effects are partially_applied`, "partially_applied");
}

/** A revision reference's two identifiers, by the field that holds it. */
function refIdentifiers(field: string, ref: { readonly object_id: string; readonly revision_id: string }): OwnIdentifier[] {
  return [[`${field}.object_id`, ref.object_id], [`${field}.revision_id`, ref.revision_id]];
}

/**
 * The attempt's own identifiers, which no remote-assigned ID may be (`_remote-ids.ts`): its ids,
 * its delegation, card and executor, and every RW-002 revision reference it records (10.3 names
 * "an RW-002 revision reference" beside attempt_id): its inputs, outputs, acceptance evidence,
 * read-back receipt and Contribution.
 */
function attemptIdentifiers(a: ExecutionAttempt): OwnIdentifier[] {
  const lists = (["inputs", "outputs", "acceptance_evidence_refs"] as const).flatMap((field) => a[field].flatMap((ref, i) => refIdentifiers(`${field}.${i}`, ref)));
  const single = (["readback_ref", "contribution_ref"] as const).flatMap((field) => {
    const ref = a[field];
    return ref === null ? [] : refIdentifiers(field, ref);
  });
  return [
    ["attempt_id", a.attempt_id],
    ["record_id", a.record_id],
    ["revision_id", a.revision_id],
    ...(["delegation_ref", "card_ref", "executor_actor_ref"] as const).flatMap((field) => refIdentifiers(field, a[field])),
    ...lists,
    ...single,
  ];
}

export function attemptFindings(a: ExecutionAttempt): DelegationFinding[] {
  const out = fenceSetFindings(a.control_fence_set, "control_fence_set");
  ownIdFindings("attempt_id", a.attempt_id, a.record_id, "attempt", out);
  if (a.ended_at !== null && !(compareUtc(a.ended_at, a.started_at) >= 0)) out.push(delegationFinding("TIME_ORDER", "ended_at is before started_at", { path: "ended_at" }));
  issuedTimeOrderFindings(a.issued_at, [["started_at", a.started_at], ["ended_at", a.ended_at]], out);
  repeatedIdFindings(a.effects.map((e) => e.effect_id), "effects", "effect_id", out);
  if (a.outcome === "succeeded" && (a.acceptance_evidence_refs.length === 0 || a.readback_ref === null)) {
    out.push(delegationFinding("ATTEMPT_SUCCESS_UNVERIFIED", "succeeded requires the configured acceptance evidence and a post-effect read-back; a transport success alone is not success (section 7.1)", { path: a.readback_ref === null ? "readback_ref" : "acceptance_evidence_refs" }));
  }
  if (a.outcome === "partially_applied" && !a.effects.some((e) => e.status === "applied")) {
    out.push(delegationFinding("ATTEMPT_PARTIAL_UNENUMERATED", "partially_applied enumerates its completed sub-effects (effects with status applied) before continuation or compensation", { path: "effects" }));
  }
  outcomeEffectFindings(a, out);
  appendFindings(out, remoteIdSubstitutions(a.adapter.remote_ids, attemptIdentifiers(a), "adapter.remote_ids", "this attempt's "));
  // The end time and the Outcome record one moment (7.1: "start/end times ... and Outcome"): an
  // attempt that ended has one of the six outcomes ("A timeout after transmission is unknown until
  // reconciliation", so not knowing the result is `unknown`, never no outcome), and a running one
  // (outcome null) has not ended. Only `unknown` may leave its end time unknown.
  if (a.outcome !== null && a.outcome !== "unknown" && a.ended_at === null) out.push(delegationFinding("TIME_ORDER", `an attempt that ended ${a.outcome} has an ended_at`, { path: "ended_at" }));
  if (a.outcome === null && a.ended_at !== null) out.push(delegationFinding("TIME_ORDER", `a running attempt (outcome null) has no ended_at, yet this one ended at ${a.ended_at}: an attempt that ended records its Outcome, unknown when its result is not known (section 7.1)`, { path: "ended_at", expected: "null while running", received: a.ended_at }));
  return out;
}

export function checkpointFindings(c: DelegationCheckpoint): DelegationFinding[] {
  const out = fenceSetFindings(c.control_fence_set, "control_fence_set");
  ownIdFindings("checkpoint_id", c.checkpoint_id, c.record_id, "checkpoint", out);
  issuedTimeOrderFindings(c.issued_at, [["written_at", c.written_at]], out);
  // An operation is its system's operation_id (two systems may each have an OP-1). Listed twice,
  // even alike, the resume reconciliation would read one entry's state and drop the other's.
  repeatedIdFindings(c.external_operations.map((op) => `${op.operation_id} of ${op.system}`), "external_operations", "operation_id", out);
  return out;
}

export function permissionFindings(p: PermissionDecision): DelegationFinding[] {
  const out = fenceSetFindings(p.control_fence_set, "control_fence_set");
  // denied_by lists "the stable codes of every predicate that failed": an allow has none, and a
  // deny at least one. Section 5.2: "authorized only when all predicates hold", so a deny is some
  // predicate not holding (or the evaluation failing), and the decision records which; an allow
  // records the "matched rules" that held, so an allow matching none authorizes on nothing.
  const deniedBy = p.denied_by ?? [];
  if (p.decision === "allow" && deniedBy.length > 0) {
    out.push(delegationFinding("DECISION_INCONSISTENT", `decision allow with denied_by ${deniedBy.join(", ")}: a predicate that failed denies (section 5.2)`, { path: "denied_by", expected: "[]", received: deniedBy.join(" ") }));
  }
  if (p.decision === "deny" && deniedBy.length === 0) {
    out.push(delegationFinding("DECISION_INCONSISTENT", `decision deny with ${p.denied_by === undefined ? "no" : "an empty"} denied_by: a deny names every predicate that failed (section 5.2: authorized only when all predicates hold), so a denial that names none cannot be audited or re-evaluated`, { path: "denied_by", expected: "at least one failed predicate", received: p.denied_by === undefined ? "absent" : "[]" }));
  }
  if (p.decision === "allow" && p.matched_rules.length === 0) {
    out.push(delegationFinding("DECISION_INCONSISTENT", "decision allow with no matched_rules: an allow records the rules that held (section 5.2: authorized only when all predicates hold), so an allow matching none authorizes on nothing", { path: "matched_rules", expected: "the rules that held", received: "[]" }));
  }
  return out;
}

export function eventFindings(e: ControlEvent): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const type = EVENT_TYPES[e.event_type];
  const schema = `${e.event_schema_ref.schema_id}/${e.event_schema_ref.version}`;
  if (!SUPPORTED_SCHEMAS.includes(schema)) out.push(delegationFinding("SCHEMA_UNSUPPORTED", `event_schema_ref ${schema} is not supported (${SUPPORTED_SCHEMAS.join(", ")}); a reader fails closed for any projection or authorization that depends on it (section 1.2)`, { path: "event_schema_ref", received: schema }));
  if (type === undefined) {
    const rw002 = !e.event_type.startsWith("rw003.");
    out.push(delegationFinding("EVENT_TYPE_UNKNOWN", `${e.event_type} is not one of the thirteen rw003.* types${rw002 ? "; an RW-002 type keeps its exact RW-002 meaning and is not read here" : "; an unsupported extension fails closed"}`, { path: "event_type", received: e.event_type }));
    return out;
  }
  const scope = e.control_scope_ref;
  const project = `rw-control:${scope.space_id}`;
  const branch = `${scope.scope_kind}:${scope.scope_id}`;
  if (e.project_id !== project || e.branch_id !== branch) {
    out.push(delegationFinding("EVENT_SCOPE_MISMATCH", `project_id ${e.project_id} branch_id ${e.branch_id} is not the stream of control_scope_ref (${project} ${branch}); scope is never inferred from identifiers`, { path: e.project_id !== project ? "project_id" : "branch_id", expected: `${project} ${branch}`, received: `${e.project_id} ${e.branch_id}` }));
  }
  if (scope.scope_kind !== type.branch) {
    out.push(delegationFinding("EVENT_PLACEMENT", `${e.event_type} appends to a ${type.branch} branch, not a ${scope.scope_kind} branch (section 1.2: event placement is fixed)`, { path: "control_scope_ref.scope_kind", expected: type.branch, received: scope.scope_kind }));
  }
  if (type.fenced && e.control_fence_set === undefined) out.push(delegationFinding("EVENT_FENCES_REQUIRED", `${e.event_type} is a permission, effect or checkpoint observation and carries its control_fence_set`, { path: "control_fence_set" }));
  if (e.control_fence_set !== undefined) appendFindings(out, fenceSetFindings(e.control_fence_set, "control_fence_set"));
  const payload = parseWith(type.payload, e.payload, "payload");
  appendFindings(out, payload.findings);
  if (payload.value !== null && type.subject !== undefined && scope.scope_kind === type.branch) {
    const ids = type.subject.fields.map((f) => (e.payload[f] as { object_id: string }).object_id);
    const ok = type.subject.any === true ? ids.includes(scope.scope_id) : ids.every((id) => id === scope.scope_id);
    if (!ok) {
      const named = type.subject.fields.map((f, i) => `${f} ${ids[i]}`).join(", ");
      out.push(delegationFinding("EVENT_BRANCH_SUBJECT", `${e.event_type} appends to the branch of the ${type.branch} it affects; its payload names ${named}, not ${scope.scope_kind}:${scope.scope_id} (section 1.2: event placement is fixed)`, { path: `payload.${type.subject.fields[0] as string}`, expected: scope.scope_id, received: ids.join(" ") }));
    }
  }
  return out;
}
