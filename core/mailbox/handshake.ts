/**
 * Handshake establishment per thread (section 6). Terms are proposed by the hello, or by a counter;
 * the other party accepts (a `welcome` with `terms: accept`, or any causal reply carrying
 * `terms: accept`) or counters again (a `welcome` without `terms` is a counter: ambiguity stays
 * material). CORE is established by the acceptance; FULL also needs the proposer's `ack` of it.
 * Each responder's chain is its own; a `blocked` in a chain blocks it until a Handler message.
 * An answer counts only when it answers its parent as addressed: a welcome comes from a callsign
 * the hello addresses, and every answer is addressed to the party whose terms (or acceptance) it
 * answers, in the same arena (HANDSHAKE_MISADDRESSED otherwise).
 * Crossed hellos: the lexicographically smaller root UUID is canonical, the other superseded.
 */
import { misaddressedAnswer } from "./_answers-as-addressed.js";
import type { Misaddressed } from "./_answers-as-addressed.js";
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEnvelope } from "./envelope.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { DEFAULT_EXCHANGE_BUDGET, WORK_KINDS } from "./vocabulary.js";

export type HandshakeState = "establishing" | "established" | "blocked: handler-decision" | "superseded";

export interface ResponderHandshake {
  readonly callsign: string;
  readonly state: Exclude<HandshakeState, "superseded">;
  /** The terms on the table: the hello, or the latest counter. */
  readonly proposal: string;
  /** The message that established the pair (the accepting welcome in CORE, the ack in FULL). */
  readonly established_by: string | null;
}

export interface Handshake {
  readonly thread: string;
  readonly hello: string;
  readonly initiator: string;
  readonly profile: MailboxEnvelope["profile"];
  readonly state: HandshakeState;
  readonly responders: readonly ResponderHandshake[];
  /** For a crossed hello that lost: the canonical hello. */
  readonly superseded_by: string | null;
  /** The exchange budget of the terms accepted, when they named one. */
  readonly exchange_budget: number | null;
  /** The profile of the terms accepted (the hello's unless a counter changed it and was accepted). */
  readonly established_profile: MailboxEnvelope["profile"] | null;
}

interface Pair {
  callsign: string;
  state: ResponderHandshake["state"];
  proposal: MailboxEnvelope;
  acceptance: MailboxEnvelope | null;
  established_by: string | null;
  ids: Set<string>;
  budget: number | null;
  /** The terms on the table that a program can compare: profile, exchange budget, transport, tags. */
  profile: MailboxEnvelope["profile"];
  transport: MailboxEnvelope["transport"];
  tags: readonly string[];
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((t) => y.has(t));
};

/**
 * The material terms an answer changes (section 6: "Material is decided by effect, not by how the
 * change is labelled"; profile, transport, tags and exchange budget are named material): the
 * profile, the room's transport, and a tag set or an exchange budget other than the one on the
 * table. An answer that names no tags or no budget restates nothing and changes neither. The
 * arena, machine and root are each side's own locus, which differ normally across machines.
 */
function changedTerms(answer: MailboxEnvelope, pair: Pair): string[] {
  const changed: string[] = [];
  if (answer.profile !== pair.profile) changed.push(`profile ${pair.profile} -> ${answer.profile}`);
  if (answer.transport !== pair.transport) changed.push(`transport ${pair.transport} -> ${answer.transport}`);
  if (answer.tags.length > 0 && !sameSet(answer.tags, pair.tags)) changed.push(`tags [${pair.tags.join(" ")}] -> [${answer.tags.join(" ")}]`);
  const table = pair.budget ?? DEFAULT_EXCHANGE_BUDGET;
  if (answer.exchange_budget !== null && answer.exchange_budget !== table) changed.push(`exchange_budget ${table} -> ${answer.exchange_budget}`);
  return changed;
}

const misaddressedFinding = (entry: MailboxEntry, parent: MailboxEnvelope, miss: Misaddressed): MailboxFinding =>
  mailboxFinding("HANDSHAKE_MISADDRESSED", `this ${entry.envelope.kind} answers ${parent.kind} ${parent.id}, but ${miss.why}; it accepts, counters and establishes nothing`, { ...at(entry), slot: miss.slot });

/** The handshake of one thread (its messages in UUID order, the hello first among them). */
function threadHandshake(hello: MailboxEntry, messages: readonly MailboxEntry[], findings: MailboxFinding[], supersededBy: string | null): Handshake {
  const h = hello.envelope;
  const pairs = new Map<string, Pair>();
  const pairOf = (m: MailboxEnvelope): Pair | undefined => {
    if (m.from !== h.from) return pairs.get(m.from);
    if (m.reply_to === null) return undefined;
    for (const p of pairs.values()) if (p.ids.has(m.reply_to)) return p;
    return undefined;
  };
  for (const entry of messages) {
    const m = entry.envelope;
    if (m.id === h.id) continue;
    if (isHandler(m.from)) {
      for (const p of pairs.values()) if (p.state === "blocked: handler-decision") p.state = p.established_by === null ? "establishing" : "established";
      continue;
    }
    if (m.from !== h.from && !pairs.has(m.from) && m.kind === "welcome" && m.reply_to === h.id) {
      // Only a welcome that answers the hello as addressed opens a responder's chain.
      const miss = misaddressedAnswer(m, h);
      if (miss !== null) {
        findings.push(misaddressedFinding(entry, h, miss));
        continue;
      }
      pairs.set(m.from, { callsign: m.from, state: "establishing", proposal: h, acceptance: null, established_by: null, ids: new Set([h.id]), budget: h.exchange_budget, profile: h.profile, transport: h.transport, tags: h.tags });
    }
    const pair = pairOf(m);
    if (pair !== undefined) {
      pair.ids.add(m.id);
      // "Resume only on direct Handler authority or causally declared authority-changing evidence."
      if (pair.state === "blocked: handler-decision" && m.new_evidence !== null) pair.state = pair.established_by === null ? "establishing" : "established";
      if (m.kind === "blocked" && pair.state === "establishing") pair.state = "blocked: handler-decision";
      const answering = m.reply_to === pair.proposal.id && m.from !== pair.proposal.from && (m.kind === "welcome" || m.terms !== null);
      const miss = answering ? misaddressedAnswer(m, pair.proposal) : null;
      if (miss !== null) findings.push(misaddressedFinding(entry, pair.proposal, miss));
      const answersProposal = answering && miss === null;
      if (!answering && pair.profile === "FULL" && m.profile !== "FULL") {
        findings.push(mailboxFinding("PROFILE_DOWNGRADE", `a ${m.profile} ${m.kind} under FULL terms: FULL requirements (session, seq, the third handshake message) are never silently downgraded; a change of profile is a counter`, { ...at(entry), slot: "profile" }));
      }
      if (answersProposal && pair.state !== "established") {
        const changed = changedTerms(m, pair);
        if ((m.terms ?? "counter") === "accept" && changed.length > 0) {
          findings.push(mailboxFinding("COUNTER_AS_ACCEPT", `terms: accept, but it changes ${changed.join(", ")}: a material change is a counter however it is labelled, and settles nothing until the other side accepts it`, { ...at(entry), slot: "terms" }));
        }
        const blocked = pair.state === "blocked: handler-decision";
        if (blocked && (m.terms ?? "counter") === "accept" && changed.length === 0) {
          findings.push(mailboxFinding("ACCEPT_WHILE_BLOCKED", "terms: accept while the handshake is blocked: handler-decision: the agent may not accept until direct Handler authority or declared new evidence (new_evidence); nothing is settled", { ...at(entry), slot: "terms" }));
        } else if ((m.terms ?? "counter") === "accept" && changed.length === 0) {
          pair.acceptance = m;
          pair.budget = m.exchange_budget ?? pair.budget;
          if (pair.profile === "CORE") {
            pair.state = "established";
            pair.established_by = m.id;
          }
        } else {
          pair.proposal = m;
          pair.acceptance = null;
          pair.profile = m.profile;
          pair.transport = m.transport;
          if (m.tags.length > 0) pair.tags = m.tags;
          pair.budget = m.exchange_budget ?? pair.budget;
        }
      } else if (!answering && pair.profile === "FULL" && m.profile === "FULL" && m.kind === "ack" && pair.acceptance !== null && m.reply_to === pair.acceptance.id && m.from === pair.proposal.from && pair.state === "establishing") {
        const missAck = misaddressedAnswer(m, pair.acceptance);
        if (missAck !== null) findings.push(misaddressedFinding(entry, pair.acceptance, missAck));
        else {
          pair.state = "established";
          pair.established_by = m.id;
        }
      }
    }
    // A superseded hello's thread licenses nothing of its own: its work is judged by the pairs
    // the canonical handshakes establish, as in any other thread (right-to-work.ts).
    if (supersededBy === null && WORK_KINDS.has(m.kind) && !workAllowed(m, h, pairs)) {
      findings.push(mailboxFinding("WORK_BEFORE_ESTABLISHED", `a ${m.kind} in thread ${h.thread} before its handshake is established: work under terms one side never saw`, at(entry)));
    }
  }
  const responders: ResponderHandshake[] = [...pairs.values()].map((p) => ({ callsign: p.callsign, state: p.state, proposal: p.proposal.id, established_by: p.established_by }));
  const named = h.to.filter((t) => t !== ALL && !isHandler(t));
  let state: HandshakeState = "establishing";
  if (responders.some((r) => r.state === "blocked: handler-decision")) state = "blocked: handler-decision";
  else if (responders.length > 0 && responders.every((r) => r.state === "established") && named.every((n) => pairs.has(n))) state = "established";
  // A superseded handshake keeps its chains for the audit trail, but nothing it settled holds.
  if (supersededBy !== null) return { thread: h.thread, hello: h.id, initiator: h.from, profile: h.profile, state: "superseded", responders, superseded_by: supersededBy, exchange_budget: null, established_profile: null };
  const settled = [...pairs.values()].find((p) => p.state === "established");
  return { thread: h.thread, hello: h.id, initiator: h.from, profile: h.profile, state, responders, superseded_by: null, exchange_budget: settled?.budget ?? null, established_profile: settled?.profile ?? null };
}

/** Whether a work message's sender works under established terms with those it addresses. */
function workAllowed(m: MailboxEnvelope, h: MailboxEnvelope, pairs: ReadonlyMap<string, Pair>): boolean {
  if (isHandler(m.from)) return true;
  if (m.from !== h.from) return pairs.get(m.from)?.state === "established";
  const targets = m.to.includes(ALL) ? [...pairs.keys()] : m.to.filter((t) => !isHandler(t));
  return targets.length > 0 && targets.every((t) => pairs.get(t)?.state === "established");
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Crossed hellos: mutually addressed, same arena, neither answered before the other was sent. */
function crossings(hellos: readonly MailboxEntry[], welcomesTo: ReadonlyMap<string, readonly MailboxEnvelope[]>): Map<string, string> {
  const loserToWinner = new Map<string, string>();
  const index = new Map<string, MailboxEnvelope[]>();
  const key = (arena: string, from: string, to: string): string => `${arena}\u0000${from}\u0000${to}`;
  for (const { envelope: e } of hellos) for (const t of e.to) push(index, key(e.arena, e.from, t), e);
  // Only a welcome that answers the hello as addressed counts as answering it.
  const answeredBefore = (hello: MailboxEnvelope, by: string, before: string): boolean => (welcomesTo.get(hello.id) ?? []).some((w) => w.from === by && w.id < before && misaddressedAnswer(w, hello) === null);
  for (const { envelope: a } of hellos) {
    const counterparts = a.to.includes(ALL) ? [...index.entries()].filter(([k]) => k.startsWith(`${a.arena}\u0000`) && !k.startsWith(`${a.arena}\u0000${a.from}\u0000`)).flatMap(([k, v]) => (k.endsWith(`\u0000${a.from}`) || k.endsWith(`\u0000${ALL}`) ? v : [])) : a.to.flatMap((t) => [...(index.get(key(a.arena, t, a.from)) ?? []), ...(index.get(key(a.arena, t, ALL)) ?? [])]);
    for (const b of counterparts) {
      if (b.from === a.from || b.id === a.id || a.id > b.id) continue;
      if (answeredBefore(a, b.from, b.id) || answeredBefore(b, a.from, a.id)) continue;
      if (!loserToWinner.has(b.id)) loserToWinner.set(b.id, a.id);
    }
  }
  return loserToWinner;
}

/**
 * The handshake of every thread rooted in a hello, and the findings the rules raise. Crossed hellos
 * are settled first: "the lexicographically smaller root message UUID becomes canonical" (section
 * 6), so a superseded hello's thread establishes no pair and licenses no work of its own, whichever
 * side welcomed which hello; the pair works only once the canonical hello's handshake establishes
 * it, in every thread alike.
 */
export function handshakes(sorted: readonly MailboxEntry[], threads: ReadonlyMap<string, readonly MailboxEntry[]>): { handshakes: Map<string, Handshake>; findings: MailboxFinding[] } {
  const findings: MailboxFinding[] = [];
  const out = new Map<string, Handshake>();
  const hellos = new Map<string, { hello: MailboxEntry; messages: readonly MailboxEntry[] }>();
  const welcomesTo = new Map<string, MailboxEnvelope[]>();
  for (const entry of sorted) {
    const e = entry.envelope;
    if (e.kind === "welcome" && e.reply_to !== null) push(welcomesTo, e.reply_to, e);
  }
  for (const [thread, messages] of threads) {
    const hello = messages.find((m) => m.envelope.kind === "hello");
    if (hello !== undefined) hellos.set(thread, { hello, messages });
  }
  const losers = crossings([...hellos.values()].map((x) => x.hello), welcomesTo);
  for (const [thread, { hello, messages }] of hellos) {
    const winner = losers.get(hello.envelope.id) ?? null;
    out.set(thread, threadHandshake(hello, messages, findings, winner));
    if (winner !== null) findings.push(mailboxFinding("HELLO_CROSSED", `this hello crossed hello ${winner}, whose smaller root UUID is canonical; both stay in the audit trail, and only the canonical hello's handshake establishes the pair`, at(hello)));
  }
  return { handshakes: out, findings };
}
