/**
 * The right to work outside a handshake's own thread (section 6: "Until a thread is established,
 * do not begin claimed work"; section 8: a new conversation in an established room is "a fresh
 * ordinary CTA root"). A handshake establishes a pair of callsigns in an arena; work in any other
 * thread needs an established pair between its sender and each agent it addresses, established
 * before it in UUID order. A pair established under FULL keeps FULL everywhere from then on, whatever
 * another handshake of it settled before or after (the strictest in force). A hello that lost a
 * crossing establishes no pair with the one it crossed (its other pairs stand); its thread is judged
 * here only where nothing of the hello remains (README notes 141, 142).
 */
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import type { Handshake, OutsideWork } from "./handshake.js";
import type { MailboxProfile } from "./vocabulary.js";
import { WORK_KINDS } from "./vocabulary.js";

interface Settled {
  /** The message that established the pair: work must come after it. */
  readonly since: string;
  /**
   * The first message that established the pair under FULL, null if none did: from it on the pair
   * keeps FULL everywhere, whatever a handshake of it settled before or after (the strictest in force).
   */
  readonly full: string | null;
  /**
   * Each exchange budget the pair accepted and the message that settled it (null: its terms named
   * none). A pair that shook hands twice accepted both, and works under the strictest in force.
   */
  readonly budgets: readonly { readonly since: string; readonly budget: number | null }[];
}

const pairKey = (arena: string, a: string, b: string): string => (a < b ? `${arena}\u0000${a}\u0000${b}` : `${arena}\u0000${b}\u0000${a}`);

/** Every established pair of every handshake, but for those a lost crossing voids, keyed by arena and the two names. */
export function establishedPairs(shakes: ReadonlyMap<string, Handshake>, arenaOf: (thread: string) => string): Map<string, Settled> {
  const pairs = new Map<string, Settled>();
  const settle = (key: string, since: string, profile: MailboxProfile, budget: number | null): void => {
    const known = pairs.get(key);
    const budgets = [...(known?.budgets ?? []), { since, budget }];
    const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a < b ? a : b);
    const full = earlier(known?.full ?? null, profile === "FULL" ? since : null);
    pairs.set(key, { since: known === undefined || since < known.since ? since : known.since, full, budgets });
  };
  for (const hs of shakes.values()) {
    if (hs.state === "superseded") continue;
    const arena = arenaOf(hs.thread);
    // Each chain settled its own terms' profile (a responder's accepted counter may change it).
    const profile = (r: { readonly profile: MailboxProfile | null }): MailboxProfile => r.profile ?? hs.profile;
    const crossed = new Set(hs.crossings.map((c) => c.callsign));
    const done = hs.responders.filter((r) => r.state === "established" && r.established_by !== null && !crossed.has(r.callsign));
    for (const r of done) settle(pairKey(arena, hs.initiator, r.callsign), r.established_by as string, profile(r), r.exchange_budget);
    // A group settles two of its responders among themselves from the later of the messages from
    // which each stood grouped (the group whole with it established), whatever pends or counters
    // after: the same `grouped_by` its own thread binds them by (handshake.ts, README note 132).
    // Two responders accepted both budgets and both profiles, each its own (none named being the
    // default), and work under the stricter, as a pair that shook hands twice does.
    const grouped = done.filter((r) => r.grouped_by !== null);
    for (const a of grouped) {
      for (const b of grouped) {
        if (a.callsign >= b.callsign) continue;
        const since = (a.grouped_by as string) > (b.grouped_by as string) ? (a.grouped_by as string) : (b.grouped_by as string);
        settle(pairKey(arena, a.callsign, b.callsign), since, profile(a), a.exchange_budget);
        settle(pairKey(arena, a.callsign, b.callsign), since, profile(b), b.exchange_budget);
      }
    }
  }
  return pairs;
}

/** Whether `m`'s sender has any pair in its arena established before `m`: what work to `ALL` needs. */
function pairedBefore(pairs: ReadonlyMap<string, Settled>, m: MailboxEnvelope): boolean {
  return [...pairs.entries()].some(([k, p]) => p.since < m.id && k.startsWith(`${m.arena}\u0000`) && k.slice(m.arena.length + 1).split("\u0000").includes(m.from));
}

/** For each of `agents`, the pair `m`'s sender has with it in `m`'s arena when established before `m`, else undefined. */
function settledBefore(pairs: ReadonlyMap<string, Settled>, m: MailboxEnvelope, agents: readonly string[]): (Settled | undefined)[] {
  return agents.map((t) => pairs.get(pairKey(m.arena, m.from, t))).map((p) => (p !== undefined && p.since < m.id ? p : undefined));
}

/** Each callsign's FULL peers by arena (`arena\0callsign`): the other of each pair established under FULL, from when, earliest first. */
export type FullPeers = ReadonlyMap<string, readonly { readonly full: string; readonly peer: string }[]>;

export function fullPeersOf(pairs: ReadonlyMap<string, Settled>): FullPeers {
  const peers = new Map<string, { full: string; peer: string }[]>();
  const add = (key: string, full: string, peer: string): void => {
    const list = peers.get(key);
    if (list === undefined) peers.set(key, [{ full, peer }]);
    else list.push({ full, peer });
  };
  for (const [k, p] of pairs) {
    if (p.full === null) continue;
    const [arena, a, b] = k.split("\u0000") as [string, string, string];
    add(`${arena}\u0000${a}`, p.full, b);
    add(`${arena}\u0000${b}`, p.full, a);
  }
  for (const list of peers.values()) list.sort((x, y) => (x.full < y.full ? -1 : x.full > y.full ? 1 : 0));
  return peers;
}

/**
 * Whether `m`, to `ALL`, reaches a callsign its sender was established with under FULL before it,
 * `beside` aside (those a handshake judges itself): `ALL` addresses the whole room (section 8).
 */
function fullPeerBefore(peers: FullPeers, m: MailboxEnvelope, beside: ReadonlySet<string>): boolean {
  for (const p of peers.get(`${m.arena}\u0000${m.from}`) ?? []) {
    if (p.full >= m.id) return false;
    if (!beside.has(p.peer)) return true;
  }
  return false;
}

/**
 * PROFILE_DOWNGRADE when a CORE message goes from its sender to an agent it was established with
 * under FULL before it (`settled`: the pairs established before it), or to `ALL` where the room
 * holds such an agent (`fullInRoom`): FULL is a strict superset of CORE, so a message the whole
 * room reads is sent under the strictest profile any of its readers is owed (section 2).
 */
function fullPairDowngrade(entry: MailboxEntry, settled: readonly (Settled | undefined)[], fullInRoom = false): MailboxFinding[] {
  const m = entry.envelope;
  if (m.profile === "FULL") return [];
  if (settled.some((p) => p !== undefined && p.full !== null && p.full < m.id)) {
    return [mailboxFinding("PROFILE_DOWNGRADE", `a ${m.profile} ${m.kind} between callsigns established under FULL: FULL requirements are never silently downgraded`, { ...at(entry), slot: "profile" })];
  }
  if (!fullInRoom) return [];
  return [mailboxFinding("PROFILE_DOWNGRADE", `a ${m.profile} ${m.kind} to ALL from ${m.from}, established under FULL with some of the room: ALL addresses every participant, and FULL requirements are never silently downgraded`, { ...at(entry), slot: "profile" })];
}

/**
 * Work (and FULL) outside handshake threads: `threads` are the threads no handshake judges, each
 * in UUID order. Raises WORK_BEFORE_ESTABLISHED and PROFILE_DOWNGRADE (every CORE message between
 * FULL peers: the caller drops those a thread opened under FULL already holds, judged by the
 * thread's first message, which need not be the first one these threads keep). `proposals` are the
 * hellos that opened a handshake among these threads (one that lost a crossing and was superseded):
 * each put its terms on the table in the open when sent, so it is no downgrade (README notes 121,
 * 138), whatever its crossing later voided. A crossed hello of which something remains judges its
 * thread itself, work and profile alike (README notes 141, 142), so its thread is not among these.
 */
export function rightToWork(threads: Iterable<readonly MailboxEntry[]>, pairs: ReadonlyMap<string, Settled>, peers: FullPeers, proposals: ReadonlySet<string> = new Set()): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  const nobody = new Set<string>();
  for (const messages of threads) {
    for (const entry of messages) {
      const m = entry.envelope;
      if (isHandler(m.from)) continue;
      const agents = m.to.filter((t) => t !== ALL && !isHandler(t));
      const settled = settledBefore(pairs, m, agents);
      if (!proposals.has(m.id)) findings.push(...fullPairDowngrade(entry, settled, m.profile !== "FULL" && m.to.includes(ALL) && fullPeerBefore(peers, m, nobody)));
      if (!WORK_KINDS.has(m.kind)) continue;
      let allowed: boolean;
      if (m.to.includes(ALL)) allowed = pairedBefore(pairs, m);
      else allowed = settled.every((p) => p !== undefined);
      if (!allowed) {
        const who = m.to.includes(ALL) ? `${m.from} and anyone` : `${m.from} and ${agents.filter((_, i) => settled[i] === undefined).join(", ")}`;
        findings.push(mailboxFinding("WORK_BEFORE_ESTABLISHED", `a ${m.kind} outside any handshake, but ${who} have no handshake established before it in arena ${m.arena}: the right to work comes from the pair's established handshake`, at(entry)));
      }
    }
  }
  return findings;
}

/**
 * Work in a hello's thread addressed to agents that handshake does not bind to its sender (a
 * responder's delivery to a third party): each needs a pair with the sender established before it,
 * as in any other thread. Raises WORK_BEFORE_ESTABLISHED.
 */
export function rightToWorkBeyond(work: readonly OutsideWork[], pairs: ReadonlyMap<string, Settled>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const { entry, agents } of work) {
    const m = entry.envelope;
    // `ALL` (work of another arena, or of a sender the hello settled nothing with, in a hello's
    // thread) asks for any pair of the sender, as in rightToWork.
    const missing = agents.filter((t) => (t === ALL ? !pairedBefore(pairs, m) : !((pairs.get(pairKey(m.arena, m.from, t))?.since ?? m.id) < m.id)));
    if (missing.length > 0) findings.push(mailboxFinding("WORK_BEFORE_ESTABLISHED", `a ${m.kind} in thread ${m.thread} addressed to ${missing.join(", ")}, whom its handshake does not bind to ${m.from}, and ${m.from} and ${missing.join(", ")} have no handshake established before it in arena ${m.arena}: work under terms one side never saw`, at(entry)));
  }
  return findings;
}

/**
 * FULL kept in a hello's thread between those its handshake does not bind (section 2: "Do not
 * silently downgrade FULL requirements"): each message, to the agents it addresses that the
 * handshake binds to none of its chains with the sender, is held to the pairs established before
 * it, as in any other thread, and one to `ALL` to the sender's FULL pairs with anyone but those the
 * handshake binds to it (`beside`); what the handshake binds it judges itself. Raises PROFILE_DOWNGRADE.
 */
export function fullPairsBeyond(unbound: readonly OutsideWork[], pairs: ReadonlyMap<string, Settled>, peers: FullPeers): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const { entry, agents, beside } of unbound) {
    const m = entry.envelope;
    const settled = settledBefore(pairs, m, agents.filter((t) => t !== ALL));
    findings.push(...fullPairDowngrade(entry, settled, m.profile !== "FULL" && agents.includes(ALL) && fullPeerBefore(peers, m, new Set(beside ?? []))));
  }
  return findings;
}

/**
 * The exchange budget of a thread outside a handshake (section 8: "The handshake sets a per-thread
 * exchange budget, default 20"): the one the thread's opener accepted with those its first message
 * addresses (to `ALL`: with anyone), the strictest when several apply (several pairs, or one pair's
 * several handshakes), a handshake that named none counting as `unnamed` (the default); null when
 * no such pair was established.
 * With `before`, only pairs established before that message count: a budget binds from the
 * acceptance that sets it, never a message sent while it was still an open question (6).
 */
export function pairBudget(first: MailboxEntry["envelope"], pairs: ReadonlyMap<string, Settled>, unnamed: number, before?: string): number | null {
  return pairBudgetAt(first, pairs, unnamed)(before);
}

/**
 * `pairBudget` for one thread, asked at each of its messages: the pairs' budgets are sorted by the
 * message that settled them once, with the strictest so far beside each, so each question is a
 * binary search (a long thread to `ALL` in a room of many pairs stays near linear).
 */
export function pairBudgetAt(first: MailboxEntry["envelope"], pairs: ReadonlyMap<string, Settled>, unnamed: number): (before?: string) => number | null {
  const keys = first.to.includes(ALL)
    ? [...pairs.keys()].filter((k) => k.startsWith(`${first.arena}\u0000`) && k.slice(first.arena.length + 1).split("\u0000").includes(first.from))
    : first.to.filter((t) => !isHandler(t)).map((t) => pairKey(first.arena, first.from, t));
  const accepted: { since: string; budget: number }[] = [];
  // A handshake naming no budget set the default one (8), so it binds as strictly as one naming it.
  for (const k of keys) for (const b of pairs.get(k)?.budgets ?? []) accepted.push({ since: b.since, budget: b.budget ?? unnamed });
  accepted.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
  const strictest: number[] = [];
  for (const [i, b] of accepted.entries()) strictest.push(i === 0 ? b.budget : Math.min(strictest[i - 1] as number, b.budget));
  return (before) => {
    // The number of budgets settled before `before`: all of them when it is not given.
    let lo = 0;
    let hi = accepted.length;
    if (before !== undefined) {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((accepted[mid] as { since: string }).since < before) lo = mid + 1;
        else hi = mid;
      }
    } else lo = accepted.length;
    return lo === 0 ? null : (strictest[lo - 1] as number);
  };
}
