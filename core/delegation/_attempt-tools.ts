/**
 * An attempt under a contract revision ran through a tool that revision authorizes: its adapter's
 * `tool` (7.1's "tool/adapter identity", a scope tool as a request's `tool` is) is covered by
 * `scope.tools` when the scope lists tools (SCOPE_TOOL), and no denial refusing that tool outright
 * names it (SCOPE_DENIED), matched as permission matches them (`_selectors.ts`, `_denials.ts`). "The contract must
 * separately authorize each tool" (9), so an attempt through another tool ran under no authority,
 * whatever its permission decision said.
 *
 * Only a denial naming tools and nothing else is read: an attempt records no operation, object or
 * effect class, so whether a denial that also names those matched its effect cannot be known from
 * the attempt (that is evaluatePermission's, before the effect). A scope listing no tools does not
 * judge the adapter's tool: every attempt records one (7.1), an effect made with no scope tool
 * included, as `evaluatePermission` reads a request naming only its adapter.
 *
 * Checked by `checkAttempts` (dimensions `scope.tools`, `scope.denials`, as permission names them)
 * and `checkReassignment` (`tools`, `denials`, their section-8 dimensions), against the prior for
 * the prior's attempts and the next revision for a resume under it: 11.4's resume continues from
 * the state ATT-1 checkpointed under r1 and runs under r2, so a tool the revision an attempt ran
 * under does not authorize left state, or makes an effect, no authority produced.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { ExecutionAttempt } from "./execution.js";
import { sameRevision } from "./scalars.js";
import { denialRefuses } from "./_denials.js";
import { coveringSelector } from "./_selectors.js";

/** `dimensions`: of a tool outside `scope.tools`, then of a denial refusing it (a reassignment's `tools`, `denials`). */
export function attemptToolFindings(contract: DelegationContract, records: readonly { attempt: ExecutionAttempt; index: number }[], out: DelegationFinding[], dimensions: readonly ["scope.tools", "scope.denials"] | readonly ["tools", "denials"] = ["scope.tools", "scope.denials"]): void {
  const revision = contractRef(contract);
  const { tools, denials } = contract.scope;
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  // A denial naming tools alone: one refusing every request through the tool (`denialRefuses` on the
  // tool alone, as permission matches it); one naming more refuses only some, which permission decides.
  const toolDenials = denials.filter((d) => d.tools !== undefined);
  for (const { attempt, index } of records) {
    if (!sameRevision(attempt.delegation_ref, revision)) continue;
    const tool = attempt.adapter.tool;
    const path = `attempts.${index}.adapter.tool`;
    if (tools.length > 0 && coveringSelector(tools, tool) === null) {
      out.push(delegationFinding("SCOPE_TOOL", `${path}: ${attempt.attempt_id} ran through the tool ${tool}, not within ${named}'s scope.tools (${tools.join(", ")}): the contract authorizes each tool separately (section 9), so it ran under no authority`, { path, dimension: dimensions[0], expected: tools.join(" "), received: tool }));
    }
    for (const d of toolDenials) {
      if (!denialRefuses(d, { tool })) continue;
      out.push(delegationFinding("SCOPE_DENIED", `${path}: ${attempt.attempt_id} ran through the tool ${tool}, which ${named}'s denial ${d.rule_id} refuses${d.reason === undefined ? "" : `: ${d.reason}`}`, { path, dimension: dimensions[1], received: d.rule_id }));
    }
  }
}
