/**
 * How much of a thread's bound its prepared statements take (README "A thread's size"), and
 * whether one more fits: the rule sqlStatementStore().add keeps over the table, with no storage of
 * its own, so the thread-clock differential's replay counts its statements by the same rule.
 */
import { utf8Length } from "../limits.js";
import type { ThreadCapacity } from "./thread-capacity.js";

/** How many statements a thread holds, whatever their state, and the bytes of their bodies. */
export interface StatementsHeld {
  readonly rows: number;
  readonly bytes: number;
}

/**
 * What the statements hold once `body` (a statement's JSON) is stored in place of the row of
 * `before` bytes its token holds (undefined: a new row): a prepare adds a row; a statement changing
 * state replaces its own, always stored (a prepare is held to the capacity by `within`).
 */
export function statementsWith(held: StatementsHeld, before: number | undefined, body: string): StatementsHeld {
  return { rows: held.rows + (before === undefined ? 1 : 0), bytes: held.bytes - (before ?? 0) + utf8Length(body) };
}

/** `after` when it stays within `capacity`, or adds nothing to `held`; else null (refused, nothing written). */
export function within(held: StatementsHeld, after: StatementsHeld, capacity: ThreadCapacity): StatementsHeld | null {
  return (after.rows > held.rows || after.bytes > held.bytes) && (after.rows > capacity.lines || after.bytes > capacity.bytes) ? null : after;
}
