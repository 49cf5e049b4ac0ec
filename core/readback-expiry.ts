/**
 * An RB's `exp` closes its window: "on an RB, the statement cannot be confirmed after" (section
 * 3.1). A log read whole has no arrival times, so check-thread cannot apply it; a thread appended
 * to at a known moment (the Worker's) refuses an RB that arrives after its own `exp`, so that it is
 * never checked, never confirmed, and moves no ownership.
 */
import { isTime } from "./check-value.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import { afterTime, timeAt } from "./time.js";

/** The refusal of `rb` arriving at `now` (epoch ms) after its `exp`, or null when it is in time. */
export function readbackPastExp(rb: Message, now: number): Finding | null {
  const exp = rb.slots["exp"];
  if (rb.type !== "RB" || typeof exp !== "string" || !isTime(exp) || now < afterTime(exp)) return null;
  return finding("THREAD_READBACK_EXPIRED", `RB ${rb.id} arrives at ${timeAt(now)}, after its exp=${exp}: a readback cannot be confirmed after its exp (section 3.1), so the receiver sends a fresh one`, { slot: "exp", expected: `by ${exp}`, received: timeAt(now) });
}
