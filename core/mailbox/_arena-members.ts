/**
 * Who a message addresses, arena by arena. A callsign is a name within its arena (section 2's
 * arena-scoped names), so VEGA in two arenas is two participants, and `to: [ALL]` addresses every
 * participant of the message's own arena but its sender (section 8): each callsign that sends in
 * that arena or is named there as a recipient.
 */
import { ALL } from "./callsign.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

/** The callsigns of each arena: those that send in it, and those its messages name. */
export function arenaMembers(entries: readonly MailboxEntry[]): Map<string, Set<string>> {
  const members = new Map<string, Set<string>>();
  for (const { envelope: e } of entries) {
    let names = members.get(e.arena);
    if (names === undefined) members.set(e.arena, (names = new Set()));
    names.add(e.from);
    for (const to of e.to) if (to !== ALL) names.add(to);
  }
  return members;
}

/** The callsigns `e` addresses: those it names, or under ALL every member of its arena but its sender. */
export function addressees(e: Pick<MailboxEnvelope, "from" | "to" | "arena">, members: ReadonlyMap<string, ReadonlySet<string>>): readonly string[] {
  return e.to.includes(ALL) ? [...(members.get(e.arena) ?? [])].filter((c) => c !== e.from) : e.to;
}

/** Whether `e` addresses `callsign` of its arena: by name, or by ALL when the callsign is of that arena. */
export function addresses(e: MailboxEnvelope, callsign: string, members: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  if (e.from === callsign) return false;
  return e.to.includes(ALL) ? members.get(e.arena)?.has(callsign) === true : e.to.includes(callsign);
}
