/**
 * A message addressed by name to a callsign nobody claimed in its arena (section 4: "Unexpected
 * callsigns are surfaced to the Handler and are not engaged"; kernel 4: "Every valid addressed
 * message is a CTA and receives one durable participant-local disposition"). No participant holds
 * the name, so no one reconciles the message, disposes of it or answers it: a typo (`LYAR` for
 * `LYRA`) or a peer that never joined leaves the sender waiting in silence. ADDRESSEE_UNCLAIMED, a
 * note on the addressee's `to[i]`, judged against the whole mailbox (a later claim settles it), so
 * nothing is refused. Not for a `hello`: it addresses the expected participants, who claim their
 * names by answering it. Not for `ALL` or a Handler seat (never claimed), nor for a message the
 * analysis quarantines, which does not speak for its sender, nor for the Handler's own message:
 * the Handler is whom the note informs, and it may answer a stranger it surfaces.
 */
import { ALL, isHandler } from "./callsign.js";
import type { CallsignView } from "./callsign-claims.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";

/** The notes, over `sorted` (one entry per UUID); `callsigns` is the claims walk's view of every claimed name. */
export function addresseesUnclaimed(sorted: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>, callsigns: readonly CallsignView[]): MailboxFinding[] {
  const claimed = new Set(callsigns.map((c) => `${c.arena}\u0000${c.callsign}`));
  const findings: MailboxFinding[] = [];
  for (const entry of sorted) {
    const e = entry.envelope;
    if (e.kind === "hello" || isHandler(e.from) || quarantine.has(e.id)) continue;
    e.to.forEach((t, i) => {
      if (t === ALL || isHandler(t) || claimed.has(`${e.arena}\u0000${t}`)) return;
      findings.push(mailboxFinding("ADDRESSEE_UNCLAIMED", `${t} is no callsign of arena ${e.arena}: no hello, welcome or resume claims it, so nobody disposes of this ${e.kind}${e.expects_reply ? " or answers it" : ""}; check the name, or wait for its claim`, { ...at(entry), slot: `to[${i}]` }));
    });
  }
  return findings;
}
