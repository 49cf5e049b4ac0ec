/**
 * Creating a local state file once and whole (the root binding): its bytes are written to a staging
 * name beside it, flushed, and given the final name with link(2), which fails if the name exists.
 * Written in place, a full disk or a crash between the create and the write left an empty file
 * that read as a damaged binding, blocking every later publication from its callsign, and a second
 * `rw mailbox new` racing the first read that empty file, or failed on the create as an internal
 * error. A filesystem without hard links gets the exclusive create in place, and a write that
 * fails there removes the file it made.
 */
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { syncDirectory } from "../sync-directory.js";
import { writeAllFlushed } from "../whole-file.js";

/** What link(2) says on a filesystem that has no hard links. */
const NO_HARD_LINKS: ReadonlySet<string> = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** Why a file could not be created: the system's code (ENOSPC, EACCES), nothing left behind. */
export class CreateFailed extends Error {
  override readonly name = "CreateFailed";
  constructor(readonly code: string) {
    super(code);
  }
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // never made, or gone already
  }
}

/** Writes every byte to a new file at `path` (`wx`) and flushes it; the file is removed if that fails. */
function writeNew(path: string, bytes: Uint8Array): void {
  // Opened before the try: an EEXIST names another process's file, never removed here.
  const fd = openSync(path, "wx", 0o600);
  try {
    try {
      writeAllFlushed(fd, bytes);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    removeQuietly(path);
    throw error;
  }
}

/**
 * Creates `path` holding exactly `bytes`: true when this call created it, false when it exists
 * (made meanwhile by another process, whose file is then whole). Throws CreateFailed otherwise,
 * with nothing at `path` that this call made.
 */
export function createOnce(path: string, bytes: Uint8Array): boolean {
  const staged = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeNew(staged, bytes);
  } catch (error) {
    throw new CreateFailed(codeOf(error));
  }
  try {
    linkSync(staged, path);
  } catch (error) {
    const code = codeOf(error);
    removeQuietly(staged);
    if (code === "EEXIST") return false;
    if (!NO_HARD_LINKS.has(code)) throw new CreateFailed(code);
    try {
      writeNew(path, bytes);
    } catch (inPlace) {
      if (codeOf(inPlace) === "EEXIST") return false;
      throw new CreateFailed(codeOf(inPlace));
    }
    syncDirectory(dirname(path));
    return true;
  }
  removeQuietly(staged);
  syncDirectory(dirname(path));
  return true;
}
