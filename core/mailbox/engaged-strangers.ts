/**
 * Unexpected callsigns are not engaged (section 4: "Unexpected callsigns are surfaced to the
 * Handler and are not engaged"; section 13: "Unexpected callsign: surface it and do not engage
 * until the Handler pins that participant"). A message from a name nobody claimed is already
 * CALLSIGN_UNCLAIMED and quarantined; answering it (a message whose `reply_to` is it) is engaging
 * it: CALLSIGN_UNCLAIMED_ENGAGED, an error on the answer, so the answer is quarantined and
 * `rw mailbox new` refuses it.
 *
 * Not engagement: a Handler seat's answer (the Handler is whom the stranger is surfaced to, and
 * its direction is what pins it); a message only to Handler seats (surfacing it, as the `blocked`
 * the Handler is asked by); an answer the analysis already quarantines (the stranger's own, a
 * welcome of its misplaced hello, WELCOME_HELLO_MISPLACED, a `reply` to it, WORK_BEFORE_ESTABLISHED):
 * it is refused and never handled already, so nothing engages; and a root
 * kind, whose `reply_to` is only a citation (9: "These are true roots"). The Handler's pin is not
 * in the inbox; what is, once pinned, is the participant's own claim (a `hello` a peer welcomes,
 * 4), after which its new messages speak for it and may be answered. Its messages from before the
 * claim stay quarantined ("remains unconsumed"), so an answer to one of them is still refused.
 */
import { isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

/**
 * `entries` one per UUID; `unclaimed` the UUIDs of messages from a name never claimed; only
 * `quarantine`'s keys are read.
 */
export function engagedStrangers(entries: readonly MailboxEntry[], unclaimed: ReadonlySet<string>, quarantine: ReadonlyMap<string, unknown>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  const byId = new Map<string, MailboxEntry>();
  for (const entry of entries) byId.set(entry.envelope.id, entry);
  for (const entry of entries) {
    const e = entry.envelope;
    if (e.reply_to === null || !unclaimed.has(e.reply_to) || quarantine.has(e.id)) continue;
    if (MAILBOX_KINDS[e.kind].parent === "root" || isHandler(e.from) || e.to.every(isHandler)) continue;
    const stranger = byId.get(e.reply_to)?.envelope.from ?? "an unexpected callsign";
    findings.push(mailboxFinding("CALLSIGN_UNCLAIMED_ENGAGED", `this ${e.kind} answers ${e.reply_to}, a message from ${stranger}, which no hello, welcome or resume claims: an unexpected callsign is surfaced to the Handler and not engaged until the Handler pins it (then it claims the name, and its new messages may be answered)`, { ...at(entry), slot: "reply_to" }));
  }
  return findings;
}
