/**
 * How much of a thread's bound one kind of row takes (README "A thread's size"), and whether a
 * change to those rows fits: one rule for the challenges (challenges-held.ts) and the prepared
 * statements (statements-held.ts), each table counting its own rows and bytes.
 */
import type { ThreadCapacity } from "./thread-capacity.js";

/** How many rows of one kind a thread holds, and their bytes as the bound counts them. */
export interface RowsHeld {
  readonly rows: number;
  readonly bytes: number;
}

/**
 * `after` when storing it stays within `capacity`, or adds neither rows nor bytes to `held` (a row
 * no larger than the one it replaces always fits); else null (refused, nothing written).
 */
export function within(held: RowsHeld, after: RowsHeld, capacity: ThreadCapacity): RowsHeld | null {
  return (after.rows > held.rows || after.bytes > held.bytes) && (after.rows > capacity.lines || after.bytes > capacity.bytes) ? null : after;
}
