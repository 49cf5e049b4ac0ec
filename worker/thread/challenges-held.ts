/**
 * How much of a thread's bound its private challenges take (README notes 34 and 144), and whether
 * one more row fits: the rule sqlChallenges().put keeps over the table, with no storage of its own,
 * so the thread-clock differential's replay counts its challenges by the same rule.
 */
import { within } from "./rows-held.js";
import type { RowsHeld } from "./rows-held.js";
import { rowBytes } from "./stored-bytes.js";
import type { ThreadCapacity } from "./thread-capacity.js";

/** How many challenges a thread holds, and the bytes of their ids and bodies. */
export type ChallengesHeld = RowsHeld;

/** A row's bytes as the bound counts them: its id's and its body's, in UTF-8. */
export const challengeRowBytes = (handoff: string, body: string): number => rowBytes(handoff, body);

/**
 * What the challenges hold once `body` is stored for `handoff` in place of `before` (undefined: a
 * new row), or null when that is refused: a row that adds rows or bytes is refused past the
 * capacity, and one no larger than the row it replaces always fits.
 */
export function challengesWith(held: ChallengesHeld, handoff: string, before: string | undefined, body: string, capacity: ThreadCapacity): ChallengesHeld | null {
  const rows = held.rows + (before === undefined ? 1 : 0);
  const bytes = held.bytes - (before === undefined ? 0 : challengeRowBytes(handoff, before)) + challengeRowBytes(handoff, body);
  return within(held, { rows, bytes }, capacity);
}
