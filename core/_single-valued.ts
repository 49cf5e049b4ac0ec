/**
 * Section 5.2: "`must`, `no`, `scope` and `src` are set-valued and may repeat; the others are
 * single-valued." One rule for a line's `acc=` (validate) and a sender's withheld criteria
 * (parseCriteria): a single-valued key named twice holds two values for one fact.
 */
import type { Vocabulary } from "./vocabulary-model.js";

/**
 * A tracker of the single-valued keys seen so far. Given each constraint in turn (its key, lowered,
 * and how it was written), it answers how the key's first constraint was written when this one
 * repeats it, once per key; otherwise null. Set-valued keys and keys outside the set are never a
 * repeat.
 */
export function _repeatTracker(vocabulary: Vocabulary): (key: string, written: string) => string | null {
  const first = new Map<string, string | null>(); // null once reported
  return (key, written) => {
    if (vocabulary.constraintKeys.get(key)?.set !== false) return null;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, written);
    else if (seen !== null) first.set(key, null);
    return seen ?? null;
  };
}
