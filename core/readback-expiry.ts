/**
 * An RB's `exp` closes its window: "on an RB, the statement cannot be confirmed after, and it may
 * not outlive the HO's" (section 3.1), and on the HO "nothing may be done on it after" its own. A
 * log read whole has no arrival times, so check-thread cannot apply it; a thread appended to at a
 * known moment (the Worker's) refuses an RB that arrives after its own `exp`, or after its HO's,
 * so that it is never checked, never confirmed, and moves no ownership; and it refuses the sender's
 * `AN val=Y` to a readback that arrived in time but is confirmed after that window.
 */
import { isTime } from "./check-value.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import { afterTime, timeAt } from "./time.js";

/**
 * The refusal of `rb` arriving at `now` (epoch ms) after its `exp`, or after `hoExp`, the `exp` of
 * the HO it answers (an RB without one of its own is bounded by it all the same), or null when it
 * is in time.
 */
export function readbackPastExp(rb: Message, now: number, hoExp?: SlotValue | null): Finding | null {
  if (rb.type !== "RB") return null;
  const exp = rb.slots["exp"];
  if (typeof exp === "string" && isTime(exp) && now >= afterTime(exp)) {
    return finding("THREAD_READBACK_EXPIRED", `RB ${rb.id} arrives at ${timeAt(now)}, after its exp=${exp}: a readback cannot be confirmed after its exp (section 3.1), so the receiver sends a fresh one`, { slot: "exp", expected: `by ${exp}`, received: timeAt(now) });
  }
  if (typeof hoExp === "string" && isTime(hoExp) && now >= afterTime(hoExp)) {
    return finding("THREAD_READBACK_EXPIRED", `RB ${rb.id} arrives at ${timeAt(now)}, after the exp=${hoExp} of the HO ${rb.re ?? ""} it answers: nothing may be done on a handoff after its exp, and a readback may not outlive it (section 3.1); the sender cancels it (CX why=EXPIRED) or sends a new one`, { slot: "re", expected: `by ${hoExp}`, received: timeAt(now) });
  }
  return null;
}

/**
 * The refusal of `an`, an `AN val=Y` answering the readback `rb`, arriving at `now` (epoch ms)
 * after the readback's `exp` or after `hoExp`, the `exp` of the HO it reads back: "on an RB, the
 * statement cannot be confirmed after" (section 3.1), so a late yes clears no act and lifts no
 * hold. Null when in time, or when `an` confirms nothing: another answer, `re=` no readback, or a
 * yes that is not the sender's (note 35: from the readback's addressee to its sender, about its
 * item or none), which answers nothing and is taken, as a hold is, for check-thread to report.
 */
export function confirmationPastExp(an: Message, rb: Message, now: number, hoExp?: SlotValue | null): Finding | null {
  if (an.type !== "AN" || an.slots["val"] !== "Y" || rb.type !== "RB" || an.re !== rb.id) return null;
  if (an.from !== rb.to || an.to !== rb.from || (an.item !== null && an.item !== rb.item)) return null;
  const exp = rb.slots["exp"];
  if (typeof exp === "string" && isTime(exp) && now >= afterTime(exp)) {
    return finding("THREAD_CONFIRMATION_EXPIRED", `AN ${an.id} confirms RB ${rb.id} at ${timeAt(now)}, after its exp=${exp}: a readback cannot be confirmed after its exp (section 3.1), so the receiver sends a fresh one to confirm`, { slot: "re", expected: `by ${exp}`, received: timeAt(now) });
  }
  if (typeof hoExp === "string" && isTime(hoExp) && now >= afterTime(hoExp)) {
    return finding("THREAD_CONFIRMATION_EXPIRED", `AN ${an.id} confirms RB ${rb.id} at ${timeAt(now)}, after the exp=${hoExp} of the HO ${rb.re ?? ""} it reads back: nothing may be done on a handoff after its exp (section 3.1); the sender cancels it (CX why=EXPIRED) or sends a new one`, { slot: "re", expected: `by ${hoExp}`, received: timeAt(now) });
  }
  return null;
}
