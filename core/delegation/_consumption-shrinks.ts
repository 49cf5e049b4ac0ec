/**
 * A record of an attempt reports at least what the revision it follows reports consumed
 * (ATTEMPT_CONSUMPTION_SHRANK): records are immutable and a later one restates what the attempt
 * has consumed so far (7.1: "budget consumption"), and what was consumed is never given back
 * (section 8: spend, tokens, tool calls and items are consumed, not held), so a later record
 * reporting less of a dimension contradicts the one it follows (`_consumption.ts` compares them).
 * Only a record whose prior revision is given is compared (`_attempt-priors.ts`). Checked by
 * `checkAttempts` (dimension `budget`) and `checkReassignment` (11.4: the next revision takes "the
 * same or narrower scope and remaining budget", read from these records; spend on `spend`, every
 * other dimension on `budget`, as its remainder is denied): the remainder reads the most any record
 * reports, so the shrunk record gives nothing back there, and the contradiction is refused on its
 * own, as `checkAttempts` refuses it.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { ExecutionAttempt } from "./execution.js";
import { attemptPriors } from "./_attempt-priors.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { consumptionShrinks } from "./_consumption.js";

/**
 * `at` and `was` are the two records' places in the document (`attempts.<i>`). `split`: spend on
 * the `spend` dimension, the rest on `budget` (a reassignment's, section 8's); else all on `budget`.
 */
export function pairShrinkFindings(at: string, record: ExecutionAttempt, was: string, before: ExecutionAttempt, out: DelegationFinding[], split = false): void {
  for (const s of consumptionShrinks(record.budget_consumption, before.budget_consumption)) {
    const path = `${at}.budget_consumption.${s.path}`;
    const dimension = split && s.path === "spend" ? "spend" : "budget";
    out.push(delegationFinding("ATTEMPT_CONSUMPTION_SHRANK", `${path}: ${record.attempt_id}@${record.revision_id} reports ${s.now} consumed, less than the ${s.was} of the revision it follows, ${before.revision_id} (${was}): what was consumed is never given back`, { path, dimension, expected: `>= ${s.was}`, received: s.now }));
  }
}

/** Each record of `records` (one delegation's attempts) against its prior revision, when given, as a reassignment reads them. */
export function consumptionShrinkFindings(records: readonly AttemptRecord[], out: DelegationFinding[]): void {
  for (const { record, before } of attemptPriors(records)) pairShrinkFindings(`attempts.${record.index}`, record.attempt, `attempts.${before.index}`, before.attempt, out, true);
}
