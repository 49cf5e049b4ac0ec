/**
 * A path whose name is not UTF-8 (`$'st\xff'`) reaches rw with those bytes already replaced by
 * U+FFFD (node decodes the command line), so rw cannot name the file meant: opened, it is "no
 * such file" beside the file itself, and created (a store, a state folder) it is another file
 * written where nobody asked. Only the part of the path that does not exist is looked at, so a
 * file that really holds U+FFFD in its name is used as any other.
 */
import { lstatSync } from "node:fs";
import { basename, dirname } from "node:path";

const REPLACEMENT = "\uFFFD";

/** Why `path` cannot be the file meant (its missing part holds U+FFFD), or null when it may be. */
export function replacedName(path: string): string | null {
  if (!path.includes(REPLACEMENT)) return null;
  for (let current = path; ; current = dirname(current)) {
    if (!basename(current).includes(REPLACEMENT)) {
      if (dirname(current) === current || !current.includes(REPLACEMENT)) return null;
      continue;
    }
    try {
      lstatSync(current);
      return null;
    } catch (error) {
      // Only a name that is not there: any other failure to look is the reader's to report.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") return null;
      return `${current} holds U+FFFD, what a name that is not UTF-8 becomes before rw sees it: rw cannot name that file or folder, and would read or create another; rename it to UTF-8`;
    }
  }
}
