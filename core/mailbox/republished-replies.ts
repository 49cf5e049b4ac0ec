/**
 * Never republish (section 9): "Before responding, match published messages by **exact `reply_to`
 * plus `request_id`**: on a hit, finish only the missing durable state and consume the UUID.
 * **Never republish.** Recovery that is not idempotent converts one crash into two answers to the
 * same question." A message whose sender already published one of the same kind with the same
 * `reply_to` and `request_id` to a recipient it names again (`ALL` naming every one) is that
 * second answer: REPLY_REPUBLISHED, an error (quarantined, and
 * `rw mailbox new` refuses it). The request identifier is what makes "a requested effect or
 * delivery idempotent" (4), so the key is exactly section 9's pair, per sender and kind.
 *
 * Not a republication: the same answer sent to another recipient (a delivery to a second party,
 * which the first never reached); an answer of another kind (an `ack` of receipt, then the substantive
 * `reply` or `deliver`: section 5's `ack` is the receipt "when ... no substantive response already
 * acknowledges it"); a `blocked`, whose repetition is sections 6 and 8's rule (BLOCKED_REPEATED
 * while it stands; a new impasse after it lifts takes a new one); a root kind, whose `reply_to` is only a citation (9: "These are true roots");
 * a message whose `meta.mailbox.correction` names the earlier one by UUID or file, a declared
 * replacement ("a terminal replacement or supersession ... supported by an exact independently
 * valid record identifying what supersedes what", 3); and an earlier answer the analysis
 * quarantines, which is no published evidence (it neither settles the reply owed nor, in
 * reconciliation, proves handling), so answering again is how the debt is paid.
 */
import { ALL } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

/** `entries` one per UUID in UUID order; only `quarantine`'s keys are read. */
export function republishedReplies(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  // The unquarantined answers so far per sender, kind, reply_to and request_id.
  const answers = new Map<string, MailboxEntry[]>();
  for (const entry of entries) {
    const e = entry.envelope;
    if (e.reply_to === null || MAILBOX_KINDS[e.kind].parent === "root" || e.kind === "blocked" || quarantine.has(e.id)) continue;
    const key = `${e.from}\u0000${e.kind}\u0000${e.reply_to}\u0000${e.request_id}`;
    const list = answers.get(key);
    const earlier = list?.find((a) => sharesRecipient(a.envelope, e));
    if (list === undefined) answers.set(key, [entry]);
    else list.push(entry);
    if (earlier === undefined || replaces(e, earlier)) continue;
    findings.push(mailboxFinding("REPLY_REPUBLISHED", `${e.from} already published the ${e.kind} ${earlier.envelope.id} with this reply_to (${e.reply_to}) and request_id (${e.request_id}): a second answer to the same question; recovery finishes the missing durable state from the first and never republishes (a replacement names the first in meta.mailbox.correction)`, { ...at(entry), slot: "request_id", expected: "a reply_to and request_id its sender has not answered with this kind", received: e.request_id }));
  }
  return findings;
}

/** Both are addressed to one callsign (`ALL` reaching every one): the same answer reaches it twice. */
function sharesRecipient(a: MailboxEnvelope, b: MailboxEnvelope): boolean {
  if (a.to.includes(ALL) || b.to.includes(ALL)) return true;
  return a.to.some((name) => b.to.includes(name));
}

/** The message's correction mapping names `earlier` by its exact UUID or file (with or without `.md`). */
function replaces(e: MailboxEnvelope, earlier: MailboxEntry): boolean {
  if (e.correction === null) return false;
  const file = earlier.file ?? null;
  const names = new Set([earlier.envelope.id, ...(file === null ? [] : [file, file.replace(/\.md$/, "")])]);
  return Object.values(e.correction).some((value) => typeof value === "string" && names.has(value));
}
