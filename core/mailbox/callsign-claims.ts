/**
 * The callsign view (section 4), built from the inbox history: `hello`/`welcome` claims, `resume`
 * reclaims and successions, and `re-entry: final` goodbyes, which retire a name for good (a
 * `returning` goodbye leaves the name held; addressee-departed.ts notes who is away).
 * A claimant is its locus (machine and mailbox root): when two loci claim one name in an arena,
 * the smaller root UUID keeps it and the later claim is a collision. A name unseen for the TTL is
 * expired: unavailable to strangers, reclaimable by its holder. Section 4 provisions a first hello
 * or welcome only "after its other required identity, addressing, causality, and path checks pass":
 * a welcome claims only when it answers its parent as addressed (a misaddressed one is refused,
 * HANDSHAKE_MISADDRESSED), and only once the mailbox holds that parent (WELCOME_PARENT_UNKNOWN: the
 * causality check cannot pass yet, and the claim waits for the parent to arrive), and not when
 * that parent is a misplaced hello (WELCOME_HELLO_MISPLACED: it answers terms nobody proposed); a
 * hello only when it opens its thread (a misplaced one is refused, HELLO_THREAD_REUSED, which the
 * handshakes report from what the claims find here). A message from a name nobody claimed opens a
 * thread only for a later hello of its own sender and locus: it speaks for nobody else.
 */
import { misaddressedAnswer, welcomeParentProblem } from "./_answers-as-addressed.js";
import { threadOpeners } from "./_thread-openers.js";
import { refusedParent, refusedParentWords } from "./_refused-parent.js";
import type { RefusedFile } from "./_refused-parent.js";
import { linksTo, wikilinks } from "./body.js";
import { reEntryOf } from "./re-entry.js";
import { isHandler } from "./callsign.js";
import { IDENTITY_CODES, mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEnvelope } from "./envelope.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { uuid7Time } from "./uuid7.js";
import { CLAIM_KINDS, DEFAULT_CALLSIGN_TTL_DAYS } from "./vocabulary.js";

export type NameState = "active" | "expired" | "retired";

export interface CallsignView {
  readonly arena: string;
  readonly callsign: string;
  readonly state: NameState;
  /** The claim (or reclaim) that holds the name now. */
  readonly claimed_by: string;
  /** The holder's locus: machine and mailbox-root identifier. */
  readonly machine: string;
  readonly root: string;
  /** Epoch ms of the newest valid message from this name: any message renews it. */
  readonly last_seen: number;
  /** Every claim and succession, oldest first (append-only holder lineage). */
  readonly lineage: readonly string[];
  /** The final goodbye that retired the name, or null: what a reply to the name is refused for (ADDRESSEE_RETIRED). */
  readonly retired_by: string | null;
}

export interface ClaimOptions {
  /** Epoch ms: names unseen for the TTL are expired. Without it, nothing expires. */
  readonly now?: number | null;
  readonly ttlDays?: number;
  /**
   * Whether the caller read the archive beside the inbox (the CLI does): then a UUID the mailbox
   * does not hold is not archived, and no finding says it may be. Left out (the Worker, the
   * playground: no folder), it may be.
   */
  readonly archiveRead?: boolean;
  /**
   * The files the reader refused whose UUID could still be read (`rw mailbox check`: an inbox file
   * with a refused envelope), each with its first error. A `reply_to` naming one is told that its
   * parent is present but refused, not that it is not in the mailbox (`PARENT_UNKNOWN`,
   * `WELCOME_PARENT_UNKNOWN`).
   */
  readonly refused?: readonly RefusedFile[];
}

interface Holder {
  arena: string;
  callsign: string;
  retired: boolean;
  claimed_by: string;
  locus: string;
  machine: string;
  root: string;
  last_seen: number;
  lineage: string[];
  /** The holder's newest message (its last accepted message), and the session it carried. */
  last: MailboxEntry;
  /** The final goodbye that retired the name, once one has. */
  retired_by: string | null;
}

/** A provenance string as a person reads it: without its unseen characters; null when nothing is left. */
const seen = (s: string | null): string | null => s?.replace(/\p{Cf}/gu, "") || null;

/**
 * Section 4: declared succession is "a first `resume` naming the seat, new session/provenance, and
 * prior holder's last accepted message". What is missing from this resume, or nothing. (The
 * Handler's authorization it also needs is not in the mailbox.)
 */
function successionGaps(entry: MailboxEntry, prior: MailboxEntry, filesOf: ReadonlyMap<string, readonly string[]>): string[] {
  const e = entry.envelope;
  const body = entry.body ?? "";
  const gaps: string[] = [];
  if (!new RegExp(`(?<![A-Z0-9-])${e.from}(?![A-Z0-9-])`).test(body)) gaps.push(`the seat ${e.from} named in the body`);
  const p = prior.envelope;
  const newSession = e.session !== null && e.session !== p.session;
  // New as a person reads it: a model differing only by an unseen character (claude\u200b) is not.
  const model = seen(e.model);
  const newProvenance = model !== null && (model !== seen(p.model) || seen(e.company) !== seen(p.company));
  if (!newSession && !newProvenance) gaps.push("a new session (or model provenance)");
  // The message delivered twice is one message in two files, and which one is kept is chance: a
  // link to either cites it (as a reply's parent link, README note 98).
  const links = wikilinks(body);
  const files = filesOf.get(p.id) ?? (prior.file ? [prior.file] : []);
  if (!body.includes(p.id) && !files.some((file) => linksTo(links, file))) gaps.push(`the prior holder's last accepted message (${prior.file ?? p.id})`);
  return gaps;
}

const locusOf = (e: MailboxEnvelope): string => `${e.machine}\u0000${e.root.toLowerCase()}`;

export interface CallsignClaims {
  readonly callsigns: CallsignView[];
  readonly findings: MailboxFinding[];
  /** Every message from a name never claimed (the finding surfaces the name once). */
  readonly unclaimed: string[];
  /** Each misplaced hello (by UUID) and the message that opened its thread before it. */
  readonly misplaced: ReadonlyMap<string, MailboxEnvelope>;
}

/**
 * The name view of every arena, and the collisions, retired claims and strangers it finds.
 * `silenced` holds the messages that do not speak for their senders whatever the claims say (a root
 * mismatch, a causal cycle): they open no thread before a hello. `refused` holds the messages an
 * error of the conversation rules quarantines, as far as they are known before this walk (it
 * includes `silenced`): a final goodbye among them, or one this walk refuses, retires nobody, as
 * the participant lifecycle (participant-status.ts) departs nobody on a quarantined message.
 * `filesOf` holds every file of a message delivered more than once: a succession citing any of
 * them cites that message.
 */
export function callsignClaims(sorted: readonly MailboxEntry[], options: ClaimOptions = {}, silenced: ReadonlySet<string> = new Set(), refused: ReadonlySet<string> = silenced, filesOf: ReadonlyMap<string, readonly string[]> = new Map()): CallsignClaims {
  const findings: MailboxFinding[] = [];
  const names = new Map<string, Holder>();
  const unclaimed = new Set<string>();
  const strangers: string[] = [];
  const byId = new Map(sorted.map((entry) => [entry.envelope.id, entry.envelope]));
  const openers = threadOpeners(byId);
  const misplaced = new Map<string, MailboxEnvelope>();
  /** Whether a hello, welcome or resume claims: every check section 4 names that the mailbox can make passes. */
  const claims = (entry: MailboxEntry): boolean => {
    const e = entry.envelope;
    if (!CLAIM_KINDS.has(e.kind)) return false;
    if (e.kind === "hello") {
      const opener = openers.openedBefore(e);
      if (opener !== null) misplaced.set(e.id, opener);
      return opener === null;
    }
    if (e.kind !== "welcome" || e.reply_to === null) return true;
    // A welcome whose parent is not here may be answering a hello not yet synced, or none at all
    // (a name squatted with a made-up parent): its causality cannot be checked, so it waits.
    const parent = byId.get(e.reply_to);
    if (parent === undefined) {
      const held = refusedParent(options.refused, e.reply_to);
      const absent = held === undefined ? `is not a message this mailbox holds (not yet synced, ${options.archiveRead === true ? "" : "archived, "}wrong, or a UUID whose files differ)` : refusedParentWords(held);
      findings.push(mailboxFinding("WELCOME_PARENT_UNKNOWN", `this welcome's reply_to ${e.reply_to} ${absent}: whether it answers a hello as addressed cannot be checked, so it claims no callsign and settles no handshake until its parent is here`, { ...at(entry), slot: "reply_to" }));
      return false;
    }
    // A welcome of a misplaced hello answers terms nobody proposed (the hello is refused, and
    // settles nothing): like a welcome of no hello, it claims nothing. A hello not yet judged (it
    // sorts after its welcome, the clocks disagreeing) is asked what opened its thread so far.
    const opener = parent.kind !== "hello" ? null : judged.has(parent.id) ? (misplaced.get(parent.id) ?? null) : openers.openedBefore(parent);
    if (opener !== null) {
      findings.push(mailboxFinding("WELCOME_HELLO_MISPLACED", `this welcome answers hello ${parent.id}, which is misplaced (thread ${parent.thread} was opened by ${opener.kind} ${opener.id}): that hello proposes no terms, so this welcome accepts or counters nothing, settles no handshake and claims no callsign; answer a hello that opens its own thread`, { ...at(entry), slot: "reply_to" }));
      return false;
    }
    // A welcome whose parent is no hello, or which it does not answer as addressed.
    return welcomeParentProblem(e.kind, parent.kind) === null && misaddressedAnswer(e, parent) === null;
  };
  function judge(entry: MailboxEntry): void {
    const e = entry.envelope;
    if (isHandler(e.from)) return;
    const raised = findings.length;
    // A retired name answers nothing more: a message to it is a CTA nobody can dispose of (kernel
    // 4). The peer's acknowledgement of the departure, asking nothing back, is what section 8 asks.
    const departed = e.to.filter((t) => names.get(`${e.arena}\u0000${t}`)?.retired === true);
    for (const t of departed) {
      const goodbye = (names.get(`${e.arena}\u0000${t}`) as Holder).retired_by;
      if (e.reply_to === goodbye && !e.expects_reply) continue;
      findings.push(mailboxFinding("ADDRESSEE_RETIRED", `${t} retired with a final goodbye (${goodbye}): permanently tombstoned in arena ${e.arena}, it handles and answers nothing more, so this ${e.kind} is an obligation nobody can meet`, { ...at(entry), slot: `to[${e.to.indexOf(t)}]` }));
    }
    const key = `${e.arena}\u0000${e.from}`;
    const held = names.get(key);
    const time = uuid7Time(e.id);
    if (claims(entry)) {
      if (held === undefined) {
        names.set(key, { arena: e.arena, callsign: e.from, retired: false, claimed_by: e.id, locus: locusOf(e), machine: e.machine, root: e.root, last_seen: time, lineage: [e.id], last: entry, retired_by: null });
        return;
      }
      if (held.retired) {
        findings.push(mailboxFinding("CALLSIGN_RETIRED", `${e.from} retired with a final goodbye: the name is tombstoned in arena ${e.arena}`, at(entry)));
        return;
      }
      if (held.locus !== locusOf(e)) {
        const gaps = e.kind === "resume" ? successionGaps(entry, held.last, filesOf) : [];
        if (e.kind === "resume" && gaps.length === 0) {
          findings.push(mailboxFinding("SUCCESSION_DECLARED", `${e.from} is resumed from another locus (machine ${e.machine}): a declared succession, legitimate only with current Handler authorization`, at(entry)));
          Object.assign(held, { claimed_by: e.id, locus: locusOf(e), machine: e.machine, root: e.root });
          held.lineage.push(e.id);
        } else if (e.kind === "resume") {
          findings.push(mailboxFinding("SUCCESSION_UNDECLARED", `${e.from} is held by machine ${held.machine}; this resume from machine ${e.machine} does not declare a succession (missing ${gaps.join("; ")}): silent assumption is impersonation, so the name stays with its holder`, at(entry)));
          return;
        } else {
          findings.push(mailboxFinding("CALLSIGN_COLLISION", `${e.from} is held by claim ${held.claimed_by} (machine ${held.machine}), whose root UUID is smaller: this claimant regenerates and re-hellos citing it`, at(entry)));
          return;
        }
      } else if (e.kind === "resume" && held.claimed_by !== e.id) held.lineage.push(e.id);
      held.last_seen = Math.max(held.last_seen, time);
      held.last = entry;
      return;
    }
    if (held === undefined) {
      strangers.push(e.id);
      if (!unclaimed.has(key)) findings.push(mailboxFinding("CALLSIGN_UNCLAIMED", `${e.from} has no hello, welcome or resume that claims it in arena ${e.arena}: an unexpected callsign is surfaced to the Handler and not engaged`, at(entry)));
      unclaimed.add(key);
      return;
    }
    if (held.retired) {
      findings.push(mailboxFinding("CALLSIGN_RETIRED", `${e.from} retired with a final goodbye: it sends nothing more in arena ${e.arena}`, at(entry)));
      return;
    }
    if (held.locus !== locusOf(e)) {
      // The locus is machine and root: on one machine, only the root can tell the two apart.
      const message = held.machine === e.machine
        ? `${e.from} is held by machine ${held.machine} with root ${held.root.toLowerCase().slice(0, 12)}… (claim ${held.claimed_by}); this message comes from that machine with root ${e.root.toLowerCase().slice(0, 12)}…`
        : `${e.from} is held by machine ${held.machine} (claim ${held.claimed_by}); this message comes from machine ${e.machine}`;
      findings.push(mailboxFinding("CALLSIGN_HELD", message, at(entry)));
      return;
    }
    held.last_seen = Math.max(held.last_seen, time);
    held.last = entry;
    // A goodbye that does not speak for its sender, or that an error refuses (quarantined: "it
    // prevents automatic execution", 3), is never consumed, so nobody records the departure (8: "The
    // primer writer changes participant status ... and name-state accordingly"): the name stays.
    // (What this walk raised on it is an ADDRESSEE_RETIRED: it is addressed to a retired name.)
    if (e.kind === "goodbye" && reEntryOf(entry.body) === "final" && !silenced.has(e.id) && !refused.has(e.id) && !findings.slice(raised).some((f) => f.severity === "error")) {
      held.retired = true;
      held.retired_by = e.id;
    }
  }
  const judged = new Set<string>();
  for (const entry of sorted) {
    const before = findings.length;
    const strangersBefore = strangers.length;
    judge(entry);
    judged.add(entry.envelope.id);
    // What speaks for its sender can open a thread before a later hello. A name never claimed
    // speaks for nobody ("Unexpected callsigns are surfaced to the Handler and are not engaged",
    // 4): its message, backdated into another's hello's thread, does not make that hello
    // misplaced; it is old history only to a hello of its own sender and locus.
    if (silenced.has(entry.envelope.id) || findings.slice(before).some((f) => IDENTITY_CODES.has(f.code))) continue;
    if (strangers.length > strangersBefore) openers.addUnclaimed(entry.envelope);
    else openers.add(entry.envelope);
  }
  const ttl = (options.ttlDays ?? DEFAULT_CALLSIGN_TTL_DAYS) * 86_400_000;
  const now = options.now ?? null;
  const callsigns = [...names.values()].map((h) => ({
    arena: h.arena,
    callsign: h.callsign,
    state: h.retired ? "retired" : now !== null && now - h.last_seen > ttl ? "expired" : "active",
    claimed_by: h.claimed_by,
    machine: h.machine,
    root: h.root,
    last_seen: h.last_seen,
    lineage: h.lineage,
    retired_by: h.retired_by,
  })) satisfies CallsignView[];
  return { callsigns, findings, unclaimed: strangers, misplaced };
}

/** Names a generator must avoid in an arena: every held, expired or retired one. */
export function unavailableCallsigns(view: readonly CallsignView[], arena: string): string[] {
  return view.filter((c) => c.arena === arena).map((c) => c.callsign);
}
