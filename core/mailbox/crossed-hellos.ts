/**
 * Crossed hellos (section 6): "If two `hello` messages crossed for the same objective, the
 * lexicographically smaller root message UUID becomes canonical; both messages remain in the audit
 * trail." Two hellos cross when they are of one arena (the program's stand-in for "the same
 * objective"), from different senders, each addressing the other's sender (or `ALL`), and neither
 * was answered as addressed by the other's sender before the other was sent.
 *
 * A crossing is between the two who crossed: it decides which hello holds between those two, and
 * nothing about a third party the losing hello also addresses (a hello to `ALL`, or to several).
 * So supersession is kept per counterpart, and followed to its end between the same two: a hello
 * can lose to one that itself lost to an older one (a re-hello before answering), and the canonical
 * hello between the two is the last of that chain, never a hello that is itself superseded.
 */
import { misaddressedAnswer } from "./_answers-as-addressed.js";
import { ALL } from "./callsign.js";
import type { MailboxEnvelope } from "./envelope.js";

/** Per losing hello: each counterpart it lost a crossing with, and the canonical hello between them. */
export type Crossings = Map<string, Map<string, string>>;

/**
 * The crossings of a mailbox's hellos. `welcomesTo` lists the welcomes that reply to each hello;
 * only one that answers its hello as addressed counts as answering it.
 */
export function crossedHellos(hellos: readonly MailboxEnvelope[], welcomesTo: ReadonlyMap<string, readonly MailboxEnvelope[]>): Crossings {
  const byId = new Map(hellos.map((h) => [h.id, h]));
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
  // Follow each supersession between the same two callsigns to its end.
  const out: Crossings = new Map();
  for (const [loser, against] of lost) {
    const from = (byId.get(loser) as MailboxEnvelope).from;
    out.set(loser, new Map([...against].map(([counterpart, winner]) => [counterpart, chainEnd(winner, from, counterpart, lost, byId)])));
  }
  return out;
}

/**
 * The canonical hello between callsigns `x` and `y`, from `start`: while the hello reached lost its
 * crossing with the other of the two, go on to the hello it lost to. Each step goes to a smaller UUID,
 * so the walk ends; the bound and the seen set only guard that, and on a cycle the smallest hello
 * seen is canonical, by section 6's own rule.
 */
function chainEnd(start: string, x: string, y: string, lost: Crossings, byId: ReadonlyMap<string, MailboxEnvelope>): string {
  const seen = new Set<string>();
  let at = start;
  while (!seen.has(at) && seen.size <= lost.size) {
    seen.add(at);
    const other = byId.get(at)?.from === x ? y : x;
    const next = lost.get(at)?.get(other);
    if (next === undefined) return at;
    at = next;
  }
  return [...seen].sort()[0] as string;
}
