/**
 * Which HOs the readback lab lists for a query: at most LISTED_HANDOFFS, so that a conversation of
 * tens of thousands of HOs is not a list of as many options, made again on every keystroke. Only
 * the readback lab imports this, so it loads with the lab.
 */
import type { CheckedLine } from "../check/checker.js";

/**
 * At most this many HOs are options of the lab's list at once; past it, a filter narrows them. A
 * conversation of 40,000 HOs made 40,000 options: seconds to open the tab, and every keystroke in
 * its fields made the list again.
 */
export const LISTED_HANDOFFS = 100;

export interface HandoffMatches {
  /** The first LISTED_HANDOFFS matches: the HO whose id is the query as typed first, then the conversation's order. */
  readonly listed: readonly CheckedLine[];
  /** How many HOs match in all. */
  readonly total: number;
}

/**
 * The HOs whose id, ask or item holds `query`, in any case (an empty query: every HO). One pass over
 * the HOs, which stops at the list's length when there is no query.
 */
export function matchHandoffs(handoffs: ReadonlyMap<string, CheckedLine>, query: string): HandoffMatches {
  const listed: CheckedLine[] = [];
  if (query === "") {
    for (const h of handoffs.values()) {
      if (listed.length === LISTED_HANDOFFS) break;
      listed.push(h);
    }
    return { listed, total: handoffs.size };
  }
  const q = query.toLowerCase();
  const exact = handoffs.get(query);
  let total = 0;
  for (const h of handoffs.values()) {
    const m = h.check.message;
    if (m === null) continue;
    const ask = m.slots["ask"];
    if (!(m.id.toLowerCase().includes(q) || (typeof ask === "string" && ask.toLowerCase().includes(q)) || (m.item ?? "").toLowerCase().includes(q))) continue;
    total++;
    if (listed.length < LISTED_HANDOFFS && h !== exact) listed.push(h);
  }
  if (exact !== undefined) {
    listed.unshift(exact);
    if (listed.length > LISTED_HANDOFFS) listed.pop();
  }
  return { listed, total };
}
