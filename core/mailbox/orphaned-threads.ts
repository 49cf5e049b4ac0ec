/**
 * Section 8: "any unfinished thread with zero active participants becomes `blocked` for the
 * Handler, never silently `closed`". Decisions (core/mailbox/README.md): a thread is unfinished while
 * a reply is still owed in it, by the rule the participant summary's `owes` counts (_owed.ts); its
 * participants are the callsigns that sent or were addressed in it (ALL counting every callsign of
 * its arena but the sender), Handler seats aside, quarantined messages aside; none is active when
 * each is departing or departed (participant-status.ts). Such a thread is THREAD_ORPHANED, a note:
 * a state that waits on the Handler, as a handshake's `blocked: handler-decision` is, not a message
 * breaking a rule, and a goodbye may have declined the reply owed in prose, which is not read.
 */
import { addressees, arenaMembers } from "./_arena-members.js";
import { replyOwed } from "./_owed.js";
import { isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEntry } from "./entry.js";
import { participantStatuses } from "./participant-status.js";

/**
 * The orphaned threads, each with its finding, by thread. `entries` are one per UUID in UUID order
 * (a thread's first is its opener); only `quarantine`'s keys are read.
 */
export function orphanedThreads(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): Map<string, MailboxFinding> {
  const status = participantStatuses(entries, quarantine);
  const orphaned = new Map<string, MailboxFinding>();
  if (status.size === 0) return orphaned;
  const owed = replyOwed(entries, quarantine);
  const members = arenaMembers(entries);
  // Each thread's participants as `arena NUL callsign`: a callsign is a name within its arena.
  const threads = new Map<string, { first: string; names: Set<string>; owed: number }>();
  for (const { envelope: e } of entries) {
    let t = threads.get(e.thread);
    if (t === undefined) threads.set(e.thread, (t = { first: e.id, names: new Set(), owed: 0 }));
    if (quarantine.has(e.id)) continue;
    if (!isHandler(e.from)) t.names.add(`${e.arena}\u0000${e.from}`);
    for (const to of addressees(e, members)) {
      if (!isHandler(to)) t.names.add(`${e.arena}\u0000${to}`);
      if (owed(e, to)) t.owed++;
    }
  }
  for (const [thread, t] of threads) {
    const names = [...t.names].sort();
    if (t.owed === 0 || names.length === 0 || names.some((key) => !status.has(key))) continue;
    const who = names.map((key) => `${key.slice(key.indexOf("\u0000") + 1)} ${status.get(key) as string}`).join(", ");
    orphaned.set(thread, mailboxFinding("THREAD_ORPHANED", `the thread of ${t.first} is unfinished (${t.owed} ${t.owed === 1 ? "reply" : "replies"} still owed in it) and none of its participants is active (${who}): it is blocked for the Handler, never silently closed (a reply a goodbye declined or waived in prose is not read)`));
  }
  return orphaned;
}
