/**
 * The visible primer (sections 3, 4, 6, 12): `AGENT-MAILBOX-PRIMER.md` at the mailbox root. "A
 * missing primer blocks readiness and claimed work" (12); "Primer bootstrap is a gate, not a
 * courtesy" (6); a missing primer is one of the "genuine gate failure[s]" (9). The core never
 * touches the folder: whoever reads it says whether the primer is there, and without that fact
 * nothing is judged. A room with no message is not judged either: "If no primer exists, the
 * initiator atomically sends `hello` first, then creates the primer" (4), so an empty room has not
 * begun its bootstrap.
 */
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";

/** The primer's file name, at the mailbox root ("The visible primer lives at the mailbox root", 3). */
export const PRIMER_FILE = "AGENT-MAILBOX-PRIMER.md";

/**
 * What the reader of the folder found at `ROOT/AGENT-MAILBOX-PRIMER.md`: a regular file
 * (`present`), nothing (`missing`), or something that is no primer a reader can rely on
 * (`unusable`: a symbolic link, a folder, a device, or a path the system will not describe).
 */
export type PrimerState = "present" | "missing" | "unusable";

/** What the reader found instead of a usable primer, as a finding's message says it. */
function whatIsWrong(primer: "missing" | "unusable"): string {
  return primer === "missing" ? `no ${PRIMER_FILE} at the mailbox root` : `${PRIMER_FILE} at the mailbox root is not a regular file (a symbolic link, a folder or another type is never followed or read as the primer)`;
}

/**
 * The finding a room earns for its primer: none when the fact is not known (`undefined`), when the
 * room holds no message yet, or when the primer is present; otherwise one `PRIMER_MISSING` (an
 * error: readiness is a gate, and it fails). `whose` names the participant whose readiness it
 * blocks, for a reconciliation; without it the finding speaks for the room.
 */
export function primerFindings(primer: PrimerState | undefined, messages: number, whose?: string): MailboxFinding[] {
  if (primer === undefined || primer === "present" || messages === 0) return [];
  const what = whatIsWrong(primer);
  const blocks = whose === undefined ? "readiness and claimed work are blocked for every participant" : `${whose} is not readiness-clean`;
  return [mailboxFinding("PRIMER_MISSING", `${what}, though the inbox holds ${messages} ${messages === 1 ? "message" : "messages"}: ${blocks} until the primer's writer creates it (sections 6 and 12: a missing primer blocks readiness)`, { file: PRIMER_FILE })];
}

/**
 * A `claim` about to be published into a room whose primer is missing or unusable: "A missing
 * primer blocks readiness and claimed work" (12), and a claim is how work is claimed (a "lease on
 * a bounded task scope", 5). Judged at publication, not by the check: the folder does not say
 * whether the primer was there when an older claim was published.
 */
export function primerBlocksClaim(primer: PrimerState | undefined, kind: string): MailboxFinding | null {
  if (kind !== "claim" || primer === undefined || primer === "present") return null;
  return mailboxFinding("PRIMER_MISSING", `${whatIsWrong(primer)}: a claim is claimed work, which a missing primer blocks (section 12); the primer's writer creates it first`, { slot: "kind", file: PRIMER_FILE });
}
