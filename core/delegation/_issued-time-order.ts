/**
 * A record's own times are not later than its `issued_at` (sections 1, 3): a record is written
 * when it is issued and never changed after (a change appends a new revision), so by its issuer's
 * own clock a start, end or write time after that reports what had not yet happened. The same
 * instant passes, compared as instants, as for a card's revisions. Only the record's own times are
 * compared: the order between records is the event log's ("not this clock alone").
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { compareUtc } from "./scalars.js";

/** Each named time of one record later than its `issued_at`, as TIME_ORDER at that field. */
export function issuedTimeOrderFindings(issuedAt: string, times: readonly (readonly [field: string, time: string | null])[], out: DelegationFinding[]): void {
  for (const [field, time] of times) {
    if (time === null || !(compareUtc(time, issuedAt) > 0)) continue;
    out.push(delegationFinding("TIME_ORDER", `${field} ${time} is after the record was issued (${issuedAt}): an immutable record reports only what had happened when it was written`, { path: field, expected: `at or before ${issuedAt}`, received: time }));
  }
}
