/**
 * Publishing a message create-once (sections 3, 7 and 10): the complete bytes are written to a
 * staging file outside the mailbox on the same filesystem, flushed and closed, then given their
 * final name with link(2), which fails if the name exists (rename(2) would replace it), and the
 * staging name is removed. A reader sees no file or the whole file; nothing is ever overwritten.
 * A filesystem without hard links fails closed: there is no rename that refuses to overwrite.
 * Once link(2) has succeeded the message is published: what fails after it (removing the staged
 * copy, reading the file back) is reported with the published file, never as a refusal. Before it,
 * every failure (a full disk, a staging folder that cannot be written) is a refusal with nothing
 * published, and a staging copy that cannot be removed is named either way.
 */
import { linkSync, lstatSync, mkdtempSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { mailboxFinding } from "../../core/mailbox/index.js";
import type { MailboxFinding } from "../../core/mailbox/index.js";
import { isInside, PathRefusal, refuseLinks } from "./paths.js";
import { readRegularFile } from "./read-regular-file.js";
import { syncDirectory } from "../sync-directory.js";
import { writeWholeFile } from "../whole-file.js";

export interface PublishTarget {
  readonly root: string;
  readonly inbox: string;
  /** The staging folder: outside the mailbox root, on the inbox's filesystem. */
  readonly staging: string;
  readonly file: string;
  /**
   * The name to take instead when `file` is taken meanwhile (by a concurrent publisher): the
   * millisecond form of a seconds name (spec section 6: "add milliseconds when one sender may emit
   * more than one same-kind message in a second"). Taken too, the publication is refused.
   */
  readonly fallback?: string;
  /**
   * Whether the file that took `file` leaves the fallback open: false when it is this very message
   * (a concurrent publisher of the same UUID won, so publishing again would duplicate it).
   */
  readonly fallbackAfter?: (taken: Uint8Array) => boolean;
}

/** Refuses a staging folder inside the mailbox (a sync could capture it) or on another filesystem. */
export function checkStaging(staging: string, root: string, inbox: string): void {
  let stat;
  try {
    stat = statSync(staging);
  } catch {
    throw new PathRefusal(`staging folder ${staging} does not exist`);
  }
  if (!stat.isDirectory()) throw new PathRefusal(`staging folder ${staging} is not a folder`);
  if (isInside(staging, root)) throw new PathRefusal(`staging folder ${staging} is inside the mailbox root: a concurrent sync could capture the temporary file; stage outside it`);
  if (stat.dev !== statSync(inbox).dev) throw new PathRefusal(`staging folder ${staging} is on another filesystem than the inbox: the final link would not be atomic; give --staging DIR on the mailbox's filesystem, outside the mailbox`);
}

/** What link(2) says on a filesystem that has no hard links. */
const NO_HARD_LINKS: ReadonlySet<string> = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/**
 * A final name that is taken: by a file seen before linking, or one that appeared meanwhile.
 * Nothing was published and no staging copy was left: the caller may try again under another name.
 */
export class NameTaken extends PathRefusal {}

/**
 * Nothing was published, and staging copies were left behind (`STAGING_LEFT` notes): the refusal
 * names them, as a publication does, so they are never left without a word.
 */
export class PublishRefusal extends PathRefusal {
  constructor(message: string, readonly findings: readonly MailboxFinding[]) {
    super(message);
  }
}

/** Throws NameTaken when `final` exists; an existing target is never touched. */
function refuseExisting(final: string): void {
  try {
    lstatSync(final);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw new PathRefusal(`cannot see whether ${final} exists (${codeOf(error)}): nothing was published`);
  }
  throw new NameTaken(`${final} exists: messages are create-once and never overwritten`);
}

/** A published message: its path, and what failed after it was published (nothing, mostly). */
export interface Published {
  readonly path: string;
  /** `STAGING_LEFT` (a note), `PUBLISHED_UNVERIFIED` (an error): the file is published either way. */
  readonly findings: readonly MailboxFinding[];
}

/**
 * Creates `inbox/file` (or, when that name is taken, `inbox/fallback`) with exactly `bytes`, and
 * returns it, or throws when nothing was published; an existing target is never touched.
 */
export function publishOnce(target: PublishTarget, bytes: Uint8Array): Published {
  checkStaging(target.staging, target.root, target.inbox);
  refuseLinks(target.inbox, "the inbox");
  const names = target.fallback === undefined || target.fallback === target.file ? [target.file] : [target.file, target.fallback];
  // Staging copies an attempt could not remove: noted with the publication, or with the refusal.
  const left: MailboxFinding[] = [];
  const refusal = (error: unknown): unknown => (left.length > 0 && error instanceof PathRefusal ? new PublishRefusal(error.message, left) : error);
  for (const [i, name] of names.entries()) {
    try {
      const published = publishAs(target, name, bytes, left);
      return { ...published, findings: [...left, ...published.findings] };
    } catch (error) {
      if (!(error instanceof NameTaken) || i === names.length - 1) throw refusal(error);
      let taken: Uint8Array | null = null;
      try {
        // Never through a link, and no more than a message holds: what took the name is a peer's.
        const read = readRegularFile(join(target.inbox, name));
        if (typeof read !== "string") taken = read;
      } catch {
        // gone again, or not a file: the fallback decides nothing about it
      }
      if (taken !== null && target.fallbackAfter?.(taken) === false) throw refusal(error);
    }
  }
  throw new PathRefusal("nothing was published"); // unreachable: the last name returns or throws
}

/**
 * One attempt at `name`: published, or a PathRefusal with nothing published. A staging copy it
 * cannot remove is added to `left` either way, before the refusal is thrown.
 */
function publishAs(target: PublishTarget, name: string, bytes: Uint8Array, left: MailboxFinding[]): Published {
  const final = join(target.inbox, name);
  refuseExisting(final);
  let dir: string;
  try {
    dir = mkdtempSync(join(target.staging, "rw-mailbox-"));
  } catch (error) {
    throw new PathRefusal(`cannot create a staging folder in ${target.staging} (${codeOf(error)}): nothing was published`);
  }
  const staged = join(dir, name);
  let refused: PathRefusal | null = null;
  try {
    writeWholeFile(staged, bytes, "wx", 0o644);
  } catch (error) {
    // A full disk or an I/O error while staging: the inbox was never touched.
    refused = new PathRefusal(`cannot write the staging copy ${staged} (${codeOf(error)}): nothing was published`);
  }
  if (refused === null) {
    try {
      linkSync(staged, final);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") refused = new NameTaken(`${final} appeared meanwhile: messages are create-once and never overwritten`);
      // EPERM (Linux) and ENOTSUP (macOS) are a filesystem without hard links; anything else (a
      // read-only or full inbox, no permission) is said as it is, not blamed on the filesystem.
      else if (code !== undefined && NO_HARD_LINKS.has(code)) refused = new PathRefusal(`cannot give ${final} its name atomically (${code}): this filesystem does not take hard links, and a rename could overwrite; nothing was published`);
      else refused = new PathRefusal(`cannot give ${final} its name (${code ?? codeOf(error)}): nothing was published`);
    }
  }
  const copy = removeStaging(dir, staged);
  if (copy !== null) {
    const what = refused === null ? "the message is published, but its staging copy" : `nothing was published as ${name}, and the staging copy of the attempt`;
    left.push(mailboxFinding("STAGING_LEFT", `${what} ${copy}: remove it by hand (outside the mailbox, it is not a message)`, { file: name }));
  }
  if (refused !== null) throw refused;
  // Published: from here on a failure is reported beside the file, never thrown as a refusal.
  const findings: MailboxFinding[] = [];
  syncDirectory(target.inbox);
  const unverified = readBackProblem(final, bytes);
  if (unverified !== null) findings.push(mailboxFinding("PUBLISHED_UNVERIFIED", `the message is published as ${name}, but ${unverified}: check that file before relying on it, and do not publish the message again (its UUID is in the inbox)`, { file: name }));
  return { path: final, findings };
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/** Removes the staged name (a second link to the bytes, once published) and its folder; what is left, or null. */
function removeStaging(dir: string, staged: string): string | null {
  let unlinked: string | null = null;
  try {
    unlinkSync(staged);
  } catch (error) {
    // ENOENT: never written.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") unlinked = codeOf(error);
  }
  try {
    rmdirSync(dir);
    return null;
  } catch (error) {
    return unlinked === null ? `folder ${dir} could not be removed (${codeOf(error)})` : `${staged} could not be removed (${unlinked})`;
  }
}

/** Why the published file cannot be confirmed to hold exactly `bytes`, or null when it does. */
function readBackProblem(final: string, bytes: Uint8Array): string | null {
  // Read as the inbox is read (never through a link, never more than a message holds): a sync
  // client may swap the name meanwhile, and a link to /dev/zero would otherwise be read without end.
  let published: Uint8Array | "link" | "other";
  try {
    published = readRegularFile(final);
  } catch (error) {
    return `reading it back failed (${codeOf(error)})`;
  }
  if (published === "link") return "it was replaced by a symbolic link since";
  if (published === "other") return "it was replaced by something other than a regular file since";
  return Buffer.compare(published, bytes) === 0 ? null : "it does not hold the bytes written (changed or replaced since)";
}
