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
