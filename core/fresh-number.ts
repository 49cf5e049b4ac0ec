/**
 * A sender's next message number. Section 2 asks one thing of an id: "unique within the
 * conversation". So the fresh number is one past the highest the sender has used, as a receiver
 * numbers its replies, and once that would pass 2^53 - 1 the lowest positive number none of its
 * ids has: a single id such as `payer-9007199254740991` (a line anyone can append, a statement's
 * `n`) would otherwise leave the sender no number for the rest of the conversation.
 */

/**
 * `highest`: the sender's highest number so far (0 for none). `ascending`: its numbers in
 * ascending order (repeats allowed), read only when `highest` leaves no room above it. Null only
 * when every safe number is taken.
 */
export function freshNumber(highest: number, ascending: () => Iterable<number>): number | null {
  const next = highest + 1;
  if (Number.isSafeInteger(next) && next >= 1) return next;
  let lowest = 1;
  for (const n of ascending()) {
    if (n < lowest) continue;
    if (n > lowest) break;
    lowest++;
  }
  return Number.isSafeInteger(lowest) ? lowest : null;
}

/** A sender's numbers learnt one by one, and the number freshNumber gives for them so far. */
export interface FreshNumbers {
  /** Counts `n` as one of the sender's numbers. */
  readonly use: (n: number) => void;
  /** freshNumber over the numbers used, and `floor` at least; null when none is left. */
  readonly next: () => number | null;
}

/**
 * freshNumber for a reader that learns the sender's numbers as it goes (`rw validate --as`, the
 * Worker's `POST /v1/validate`: a stream read once; the playground's refusals, once a receiver's
 * numbers reach 2^53 - 1): one past the highest, `floor` at least, and once that would pass
 * 2^53 - 1 the lowest number from `floor` up that none has. The lowest free number is kept as
 * numbers come, with only the numbers above it, so a sender that numbers 1, 2, 3 ... keeps none,
 * and no answer scans what came before.
 */
export function _freshNumbers(floor = 1): FreshNumbers {
  let highest = floor - 1;
  let free = floor;
  const above = new Set<number>();
  return {
    use(n) {
      if (n > highest) highest = n;
      if (n > free) above.add(n);
      else if (n === free) {
        free++;
        // Past 2^53 - 1, free + 1 is no longer exact: no number is left there.
        while (Number.isSafeInteger(free) && above.delete(free)) free++;
      }
    },
    next() {
      const next = highest + 1;
      if (Number.isSafeInteger(next)) return next;
      return Number.isSafeInteger(free) ? free : null;
    },
  };
}
