/** A valid message as the conversation rules take it: its envelope, its body, and its file. */
import type { MailboxEnvelope } from "./envelope.js";

export interface MailboxEntry {
  readonly envelope: MailboxEnvelope;
  /** The Markdown body (the goodbye's `re-entry`, the ack rule and parent links read it). */
  readonly body?: string;
  /** The file's name in its folder (the inbox, or its archive folder), when it came from one. */
  readonly file?: string | null;
  /**
   * The folder of `archive/` it was read from (`archive/<thread-slug>/`, section 13), when it was
   * archived; absent for the inbox's. Only a reader of the folder (the CLI) sets it.
   */
  readonly archive?: string;
  /**
   * SHA-256 of the file's bytes, lowercase hex, when it was read from a file (the CLI sets it): a
   * disposition that recorded the bytes it handled (`fingerprint`) is checked against it.
   */
  readonly fingerprint?: string;
}

/** Entries in causal-identifier order: UUIDv7 order, which section 4 makes authoritative. */
export function byUuid(entries: readonly MailboxEntry[]): MailboxEntry[] {
  return [...entries].sort((a, b) => (a.envelope.id < b.envelope.id ? -1 : a.envelope.id > b.envelope.id ? 1 : 0));
}

/** The finding detail that places a finding on an entry. */
export function at(entry: MailboxEntry): { id: string; file?: string } {
  return entry.file ? { id: entry.envelope.id, file: entry.file } : { id: entry.envelope.id };
}
