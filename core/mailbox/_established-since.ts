/**
 * When a handshake's own terms, the exchange budget among them, start to bind in its thread: from
 * the first message at which its group stood whole (`ResponderHandshake.grouped_by`, the earliest
 * among the chains a lost crossing did not take; for a hello to one responder, its establishing
 * message). A fact of the walk up to that message, so nothing sent later moves it: a late joiner's
 * counter left unanswered, or a responder still pending at the end, changes no verdict on a
 * message sent before (README notes 110, 132 and 136; section 6: "the thread stays `establishing`
 * until the initiator sends a causal acceptance of the counter", which is about that chain).
 */
import type { Handshake } from "./handshake.js";

export function establishedSince(handshake: Handshake): string | undefined {
  if (handshake.state === "superseded") return undefined;
  const crossed = new Set(handshake.crossings.map((c) => c.callsign));
  let first: string | undefined;
  for (const r of handshake.responders) {
    if (r.grouped_by === null || crossed.has(r.callsign)) continue;
    if (first === undefined || r.grouped_by < first) first = r.grouped_by;
  }
  return first;
}
