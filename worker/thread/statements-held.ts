/**
 * How much of a thread's bound its prepared statements take (README "A thread's size"): what
 * sqlStatementStore().add counts over the table (whether it fits is rows-held.ts' `within`), with no
 * storage of its own, so the thread-clock differential's replay counts its statements the same.
 */
import { utf8Length } from "../limits.js";
import type { RowsHeld } from "./rows-held.js";

/** How many statements a thread holds, whatever their state, and the bytes of their bodies. */
export type StatementsHeld = RowsHeld;

/**
 * What the statements hold once `body` (a statement's JSON) is stored in place of the row of
 * `before` bytes its token holds (undefined: a new row): a prepare adds a row; a statement changing
 * state replaces its own, always stored (a prepare is held to the capacity by `within`).
 */
export function statementsWith(held: StatementsHeld, before: number | undefined, body: string): StatementsHeld {
  return { rows: held.rows + (before === undefined ? 1 : 0), bytes: held.bytes - (before ?? 0) + utf8Length(body) };
}
