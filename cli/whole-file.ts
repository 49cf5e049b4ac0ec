/**
 * Writing every byte of a file, flushed to disk, before anyone is told it is there: one write(2)
 * may take only part of the bytes (a filesystem filling up), and a short file renamed or linked
 * into place lost what it was to hold while rw reported success. Each throws the filesystem's
 * error; what to remove or say then is the caller's.
 */
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";

/** Writes all of `bytes` to an open file and flushes it. */
export function writeAllFlushed(fd: number, bytes: Uint8Array): void {
  let at = 0;
  while (at < bytes.length) at += writeSync(fd, bytes, at);
  fsyncSync(fd);
}

/** Creates (`wx`) or truncates (`w`) `path` and writes all of `bytes` to it, flushed. */
export function writeWholeFile(path: string, bytes: Uint8Array, flags: "w" | "wx", mode: number): void {
  const fd = openSync(path, flags, mode);
  try {
    writeAllFlushed(fd, bytes);
  } finally {
    closeSync(fd);
  }
}
