/**
 * A participant's state naming a message the mailbox holds but does not address to it (README
 * note 122). Section 9 keys both records by inbound message: "Every valid addressed message
 * receives a durable disposition keyed by inbound UUID", and the cursor is the "private
 * consumed-UUID cursor" of what it read. Its own message, one sent to others, or one of another
 * arena than the one reconciled is none of those: such an entry settles nothing (the message is
 * not this participant's to handle) and owes nothing, so it is said (a note), not passed over.
 * A refused file addressed to others only, or of another arena, is read alike (README notes 126, 134).
 */
import { ALL } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxAnomaly } from "./reconcile.js";

/**
 * Whether an anomaly is in the participant's view: its recipients, read from its refused envelope,
 * name it or ALL, or cannot be read (then it may be its own, and is never passed over); and its
 * arena, when readable, is one reconciled (a callsign is a name within one arena: README note 134).
 */
export function anomalyInView(anomaly: Pick<MailboxAnomaly, "to" | "arena">, participant: string, arenas: ReadonlySet<string>): boolean {
  if (typeof anomaly.arena === "string" && arenas.size > 0 && !arenas.has(anomaly.arena)) return false;
  return anomaly.to === null || anomaly.to.includes(participant) || anomaly.to.includes(ALL);
}

/** Whose the message is, in words: the participant's own, another arena's, or sent to others. */
function whose(entry: MailboxEntry, participant: string, arenas: ReadonlySet<string>): string {
  const m = entry.envelope;
  if (!arenas.has(m.arena)) return `${m.from}'s ${m.kind} in arena ${m.arena}, not the arena reconciled (a callsign is a name within one arena, and this ledger is that arena's)`;
  if (m.from === participant) return `${participant}'s own ${m.kind}`;
  const to = m.to.includes(ALL) ? `ALL (the callsigns of arena ${m.arena}, ${participant} not among them)` : m.to.join(", ");
  return `${m.from}'s ${m.kind} to ${to}`;
}

/**
 * DISPOSITION_NOT_ADDRESSED (the ledger's UUIDs) or CURSOR_NOT_ADDRESSED (the cursor's) for each
 * UUID of `ids` that `held` holds (every valid message, all arenas) and `addressed` (the
 * participant's inbox view in the arenas reconciled) lacks.
 */
export function notAddressedFindings(record: "disposition" | "cursor", ids: Iterable<string>, participant: string, held: ReadonlyMap<string, MailboxEntry>, addressed: ReadonlySet<string>, arenas: ReadonlySet<string>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const id of ids) {
    const entry = addressed.has(id) ? undefined : held.get(id);
    if (entry === undefined) continue;
    const where = entry.file ? { id, file: entry.file } : { id };
    if (record === "disposition") findings.push(mailboxFinding("DISPOSITION_NOT_ADDRESSED", `a disposition for ${whose(entry, participant, arenas)}: not addressed to ${participant}, so it records the handling of nothing ${participant} was asked; it settles and owes nothing (a disposition is keyed by an inbound message's UUID; check the UUID it was meant for)`, where));
    else findings.push(mailboxFinding("CURSOR_NOT_ADDRESSED", `the cursor holds ${whose(entry, participant, arenas)}: not addressed to ${participant}, so it consumes nothing of its inbox (the cursor holds inbound message UUIDs)`, where));
  }
  return findings;
}

/**
 * The same for a UUID no valid message holds that only refused files addressed to others, or of
 * another arena, carry (`byId`: each anomaly UUID's files): the record is the participant's, the
 * file another's inbox.
 */
export function anomalyNotAddressedFindings(record: "disposition" | "cursor", ids: Iterable<string>, participant: string, held: ReadonlyMap<string, MailboxEntry>, byId: ReadonlyMap<string, readonly MailboxAnomaly[]>, arenas: ReadonlySet<string>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const id of ids) {
    const files = held.has(id) ? undefined : byId.get(id);
    if (files === undefined || files.some((a) => anomalyInView(a, participant, arenas))) continue;
    const whose = files.map((a) => `the refused file ${a.file} to ${(a.to ?? []).join(", ")}${typeof a.arena === "string" && !arenas.has(a.arena) ? ` in arena ${a.arena}, not the arena reconciled` : ""}`).join(" and ");
    const where = { id, file: (files[0] as MailboxAnomaly).file };
    if (record === "disposition") findings.push(mailboxFinding("DISPOSITION_NOT_ADDRESSED", `a disposition for ${whose}: not addressed to ${participant}, so it records the handling of nothing ${participant} was asked; it settles and owes nothing (a disposition is keyed by an inbound message's UUID; check the UUID it was meant for)`, where));
    else findings.push(mailboxFinding("CURSOR_NOT_ADDRESSED", `the cursor holds the UUID of ${whose}: not addressed to ${participant}, so it consumes nothing of its inbox (the cursor holds inbound message UUIDs)`, where));
  }
  return findings;
}
