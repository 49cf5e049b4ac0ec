/**
 * The attempts under a contract's exact revision consume no more than its limits: permission holds
 * every effect to `max_tokens`, `max_tool_calls`, `max_items` and the MoneyLimit (5.2: BUDGET_EXCEEDED,
 * SPEND_NO_AUTHORITY, SPEND_EXCEEDS), and section 2 reads an absent MoneyLimit as "no spending
 * authority, not unlimited spend". So attempts whose recorded consumption (7.1: "budget consumption")
 * together goes past a limit ran beyond their authority, as one starting after expiry did
 * (`_attempt-window.ts`). Each attempt counts once, as the most any of its records reports of each
 * dimension (`_consumption.ts`: consumption is never given back), and the attempts' amounts add up:
 * the limits are the delegation revision's, not each attempt's (section 8's additive budgets). Only
 * attempts naming the contract's revision id count: after a reassignment, a revision's limits are
 * what its prior's attempts left (11.4), so those attempts are not counted against it again. One
 * naming the revision id under another content digest counts (`_draws-on-revision.ts`), as a
 * reassignment's remainder counts it: it may have drawn on these limits.
 * Elapsed time is not summed: `max_duration` is wall-clock time from `issued_at`, shared by attempts
 * running at once. Amounts in another currency than the MoneyLimit's are never converted.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { consumptionCeiling } from "./_consumption.js";
import type { Amount } from "./_consumption.js";
import { attemptThing } from "./_revision-heads.js";
import { drawsOnRevision } from "./_draws-on-revision.js";
import { amountUnits, compareUtc, countOf, isZeroAmount } from "./scalars.js";

/** `records`: every given record of the delegation's attempts (an attempt's records grouped by its id). */
export function attemptBudgetFindings(contract: DelegationContract, records: readonly AttemptRecord[], out: DelegationFinding[]): void {
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const byThing = new Map<string, AttemptRecord[]>();
  for (const r of records) {
    if (!drawsOnRevision(r.attempt, contract)) continue;
    const list = byThing.get(attemptThing(r.attempt)) ?? [];
    list.push(r);
    byThing.set(attemptThing(r.attempt), list);
  }
  // In the order the attempts started, so a finding names the attempt that went past the limit.
  const attempts = [...byThing.values()].map((list) => ({ list, ceiling: consumptionCeiling(list.map((r) => r.attempt.budget_consumption)) }));
  attempts.sort((a, b) => compareUtc((a.list[0] as AttemptRecord).attempt.started_at, (b.list[0] as AttemptRecord).attempt.started_at));
  /** The record of an attempt reporting `amount` of the dimension: where the finding points. */
  const where = (list: readonly AttemptRecord[], a: Amount): AttemptRecord => list.find((r) => amountOf(r, a.path) === a.amount) ?? (list[list.length - 1] as AttemptRecord);
  const limits = contract.limits;
  const spend = limits.spend !== undefined && !isZeroAmount(limits.spend.amount) ? limits.spend : undefined;
  const sums = new Map<string, bigint>();
  const reported = new Set<string>();
  for (const { list, ceiling } of attempts) {
    for (const [path, a] of ceiling) {
      if (path === "elapsed") continue;
      const total = (sums.get(path) ?? 0n) + a.amount;
      sums.set(path, total);
      if (reported.has(path)) continue;
      const r = where(list, a);
      const at = `attempts.${r.index}.budget_consumption`;
      const id = r.attempt.attempt_id;
      const so = total === a.amount ? `${id} records` : `with ${id}, the attempts of ${named} record`;
      if (path.startsWith("spend.")) {
        if (a.amount === 0n) continue;
        const money = a.money as NonNullable<Amount["money"]>;
        const shown = `${money.currency} ${showUnits(total)}`;
        if (spend === undefined) out.push(delegationFinding("SPEND_NO_AUTHORITY", `${at}.spend: ${so} spending ${shown}; ${named} carries no MoneyLimit: no spending authority (section 2), so the spend ran under none`, { path: `${at}.spend`, dimension: "spend", expected: "no spend", received: shown }));
        else if (money.currency !== spend.currency) out.push(delegationFinding("SPEND_EXCEEDS", `${at}.spend: ${so} spending ${shown}; the MoneyLimit of ${named} is in ${spend.currency}: amounts in two currencies are never converted, so the spend is not within it`, { path: `${at}.spend`, dimension: "spend", expected: spend.currency, received: money.currency }));
        else if (total > amountUnits(spend.amount)) out.push(delegationFinding("SPEND_EXCEEDS", `${at}.spend: ${so} spending ${shown}, more than the MoneyLimit of ${named}, ${spend.currency} ${spend.amount}: the spend ran past its authority`, { path: `${at}.spend`, dimension: "spend", expected: `<= ${spend.currency} ${spend.amount}`, received: shown }));
        else continue;
        reported.add(path);
        continue;
      }
      const [field, limit] = path === "tokens" ? ["max_tokens", limits.max_tokens] : path === "tool_calls" ? ["max_tool_calls", limits.max_tool_calls] : [`max_${path}`, countOf(limits.max_items, path.slice("items.".length))];
      if (limit === undefined || total <= BigInt(limit)) continue;
      reported.add(path);
      out.push(delegationFinding("BUDGET_EXCEEDED", `${at}.${path}: ${so} consuming ${total} ${path}, more than ${named}'s limits.${field} of ${limit}: the attempts ran past their budget`, { path: `${at}.${path}`, dimension: "budget", expected: `<= ${limit}`, received: String(total) }));
    }
  }
}

/** What one record reports of a dimension, in the units `consumptionCeiling` compares. */
function amountOf(r: AttemptRecord, path: string): bigint | undefined {
  const b = r.attempt.budget_consumption;
  if (path === "tokens") return b.tokens === undefined ? undefined : BigInt(b.tokens);
  if (path === "tool_calls") return b.tool_calls === undefined ? undefined : BigInt(b.tool_calls);
  if (path.startsWith("items.")) {
    const n = countOf(b.items, path.slice("items.".length));
    return n === undefined ? undefined : BigInt(n);
  }
  if (path.startsWith("spend.")) return b.spend !== undefined && `spend.${b.spend.currency}` === path ? amountUnits(b.spend.amount) : undefined;
  return undefined;
}

/** Ten-thousandths as a decimal amount: 1200500 is "120.05". */
function showUnits(n: bigint): string {
  const s = n.toString().padStart(5, "0");
  return `${s.slice(0, -4)}.${s.slice(-4)}`.replace(/\.?0+$/, "");
}
