/**
 * Whether the mailbox root holds its visible primer (section 3: "The visible primer lives at the
 * mailbox root"), for the core to judge. Looked at with lstat, never followed: a regular file is
 * `present`; nothing there is `missing`; a symbolic link, a folder or any other type is `unusable`
 * (fail closed: a link is path redirection the mailbox never follows, and section 3's guarded
 * replace fails closed on an "unexpected target type"), as is a path the system will not describe.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { PRIMER_FILE } from "../../core/mailbox/index.js";
import type { PrimerState } from "../../core/mailbox/index.js";

export function primerState(root: string): PrimerState {
  try {
    return lstatSync(join(root, PRIMER_FILE)).isFile() ? "present" : "unusable";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return code === "ENOENT" ? "missing" : "unusable";
  }
}
