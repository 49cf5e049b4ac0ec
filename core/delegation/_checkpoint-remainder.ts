/**
 * A checkpoint's remaining budget (7.2: a DelegationCheckpoint carries "remaining budgets"; "The
 * resumer MUST verify ... budget remainder"). The remainder a checkpoint states is of the limits of
 * the exact contract revision it names (`delegation_ref`), and is verified against what those limits
 * leave after the consumption recorded up to the checkpoint: a remainder claiming more is stale or
 * forged (CHECKPOINT_REMAINDER_OVERSTATED). A resume under a later revision (11.4: ATT-2 under r2
 * resuming CP-7 of r1) is granted that revision's limits, which take no more than the checkpoint's
 * remainder or the computed one, whichever is less (CHECKPOINT_REMAINDER_EXCEEDED).
 *
 * Per dimension, only what the checkpoint states is read:
 * - tokens, tool calls, items of a type: the revision's limit less what the attempts under that
 *   revision (by its id, `_draws-on-revision.ts`) recorded consuming by the checkpoint's `written_at`: each attempt the most any of its
 *   records reports as of then (a record that ended by it, or a running one issued by it). An
 *   attempt that records none is taken as none, so the computed remainder is the most that can
 *   remain: a claim above it is shown false. A dimension the revision does not limit has no
 *   remainder to compute: its claim is not checked, and it still bounds a resume.
 * - elapsed: `max_duration` is wall-clock time from `issued_at` (as attenuation and permission read
 *   it), and the revision's authority ends at `expires_at` if that comes first (permission refuses
 *   from then: CONTRACT_EXPIRED), so at `written_at` at most the earlier of the two less
 *   `written_at` remains, whatever the attempts report; a resume's revision ends (the earlier of its
 *   own two) no later than `written_at` plus the remainder.
 * - spend: the MoneyLimit less what the attempts spent in its currency, exactly (ten-thousandths,
 *   never a float). No MoneyLimit, or one in another currency, leaves none of the stated currency
 *   (absence is "no spending authority"); amounts are never converted.
 */
import type { DelegationFinding } from "./codes.js";
import { delegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { Dimension } from "./dimensions.js";
import type { Budget, DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { consumptionCeiling } from "./_consumption.js";
import { attemptThing } from "./_revision-heads.js";
import { drawsOnRevision, namesRevision } from "./_draws-on-revision.js";
import { amountUnits, compareUtc, countOf, durationMs, elapsedNanos, isZeroAmount, sameRevision, utcKey } from "./scalars.js";
import type { RevisionRef } from "./scalars.js";
import type { MoneyLimit } from "./scalars.js";

/** One count a checkpoint states, bounded by the least of what it claims and what is computed. */
interface CountBound {
  readonly field: string;
  readonly limitPath: string;
  readonly limit: (c: DelegationContract) => number | undefined;
  readonly bound: bigint;
}

/** What a verified checkpoint leaves a resume, dimension by dimension it states. */
export interface Remainder {
  readonly index: number;
  readonly checkpoint: DelegationCheckpoint;
  readonly counts: readonly CountBound[];
  /**
   * How long a resume's revision may run on (nanoseconds) after `fromText`, where the time left is
   * counted from: the checkpoint's `written_at`, or its revision's `issued_at` when that is later.
   */
  readonly time?: { readonly allowed: bigint; readonly fromText: string };
  readonly spend?: MoneyLimit;
}

const NS_PER_MS = 1_000_000n;

/**
 * What remains after `at` (nanoseconds, negative once run out) of a revision's span: from
 * `issued_at` until `max_duration` after it, or `expires_at` if earlier. Elapsed time throughout,
 * so a leap second either end shows is counted (`elapsedNanos`); null when a time is not one.
 */
function remainingAfter(c: DelegationContract, at: string): { left: bigint; byExpiry: boolean } | null {
  const [toExpiry, sinceIssued] = [elapsedNanos(at, c.expires_at), elapsedNanos(c.issued_at, at)];
  if (toExpiry === null || sinceIssued === null) return null;
  const toLimit = BigInt(durationMs(c.limits.max_duration)) * NS_PER_MS - sinceIssued;
  return toExpiry < toLimit ? { left: toExpiry, byExpiry: true } : { left: toLimit, byExpiry: false };
}

/** A span of milliseconds in the largest unit that states it exactly. */
function showMs(ms: bigint): string {
  for (const [unit, size] of [["d", 86_400_000n], ["h", 3_600_000n], ["min", 60_000n], ["s", 1000n]] as const) if (ms !== 0n && ms % size === 0n) return `${ms / size} ${unit}`;
  return `${ms} ms`;
}

/** Ten-thousandths as a decimal amount: 1200500 is "120.05". */
function showUnits(n: bigint): string {
  const s = n.toString().padStart(5, "0");
  return `${s.slice(0, -4)}.${s.slice(-4)}`.replace(/\.?0+$/, "");
}

/**
 * What the attempts drawing on `contract`, the revision `checkpoint` names, recorded consuming by its
 * `written_at`, each dimension summed: one naming the revision id under another digest included, as
 * the budget and a reassignment's remainder count it (`_draws-on-revision.ts`).
 */
function consumedBy(contract: DelegationContract, checkpoint: DelegationCheckpoint, attempts: readonly ExecutionAttempt[]): Map<string, bigint> {
  // A record reports consumption as of its end when it has one, else as of its issue: an ended
  // record issued after the checkpoint still reports only what was consumed by then.
  const written = (a: ExecutionAttempt): boolean => compareUtc(a.ended_at ?? a.issued_at, checkpoint.written_at) <= 0;
  const byThing = new Map<string, Budget[]>();
  for (const a of attempts) {
    if (!drawsOnRevision(a, contract) || !written(a)) continue;
    const list = byThing.get(attemptThing(a)) ?? [];
    list.push(a.budget_consumption);
    byThing.set(attemptThing(a), list);
  }
  const sum = new Map<string, bigint>();
  for (const revisions of byThing.values()) for (const [path, a] of consumptionCeiling(revisions)) sum.set(path, (sum.get(path) ?? 0n) + a.amount);
  return sum;
}

/**
 * Each checkpoint's stated remainder against what `contract` (the revision it names) leaves after
 * the attempts; returns what each verified checkpoint leaves a resume. A checkpoint of another
 * revision cannot be verified without that revision's limits, and fails closed.
 */
export function checkpointRemainderFindings(contract: DelegationContract, checkpoints: readonly DelegationCheckpoint[], attempts: readonly ExecutionAttempt[], out: DelegationFinding[]): Remainder[] {
  const want = contractRef(contract);
  const remainders: Remainder[] = [];
  checkpoints.forEach((checkpoint, index) => {
    const at = `checkpoints.${index}`;
    const named = `${checkpoint.delegation_ref.object_id}@${checkpoint.delegation_ref.revision_id}`;
    if (!sameRevision(checkpoint.delegation_ref, want)) {
      // Only the digest differs (CHECKPOINT_REVISION_DIGEST says why): the two are told apart by it.
      const byDigest = namesRevision(checkpoint.delegation_ref, contract);
      const shown = (ref: RevisionRef): string => `${ref.object_id}@${ref.revision_id}${byDigest ? ` (content digest ${ref.content_digest})` : ""}`;
      const stated = shown(checkpoint.delegation_ref);
      out.push(delegationFinding("CHECKPOINT_REMAINDER_UNVERIFIED", `${at}.delegation_ref: ${checkpoint.checkpoint_id} states the remaining budget of ${stated}, not of ${shown(want)}, whose limits were given: its remainder cannot be verified (section 7.2: the resumer MUST verify the budget remainder)`, { path: `${at}.delegation_ref`, dimension: "budget", expected: shown(want), received: stated }));
      return;
    }
    const claimed = checkpoint.remaining_budget;
    const consumed = consumedBy(contract, checkpoint, attempts);
    const overstated = (field: string, dimension: Dimension, claim: string, computed: string, why: string): void => {
      const path = `${at}.remaining_budget.${field}`;
      out.push(delegationFinding("CHECKPOINT_REMAINDER_OVERSTATED", `${path}: ${checkpoint.checkpoint_id} claims ${claim} remaining; ${why} leaves at most ${computed}: the remainder is stale or forged`, { path, dimension, expected: `<= ${computed}`, received: claim }));
    };
    const counts: CountBound[] = [];
    const count = (field: string, limitPath: string, limit: (c: DelegationContract) => number | undefined, claim: number | undefined): void => {
      if (claim === undefined) return;
      const max = limit(contract);
      let bound = BigInt(claim);
      if (max !== undefined) {
        const used = consumed.get(field) ?? 0n;
        const computed = BigInt(max) > used ? BigInt(max) - used : 0n;
        if (bound > computed) overstated(field, "budget", String(claim), String(computed), `${limitPath} of ${named}, ${max}, less the ${used} its attempts recorded consuming by ${checkpoint.written_at},`);
        if (computed < bound) bound = computed;
      }
      counts.push({ field, limitPath, limit, bound });
    };
    count("tokens", "limits.max_tokens", (c) => c.limits.max_tokens, claimed.tokens);
    count("tool_calls", "limits.max_tool_calls", (c) => c.limits.max_tool_calls, claimed.tool_calls);
    for (const type of Object.keys(claimed.items ?? {})) count(`items.${type}`, `limits.max_items.${type}`, (c) => countOf(c.limits.max_items, type), countOf(claimed.items, type));
    let time: Remainder["time"];
    // What is left of the span from written_at (from its start, for one written before it), in
    // whole milliseconds rounded down: a claim is compared in the units durations have.
    const fromText = compareUtc(checkpoint.written_at, contract.issued_at) >= 0 ? checkpoint.written_at : contract.issued_at;
    const span = utcKey(checkpoint.written_at) === null ? null : remainingAfter(contract, fromText);
    if (claimed.elapsed !== undefined && span !== null) {
      const leftMs = span.left <= 0n ? 0n : span.left / NS_PER_MS;
      const claimMs = BigInt(durationMs(claimed.elapsed));
      const duration = `${contract.limits.max_duration.value} ${contract.limits.max_duration.unit} from ${contract.issued_at}`;
      const why = span.byExpiry ? `${named}'s expires_at, ${contract.expires_at}, before its limits.max_duration (${duration}) runs out, at ${checkpoint.written_at}` : `limits.max_duration of ${named}, ${duration}, at ${checkpoint.written_at}`;
      if (claimMs > leftMs) overstated("elapsed", "duration", `${claimed.elapsed.value} ${claimed.elapsed.unit}`, showMs(leftMs), why);
      // Counted from where the claim was checked from: a checkpoint written before its revision's
      // window opened claims time from the window's start.
      time = { allowed: (claimMs < leftMs ? claimMs : leftMs) * NS_PER_MS, fromText };
    }
    let spend: MoneyLimit | undefined;
    if (claimed.spend !== undefined) {
      const limit = contract.limits.spend;
      const claim = amountUnits(claimed.spend.amount);
      const shownClaim = `${claimed.spend.currency} ${claimed.spend.amount}`;
      let computed = 0n;
      if (limit === undefined || isZeroAmount(limit.amount) || limit.currency !== claimed.spend.currency) {
        if (claim > 0n) overstated("spend", "spend", shownClaim, `${claimed.spend.currency} 0`, `${named} ${limit === undefined || isZeroAmount(limit.amount) ? "has no spending authority, which" : `spends in ${limit.currency} only, never converted, which`}`);
      } else {
        const used = consumed.get(`spend.${limit.currency}`) ?? 0n;
        const max = amountUnits(limit.amount);
        computed = max > used ? max - used : 0n;
        if (claim > computed) overstated("spend", "spend", shownClaim, `${limit.currency} ${showUnits(computed)}`, `limits.spend of ${named}, ${limit.currency} ${limit.amount}, less the ${limit.currency} ${showUnits(used)} its attempts recorded spending by ${checkpoint.written_at},`);
      }
      spend = { currency: claimed.spend.currency, amount: showUnits(claim < computed ? claim : computed) };
    }
    remainders.push({ index, checkpoint, counts, ...(time === undefined ? {} : { time }), ...(spend === undefined ? {} : { spend }) });
  });
  return remainders;
}

/**
 * A resume under `next` (11.4: the revision a resume from the prior's checkpoint runs under) is
 * granted `next`'s limits: each no more than what every checkpoint given left, in each dimension
 * the checkpoint states. What remains only shrinks, so the least of them binds.
 */
export function resumeGrantFindings(next: DelegationContract, remainders: readonly Remainder[], out: DelegationFinding[]): void {
  const exceeded = (r: Remainder, path: string, dimension: Dimension, granted: string, left: string): void => {
    out.push(delegationFinding("CHECKPOINT_REMAINDER_EXCEEDED", `${path}: ${next.delegation_id}@${next.revision_id} grants a resume ${granted}, more than ${left} left at ${r.checkpoint.checkpoint_id} (checkpoints.${r.index}: the least of its remaining_budget and what its revision's limits leave)`, { path, dimension, expected: `<= ${left}`, received: granted }));
  };
  for (const r of remainders) {
    for (const c of r.counts) {
      const granted = c.limit(next);
      if (granted === undefined || BigInt(granted) > c.bound) exceeded(r, c.limitPath, "budget", granted === undefined ? "no limit" : String(granted), String(c.bound));
    }
    const time = r.time;
    const span = time === undefined ? null : remainingAfter(next, time.fromText);
    if (time !== undefined && (span === null || span.left > time.allowed)) {
      const granted = `${next.limits.max_duration.value} ${next.limits.max_duration.unit} from ${next.issued_at}${span?.byExpiry === true ? `, expiring ${next.expires_at}` : ""}`;
      exceeded(r, "limits.max_duration", "duration", granted, `${showMs(time.allowed / NS_PER_MS)} from ${time.fromText}`);
    }
    const [left, granted] = [r.spend, next.limits.spend];
    if (left === undefined || granted === undefined || isZeroAmount(granted.amount)) continue;
    if (granted.currency !== left.currency) {
      out.push(delegationFinding("BUDGET_UNITS_UNLIKE", `limits.spend: ${next.delegation_id}@${next.revision_id} grants ${granted.currency} ${granted.amount}; ${r.checkpoint.checkpoint_id} (checkpoints.${r.index}) states what remains in ${left.currency}, and amounts are never converted, so the grant cannot be shown within it`, { path: "limits.spend", dimension: "spend", expected: left.currency, received: granted.currency }));
    } else if (amountUnits(granted.amount) > amountUnits(left.amount)) exceeded(r, "limits.spend.amount", "spend", `${granted.currency} ${granted.amount}`, `${left.currency} ${left.amount}`);
  }
}
