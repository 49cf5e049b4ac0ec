/**
 * What a message's file name earns beside its envelope (section 4): a name outside the grammar is
 * FILENAME_GRAMMAR, and one naming another sender or kind than its envelope FILENAME_MISMATCH.
 * Both are notes: "The UUIDv7 envelope—not the clock or Git commit order—is authoritative", so the
 * name is presentation only and never a reason to refuse the message.
 */
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEnvelope } from "./envelope.js";
import { parseFilename } from "./filename.js";

/** The notes `file` (the name alone, no folder) earns; the envelope is null when none could be read. */
export function filenameFindings(file: string, envelope: MailboxEnvelope | null): MailboxFinding[] {
  const parsed = parseFilename(file);
  if (parsed === null) return [mailboxFinding("FILENAME_GRAMMAR", "the name is not yyyy-mm-dd-hh-mm-ss[-fff]-<CALLSIGN>-<kind>-<slug>.md (presentation only: the envelope decides)", { file })];
  if (envelope !== null && (parsed.callsign !== envelope.from || parsed.kind !== envelope.kind)) {
    return [mailboxFinding("FILENAME_MISMATCH", `the name says ${parsed.callsign} ${parsed.kind}, the envelope ${envelope.from} ${envelope.kind} (the envelope decides)`, { file })];
  }
  return [];
}
