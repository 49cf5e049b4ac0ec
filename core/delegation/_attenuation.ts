/**
 * Privilege attenuation (section 8): the narrower contract's objects, tools, operations, data,
 * effect classes, duration, retries, concurrency, spend and budgets are subsets of the wider's.
 * Shared by sub-delegation (parent, child) and amendment (prior, next revision).
 */
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract, Limits } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";
import { few } from "../_few.js";
import { compareAmounts, compareUtc, countOf, durationMs, elapsedNanos, isZeroAmount, nanosAsMs } from "./scalars.js";
import type { RevisionRef } from "./scalars.js";
import { ambiguousSpelling, uncovered } from "./_selectors.js";
import { tierRank } from "./tiers.js";

const list = (xs: readonly string[]): string => xs.join(", ");

function subset(out: DelegationFinding[], dimension: Dimension, field: string, wide: readonly string[], narrow: readonly string[], selectors: boolean, objects = false): void {
  const allowed = new Set(wide);
  // An object selector a path resolver reads as another (`PRJ-1/sources/../../PRJ-9/*`) is within
  // no parent's selector, whatever its text starts with (a validated contract holds none).
  const outside = selectors ? new Set(uncovered(wide, narrow)) : null;
  const extra = outside !== null ? narrow.filter((x) => outside.has(x) || (objects && ambiguousSpelling(x) !== null)) : narrow.filter((x) => !allowed.has(x));
  if (extra.length > 0) out.push(dimensionFinding(dimension, `${field}: ${list(extra)} ${extra.length === 1 ? "is" : "are"} not within the parent's ${list(wide) || "(none)"}`, { path: field, expected: list(wide), received: list(extra) }));
}

function limit(out: DelegationFinding[], dimension: Dimension, field: string, wide: number | undefined, narrow: number | undefined): void {
  if (wide === undefined) return;
  if (narrow === undefined) out.push(dimensionFinding(dimension, `${field}: the parent limits it to ${wide}; the child sets no limit`, { path: field, expected: `<= ${wide}`, received: "no limit" }));
  else if (narrow > wide) out.push(dimensionFinding(dimension, `${field}: ${narrow} exceeds the parent's ${wide}`, { path: field, expected: `<= ${wide}`, received: String(narrow) }));
}

function spend(out: DelegationFinding[], wide: Limits, narrow: Limits): void {
  const child = narrow.spend;
  if (child === undefined || isZeroAmount(child.amount)) return;
  const parent = wide.spend;
  const shown = `${child.currency} ${child.amount}`;
  if (parent === undefined || isZeroAmount(parent.amount)) out.push(dimensionFinding("spend", `limits.spend: ${shown}, and the parent has no spending authority (an absent MoneyLimit grants none)`, { path: "limits.spend", expected: "none", received: shown }));
  else if (parent.currency !== child.currency) out.push(dimensionFinding("spend", `limits.spend: ${shown} is in another currency than the parent's ${parent.currency}; amounts are never converted`, { path: "limits.spend.currency", expected: parent.currency, received: child.currency }));
  else if (compareAmounts(child.amount, parent.amount) > 0) out.push(dimensionFinding("spend", `limits.spend: ${shown} exceeds the parent's ${parent.amount}`, { path: "limits.spend.amount", expected: `<= ${parent.amount}`, received: child.amount }));
}

export function attenuationFindings(wide: DelegationContract, narrow: DelegationContract): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  // A contract binds "exact inputs" (1): a child may take only inputs its parent holds, each the
  // exact revision and digest, as a narrower revision may (11.4: "If any input ... changes,
  // reassignment stops"). Another revision of the same object is another input.
  const exact = (i: RevisionRef): string => `${i.object_id} ${i.revision_id} ${i.content_digest}`;
  const held = new Set(wide.inputs.map(exact));
  // The parent's inputs as a finding names them: said once, when a child input first misses, and
  // cut: in full in each finding, thousands of child inputs under thousands of the parent's
  // answered millions of references (a 0.9 MB document, a 226 MB report).
  let parents: string | undefined;
  narrow.inputs.forEach((i, n) => {
    if (held.has(exact(i))) return;
    parents ??= few(wide.inputs.map((w) => `${w.object_id}@${w.revision_id}`), 10);
    // The parent's list names no digests: where it binds this very revision, its digest is what differs, so say it.
    const twin = wide.inputs.find((w) => w.object_id === i.object_id && w.revision_id === i.revision_id);
    const binds = twin === undefined ? `(${parents || "none"})` : `(${parents}): the parent binds ${i.object_id}@${i.revision_id} under ${twin.content_digest}`;
    out.push(dimensionFinding("inputs", `inputs.${n}: ${i.object_id}@${i.revision_id} (${i.content_digest}) is not one of the parent's exact inputs ${binds}`, { path: `inputs.${n}`, expected: parents, received: `${i.object_id}@${i.revision_id}` }));
  });
  subset(out, "objects", "scope.objects", wide.scope.objects, narrow.scope.objects, true, true);
  subset(out, "tools", "scope.tools", wide.scope.tools, narrow.scope.tools, true);
  // An empty tool list is no subset of a non-empty one, whatever the child's denials name: under a
  // scope listing no tools, evaluatePermission does not judge the tool an adapter records, so a
  // child listing none acts through any adapter tool its denials do not name (`shell_exec`), where
  // every effect of its parent is held to the parent's tools. A denial naming a tool only refuses a
  // request naming no tool at all (SCOPE_TOOL_UNNAMED).
  if (wide.scope.tools.length > 0 && narrow.scope.tools.length === 0) out.push(dimensionFinding("tools", `scope.tools: empty, which allows effects made with no scope tool, through any tool an adapter records; the parent's effects each name one of ${list(wide.scope.tools)}`, { path: "scope.tools", expected: `one or more of ${list(wide.scope.tools)}`, received: "none" }));
  subset(out, "operations", "scope.operations", wide.scope.operations, narrow.scope.operations, true);
  subset(out, "data", "scope.data_classes", wide.scope.data_classes, narrow.scope.data_classes, false);
  subset(out, "effect_class", "scope.effect_classes", wide.scope.effect_classes, narrow.scope.effect_classes, false);
  if (tierRank(narrow.autonomy_tier) > tierRank(wide.autonomy_tier)) {
    out.push(dimensionFinding("effect_class", `autonomy_tier: ${narrow.autonomy_tier} is above the parent's ${wide.autonomy_tier}`, { path: "autonomy_tier", expected: `<= ${wide.autonomy_tier}`, received: narrow.autonomy_tier }));
  }
  const [wd, nd] = [durationMs(wide.limits.max_duration), durationMs(narrow.limits.max_duration)];
  if (nd > wd) out.push(dimensionFinding("duration", `limits.max_duration: ${narrow.limits.max_duration.value} ${narrow.limits.max_duration.unit} exceeds the parent's ${wide.limits.max_duration.value} ${wide.limits.max_duration.unit}`, { path: "limits.max_duration" }));
  if (!(compareUtc(narrow.expires_at, wide.expires_at) <= 0)) out.push(dimensionFinding("duration", `expires_at: ${narrow.expires_at} is after the parent's ${wide.expires_at}`, { path: "expires_at", expected: `<= ${wide.expires_at}`, received: narrow.expires_at }));
  // The time window is within the parent's at both ends: a child issued before its parent would be
  // in force, and its max_duration running, where the parent's authority is not.
  if (!(compareUtc(narrow.issued_at, wide.issued_at) >= 0)) out.push(dimensionFinding("duration", `issued_at: ${narrow.issued_at} is before the parent's ${wide.issued_at}`, { path: "issued_at", expected: `>= ${wide.issued_at}`, received: narrow.issued_at }));
  // max_duration is elapsed wall-clock time (evaluatePermission bounds it by the time since
  // issued_at), so a narrower contract issued later takes only what remains of the wider's: its
  // budget ends no later than the wider's can. Otherwise a child issued an hour into its parent's
  // two hours, or a reassignment's next revision (11.4: "remaining budget"), restarts the clock.
  // A max_duration longer than the wider's is already refused above; this adds nothing to it.
  // In nanoseconds, exactly: epoch milliseconds as a float lose what lies under a microsecond, so a
  // child issued 100 ns after its parent with the parent's max_duration ended "no later" than it.
  // What remains of the wider's at the narrower's issue, a leap second either shows counted.
  const since = elapsedNanos(wide.issued_at, narrow.issued_at);
  const remain = since === null ? null : BigInt(wd) * 1_000_000n - since;
  if (nd <= wd && !(remain !== null && BigInt(nd) * 1_000_000n <= remain)) {
    const left = remain === null ? "no" : remain > 0n ? nanosAsMs(remain) : "0";
    out.push(dimensionFinding("duration", `limits.max_duration: ${narrow.limits.max_duration.value} ${narrow.limits.max_duration.unit} from ${narrow.issued_at} outlasts the parent's, which runs out ${wide.limits.max_duration.value} ${wide.limits.max_duration.unit} after ${wide.issued_at}: ${left} ms remain of it`, { path: "limits.max_duration", expected: `<= ${left} ms`, received: `${nd} ms` }));
  }
  const [wr, nr] = [wide.retry_policy, narrow.retry_policy];
  limit(out, "retries", "retry_policy.max_attempts", wr.max_attempts, nr.max_attempts);
  subset(out, "retries", "retry_policy.retryable_outcomes", wr.retryable_outcomes, nr.retryable_outcomes, false);
  // The rest of the retry policy is no looser: no shorter backoff, reconciliation kept, and every
  // condition that renews approval kept (dropping one would let a retry skip a renewed approval).
  if (durationMs(nr.backoff) < durationMs(wr.backoff)) out.push(dimensionFinding("retries", `retry_policy.backoff: ${nr.backoff.value} ${nr.backoff.unit} is shorter than the parent's ${wr.backoff.value} ${wr.backoff.unit}`, { path: "retry_policy.backoff", expected: `>= ${wr.backoff.value} ${wr.backoff.unit}`, received: `${nr.backoff.value} ${nr.backoff.unit}` }));
  if (wr.reconcile_before_retry && !nr.reconcile_before_retry) out.push(dimensionFinding("retries", "retry_policy.reconcile_before_retry: the parent reconciles before a retry; the child does not", { path: "retry_policy.reconcile_before_retry", expected: "true", received: "false" }));
  const kept = new Set(nr.renewed_approval_conditions);
  const dropped = wr.renewed_approval_conditions.filter((x) => !kept.has(x));
  if (dropped.length > 0) out.push(dimensionFinding("retries", `retry_policy.renewed_approval_conditions: the parent's ${list(dropped)} ${dropped.length === 1 ? "is" : "are"} not kept`, { path: "retry_policy.renewed_approval_conditions", expected: list(wr.renewed_approval_conditions), received: list(nr.renewed_approval_conditions) }));
  limit(out, "concurrency", "limits.max_concurrency", wide.limits.max_concurrency, narrow.limits.max_concurrency);
  spend(out, wide.limits, narrow.limits);
  limit(out, "budget", "limits.max_tokens", wide.limits.max_tokens, narrow.limits.max_tokens);
  limit(out, "budget", "limits.max_tool_calls", wide.limits.max_tool_calls, narrow.limits.max_tool_calls);
  for (const [type, n] of Object.entries(wide.limits.max_items ?? {})) limit(out, "budget", `limits.max_items.${type}`, n, countOf(narrow.limits.max_items, type));
  return out;
}
