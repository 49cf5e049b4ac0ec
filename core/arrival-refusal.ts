/**
 * What a thread appended to at known moments refuses of a line as it arrives, before storing it:
 * the checks a log read whole (check-thread) cannot make, in the order a thread makes them. One
 * function, so the Worker's thread and anything replaying it (the differential check of the
 * thread's clock) run the same sequence rather than each spelling it.
 */
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import { confirmationPastExp, readbackPastExp } from "./readback-expiry.js";
import { replyAhead } from "./reply-order.js";

/** What the thread holds, asked only as each check needs it. */
export interface HeldLines {
  /** Whether the thread holds a line under `id`. */
  readonly holds: (id: string) => boolean;
  /** The message the thread holds under `id`, or null. */
  readonly message: (id: string) => Message | null;
  /** The `exp` of the HO the thread holds under `id` (null when it has none); undefined when `id` is no HO it holds. */
  readonly handoffExp: (id: string) => SlotValue | null | undefined;
}

/**
 * The refusal of `message` arriving at `now` (epoch ms), or null: a reply ahead of the line it
 * names (`THREAD_REPLY_AHEAD`, note 32), an RB after its own `exp` or its HO's
 * (`THREAD_READBACK_EXPIRED`, note 32), the sender's `AN val=Y` confirming a held readback of its
 * HO after that window (`THREAD_CONFIRMATION_EXPIRED`, notes 65 and 107). The first that applies is
 * the one said.
 */
export function arrivalRefusal(message: Message, now: number, thread: HeldLines): Finding | null {
  const ahead = replyAhead(message, thread.holds);
  if (ahead !== null) return ahead;
  const expired = readbackPastExp(message, now, message.type === "RB" && message.re !== null ? thread.handoffExp(message.re) : null);
  if (expired !== null) return expired;
  if (message.type !== "AN" || message.re === null) return null;
  const answered = thread.message(message.re);
  if (answered?.type !== "RB" || answered.re === null) return null;
  // Only the sender's yes confirms (note 35: from the HO's sender to its receiver, about its item or
  // none), and only a readback of an HO the thread holds, from its receiver to its sender (one from
  // another party reads back nothing, THREAD_REPLY_PARTIES): any other yes answers nothing, and is
  // taken for check-thread to report (note 107).
  const ho = thread.message(answered.re);
  if (ho?.type !== "HO" || answered.from !== ho.to || answered.to !== ho.from) return null;
  if (message.item !== null && message.item !== ho.item) return null;
  return confirmationPastExp(message, answered, now, thread.handoffExp(answered.re));
}
