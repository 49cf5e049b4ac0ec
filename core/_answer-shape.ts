/**
 * The answer an AQ asks for (section 3.1: `need` is the "answer shape for an AQ"): what an AN's
 * `val` must be to answer it. `ENUM` takes one of the question's `opts`, exactly (codes are
 * case-sensitive); `YESNO` `Y` or `N`; `NUM` a number (the `num` slot type's shape); `DATE` a date
 * (`YYYYMMDD`); `TEXT` `val=tail`, "and the answer is the tail". A shape a profile adds to `need`
 * has no rule here, so nothing is said of its answers.
 */
import { _SHAPES, isDate } from "./check-value.js";
import type { SlotValue } from "./message.js";

/** Each need with a shape: whether a `val` has it, and the shape in words (ENUM's go on with its opts). */
const SHAPES: Readonly<Record<string, readonly [fits: (val: string, opts: readonly string[]) => boolean, words: string]>> = {
  ENUM: [(v, opts) => opts.includes(v), "one of "],
  YESNO: [(v) => v === "Y" || v === "N", "Y or N"],
  NUM: [_SHAPES.num[0], "a number"],
  DATE: [isDate, "a date (YYYYMMDD)"],
  TEXT: [(v) => v === "tail", "tail"],
};

/** Whether answers to a question of this `need` have a shape this module checks. */
export const _shapedNeed = (need: string): boolean => Object.hasOwn(SHAPES, need);

/**
 * What `val` should have been to answer a question of `need` (and `opts`), or null when it is an
 * answer of that shape (or the need has no shape here). An answer of another shape leaves the
 * asker to guess what it means, which rule 2 forbids.
 */
export function _answerMiss(need: string, opts: readonly string[], val: SlotValue | undefined): string | null {
  if (!_shapedNeed(need)) return null;
  const [fits, words] = SHAPES[need] as (typeof SHAPES)[string];
  if (typeof val === "string" && fits(val, opts)) return null;
  return need === "ENUM" ? words + opts.join("+") : words;
}
