/**
 * A `ratify` banks independent verification (section 5: "`ratify` / `close`: Bank independent
 * verification"; section 8, Attestation: "The writer banks exact path, commit, and content hash.
 * The peer recomputes every load-bearing number before ratifying. A peer's reported hash or test
 * result has zero evidential weight until independently checked."). So the ratifier is a peer of
 * the message it ratifies: a `ratify` whose `reply_to` is its own sender's message (in the same
 * arena, where a callsign names one participant) banks its own claim as independent, and is
 * RATIFY_SELF. A Handler seat is no peer the rule binds ("Current Handler direction ... outrank[s]
 * every peer message", kernel 1).
 */
import { isHandler } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";

/** Why `e` ratifies its own sender's `parent`, or null when it does not. */
export function selfRatificationProblem(e: Pick<MailboxEnvelope, "kind" | "from" | "arena">, parent: Pick<MailboxEnvelope, "id" | "kind" | "from" | "arena">): string | null {
  if (e.kind !== "ratify" || isHandler(e.from) || parent.from !== e.from || parent.arena !== e.arena) return null;
  return `this ratify answers ${e.from}'s own ${parent.kind} ${parent.id}: a ratify banks a peer's independent verification (the peer recomputes every load-bearing number before ratifying), and a sender's own claim has zero evidential weight as its verification; ask a peer to ratify it`;
}
