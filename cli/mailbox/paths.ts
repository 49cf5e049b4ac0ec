/**
 * Finding a mailbox on disk and refusing unsafe paths (section 3): the inbox is looked for at
 * three candidates only, never by crawling; the mailbox root, the inbox and a target may not have
 * a symbolic link (or a junction, which Node reports as one) anywhere in their path, and may not be
 * mount points. Every refusal is a PathRefusal (the command prints it and exits 1).
 */
import { lstatSync, realpathSync, statSync } from "node:fs";
import type { Stats } from "node:fs";
import { basename, dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";
import { replacedName } from "../replaced-name.js";

/** A path the mailbox will not use, and why. */
export class PathRefusal extends Error {
  override readonly name = "PathRefusal";
}

export interface Mailbox {
  /** The mailbox root: the folder holding the inbox (or `.agent-mailbox/`). Absolute. */
  readonly root: string;
  /** The inbox folder. Absolute. */
  readonly inbox: string;
  /** Which of section 3's candidates matched (1, 2 or 3). */
  readonly candidate: 1 | 2 | 3;
}

/** The path's own status (links not followed), or null when nothing is there. */
export function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    // ENOTDIR: a part of the path is a file, so nothing is there either (the caller names the path).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
}

/** Refuses a path with a symbolic link in any component, from the filesystem root down. */
export function refuseLinks(path: string, what: string): void {
  const absolute = resolve(path);
  const { root } = parse(absolute);
  let current = root;
  for (const part of absolute.slice(root.length).split(sep).filter((p) => p !== "")) {
    current = join(current, part);
    const stat = lstatOrNull(current);
    if (stat === null) return;
    if (stat.isSymbolicLink()) throw new PathRefusal(`${what} ${path}: ${current} is a symbolic link (or junction); the mailbox never follows one`);
  }
}

/** Refuses a directory that is a mount point (on another device than its parent). */
export function refuseMountPoint(path: string, what: string): void {
  const absolute = resolve(path);
  const parent = dirname(absolute);
  if (parent === absolute) return;
  if (statSync(absolute).dev !== statSync(parent).dev) throw new PathRefusal(`${what} ${path} is a mount point; the mailbox does not cross one`);
}

function isDirectory(path: string): boolean {
  const stat = lstatOrNull(path);
  if (stat?.isSymbolicLink()) throw new PathRefusal(`${path} is a symbolic link; the mailbox never follows one`);
  return stat?.isDirectory() === true;
}

/**
 * Why `given` is no mailbox (discoverMailbox found none), for both commands: the three candidates
 * looked at, and what stands at the path when it is no folder (nothing, a typo; or a file), which
 * "no inbox at ..." alone left to be found out.
 */
export function noMailboxAt(given: string): string {
  const stat = lstatOrNull(given);
  const replaced = stat === null ? replacedName(given) : null;
  const there = stat === null ? ` (nothing is at ${given}${replaced === null ? "" : `: ${replaced}`})` : stat.isDirectory() ? "" : ` (${given} is a file, not a folder)`;
  return `${given}: no inbox at ${given} (if it is one), ${given}/inbox or ${given}/.agent-mailbox/inbox; the mailbox is never searched for${there}`;
}

/** Section 3's three candidates, in order; a root with two inboxes is ambiguous and refused. */
export function discoverMailbox(given: string): Mailbox | null {
  const absolute = resolve(given);
  refuseLinks(absolute, "the mailbox path");
  // One mailbox has one root, however it is named: `.agent-mailbox/` is a folder of its root
  // (the visible primer lives at the root), so `ROOT`, `ROOT/.agent-mailbox` and
  // `ROOT/.agent-mailbox/inbox` all give the root `ROOT`, and one root identifier.
  const rootOf = (folder: string): string => (basename(folder) === ".agent-mailbox" ? dirname(folder) : folder);
  let found: Mailbox | null = null;
  if (basename(absolute) === "inbox" && isDirectory(absolute)) {
    found = { root: rootOf(dirname(absolute)), inbox: absolute, candidate: 1 };
  } else {
    const direct = isDirectory(join(absolute, "inbox"));
    const dotted = isDirectory(join(absolute, ".agent-mailbox", "inbox"));
    if (direct && dotted) throw new PathRefusal(`${given} holds both inbox/ and .agent-mailbox/inbox/: ambiguous, so neither is used`);
    if (direct) found = { root: rootOf(absolute), inbox: join(absolute, "inbox"), candidate: 2 };
    else if (dotted) found = { root: absolute, inbox: join(absolute, ".agent-mailbox", "inbox"), candidate: 3 };
  }
  if (found === null) return null;
  if (found.root !== absolute && isDirectory(join(found.root, "inbox")) && isDirectory(join(found.root, ".agent-mailbox", "inbox"))) {
    throw new PathRefusal(`${found.root} holds both inbox/ and .agent-mailbox/inbox/: ambiguous, so neither is used`);
  }
  refuseLinks(found.inbox, "the inbox");
  refuseMountPoint(found.root, "the mailbox root");
  for (let dir = found.inbox; dir !== found.root && dir.startsWith(found.root); dir = dirname(dir)) refuseMountPoint(dir, "the inbox");
  return found;
}

/**
 * Where a path really is: symbolic links (and junctions) resolved in its longest existing prefix,
 * the rest appended. A staging or state folder reached through a link into the mailbox is inside it.
 */
function realLocation(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let current = absolute; ; current = dirname(current)) {
    try {
      return join(realpathSync.native(current), ...rest);
    } catch {
      if (dirname(current) === current) return absolute;
      rest.unshift(basename(current));
    }
  }
}

/**
 * True when `path` is `folder` or inside it, wherever symbolic links lead either. Outside means the
 * relative path is `..`, begins with `..` and a separator, or is absolute (another drive): a folder
 * named `..state` inside the root begins with `..` but is inside it.
 */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(realLocation(folder), realLocation(path));
  const outside = rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) || /^[A-Za-z]:/.test(rel);
  return !outside;
}
