/**
 * ThreadObject: one SQLite-backed Durable Object per thread (issue 5; spec sections 5.1, 5.3, 5.4).
 * It holds the conversation (append-only), runs check-thread as lines arrive and at its alarms,
 * checks every readback against its HO with the sender's private challenge, and keeps prepared
 * statements (core/statement.ts) with `exp` enforced by its own clock.
 *
 * Every method does its work synchronously once called (SQLite here is synchronous), so no two
 * requests interleave inside one: 100 commits of one token are 100 steps, of which the first wins.
 * Rules come from the core; this file only stores, orders and schedules.
 */
import { DurableObject } from "cloudflare:workers";
import {
  abandon, afterDate, digest, afterTime, canonicalJson, cancelAckAfterCommit, cancelOnThread, checkDone, arrivalRefusal, doneWithoutCommit, committedStatement, commit, commitClearance, endedInLine, endStatements, compileVocabulary, coreVocabulary, createThreadAudit, expireStatements, finding, formatLine, freshNumber, isAgent, isJsonForm, isDate, isTime, messageNumber, messageSender, noopAfterCommit, prepare, ranInLine, readCall, readMessage, refusal, relayedStatement, handoffLine, lineView, shownNumbers, LIVE_STATES, sameMessage, statedIdReuse, timeAt,
} from "../../core/index.js";
import type { CheckedRelay, Envelope, HeldLines,
  Finding, HandoffState, HandoffStateName, Message, ReadbackExpectations, ReadbackReport, Statement, ThreadAudit, ThreadFinding, ThreadReport, Vocabulary,
} from "../../core/index.js";
import type { Env } from "../env.js";
import { LIMITS, utf8Length } from "../limits.js";
import { withinAnswer } from "./answer-bytes.js";
import { boundedPage, nextAfter } from "./bounded-page.js";
import { STATE_LIST_CAP, STATE_LISTS } from "./state-lists.js";
import { numberTaken } from "./number-taken.js";
import { THREAD_CAPACITY } from "./thread-capacity.js";
import { keptBytes, keptBytesValue, STORED_BYTES_KEY, THREAD_STORED_BYTES_SQL } from "./stored-bytes.js";
import type { ThreadCapacity } from "./thread-capacity.js";
import type { StateList } from "./state-lists.js";
import { shippedNames, shippedVocabulary } from "../../profiles/index.js";
import { inlineTakesShippedName, profiles } from "../profiles.js";
import { shown } from "../shown.js";
import type { Profiles } from "../profiles.js";
import { storedMessage } from "./stored-line.js";
import { addDigestColumn, storeDigests } from "./handoff-digest.js";
import type { ComputedDigest } from "./handoff-digest.js";
import { addReadbackColumns, CANCELLED_TABLE, STATEMENTS_INDEXES, STATEMENTS_TABLE, sqlStatementStore } from "./sql-statements.js";
import type { SqlStatementStore } from "./sql-statements.js";
import { CHALLENGES_TABLE, sqlChallenges } from "./sql-challenges.js";
import { challengeOver, expectationsOf } from "./challenge-over.js";
import type { ChallengeRequest } from "./challenge-over.js";
import { challengeRegistration } from "./challenge-registration.js";
import { carriedChallenge, profileDiffers, recordMismatch, unreadChallenge } from "./challenge-on-append.js";
import { problem } from "./thread-problem.js";
import type { Outcome, ThreadProblem } from "./thread-problem.js";
import { addLineColumns, fillLineRoots } from "./line-roots.js";
import { keptReport } from "./kept-report.js";
import { checkedDone, doneRow, hide, readbackRow } from "./checked-rows.js";
import type { CheckedDone, CheckedReadback, StoredRow } from "./checked-rows.js";
import type { SqlChallenges } from "./sql-challenges.js";

export type { Outcome, ThreadProblem } from "./thread-problem.js";

/** The profile a thread reads its lines with: a shipped one by name, or a profile file given inline. */
export type ThreadProfile = { readonly name: string } | { readonly file: Readonly<Record<string, unknown>> };

export interface AppendItem {
  readonly n: number;
  readonly value: string | object;
}

/**
 * stored: appended. duplicate: this exact line is already stored under its id (a retry).
 * refused: not stored (invalid, or another line already has its id). skipped: not looked at,
 * because an earlier line of the request was refused; fix that one and send the rest again.
 */
export type LineStatus = "stored" | "duplicate" | "refused" | "skipped";

export interface AppendResult {
  readonly line: number;
  readonly status: LineStatus;
  readonly id: string | null;
  /** The line's place in the conversation (1, 2, ...). */
  readonly seq: number | null;
  /** Why a line was refused, or, for a stored line, the notes its reading raised and what check-thread found when it arrived. */
  readonly findings: readonly (Finding | ThreadFinding)[];
  /**
   * For a refused line: the UN its receiver sends (rule 2), or null when it names no receiver, or
   * when a UN's re= could not tell it from the stored line whose id it reuses.
   */
  readonly refusal?: string | null;
  readonly readback?: CheckedReadback;
  /** For a CX: how many prepared statements of its HO were abandoned. */
  readonly cancelledStatements?: number;
  /** For a DN answering an HO of the thread: the values as executed against the plan. */
  readonly done?: CheckedDone;
  /** Past ANSWER_BYTES of an answer: its findings, the readback's report and the done findings left out (answer-bytes.ts). */
  readonly trimmed?: true;
}

/** The answer for a line not looked at, because an earlier line of its request was refused. */
export function skippedResult(item: AppendItem): AppendResult {
  return { line: item.n, status: "skipped", id: null, seq: null, findings: [] };
}

export interface AppendAnswer {
  readonly ok: boolean;
  readonly results: readonly AppendResult[];
  readonly lines: number;
}

export interface ThreadState {
  readonly thread: string;
  readonly now: string;
  readonly profile: string | null;
  readonly lines: number;
  /** check-thread at `now`: findings, owners and counts. */
  readonly report: ThreadReport;
  /** The live handoffs (open, held or orphaned, as the core says), with their deadlines. */
  readonly open: readonly { readonly id: string; readonly exp: string | null; readonly due: string | null; readonly state: HandoffStateName }[];
  readonly readbacks: readonly { readonly rb: string; readonly handoff: string; readonly verdict: string }[];
  /** Every done report checked against its plan, and whether it passed. */
  readonly dones: readonly { readonly dn: string; readonly handoff: string; readonly ok: boolean }[];
  /**
   * Handoffs an alarm found past their exp or due, and AQs it found unanswered past their by=
   * (THREAD_QUESTION_OVERDUE, `handoff` the AQ's id, as in the core's finding): when, as an RW1
   * time and in epoch ms.
   */
  readonly orphaned: readonly { readonly handoff: string; readonly code: string; readonly at: string; readonly marked: number }[];
  readonly statements: Readonly<Record<string, number>>;
  /** When the object will next wake by itself (epoch ms), or null. */
  readonly alarm: number | null;
  /**
   * Each list above (report.findings, report.owners, open, readbacks, dones, orphaned) holds at
   * most STATE_LIST_CAP entries; where more exist, the `after` its paged route continues from.
   */
  readonly next: Readonly<Record<StateList, number | null>>;
}

type ListEntry = ThreadFinding | ThreadReport["owners"][number] | ThreadState["open"][number] | ThreadState["readbacks"][number] | ThreadState["dones"][number] | ThreadState["orphaned"][number];

/** A page of one of the thread's lists: the entries after `after` (a count), and the `after` of the next page, or null at the end. */
export interface ListPage {
  readonly items: readonly ListEntry[];
  readonly next: number | null;
}

/** A page of the stored lines (GET /v1/threads/{thread}/lines): `next` is the seq to read after, or null at the end. */
export interface LinePage {
  readonly lines: readonly { readonly seq: number; readonly id: string; readonly line: string }[];
  readonly next: number | null;
}

/** GET .../handoffs/{id}: the HO, where it stands, and a page of each of its lists. */
export interface HandoffAnswer {
  readonly line: string;
  readonly state: HandoffState;
  readonly readbacks: readonly CheckedReadback[];
  readonly dones: readonly CheckedDone[];
  readonly findings: readonly ThreadFinding[];
  /** For each list, the `after` of its next page, or null once it is whole. */
  readonly next: { readonly readbacks: number | null; readonly dones: number | null; readonly findings: number | null };
}

export interface PrepareRequest {
  readonly handoff: string;
  readonly call: Readonly<Record<string, unknown>>;
  readonly exp: string;
  readonly n?: number;
}

/** A statement as prepare answers it: with the RB line the receiver relays, and the core's notes. */
export interface PreparedStatement extends Statement {
  readonly line: string;
  readonly findings: readonly Finding[];
}

export type { ChallengeRequest } from "./challenge-over.js";

/** An HO's exp= and due=, as the handoffs table keeps them (null when it has none). */
interface Deadlines {
  readonly exp: string | null;
  readonly due: string | null;
}

/**
 * What the alarm records in `orphans`: a handoff past its exp or due, and an AQ left unanswered
 * past its by= (rule 2: "it is never left unanswered"), each what its deadline left open.
 */
const ORPHAN_CODES = new Set(["THREAD_EXPIRED", "THREAD_OVERDUE", "THREAD_QUESTION_OVERDUE"]);

/** The core's finding for an AQ still unanswered and not yet late: the alarm wakes at its by=. */
const QUESTION_IN_TIME = "THREAD_QUESTION_OPEN";

/**
 * How far ahead of its clock the object sets its alarm at most (ms). An RW1 time may name any year
 * to 9999, while workerd refuses an alarm after April 2262 (its clock counts nanoseconds in 64 bits;
 * its TypeError says 2189): a further deadline is woken for a year ahead, when the alarm finds
 * nothing late and looks again.
 */
export const ALARM_HORIZON = 365 * 86_400_000;

/** How many statements past their window one read expires (expireDue). */
const EXPIRY_BATCH = 100;

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS lines (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, sender TEXT NOT NULL, n INTEGER NOT NULL, type TEXT NOT NULL, line TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS lines_sender ON lines (sender, n)",
  // h: the HO's digest (core digest, what its readbacks' h= must carry) as the append computed it,
  // so a restart rebuilds the audit without hashing every HO again; null on HOs stored before it.
  "CREATE TABLE IF NOT EXISTS handoffs (id TEXT PRIMARY KEY, exp TEXT, due TEXT, h TEXT)",
  // Each AQ with a by= date, the moment it is late unless answered (rule 2). Threads stored before
  // it are filled in from their lines when it is made (makeTables).
  "CREATE TABLE IF NOT EXISTS questions (id TEXT PRIMARY KEY, by TEXT NOT NULL) WITHOUT ROWID",
  CHALLENGES_TABLE,
  // line: the re-issue line of its handoff (line-roots.ts), which a DN's plan is looked up by.
  "CREATE TABLE IF NOT EXISTS readbacks (rb TEXT PRIMARY KEY, handoff TEXT NOT NULL, verdict TEXT NOT NULL, report TEXT, line TEXT)",
  "CREATE INDEX IF NOT EXISTS readbacks_line ON readbacks (line, verdict)",
  "CREATE INDEX IF NOT EXISTS readbacks_handoff ON readbacks (handoff)",
  "CREATE TABLE IF NOT EXISTS dones (dn TEXT PRIMARY KEY, handoff TEXT NOT NULL, plan TEXT, ok INTEGER NOT NULL, findings TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS orphans (handoff TEXT NOT NULL, code TEXT NOT NULL, at TEXT NOT NULL, marked INTEGER NOT NULL, PRIMARY KEY (handoff, code))",
  STATEMENTS_TABLE,
  ...STATEMENTS_INDEXES,
  CANCELLED_TABLE,
  // Every agent a stored line is from or to: who may read the thread under an agent token (note
  // 39), answered by one lookup. Threads stored before it are filled in when it is made (makeTables).
  "CREATE TABLE IF NOT EXISTS parties (agent TEXT PRIMARY KEY) WITHOUT ROWID",
  // The numbers a stored line's re= shows its agent used (core shownNumbers): re= may name a
  // message outside the thread (an HO, ST or UN's), whose id the thread's numbering must not give
  // again. Threads stored before it are filled in when it is made (makeTables).
  "CREATE TABLE IF NOT EXISTS cited (agent TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (agent, n)) WITHOUT ROWID",
];

/** What a read or write refused to an agent that is none of a thread's parties names as the party it needs. */
export const THREAD_PARTY = "a party of the thread";

/** Why `act` is refused to `agent`, none of the thread's parties; `then` says who may, or how to join. */
export const notAParty = (act: string, agent: string, then: string): string =>
  `${act} is its parties', the agents a line it stores is from= or to=; this agent token is ${shown(agent)}'s, and ${shown(agent)} is not one${then}`;



export class ThreadObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly statements: SqlStatementStore;
  private readonly challenges: SqlChallenges;
  /** check-thread over the stored lines, kept in memory and rebuilt from storage when evicted. */
  private audit: ThreadAudit | null = null;
  /** Messages appended to the audit, counted over the instance's life (never reset, only grown): with the audit and the minute, what its report depends on. */
  private taken = 0;
  /** The last report of the audit, for pages walked one request at a time (kept-report.ts). */
  private readonly kept = keptReport();
  private profileCache: Profiles | null = null;

  /** The most entries of each list the thread's state holds (tests lower it to reach it with a few lines). */
  listCap: number = STATE_LIST_CAP;

  /**
   * The most lines, and bytes of lines, the thread holds, and the most challenges and statements
   * and bytes of each (sql-challenges.ts, sql-statements.ts; tests lower it, as listCap).
   */
  capacity: ThreadCapacity = THREAD_CAPACITY;

  /** The UTF-8 bytes of the stored lines and their checks, once counted (storedBytes). */
  private heldBytes: number | null = null;

  /** Whether the thread's tables exist: a thread nothing was ever written to keeps no storage. */
  private stored: boolean;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.stored = this.hasTable("meta");
    // On a thread already stored, tables added since it was made are made now, and filled in
    // from its lines, all at once or not at all.
    if (this.stored) ctx.storage.transactionSync(() => this.makeTables());
    // One act per handoff, whichever of its re-issues' ids it runs under (rule 1: the same HO).
    this.statements = sqlStatementStore(this.sql, (handoff) => this.auditor().reissueLine(handoff), (handoff) => this.lineRoot(handoff));
    this.challenges = sqlChallenges(this.sql);
  }

  private hasTable(name: string): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
  }

  /**
   * Makes the tables a thread keeps. What was added after threads were stored without it is filled
   * in here from what they hold (parties from their lines; the statements' readback columns from
   * their bodies); on a new thread there is nothing to fill.
   */
  private makeTables(): void {
    const withoutParties = !this.hasTable("parties");
    const withoutCited = !this.hasTable("cited");
    const withoutQuestions = this.hasTable("lines") && !this.hasTable("questions");
    addReadbackColumns(this.sql);
    addDigestColumn(this.sql);
    addLineColumns(this.sql);
    for (const statement of SCHEMA) this.sql.exec(statement);
    if (withoutQuestions) {
      // Whether each was answered is the audit's to say: the alarm wakes at every by= and finds
      // what is late, as it does for a handoff that closed before its deadline.
      for (const row of this.sql.exec<{ line: string }>("SELECT line FROM lines WHERE type = 'AQ' ORDER BY seq").toArray()) {
        const read = readMessage(row.line, this.profiles().resolve);
        if (read.message !== null) this.addQuestion(read.message);
      }
    }
    if (withoutParties || withoutCited) {
      // Parties read by the envelope, which no profile changes: a line that no longer read whole
      // would otherwise keep the object from starting at all. Its re= needs the message.
      const resolve = this.profiles().resolve;
      for (const row of this.sql.exec<{ line: string }>("SELECT line FROM lines ORDER BY seq").toArray()) {
        const read = readMessage(row.line, resolve);
        if (withoutParties) this.addParties(read.envelope);
        if (withoutCited && read.message !== null) this.addCited(read.message);
      }
    }
  }

  /** An AQ with a by= date is kept with it, and the object wakes when it becomes late (afterDate, as an HO's due=). */
  private addQuestion(aq: Message): void {
    const by = aq.slots["by"];
    if (typeof by !== "string" || !isDate(by)) return;
    this.sql.exec("INSERT OR REPLACE INTO questions (id, by) VALUES (?, ?)", aq.id, by);
    this.wake(afterDate(by));
  }

  /** The number a stored line's re= shows its agent used, kept for that agent's numbering. */
  private addCited(message: Message): void {
    const agent = message.re === null ? null : messageSender(message.re);
    if (agent === null) return;
    const n = shownNumbers(message, agent)[1];
    if (n > 0) this.sql.exec("INSERT OR IGNORE INTO cited (agent, n) VALUES (?, ?)", agent, n);
  }

  /** A stored line's sender and receiver are parties of the thread (a stored line names both). */
  private addParties(line: Pick<Envelope, "from" | "to">): void {
    for (const agent of [line.from, line.to]) if (agent !== null) this.sql.exec("INSERT OR IGNORE INTO parties (agent) VALUES (?)", agent);
  }

  /**
   * Answers a request, keeping the thread's storage only if `kept` says the answer stored
   * something. On a thread nothing was ever written to, the tables are made in a transaction that
   * is rolled back otherwise: the answer is an empty thread's, and no storage is left, so reading a
   * mistyped or guessed thread name, or a refused first append, does not create a thread.
   */
  private storedIf<T>(answer: () => T, kept: (answered: T) => boolean): T {
    if (this.stored) {
      this.rearm();
      return answer();
    }
    const rollback = new Error("rollback");
    let value: { readonly answered: T } | null = null;
    try {
      this.ctx.storage.transactionSync(() => {
        this.makeTables();
        value = { answered: answer() };
        if (!kept(value.answered)) throw rollback;
      });
      this.stored = true;
    } catch (e) {
      // Rolled back, the tables too: a write that failed at this transaction (its commit, or a
      // throw after its own transaction ended) leaves in memory what storage no longer holds (an
      // audit that took its lines, their bytes, a profile it fixed), which the next request, on
      // a thread still never stored, would answer from.
      this.forgetKept();
      if (e !== rollback) throw e;
    }
    return (value as { readonly answered: T } | null)?.answered as T;
  }

  /**
   * Forgets all the object keeps in memory of what its storage holds, after a transaction that
   * may have written it rolled back: the audit and what was read of it (kept-report.ts), the
   * profile, the bytes counted and the challenges and statements counted, each read from storage
   * again when next asked for. `auditStands`: the caller knows the rollback undid nothing the
   * audit took, and the audit (which rebuilding reads every line for) is kept, with what was read
   * of it.
   */
  private forgetKept(auditStands = false): void {
    if (!auditStands) {
      this.audit = null;
      this.kept.forget();
    }
    this.profileCache = null;
    this.heldBytes = null;
    this.challenges.forget();
    this.statements.forget();
  }

  /** A request that writes nothing: on a thread never written to, it leaves no storage. */
  private reading<T>(answer: () => T): T {
    return this.storedIf(answer, () => false);
  }

  /**
   * The object's clock (epoch ms): the runtime's. Tests stand it at a moment by faking Date in the
   * isolate they share with the object, not by setting it on the instance, which a restart of the
   * object would silently undo.
   */
  private clock(): number {
    return Date.now();
  }

  private now(): string {
    return timeAt(this.clock());
  }

  private meta(key: string): string | null {
    const rows = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray();
    return rows[0]?.value ?? null;
  }

  /**
   * The UTF-8 bytes of the stored lines and of the readback reports and done checks kept beside
   * them (stored-bytes.ts): read from the count kept with the lines, or counted from storage on a
   * thread that keeps none of its lines, then held as lines are stored.
   */
  private storedBytes(): number {
    this.heldBytes ??= keptBytes(this.meta(STORED_BYTES_KEY), this.lineCount()) ?? this.sql.exec<{ b: number }>(THREAD_STORED_BYTES_SQL).one().b;
    return this.heldBytes;
  }

  private lineCount(): number {
    // seq runs 1, 2, ... with no gaps, and MAX of the rowid is read from the index, not counted.
    return this.sql.exec<{ n: number | null }>("SELECT MAX(seq) AS n FROM lines").one().n ?? 0;
  }

  /** The thread's vocabularies: its profile (if set) for lines without `p=`, shipped ones by `p=`. */
  private profiles(): Profiles {
    if (this.profileCache !== null) return this.profileCache;
    const stored = this.meta("profile");
    let chosen: Vocabulary | undefined;
    if (stored !== null) {
      const p = JSON.parse(stored) as ThreadProfile;
      if ("name" in p) chosen = shippedVocabulary(p.name);
      else {
        const compiled = compileVocabulary(coreVocabulary, p.file);
        if (compiled.ok) chosen = compiled.value;
      }
    }
    this.profileCache = profiles(chosen);
    return this.profileCache;
  }

  /**
   * Fixes the thread's profile on its first append; later appends may only name the same one.
   * True when this call fixed it (append unfixes it again if the request stores no line).
   */
  private setProfile(profile: ThreadProfile | undefined): Outcome<boolean> {
    if (profile === undefined) return { ok: true, value: false };
    // Compared as canonical JSON: the same profile file with its keys in another order is the
    // same profile, not another one.
    const wanted = canonicalJson(profile);
    const stored = this.meta("profile");
    if (stored !== null && canonicalJson(JSON.parse(stored)) === wanted) return { ok: true, value: false };
    if (stored !== null) return problem("thread-conflict", "the thread already reads its lines with another profile; a thread's profile is fixed by its first append", { parameter: "profile" });
    if (this.lineCount() > 0) return problem("thread-conflict", "the thread already holds lines read without a profile; a thread's profile is fixed by its first append", { parameter: "profile" });
    if ("name" in profile) {
      if (shippedVocabulary(profile.name) === undefined) return problem("unknown-profile", `no shipped profile is named ${JSON.stringify(shown(profile.name))} (shipped: ${shippedNames.join(", ")})`, { parameter: "profile", profile: profile.name });
    } else {
      // A thread is shared: an inline file under a shipped profile's name would make every p=pay
      // line of the thread read with a vocabulary that is not pay's (its exec map, its rules),
      // while the state still says "pay". Another name keeps the two apart.
      const taken = inlineTakesShippedName(profile.file);
      if (taken !== undefined) return problem("invalid-profile", `the inline profile is refused: ${taken.message}`, { parameter: "profile", findings: [taken] });
      const compiled = compileVocabulary(coreVocabulary, profile.file);
      if (!compiled.ok) return problem("invalid-profile", `the inline profile is refused: ${compiled.findings.map((f) => f.message).join("; ")}`, { parameter: "profile", findings: compiled.findings });
    }
    this.sql.exec("INSERT INTO meta (key, value) VALUES ('profile', ?)", wanted);
    this.profileCache = null;
    this.audit = null;
    return { ok: true, value: true };
  }

  private profileName(): string | null {
    const stored = this.meta("profile");
    if (stored === null) return null;
    const p = JSON.parse(stored) as ThreadProfile;
    return "name" in p ? p.name : String(p.file["profile"] ?? "inline");
  }

  /** A stored line as a message: parsed, not judged again (stored-line.ts). */
  private message(line: string): Message {
    return storedMessage(line, this.profiles().resolve);
  }

  /** The private challenge registered for a handoff, as stored, or undefined. */
  private challengeOf(handoff: string): ChallengeRequest | undefined {
    const body = this.challenges.get(handoff);
    return body === undefined ? undefined : (JSON.parse(body) as ChallengeRequest);
  }

  private expectations(handoff: string, vocabulary: Vocabulary): ReadbackExpectations | undefined {
    const challenge = this.challengeOf(handoff);
    return challenge === undefined ? undefined : expectationsOf(challenge, vocabulary);
  }

  private auditor(): ThreadAudit {
    if (this.audit !== null) return this.audit;
    const p = this.profiles();
    // Rebuilt from storage, a thread that holds no challenge asks none for its readbacks (none can
    // be registered while it is rebuilt): a look-up each costs more than the rest of the readback's check.
    let rebuilding = this.sql.exec("SELECT 1 FROM challenges LIMIT 1").toArray().length === 0;
    const audit = createThreadAudit({
      vocabulary: p.resolve,
      // The challenge first: the HO is read again only for the vocabulary its record is read with,
      // and most handoffs have none (the audit holds what a readback is checked against).
      expectations: (handoff) => {
        const challenge = rebuilding ? undefined : this.challengeOf(handoff);
        if (challenge === undefined) return undefined;
        const ho = this.handoffMessage(handoff);
        return ho === null ? undefined : expectationsOf(challenge, p.vocabularyOf(ho));
      },
      // The tool's side: a CX abandons its handoffs' statements and none commits after it, so one
      // committed ran before the cancel, and the act's DN after the CX is the answer 5.4 asks for.
      actRan: (handoffs) => committedStatement(this.statements, handoffs) !== undefined,
    });
    // Each HO with the digest its append stored. An HO stored before the column has none: it is
    // hashed here, and the digest stored once the rows are read, so the next rebuild reads it.
    const rows = this.sql.exec<{ seq: number; line: string; h: string | null }>("SELECT seq, line, CASE WHEN type = 'HO' THEN (SELECT h FROM handoffs WHERE handoffs.id = lines.id) END AS h FROM lines ORDER BY seq");
    const computed: ComputedDigest[] = [];
    for (const row of rows) {
      const message = storedMessage(row.line, p.resolve);
      let h = row.h ?? undefined;
      if (h === undefined && message.type === "HO") {
        h = digest(message);
        computed.push({ id: message.id, h });
      }
      audit.add(message, row.seq, h);
    }
    if (computed.length > 0) this.ctx.storage.transactionSync(() => storeDigests(this.sql, computed));
    rebuilding = false;
    this.audit = audit;
    // The report kept was the audit's this one replaces: not held in memory beside it.
    this.kept.forget();
    // Rows stored before the line column get it from the audit just rebuilt (none, past the first).
    fillLineRoots(this.sql, (handoff) => this.lineRoot(handoff));
    return audit;
  }

  /** check-thread's report at `now`, built once for the audit's messages and the minute (kept-report.ts). */
  private reportAt(now: string): ThreadReport {
    return this.kept.at(this.auditor(), this.taken, now);
  }

  /** The live handoffs at `now` (open, held or orphaned), in the order they came, kept as the report is (kept-report.ts). */
  private liveAt(now: string): readonly HandoffState[] {
    return this.kept.live(this.auditor(), this.taken, now);
  }

  /** The first HO of `handoff`'s re-issue line (the core's reissueRoot), or `handoff` for an id that is no HO. */
  private lineRoot(handoff: string): string {
    return this.auditor().reissueRoot(handoff) ?? handoff;
  }

  private handoffMessage(id: string): Message | null {
    const rows = this.sql.exec<{ line: string }>("SELECT line FROM lines WHERE id = ? AND type = 'HO'", id).toArray();
    const line = rows[0]?.line;
    return line === undefined ? null : this.message(line);
  }

  /**
   * An agent's next message number, for the UN it would send or the RB a statement states (the
   * core's freshNumber): one past its highest in the thread, counting the readbacks of prepared
   * statements (not yet relayed, they already hold their ids), or, once an id of 2^53 - 1 was
   * stored or stated, the lowest number none of them has. Null only when no number is left.
   * `claimed`, when given, is one more number counted as taken.
   */
  private nextNumber(agent: string, claimed = 0): number | null {
    // Two index look-ups, whatever the thread holds.
    const line = this.sql.exec<{ n: number | null }>("SELECT MAX(n) AS n FROM lines WHERE sender = ?", agent).one().n ?? 0;
    const stated = this.sql.exec<{ n: number | null }>("SELECT MAX(rb_n) AS n FROM statements WHERE rb_from = ?", agent).one().n ?? 0;
    const cited = this.sql.exec<{ n: number | null }>("SELECT MAX(n) AS n FROM cited WHERE agent = ?", agent).one().n ?? 0;
    return freshNumber(Math.max(line, stated, cited, claimed), () => withNumber(this.agentNumbers(agent), claimed));
  }

  /** An agent's numbers in the thread, ascending: its lines', its statements' readbacks' and those re= cites, each read in index order, merged. */
  private *agentNumbers(agent: string): Generator<number> {
    const lines = this.sql.exec<{ n: number }>("SELECT n FROM lines WHERE sender = ? ORDER BY n", agent);
    const stated = this.sql.exec<{ n: number }>("SELECT rb_n AS n FROM statements WHERE rb_from = ? AND rb_n IS NOT NULL ORDER BY rb_n", agent);
    const cited = this.sql.exec<{ n: number }>("SELECT n FROM cited WHERE agent = ? ORDER BY n", agent);
    for (const row of mergeAscending(mergeAscending(lines, stated), cited)) yield row.n;
  }

  /** The UN `receiver` sends for a refused line, or null when it cannot be addressed or numbered. */
  private refusalBy(subject: Message | Envelope, findings: readonly Finding[], receiver: string | null): string | null {
    if (receiver === null || !isAgent(receiver)) return null;
    // A refused line is never stored, so a number of the receiver's it shows looks free: its id's
    // (from= another agent: ID_FROM), which the UN's re= would name, or its re='s, a message the
    // receiver sent (core shownNumbers). The UN takes the first number after that none of them has.
    const shown = shownNumbers(subject, receiver);
    let n = this.nextNumber(receiver);
    while (n !== null && shown.includes(n)) n = this.nextNumber(receiver, n);
    if (n === null) return null;
    const un = refusal(subject, findings, receiver, n);
    return un.ok ? un.value : null;
  }

  /** Appends lines in order; the first refused line stops the request (the rest are skipped). */
  /**
   * Appends the lines. `joiner`, the agent of an agent token, must be a party of a thread that holds
   * lines already: an agent speaks in a conversation it started or was addressed in, never joins
   * one by writing to it (which would make it a party, free to read every line; note 39).
   */
  append(items: readonly AppendItem[], profile?: ThreadProfile, joiner?: string): Outcome<AppendAnswer> {
    return this.storedIf(() => this.appendNow(items, profile, joiner), (o) => o.ok && o.value.results.some((r) => r.status === "stored"));
  }

  private appendNow(items: readonly AppendItem[], profile?: ThreadProfile, joiner?: string): Outcome<AppendAnswer> {
    const outsider = this.outsider(joiner);
    if (outsider !== null) return outsider;
    const lines = this.lineCount();
    const bytes = this.storedBytes();
    // One transaction: a request that would take the thread past its capacity stores none of its
    // lines, and so says no more than the one answer (nor does a request that fails, a 500).
    let answer: Outcome<AppendAnswer> | undefined;
    try {
      this.ctx.storage.transactionSync(() => {
        answer = this.appendLines(items, profile);
        // Kept with the lines it counts, all or nothing: a restarted object reads it back.
        if (this.heldBytes !== bytes) this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", STORED_BYTES_KEY, keptBytesValue(this.lineCount(), this.storedBytes()));
      });
    } catch (error) {
      // Rolled back, the profile this request fixed too: what was kept in memory of it goes as
      // well. But for thread-full before any line of the request was stored the audit took
      // nothing, and stands: a full thread's every refused append does not rebuild it from every line.
      this.forgetKept(error instanceof ThreadFull && this.heldBytes === bytes);
      if (!(error instanceof ThreadFull)) throw error;
      this.heldBytes = bytes;
      const { lines: most, bytes: mostBytes } = this.capacity;
      if (error.challenges) return problem("thread-full", `line ${error.line} re-issues a handoff whose challenge would be carried over to it, and that would take the thread past the challenges it holds, ${most} and ${mostBytes} bytes of them, so none of this request's lines was stored; continue the conversation in a new thread`, { line: error.line, limit: most, limitBytes: mostBytes });
      return problem("thread-full", `line ${error.line} would take the thread past what a thread holds, ${most} lines and ${mostBytes} bytes of them and of the readback and done checks stored with them (it holds ${lines} lines, ${bytes} bytes), so none of this request's lines was stored (a line already stored is still answered as a duplicate); continue the conversation in a new thread`, { line: error.line, limit: most, limitBytes: mostBytes });
    }
    return answer as Outcome<AppendAnswer>;
  }

  /** appendNow's lines, in order: the first refused line stops the request (the rest are skipped). */
  private appendLines(items: readonly AppendItem[], profile: ThreadProfile | undefined): Outcome<AppendAnswer> {
    const set = this.setProfile(profile);
    if (!set.ok) return set;
    const results: AppendResult[] = [];
    let stopped = false;
    for (const item of items) {
      if (stopped) {
        results.push(skippedResult(item));
        continue;
      }
      const result = this.appendOne(item);
      results.push(result);
      if (result.status === "refused") stopped = true;
    }
    // A profile is fixed by the first append that stores something: a request whose every line
    // was refused leaves the thread as it found it, free to be read with another profile.
    if (set.value && !results.some((r) => r.status === "stored")) {
      this.sql.exec("DELETE FROM meta WHERE key = 'profile'");
      this.profileCache = null;
      this.audit = null;
    }
    return { ok: true, value: { ok: !stopped, results: withinAnswer(results), lines: this.lineCount() } };
  }

  /**
   * The refusal of a write by `joiner` (an agent token's agent) to a thread that holds lines and
   * names it in none; null for a party, a thread that holds no line yet, or no agent token.
   */
  private outsider(joiner: string | undefined): { ok: false; problem: ThreadProblem } | null {
    if (joiner === undefined || this.lineCount() === 0 || this.isParty(joiner)) return null;
    return problem("forbidden-party", notAParty("writing to a thread that holds lines", joiner, ": an agent joins a thread when a party addresses a line to it (the operator's bearer may write anyway)"), { agent: joiner, needs: THREAD_PARTY });
  }

  private appendOne({ n, value }: AppendItem): AppendResult {
    const p = this.profiles();
    const checked = readMessage(value, p.resolve);
    const message = checked.message;
    if (!checked.ok || message === null) {
      const envelope = message ?? checked.envelope;
      // The receiver sends the UN; a line whose to= cannot be read has none to name.
      const un = envelope === null ? null : this.refusalBy(envelope, checked.findings, envelope.to);
      return { line: n, status: "refused", id: envelope?.id ?? null, seq: null, findings: checked.findings, refusal: un };
    }
    const formatted = typeof value === "string" && !isJsonForm(value) ? { ok: true as const, value } : formatLine(message);
    if (!formatted.ok) return { line: n, status: "refused", id: message.id, seq: null, findings: formatted.findings, refusal: null };
    const text = formatted.value;
    const existing = this.sql.exec<{ seq: number; line: string }>("SELECT seq, line FROM lines WHERE id = ?", message.id).toArray()[0];
    if (existing !== undefined) {
      // A retry is the same message, however it is written (a line, or its JSON form): the same
      // canonical form (section 5.2, what h= digests), not the same characters.
      if (existing.line === text || sameMessage(this.message(existing.line), message)) return { line: n, status: "duplicate", id: message.id, seq: existing.seq, findings: [] };
      const reused = finding("THREAD_ID_REUSED", `${message.id} is already line ${existing.seq} of this thread, with other content; a message id names one message`, { slot: "id", received: message.id });
      // No UN: its re= would name the stored message too, and appended, close that one instead.
      return { line: n, status: "refused", id: message.id, seq: null, findings: [reused], refusal: null };
    }
    const stated = statedIdReuse(this.statements, message, this.now());
    if (stated !== null) return { line: n, status: "refused", id: message.id, seq: null, findings: [stated], refusal: null };
    // No UN for these: nothing is wrong with the line but its moment or its order (a reply ahead of
    // what it answers; a readback or its confirmation past the window, note 32 and 65).
    const late = arrivalRefusal(message, this.clock(), this.held);
    if (late !== null) return { line: n, status: "refused", id: message.id, seq: null, findings: [late], refusal: null };
    const audit = this.auditor();
    // The live handoff this HO re-issues (rule 1, as the core reads one): its challenge carries over.
    const original = message.type === "HO" ? audit.reissues(message) : null;
    // What its readback will be checked with: the challenge registered for its id ahead of it and
    // the one of the handoff it re-issues, each read once for the checks below and the carry-over.
    const registered = message.type === "HO" ? this.challengeOf(message.id) : undefined;
    const inherited = original === null ? undefined : this.challengeOf(original);
    const challenge = challengeOver(registered, inherited);
    // Its parts were read with the profile it names: an HO read with another is not the one they
    // were written for (note 34). Only the profile is said, which the right HO shows anyway.
    const misread = challenge?.profile === undefined ? null : profileDiffers(message, challenge.profile, this.profiles());
    if (misread !== null) return { line: n, status: "refused", id: message.id, seq: null, findings: [misread], refusal: null };
    // An HO that contradicts the record its sender registered ahead of it, or the record of the
    // handoff it re-issues, is refused before its receiver sees it (check-ho, section 5.3): its
    // readback would otherwise be compared with values nobody approved. Said without a slot or a
    // value: the record is the sender's, private (withheldMismatch).
    const differs = challenge?.record === undefined ? [] : recordMismatch(message, challenge.record, this.profiles().vocabularyOf(message));
    if (differs.length > 0) return { line: n, status: "refused", id: message.id, seq: null, findings: differs, refusal: null };
    const seq = this.lineCount() + 1;
    // Checked where a line is stored, so a retry or a refused line on a full thread is answered as ever.
    let bytes = this.storedBytes() + utf8Length(text);
    if (seq > this.capacity.lines || bytes > this.capacity.bytes) throw new ThreadFull(n);
    let result: AppendResult | undefined;
    // Hashed once: stored with the HO for the audit's rebuild, and given to the audit now.
    const handoffDigest = message.type === "HO" ? digest(message) : undefined;
    try {
      this.ctx.storage.transactionSync(() => {
        this.sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (?, ?, ?, ?, ?, ?)", seq, message.id, message.from ?? "", messageNumber(message.id), message.type, text);
        this.addParties(message);
        this.addCited(message);
        if (message.type === "HO") {
          const exp = message.slots["exp"];
          const due = message.slots["due"];
          const deadlines: Deadlines = { exp: typeof exp === "string" ? exp : null, due: typeof due === "string" ? due : null };
          this.sql.exec("INSERT OR REPLACE INTO handoffs (id, exp, due, h) VALUES (?, ?, ?, ?)", message.id, deadlines.exp, deadlines.due, handoffDigest);
          this.wakeAt(deadlines);
        }
        if (message.type === "AQ") this.addQuestion(message);
        // Counted before the add: an add that throws leaves the audit dropped below, and rebuilt.
        this.taken++;
        const found = audit.add(message, seq, handoffDigest);
        // UN why=DUP makes the handoff its re-issue superseded live again (rule 1): its deadlines,
        // which the alarm stopped counting while it was superseded, count again.
        for (const f of found) if (f.code === "THREAD_REISSUE_DUP") this.wakeFor(f.handoff);
        const carried = original === null || inherited === undefined ? { findings: [], parts: [] } : this.carryChallenge(message.id, original, registered, inherited);
        if (carried === null) throw new ThreadFull(n, true);
        const unread = challenge === undefined ? [] : this.dropUnread(message, challenge, carried.parts, original);
        let extra: Partial<AppendResult> = {};
        let relayed: Finding[] = [];
        if (message.type === "RB" && message.re !== null) {
          const readback = this.checkReadback(message, found);
          if (readback !== null) extra = { readback: readback.checked };
          bytes += readback?.bytes ?? 0;
          relayed = this.relayedFindings(message);
        }
        if (message.type === "AN" && message.re !== null) relayed = this.cancelAckFindings(message, audit);
        if (message.type === "DN" && message.re !== null) {
          const done = this.doneAgainstPlan(message, found);
          if (done !== null) extra = { done: done.checked };
          bytes += done?.bytes ?? 0;
        }
        if ((message.type === "DN" || message.type === "UN" || message.type === "FL") && message.re !== null) this.endClosed(message.re);
        if (message.type === "CX" && message.re !== null) {
          // Only the HO's sender, to its receiver, about its item, withdraws it (section 5.4), with
          // the HOs of the line it superseded when it cancels the live one (rule 1); the core reports
          // any other CX (THREAD_CANCEL_PARTIES, THREAD_REPLY_ITEM) and cancels nothing, and neither
          // does the object. The tool's side: a statement of a handoff it withdrew already ran, so
          // the cancel found the act beyond abandoning (section 5.4: "a cancel cannot unsay an act"),
          // as rw abandon --handoff says; a count alone read as if the cancel stopped it.
          const cancel = cancelOnThread(this.statements, audit, message, this.handoffMessage(message.re), found, this.now());
          extra = { cancelledStatements: cancel.cancelled.length };
          if (cancel.ran !== null) relayed = [cancel.ran];
        }
        // What the checks stored beside the line counts too: a request that takes the thread past
        // its bytes with them is refused whole, as one whose lines do.
        if (bytes > this.capacity.bytes) throw new ThreadFull(n);
        // The line's own notes first (SLOT_UNKNOWN: read, and ignored), as rw validate and check-thread's noted give them.
        result = { line: n, status: "stored", id: message.id, seq, findings: [...checked.findings, ...this.conceal(found), ...relayed, ...carried.findings, ...unread], ...extra };
      });
    } catch (error) {
      // The transaction rolled back; the in-memory audit may have taken the line, so rebuild it.
      this.forgetKept();
      throw error;
    }
    this.heldBytes = bytes;
    return result as AppendResult;
  }

  /**
   * A DN, UN or FL that closed an HO of `handoff`'s re-issue line (core handoffLine, as commit reads
   * it) ends what was prepared for the HOs of the line that can never run now (core endedInLine,
   * endStatements): the closed ones, and once none of the line is live, the superseded ones too. A
   * superseded HO is left while the line has a live one, as a UN why=DUP to it makes it live again.
   * The audit's state is read only when a statement of the line is pending, and only of the HOs
   * that hold one.
   */
  private endClosed(handoff: string): void {
    // The line's pending statements by its root, one read: walking the line id by id made each DN
    // cost the line's length when nothing of it was pending (line-roots.ts).
    const pending = new Set(this.statements.inLine(this.lineRoot(handoff), "pending").map((s) => s.handoff));
    if (pending.size === 0) return;
    const now = this.now();
    const audit = this.auditor();
    // Only the ids with a pending statement (all of the line, by its root): ending one without any
    // reads the store for nothing, and the state of every HO of the thread, built for each DN on a
    // line with one pending, made a DN on each HO of it cost the line's square.
    endStatements(this.statements, endedInLine(audit.handoffs(now, [...pending]), audit.lineLive(handoff)), now);
  }

  /**
   * The challenge of the handoff `handoff` re-issues, carried over to it (carriedChallenge), stored
   * under its id as a copy, so counted as one: each re-issue of a handoff with a large record holds
   * its own. Null when that would take the thread past the challenges it holds.
   */
  private carryChallenge(handoff: string, original: string, registered: ChallengeRequest | undefined, inherited: ChallengeRequest): ReturnType<typeof carriedChallenge> | null {
    const carried = carriedChallenge(handoff, original, registered, inherited);
    return this.challenges.put(handoff, JSON.stringify(carried.challenge), this.capacity) ? carried : null;
  }

  /** What an HO's answer says of the parts of its challenge its rb= does not read (unreadChallenge), dropped from what its id holds. */
  private dropUnread(ho: Message, challenge: ChallengeRequest, carried: ReturnType<typeof carriedChallenge>["parts"], original: string | null): Finding[] {
    const unread = unreadChallenge(ho, challenge, carried, original, this.profiles().vocabularyOf(ho));
    if (unread === null) return [];
    // Part of what it held: it always fits.
    if (unread.kept === null) this.challenges.delete(ho.id);
    else this.challenges.put(ho.id, JSON.stringify(unread.kept), this.capacity);
    return unread.findings;
  }

  /**
   * check-rb of an RB against its HO in this thread, recorded with its verdict, and the bytes the
   * row takes. One the core reports from another party (THREAD_REPLY_PARTIES) is no readback of
   * the receiver's: none.
   */
  private checkReadback(rb: Message, found: readonly ThreadFinding[]): StoredRow<CheckedReadback> | null {
    const ho = this.handoffMessage(rb.re as string);
    if (ho === null || found.some((f) => f.code === "THREAD_REPLY_PARTIES")) return null;
    const vocabulary = this.profiles().vocabularyOf(ho);
    const late = found.some((f) => f.code === "THREAD_READBACK_LATE");
    const row = readbackRow(ho, rb, late, vocabulary, late ? undefined : this.expectations(ho.id, vocabulary));
    const { checked } = row;
    this.sql.exec("INSERT OR REPLACE INTO readbacks (rb, handoff, verdict, report, line) VALUES (?, ?, ?, ?, ?)", checked.rb, checked.handoff, checked.verdict, row.text, this.lineRoot(checked.handoff));
    return row;
  }

  /**
   * check-dn for a DN that answers an HO of the thread: the values as executed against the HO's,
   * and against its last passing readback's where the HO left them to the receiver (a prepared
   * statement's, once relayed and checked). Stored, so the thread's state shows it. Passing is
   * wilco: an unverified readback's resolved values were never checked (the thread had no record),
   * so they plan nothing, and a DN reporting them is DONE_UNVERIFIED. One the core reports from
   * another party (THREAD_REPLY_PARTIES) is no done report of the receiver's: none, as for an RB;
   * nor is one about another item (THREAD_REPLY_ITEM), which closes nothing either.
   *
   * A re-issue is the same HO sent again to the same receiver (rule 1), so, as check-thread counts
   * a passing readback of any HO of the re-issue line for a DN on another (the core's reissueLine),
   * the plan is the line's passing readback when the DN's own HO has none. checkDone checks a
   * readback against the HO it is given, by id, so the plan is checked against the HO that
   * readback read back, with that HO's vocabulary and record (the ones it was judged wilco with):
   * the values the receiver confirmed are that HO's, not those of an HO it never read back. The DN
   * is given to checkDone as answering that HO: its receipt against its own HO is the same, since
   * an HO of the line has the same sender, receiver and item (as the core reads a re-issue), and
   * its re= names its own HO, which is how it was found.
   */
  private doneAgainstPlan(dn: Message, found: readonly ThreadFinding[]): StoredRow<CheckedDone> | null {
    const ho = this.handoffMessage(dn.re as string);
    if (ho === null || found.some((f) => f.code === "THREAD_REPLY_PARTIES" || f.code === "THREAD_REPLY_ITEM")) return null;
    const passed = this.passingReadback(ho.id);
    const planned = passed === undefined || passed.handoff === ho.id ? ho : (this.handoffMessage(passed.handoff) as Message);
    const vocabulary = this.profiles().vocabularyOf(planned);
    // The record and criteria the readback was judged wilco with: checked again here without the
    // record, its resolved values would be unverified and plan nothing; without the criteria, it
    // would be held to the HO's own acc=, which withheld criteria set aside, and could read void.
    const expected = this.expectations(planned.id, vocabulary);
    const answering = planned === ho ? dn : { ...dn, re: planned.id };
    const report = checkDone(planned, answering, vocabulary, passed === undefined ? undefined : this.message(passed.line), expected);
    // The thread holds the tool's side too: a statement of the handoff that ran says the act ran.
    // The core's pick, read by the line's root (the store's inLineOf): one read, whatever the line's length.
    const ran = ranInLine(this.statements, ho.id);
    // And the other way round: the act reported, while the statement the plan relays never ran.
    const tool = noopAfterCommit(dn, ran) ?? doneWithoutCommit(dn, passed === undefined ? undefined : this.message(passed.line), (token) => this.statements.get(token), ran);
    const row = doneRow(checkedDone(dn, ho.id, passed?.rb ?? null, report, tool));
    const done = row.checked;
    this.sql.exec("INSERT OR REPLACE INTO dones (dn, handoff, plan, ok, findings) VALUES (?, ?, ?, ?, ?)", done.dn, done.handoff, done.plan, done.ok ? 1 : 0, row.text);
    return row;
  }

  /**
   * The readback that stands as the plan for a DN on `handoff`: its own latest wilco readback, else
   * the latest wilco readback of another HO of its re-issue line (the same HO sent again, rule 1),
   * with the HO it read back; undefined when none passed.
   */
  private passingReadback(handoff: string): { readonly rb: string; readonly handoff: string; readonly line: string } | undefined {
    return this.sql.exec<{ rb: string; handoff: string; line: string }>(
      "SELECT r.rb AS rb, r.handoff AS handoff, l.line AS line FROM readbacks r JOIN lines l ON l.id = r.rb WHERE r.line = ? AND r.verdict = 'wilco' ORDER BY r.handoff = ? DESC, r.rowid DESC LIMIT 1",
      this.lineRoot(handoff), handoff,
    ).toArray()[0];
  }

  /**
   * check-thread names why a readback failed (`causes`); for a handoff with a private challenge,
   * those would tell the receiver the sender's criteria or record, so they keep code and slot only.
   */
  private conceal(findings: readonly ThreadFinding[]): ThreadFinding[] {
    // Only the handoffs named by findings with causes are looked up: challenges registered ahead
    // may be as many as lines, and reading them all for every line made an append's cost grow with them.
    const challenged = new Map<string, boolean>();
    const isChallenged = (handoff: string): boolean => {
      let known = challenged.get(handoff);
      if (known === undefined) {
        known = this.challenges.has(handoff);
        challenged.set(handoff, known);
      }
      return known;
    };
    return findings.map((f) => (f.causes !== undefined && isChallenged(f.handoff) ? { ...f, causes: f.causes.map(hide) } : f));
  }

  /**
   * Registers the sender's withheld criteria and record for an HO, before its readback arrives:
   * for a live HO of the thread, or ahead of the HO (`known: false`, kept until it is appended).
   * A handoff already closed or superseded has no readback left to check: refused. `joiner`, the
   * agent of an agent token, writes here as it appends: to a thread that holds lines only as a
   * party (else it would store in a conversation it cannot read, and learn its profile from how
   * the parts are read; note 39).
   */
  challenge(handoff: string, request: ChallengeRequest, joiner?: string): Outcome<{ readonly handoff: string; readonly known: boolean }> {
    return this.storedIf(() => this.challengeNow(handoff, request, joiner), (o) => o.ok);
  }

  private challengeNow(handoff: string, request: ChallengeRequest, joiner?: string): Outcome<{ readonly handoff: string; readonly known: boolean }> {
    const outsider = this.outsider(joiner);
    if (outsider !== null) return outsider;
    // The rule is challengeRegistration's; the object reads the facts it decides on from storage.
    const late = this.sql.exec<{ rb: string }>("SELECT rb FROM readbacks WHERE handoff = ? LIMIT 1", handoff).toArray()[0];
    const held = this.sql.exec<{ type: string }>("SELECT type FROM lines WHERE id = ?", handoff).toArray()[0];
    const ho = held?.type === "HO" ? this.handoffMessage(handoff) : null;
    const registration = challengeRegistration(handoff, request, {
      checkedReadback: late?.rb,
      heldType: held?.type,
      before: this.challengeOf(handoff) ?? {},
      ho,
      stands: () => this.auditor().handoffs(this.now(), [handoff])[0],
      profiles: this.profiles(),
    });
    if (!registration.ok) return registration;
    const { merged } = registration.value;
    if (!this.challenges.put(handoff, JSON.stringify(merged), this.capacity)) {
      // Bounded as lines are: ahead of its HO, for any id, nothing else would stop them.
      const { lines: most, bytes: mostBytes } = this.capacity;
      const held = this.challenges.held();
      return problem("thread-full", `this challenge would take the thread past the challenges it holds, ${most} and ${mostBytes} bytes of them (UTF-8, as stored; it holds ${held.rows}, ${held.bytes} bytes), as many as the lines it holds since each is for one HO, so it was not stored; continue the conversation in a new thread`, { limit: most, limitBytes: mostBytes });
    }
    // The audit asks for expectations when a readback arrives; nothing it has seen changes.
    return { ok: true, value: { handoff, known: ho !== null } };
  }

  /** check-thread at the object's now, and what the object keeps beside it. */
  state(thread: string): ThreadState {
    return this.reading(() => this.stateNow(thread));
  }

  private stateNow(thread: string): ThreadState {
    const now = this.now();
    // What a statement is at a moment is the clock's, not the alarm's (alarms run late): the
    // counts below say expired for one past its exp, as commit and abandon would find it.
    this.expireDue(now);
    const audited = this.reportAt(now);
    // A thread of a million handoffs would answer a million of each: every list is cut at the cap,
    // and `next` says where its own route continues.
    const pages = Object.fromEntries(STATE_LISTS.map((list) => [list, this.listPage(list, 0, this.listCap, now)])) as Record<StateList, ListPage>;
    const next = Object.fromEntries(STATE_LISTS.map((list) => [list, pages[list].next])) as Record<StateList, number | null>;
    const report = { ...audited, findings: pages.findings.items as ThreadFinding[], owners: pages.owners.items as ThreadReport["owners"] };
    return {
      thread,
      now,
      profile: this.profileName(),
      lines: this.lineCount(),
      report,
      open: pages.open.items as ThreadState["open"],
      readbacks: pages.readbacks.items as ThreadState["readbacks"],
      dones: pages.dones.items as ThreadState["dones"],
      orphaned: pages.orphaned.items as ThreadState["orphaned"],
      statements: this.statements.countsByState(),
      alarm: this.scheduled(),
      next,
    };
  }

  /** One of the state's lists, `limit` entries after the first `after`, at the object's now. */
  list(list: StateList, after: number, limit: number): ListPage {
    return this.reading(() => this.listPage(list, after, limit, this.now()));
  }

  private listPage(list: StateList, after: number, limit: number, now: string): ListPage {
    // One more than asked is read, to say whether the list goes on; a page also stops at
    // PAGE_BYTES, which `next` says as it says the count (bounded-page.ts).
    const window = (rows: Iterable<ListEntry>): ListPage => {
      const page = boundedPage(rows, limit);
      return { items: page.items, next: nextAfter(after, page) };
    };
    const table = <T extends Record<string, SqlStorageValue>>(query: string): Iterable<T> => this.sql.exec<T>(`${query} LIMIT ? OFFSET ?`, limit + 1, after);
    switch (list) {
      case "findings": {
        const page = window(this.reportAt(now).findings.slice(after, after + limit + 1));
        return { ...page, items: this.conceal(page.items as ThreadFinding[]) };
      }
      case "owners":
        return window(this.reportAt(now).owners.slice(after, after + limit + 1));
      case "open": {
        const live = this.liveAt(now).slice(after, after + limit + 1);
        const deadlines = this.deadlinesOfEach(live.map((h) => h.id));
        return window(live.map((h) => { const d = deadlines.get(h.id); return { id: h.id, exp: d?.exp ?? null, due: d?.due ?? null, state: h.state }; }));
      }
      case "readbacks":
        return window(table<{ rb: string; handoff: string; verdict: string }>("SELECT rb, handoff, verdict FROM readbacks ORDER BY rowid"));
      case "dones": {
        // Paged as stored (ok is 0 or 1 there), then read as the state gives it.
        const rows = table<{ dn: string; handoff: string; ok: number }>("SELECT dn, handoff, ok FROM dones ORDER BY rowid");
        const page = boundedPage(rows, limit);
        return { items: page.items.map((d) => ({ dn: d.dn, handoff: d.handoff, ok: d.ok === 1 })), next: nextAfter(after, page) };
      }
      case "orphaned":
        return window(table<{ handoff: string; code: string; at: string; marked: number }>("SELECT handoff, code, at, marked FROM orphans ORDER BY marked, handoff"));
    }
  }

  /** Stored lines after the seq `after`, in order: at most `limit`, and at most PAGE_BYTES of them; `next` is the seq to read after, or null once none follows. */
  lines(after: number, limit: number): LinePage {
    return this.reading(() => this.linesNow(after, limit));
  }

  private linesNow(after: number, limit: number): LinePage {
    const page = boundedPage(this.sql.exec<{ seq: number; id: string; line: string }>("SELECT seq, id, line FROM lines WHERE seq > ? ORDER BY seq LIMIT ?", after, limit + 1), limit);
    const last = page.items[page.items.length - 1];
    return { lines: page.items, next: page.more && last !== undefined ? last.seq : null };
  }

  /**
   * One handoff: its line, its readbacks with their verdicts, its done reports and its place in the
   * report. The challenge is never returned. Each list is a page (bounded-page.ts): the entries
   * after the first `after`, at most `limit` and PAGE_BYTES of them, `next` saying where each goes on.
   */
  handoff(id: string, after = 0, limit: number = STATE_LIST_CAP): Outcome<HandoffAnswer> {
    return this.reading(() => this.handoffNow(id, after, limit));
  }

  private handoffNow(id: string, after: number, limit: number): Outcome<HandoffAnswer> {
    const row = this.sql.exec<{ line: string }>("SELECT line FROM lines WHERE id = ? AND type = 'HO'", id).toArray()[0];
    if (row === undefined) return problem("unknown-handoff", `no HO of this thread has the id ${shown(id)}`, { parameter: "handoff" });
    const readbackRows = boundedPage(this.sql.exec<{ rb: string; handoff: string; verdict: string; report: string | null }>("SELECT rb, handoff, verdict, report FROM readbacks WHERE handoff = ? ORDER BY rowid LIMIT ? OFFSET ?", id, limit + 1, after), limit);
    const readbacks = readbackRows.items.map((r) => ({ rb: r.rb, handoff: r.handoff, verdict: r.verdict as CheckedReadback["verdict"], report: r.report === null ? null : (JSON.parse(r.report) as ReadbackReport) }));
    const now = this.now();
    // Its findings alone (core findingsOf): the thread's other HOs get none built.
    const findingRows = boundedPage(this.auditor().findingsOf(now, id).slice(after, after + limit + 1), limit);
    const findings = this.conceal(findingRows.items);
    // The first HO under an id is the tracked one; a later HO reusing it is refused on append.
    // Asked for that one HO: the thread's others get no state built.
    const state = this.auditor().handoffs(now, [id])[0] as HandoffState;
    const doneRows = boundedPage(this.sql.exec<{ dn: string; handoff: string; plan: string | null; ok: number; findings: string }>("SELECT dn, handoff, plan, ok, findings FROM dones WHERE handoff = ? ORDER BY rowid LIMIT ? OFFSET ?", id, limit + 1, after), limit);
    const dones = doneRows.items.map((d) => ({ dn: d.dn, handoff: d.handoff, plan: d.plan, ok: d.ok === 1, findings: JSON.parse(d.findings) as Finding[] }));
    return { ok: true, value: { line: row.line, state, readbacks, dones, findings, next: { readbacks: nextAfter(after, readbackRows), dones: nextAfter(after, doneRows), findings: nextAfter(after, findingRows) } } };
  }

  /**
   * Whether `agent` is a party of the thread, the sender or receiver of a line it stores (the
   * Worker lets an agent token read only its own threads). False for a thread never written to,
   * answered without making its tables to read them (and dropping them): that took several times
   * a stored thread's one lookup, so the time of a refusal told a thread never written to from one
   * that holds lines, where the refusal itself is the same (note 39).
   */
  hasParty(agent: string): boolean {
    if (!this.stored) return false;
    return this.reading(() => this.isParty(agent));
  }

  private isParty(agent: string): boolean {
    return this.sql.exec("SELECT 1 FROM parties WHERE agent = ?", agent).toArray().length > 0;
  }

  /** Who an HO of the thread is from and to, or null when no HO has the id (the Worker decides who may act on it). */
  handoffParties(id: string): { readonly from: string; readonly to: string } | null {
    return this.reading(() => {
      const ho = this.handoffMessage(id);
      // A stored line is valid, and a valid HO names both.
      return ho === null ? null : { from: ho.from as string, to: ho.to as string };
    });
  }

  /** The agent a statement's readback is from (its HO's receiver, who prepared it), or null for an unknown token. */
  statementReceiver(token: string): string | null {
    return this.reading(() => this.statements.get(token)?.readback.from ?? null);
  }

  /** Freezes a resolved call for an HO of this thread (core prepare), stated as the RB to relay. */
  prepare(request: PrepareRequest): Outcome<PreparedStatement> {
    return this.reading(() => this.prepareNow(request));
  }

  private prepareNow(request: PrepareRequest): Outcome<PreparedStatement> {
    const ho = this.handoffMessage(request.handoff);
    if (ho === null) return problem("unknown-handoff", `no HO of this thread has the id ${shown(request.handoff)}`, { parameter: "handoff" });
    if (!isTime(request.exp)) return problem("invalid-request", `exp: ${JSON.stringify(shown(request.exp))} is not YYYYMMDDTHHMMZ (UTC)`, { parameter: "exp" });
    const now = this.now();
    const open = this.auditor().handoffs(now, [ho.id]).some((h) => LIVE_STATES.has(h.state));
    if (!open) return problem("statement-refused", `${ho.id} is not open: a statement is prepared only for an open handoff`, { parameter: "handoff" });
    const vocabulary = this.profiles().vocabularyOf(ho);
    // The call is read as a record's values are (the core's readCall, as rw prepare reads it).
    const call = readCall(request.call, vocabulary);
    if (!call.ok) return problem("invalid-request", `call: ${call.findings.map((f) => f.message).join("; ")}`, { parameter: "call", findings: call.findings });
    const n = request.n ?? this.nextNumber(ho.to ?? "");
    if (n === null) return problem("statement-refused", `${ho.to}'s ids in this thread take every number up to 2^53 - 1, so its next RB cannot be numbered; give n`, { parameter: "n" });
    // The core states the RB; it is kept only once its id is known to be free (below).
    let staged: Statement | undefined;
    const prepared = prepare({ ...this.statements, put: (s) => void (staged = s) }, { ho, call: call.value, exp: request.exp, n, now }, vocabulary);
    // The core refuses an n that another statement of this thread already states (READBACK_ID_REUSED:
    // the store's readbackIdsOf), or the HO names as the receiver's.
    const badN = prepared.findings.some((f) => f.code === "READBACK_ID_REUSED") ? { parameter: "n" } : {};
    if (!prepared.ok) return problem("statement-refused", prepared.findings.map((f) => f.message).join("; "), { findings: prepared.findings, ...badN });
    const line = formatLine(prepared.value.readback);
    if (!line.ok) return problem("statement-refused", line.findings.map((f) => f.message).join("; "), { findings: line.findings });
    // The receiver relays this line, and a thread takes no line past LIMITS.lineBytes: a longer
    // statement (a call value of a megabyte) could never be relayed, so never run, only stored.
    const bytes = utf8Length(line.value);
    if (bytes > LIMITS.lineBytes) return problem("line-too-long", `call: the statement's RB line would be ${bytes} bytes, and a line may hold at most ${LIMITS.lineBytes}, so it could never be relayed; the call's values are too long`, { parameter: "call", limit: LIMITS.lineBytes });
    // The id's number free in the thread (number-taken.ts's rule), looked up in its tables by number.
    const heldAs = (sql: string, from: string, number: number): string | undefined => this.sql.exec<{ id: string }>(sql, from, number).toArray()[0]?.id;
    const taken = numberTaken(prepared.value.readback.id, prepared.value.readback.from ?? "", n, {
      line: (from, number) => heldAs("SELECT id FROM lines WHERE sender = ? AND n = ? LIMIT 1", from, number),
      statement: (from, number) => heldAs("SELECT rb_id AS id FROM statements WHERE rb_from = ? AND rb_n = ? LIMIT 1", from, number),
      cited: (from, number) => this.sql.exec("SELECT 1 FROM cited WHERE agent = ? AND n = ?", from, number).toArray().length > 0,
    });
    if (taken !== null) return { ok: false, problem: taken };
    if (staged !== undefined && !this.storeWithAlarm(staged, afterTime(request.exp))) {
      // Bounded as lines are: each prepare stores one, on any number of handoffs, kept whatever its end.
      const { lines: most, bytes: mostBytes } = this.capacity;
      const held = this.statements.held();
      return problem("thread-full", `this statement would take the thread past the statements it holds, ${most} and ${mostBytes} bytes of them (UTF-8, as stored, committed, abandoned and expired ones included; it holds ${held.rows}, ${held.bytes} bytes), as many as the lines it holds since each states an RB to relay as one, so it was not stored; continue the conversation in a new thread`, { limit: most, limitBytes: mostBytes });
    }
    // The core's notes (EXEC_DIFFERS: the call differs from the HO's value) go to the receiver,
    // which compares the statement with the call it made before relaying it (section 5.3).
    return { ok: true, value: { ...prepared.value, line: line.value, findings: prepared.findings } };
  }

  /**
   * Stores a statement just prepared and sets the alarm that expires it, as one transaction; false
   * (nothing written) past the thread's capacity. A SQLite-backed object's setAlarm is written in
   * the transaction it is called in and rolled back with it (alarm-rollback.test.ts pins it), so a
   * throw from either keeps neither. Outside one, a setAlarm that threw after the INSERT was
   * answered 500 while the statement stayed stored and pending, unknown to the caller, until its
   * exp; the transaction's commit is covered by the output gate, as every write is.
   */
  private storeWithAlarm(statement: Statement, expiresAt: number): boolean {
    try {
      return this.ctx.storage.transactionSync(() => {
        if (!this.statements.add(statement, this.capacity)) return false;
        this.wake(expiresAt);
        return true;
      });
    } catch (error) {
      // The count the add kept describes a row the rollback removed.
      this.statements.forget();
      throw error;
    }
  }

  /**
   * Runs the statement once, within its window, by the object's clock, and only once its act is
   * cleared (section 5.3: "only a passing readback ... clears the act"): the thread holds the
   * statement's RB, relayed unchanged and checked wilco, and the handoff is still live.
   */
  commit(token: string): Outcome<Statement> {
    return this.reading(() => this.commitNow(token));
  }

  private commitNow(token: string): Outcome<Statement> {
    const now = this.now();
    const pending = this.statements.get(token);
    // What the core refuses (unknown, no longer pending, past exp) it refuses first, as it words it.
    if (pending !== undefined && pending.state === "pending" && !(now > pending.exp)) {
      const uncleared = this.uncleared(pending, now);
      if (uncleared !== null) return statementProblem([uncleared]);
    }
    const done = commit(this.statements, token, now);
    if (done.ok) return { ok: true, value: done.value };
    return statementProblem(done.findings);
  }

  /** Why a pending statement may not run yet (core commitClearance), from what the thread holds. */
  private uncleared(statement: Statement, now: string): Finding | null {
    const stands = this.auditor().handoffs(now, [statement.handoff])[0];
    const rows = this.sql.exec<{ rb: string; verdict: string; line: string }>("SELECT r.rb AS rb, r.verdict AS verdict, l.line AS line FROM readbacks r JOIN lines l ON l.id = r.rb WHERE r.handoff = ? ORDER BY r.rowid", statement.handoff).toArray();
    // The sender's ANs that may answer one of the handoff's readbacks (the core keeps those that do).
    // One look-up per readback (a handoff has a few), through the sender's index, in sending order.
    const answers = new Map<number, string>();
    for (const r of rows) {
      for (const a of this.sql.exec<{ seq: number; line: string }>("SELECT seq, line FROM lines WHERE sender = ? AND type = 'AN' AND instr(line, ?) > 0", statement.readback.to ?? "", `re=${r.rb}`)) answers.set(a.seq, a.line);
    }
    const inOrder = [...answers.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => this.message(line));
    return commitClearance(statement, stands, rows.map((r) => ({ rb: r.rb, verdict: r.verdict as CheckedRelay["verdict"], message: this.message(r.line) })), inOrder, this.auditor().ownedElsewhere(statement.handoff));
  }


  /**
   * An AN acknowledging a CX of the thread (val=Y: what was prepared is abandoned) when a statement
   * of a handoff the CX withdrew had already been committed: the act ran, and the receiver answers
   * with its DN instead (core cancelAckAfterCommit). The object's finding, as relayedFindings are.
   */
  private cancelAckFindings(an: Message, audit: ThreadAudit): Finding[] {
    const line = this.sql.exec<{ line: string }>("SELECT line FROM lines WHERE id = ? AND type = 'CX'", an.re as string).toArray()[0]?.line;
    if (line === undefined) return [];
    const cx = this.message(line);
    const re = cx.re;
    // The withdrawn line's committed statements read by its root, one read (line-roots.ts).
    const found = cancelAckAfterCommit(an, cx, () => (re === null ? undefined : committedStatement(lineView(this.statements, re, "committed"), audit.withdrawnBy(re))));
    return found === null ? [] : [found];
  }

  /** What an RB carrying `x_tok` relays of the thread's statements (core relayedStatement). */
  private relayedFindings(rb: Message): Finding[] {
    return relayedStatement(rb, (token) => this.statements.get(token), this.now());
  }


  abandon(token: string): Outcome<Statement> {
    return this.reading(() => this.abandonNow(token));
  }

  private abandonNow(token: string): Outcome<Statement> {
    // By the object's clock: past its exp, the statement is expired whether or not the alarm has
    // run yet (alarms can be late), so the answer does not depend on when the alarm fired.
    const done = abandon(this.statements, token, this.now());
    if (done.ok) return { ok: true, value: done.value };
    return statementProblem(done.findings);
  }

  /**
   * Expires statements past their window and marks handoffs past their exp or due, and AQs
   * unanswered past their by=, then sets the alarm for what is still pending, or none. Alarms run
   * at least once, not exactly once, so this is idempotent: a second run at the same moment finds
   * nothing new and sets the same alarm.
   */
  override async alarm(): Promise<void> {
    const now = this.now();
    this.expireDue(now);
    const report = this.reportAt(now);
    for (const f of report.findings) {
      if (ORPHAN_CODES.has(f.code)) this.sql.exec("INSERT OR IGNORE INTO orphans (handoff, code, at, marked) VALUES (?, ?, ?, ?)", f.handoff, f.code, now, this.clock());
    }
    this.setAlarm(this.nextPending(now, report));
  }

  /**
   * Marks the pending statements past their window expired, a batch at a time: a thread may hold
   * 100,000 of them (one a prepare, as many as lines), and reading them all at every read of its
   * state and every alarm would hold them all in memory at once.
   */
  private expireDue(now: string): void {
    for (;;) {
      const due = this.statements.pendingPast(now, EXPIRY_BATCH);
      // Each is expired, so the next batch is others; one not expired would be read again.
      if (due.length === 0 || expireStatements(this.statements, due, now).length < due.length) return;
    }
  }

  /**
   * The earliest moment after `now` when something still pending becomes late: a statement's exp,
   * an open HO's exp or due, an AQ's by= while `report` (check-thread at `now`) finds it unanswered.
   */
  private nextPending(now: string, report: ThreadReport): number | null {
    const current = afterTime(now) - 60_000;
    const times: number[] = [];
    // Those past it were just expired: the earliest left is the next to end.
    const statement = this.statements.earliestPendingExp();
    if (statement !== null) times.push(afterTime(statement));
    const open = new Set(this.liveAt(now).map((h) => h.id));
    for (const h of this.sql.exec<{ id: string; exp: string | null; due: string | null }>("SELECT id, exp, due FROM handoffs")) {
      if (!open.has(h.id)) continue;
      if (h.exp !== null) times.push(afterTime(h.exp));
      if (h.due !== null) times.push(afterDate(h.due));
    }
    const unanswered = new Set(report.findings.filter((f) => f.code === QUESTION_IN_TIME).map((f) => f.handoff));
    for (const q of this.sql.exec<{ id: string; by: string }>("SELECT id, by FROM questions")) {
      if (unanswered.has(q.id)) times.push(afterDate(q.by));
    }
    const future = times.filter((t) => t > current);
    // reduce, not Math.min(...future): a thread may hold more deadlines than a call takes arguments.
    return future.length === 0 ? null : future.reduce((a, b) => Math.min(a, b));
  }

  /**
   * Wakes the object now when the moment it was to wake at is already past: that alarm is either
   * about to run, or lost. An alarm handler that throws is retried at most six times, and then the
   * runtime drops the alarm; the moment kept beside it stays, and wake, which only ever moves the
   * alarm earlier than that moment, would set none again, so no deadline after it would ever wake
   * the object. Run at every request, the alarm then does what was late and sets the next.
   *
   * It serves the thread, not the request: nothing a request answers is read from the alarm (a
   * statement is past its window, and a deadline past, by the clock), so a setAlarm that fails
   * here fails no request, a read least of all. The moment and the alarm are one transaction: a
   * failed one leaves the moment past, and the next request tries again.
   */
  private rearm(): void {
    const current = this.scheduled();
    const now = this.clock();
    if (current === null || current > now) return;
    try {
      this.ctx.storage.transactionSync(() => this.setAlarm(now));
    } catch (error) {
      console.error("rogerwilco thread: a lost alarm could not be set again; the next request tries again", error);
    }
  }

  /** When the object will next wake by itself (kept beside the alarm, so it is read without waiting). */
  private scheduled(): number | null {
    const stored = this.meta("alarm");
    return stored === null ? null : Number(stored);
  }

  /** Sets the alarm for `at`, or a year ahead at most (ALARM_HORIZON), or none. */
  private setAlarm(at: number | null): void {
    if (at === null) {
      this.sql.exec("DELETE FROM meta WHERE key = 'alarm'");
      void this.ctx.storage.deleteAlarm();
    } else {
      const within = Math.min(at, this.clock() + ALARM_HORIZON);
      this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('alarm', ?)", String(within));
      void this.ctx.storage.setAlarm(within);
    }
  }

  /** What arrivalRefusal asks of the lines the thread holds, looked up as it asks. */
  private readonly held: HeldLines = {
    holds: (id) => this.sql.exec("SELECT 1 FROM lines WHERE id = ?", id).toArray().length > 0,
    message: (id) => {
      const row = this.sql.exec<{ line: string }>("SELECT line FROM lines WHERE id = ?", id).toArray()[0];
      return row === undefined ? null : this.message(row.line);
    },
    handoffExp: (id) => this.deadlinesOf(id)?.exp,
  };

  /** A handoff's stored exp and due, or undefined for an id that is no HO of the thread. */
  private deadlinesOf(handoff: string): Deadlines | undefined {
    return this.sql.exec<{ exp: string | null; due: string | null }>("SELECT exp, due FROM handoffs WHERE id = ?", handoff).toArray()[0];
  }

  /** The stored exp and due of each of `handoffs` that is an HO of the thread, by id: one read for a page, not one a handoff. */
  private deadlinesOfEach(handoffs: readonly string[]): Map<string, Deadlines> {
    const rows = this.sql.exec<{ id: string; exp: string | null; due: string | null }>("SELECT id, exp, due FROM handoffs WHERE id IN (SELECT value FROM json_each(?))", JSON.stringify(handoffs));
    return new Map(Array.from(rows, (r) => [r.id, { exp: r.exp, due: r.due }]));
  }

  /** A live handoff's exp and due become late: wake for each. */
  private wakeFor(handoff: string): void {
    const deadlines = this.deadlinesOf(handoff);
    if (deadlines !== undefined) this.wakeAt(deadlines);
  }

  /** Wake when a handoff's `exp` and `due` become late. */
  private wakeAt(deadlines: Deadlines): void {
    if (deadlines.exp !== null) this.wake(afterTime(deadlines.exp));
    if (deadlines.due !== null) this.wake(afterDate(deadlines.due));
  }

  /**
   * Something becomes late at `at`: wake then, unless the alarm is already due sooner. Between
   * alarms the scheduled time only moves earlier; a handoff closing early leaves it, and the alarm
   * then finds nothing late and sets the next from what is still pending.
   */
  private wake(at: number): void {
    const current = this.scheduled();
    if (at <= afterTime(this.now()) - 60_000) at = this.clock();
    if (current === null || at < current) this.setAlarm(at);
  }
}




/** Thrown inside an append's transaction at the request's line `line`, which would take the thread past its capacity. */
class ThreadFull extends Error {
  /** `challenges`: the line, a re-issue, would carry a challenge over past what the thread holds of them. */
  constructor(readonly line: number, readonly challenges = false) {
    super("thread full");
  }
}

function statementProblem(findings: readonly Finding[]): { ok: false; problem: ThreadProblem } {
  const unknown = findings.some((f) => f.code === "STATEMENT_UNKNOWN");
  return problem(unknown ? "unknown-statement" : "statement-refused", findings.map((f) => f.message).join("; "), { findings });
}

/** Two ascending runs of rows' `n`, merged ascending. */
function* mergeAscending(first: Iterable<{ n: number }>, second: Iterable<{ n: number }>): Generator<{ n: number }> {
  const a = first[Symbol.iterator]();
  const b = second[Symbol.iterator]();
  let x = a.next();
  let y = b.next();
  for (;;) {
    if (!x.done && (y.done || x.value.n <= y.value.n)) {
      yield x.value;
      x = a.next();
    } else if (!y.done) {
      yield y.value;
      y = b.next();
    } else return;
  }
}

/** `numbers` (ascending) with `extra` in its place among them; a non-positive `extra` is left out. */
function* withNumber(numbers: Iterable<number>, extra: number): Generator<number> {
  let placed = extra < 1;
  for (const n of numbers) {
    if (!placed && extra <= n) {
      yield extra;
      placed = true;
    }
    yield n;
  }
  if (!placed) yield extra;
}
