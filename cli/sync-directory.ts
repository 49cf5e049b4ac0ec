/**
 * Flushes a folder's entries, so a file just created, linked or renamed into it survives a power
 * cut: without it a commit undone by one could be committed again, and a published message or a
 * root binding could vanish after rw said it was written. Where the platform cannot open a folder
 * (Windows), the entry stands as the filesystem keeps it.
 */
import { closeSync, fsyncSync, openSync } from "node:fs";

export function syncDirectory(path: string): void {
  try {
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // a folder that cannot be opened for a flush: the entry stands either way
  }
}
