/**
 * Whom a repair request asks (section 7, bounded self-correction, step 5: the detecting participant
 * "asks the original sender—and only that sender—to re-open its own active contract, identify the
 * violated rule, and publish one new corrected message"). A repair request is a `request` carrying
 * `meta.mailbox.anomaly` (as `repairedAnomaly` reads one), so it names exactly one callsign in `to`:
 * `ALL`, or a second callsign, asks others to correct a message that is not theirs, and each of
 * them would owe a reply. Addressing stays fail-closed (7: "Identity/addressing ... remain
 * fail-closed"), so REPAIR_MISADDRESSED refuses the message, outbound and inbound. A Handler seat's
 * request is no participant's repair traffic (as for REPAIR_REPEATED).
 */
import { ALL, isHandler } from "./callsign.js";

/** Why a message of `kind` from `from`, carrying an anomaly, asks more than one sender, or null. */
export function repairRecipientsProblem(kind: string | null, from: string | null, to: readonly string[]): string | null {
  if (kind !== "request" || (from !== null && isHandler(from))) return null;
  if (to.length === 1 && to[0] !== ALL) return null;
  return `a repair request (a request carrying meta.mailbox.anomaly) asks the original sender, and only that sender, to publish the correction: to names ${to.length === 1 ? "ALL" : `${to.length} callsigns`}; address it to the anomaly's sender alone`;
}
