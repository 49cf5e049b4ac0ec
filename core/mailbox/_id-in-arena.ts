/**
 * An earlier message named by its UUID, with its arena when that is not the arena of the message a
 * finding is on: UUIDv7 identifiers are fresh across arenas (a thread reused from another arena is
 * still reused), and a reader of one arena would look for the other arena's message in vain.
 */
import type { MailboxEnvelope } from "./envelope.js";

export function idInArena(earlier: MailboxEnvelope, on: MailboxEnvelope): string {
  return earlier.arena === on.arena ? earlier.id : `${earlier.id} (arena ${earlier.arena})`;
}
