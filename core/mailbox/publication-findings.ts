/**
 * What a mailbox says against a message about to be published into it, beyond what the message
 * says of itself (preflight) and before the conversation rules run: "Existing target or duplicate
 * UUID is an anomaly" (transport table), an outbound reply cites "the exact message being
 * answered" (9), a thread archived closed is never added to (13), and the envelope's root and the
 * sender's local root binding are this mailbox's (4: "require exact equality before reusing local
 * state or publishing ... unexplained drift fails closed as `ROOT_ID_UNVERIFIED`"). Roots compare
 * as sameRootId compares them ("During v1 migration only, compare hexadecimal case-insensitively").
 */
import { archiveBlocksMessage } from "./archived-threads.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { sameRootId } from "./root-id.js";

/** A file the mailbox holds, valid or refused: its name and the UUID it carries, when one could be read. */
export interface HeldFile {
  readonly file: string;
  readonly ok: boolean;
  readonly id: string | null;
}

/** Where a participant publishes from: its arena, its machine locus and the mailbox root's identifier. */
export interface RootBinding {
  readonly arena: string;
  readonly machine: string;
  readonly root: string;
}

/**
 * The findings against publishing `envelope` into the mailbox whose every file is `files` (refused
 * ones too), whose valid messages are `entries` (the archive's with their folder), and whose root
 * identifier is `root`: PARENT_NOT_FOUND, DUPLICATE_ID, ARCHIVE_THREAD_SPLIT, ROOT_ID_UNVERIFIED.
 */
export function publicationFindings(mailbox: { readonly files: readonly HeldFile[]; readonly entries: readonly MailboxEntry[] }, envelope: MailboxEnvelope, root: string): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  const e = envelope;
  if (e.reply_to !== null && !mailbox.entries.some((x) => x.envelope.id === e.reply_to)) {
    findings.push(mailboxFinding("PARENT_NOT_FOUND", `reply_to ${e.reply_to}: no valid message in the inbox or its archive has this UUID; a message cites the exact message it answers, published first`, { slot: "reply_to" }));
  }
  // Any file with this UUID, a refused one too: "the UUID is already in the inbox".
  const taken = mailbox.files.find((x) => x.id === e.id);
  if (taken !== undefined) findings.push(mailboxFinding("DUPLICATE_ID", `the mailbox already holds a message with the UUID ${e.id} (${taken.file}${taken.ok ? "" : ", a refused file"})`, { slot: "id" }));
  const archived = archiveBlocksMessage(mailbox.entries, e);
  if (archived !== null) findings.push(archived);
  if (!sameRootId(e.root, root)) findings.push(mailboxFinding("ROOT_ID_UNVERIFIED", "the envelope's root is not this mailbox root's identifier", { slot: "root" }));
  return findings;
}

/** ROOT_ID_UNVERIFIED when `callsign`'s local root binding is not the publication's, else null. */
export function rootBindingDrift(callsign: string, bound: RootBinding, publication: RootBinding): MailboxFinding | null {
  if (sameRootId(bound.root, publication.root) && bound.arena === publication.arena && bound.machine === publication.machine) return null;
  return mailboxFinding("ROOT_ID_UNVERIFIED", `${callsign}'s local root binding (arena ${bound.arena}, machine ${bound.machine}, root ${bound.root.slice(0, 12)}…) differs from this publication's; a move needs a Handler-authorized rebind`, { slot: "root" });
}
