/**
 * A reply asked of a callsign that is away (section 8: a `goodbye` "ends a participant's active
 * presence", and `returning` "later uses the normal `resume` flow"): a message expecting a reply of
 * a callsign that, at that message's place in UUID order, has left with a goodbye that is not final
 * and has not resumed since, waits for that resume. ADDRESSEE_DEPARTED, a note on the addressee's
 * `to[i]`: the reply is owed still, only late, so nothing is refused. A goodbye banking no single
 * re-entry reads as returning (GOODBYE_REENTRY_UNSTATED). Who is away is read as the participant
 * lifecycle reads it (participant-status.ts), from the messages the analysis does not quarantine:
 * a goodbye or a resume that does not speak for its sender, or that an error refuses, moves nobody.
 * So this runs once the quarantine is known; the note refuses nothing, so the quarantine never
 * waits on it. A quarantined message asks nothing of anyone, so it is not noted either. A retired name is ADDRESSEE_RETIRED's (callsign-claims.ts), never this note's.
 */
import { reEntryOf } from "./re-entry.js";
import { isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";

/**
 * The notes, over `sorted` (one entry per UUID, in UUID order). `retiredBy` holds the final
 * goodbyes that retired a name in the callsign view: from each on, the name is not away but retired.
 */
export function addresseesDeparted(sorted: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>, retiredBy: ReadonlySet<string>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  // `arena NUL callsign` → the goodbye it left with.
  const away = new Map<string, string>();
  for (const entry of sorted) {
    const e = entry.envelope;
    // The Handler is whom the note informs: its own request waiting on a departure is no news.
    if (isHandler(e.from)) continue;
    // A message asking no reply (the peer's ACK of the goodbye among them) waits for nothing, and
    // neither does one the analysis quarantines: it owes nothing, so no reply of it waits.
    if (e.expects_reply && !quarantine.has(e.id)) {
      for (const t of e.to) {
        const goodbye = away.get(`${e.arena}\u0000${t}`);
        if (goodbye !== undefined) findings.push(mailboxFinding("ADDRESSEE_DEPARTED", `${t} departed with goodbye ${goodbye} (re-entry: returning) and answers only after it resumes: the reply this ${e.kind} expects waits for that resume`, { ...at(entry), slot: `to[${e.to.indexOf(t)}]` }));
      }
    }
    const key = `${e.arena}\u0000${e.from}`;
    if (retiredBy.has(e.id)) away.delete(key);
    else if (quarantine.has(e.id)) continue;
    else if (e.kind === "resume") away.delete(key);
    else if (e.kind === "goodbye" && reEntryOf(entry.body) !== "final") away.set(key, e.id);
  }
  return findings;
}
