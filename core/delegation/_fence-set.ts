/**
 * A ControlFenceSet's own rules (sections 1.2 and 2): not empty, sorted by `project_id` then
 * `branch_id` (UTF-16 code units), one boundary a stream, only `rw-control:` authority branches
 * (attempt audit branches are excluded).
 */
import { appendFindings, delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ControlBoundaryRef } from "./control.js";
import { CONTROL_PROJECT_PREFIX } from "./vocabulary.js";

/** Orders two boundaries' streams: project_id, then branch_id. */
export function streamOrder(a: { project_id: string; branch_id: string }, b: { project_id: string; branch_id: string }): number {
  if (a.project_id !== b.project_id) return a.project_id < b.project_id ? -1 : 1;
  if (a.branch_id !== b.branch_id) return a.branch_id < b.branch_id ? -1 : 1;
  return 0;
}

/** Findings for one boundary that must be an authority-stream head. */
export function boundaryFindings(b: ControlBoundaryRef, path: string): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  if (!b.project_id.startsWith(CONTROL_PROJECT_PREFIX)) {
    out.push(delegationFinding("FENCE_SET_NOT_CONTROL", `${path}: project_id ${b.project_id} is not a control stream (rw-control:<space_id>); a fence names authority streams only`, { path: `${path}.project_id`, received: b.project_id }));
  }
  if (b.branch_id.startsWith("attempt:")) {
    out.push(delegationFinding("FENCE_SET_AUDIT_BRANCH", `${path}: ${b.branch_id} is an attempt audit branch; attempt branches are excluded from fence sets (section 1.2)`, { path: `${path}.branch_id`, received: b.branch_id }));
  }
  return out;
}

export function fenceSetFindings(set: readonly ControlBoundaryRef[], path = ""): DelegationFinding[] {
  const at = (i: number): string => (path === "" ? String(i) : `${path}.${i}`);
  if (set.length === 0) return [delegationFinding("FENCE_SET_EMPTY", `${path || "the fence set"} is empty: an effect fences at least its Space policy, agent and delegation streams`, { path })];
  const out: DelegationFinding[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < set.length; i++) {
    const b = set[i] as ControlBoundaryRef;
    appendFindings(out, boundaryFindings(b, at(i)));
    const stream = `${b.project_id} ${b.branch_id}`;
    const repeated = seen.has(stream);
    seen.add(stream);
    if (repeated) out.push(delegationFinding("FENCE_SET_DUPLICATE", `${at(i)}: a second boundary for stream ${b.project_id} ${b.branch_id}; a fence set holds one a stream`, { path: at(i), received: stream }));
    else if (i > 0 && streamOrder(set[i - 1] as ControlBoundaryRef, b) > 0) out.push(delegationFinding("FENCE_SET_UNSORTED", `${at(i)}: ${b.project_id} ${b.branch_id} comes before the boundary above it; a fence set is sorted by project_id, then branch_id`, { path: at(i) }));
  }
  return out;
}
