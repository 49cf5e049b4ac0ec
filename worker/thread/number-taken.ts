/**
 * Whether the id a prepared statement's RB states is free in the thread, and the refusal when it is
 * not. A file of its own, free of SQL and the object's runtime, so the object (over its tables) and
 * the thread-clock differential's replay (over what it holds in memory) refuse the same ids, in the
 * same order, in the same words; each side only looks the number up.
 *
 * Section 2: an id names one message. An RB under an id the thread holds, or that another statement
 * already states, could never be relayed (THREAD_ID_REUSED), so never clear its act. Nor under a
 * number of the receiver's that a stored line's re= cites: that message is outside the thread, but
 * it is the receiver's all the same, and the RB would be a second message under its id, which the
 * re= then seems to answer. By number, as the cited numbers are and as the thread numbers (README
 * note 16: where rw chooses an id it never writes one whose number the agent already used in another
 * spelling): `ops-701` beside a stored `ops-0701` would be a second message of that number.
 */
import { messageNumber } from "../../core/index.js";
import { problem } from "./thread-problem.js";
import type { ThreadProblem } from "./thread-problem.js";

/** The thread's ids of an agent's number, as one side looks them up (by sender and number, any spelling). */
export interface HeldNumbers {
  /** The id of a line of the thread from `agent` with number `n`, or undefined. */
  line(agent: string, n: number): string | undefined;
  /** The RB id another statement of the thread states, from `agent` with number `n`, or undefined. */
  statement(agent: string, n: number): string | undefined;
  /** Whether a stored line's re= cites `agent`'s message number `n`. */
  cited(agent: string, n: number): boolean;
}

/**
 * The refusal of a statement whose RB would be `id`, from `from` (the prepare's `n`, as asked, in
 * the words), or null when its number is free: a line's first, then another statement's RB, then a
 * cited one.
 */
export function numberTaken(id: string, from: string, n: number, held: HeldNumbers): ThreadProblem | null {
  const number = messageNumber(id);
  const spelled = (other: string): string => (other === id ? " is" : ` has the number of ${other}, which is`);
  const line = held.line(from, number);
  if (line !== undefined) return refused(n, `${id}${spelled(line)} already a line of this thread, so this statement's RB could never be relayed; give another n, or none for the next free one`);
  const stated = held.statement(from, number);
  if (stated !== undefined) return refused(n, `${id}${spelled(stated)} already another statement's readback, so this statement's RB could never be relayed; give another n, or none for the next free one`);
  if (held.cited(from, number)) return refused(n, `a line of this thread cites ${from}'s message number ${n} with re=, a message sent outside the thread, so this statement's RB, ${id}, would be a second message of that number (section 2: an id is unique within the conversation); give another n, or none for the next free one`);
  return null;
}

function refused(n: number, why: string): ThreadProblem {
  return problem("statement-refused", `n=${n}: ${why}`, { parameter: "n" }).problem;
}
