/**
 * `checkFences(fenceSet, currentHeads, required?)` (section 1.2): the check the append boundary
 * makes before an effect. It fails closed when a fenced head moved, when the scope at a head is
 * not active (suspended, expired, revoked, unresolved, unavailable), when a stream has no current
 * head or two, and when a scope the effect must fence is missing. Positions are compared only
 * with the head of their own stream.
 */
import { delegationFinding, hasDelegationError } from "./codes.js";
import type { DelegationCode, DelegationFinding } from "./codes.js";
import { branchOf, streamOf } from "./control.js";
import type { ControlFenceSet, ControlHead, ControlScopeRef } from "./control.js";
import { fenceSetFindings } from "./_fence-set.js";
import type { ScopeState } from "./vocabulary.js";

export type FenceResult = "current" | "stale" | "missing" | "ambiguous" | Exclude<ScopeState, "active">;

export interface FenceStream {
  readonly project_id: string;
  readonly branch_id: string;
  /** The fenced position and the head's, both of this one stream. */
  readonly fenced: number;
  readonly head: number | null;
  readonly result: FenceResult;
}

export interface FenceReport {
  readonly ok: boolean;
  readonly streams: readonly FenceStream[];
  readonly findings: readonly DelegationFinding[];
}

const STATE_CODES: Readonly<Record<Exclude<ScopeState, "active">, DelegationCode>> = {
  suspended: "FENCE_SUSPENDED",
  expired: "FENCE_EXPIRED",
  revoked: "FENCE_REVOKED",
  unresolved: "FENCE_UNRESOLVED",
  unavailable: "FENCE_UNAVAILABLE",
};

export function checkFences(fenceSet: ControlFenceSet, currentHeads: readonly ControlHead[], required: readonly ControlScopeRef[] = []): FenceReport {
  const findings = fenceSetFindings(fenceSet, "fences");
  const heads = new Map<string, ControlHead | null>();
  for (const head of currentHeads) {
    const stream = streamOf(head);
    heads.set(stream, heads.has(stream) ? null : head);
  }
  const streams: FenceStream[] = [];
  fenceSet.forEach((fence, i) => {
    const path = `fences.${i}`;
    const stream = streamOf(fence);
    const head = heads.get(stream);
    const where = `${fence.project_id} ${fence.branch_id}`;
    const row = (result: FenceResult): void => {
      streams.push({ project_id: fence.project_id, branch_id: fence.branch_id, fenced: fence.position, head: head?.position ?? null, result });
    };
    if (head === undefined) {
      findings.push(delegationFinding("FENCE_HEAD_MISSING", `${where}: no current head; an unavailable stream fails closed`, { path }));
      return row("missing");
    }
    if (head === null) {
      findings.push(delegationFinding("FENCE_HEADS_DUPLICATE", `${where}: two current heads were given; an ambiguous stream fails closed`, { path }));
      return row("ambiguous");
    }
    if (head.position !== fence.position || head.event_id !== fence.event_id || head.event_digest !== fence.event_digest) {
      // Say what differs: a later head (the stream moved on), a fence past the head (the head went
      // back, or the fence is not of this stream's history), another event at the fenced position,
      // or the same event id with another digest (the event's bytes are not those fenced).
      const digestOnly = head.position === fence.position && head.event_id === fence.event_id;
      const how =
        digestOnly ? `the event ${head.event_id} at position ${head.position} has digest ${head.event_digest} at the head, not the fenced ${fence.event_digest}: the stream's event is not the one fenced`
        : head.position === fence.position ? `the event at position ${head.position} is now ${head.event_id}, not ${fence.event_id}`
        : fence.position < head.position ? `the head moved from ${fence.event_id} (position ${fence.position}) to ${head.event_id} (position ${head.position})`
        : `the fence names ${fence.event_id} at position ${fence.position}, past the head ${head.event_id} at position ${head.position}: a fence is never ahead of its stream's head (the stream went back, or the fence is not of this stream)`;
      const [expected, received] = digestOnly ? [fence.event_digest, head.event_digest] : [`${fence.event_id}@${fence.position}`, `${head.event_id}@${head.position}`];
      findings.push(delegationFinding("FENCE_STALE", `${where}: ${how}; re-evaluate permission with a fresh fence set`, { path, expected, received }));
      return row("stale");
    }
    if (head.state !== "active") {
      findings.push(delegationFinding(STATE_CODES[head.state], `${where}: the scope is ${head.state} at its head ${head.event_id}; no new effect under it`, { path, received: head.state }));
      return row(head.state);
    }
    row("current");
  });
  const fenced = new Set(fenceSet.map(streamOf));
  required.forEach((scope, i) => {
    if (scope.scope_kind === "attempt") return;
    const branch = branchOf(scope);
    if (!fenced.has(streamOf(branch))) {
      findings.push(delegationFinding("FENCE_SCOPE_MISSING", `${branch.project_id} ${branch.branch_id} is an applicable authority scope and the fence set does not fence it`, { path: `required.${i}`, expected: `${branch.project_id} ${branch.branch_id}` }));
    }
  });
  return { ok: !hasDelegationError(findings), streams, findings };
}
