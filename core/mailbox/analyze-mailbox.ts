/**
 * The conversation rules across messages: duplicate identifiers, exact parents, sequence gaps,
 * root bindings, each thread's handshake, exchange budget and standing blocks, and the callsign
 * view. Takes the valid messages of one mailbox (any order); one pass over them in UUIDv7 order,
 * plus a sort (the rules from the claims walk on run again only where one of them quarantines a
 * final goodbye that retired a name).
 */
import { welcomeParentProblem } from "./_answers-as-addressed.js";
import { heldSoFar } from "./_owed-allowance.js";
import { arenaMembers } from "./_arena-members.js";
import { parentAnswerProblems } from "./_parent-answer-problems.js";
import { refusedParent, refusedParentWords } from "./_refused-parent.js";
import { claimsToFollowWelcomes, linksTo, wikilinks } from "./body.js";
import { addresseesDeparted } from "./addressee-departed.js";
import { addresseesUnclaimed } from "./addressee-unclaimed.js";
import { archivedThreadFindings } from "./archived-threads.js";
import { callsignClaims } from "./callsign-claims.js";
import { engagedStrangers } from "./engaged-strangers.js";
import type { CallsignClaims, CallsignView, ClaimOptions } from "./callsign-claims.js";
import { IDENTITY_CODES, mailboxFinding } from "./codes.js";
import type { MailboxCode, MailboxFinding } from "./codes.js";
import { at, byUuid } from "./entry.js";
import { assertObject } from "./_arguments.js";
import { shownValue } from "./_shown-value.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";
import { budgetOwed, budgetWalk } from "./exchange-budget.js";
import type { BudgetSpent, ExchangeBudget } from "./exchange-budget.js";
import { rootsNotFresh } from "./fresh-roots.js";
import { handshakes } from "./handshake.js";
import type { Handshake } from "./handshake.js";
import { establishedSince } from "./_established-since.js";
import { settledBudget } from "./_settled-terms.js";
import { orphanedThreads } from "./orphaned-threads.js";
import { quarantinedParents } from "./quarantined-parents.js";
import { primerFindings } from "./primer.js";
import type { PrimerState } from "./primer.js";
import { establishedPairs, fullPairsBeyond, fullPeersOf, pairBudgetAt, rightToWork, rightToWorkBeyond } from "./right-to-work.js";
import { repeatedRepairs } from "./repeated-repairs.js";
import { republishedReplies } from "./republished-replies.js";
import { resumesUnanswered } from "./resume-answered.js";
import { sameRootId } from "./root-id.js";
import { selfRatificationProblem } from "./self-ratification.js";
import { settledTagFindings } from "./settled-tags.js";
import { blocksWalk } from "./standing-blocks.js";
import type { StandingBlock } from "./standing-blocks.js";
import { DEFAULT_EXCHANGE_BUDGET, MAILBOX_KINDS } from "./vocabulary.js";

export interface ThreadSummary {
  readonly thread: string;
  /** The thread's first message in UUID order, and its kind. */
  readonly first: string;
  readonly kind: string;
  readonly messages: number;
  readonly handshake: Handshake | null;
  readonly budget: ExchangeBudget;
  /**
   * The agents whose `blocked` still stands at the thread's end, in the order they blocked: each
   * waits on Handler input or declared new evidence (sections 6 and 8). Empty when none.
   */
  readonly blocked: readonly StandingBlock[];
  /**
   * Unfinished (a reply still owed in it) with no active participant: every one departing or
   * departed, so it is blocked for the Handler, never silently closed (section 8; THREAD_ORPHANED).
   */
  readonly orphaned: boolean;
}

export interface MailboxAnalysis {
  readonly threads: readonly ThreadSummary[];
  readonly callsigns: readonly CallsignView[];
  readonly findings: readonly MailboxFinding[];
  /**
   * Messages that cannot authorize work, by UUID, with the codes that quarantine each: every error
   * the conversation rules raise against it, and an unexpected callsign (sections 4, 10, 13).
   * Reconciliation never asks to handle them.
   */
  readonly quarantine: ReadonlyMap<string, readonly MailboxCode[]>;
}

export interface AnalyzeOptions extends ClaimOptions {
  /** The exchange budget a handshake sets when it names none (section 8: default 20). */
  readonly budget?: number;
  /**
   * Whether the mailbox root holds its visible primer, as the reader of the folder found it. Left
   * out (the Worker's preflight, the playground: no folder), the primer is not judged.
   */
  readonly primer?: PrimerState;
  /**
   * The UUID of the message about to be published (`rw mailbox new`'s preflight): a rule with an
   * outbound form refuses in it what it only notes in a peer's message (SETTLED_TAGS_CHANGED).
   */
  readonly publishing?: string;
}

/** A thread as the walk leaves it: its budget spent, its debts read once the whole quarantine is known. */
type WalkedThread = Omit<ThreadSummary, "budget"> & { readonly spent: BudgetSpent };

/**
 * How many times the conversation rules run at most, withdrawing quarantined final goodbyes'
 * retirements (below). One withdrawal leading to another takes a mailbox built for it.
 */
export const RETIREMENT_ROUNDS = 4;

/** A short fingerprint of a root identifier: repair notices never carry the full value. */
const fingerprint = (root: string): string => root.slice(0, 12).toLowerCase();

export function analyzeMailbox(entries: readonly MailboxEntry[], options: AnalyzeOptions = {}): MailboxAnalysis {
  // Entries are what a reader of messages returned: one missing is the caller's misuse, named by its place.
  if (!Array.isArray(entries)) throw new TypeError(`analyzeMailbox: entries is a list of MailboxEntry { envelope, body?, file? }, not ${shownValue(entries)}`);
  for (let i = 0; i < entries.length; i++) {
    const entry: unknown = entries[i];
    assertObject("analyzeMailbox", `entries.${i} is a MailboxEntry { envelope, body?, file? }`, entry);
    assertObject("analyzeMailbox", `entries.${i}.envelope is a message's envelope`, (entry as { envelope?: unknown }).envelope);
  }
  const findings: MailboxFinding[] = [];
  // One message per UUID. Copies identical to the first are one delivery. A UUID whose files
  // differ no longer identifies one message: every file of it is an anomaly, and none of them takes
  // part in the conversation rules (handshakes, claims, the right to work), so the outcome never
  // depends on which file is read first (input or filename order).
  const groups = new Map<string, MailboxEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.envelope.id);
    if (group === undefined) groups.set(entry.envelope.id, [entry]);
    else group.push(entry);
  }
  const byId = new Map<string, MailboxEntry>();
  // Every file of a message delivered more than once: a reply that links any of them links it.
  const filesOf = new Map<string, string[]>();
  const conflicted = new Set<string>();
  const unique: MailboxEntry[] = [];
  for (const [id, group] of groups) {
    const first = group[0] as MailboxEntry;
    if (group.every((entry) => sameMessage(first, entry))) {
      for (const entry of group.slice(1)) findings.push(mailboxFinding("DUPLICATE_DELIVERY", `a second delivery of ${first.file ?? id}, with the same UUID, envelope and body: one message, handled once (the prior response stands)`, at(entry)));
      byId.set(id, first);
      filesOf.set(id, group.flatMap((entry) => (entry.file ? [entry.file] : [])));
      unique.push(first);
      continue;
    }
    conflicted.add(id);
    const names = group.map((entry) => entry.file ?? "a message without a file name");
    for (const entry of group) {
      const others = names.filter((n) => n !== (entry.file ?? "a message without a file name")).sort();
      findings.push(mailboxFinding("DUPLICATE_ID", `its UUID ${id} is also used by ${others.length > 0 ? others.join(", ") : "another message"} with other content: an anomaly; the UUID no longer identifies one message, so no file of it is consumed, or takes part in a handshake or authorizes work, before an audit`, at(entry)));
    }
  }
  const sorted = byUuid(unique);
  const threads = new Map<string, MailboxEntry[]>();
  const roots = new Map<string, string>();
  const seqs = new Map<string, number>();
  for (const entry of sorted) {
    const e = entry.envelope;
    const list = threads.get(e.thread);
    if (list === undefined) threads.set(e.thread, [entry]);
    else {
      // A thread opened under FULL stays FULL (a hello's thread is the handshake's to judge).
      const root = (list[0] as MailboxEntry).envelope;
      if (root.profile === "FULL" && root.kind !== "hello" && e.profile !== "FULL") findings.push(mailboxFinding("PROFILE_DOWNGRADE", `a ${e.profile} ${e.kind} in a thread opened under FULL: FULL requirements are never silently downgraded`, { ...at(entry), slot: "profile" }));
      list.push(entry);
    }
    // The exact parent: known, in the same thread (a root kind's reply_to is only a citation).
    if (e.reply_to !== null) {
      const parent = byId.get(e.reply_to);
      if (parent === undefined && conflicted.has(e.reply_to)) {
        // The parent's UUID names files that differ (DUPLICATE_ID): which one is meant is unknown.
      } else if (parent === undefined) {
        // A parent whose file is here but refused is not "not in this mailbox": it is no message
        // to answer until its sender corrects it (or a half-synced file reads whole).
        const held = refusedParent(options.refused, e.reply_to);
        const why = held === undefined ? `is not in this mailbox (${options.archiveRead === true ? "not yet synced, or wrong; its archive was read too" : "not yet synced, archived, or wrong"})` : `${refusedParentWords(held)}: no valid message to answer until it is corrected, or read whole if it was still syncing`;
        findings.push(mailboxFinding("PARENT_UNKNOWN", `reply_to ${e.reply_to} ${why}`, at(entry)));
      }
      else if (parent.envelope.arena !== e.arena && MAILBOX_KINDS[e.kind].parent !== "root") {
        // A callsign is a name within one arena (4): the parent addressed another arena's names, so
        // this sender need not be the one it asked. Its causality is unproven, so the parent's own
        // rules (thread, link, what may follow it) are not read against it either.
        const p = parent.envelope;
        findings.push(mailboxFinding("PARENT_ARENA_MISMATCH", `reply_to ${p.id} is a message of arena ${p.arena}, this message is in arena ${e.arena}: the arena is the collaboration boundary and a callsign a name within one arena, so it answers nothing there; a causal response stays in its parent's arena`, { ...at(entry), slot: "reply_to", expected: e.arena, received: p.arena }));
      } else {
        const p = parent.envelope;
        if (p.thread !== e.thread && MAILBOX_KINDS[e.kind].parent !== "root") findings.push(mailboxFinding("PARENT_THREAD_MISMATCH", `reply_to ${p.id} is in thread ${p.thread}, this message in ${e.thread}: a reply stays in its parent's thread`, at(entry)));
        // The body's links, read once for every rule that reads them.
        const links = wikilinks(entry.body ?? "");
        // The parent delivered twice is one message in two files, and which one sorts first is
        // chance: a link to either is a link to it.
        if (entry.body !== undefined && parent.file && links.length > 0 && !(filesOf.get(p.id) ?? [parent.file]).some((file) => linksTo(links, file))) {
          findings.push(mailboxFinding("PARENT_LINK_MISSING", `the body does not wikilink its exact parent [[${parent.file.replace(/\.md$/, "")}]]`, at(entry)));
        }
        // A welcome answers a hello (6); citing another kind, it answers no handshake and claims nothing.
        const notHello = welcomeParentProblem(e.kind, p.kind);
        if (notHello !== null) findings.push(mailboxFinding("WELCOME_PARENT_NOT_HELLO", notHello, { ...at(entry), slot: "reply_to" }));
        const selfRatified = selfRatificationProblem(e, p);
        if (selfRatified !== null) findings.push(mailboxFinding("RATIFY_SELF", selfRatified, { ...at(entry), slot: "reply_to" }));
        if (e.kind === "ack" && p.kind === "hello" && claimsToFollowWelcomes(entry.body ?? "", links)) {
          findings.push(mailboxFinding("ACK_SKIPS_WELCOME", "this ack's reply_to is the hello, but its body claims to follow welcomes: the envelope graph is the contract", { ...at(entry), slot: "reply_to" }));
        }
        // What may not follow its parent, read as a peer's (the preflight refuses its own, so
        // `rw mailbox new` meets these only on others' messages): noted, it binds nobody.
        append(findings, answerNotes(entry, p));
      }
    }
    // Root bindings: one root per arena, callsign and machine; the first message provisions it.
    const bindingKey = `${e.arena}\u0000${e.from}\u0000${e.machine}`;
    const bound = roots.get(bindingKey);
    if (bound === undefined) roots.set(bindingKey, e.root);
    else if (!sameRootId(bound, e.root)) {
      findings.push(mailboxFinding("ROOT_MISMATCH", `needs-audit: root-mismatch: ${e.from} on machine ${e.machine} bound root ${fingerprint(bound)}…, this message says ${fingerprint(e.root)}…; quarantined, it cannot authorize work`, { ...at(entry), slot: "root", expected: fingerprint(bound), received: fingerprint(e.root) }));
    }
    // Sequence: a per-sender, per-thread gap signal. A callsign is a name within one arena (4), so
    // another arena's sender of that name, in a thread of the same id, counts a sequence of its own.
    if (e.seq !== null) {
      const seqKey = `${e.arena}\u0000${e.thread}\u0000${e.from}`;
      const last = seqs.get(seqKey);
      if (last !== undefined && e.seq !== last + 1) findings.push(mailboxFinding("SEQ_GAP", `seq ${e.seq} from ${e.from} follows seq ${last} in this thread`, { ...at(entry), slot: "seq", expected: String(last + 1), received: String(e.seq) }));
      seqs.set(seqKey, e.seq);
    }
  }
  // A new conversation's root carries a new thread and request_id (8, 12): a note, refusing nothing.
  append(findings, rootsNotFresh(sorted));
  // A message cannot answer itself, nor a message that (through its own parents) answers it:
  // each would count as the other's exact causal reply and close obligations nobody met.
  for (const id of parentCycles(sorted, byId)) {
    const entry = byId.get(id) as MailboxEntry;
    findings.push(mailboxFinding("PARENT_CYCLE", `reply_to ${entry.envelope.reply_to} ${entry.envelope.reply_to === id ? "is this message itself" : "answers this message, directly or through its parents"}: a reply cites a message that existed before it, so this causal parent is impossible`, { ...at(entry), slot: "reply_to" }));
  }
  // Who may speak for a callsign is settled before what anyone agreed: a message whose sender or
  // locus the rules refuse (another locus's claim, a root mismatch, a causal cycle) cannot accept,
  // counter or establish terms, nor license work in another thread (4, 6). A name never claimed
  // stays in: its work is still WORK_BEFORE_ESTABLISHED, which `rw mailbox new` refuses.
  const silenced = new Set<string>();
  // What an error quarantines so far: a final goodbye among it retires nobody (callsign-claims.ts).
  const refused = new Set<string>();
  for (const f of findings) {
    if (f.id === undefined || f.severity !== "error") continue;
    refused.add(f.id);
    if (IDENTITY_CODES.has(f.code)) silenced.add(f.id);
  }
  const known = findings.length;
  // Who a question to ALL asks, as reply debt reads it (_owed.ts): every callsign of its arena.
  const members = arenaMembers(sorted);
  const converse = (): { claims: CallsignClaims; summaries: WalkedThread[] } => {
    const claims = callsignClaims(sorted, options, silenced, refused, filesOf);
    const untrusted = new Set(silenced);
    for (const f of claims.findings) if (f.id !== undefined && f.severity === "error" && IDENTITY_CODES.has(f.code)) untrusted.add(f.id);
    const trusted = sorted.filter((entry) => !untrusted.has(entry.envelope.id));
    const trustedThreads = new Map<string, MailboxEntry[]>();
    for (const entry of trusted) {
      const list = trustedThreads.get(entry.envelope.thread);
      if (list === undefined) trustedThreads.set(entry.envelope.thread, [entry]);
      else list.push(entry);
    }
    const shakes = handshakes(trusted, trustedThreads, claims.misplaced, options.budget);
    append(findings, shakes.findings);
    append(findings, settledTagFindings(shakes.handshakes, trustedThreads, options.publishing));
    // A handshake settles pairs in its hello's arena, which need not be its thread's first message's:
    // a message of another arena may sit in the thread before the hello (README note 114).
    const arenaOf = (thread: string): string => (byId.get(shakes.handshakes.get(thread)?.hello ?? "") ?? (threads.get(thread)?.[0] as MailboxEntry)).envelope.arena;
    // Threads no handshake judges, and the threads of superseded hellos, work under the pairs the
    // handshakes establish. A message its crossed handshake, or its thread opened under
    // FULL, already found downgraded is not reported twice. The thread's opener is its first message
    // of all, not of the trusted ones: a thread whose first message does not speak for its sender (a
    // retired name's hello) and whose next is FULL was not opened under FULL, so its CORE message to
    // a FULL peer is the pairs' to judge (README note 124).
    const downgraded = new Set(findings.filter((f) => f.code === "PROFILE_DOWNGRADE").map((f) => f.id));
    // A crossed hello of which some chain or name remains judges its thread itself, its remaining
    // chains as an uncrossed hello's and the rest by the pairs (README notes 141, 142).
    const pairsJudge = (h: Handshake | undefined): boolean => h === undefined || h.state === "superseded";
    const outside = [...trustedThreads].filter(([thread]) => pairsJudge(shakes.handshakes.get(thread))).map(([, list]) => list);
    const pairs = establishedPairs(shakes.handshakes, arenaOf);
    // Each callsign's FULL peers, read once for both walks that hold a CORE message to `ALL` to them.
    const fullPeers = fullPeersOf(pairs);
    // The hellos of the superseded threads: proposals when sent, whatever the crossing voided.
    const proposals = new Set([...shakes.handshakes.values()].filter((h) => h.state === "superseded").map((h) => h.hello));
    append(findings, rightToWork(outside, pairs, fullPeers, proposals).filter((f) => !(f.code === "PROFILE_DOWNGRADE" && downgraded.has(f.id))));
    append(findings, rightToWorkBeyond(shakes.outside, pairs));
    append(findings, fullPairsBeyond(shakes.unbound, pairs, fullPeers).filter((f) => !downgraded.has(f.id)));
    // What the analysis quarantines before the walks, an answer to a stranger or to what does not
    // speak for its sender among it (the rules run again at the end over the whole quarantine, and
    // quarantine the same messages): a question it holds owes nothing, so its answer is no reply
    // owed past a spent budget or a blocked (README note 153).
    const heldBefore = quarantineOf([...findings, ...claims.findings], claims.unclaimed);
    for (const f of engagedStrangers(sorted, new Set(claims.unclaimed), heldBefore)) if (f.id !== undefined) heldBefore.set(f.id, [f.code]);
    for (const f of quarantinedParents(sorted, heldBefore)) if (f.id !== undefined) heldBefore.set(f.id, [f.code]);
    const summaries: WalkedThread[] = [];
    // The budget counts what the pair said: a message that does not speak for its sender neither
    // spends it nor, declaring new evidence, resets it.
    for (const [thread, messages] of threads) {
      const first = (messages[0] as MailboxEntry).envelope;
      // The budget the thread's parties accepted: its own handshake's (none named is the default),
      // else their pair's (section 8: "The handshake sets a per-thread exchange budget"), never
      // another pair's of the same arena; each from the acceptance that set it, not before (6).
      // A group's chains may settle different budgets: the strictest binds, whoever answered first
      // (before the group first stands whole, the pairs' budgets hold each chain's from its
      // acceptance). From then on, the strictest of the chains established before each message,
      // whatever pends or counters later (README note 136): never the handshake's final state.
      const own = shakes.handshakes.get(thread);
      const ownSince = own === undefined ? undefined : establishedSince(own);
      const fallback = options.budget ?? DEFAULT_EXCHANGE_BUDGET;
      const pairBudget = pairBudgetAt(first, pairs, fallback);
      const ownBudget = (before: string | null): number | undefined =>
        own === undefined || ownSince === undefined || (before !== null && before <= ownSince) ? undefined : settledBudget(own, fallback, before ?? undefined);
      const limitAt = (before: string | null): number => ownBudget(before) ?? pairBudget(before ?? undefined) ?? fallback;
      const spoken = trustedThreads.get(thread) ?? [];
      // One blocked, then silence until Handler input or declared new evidence (sections 6 and 8).
      // The two walks go in step, each message judged by both before the next: a question either
      // refuses owes nothing, past the budget or a blocked (README note 153). Their findings keep
      // their order, the budget's first.
      const held = heldSoFar(heldBefore);
      const budgetFindings: MailboxFinding[] = [];
      const blockFindings: MailboxFinding[] = [];
      const budget = budgetWalk(spoken, limitAt, budgetFindings, held);
      const blocks = blocksWalk(spoken, blockFindings, held);
      for (const entry of spoken) {
        budget.step(entry);
        blocks.step(entry);
      }
      append(findings, budgetFindings);
      append(findings, blockFindings);
      const spent = budget.spent();
      const blocked = blocks.standing();
      summaries.push({ thread, first: first.id, kind: first.kind, messages: messages.length, handshake: shakes.handshakes.get(thread) ?? null, spent, blocked, orphaned: false });
    }
    // A resume an error refuses makes nobody wait for its answer: one refused before the walk, by
    // the claims (an undeclared succession), or by what the walk found of it (a CORE resume to a
    // FULL peer or to `ALL` beside one, one past its thread's budget or after its sender's standing
    // blocked): quarantined, it is no evidence of anything (README note 130).
    const refusedResumes = new Set(refused);
    for (const list of [findings.slice(known), claims.findings]) for (const f of list) if (f.id !== undefined && f.severity === "error") refusedResumes.add(f.id);
    append(findings, resumesUnanswered(trusted, refusedResumes));
    append(findings, claims.findings);
    return { claims, summaries };
  };
  // A retirement settles whether every later message of its name speaks for it, and so what the
  // handshakes, budgets and blocks judge: an error of theirs on a final goodbye (spent budget, a
  // standing blocked) is known only after the walk. Such a goodbye is quarantined, so it retires
  // nobody, as it departs nobody in the participant lifecycle: the walk runs again without it. A
  // round only ever withdraws retirements, so the rounds end; the first is the last but where a
  // retiring goodbye is quarantined. Each withdrawal can make the next one (the name's later
  // messages, trusted again, spend another thread's budget before another final goodbye), so a
  // crafted mailbox could ask one round per name, each a pass over everything: past
  // RETIREMENT_ROUNDS the retirements left stand. That errs toward refusing: the name stays
  // tombstoned and what it sends later stays CALLSIGN_RETIRED.
  let round = converse();
  let quarantine = quarantineOf(findings, round.claims.unclaimed);
  for (let rounds = 1; rounds < RETIREMENT_ROUNDS; rounds++) {
    const undone = round.claims.callsigns.map((c) => c.retired_by).filter((id): id is string => id !== null && quarantine.has(id));
    if (undone.length === 0) break;
    for (const id of undone) refused.add(id);
    findings.length = known;
    round = converse();
    quarantine = quarantineOf(findings, round.claims.unclaimed);
  }
  const { claims } = round;
  // Unexpected callsigns are not engaged (4, 13): an agent's answer to a message from a name nobody
  // claimed is an error, quarantined as the stranger's message is.
  const engaged = engagedStrangers(sorted, new Set(claims.unclaimed), quarantine);
  append(findings, engaged);
  for (const f of engaged) if (f.id !== undefined) quarantine.set(f.id, [...(quarantine.get(f.id) ?? []), f.code]);
  // A message that does not speak for its sender is not answered (3, 4, 10): an agent's answer to
  // one acts on what cannot authorize work, and is quarantined as an error.
  const answered = quarantinedParents(sorted, quarantine);
  append(findings, answered);
  for (const f of answered) if (f.id !== undefined) quarantine.set(f.id, [...(quarantine.get(f.id) ?? []), f.code]);
  // Never republish (9): a second answer of its sender's to the same reply_to and request_id. It is
  // judged against answers the final quarantine leaves standing (an answer to a stranger or to what
  // does not speak for its sender is none, so those rules come first: README note 106), and is
  // quarantined itself.
  const republished = republishedReplies(sorted, quarantine);
  append(findings, republished);
  for (const f of republished) if (f.id !== undefined) quarantine.set(f.id, [...(quarantine.get(f.id) ?? []), f.code]);
  // At most one repair request per sender and anomaly (7), judged against those left standing.
  const repairs = repeatedRepairs(sorted, quarantine);
  append(findings, repairs);
  for (const f of repairs) if (f.id !== undefined) quarantine.set(f.id, [...(quarantine.get(f.id) ?? []), f.code]);
  // The replies a thread at its limit still owes are reply debt's, as `participants`' `owes` reads
  // them (README note 151): with the quarantine the whole analysis makes, its budget findings among it.
  const summaries: ThreadSummary[] = round.summaries.map(({ spent, blocked, orphaned, ...t }) => ({ ...t, budget: budgetOwed(spent, members, quarantine), blocked, orphaned }));
  // Who is away is read from what the analysis does not quarantine, as the lifecycle reads it: a
  // note, so it feeds no quarantine.
  append(findings, addresseesDeparted(sorted, quarantine, new Set(claims.callsigns.map((c) => c.retired_by).filter((id) => id !== null))));
  // A name nobody claimed disposes of nothing sent to it (4): a note, so it feeds no quarantine.
  append(findings, addresseesUnclaimed(sorted, quarantine, claims.callsigns));
  // Who is still present is read from what speaks for its sender, so the quarantine comes first. The
  // finding is about a thread, not a message (no id): it quarantines nothing and refuses no publication.
  const orphans = orphanedThreads(sorted, quarantine);
  append(findings, [...orphans.values()]);
  // The room's primer: a finding about the room, not a message (no id), so it quarantines nothing.
  append(findings, primerFindings(options.primer, groups.size));
  // The archive (13): each finding is about a thread or a folder (no id), so it quarantines nothing.
  append(findings, archivedThreadFindings(entries, sorted, quarantine));
  const threadSummaries = orphans.size === 0 ? summaries : summaries.map((t) => (orphans.has(t.thread) ? { ...t, orphaned: true } : t));
  return { threads: threadSummaries, callsigns: claims.callsigns, findings, quarantine };
}

/**
 * The notes about an answer that its parent shows (the reader's rules, which a reader of one file
 * without its parent cannot apply): an answer to an availability FYI, a courtesy ack, and a
 * handshake field answering what puts no terms on the table (one the message alone shows misplaced
 * was noted as it was read).
 */
function answerNotes(entry: MailboxEntry, parent: MailboxEnvelope): MailboxFinding[] {
  const e = entry.envelope;
  const fields = (["terms", "exchange_budget"] as const).filter((field) => e[field] !== null);
  return parentAnswerProblems({ kind: e.kind, from: e.from, carriesTerms: e.terms !== null, fields }, parent).map((p) => mailboxFinding(p.inbound.code, p.inbound.message, { ...at(entry), slot: p.slot }));
}

/**
 * Appends one by one: `out.push(...more)` passes every finding as a call argument, and a thread of
 * 200,000 messages each refused (WORK_BEFORE_ESTABLISHED, CALLSIGN_UNCLAIMED) passes more than a
 * call takes (RangeError), where an answer was due.
 */
function append(out: MailboxFinding[], more: readonly MailboxFinding[]): void {
  for (const f of more) out.push(f);
}

/**
 * Messages that cannot authorize work, with their codes: every error against one, and every message
 * from a name never claimed.
 */
function quarantineOf(findings: readonly MailboxFinding[], unclaimed: readonly string[]): Map<string, MailboxCode[]> {
  const quarantine = new Map<string, MailboxCode[]>();
  const hold = (id: string, code: MailboxCode): void => {
    const codes = quarantine.get(id);
    if (codes === undefined) quarantine.set(id, [code]);
    else if (!codes.includes(code)) codes.push(code);
  };
  for (const f of findings) if (f.id !== undefined && f.severity === "error") hold(f.id, f.code);
  for (const id of unclaimed) hold(id, "CALLSIGN_UNCLAIMED");
  return quarantine;
}

/** The UUIDs on a cycle of reply_to (a message citing itself included), in the order given. */
function parentCycles(entries: readonly MailboxEntry[], byId: ReadonlyMap<string, MailboxEntry>): string[] {
  const done = new Set<string>();
  const onCycle = new Set<string>();
  for (const start of entries) {
    // Walk up the parents until a root, an unknown parent, or a message already walked.
    const path: string[] = [];
    const index = new Map<string, number>();
    let id: string | null = start.envelope.id;
    while (id !== null && !done.has(id) && byId.has(id)) {
      if (index.has(id)) {
        for (const c of path.slice(index.get(id))) onCycle.add(c);
        break;
      }
      index.set(id, path.length);
      path.push(id);
      id = (byId.get(id) as MailboxEntry).envelope.reply_to;
    }
    for (const p of path) done.add(p);
  }
  return entries.map((e) => e.envelope.id).filter((id) => onCycle.has(id));
}

/** Two files with one UUID, the same envelope and the same body: one message delivered twice. */
function sameMessage(a: MailboxEntry, b: MailboxEntry): boolean {
  return JSON.stringify(a.envelope) === JSON.stringify(b.envelope) && (a.body ?? "") === (b.body ?? "");
}
