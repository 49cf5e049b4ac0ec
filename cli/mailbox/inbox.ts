/**
 * Reading an inbox folder: every regular `*.md` file directly in it (never a crawl), each read by
 * the core as an inbound message. What cannot be consumed (a conflict copy, a symbolic link or a
 * folder, a file that is not UTF-8 or does not parse, a refused envelope, a file named like a
 * message but not `*.md`) is an anomaly, keyed by the
 * SHA-256 of its bytes. Dotfiles are staging and provider mechanics, and are not messages.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync } from "node:fs";
import type { Stats } from "node:fs";
import { join } from "node:path";
import type { VocabularyResolver } from "../../core/index.js";
import { filenameFindings, isConflictCopy, mailboxFinding, MAX_MESSAGE_BYTES, misnamedMessage, readMailboxMessage } from "../../core/mailbox/index.js";
import type { MailboxAnomaly, MailboxEnvelope, MailboxEntry, MailboxFinding } from "../../core/mailbox/index.js";
import { readRegularFile } from "./read-regular-file.js";


export interface InboxFile {
  readonly file: string;
  readonly ok: boolean;
  readonly id: string | null;
  readonly findings: readonly MailboxFinding[];
}

export interface Inbox {
  readonly files: readonly InboxFile[];
  /** The valid messages, for the conversation rules and reconciliation. */
  readonly entries: readonly MailboxEntry[];
  readonly anomalies: readonly MailboxAnomaly[];
}

// ignoreBOM keeps a leading byte order mark for the core, which drops it with a note (ENCODING_BOM).
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function fingerprint(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const strictName = new TextDecoder("utf-8", { fatal: true });

/** A listed name as text, or null when its bytes are not UTF-8. */
export function utf8Name(raw: Buffer): string | null {
  try {
    return strictName.decode(raw);
  } catch {
    return null;
  }
}

/** A name that is not UTF-8, shown with each byte outside printable ASCII as `\xNN`. */
export function escapedName(raw: Buffer): string {
  return [...raw].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, "0")}`)).join("");
}

export interface ReadFolderOptions {
  /**
   * The archive folder this is (`archive/<thread-slug>/`, section 13), read by the same rules as
   * the inbox: its messages are marked archived, and its files named from the mailbox folder.
   */
  readonly archive?: string;
}

export function readInbox(inbox: string, vocabulary: VocabularyResolver, options: ReadFolderOptions = {}): Inbox {
  const archive = options.archive;
  // An archived file is named with its folder (archive/<folder>/<file>), an inbox file alone.
  const shown = (file: string): string => (archive === undefined ? file : `archive/${archive}/${file}`);
  const here = archive === undefined ? "the inbox" : `archive/${archive}/`;
  const files: InboxFile[] = [];
  const entries: MailboxEntry[] = [];
  const anomalies: MailboxAnomaly[] = [];
  // Listed as bytes: a name that is not UTF-8 would come back with U+FFFD, a path that names no
  // file, and the message would be lost from the check in silence.
  const listed = readdirSync(inbox, { encoding: "buffer" }).map((raw) => ({ raw, name: utf8Name(raw) }));
  for (const { raw, name } of listed) {
    if (name !== null || !raw.toString("latin1").endsWith(".md") || raw[0] === 0x2e) continue;
    const file = shown(escapedName(raw));
    const finding = mailboxFinding("ENCODING_INVALID", "the file's name is not UTF-8: no path the mailbox reads can name it; rename it", { file });
    files.push({ file, ok: false, id: null, findings: [finding] });
    anomalies.push({ fingerprint: fingerprint(Buffer.concat([raw, Buffer.from([0]), Buffer.from("ENCODING_INVALID")])), file, id: null, to: null, arena: null, reason: finding.message });
  }
  // A name that only looks like a message's (`.MD`, `.md.tmp`, the grammar with another extension)
  // is read too, to be reported as an anomaly: an agent that misnamed its message learns it was not
  // delivered, and its addressee sees it open. Dot-names stay staging and provider mechanics.
  const names = listed.flatMap(({ name }) => (name !== null && (name.endsWith(".md") || misnamedMessage(name) !== null) && !name.startsWith(".") ? [name] : [])).sort();
  for (const name of names) {
    const path = join(inbox, name);
    const file = shown(name);
    // Without bytes, an anomaly is keyed by its name and what made it one (a mode, an error code).
    // Its recipients and arena, when its envelope reads: whose file it is to reconcile.
    const anomaly = (finding: MailboxFinding, bytes: Uint8Array | string, id: string | null = null, envelope: MailboxEnvelope | null = null): void => {
      files.push({ file, ok: false, id, findings: [finding] });
      anomalies.push({ fingerprint: fingerprint(typeof bytes === "string" ? new TextEncoder().encode(`${file}\u0000${bytes}`) : bytes), file, id, to: envelope?.to ?? null, arena: envelope?.arena ?? null, reason: finding.message });
    };
    // One file the system will not give (permissions, an I/O error) is that file's anomaly, not
    // the end of the check; one a sync client removed since the listing is no longer a message.
    const unreadable = (error: unknown): void => {
      const code = (error as NodeJS.ErrnoException | null)?.code ?? "error";
      if (code !== "ENOENT") anomaly(mailboxFinding("FILE_UNREADABLE", `the file cannot be read (${code}): ${error instanceof Error ? error.message : String(error)}`, { file }), code);
    };
    let stat: Stats;
    try {
      stat = lstatSync(path);
    } catch (error) {
      unreadable(error);
      continue;
    }
    if (!stat.isFile()) {
      // A folder named like a message is no message either, and is never read into.
      const what = stat.isSymbolicLink() ? `a symbolic link in ${here}: never followed, never consumed` : stat.isDirectory() ? `a folder in ${here}, named like a message: never read into, never consumed` : "not a regular file";
      anomaly(mailboxFinding("NOT_A_FILE", what, { file }), String(stat.mode));
      continue;
    }
    // The core's limit, checked before reading, so a huge file is never read into memory.
    if (stat.size > MAX_MESSAGE_BYTES) {
      anomaly(mailboxFinding("MESSAGE_TOO_LARGE", `${stat.size} bytes: a message is at most ${MAX_MESSAGE_BYTES}`, { file }), String(stat.mode));
      continue;
    }
    let bytes: Uint8Array;
    try {
      const read = readRegularFile(path);
      if (read === "link") {
        anomaly(mailboxFinding("NOT_A_FILE", `a symbolic link in ${here} (it replaced the file while it was read): never followed, never consumed`, { file }), "link");
        continue;
      }
      if (read === "other") {
        anomaly(mailboxFinding("NOT_A_FILE", "not a regular file (it replaced the file while it was read)", { file }), "other");
        continue;
      }
      if (read.length > MAX_MESSAGE_BYTES) {
        anomaly(mailboxFinding("MESSAGE_TOO_LARGE", `more than ${MAX_MESSAGE_BYTES} bytes (it grew while it was read): a message is at most ${MAX_MESSAGE_BYTES}`, { file }), "grew");
        continue;
      }
      bytes = read;
    } catch (error) {
      unreadable(error);
      continue;
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      anomaly(mailboxFinding("ENCODING_INVALID", "the file is not UTF-8", { file }), bytes);
      continue;
    }
    const reading = readMailboxMessage(text, { vocabulary });
    if (isConflictCopy(name)) {
      // A conflict copy carries its original's UUID: not trustworthy for it, so keyed by bytes.
      anomaly(mailboxFinding("CONFLICT_COPY", "a provider conflict copy: surfaced, never consumed or deleted silently", { file }), bytes, null, reading.envelope);
      continue;
    }
    const misnamed = misnamedMessage(name);
    if (misnamed !== null) {
      // Only *.md files are messages: keyed by its bytes (a rename to *.md is the fix, and the
      // message then reads as itself), with its recipients when readable, so they see it open.
      anomaly(mailboxFinding("FILENAME_NOT_MD", `not read as a message: ${misnamed}; only a *.md file is one, so its sender publishes it under a *.md name`, { file }), bytes, null, reading.envelope);
      continue;
    }
    const findings = [...reading.findings.map((f) => ({ ...f, file })), ...filenameFindings(name, reading.envelope).map((f) => ({ ...f, file }))];
    files.push({ file, ok: reading.ok, id: reading.id, findings });
    // The entry keeps the bare name: a body wikilinks a message by its name, wherever it is kept.
    if (reading.ok && reading.envelope !== null) entries.push({ envelope: reading.envelope, body: reading.body ?? "", file: name, fingerprint: fingerprint(bytes), ...(archive === undefined ? {} : { archive }) });
    else anomalies.push({ fingerprint: fingerprint(bytes), file, id: reading.id, to: reading.envelope?.to ?? null, arena: reading.envelope?.arena ?? null, reason: findings.find((f) => f.severity === "error")?.message ?? "refused" });
  }
  return { files, entries, anomalies };
}
