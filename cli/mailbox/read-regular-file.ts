/**
 * Reading a file of the shared inbox, which a peer or a sync client may change under the reader:
 * never through a symbolic link, and never more than a message can hold.
 */
import { closeSync, constants, fstatSync, openSync } from "node:fs";
import { MAX_MESSAGE_BYTES } from "../../core/mailbox/index.js";
import { readAtMost } from "../input.js";

/** One buffer for every read: a copy of what was read is returned. */
const readBuffer = Buffer.allocUnsafe(MAX_MESSAGE_BYTES + 1);

/**
 * The bytes of a regular file, read through one descriptor that never follows a symbolic link, and
 * at most MAX_MESSAGE_BYTES + 1 of them: a sync client may swap or grow the file between lstat and
 * the read, and a swapped-in link to /dev/zero would otherwise be read without end.
 */
export function readRegularFile(path: string): Uint8Array | "link" | "other" {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return "link";
    throw error;
  }
  try {
    if (!fstatSync(fd).isFile()) return "other";
    return Uint8Array.prototype.slice.call(readBuffer, 0, readAtMost(fd, readBuffer));
  } finally {
    closeSync(fd);
  }
}
