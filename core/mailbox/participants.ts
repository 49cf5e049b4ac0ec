/**
 * The participant summary: every callsign that sends or is addressed, with what it sent, what it
 * was addressed and what it still owes. A reply is owed for a message addressed to it with
 * `expects_reply: true` until its exact causal reply exists (section 3: "`expects_reply: true`
 * remains open until an exact causal reply is durable"), matched by `reply_to` and `request_id`
 * (section 9). A Handler seat owes nothing: "Addressing `HANDLER` with `expects_reply` makes a
 * request, never a protocol debt" (4). As in reconciliation, a message the conversation rules
 * quarantine neither owes a reply ("not engaged") nor pays one (a reply forged in a callsign's
 * name from another locus). A callsign is a name within its arena (section 2's arena-scoped names):
 * VEGA in two arenas is two participants, and ALL addresses every callsign of the message's arena
 * (one that sends there or is named there) but its sender (_arena-members.ts). Its `status` is
 * section 8's participant lifecycle (participant-status.ts), or `unclaimed` for a name no claim
 * holds in its arena (the name ADDRESSEE_UNCLAIMED notes): no participant holds it, so calling it
 * active would say someone is there to answer.
 */
import { addressees, arenaMembers } from "./_arena-members.js";
import { replyOwed } from "./_owed.js";
import { isHandler } from "./callsign.js";
import type { CallsignView } from "./callsign-claims.js";
import type { MailboxEntry } from "./entry.js";
import { participantStatuses } from "./participant-status.js";
import type { ParticipantStatus } from "./participant-status.js";

export interface ParticipantSummary {
  readonly arena: string;
  readonly callsign: string;
  readonly sent: number;
  readonly addressed: number;
  /** Messages addressed to it with expects_reply and no exact causal reply from it. */
  readonly owes: number;
  /**
   * `active`, `departing` (a goodbye its two-agent room's peer has not acknowledged),
   * `departed(returning | final)`, or `unclaimed`: no hello, welcome or resume claims the name in
   * its arena (judged only when the caller gives the claims, `callsigns`).
   */
  readonly status: ParticipantStatus | "unclaimed";
}

/**
 * The summary of every participant, by arena and then callsign, in code-unit order. `quarantine` is the
 * analysis's (`analyzeMailbox(...).quarantine`): only its keys are read. `callsigns` is the
 * analysis's claims view (`analyzeMailbox(...).callsigns`): given, a name it does not hold (a Handler
 * seat aside, never claimed) is `unclaimed`; left out, no name is judged so.
 */
export function participants(all: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown> = new Map(), callsigns?: readonly CallsignView[]): ParticipantSummary[] {
  // One message per UUID: a message delivered twice is sent, addressed and owed once.
  const seen = new Set<string>();
  const entries = all.filter((e) => !seen.has(e.envelope.id) && (seen.add(e.envelope.id), true));
  const rows = new Map<string, { arena: string; callsign: string; sent: number; addressed: number; owes: number }>();
  const row = (arena: string, callsign: string): { sent: number; addressed: number; owes: number } => {
    const key = `${arena}\u0000${callsign}`;
    let r = rows.get(key);
    if (r === undefined) rows.set(key, (r = { arena, callsign, sent: 0, addressed: 0, owes: 0 }));
    return r;
  };
  const owed = replyOwed(entries, quarantine);
  for (const { envelope: e } of entries) row(e.arena, e.from).sent++;
  const members = arenaMembers(entries);
  for (const { envelope: e } of entries) {
    for (const to of addressees(e, members)) {
      const r = row(e.arena, to);
      r.addressed++;
      if (owed(e, to)) r.owes++;
    }
  }
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const status = participantStatuses(entries, quarantine);
  const claimed = callsigns === undefined ? null : new Set(callsigns.map((c) => `${c.arena}\u0000${c.callsign}`));
  const statusOf = (key: string, callsign: string): ParticipantStatus | "unclaimed" => (claimed !== null && !claimed.has(key) && !isHandler(callsign) ? "unclaimed" : (status.get(key) ?? "active"));
  return [...rows.values()].map((r) => ({ ...r, status: statusOf(`${r.arena}\u0000${r.callsign}`, r.callsign) })).sort((a, b) => order(a.arena, b.arena) || order(a.callsign, b.callsign));
}
