/**
 * A new conversation is a fresh root (section 8: "a new conversation begins with a fresh ordinary
 * CTA root (`request`, `propose`, or another applicable base kind) carrying new `thread` and
 * `request_id` UUIDv7 values. Old thread heads remain visible history ... neither may silently
 * become the new conversation head"; section 12: "a fresh ordinary CTA root carrying new `thread`
 * and `request_id` values"; section 9: "These are true roots; do not attach them to old history").
 * A `request`, `propose` or `review` with no `reply_to` whose thread an earlier message (UUID order)
 * already holds, or whose `request_id` an earlier message already carries, is ROOT_NOT_FRESH: a
 * note, so it is surfaced rather than silent, and refuses nothing (a misplaced hello is
 * HELLO_THREAD_REUSED, the handshake's own rule). Not `blocked`, which may be a root in the thread
 * of a file it could not read (section 10), nor `goodbye` or an availability `state`, which open no
 * conversation. A thread's and a request's UUIDv7 are fresh across arenas, not only within one: section
 * 4 scopes a callsign, a generated name and a root binding to their arena, never an identifier, and
 * "new" values (8, 12) are new values; so another arena's earlier message counts, and is named with
 * its arena, since a reader of this arena would look for it in vain.
 */
import { idInArena } from "./_id-in-arena.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

/** Section 12's "fresh ordinary CTA root" kinds, and `review`, which may open a conversation too. */
const CTA_ROOT_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["request", "propose", "review"]);

/** The notes, over `sorted` (one entry per UUID, in UUID order). */
export function rootsNotFresh(sorted: readonly MailboxEntry[]): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  // The first message holding each thread and carrying each request_id.
  const threads = new Map<string, MailboxEnvelope>();
  const requests = new Map<string, MailboxEnvelope>();
  for (const entry of sorted) {
    const e = entry.envelope;
    if (e.reply_to === null && CTA_ROOT_KINDS.has(e.kind)) {
      const thread = threads.get(e.thread);
      if (thread !== undefined) findings.push(mailboxFinding("ROOT_NOT_FRESH", `this ${e.kind} is a root (no reply_to) in a thread ${idInArena(thread, e)} opened before it: a new conversation carries a new thread; answering that history cites the exact message it answers`, { ...at(entry), slot: "thread" }));
      const request = requests.get(e.request_id);
      if (request !== undefined) findings.push(mailboxFinding("ROOT_NOT_FRESH", `this ${e.kind} is a root (no reply_to) carrying the request_id ${idInArena(request, e)} carried before it: a new conversation carries a new request_id, so one request's effect is never taken for another's`, { ...at(entry), slot: "request_id" }));
    }
    if (!threads.has(e.thread)) threads.set(e.thread, e);
    if (!requests.has(e.request_id)) requests.set(e.request_id, e);
  }
  return findings;
}
