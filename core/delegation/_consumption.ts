/**
 * An attempt's consumption across its revisions. Records are immutable and a later record of an
 * attempt (appended running, then ended) restates what it has consumed so far (7.1: "budget
 * consumption"); what was consumed is never given back (section 8: spend, tokens, tool calls and
 * items are consumed, not held). So a revision reporting less of a dimension than the revision it
 * follows contradicts it (`checkAttempts`: ATTEMPT_CONSUMPTION_SHRANK), and what an attempt
 * consumed is read as the most any of its revisions reports, never the least (failing closed).
 */
import type { Budget } from "./execution.js";
import { amountUnits, countOf, durationMs } from "./scalars.js";
import type { MoneyLimit } from "./scalars.js";

/** One dimension a budget records: where, and how much, comparable exactly, with its words. */
export interface Amount {
  readonly path: string;
  readonly amount: bigint;
  readonly shown: string;
  /** For spend, the money as recorded. */
  readonly money?: MoneyLimit;
}

/** Every dimension a budget records, as comparable amounts; spend per currency (never converted). */
function amounts(b: Budget): Amount[] {
  const out: Amount[] = [];
  const count = (path: string, n: number | undefined): void => void (n !== undefined && out.push({ path, amount: BigInt(n), shown: String(n) }));
  count("tokens", b.tokens);
  count("tool_calls", b.tool_calls);
  for (const type of Object.keys(b.items ?? {})) count(`items.${type}`, countOf(b.items, type));
  if (b.elapsed !== undefined) out.push({ path: "elapsed", amount: BigInt(durationMs(b.elapsed)), shown: `${b.elapsed.value} ${b.elapsed.unit}` });
  if (b.spend !== undefined) out.push({ path: `spend.${b.spend.currency}`, amount: amountUnits(b.spend.amount), shown: `${b.spend.currency} ${b.spend.amount}`, money: b.spend });
  return out;
}

export interface Shrinkage {
  /** The dimension, under `budget_consumption`: `tokens`, `items.Source`, `spend` (a currency's). */
  readonly path: string;
  readonly was: string;
  readonly now: string;
}

/** Each dimension both record in which `later` reports less than `earlier`. */
export function consumptionShrinks(later: Budget, earlier: Budget): Shrinkage[] {
  const before = new Map(amounts(earlier).map((a) => [a.path, a]));
  const out: Shrinkage[] = [];
  for (const now of amounts(later)) {
    const was = before.get(now.path);
    if (was !== undefined && now.amount < was.amount) out.push({ path: now.path.startsWith("spend.") ? "spend" : now.path, was: was.shown, now: now.shown });
  }
  return out;
}

/** The most each dimension is reported consumed over some records of one attempt. */
export type Ceiling = ReadonlyMap<string, Amount>;

/** The most any of `revisions` (the given records of one attempt) reports of each dimension. */
export function consumptionCeiling(revisions: readonly Budget[]): Ceiling {
  const most = new Map<string, Amount>();
  for (const b of revisions) {
    for (const a of amounts(b)) {
      const m = most.get(a.path);
      if (m === undefined || a.amount > m.amount) most.set(a.path, a);
    }
  }
  return most;
}

/**
 * `head`'s consumption, each dimension it records raised to its attempt's `ceiling`. A dimension
 * the head leaves out stays out: a running or silent record leaves the remainder unknown, as its
 * caller says.
 */
export function mostConsumed(head: Budget, ceiling: Ceiling): Budget {
  const most = (path: string, n: number | undefined): number | undefined => (n === undefined ? undefined : Math.max(n, Number(ceiling.get(path)?.amount ?? 0)));
  const items = head.items === undefined ? undefined : Object.fromEntries(Object.keys(head.items).map((t) => [t, most(`items.${t}`, countOf(head.items, t)) as number]));
  const top = head.spend === undefined ? undefined : ceiling.get(`spend.${head.spend.currency}`);
  const spend = head.spend === undefined || top === undefined || top.amount <= amountUnits(head.spend.amount) ? head.spend : top.money;
  return { ...head, tokens: most("tokens", head.tokens), tool_calls: most("tool_calls", head.tool_calls), items, spend };
}
