/**
 * An open task released by a claim (section 8, "How a group works": "**Open task:** `to: [ALL]`
 * plus FULL claim semantics; earliest valid causal claim wins and others stand down"). A FULL
 * `request` to `ALL` asks every participant for one piece of work; once one of them claims it, the
 * others no longer owe it a reply. Claim scopes are prose ("exact scope", section 8) no program can
 * compare, so only an exact claim of the whole request releases the others: a `claim` citing the
 * request (`reply_to`) inside its request (`request_id`), in its arena, from a participant other
 * than the requester, not quarantined (a claim that does not speak for its sender wins nothing).
 * The earliest in UUID order wins (section 4: the UUIDv7 is authoritative); a claim its own
 * claimant withdrew with an exact `cancel` (section 5: "Withdraw a request or claim") releases
 * nobody, and the next standing claim, if any, wins instead. Claims coordinate work, they never
 * authorize it (8), so the claimant's own obligation is its claim, its exact causal reply, as before.
 */
import { ALL, isHandler } from "./callsign.js";
import { byUuid } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

/** Whether `request` is an open task: a FULL `request` addressed to `ALL`. */
export function isOpenTask(request: MailboxEnvelope): boolean {
  return request.kind === "request" && request.profile === "FULL" && request.to.includes(ALL);
}

/**
 * The claim that won each open task, by the task's UUID, over `entries` (one per UUID, any order);
 * only `quarantine`'s keys are read.
 */
export function winningClaims(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): ReadonlyMap<string, MailboxEnvelope> {
  const tasks = new Map<string, MailboxEnvelope>();
  for (const { envelope: e } of entries) if (isOpenTask(e) && !quarantine.has(e.id)) tasks.set(e.id, e);
  // A claim is withdrawn by its claimant's exact cancel (the claimant's, citing it, in its request).
  const withdrawn = new Set<string>();
  const claims = new Map<string, MailboxEnvelope>();
  for (const { envelope: e } of entries) if (e.kind === "claim") claims.set(e.id, e);
  for (const { envelope: e } of entries) {
    const claim = e.kind === "cancel" && e.reply_to !== null ? claims.get(e.reply_to) : undefined;
    if (claim !== undefined && !quarantine.has(e.id) && e.from === claim.from && e.arena === claim.arena && e.request_id === claim.request_id) withdrawn.add(claim.id);
  }
  const won = new Map<string, MailboxEnvelope>();
  for (const { envelope: c } of byUuid(entries)) {
    const task = c.kind === "claim" && c.reply_to !== null ? tasks.get(c.reply_to) : undefined;
    if (task === undefined || won.has(task.id) || quarantine.has(c.id) || withdrawn.has(c.id)) continue;
    if (c.request_id !== task.request_id || c.arena !== task.arena || c.from === task.from || isHandler(c.from)) continue;
    won.set(task.id, c);
  }
  return won;
}

/** Whether `to` stands down from `task` because another participant's claim won it. */
export function standsDown(task: Pick<MailboxEnvelope, "from">, winner: MailboxEnvelope | undefined, to: string): boolean {
  return winner !== undefined && winner.from !== to && to !== task.from;
}
