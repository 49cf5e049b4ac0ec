/**
 * The answers section 7 exempts from a profile's `ans` by their shape: "other than `tail`, `Y`,
 * `N`, a number or a date". validate lets them through under every profile, and compileVocabulary
 * refuses an `ans` code of that shape, which an AN could never tell apart from the number or date.
 */
import { isDate } from "./check-value.js";

/** A number as an answer is written: digits, an optional point and fraction, an optional sign. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** What `val` reads as by its shape alone, `"a date"` (YYYYMMDD) or `"a number"`, or null. */
export function _numericAnswer(val: string): "a date" | "a number" | null {
  if (isDate(val)) return "a date";
  return NUMBER.test(val) ? "a number" : null;
}
