/**
 * Reading the archive of closed threads (section 13: "move a closed thread into
 * `archive/<thread-slug>/`"): `archive/` beside the inbox, and each folder directly in it, read by
 * the inbox's own reader (inbox.ts), so a message there is judged exactly as in the inbox. Exactly
 * one level: a folder inside a thread folder is not read (the inbox reader skips folders), and
 * nothing is ever searched for. `archive/` or an entry of it that is not a real folder (a symbolic
 * link or junction, never followed; a file; a mount point, never crossed) is ARCHIVE_NOT_A_FOLDER,
 * and nothing is read through it. Dot-names are provider mechanics, as in the inbox.
 */
import { lstatSync, readdirSync } from "node:fs";
import type { Stats } from "node:fs";
import { dirname, join } from "node:path";
import type { VocabularyResolver } from "../../core/index.js";
import { mailboxFinding } from "../../core/mailbox/index.js";
import type { MailboxAnomaly, MailboxEntry, MailboxFinding } from "../../core/mailbox/index.js";
import { escapedName, readInbox, utf8Name } from "./inbox.js";
import { lstatOrNull } from "./paths.js";
import type { Inbox, InboxFile } from "./inbox.js";

/** The archive folder of a mailbox: `archive/` in the folder that holds its inbox. */
export function archiveFolder(inbox: string): string {
  return join(dirname(inbox), "archive");
}

/** Why a listed path is not a folder the archive reads, or null when it is one. */
function notAFolder(stat: Stats, parent: Stats): string | null {
  if (stat.isSymbolicLink()) return "a symbolic link (or junction): never followed, nothing read through it";
  if (!stat.isDirectory()) return "not a folder: archive/ holds one folder per closed thread (archive/<thread-slug>/), and nothing else is read";
  if (stat.dev !== parent.dev) return "a mount point: never crossed, nothing read through it";
  return null;
}

/** Every message of the archive, as the inbox reader reads a folder; an absent archive is empty. */
export function readArchive(inbox: string, vocabulary: VocabularyResolver): Inbox {
  const files: InboxFile[] = [];
  const entries: MailboxEntry[] = [];
  const anomalies: MailboxAnomaly[] = [];
  const refuse = (file: string, finding: MailboxFinding): void => {
    files.push({ file, ok: false, id: null, findings: [finding] });
  };
  // One folder the system will not give (permissions, an I/O error) is its finding, not the end of the check.
  const unreadable = (file: string, error: unknown): void => {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? "error";
    refuse(file, mailboxFinding("FILE_UNREADABLE", `the folder cannot be read (${code}): ${error instanceof Error ? error.message : String(error)}`, { file }));
  };
  const folder = archiveFolder(inbox);
  let stat: Stats | null;
  let listed: Buffer[];
  try {
    stat = lstatOrNull(folder);
    if (stat === null) return { files, entries, anomalies };
    const why = notAFolder(stat, lstatSync(dirname(folder)));
    if (why !== null) {
      refuse("archive", mailboxFinding("ARCHIVE_NOT_A_FOLDER", `archive: ${why}`, { file: "archive" }));
      return { files, entries, anomalies };
    }
    listed = readdirSync(folder, { encoding: "buffer" });
  } catch (error) {
    unreadable("archive", error);
    return { files, entries, anomalies };
  }
  const names: string[] = [];
  for (const raw of listed) {
    const name = utf8Name(raw);
    if (raw[0] === 0x2e) continue;
    if (name === null) {
      const file = `archive/${escapedName(raw)}`;
      refuse(file, mailboxFinding("ENCODING_INVALID", "the folder's name is not UTF-8: no path the mailbox reads can name it; rename it", { file }));
    } else names.push(name);
  }
  for (const name of names.sort()) {
    const path = join(folder, name);
    const file = `archive/${name}`;
    try {
      const entry = lstatOrNull(path);
      // Gone since the listing (a sync client moved it): no longer in the archive.
      if (entry === null) continue;
      const why = notAFolder(entry, stat);
      if (why !== null) {
        refuse(file, mailboxFinding("ARCHIVE_NOT_A_FOLDER", `${file}: ${why}`, { file }));
        continue;
      }
      const read = readInbox(path, vocabulary, { archive: name });
      // One by one: a spread passes each as a call argument, more than a call takes for a large folder.
      for (const f of read.files) files.push(f);
      for (const e of read.entries) entries.push(e);
      for (const a of read.anomalies) anomalies.push(a);
    } catch (error) {
      unreadable(file, error);
    }
  }
  return { files, entries, anomalies };
}

/**
 * The inbox's reading followed by the archive's: one mailbox, the inbox's files first. What
 * `rw mailbox check` judges, and what `rw mailbox new` judges a message against.
 */
export function readMailboxFolders(inbox: string, vocabulary: VocabularyResolver): Inbox {
  const live = readInbox(inbox, vocabulary);
  const archive = readArchive(inbox, vocabulary);
  if (archive.files.length === 0) return live;
  const join = <T>(a: readonly T[], b: readonly T[]): T[] => {
    const all = a.slice();
    for (const x of b) all.push(x);
    return all;
  };
  return { files: join(live.files, archive.files), entries: join(live.entries, archive.entries), anomalies: join(live.anomalies, archive.anomalies) };
}
