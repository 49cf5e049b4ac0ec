/**
 * The reply-debt rule the participant summary counts and an orphaned thread reads (one rule, so the
 * two never disagree): a message addressed with `expects_reply: true` owes its recipient a reply
 * until that recipient's exact causal reply exists, matched by `reply_to` and `request_id` (sections
 * 3 and 9). A Handler seat owes nothing (4); a quarantined message neither owes nor pays; a root
 * kind's `reply_to` (a hello's, a resume's) is only a citation and answers nothing. A welcome is
 * answered by any message of its recipient that cites it, whatever its `request_id`: "The first
 * work message cites the `welcome` and doubles as acknowledgement" (6), and that message, a
 * `request` or `propose`, opens a request of its own (MAILBOX_KINDS' `request: "new"`). A request
 * or claim its own sender withdrew with a `cancel` addressed to the recipient owes it nothing more
 * (cancelProblem), unless that cancel is quarantined (withdraws). An open task (a FULL request to
 * `ALL`) owes nothing more to those the earliest exact claim of another participant made stand down
 * (_open-task-claims.ts). A callsign is a name within one arena (section 4): only the recipient of
 * the message's own arena owes or pays it, so another arena's callsign of that name pays nothing
 * even where no quarantine sets its answer aside.
 */
import { ALL, isHandler } from "./callsign.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { standsDown, winningClaims } from "./_open-task-claims.js";
import { MAILBOX_KINDS, WITHDRAWABLE_KINDS } from "./vocabulary.js";

/**
 * Whether `response`, a causal message citing `parent` (its `reply_to`), is the exact causal reply
 * to it: the same `request_id`, or any when `parent` is a welcome, which the first work message
 * acknowledges (6). Reconciliation's test; replyOwed applies the same one to a whole mailbox.
 */
export function exactReply(parent: MailboxEnvelope, response: MailboxEnvelope): boolean {
  return response.request_id === parent.request_id || parent.kind === "welcome";
}

/**
 * Why `cancel`, a causal message citing `parent`, withdraws nothing, or null when it withdraws it:
 * section 5's `cancel` withdraws "a request or claim", and section 3 lets a reply go unanswered only
 * on "an exact independently valid record identifying what supersedes what". The requester's own
 * cancel (same callsign in the same arena), carrying the request's `request_id` (the cancel answers
 * inside its parent's request), is that record: the party owed the reply releases it, the recipient
 * does not close its own obligation. Anyone else's cancel, or one citing another kind, releases nothing.
 */
export function cancelProblem(parent: MailboxEnvelope, cancel: MailboxEnvelope): string | null {
  if (cancel.from !== parent.from || cancel.arena !== parent.arena) return `it is ${cancel.from}'s, not ${parent.from}'s, who asked: only the requester withdraws its request`;
  if (!WITHDRAWABLE_KINDS.has(parent.kind)) return `it cites a ${parent.kind}, and a cancel withdraws a request or claim`;
  if (cancel.request_id !== parent.request_id) return `it carries request_id ${cancel.request_id}, not the request's ${parent.request_id}`;
  return null;
}

/**
 * Whether `cancel` is a valid withdrawal of `parent` that addresses `to`, `held` being what the
 * analysis quarantines (its keys; for a walk, as far as it has gone: HeldSoFar): a quarantined cancel
 * does not speak for its sender and withdraws nothing, whichever rule holds it (3: only "an exact
 * independently valid record" supersedes; 3, 7: a quarantined message "cannot authorize work", is
 * never "effect evidence"). The one place that says so, for reply debt at a thread's end, for the
 * budget's and the blocks' walks and for reconciliation alike (README note 154).
 */
export function withdraws(parent: MailboxEnvelope, cancel: MailboxEnvelope, to: string, held: { has(id: string): boolean }): boolean {
  return cancel.kind === "cancel" && cancel.reply_to === parent.id && !held.has(cancel.id) && cancelProblem(parent, cancel) === null && (cancel.to.includes(to) || cancel.to.includes(ALL));
}

/**
 * The cancels citing each message, by its UUID, over `entries`, but those `leftOut` (reconciliation
 * leaves out the quarantined ones: they are no cancel to report on either); `withdraws` decides each.
 */
export function cancelsByParent(entries: readonly MailboxEntry[], leftOut: ReadonlyMap<string, unknown> = new Map()): ReadonlyMap<string, readonly MailboxEnvelope[]> {
  const cancels = new Map<string, MailboxEnvelope[]>();
  for (const { envelope: e } of entries) {
    if (e.kind !== "cancel" || e.reply_to === null || leftOut.has(e.id)) continue;
    const list = cancels.get(e.reply_to);
    if (list === undefined) cancels.set(e.reply_to, [e]);
    else list.push(e);
  }
  return cancels;
}

/** Whether `e` still owes `to` a reply, over `entries` (one per UUID); only `quarantine`'s keys are read. */
export function replyOwed(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): (e: MailboxEnvelope, to: string) => boolean {
  const answered = new Set<string>();
  const welcomes = new Set<string>();
  for (const { envelope: e } of entries) if (e.kind === "welcome") welcomes.add(e.id);
  /** A welcome's id and a sender (arena and callsign) of a causal message citing it. */
  const cited = new Set<string>();
  for (const { envelope: e } of entries) {
    if (e.reply_to === null || MAILBOX_KINDS[e.kind].parent === "root" || quarantine.has(e.id)) continue;
    answered.add(`${e.reply_to}\u0000${e.request_id}\u0000${e.arena}\u0000${e.from}`);
    if (welcomes.has(e.reply_to)) cited.add(`${e.reply_to}\u0000${e.arena}\u0000${e.from}`);
  }
  const cancels = cancelsByParent(entries);
  const withdrawn = (e: MailboxEnvelope, to: string): boolean => (cancels.get(e.id) ?? []).some((c) => withdraws(e, c, to, quarantine));
  const claimed = winningClaims(entries, quarantine);
  return (e, to) =>
    e.expects_reply && !quarantine.has(e.id) && !isHandler(to) && !answered.has(`${e.id}\u0000${e.request_id}\u0000${e.arena}\u0000${to}`) && !(e.kind === "welcome" && cited.has(`${e.id}\u0000${e.arena}\u0000${to}`)) && !withdrawn(e, to) && !standsDown(e, claimed.get(e.id), to);
}
