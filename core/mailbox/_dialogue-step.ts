/**
 * What one message is to its thread's autonomous dialogue (section 8: "Count consecutive
 * agent-to-agent messages since the latest `HANDLER` message or declared new external evidence").
 * One reading, shared by the rules that stop that dialogue: the exchange budget (exchange-budget.ts)
 * and an agent's `blocked` (standing-blocks.ts), which section 6 lifts on the same two events:
 * "Resume only on direct Handler authority or causally declared authority-changing evidence".
 *
 * - `handler`: from a Handler seat: Handler input, which lifts every stop in the thread.
 * - `to-handler`: from an agent only to Handler seats: not agent-to-agent, so it neither counts nor,
 *   even declaring `new_evidence`, lifts anything.
 * - `evidence`: agent-to-agent, declaring `new_evidence`: lifts every stop, then counts.
 * - `agent`: any other agent-to-agent message.
 */
import { ALL, isHandler } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";

export type DialogueStep = "handler" | "to-handler" | "evidence" | "agent";

export function dialogueStep(m: Pick<MailboxEnvelope, "from" | "to" | "new_evidence">): DialogueStep {
  if (isHandler(m.from)) return "handler";
  // The skip comes before the evidence: a note only to the Handler changes nothing between agents.
  if (!m.to.some((t) => !isHandler(t))) return "to-handler";
  return m.new_evidence !== null ? "evidence" : "agent";
}

/** Handler input or declared new evidence: what lifts a thread's stops (sections 6 and 8). */
export const liftsStops = (step: DialogueStep): boolean => step === "handler" || step === "evidence";

/**
 * Whether `sender` is asked by `asked` (a message with `expects_reply`), so that its first reply to
 * it is owed: addressed to it by name or `ALL`, and from someone else ("finish replies already owed
 * by `expects_reply`", section 8).
 */
export const asks = (asked: { readonly from: string; readonly to: readonly string[] }, sender: string): boolean =>
  asked.from !== sender && (asked.to.includes(ALL) || asked.to.includes(sender));
