/**
 * The tool's statement (section 5.3): `prepare` freezes a resolved call under an unguessable token
 * and states it as the RB the receiver relays; `commit` returns the frozen call exactly once, and
 * never after `exp`, after `abandon`, or after a CX for its handoff. A pure state machine over an
 * injected store, shared by the CLI's file store and the Worker's Durable Object.
 */
import { finding } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import { isTime, messageNumber } from "./check-value.js";
import { makeReadback } from "./make-readback.js";
import type { Message, SlotValue } from "./message.js";
import { readbackSet } from "./readback-set.js";
import type { ReadbackSet } from "./readback-set.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _readbackId } from "./_readback-id.js";
import { _cut } from "./_chars.js";
import { _field, _same, _show } from "./_slot-values.js";
import { envelopeOfHandoff, envelopeOfStatement, handoffLine, lineView, reissueNoteOf, withdrawnLine } from "./statement-line.js";
import type { HandoffEnvelope, ReissueNote } from "./statement-line.js";

export type StatementState = "pending" | "committed" | "abandoned" | "expired" | "cancelled";

export interface Statement {
  /** 128 random bits, 32 lowercase hex characters: a capability, never listed. */
  readonly token: string;
  /** The id of the HO the statement executes. */
  readonly handoff: string;
  /** The execution values as the readback states them (every execution slot of the ask): what runs. */
  readonly call: Readonly<Record<string, SlotValue>>;
  /** The end of the window for confirmation, `YYYYMMDDTHHMMZ` (UTC). */
  readonly exp: string;
  /** The RB line that states the call, with `x_tok=`. */
  readonly readback: Message;
  readonly state: StatementState;
  /**
   * The moment of the prepare, `YYYYMMDDTHHMMZ`, when it was given: no commit may be earlier. A
   * statement an earlier version stored has none, and its commit moment is not compared.
   */
  readonly prepared?: string;
}

/**
 * Where a statement kept outside this process no longer holds together, and why, or null: what
 * runs is what the sender checked (section 5.3), so its call and window are the ones its readback
 * states, the readback carries its token and answers its handoff. A store read back from a file
 * is held to this before anything runs from it.
 */
export function statementMismatch(s: Statement): { readonly path: string; readonly problem: string } | null {
  if (s.readback.slots["x_tok"] !== s.token) return { path: "readback", problem: "its x_tok is not the statement's token" };
  if (s.readback.re !== s.handoff) return { path: "readback", problem: `it does not answer the statement's handoff ${s.handoff}` };
  if (s.readback.slots["exp"] !== s.exp) return { path: "exp", problem: "it is not the exp its readback states" };
  for (const [key, value] of Object.entries(s.call)) {
    if (!_same(_field(s.readback, key), value)) return { path: `call.${key}`, problem: "it is not the value its readback states, which is what the sender checked" };
  }
  return null;
}

/** Where statements live. Synchronous, so one call of the state machine is one atomic step. */
export interface StatementStore {
  get(token: string): Statement | undefined;
  put(statement: Statement): void;
  /**
   * Every statement prepared for a handoff; given `state`, those in it are enough (the callers ask
   * for the committed one, or the pending ones, and check each statement's state themselves, so a
   * store that answers every statement still answers right). A thread may hold 100,000 of one
   * handoff's statements: a store that keeps them indexed by state reads only those asked for.
   */
  forHandoff(handoff: string, state?: StatementState): readonly Statement[];
  /**
   * Records that a CX cancelled the handoff, whether or not anything was prepared for it yet: a
   * statement prepared after the cancel would run a withdrawn act.
   */
  markCancelled(handoff: string): void;
  isCancelled(handoff: string): boolean;
  /**
   * The other ids the same handoff was sent under: rule 1's re-issues of it and the HO it
   * re-issues ("the sender re-issues the same HO"). One act for them all: a statement that ran for
   * any of them ends the others. Only a holder of the thread knows them (the Worker's thread
   * object); without it, the core reads them from the store's notes of the HOs with `re=` it was
   * given and its statements (noteReissue; statement-line.ts).
   */
  reissuesOf?(handoff: string): readonly string[];
  /**
   * The statements in `state` of every id of `handoff`'s re-issue line (`handoff` and the ids
   * reissuesOf gives), in one read, whatever the line's length: a store that keeps each statement's
   * line beside it (the Worker's thread) answers what forHandoff would over each id. The core reads
   * a line through it (lineView) rather than id by id. Asked only of a store with reissuesOf.
   */
  inLineOf?(handoff: string, state: StatementState): readonly Statement[];
  /**
   * The ids of every readback the store's statements state from `receiver`, whatever handoff they
   * answer: each is an id of the receiver's already spoken for (an RB relayed, or waiting to be).
   * A tool's store does not know which conversation a statement belongs to, so a fresh RB id
   * steps past them all; a store without this offers its handoff's statements and its re-issues'.
   * Given `n`, the ids numbered `n` are enough: a prepare given its number asks only whether it is
   * taken (ids are compared by number, so a store may answer more).
   */
  readbackIdsOf?(receiver: string, n?: number): readonly string[];
  /**
   * Every statement whose readback has the id `readback`, whatever its state (one at most where
   * each was prepared in the store: a prepare takes an id none of its statements states): what
   * statedIdReuse asks of each line a thread appends, so a store that keeps statements by their
   * readback's id answers it by index; and, of a store that knows no re-issues (no reissuesOf),
   * what a re-issue's `re=` names when it points at the void RB (rule 1) rather than at the HO.
   */
  statementsStating?(readback: string): readonly Statement[];
  /**
   * Keeps a note of an HO with `re=` a prepare was given, whether or not anything was prepared for
   * it: a store that knows no re-issues (no reissuesOf) learns a handoff's re-issue line from these
   * and its statements (statement-line.ts), a middle HO with no statement included. One note per
   * id: a note already kept for it stays.
   */
  noteReissue?(note: ReissueNote): void;
  /** The note kept of the HO `id`, or undefined. */
  reissueNote?(id: string): ReissueNote | undefined;
  /** The notes of the HOs whose `re=` names `id` (an HO, or a readback a statement stated). */
  citing?(id: string): readonly ReissueNote[];
}

/** A store in memory (tests, and the base of the file store). */
export function memoryStore(initial: readonly Statement[] = [], cancelled: readonly string[] = [], reissues: readonly ReissueNote[] = []): StatementStore & Required<Pick<StatementStore, "statementsStating">> & { all(): Statement[]; cancelled(): string[]; reissues(): ReissueNote[] } {
  const byToken = new Map(initial.map((s) => [s.token, s]));
  const cancels = new Set(cancelled);
  const notes = new Map<string, ReissueNote>();
  for (const n of reissues) if (!notes.has(n.id)) notes.set(n.id, n);
  return {
    get: (token) => byToken.get(token),
    put: (statement) => void byToken.set(statement.token, statement),
    forHandoff: (handoff, state) => [...byToken.values()].filter((s) => s.handoff === handoff && (state === undefined || s.state === state)),
    readbackIdsOf: (receiver) => [...byToken.values()].filter((s) => s.readback.from === receiver).map((s) => s.readback.id),
    statementsStating: (readback) => [...byToken.values()].filter((s) => s.readback.id === readback),
    markCancelled: (handoff) => void cancels.add(handoff),
    isCancelled: (handoff) => cancels.has(handoff),
    noteReissue: (note) => void (notes.has(note.id) || notes.set(note.id, note)),
    reissueNote: (id) => notes.get(id),
    citing: (id) => [...notes.values()].filter((n) => n.re === id),
    all: () => [...byToken.values()],
    cancelled: () => [...cancels],
    reissues: () => [...notes.values()],
  };
}

// Web Crypto's getRandomValues exists in Node, browsers and Workers alike; core declares only it.
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

/** A fresh token: 128 bits from the platform's cryptographic random source. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

const TOKEN = /^[0-9a-f]{32}$/;

/** Whether `text` has a statement token's shape (newToken's: 32 lowercase hex characters); says nothing of whether one was issued. */
export function isStatementToken(text: string): boolean {
  return TOKEN.test(text);
}

export interface PrepareInput {
  /** The HO the call executes, as delivered. */
  readonly ho: Message;
  /** The call as resolved by the tool: the values it will run with, by execution slot. */
  readonly call: Readonly<Record<string, SlotValue>>;
  /** The statement's window; it may not outlive the HO's `exp`. */
  readonly exp: string;
  /**
   * The receiver's message number for the RB that states the call. Omitted, one past the
   * receiver's ids the HO names and the readbacks the store's statements state (readbackIdsOf), else 1.
   */
  readonly n?: number;
  /**
   * The moment of the prepare, `YYYYMMDDTHHMMZ`: a window that closed before it is refused, by
   * commit's rule (the minute of `exp` is still in time). Omitted, the window is not compared.
   */
  readonly now?: string;
}

/** Freezes the call and returns the statement (its `readback` is the RB to relay, with `x_tok`). */
export function prepare(store: StatementStore, input: PrepareInput, vocabulary: Vocabulary, token: string = newToken()): Result<Statement> {
  const fail = (f: Finding[]): Result<Statement> => ({ ok: false, value: null, findings: f });
  // A store that knows no thread learns the re-issue line from the HOs it is given, this one
  // whatever becomes of its prepare: a re-issue of it may come next (rule 1).
  if (store.reissuesOf === undefined) {
    const note = reissueNoteOf(input.ho);
    if (note !== null) store.noteReissue?.(note);
  }
  if (!isTime(input.exp)) return fail([finding("STATEMENT_REFUSED", `exp=${input.exp} is not a UTC time (YYYYMMDDTHHMMZ)`, { slot: "exp", received: input.exp })]);
  if (input.now !== undefined) {
    if (!isTime(input.now)) throw new RangeError("prepare: now must be YYYYMMDDTHHMMZ");
    if (input.now > input.exp) return fail([finding("STATEMENT_REFUSED", `exp=${input.exp} is already past (now ${input.now}): the window for confirmation would already be closed`, { slot: "exp", expected: `>= ${input.now}`, received: input.exp })]);
  }
  const hoExp = input.ho.slots["exp"];
  if (typeof hoExp === "string" && input.exp > hoExp) {
    return fail([finding("STATEMENT_REFUSED", `the statement's exp=${input.exp} would outlive the HO's exp=${hoExp}`, { slot: "exp", expected: `<= ${hoExp}`, received: input.exp })]);
  }
  if (!isStatementToken(token) || store.get(token) !== undefined) throw new RangeError("prepare: the token must be 32 fresh lowercase hex characters");
  const set = readbackSet(input.ho, vocabulary);
  const unstated = unstatedCall(input, set, vocabulary.name);
  if (unstated !== null) return fail([unstated]);
  const ended = endedHandoff(store, input.ho.id, envelopeOfHandoff(input.ho), input.ho.re);
  if (ended !== null) return fail([ended]);
  // An earlier statement's RB (abandoned, say) already holds its id: a fresh one never repeats it,
  // nor one a statement for another handoff states (a re-issue's original, above all: the same
  // conversation, and the same receiver numbering its RBs).
  const receiver = input.ho.to ?? "";
  const earlier = store.readbackIdsOf?.(receiver, input.n) ?? [input.ho.id, ...(store.reissuesOf?.(input.ho.id) ?? [])].flatMap((h) => store.forHandoff(h).map((s) => s.readback.id));
  const id = _readbackId(input.ho, receiver, input.n, earlier);
  if (!id.ok) return fail([...id.findings]);
  const n = messageNumber(id.value);
  const rb = makeReadback(input.ho, { n, exec: input.call, exp: input.exp, extra: { x_tok: token } }, vocabulary);
  if (!rb.ok) return fail([...rb.findings]);
  // What runs is what the readback states, slot by slot: the call's values, and the HO's where the
  // call leaves a slot to it. Nothing the sender did not check can run.
  const stated: Record<string, SlotValue> = {};
  for (const key of set.exec) {
    const value = key === "item" ? rb.value.item : rb.value.slots[key];
    if (value !== undefined && value !== null) stated[key] = value;
  }
  const statement: Statement = { token, handoff: input.ho.id, call: stated, exp: input.exp, readback: rb.value, state: "pending", ...(input.now === undefined ? {} : { prepared: input.now }) };
  store.put(statement);
  return { ok: true, value: statement, findings: rb.findings };
}

/**
 * A statement is an execution readback (section 5.3): the HO must ask `rb=exec` for an ask with
 * execution slots, and the call may carry only those slots, since a value the RB does not state
 * is a value the sender never checked.
 */
function unstatedCall(input: PrepareInput, set: ReadbackSet, vocabularyName: string): Finding | null {
  if (input.ho.type !== "HO") {
    return finding("STATEMENT_REFUSED", `a statement is prepared for an HO, and ${input.ho.id} is ${input.ho.type}`, { slot: "type", expected: "HO", received: input.ho.type });
  }
  const ask = _show(input.ho.slots["ask"]);
  if (!set.execution) {
    return finding("STATEMENT_REFUSED", `a statement states the call as an execution readback: the HO ${input.ho.id} must ask rb=exec`, { slot: "rb", expected: "exec" });
  }
  if (set.exec.length === 0) {
    return finding("STATEMENT_REFUSED", `ask=${ask} has no execution slots in the vocabulary (${vocabularyName}): there is nothing to state`, { slot: "ask", received: ask });
  }
  for (const key of Object.keys(input.call)) {
    if (!set.exec.includes(key)) {
      const shown = _cut(key);
      return finding("STATEMENT_REFUSED", `the call carries ${shown}, which is not an execution slot of ask=${ask} (${set.exec.join(" ")}): a statement runs only what its readback states`, { slot: shown, expected: set.exec.join(" "), received: shown });
    }
  }
  return null;
}

/** One act per handoff: once a statement for it (under any id it was sent with) has run, no other may run. */
function alreadyRan(ran: Statement, handoff: string): Finding {
  if (ran.handoff === handoff) return finding("STATEMENT_REFUSED", `the handoff ${handoff} already ran under another statement; its act runs once`, { slot: "x_tok", received: "committed" });
  return finding("STATEMENT_REFUSED", `the handoff ${handoff} is the same HO as ${ran.handoff} (rule 1: a re-issue sends the same HO again), whose act already ran under another statement; its act runs once`, { slot: "x_tok", received: "committed" });
}

/**
 * The statement that ran (was committed) for any of `handoffs`, the ids one handoff was sent or
 * withdrawn under, or undefined: one act per handoff, whichever id it ran under.
 */
export function committedStatement(store: Pick<StatementStore, "forHandoff">, handoffs: readonly string[]): Statement | undefined {
  for (const id of handoffs) {
    const ran = store.forHandoff(id, "committed").find((s) => s.state === "committed");
    if (ran !== undefined) return ran;
  }
  return undefined;
}

/**
 * The statement that ran for `handoff`'s re-issue line (handoffLine), or undefined: one act per
 * handoff, whichever id of the line it ran under. A store that reads a line at once (inLineOf)
 * answers in one read, whatever the line's length; another is asked id by id. `envelope` and `re`
 * as handoffLine takes them, for a store that knows no thread.
 */
export function ranInLine(store: StatementStore, handoff: string, envelope?: HandoffEnvelope | null, re?: string | null): Statement | undefined {
  if (store.reissuesOf !== undefined && store.inLineOf !== undefined) return store.inLineOf(handoff, "committed").find((s) => s.state === "committed");
  return committedStatement(store, handoffLine(store, handoff, envelope, re));
}

/**
 * Why no statement for `handoff` may be prepared or run any more, or null: one of its statements
 * ran (one act per handoff), or a CX for it abandoned them (section 5.4: the receiver abandons
 * anything prepared for it, so a statement prepared after the cancel would run a withdrawn act).
 * `envelope`: the handoff's, by which a store that knows no thread tells its re-issue line
 * (statement-line.ts): the HO given to prepare, or the statement given to commit; `re`, the `re=`
 * of the HO given to prepare (at commit, the note the store kept of it).
 */
function endedHandoff(store: StatementStore, handoff: string, envelope: HandoffEnvelope | null, re?: string | null): Finding | null {
  // A cancel is of one id (a CX why=SUPERSEDED withdraws the HO a re-issue replaced, not the
  // re-issue); the act is the handoff's, whichever id it ran under.
  const ran = ranInLine(store, handoff, envelope, re);
  if (ran !== undefined) return alreadyRan(ran, handoff);
  // The mark, or a cancelled statement alone: a store written before the mark existed kept none.
  if (store.isCancelled(handoff) || store.forHandoff(handoff, "cancelled").some((s) => s.state === "cancelled")) {
    return finding("STATEMENT_REFUSED", `the handoff ${handoff} was cancelled (CX) and its statements abandoned; nothing is prepared or run for it again`, { slot: "re", received: "cancelled" });
  }
  return null;
}

function refuse(statement: Statement | undefined, now: string | null): Finding | null {
  if (statement === undefined) return finding("STATEMENT_UNKNOWN", "no statement has this token", { slot: "x_tok" });
  if (statement.state !== "pending") {
    const why: Record<Exclude<StatementState, "pending">, string> = {
      committed: "the statement was already committed; it runs once",
      abandoned: "the statement was abandoned (by abandon, or by the tool once its handoff's act ran under another statement or the handoff closed); it will not run",
      expired: `the statement expired at ${statement.exp}; prepare it again`,
      cancelled: "the handoff was cancelled (CX); the statement was abandoned",
    };
    return finding("STATEMENT_REFUSED", why[statement.state], { slot: "x_tok", received: statement.state });
  }
  if (now !== null && now > statement.exp) {
    return finding("STATEMENT_REFUSED", `it is ${now}, after the statement's exp=${statement.exp}: the world it was checked against may have moved; prepare it again`, { slot: "exp", expected: `<= ${statement.exp}`, received: now });
  }
  // A commit before the prepare cannot have happened: the clock (or --now) that says so is wrong,
  // and a window checked against it would be checked against nothing.
  if (now !== null && statement.prepared !== undefined && now < statement.prepared) {
    return finding("STATEMENT_REFUSED", `a commit at ${now} is before the statement was prepared, at ${statement.prepared}: the moment is wrong; commit at the real time`, { expected: `>= ${statement.prepared}`, received: now });
  }
  return null;
}

/** Executes the statement: returns the frozen call exactly once, within its window. */
export function commit(store: StatementStore, token: string, now: string): Result<Statement> {
  if (!isTime(now)) throw new RangeError("commit: now must be YYYYMMDDTHHMMZ");
  const statement = store.get(token);
  // One the tool abandoned when its handoff's act ran under another statement (endStatements) is
  // refused for that, as it was while pending: the act ran, whichever id it ran under.
  if (statement !== undefined && statement.state === "abandoned") {
    const ran = endedHandoff(store, statement.handoff, envelopeOfStatement(statement));
    if (ran !== null) return { ok: false, value: null, findings: [ran] };
  }
  const refusal = refuse(statement, now);
  if (refusal !== null) {
    // A commit that finds the window passed records the expiry, so the refusal is stable.
    if (statement !== undefined && statement.state === "pending" && now > statement.exp) store.put({ ...statement, state: "expired" });
    return { ok: false, value: null, findings: [refusal] };
  }
  // One act per handoff, whichever id of its line (rule 1's re-issues) it runs under: a statement
  // prepared for a re-issue before its original's ran is refused here, and the other way round.
  const ended = endedHandoff(store, (statement as Statement).handoff, envelopeOfStatement(statement as Statement));
  if (ended !== null) return { ok: false, value: null, findings: [ended] };
  const committed: Statement = { ...(statement as Statement), state: "committed" };
  store.put(committed);
  // One act per handoff: the handoff's other statements, under any id of its line, can never run
  // now, so none waits (or reads) as pending for a commit that would be refused.
  // The line's pending statements read once, after the commit is stored (lineView).
  const pending = lineView(store, committed.handoff, "pending");
  endStatements({ forHandoff: pending.forHandoff, put: (s) => store.put(s) }, handoffLine(store, committed.handoff, envelopeOfStatement(committed)), now);
  return { ok: true, value: committed, findings: [] };
}

/**
 * The pending statements of `handoffs` abandoned, because none of them can ever run: the handoff's
 * act ran under another statement (commit calls it for the handoff's line), or the handoff was
 * closed (a DN, UN or FL; a Worker's thread calls it for the HO the reply closed; a CX cancels
 * instead, cancelHandoff). Section 5.4: a handoff ends exactly once, and what was prepared for it
 * is not left waiting, so a thread's counts, its alarm and a relay of one read it as ended, as a
 * commit would. At `now`, one already past its `exp` is marked expired instead, as cancelHandoff
 * finds it. Returns the statements it abandoned.
 */
export function endStatements(store: Pick<StatementStore, "forHandoff" | "put">, handoffs: readonly string[], now?: string): Statement[] {
  return handoffs.flatMap((handoff) => endPending(store, handoff, "abandoned", now));
}

/**
 * Ends a handoff's pending statements in `state`; at `now`, one already past its `exp` is marked
 * expired instead (it could not have run by then) and not returned. Returns those it ended.
 */
function endPending(store: Pick<StatementStore, "forHandoff" | "put">, handoff: string, state: "abandoned" | "cancelled", now?: string): Statement[] {
  const changed: Statement[] = [];
  for (const s of store.forHandoff(handoff, "pending")) {
    if (s.state !== "pending") continue;
    if (now !== undefined && now > s.exp) {
      store.put({ ...s, state: "expired" });
      continue;
    }
    const ended: Statement = { ...s, state };
    store.put(ended);
    changed.push(ended);
  }
  return changed;
}

/**
 * Discards a pending statement. One past its window at `now` is expired instead, and the abandon
 * refused as a commit would be: the answer does not depend on whether an expiry sweep ran first.
 */
export function abandon(store: StatementStore, token: string, now: string): Result<Statement> {
  if (!isTime(now)) throw new RangeError("abandon: now must be YYYYMMDDTHHMMZ");
  let statement = store.get(token);
  if (statement !== undefined && statement.state === "pending" && now > statement.exp) {
    statement = { ...statement, state: "expired" };
    store.put(statement);
  }
  const refusal = refuse(statement, null);
  if (refusal !== null) return { ok: false, value: null, findings: [refusal] };
  const abandoned: Statement = { ...(statement as Statement), state: "abandoned" };
  store.put(abandoned);
  return { ok: true, value: abandoned, findings: [] };
}

/**
 * A CX for a handoff: every pending statement for it, and for the HOs of its re-issue line the CX
 * withdrew with it (`withdrawn`; by default as the store tells them, withdrawnLine: a CX of the
 * live re-issue withdraws the HOs it superseded, the same HO sent again), is cancelled, and each
 * is marked so that none is prepared or committed for it afterwards. Returns the statements it
 * cancelled. At `now`, one already past its `exp` is marked expired instead, as abandon and commit
 * find it: it could not have run when the cancel came.
 */
export function cancelHandoff(store: StatementStore, handoff: string, now?: string, withdrawn: readonly string[] = withdrawnLine(store, handoff)): Statement[] {
  return [...new Set([handoff, ...withdrawn])].flatMap((id) => {
    store.markCancelled(id);
    return endPending(store, id, "cancelled", now);
  });
}

/**
 * Why a CX for `handoff` finds its act beyond abandoning, or null: a statement for it (under any id
 * it was sent with, where the store knows them) was already committed. A cancel cannot unsay an
 * act (section 5.4: "If the act had already run, it answers with the act's DN instead"), so the
 * receiver answers the CX with the act's DN, never `AN val=Y`: the tool says so rather than report
 * the cancel as if nothing had run (`rw abandon --handoff`, as `rw abandon TOKEN` refuses a
 * committed statement). `withdrawn`, when given, is the ids the CX withdrew (a thread's audit says
 * which: the live re-issue's CX withdraws its line, a superseded HO's CX that HO alone, note 28),
 * looked at instead of the whole line.
 */
export function ranBeforeCancel(store: StatementStore, handoff: string, withdrawn?: readonly string[]): Finding | null {
  const ran = committedStatement(store, withdrawn ?? handoffLine(store, handoff));
  if (ran === undefined) return null;
  return finding("STATEMENT_REFUSED", `the act of ${handoff} already ran: the statement read back as ${ran.readback.id} was committed, and a cancel cannot unsay an act; answer the CX with the act's DN, not AN val=Y (section 5.4)`, { slot: "x_tok", expected: "pending", received: "committed" });
}

/** Marks every pending statement whose window has passed as expired. Idempotent. */
export function expireStatements(store: StatementStore, statements: Iterable<Statement>, now: string): Statement[] {
  const changed: Statement[] = [];
  for (const s of statements) {
    if (s.state !== "pending" || !(now > s.exp)) continue;
    const expired: Statement = { ...s, state: "expired" };
    store.put(expired);
    changed.push(expired);
  }
  return changed;
}
