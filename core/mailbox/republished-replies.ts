/**
 * Never republish (section 9): "Before responding, match published messages by **exact `reply_to`
 * plus `request_id`**: on a hit, finish only the missing durable state and consume the UUID.
 * **Never republish.** Recovery that is not idempotent converts one crash into two answers to the
 * same question." A message whose sender already published one of the same kind with the same
 * `reply_to` and `request_id` in its arena to a recipient it names again (`ALL` naming every one)
 * is that second answer: REPLY_REPUBLISHED, an error (quarantined, and
 * `rw mailbox new` refuses it). The request identifier is what makes "a requested effect or
 * delivery idempotent" (4), so the key is exactly section 9's pair, per sender and kind. And per
 * arena: a callsign is a name within one arena (4), so LYRA's answer in another arena is another
 * participant's (or another ledger's), never the answer already published here; matched across
 * arenas, the answer in the parent's own arena was refused, and the request never answered. (A
 * causal answer in another arena than a parent the mailbox holds is PARENT_ARENA_MISMATCH, so
 * quarantined and skipped here; the key keeps apart the answers to a parent not held.)
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
 *
 * A replacement names the answer still standing: once y2 replaced y1, y1 no longer stands, and a
 * y3 naming y1 would leave two replacements of one answer standing (y2 and y3), so it is a second
 * answer too (REPLY_REPUBLISHED, naming the standing one); y3 naming y2 replaces it. So exactly one
 * answer per sender, kind, reply_to, request_id and recipient stands at a time.
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
  // The answers standing so far per arena, sender, kind, reply_to and request_id: unquarantined, not
  // refused here, and not replaced since by a later answer naming them.
  const standing = new Map<string, MailboxEntry[]>();
  for (const entry of entries) {
    const e = entry.envelope;
    if (e.reply_to === null || MAILBOX_KINDS[e.kind].parent === "root" || e.kind === "blocked" || quarantine.has(e.id)) continue;
    const key = `${e.arena}\u0000${e.from}\u0000${e.kind}\u0000${e.reply_to}\u0000${e.request_id}`;
    const list = standing.get(key) ?? [];
    const reached = list.filter((a) => sharesRecipient(a.envelope, e));
    const unreplaced = reached.find((a) => !replaces(e, a));
    if (unreplaced === undefined) {
      // The first answer, or a declared replacement of every standing answer it reaches again.
      standing.set(key, [...list.filter((a) => !reached.includes(a)), entry]);
      continue;
    }
    const stale = staleNamed(e, entries, list);
    const why = stale === null ? "a replacement names the answer still standing in meta.mailbox.correction" : `it names ${stale}, which a later answer already replaced: a replacement names the answer still standing, so one answer stands at a time`;
    findings.push(mailboxFinding("REPLY_REPUBLISHED", `${e.from} already published the ${e.kind} ${unreplaced.envelope.id} with this reply_to (${e.reply_to}) and request_id (${e.request_id}), and it still stands: a second answer to the same question; recovery finishes the missing durable state from it and never republishes (${why})`, { ...at(entry), slot: "request_id", expected: "a reply_to and request_id its sender has not answered with this kind", received: e.request_id }));
  }
  return findings;
}

/** Both are addressed to one callsign (`ALL` reaching every one): the same answer reaches it twice. */
function sharesRecipient(a: MailboxEnvelope, b: MailboxEnvelope): boolean {
  if (a.to.includes(ALL) || b.to.includes(ALL)) return true;
  return a.to.some((name) => b.to.includes(name));
}

/** The UUID of an earlier answer of the same key that `e` names but that no longer stands, or null. */
function staleNamed(e: MailboxEnvelope, entries: readonly MailboxEntry[], standingNow: readonly MailboxEntry[]): string | null {
  if (e.correction === null) return null;
  for (const other of entries) {
    const o = other.envelope;
    if (o.id === e.id || standingNow.includes(other) || o.arena !== e.arena || o.from !== e.from || o.kind !== e.kind || o.reply_to !== e.reply_to || o.request_id !== e.request_id) continue;
    if (replaces(e, other)) return o.id;
  }
  return null;
}

/** The message's correction mapping names `earlier` by its exact UUID or file (with or without `.md`). */
export function replaces(e: MailboxEnvelope, earlier: MailboxEntry): boolean {
  if (e.correction === null) return false;
  const file = earlier.file ?? null;
  const names = new Set([earlier.envelope.id, ...(file === null ? [] : [file, file.replace(/\.md$/, "")])]);
  return Object.values(e.correction).some((value) => typeof value === "string" && names.has(value));
}
