/**
 * The archive (section 13): "only the primer writer may move a closed thread into
 * `archive/<thread-slug>/` as a recorded rollup. Never archive an open thread". Decisions
 * (core/mailbox/README.md): a thread is moved whole, into one folder of its own, and only once it is
 * closed (thread-closure.ts). Each finding is about a thread or a folder, not a message: it has no
 * `id`, so it quarantines nothing and hides no debt from reconciliation, which reads archived
 * messages as it reads the inbox's. Who moved the files, and whether the primer records the
 * rollup, is not in the messages and is not judged.
 */
import { few } from "../_few.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { byUuid } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { threadClosures } from "./thread-closure.js";

/** Where a message was read: the inbox, or the archive folder it names. */
const where = (entry: MailboxEntry): string => (entry.archive === undefined ? "inbox/" : `archive/${entry.archive}/`);

/**
 * The archive's findings. `all` is every valid message as read (copies of one UUID included, so a
 * thread copied rather than moved is seen split); `sorted` one per UUID in UUID order; only
 * `quarantine`'s keys are read. Nothing when no message is archived (the Worker, the playground).
 */
export function archivedThreadFindings(all: readonly MailboxEntry[], sorted: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): MailboxFinding[] {
  if (!all.some((entry) => entry.archive !== undefined)) return [];
  const findings: MailboxFinding[] = [];
  // Where each thread's messages are, and which threads each folder holds, in the order first read.
  const places = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  for (const entry of all) {
    const thread = entry.envelope.thread;
    let at = places.get(thread);
    if (at === undefined) places.set(thread, (at = new Set()));
    at.add(where(entry));
    if (entry.archive === undefined) continue;
    let held = folders.get(entry.archive);
    if (held === undefined) folders.set(entry.archive, (held = new Set()));
    held.add(thread);
  }
  for (const [thread, at] of places) {
    if (at.size < 2) continue;
    const list = [...at].sort();
    const folder = list.find((p) => p !== "inbox/") as string;
    findings.push(mailboxFinding("ARCHIVE_THREAD_SPLIT", `thread ${thread} has messages in ${list.join(" and ")}: a closed thread is moved into the archive whole, into one folder, never part of it`, { file: folder }));
  }
  for (const [folder, threads] of folders) {
    if (threads.size < 2) continue;
    const list = [...threads].sort();
    const shown = few(list);
    findings.push(mailboxFinding("ARCHIVE_FOLDER_MIXED", `archive/${folder}/ holds ${list.length} threads (${shown}): an archive folder is one thread's (archive/<thread-slug>/)`, { file: `archive/${folder}/` }));
  }
  const closures = threadClosures(sorted, quarantine);
  // Each archived thread by its first archived file in UUID order, read from every file: `sorted`
  // keeps one file per UUID (the inbox's, for a thread copied rather than moved, since the inbox is
  // read first) and none of a UUID naming two messages, and the archive's copy is archived all the same.
  const archivedIn = new Map<string, string>();
  for (const entry of byUuid(all)) if (entry.archive !== undefined && !archivedIn.has(entry.envelope.thread)) archivedIn.set(entry.envelope.thread, entry.archive);
  for (const [thread, folder] of archivedIn) {
    // A thread none of whose messages speaks (each quarantined) holds no close that could close it.
    const closure = closures.get(thread);
    if (closure?.closed === true) continue;
    findings.push(mailboxFinding("ARCHIVE_THREAD_OPEN", `thread ${thread} is archived in archive/${folder}/ but is not closed: ${closure?.reason ?? "it holds no close that speaks for its sender"}; a thread closes with a close a peer acknowledges, and an open thread is never archived (a timeout or a quiet peer closes nothing)`, { file: `archive/${folder}/` }));
  }
  return findings;
}

/**
 * A message about to be published into a thread the archive holds: the archived thread was closed
 * and moved whole, so a message added to it would reopen it and split it between the archive and
 * the inbox (13). Judged at publication, where the split has not happened yet; a new conversation
 * starts a new thread (12).
 */
export function archiveBlocksMessage(entries: readonly MailboxEntry[], envelope: Pick<MailboxEnvelope, "thread">): MailboxFinding | null {
  const archived = entries.find((entry) => entry.archive !== undefined && entry.envelope.thread === envelope.thread);
  if (archived === undefined) return null;
  return mailboxFinding("ARCHIVE_THREAD_SPLIT", `thread ${envelope.thread} is archived in archive/${archived.archive}/, closed and moved whole: a message is never added to it (start a new thread)`, { slot: "thread" });
}
