/**
 * A message that does not speak for its sender is not answered. The conversation rules quarantine
 * a message sent in a name another locus holds or that retired (CALLSIGN_HELD, CALLSIGN_COLLISION,
 * CALLSIGN_RETIRED), one whose root differs from its sender's binding (ROOT_MISMATCH: it "remains
 * unconsumed, and cannot authorize work", section 4), one on a causal cycle (PARENT_CYCLE), and
 * every file of a UUID that names two messages (DUPLICATE_ID: "Existing target or duplicate UUID
 * is an anomaly", section 10), and reconciliation tells its addressee to audit it, never to handle
 * or answer it. An agent's answer to one (its `reply_to` names it) acts on what cannot authorize
 * work ("`needs-audit` blocks work that depends on the disputed envelope", 3) and cites a parent
 * that cannot be established (9: "a direct reply ... cites the exact message being answered"):
 * PARENT_QUARANTINED, an error on the answer, so the answer is quarantined and `rw mailbox new`
 * refuses it.
 *
 * Only those codes: a message quarantined for a rule of the room it breaks while speaking for its
 * sender (a welcome that counters while saying accept, work before establishment, past the
 * budget, ...) is still its sender's word, and an answer may be what settles it (the acceptance of
 * that counter); not as a reply owed, though: past a spent budget or a standing `blocked` it
 * initiates, as any answer to a quarantined message (README note 153). An answer to a stranger's message is CALLSIGN_UNCLAIMED_ENGAGED's
 * (engaged-strangers.ts). Not an answer that acts on it, as there: a Handler seat's answer (the
 * Handler is whom the quarantine is surfaced to, and whose durable record alone lifts it); a
 * message only to Handler seats (surfacing it); a root kind, whose `reply_to` is only a citation
 * (9: "These are true roots"); and an answer the analysis already quarantines for another error.
 */
import { isHandler } from "./callsign.js";
import { IDENTITY_CODES, mailboxFinding } from "./codes.js";
import type { MailboxCode, MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

/** Whether a message quarantined with this code speaks for no one: its answer acts on nothing. */
const speaksForNoOne = (code: MailboxCode): boolean => code === "DUPLICATE_ID" || IDENTITY_CODES.has(code);

/** `entries` one per UUID; only `quarantine` (by UUID, with its codes) is read of the analysis. */
export function quarantinedParents(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, readonly MailboxCode[]>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const entry of entries) {
    const e = entry.envelope;
    const codes = e.reply_to === null ? undefined : quarantine.get(e.reply_to);
    const why = codes?.filter(speaksForNoOne) ?? [];
    if (why.length === 0 || quarantine.has(e.id)) continue;
    if (MAILBOX_KINDS[e.kind].parent === "root" || isHandler(e.from) || e.to.every(isHandler)) continue;
    findings.push(mailboxFinding("PARENT_QUARANTINED", `this ${e.kind} answers ${e.reply_to}, which does not speak for its sender (${why.join(", ")}): it remains unconsumed and cannot authorize work, so it is not answered; surface it to the Handler (a message only to Handler seats) and wait for its durable record`, { ...at(entry), slot: "reply_to" }));
  }
  return findings;
}
