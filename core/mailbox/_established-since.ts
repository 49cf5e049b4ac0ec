/**
 * When an established handshake settled: the last acceptance among the responders it stands for
 * (a chain a lost crossing took settles nothing). Its terms, the exchange budget among them, bind
 * from that message on (section 6: "the thread stays `establishing` until the initiator sends a
 * causal acceptance of the counter").
 */
import type { Handshake } from "./handshake.js";

export function establishedSince(handshake: Handshake): string | undefined {
  const crossed = new Set(handshake.crossings.map((c) => c.callsign));
  let last: string | undefined;
  for (const r of handshake.responders) {
    if (r.state !== "established" || r.established_by === null || crossed.has(r.callsign)) continue;
    if (last === undefined || r.established_by > last) last = r.established_by;
  }
  return last;
}
