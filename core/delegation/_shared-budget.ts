/**
 * A budget shared by several holders (section 8: "duration, retries, concurrency, and spend are
 * subsets of the parent"; 11.4: "the same or narrower scope and remaining budget"). A parent's
 * additive budgets (spend, tokens, tool calls, items of each type, and concurrency, as live
 * children may all run at once) are divided among its children, never handed whole to each; a
 * reassignment's next revision takes only what its prior revision's attempts left. Duration is
 * elapsed wall-clock time, which children running at once share rather than add up, and
 * `expires_at` is a deadline: both are `_attenuation.ts`'s window rule, not summed here.
 *
 * Units are never converted (budget unit normalization is RW-004's, section 13): money in another
 * currency than the parent's cannot be added to it, so a child or revision taking any of that
 * budget fails closed (`BUDGET_UNITS_UNLIKE`), as does one whose share is unknown (a sibling with
 * no limit where the parent has one, an attempt that records no consumption of a limited budget
 * or is still running).
 */
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract, Limits } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";
import type { Budget, ExecutionAttempt } from "./execution.js";
import { consumptionCeiling, mostConsumed } from "./_consumption.js";
import { few } from "../_few.js";
import { recordContent } from "./_record-content.js";
import { drawsOnRevision } from "./_draws-on-revision.js";
import { attemptThing, revisionHeads, revisionKey } from "./_revision-heads.js";
import { amountUnits, countOf, isZeroAmount, sameRevision } from "./scalars.js";
import type { MoneyLimit } from "./scalars.js";

/** One additive count: where a contract limits it, and where an attempt records consuming it. */
interface Count {
  readonly path: string;
  readonly dimension: Dimension;
  readonly limit: (l: Limits) => number | undefined;
  /** How an attempt records consuming it; none for concurrency, which is held, not consumed. */
  readonly used?: (b: Budget) => number | undefined;
}

function counts(wide: Limits): Count[] {
  const out: Count[] = [
    { path: "limits.max_tokens", dimension: "budget", limit: (l) => l.max_tokens, used: (b) => b.tokens },
    { path: "limits.max_tool_calls", dimension: "budget", limit: (l) => l.max_tool_calls, used: (b) => b.tool_calls },
    { path: "limits.max_concurrency", dimension: "concurrency", limit: (l) => l.max_concurrency },
  ];
  for (const type of Object.keys(wide.max_items ?? {})) out.push({ path: `limits.max_items.${type}`, dimension: "budget", limit: (l) => countOf(l.max_items, type), used: (b) => countOf(b.items, type) });
  return out;
}

const money = (m: MoneyLimit | undefined): bigint => (m === undefined ? 0n : amountUnits(m.amount));
const shown = (m: MoneyLimit): string => `${m.currency} ${m.amount}`;
const units = (n: bigint): string => {
  const s = n.toString().padStart(5, "0");
  return `${s.slice(0, -4)}.${s.slice(-4)}`.replace(/\.?0+$/, "");
};

/**
 * The parent's other live children (`siblings`) and the child together take no more of any
 * additive budget than the parent has. A budget the child takes none of is not checked: the child
 * adds nothing to it. A sibling of the child's own delegation (its earlier revision) is not counted;
 * a sibling given twice, or at two revisions, counts once, at its latest (`_revision-heads.ts`); one
 * that names another parent than this exact revision is refused (`SIBLING_PARENT`). A sibling that
 * is expired or revoked still counts: what it spent stays spent, and a child's consumption is not
 * among the inputs, so its whole share is kept from the others (failing closed). Two siblings under
 * one delegation, revision and content digest with other content are refused
 * (`SIBLING_DIGEST_CONFLICT`), and no sum is told.
 */
export function siblingBudgetFindings(parent: DelegationContract, child: DelegationContract, siblings: readonly DelegationContract[], out: DelegationFinding[]): void {
  const want = contractRef(parent);
  const children: DelegationContract[] = [];
  // The first sibling given under each delegation, revision and content digest, and its content.
  const firstGiven = new Map<string, { index: number; content: string }>();
  let conflicting = false;
  siblings.forEach((s, i) => {
    if (s.delegation_id === child.delegation_id) return;
    // Only the parent's own children share its budget: another contract's (or the parent itself,
    // or a child of another of its revisions) draws on another budget, and a list naming one is
    // not the list of this parent's live children, so what they take cannot be shown.
    if (!sameRevision(s.parent_contract_ref, want)) {
      out.push(dimensionFinding("budget", `siblings.${i}: ${s.delegation_id}@${s.revision_id} names ${s.parent_contract_ref === null ? "no parent" : `the parent ${s.parent_contract_ref.object_id}@${s.parent_contract_ref.revision_id}`}, not ${want.object_id}@${want.revision_id}: it is no child of this parent, so the list is not of the parent's live children`, { path: `siblings.${i}.parent_contract_ref`, expected: `${want.object_id}@${want.revision_id}`, received: s.parent_contract_ref === null ? "null" : `${s.parent_contract_ref.object_id}@${s.parent_contract_ref.revision_id}` }, "SIBLING_PARENT"));
      return;
    }
    children.push(s);
    // A revision's content digest names one content (sections 2 and 3: the exact triple, the digest
    // of the canonical envelope and payload), so a second record under it is a copy, or a record
    // claiming a digest it does not have. Which of the two is the sibling is unknown, and counting
    // the first given made the verdict hang on the order of the list: refused, naming both.
    const key = revisionKey(s.delegation_id, s.revision_id, s.content_digest);
    const content = recordContent(s);
    const first = firstGiven.get(key);
    if (first === undefined) firstGiven.set(key, { index: i, content });
    else if (first.content !== content) {
      conflicting = true;
      out.push(dimensionFinding("budget", `siblings.${i}: ${s.delegation_id}@${s.revision_id} has the revision and content digest of siblings.${first.index} but other content: one digest names one content, so one of the two records is not what it claims, and which holds the sibling's share is unknown`, { path: `siblings.${i}`, expected: `the content of siblings.${first.index}`, received: "other content" }, "SIBLING_DIGEST_CONFLICT"));
    }
  });
  // A share read from contradictory records is not shown, within the parent's budget or beyond it.
  if (conflicting) return;
  // Each sibling once, at its latest revision: one child given twice, or amended, is one share.
  const others = revisionHeads(children, (s) => s.delegation_id).map((h) => h.record);
  if (others.length === 0) return;
  for (const c of counts(parent.limits)) {
    const [max, mine] = [c.limit(parent.limits), c.limit(child.limits)];
    // A child with no limit, or over the parent's alone, is the attenuation's finding.
    if (max === undefined || mine === undefined || mine === 0 || mine > max) continue;
    const unbounded = others.filter((s) => c.limit(s.limits) === undefined).map((s) => s.delegation_id);
    if (unbounded.length > 0) {
      out.push(dimensionFinding(c.dimension, `${c.path}: the sibling ${few(unbounded)} sets no limit where the parent's is ${max}, so the children's sum is unbounded and the child's ${mine} cannot be shown within it`, { path: c.path, expected: `<= ${max} in all`, received: "unbounded" }, "ATTENUATION_BUDGET_SHARED"));
      continue;
    }
    const taken = others.reduce((sum, s) => sum + (c.limit(s.limits) as number), 0);
    if (taken + mine > max) out.push(dimensionFinding(c.dimension, `${c.path}: the child's ${mine} and its siblings' ${taken} (${few(others.map((s) => `${s.delegation_id} ${c.limit(s.limits)}`))}) exceed the parent's ${max}: a parent's budget is divided among its children, not given whole to each`, { path: c.path, expected: `<= ${Math.max(0, max - taken)}`, received: String(mine) }, "ATTENUATION_BUDGET_SHARED"));
  }
  const [max, mine] = [parent.limits.spend, child.limits.spend];
  if (max === undefined || isZeroAmount(max.amount) || mine === undefined || isZeroAmount(mine.amount) || mine.currency !== max.currency || money(mine) > money(max)) return;
  const spending = others.filter((s) => s.limits.spend !== undefined && !isZeroAmount(s.limits.spend.amount));
  const unlike = spending.filter((s) => s.limits.spend?.currency !== max.currency);
  if (unlike.length > 0) {
    out.push(dimensionFinding("spend", `limits.spend: the sibling ${few(unlike.map((s) => `${s.delegation_id} (${shown(s.limits.spend as MoneyLimit)})`))} spends in another currency than the parent's ${max.currency}; amounts are never converted, so the children's sum cannot be shown within ${shown(max)}`, { path: "limits.spend", expected: max.currency, received: [...new Set(unlike.map((s) => s.limits.spend?.currency))].join(" ") }, "BUDGET_UNITS_UNLIKE"));
    return;
  }
  const taken = spending.reduce((sum, s) => sum + money(s.limits.spend), 0n);
  if (taken + money(mine) > money(max)) out.push(dimensionFinding("spend", `limits.spend: the child's ${shown(mine)} and its siblings' ${max.currency} ${units(taken)} exceed the parent's ${shown(max)}: spending authority is divided among the children, not given whole to each`, { path: "limits.spend.amount", expected: `<= ${units(money(max) > taken ? money(max) - taken : 0n)}`, received: mine.amount }, "ATTENUATION_BUDGET_SHARED"));
}

/**
 * A reassignment's next revision takes no more of an additive budget than the prior's limit less
 * what the prior's attempts consumed (11.4: "remaining budget"; 7.1: an attempt records its
 * "budget consumption"). An attempt that records no consumption of a limited budget leaves the
 * remainder unknown, so the next revision may take none of it (fail closed, as USAGE_UNKNOWN); so
 * does one still running (`outcome: null`), whose consumption so far is not what it will consume.
 *
 * Only attempts under the prior's revision drew on the prior's limits, as `checkAttempts` counts a
 * revision's own (`_attempt-budget.ts`): the next revision's (11.4's running ATT-2 under r2) draw on
 * the next's, and an earlier revision's were taken out when the prior was given, which took only
 * what they left. Both are ignored here, neither refused nor noted: the delegation's attempts so far
 * are the input, and nothing is wrong with them. An attempt naming the prior's revision id under
 * another content digest is counted: a revision id is never reused (3), so it ran under the prior or
 * under a record claiming to be it, and its consumption may have come out of the prior (fail closed).
 */
export function remainingBudgetFindings(prior: DelegationContract, next: DelegationContract, attempts: readonly ExecutionAttempt[], out: DelegationFinding[]): void {
  // Each attempt once, at its latest revision: appended running, then ended, it consumed once.
  // Records under one id that start at different times are two attempts, each consuming.
  // What each consumed is the most any of its records reports: consumption is never given back.
  const ofThis = attempts.filter((a) => drawsOnRevision(a, prior));
  const byThing = new Map<string, Budget[]>();
  for (const a of ofThis) {
    const thing = attemptThing(a);
    const list = byThing.get(thing);
    if (list === undefined) byThing.set(thing, [a.budget_consumption]);
    else list.push(a.budget_consumption);
  }
  const ceilings = new Map([...byThing].map(([thing, revisions]) => [thing, consumptionCeiling(revisions)]));
  const own = revisionHeads(ofThis, attemptThing).map(({ record }) => ({ ...record, budget_consumption: mostConsumed(record.budget_consumption, ceilings.get(attemptThing(record)) ?? new Map()) }));
  attempts.forEach((a, i) => {
    if (a.delegation_ref.object_id !== prior.delegation_id) out.push(dimensionFinding("parent", `attempts.${i}: ${a.attempt_id} is an attempt of ${a.delegation_ref.object_id}, not of ${prior.delegation_id}; only this delegation's attempts consumed its budget`, { path: `attempts.${i}.delegation_ref`, expected: prior.delegation_id, received: a.delegation_ref.object_id }, "ATTEMPT_DELEGATION"));
  });
  if (own.length === 0) return;
  for (const c of counts(prior.limits)) {
    const used = c.used;
    const [max, mine] = [c.limit(prior.limits), c.limit(next.limits)];
    if (used === undefined || max === undefined || mine === undefined || mine === 0 || mine > max) continue;
    const unknown = own.filter((a) => a.outcome === null || used(a.budget_consumption) === undefined).map((a) => a.attempt_id);
    if (unknown.length > 0) {
      out.push(dimensionFinding(c.dimension, `${c.path}: the attempt ${few(unknown)} is still running or records no consumption of it, so what remains of the prior's ${max} is unknown and the next revision's ${mine} cannot be shown within it`, { path: c.path, expected: "0", received: String(mine) }, "ATTENUATION_BUDGET_REMAINING"));
      continue;
    }
    const consumed = own.reduce((sum, a) => sum + (used(a.budget_consumption) as number), 0);
    if (consumed + mine > max) out.push(dimensionFinding(c.dimension, `${c.path}: ${mine} is more than remains of the prior's ${max} after its attempts consumed ${consumed} (${few(own.map((a) => `${a.attempt_id} ${used(a.budget_consumption)}`))})`, { path: c.path, expected: `<= ${Math.max(0, max - consumed)}`, received: String(mine) }, "ATTENUATION_BUDGET_REMAINING"));
  }
  const [max, mine] = [prior.limits.spend, next.limits.spend];
  if (max === undefined || isZeroAmount(max.amount) || mine === undefined || isZeroAmount(mine.amount) || mine.currency !== max.currency || money(mine) > money(max)) return;
  const unknown = own.filter((a) => a.outcome === null || a.budget_consumption.spend === undefined).map((a) => a.attempt_id);
  if (unknown.length > 0) {
    out.push(dimensionFinding("spend", `limits.spend: the attempt ${few(unknown)} is still running or records no spend, so what remains of the prior's ${shown(max)} is unknown and the next revision's ${shown(mine)} cannot be shown within it`, { path: "limits.spend.amount", expected: "0", received: mine.amount }, "ATTENUATION_BUDGET_REMAINING"));
    return;
  }
  const unlike = own.filter((a) => a.budget_consumption.spend?.currency !== max.currency && !isZeroAmount(a.budget_consumption.spend?.amount ?? "0"));
  if (unlike.length > 0) {
    out.push(dimensionFinding("spend", `limits.spend: the attempt ${few(unlike.map((a) => `${a.attempt_id} (${shown(a.budget_consumption.spend as MoneyLimit)})`))} spent in another currency than the prior's ${max.currency}; amounts are never converted, so what remains of ${shown(max)} is unknown`, { path: "limits.spend", expected: max.currency, received: [...new Set(unlike.map((a) => a.budget_consumption.spend?.currency))].join(" ") }, "BUDGET_UNITS_UNLIKE"));
    return;
  }
  const consumed = own.reduce((sum, a) => sum + (a.budget_consumption.spend?.currency === max.currency ? money(a.budget_consumption.spend) : 0n), 0n);
  if (consumed + money(mine) > money(max)) out.push(dimensionFinding("spend", `limits.spend: ${shown(mine)} is more than remains of the prior's ${shown(max)} after its attempts spent ${max.currency} ${units(consumed)}`, { path: "limits.spend.amount", expected: `<= ${units(money(max) > consumed ? money(max) - consumed : 0n)}`, received: mine.amount }, "ATTENUATION_BUDGET_REMAINING"));
}
