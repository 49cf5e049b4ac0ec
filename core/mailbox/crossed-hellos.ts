/**
 * Crossed hellos (section 6): "If two `hello` messages crossed for the same objective, the
 * lexicographically smaller root message UUID becomes canonical; both messages remain in the audit
 * trail." Two hellos cross when they are of one arena (the program's stand-in for "the same
 * objective"), from different senders, each addressing the other's sender (or `ALL`), and neither
 * was answered as addressed by the other's sender before the other was sent.
 *
 * A crossing is between the two who crossed: it decides which hello holds between those two, and
 * nothing about a third party the losing hello also addresses (a hello to `ALL`, or to several).
 * So supersession is kept per counterpart.
 */
import { ALL } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";
import { misaddressedAnswer } from "./_answers-as-addressed.js";

/** Per losing hello: each counterpart it lost a crossing with, and the canonical hello between them. */
export type Crossings = Map<string, Map<string, string>>;

/**
 * The crossings of a mailbox's hellos. `welcomesTo` lists the welcomes that reply to each hello;
 * only one that answers its hello as addressed counts as answering it.
 */
export function crossedHellos(hellos: readonly MailboxEnvelope[], welcomesTo: ReadonlyMap<string, readonly MailboxEnvelope[]>): Crossings {
  const answeredBefore = (hello: MailboxEnvelope, by: string, before: string): boolean => (welcomesTo.get(hello.id) ?? []).some((w) => w.from === by && w.id < before && misaddressedAnswer(w, hello) === null);
  const addresses = (h: MailboxEnvelope, callsign: string): boolean => h.to.includes(ALL) || h.to.includes(callsign);
  // Each hello that lost, to each counterpart: the smallest hello of that counterpart it crossed.
  const lost: Crossings = new Map();
  // The hellos addressing each callsign (or ALL) of an arena: only those can cross a hello from it.
  const addressing = new Map<string, MailboxEnvelope[]>();
  const key = (arena: string, to: string): string => `${arena}\u0000${to}`;
  for (const h of hellos) {
    for (const to of h.to) {
      const list = addressing.get(key(h.arena, to));
      if (list === undefined) addressing.set(key(h.arena, to), [h]);
      else list.push(h);
    }
  }
  for (const a of hellos) {
    const candidates = [...(addressing.get(key(a.arena, a.from)) ?? []), ...(addressing.get(key(a.arena, ALL)) ?? [])];
    for (const b of candidates) {
      if (a.id >= b.id || a.from === b.from || !addresses(a, b.from)) continue;
      if (answeredBefore(a, b.from, b.id) || answeredBefore(b, a.from, a.id)) continue;
      const against = lost.get(b.id) ?? new Map<string, string>();
      const known = against.get(a.from);
      if (known === undefined || a.id < known) against.set(a.from, a.id);
      lost.set(b.id, against);
    }
  }
  return lost;
}
