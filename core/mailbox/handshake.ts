/**
 * Handshake establishment per thread (section 6). Terms are proposed by the hello, or by a counter;
 * the other party accepts (a `welcome` with `terms: accept`, or any causal reply carrying
 * `terms: accept`) or counters again (a `welcome` without `terms` is a counter: ambiguity stays
 * material). CORE is established by the acceptance; FULL also needs the proposer's `ack` of it.
 * Each responder's chain is its own; a `blocked` in a chain blocks it until a Handler message.
 * An answer counts only when it answers its parent as addressed: a welcome comes from a callsign
 * the hello addresses, and every answer is addressed to the party whose terms (or acceptance) it
 * answers, in the same arena (HANDSHAKE_MISADDRESSED otherwise).
 * Crossed hellos (crossed-hellos.ts): the lexicographically smaller root UUID is canonical between
 * the two who crossed; the other hello's chain with that party settles nothing, its chains with
 * anyone else stand.
 * A hello is a true root (section 9), so it opens its thread: one in a thread another message opened
 * before it (another hello, or any other kind) is HELLO_THREAD_REUSED and takes no part in the
 * handshake or in crossings (_thread-openers.ts; the callsign claims find them).
 */
import { dialogueStep, liftsStops } from "./_dialogue-step.js";
import { misaddressedAnswer } from "./_answers-as-addressed.js";
import type { Misaddressed } from "./_answers-as-addressed.js";
import { namesBudget, settledBudget, settledProfile } from "./_settled-terms.js";
import { helloThreadReused, threadOpeners } from "./_thread-openers.js";
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { crossedHellos } from "./crossed-hellos.js";
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
  /** The exchange budget of the terms this pair accepted, when they named one. */
  readonly exchange_budget: number | null;
  /**
   * The profile of the terms this pair accepted (the hello's, or an accepted counter's), once
   * established; null before. Each chain's own: a group hello's responders may settle different ones.
   */
  readonly profile: MailboxEnvelope["profile"] | null;
  /**
   * The tag set this pair settled (the hello's, or an accepted counter's), once established: every
   * later message between the pair carries it (section 4; settled-tags.ts). Null before.
   */
  readonly tags: readonly string[] | null;
  /**
   * For a responder of a group: the first message from which the group stood whole with this pair
   * established in it (every responder that had welcomed by then established, and every callsign the
   * hello names welcomed), walking the thread in UUID order; null if it never did, or if a lost
   * crossing voids the chain. Two responders work together from the later of their two, in the
   * hello's thread and in every other: a pair so settled stays settled, whatever joins or stays
   * pending later (README note 132). For a hello to one responder, its establishing message.
   */
  readonly grouped_by: string | null;
}

export interface Handshake {
  readonly thread: string;
  readonly hello: string;
  readonly initiator: string;
  readonly profile: MailboxEnvelope["profile"];
  readonly state: HandshakeState;
  readonly responders: readonly ResponderHandshake[];
  /**
   * For a crossed hello that lost: the canonical hello (the smallest, when it lost crossings with
   * several callsigns). The state is `superseded` when nothing else remains of the hello: no chain
   * with a callsign it did not cross, and no such callsign named in `to`.
   */
  readonly superseded_by: string | null;
  /**
   * The crossings this hello lost: with whom, and the canonical hello between the two (the end of
   * the chain of supersessions between them). A chain with such a callsign stays in `responders` for
   * the audit trail but settles nothing.
   */
  readonly crossings: readonly { readonly callsign: string; readonly canonical: string }[];
  /**
   * The exchange budget of the terms accepted, when they named one: of a group's chains that
   * settled different ones, the strictest (one that named none counting as the default: 20, or
   * analyzeMailbox's `budget` option), which the hello's thread works under; whichever chain was
   * answered first. Null when none named one (the thread works under the default).
   */
  readonly exchange_budget: number | null;
  /**
   * The profile of the terms accepted (the hello's unless a counter changed it and was accepted):
   * FULL when any established chain settled FULL, never downgraded by another chain's CORE.
   */
  readonly established_profile: MailboxEnvelope["profile"] | null;
}

/** A message in a hello's thread addressed to agents that handshake does not bind to its sender (work, or any message for FULL). */
export interface OutsideWork {
  readonly entry: MailboxEntry;
  readonly agents: readonly string[];
  /** With `ALL` among `agents`: the callsigns the handshake binds to the sender, which it judges itself; `ALL` reaches everyone else. */
  readonly beside?: readonly string[];
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
  /** The message from which the group stood whole with this pair established (ResponderHandshake.grouped_by). */
  grouped_by: string | null;
}

/** Two tag lists name the same set: order and repeats aside, each tag compared exactly. */
export const sameTagSet = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((t) => y.has(t));
};

/**
 * The material terms an answer changes (section 6: "Material is decided by effect, not by how the
 * change is labelled"; profile, transport, tags and exchange budget are named material): the
 * profile, the room's transport, and a tag set or an exchange budget other than the one on the
 * table. An answer that names no tags or no budget restates nothing and changes neither; a table
 * that names no budget holds the default (`unnamedBudget`: 20, or analyzeMailbox's `budget` option).
 * The arena, machine and root are each side's own locus, which differ normally across machines.
 */
function changedTerms(answer: MailboxEnvelope, pair: Pair, unnamedBudget: number): string[] {
  const changed: string[] = [];
  if (answer.profile !== pair.profile) changed.push(`profile ${pair.profile} -> ${answer.profile}`);
  if (answer.transport !== pair.transport) changed.push(`transport ${pair.transport} -> ${answer.transport}`);
  if (answer.tags.length > 0 && !sameTagSet(answer.tags, pair.tags)) changed.push(`tags [${pair.tags.join(" ")}] -> [${answer.tags.join(" ")}]`);
  const table = pair.budget ?? unnamedBudget;
  if (answer.exchange_budget !== null && answer.exchange_budget !== table) changed.push(`exchange_budget ${table} -> ${answer.exchange_budget}`);
  return changed;
}

/** An answer to terms that were on the table (a welcome, or `terms`): a counter or an acceptance, never a silent downgrade. */
const answersTermsOnTable = (m: MailboxEnvelope, proposals: ReadonlySet<string>): boolean => (m.kind === "welcome" || m.terms !== null) && m.reply_to !== null && proposals.has(m.reply_to);

const misaddressedFinding = (entry: MailboxEntry, parent: MailboxEnvelope, miss: Misaddressed): MailboxFinding =>
  mailboxFinding("HANDSHAKE_MISADDRESSED", `this ${entry.envelope.kind} answers ${parent.kind} ${parent.id}, but ${miss.why}; it accepts, counters and establishes nothing`, { ...at(entry), slot: miss.slot });

/** The handshake of one thread (its messages in UUID order, the hello first among them). */
function threadHandshake(hello: MailboxEntry, messages: readonly MailboxEntry[], findings: MailboxFinding[], crossed: ReadonlyMap<string, string>, outside: OutsideWork[], unbound: OutsideWork[], budget: number): Handshake {
  const h = hello.envelope;
  const pairs = new Map<string, Pair>();
  // Every proposal that was on the table: an answer to one is a counter or an acceptance, never a
  // silent downgrade (COUNTER_AS_ACCEPT's reading), whoever sends it.
  const proposals = new Set([h.id]);
  // The counters of a chain a lost crossing took: no longer terms on the table (README note 131).
  const lostProposals = new Set<string>();
  // What the thread holds to the pairs (`unbound`), its work beyond what it binds (`outside`) and
  // its work findings. A hello that lost a crossing judges its thread, profile and work, as an
  // uncrossed one for the chains that remain (README notes 141, 142): all three are kept here until
  // the walk shows some chain or name remains; a superseded hello's thread is the pairs' whole, so
  // none of it is reported twice.
  const held: { readonly unbound: OutsideWork[]; readonly outside: OutsideWork[]; readonly findings: MailboxFinding[] } = crossed.size === 0 ? { unbound, outside, findings } : { unbound: [], outside: [], findings: [] };
  // The chains a message moves. A responder's is its own. The initiator's are those holding its
  // parent ("exact causal parent when replying", kernel 3), and where several hold it (the hello,
  // or the initiator's own message to several) those of the responders it addresses, since "`to`
  // assigns the obligation to respond" (8): its reply to the hello to ORION speaks in ORION's chain,
  // not in the first responder's. One addressing none of them (a Handler seat, a third party)
  // speaks in every chain holding its parent, as it does in the only chain of a two-party hello.
  const chainsOf = (m: MailboxEnvelope): Pair[] => {
    if (m.from !== h.from) {
      const own = pairs.get(m.from);
      return own === undefined ? [] : [own];
    }
    const parent = m.reply_to;
    if (parent === null) return [];
    const every = [...pairs.values()];
    const addressed = m.to.includes(ALL) ? every : every.filter((p) => m.to.includes(p.callsign));
    const cited = every.filter((p) => p.ids.has(parent));
    // A parent no chain holds (a UUID of two files, DUPLICATE_ID, or one not here) places it in no
    // chain by causality: it speaks in those of the responders it addresses, as a responder's
    // message speaks in its own whatever it cites (README note 184).
    if (cited.length === 0) return addressed;
    const both = cited.filter((p) => addressed.includes(p));
    return both.length > 0 ? both : cited;
  };
  // The group stands whole when every live chain opened so far is established and every live
  // callsign the hello names has welcomed; from the first such message each established chain is
  // grouped for good, so what pends or counters later voids nothing already settled (note 132).
  const named = h.to.filter((t) => t !== ALL && !isHandler(t) && !crossed.has(t));
  const regroup = (at: string): void => {
    const live = [...pairs.values()].filter((p) => !crossed.has(p.callsign));
    if (live.length === 0 || !live.every((p) => p.state === "established") || !named.every((n) => pairs.has(n))) return;
    for (const p of live) if (p.grouped_by === null) p.grouped_by = at;
  };
  for (const entry of messages) {
    const m = entry.envelope;
    if (m.id === h.id) continue;
    // A pair established under FULL keeps FULL in every thread (right-to-work.ts): a message to
    // agents this handshake does not bind to its sender is held to their pairs. Where the hello
    // lost a crossing, the callsign it crossed is bound by none of its chains: the pairs judge
    // the two (README note 131), and the chains that remain are judged here (note 141).
    if (!isHandler(m.from)) {
      const foreign = m.arena !== h.arena;
      // The terms on the table are the hello's arena's: another arena's callsign answers none of
      // them (README notes 114, 139), so its answer is held to its pairs like any other message.
      // Nor are a lost chain's terms on the table: its answers are held to the pairs too.
      const answersTerms = !foreign && answersTermsOnTable(m, proposals) && !crossed.has(m.from) && !lostProposals.has(m.reply_to ?? "");
      const agents = foreign ? m.to.filter((t) => t !== ALL && !isHandler(t)) : unboundAgents(m, h, pairs, crossed);
      // `ALL` reaches the whole room: everyone but those the handshake binds to the sender (none,
      // for a message of another arena) is held to the sender's pairs.
      if (!answersTerms && m.to.includes(ALL)) held.unbound.push({ entry, agents: [...agents, ALL], beside: foreign ? [] : boundCallsigns(m, h, pairs, crossed) });
      else if (!answersTerms && agents.length > 0) held.unbound.push({ entry, agents });
    }
    // Another hello in this thread is no root of it (HELLO_THREAD_REUSED): it proposes nothing here.
    if (m.kind === "hello") continue;
    if (isHandler(m.from)) {
      for (const p of pairs.values()) if (p.state === "blocked: handler-decision") p.state = p.established_by === null ? "establishing" : "established";
      regroup(m.id);
      continue;
    }
    if (m.from !== h.from && !pairs.has(m.from) && m.kind === "welcome" && m.reply_to === h.id) {
      // Only a welcome that answers the hello as addressed opens a responder's chain.
      const miss = misaddressedAnswer(m, h);
      if (miss !== null) {
        findings.push(misaddressedFinding(entry, h, miss));
        continue;
      }
      pairs.set(m.from, { callsign: m.from, state: "establishing", proposal: h, acceptance: null, established_by: null, ids: new Set([h.id]), budget: h.exchange_budget, profile: h.profile, transport: h.transport, tags: h.tags, grouped_by: null });
    }
    // A callsign is a name within one arena (section 4): a message of another arena than the hello's
    // is not from the callsign this hello's chains bind, so it moves no chain; an answer to the terms
    // on the table is still told it is misaddressed, and its work is judged by its own arena's pairs.
    const foreign = m.arena !== h.arena;
    let downgraded = false;
    for (const pair of chainsOf(m)) {
      if (foreign) {
        const miss = m.reply_to === pair.proposal.id && m.from !== pair.proposal.from && (m.kind === "welcome" || m.terms !== null) ? misaddressedAnswer(m, pair.proposal) : null;
        if (miss !== null) findings.push(misaddressedFinding(entry, pair.proposal, miss));
        continue;
      }
      pair.ids.add(m.id);
      // "Resume only on direct Handler authority or causally declared authority-changing evidence",
      // read as the exchange budget and a standing blocked read it (_dialogue-step.ts): evidence
      // declared only to a Handler seat lifts nothing between the agents.
      if (pair.state === "blocked: handler-decision" && liftsStops(dialogueStep(m))) pair.state = pair.established_by === null ? "establishing" : "established";
      if (m.kind === "blocked" && pair.state === "establishing") pair.state = "blocked: handler-decision";
      const answering = m.reply_to === pair.proposal.id && m.from !== pair.proposal.from && (m.kind === "welcome" || m.terms !== null);
      const miss = answering ? misaddressedAnswer(m, pair.proposal) : null;
      if (miss !== null) findings.push(misaddressedFinding(entry, pair.proposal, miss));
      const answersProposal = answering && miss === null;
      // A chain with a callsign this hello lost its crossing with holds no terms (the canonical
      // hello's do): a CORE message in it downgrades nothing, and the pairs judge it (README note 131).
      if (!answering && pair.profile === "FULL" && m.profile !== "FULL" && !crossed.has(pair.callsign)) downgraded = true;
      if (answersProposal && pair.state !== "established") {
        const changed = changedTerms(m, pair, budget);
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
          proposals.add(m.id);
          if (crossed.has(pair.callsign)) lostProposals.add(m.id);
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
    // Two grouped responders work under the stricter of their chains' profiles, whichever side
    // sends (README notes 121 and 135): a responder's CORE message to another it is bound to, or to
    // `ALL`, which every bound responder reads, is held to that one's FULL chain as well as its own.
    // The initiator speaks in each chain it addresses (chainsOf); an answer to terms is a counter.
    if (!foreign && m.profile !== "FULL" && m.from !== h.from && pairs.has(m.from) && !crossed.has(m.from) && !answersTermsOnTable(m, proposals)) {
      const bound = bindsTo(m, h, pairs, crossed);
      const peers = m.to.includes(ALL) ? [...pairs.keys()] : m.to;
      if (peers.some((t) => t !== h.from && t !== m.from && bound(t) && pairs.get(t)?.profile === "FULL")) downgraded = true;
    }
    regroup(m.id);
    if (downgraded) findings.push(mailboxFinding("PROFILE_DOWNGRADE", `a ${m.profile} ${m.kind} under FULL terms: FULL requirements (session, seq, the third handshake message) are never silently downgraded; a change of profile is a counter`, { ...at(entry), slot: "profile" }));
    // Another arena's work is judged by its own arena's pairs. A hello that lost a crossing judges
    // work with its remaining chains as an uncrossed hello does; between the two who crossed, and for
    // anyone it settled nothing with, the pairs judge (README note 142).
    if (foreign && WORK_KINDS.has(m.kind) && !isHandler(m.from) && !m.to.every(isHandler)) {
      held.outside.push({ entry, agents: m.to.filter((t) => !isHandler(t)) });
    } else if (WORK_KINDS.has(m.kind)) {
      const work = workUnderHandshake(m, h, pairs, crossed);
      if (!work.allowed) held.findings.push(mailboxFinding("WORK_BEFORE_ESTABLISHED", `a ${m.kind} in thread ${h.thread} before its handshake is established: work under terms one side never saw`, at(entry)));
      else if (work.outside.length > 0) held.outside.push({ entry, agents: work.outside });
    }
  }
  const responders: ResponderHandshake[] = [...pairs.values()].map((p) => ({ callsign: p.callsign, state: p.state, proposal: p.proposal.id, established_by: p.established_by, exchange_budget: p.state === "established" ? p.budget : null, profile: p.established_by === null ? null : p.profile, tags: p.established_by === null ? null : [...p.tags], grouped_by: p.grouped_by }));
  // A chain with a callsign this hello lost its crossing with is kept for the audit trail, but
  // nothing it settled holds; the hello stands for everyone else it addresses.
  const live = [...pairs.values()].filter((p) => !crossed.has(p.callsign));
  const crossings = [...crossed].map(([callsign, canonical]) => ({ callsign, canonical }));
  const supersededBy = crossings.map((c) => c.canonical).sort()[0] ?? null;
  let state: HandshakeState = "establishing";
  if (crossed.size > 0 && live.length === 0 && named.length === 0) state = "superseded";
  else if (live.some((p) => p.state === "blocked: handler-decision")) state = "blocked: handler-decision";
  else if (live.length > 0 && live.every((p) => p.state === "established") && named.every((n) => pairs.has(n))) state = "established";
  // The terms settled across the live chains: the strictest of each, whichever chain was answered
  // first (_settled-terms.ts). A budget named by no chain stays null (each set the default); named
  // by some, a chain that named none counts as the default it set: the one the walk's budget uses
  // (analyzeMailbox's `budget` option), so the figure is the one the thread is held to.
  const chains = { responders, crossings };
  if (crossed.size > 0 && state !== "superseded") {
    unbound.push(...held.unbound);
    outside.push(...held.outside);
    findings.push(...held.findings);
  }
  const exchangeBudget = state !== "superseded" && namesBudget(chains) ? (settledBudget(chains, budget) ?? null) : null;
  const establishedProfile = state === "superseded" ? null : settledProfile(chains);
  return { thread: h.thread, hello: h.id, initiator: h.from, profile: h.profile, state, responders, superseded_by: supersededBy, crossings, exchange_budget: exchangeBudget, established_profile: establishedProfile };
}

/**
 * Whether a work message's sender works under this handshake's established terms with those it
 * addresses, and which agents it addresses that this handshake does not bind to it: those are
 * judged as in any other thread, by the pairs handshakes establish (right-to-work.ts). A responder's
 * acceptance binds it to the initiator, and to each other responder once both are grouped (the
 * same `grouped_by` `establishedPairs` settles them by, note 132); never to a third party the hello does not bind (4: "not
 * engaged"; 6: work under "terms one side never saw").
 */
function workUnderHandshake(m: MailboxEnvelope, h: MailboxEnvelope, pairs: ReadonlyMap<string, Pair>, crossed: ReadonlyMap<string, string>): { allowed: boolean; outside: string[] } {
  if (isHandler(m.from)) return { allowed: true, outside: [] };
  // Work only to Handler seats binds nobody this handshake settles, so it needs no pair, as in any
  // other thread (README note 105).
  if (m.to.every(isHandler)) return { allowed: true, outside: [] };
  // A chain with a callsign the hello lost its crossing with settles nothing: the two who crossed
  // are judged by their pair, as a third party is, and the initiator's work to `ALL` waits only for
  // the chains that remain (README note 142).
  const chain = (c: string): boolean => pairs.has(c) && !crossed.has(c);
  const established = (c: string): boolean => pairs.get(c)?.state === "established";
  if (m.from === h.from) {
    const targets = m.to.includes(ALL) ? [...pairs.keys()].filter(chain) : m.to.filter((t) => !isHandler(t));
    if (m.to.includes(ALL)) return { allowed: targets.length > 0 && targets.every(established), outside: [] };
    // An agent the hello settled nothing with (no welcome of it) is judged by its pairs elsewhere.
    return { allowed: targets.length > 0 && targets.filter(chain).every(established), outside: targets.filter((t) => !chain(t)) };
  }
  // A sender the hello settled nothing with (no welcome of it: a third party, or a named responder
  // that has not answered) is not bound by it either way: its work is judged by its pairs
  // elsewhere, as the initiator's to such an agent is above. The pair is one, whichever side sends.
  // To `ALL` too: the sender in at least one pair, as in any other thread (right-to-work.ts).
  if (!chain(m.from)) return { allowed: true, outside: m.to.filter((t) => !isHandler(t)) };
  if (!established(m.from)) return { allowed: false, outside: [] };
  if (m.to.includes(ALL)) return { allowed: true, outside: [] };
  const bound = bindsTo(m, h, pairs, crossed);
  return { allowed: true, outside: m.to.filter((t) => !isHandler(t) && !bound(t)) };
}

/**
 * Whom this handshake binds to `m`'s sender: the initiator to each responder that answered it, a
 * responder to the initiator and, once both are grouped (the group stood whole with each
 * established, so far in the walk), to another responder; a sender the hello settled nothing
 * with, to nobody. A callsign the hello lost a crossing with (`crossed`) is bound to nobody by it:
 * its chain settles nothing (a lost chain is never grouped).
 */
function bindsTo(m: MailboxEnvelope, h: MailboxEnvelope, pairs: ReadonlyMap<string, Pair>, crossed: ReadonlyMap<string, string>): (callsign: string) => boolean {
  if (m.from === h.from) return (t) => pairs.has(t) && !crossed.has(t);
  const sender = crossed.has(m.from) ? undefined : pairs.get(m.from);
  if (sender === undefined) return () => false;
  return (t) => t === h.from || (t !== m.from && sender.grouped_by !== null && (pairs.get(t)?.grouped_by ?? null) !== null);
}

/** The callsigns this handshake binds to a message's sender (bindsTo): whom it judges itself in a message to `ALL`. */
function boundCallsigns(m: MailboxEnvelope, h: MailboxEnvelope, pairs: ReadonlyMap<string, Pair>, crossed: ReadonlyMap<string, string>): string[] {
  const bound = bindsTo(m, h, pairs, crossed);
  return [h.from, ...pairs.keys()].filter((c) => c !== m.from && bound(c));
}

/** The agents a message addresses (`ALL` and Handler seats aside) that this handshake does not bind to its sender (bindsTo). */
function unboundAgents(m: MailboxEnvelope, h: MailboxEnvelope, pairs: ReadonlyMap<string, Pair>, crossed: ReadonlyMap<string, string>): string[] {
  const bound = bindsTo(m, h, pairs, crossed);
  return m.to.filter((t) => t !== ALL && !isHandler(t) && !bound(t));
}

/** Without the callsign claims' verdict, every message speaks for its sender. */
function misplacedHellos(sorted: readonly MailboxEntry[]): Map<string, MailboxEnvelope> {
  const openers = threadOpeners(new Map(sorted.map((entry) => [entry.envelope.id, entry.envelope])));
  const misplaced = new Map<string, MailboxEnvelope>();
  for (const { envelope } of sorted) {
    const opener = envelope.kind === "hello" ? openers.openedBefore(envelope) : null;
    if (opener !== null) misplaced.set(envelope.id, opener);
    openers.add(envelope);
  }
  return misplaced;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * The handshake of every thread rooted in a hello, and the findings the rules raise. Crossed hellos
 * are settled first: "the lexicographically smaller root message UUID becomes canonical" (section
 * 6), so a hello that lost a crossing establishes no pair with the one it crossed and licenses no
 * work between the two in its thread, whichever side welcomed which hello; that pair works only once
 * the canonical hello's handshake establishes it, in every thread alike. Its pairs with callsigns it
 * did not cross stand, and work with them in its thread is judged as in an uncrossed hello's. `budget` is the exchange budget a handshake sets when it names none
 * (analyzeMailbox's option of that name; section 8's default, 20, left out).
 */
export function handshakes(sorted: readonly MailboxEntry[], threads: ReadonlyMap<string, readonly MailboxEntry[]>, misplaced: ReadonlyMap<string, MailboxEnvelope> = misplacedHellos(sorted), budget: number = DEFAULT_EXCHANGE_BUDGET): { handshakes: Map<string, Handshake>; findings: MailboxFinding[]; outside: OutsideWork[]; unbound: OutsideWork[] } {
  const findings: MailboxFinding[] = [];
  const outside: OutsideWork[] = [];
  const unbound: OutsideWork[] = [];
  const out = new Map<string, Handshake>();
  const hellos = new Map<string, { hello: MailboxEntry; messages: readonly MailboxEntry[] }>();
  const welcomesTo = new Map<string, MailboxEnvelope[]>();
  for (const entry of sorted) {
    const e = entry.envelope;
    if (e.kind === "welcome" && e.reply_to !== null) push(welcomesTo, e.reply_to, e);
  }
  for (const [thread, messages] of threads) {
    // A hello is a true root (9): the one that opened its thread is its root; any other attaches a
    // root to history that is not its own.
    let hello: MailboxEntry | undefined;
    for (const entry of messages) {
      if (entry.envelope.kind !== "hello") continue;
      const opener = misplaced.get(entry.envelope.id) ?? hello?.envelope;
      if (opener === undefined) hello = entry;
      else findings.push(helloThreadReused(entry, opener));
    }
    if (hello !== undefined) hellos.set(thread, { hello, messages });
  }
  const lost = crossedHellos([...hellos.values()].map((x) => x.hello.envelope), welcomesTo);
  for (const [thread, { hello, messages }] of hellos) {
    const crossed = lost.get(hello.envelope.id) ?? new Map<string, string>();
    const handshake = threadHandshake(hello, messages, findings, crossed, outside, unbound, budget);
    out.set(thread, handshake);
    if (crossed.size === 0) continue;
    const canonicals = [...crossed].map(([callsign, canonical]) => `with ${callsign}, hello ${canonical} is canonical`).join("; ");
    const rest = handshake.state === "superseded" ? "" : "; its pairs with the others it addresses stand";
    findings.push(mailboxFinding("HELLO_CROSSED", `this hello crossed a hello with a smaller root UUID (${canonicals}): both stay in the audit trail, and only the canonical hello's handshake establishes that pair${rest}`, at(hello)));
  }
  return { handshakes: out, findings, outside, unbound };
}
