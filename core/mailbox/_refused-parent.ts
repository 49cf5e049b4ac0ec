/**
 * A parent the mailbox holds as a file but refused as a message. A `reply_to` naming one is told
 * so (`PARENT_UNKNOWN`, `WELCOME_PARENT_UNKNOWN`), not that its parent is not in the mailbox,
 * which would send its reader looking for a file that is there.
 */
import type { MailboxFinding } from "./codes.js";

/** A file of the mailbox that names a UUID but was refused as a message, and why. */
export interface RefusedFile {
  readonly id: string;
  readonly file: string;
  readonly finding: MailboxFinding;
}

// One index a list of refused files, built at the first question: both rules ask of the same list.
const indexes = new WeakMap<readonly RefusedFile[], ReadonlyMap<string, RefusedFile>>();

/** The first refused file of the UUID `id`, if any. */
export function refusedParent(refused: readonly RefusedFile[] | undefined, id: string): RefusedFile | undefined {
  if (refused === undefined || refused.length === 0) return undefined;
  let index = indexes.get(refused);
  if (index === undefined) {
    const byId = new Map<string, RefusedFile>();
    for (const r of refused) if (!byId.has(r.id)) byId.set(r.id, r);
    indexes.set(refused, (index = byId));
  }
  return index.get(id);
}

/** How a finding names a refused parent: its file, and the first error that refused it. */
export function refusedParentWords(held: RefusedFile): string {
  return `is ${held.file}, which this mailbox holds but refused as a message (${held.finding.code}: ${held.finding.message})`;
}
