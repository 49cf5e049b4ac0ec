/**
 * check-thread (sections 5 rule 1 and 5.4): replays a conversation in sending order and reports
 * what closure, cancels, re-issues and readbacks say about it, and who owns each item. Threads are
 * rebuilt from `re=`, never from position.
 *
 * One pass, constant work a line, and memory for what closure and ownership need: each HO's id and
 * a few numbers (core/_handoff-table), never a message or the text of a line. An RB is checked when
 * it arrives against what the HO's readback must match (core/_handoff-print), by check-rb's rules.
 *
 * Readings where the spec's sentences pull apart (each is tested):
 * - A cancelled HO is closed by its CX. The receiver's answer to the cancel (`AN re=<CX> val=Y`, or
 *   its first DN, UN or FL after the CX) is not a second close: 5.4 tells the receiver to send it.
 *   A DN `out=NOOP` after a CX is that answer and correct ("nothing ran"); a DN `out=OK` or
 *   `out=PARTIAL` after a CX is the done-after-cancel error, not also a second close, unless the
 *   holder's record says the act ran before the cancel (options.actRan): then it is the act's DN
 *   5.4 asks for ("if the act had already run"), and noted. Any further
 *   closing message, or a CX after the HO closed (or, superseded, was withdrawn by the CX of its
 *   live re-issue), is a second close.
 * - A closing message from the wrong party (a DN, UN or FL not from the HO's receiver to its
 *   sender, a CX not from its sender to its receiver) closes nothing and is an error, and an RB
 *   not from the receiver to the sender reads back nothing (no receipt, tier 1): the same error,
 *   not a void readback, so no third party can make a handoff held; so does one
 *   whose `item=` is not the HO's (it is about something else). The answer to a cancel (`AN
 *   re=<CX>`) is held to the same: from another party or about another item, it acknowledges
 *   nothing and is an error.
 * - Ids are unique within a conversation, whatever the type (section 2). The same message again
 *   under its id (the same canonical form) is a retry: noted and taken once, as the Worker stores
 *   it once. Another message under a used id is an error and is not taken into the thread.
 * - A re-issue is an HO from the same sender to the same receiver for the same item whose `re=`
 *   names the original HO (or its latest re-issue) or that HO's void RB. It supersedes the live
 *   handoff of that line, which is then not reported open; when that handoff, or the HO re= names,
 *   is already closed, the HO is a new handoff that cites it, not a re-issue. If the re-issue is answered `UN why=DUP`,
 *   the HO it superseded is live again (the receiver holds it), if still open, and the re-issue is
 *   closed by the UN; one its own CX closed stays closed, and that CX withdraws no other HO.
 *   An RB, DN, UN or FL answering a superseded HO answers that HO (threads follow `re=`) and is
 *   noted: it neither reads back nor closes the live re-issue. Not an error, as it may have crossed it.
 *   A re-issue is "the same HO" sent again: one carrying other slots or values than the HO it
 *   replaces (its id, re= and tail aside) is an error, though it still supersedes it.
 *   But a CX of the live re-issue withdraws the HOs it superseded (the same HO sent again): a DN
 *   reporting the act on one of them after that CX is the done-after-cancel error, the
 *   receiver's DN, UN or FL closing one answers the cancel, and a readback of one is late.
 * - Rule 1's re-issue and 5.4's `CX why=TIMEOUT` both end a handoff that got no readback; neither
 *   is an error (counted in `endedUnread`, and noted).
 * - Section 5.4 gives a cancel four reasons. A CX whose `why=` the conversation contradicts is
 *   noted (THREAD_CANCEL_REASON) and cancels all the same: TIMEOUT after the HO's readback passed,
 *   EXPIRED on an HO with no exp= or due=, any other reason than the four, and SUPERSEDED when by
 *   the end no later HO from its sender about its item came (a re-issue of it counts: a later HO
 *   that replaced it, as note 28 reads a CX of a superseded HO), decided at the report.
 * - Ownership follows rule 1 literally: the owner is the `to` of the most recent HO (in sending
 *   order) that received a passing RB; before any, the sender of the item's first HO. Closing a
 *   handoff does not move ownership; a readback that arrives after its HO closed moves nothing.
 *   A DN reporting an act on an HO none of whose re-issue line passed a readback is an act on an
 *   item its receiver did not own, and so is one after the HO's sender handed the item to another
 *   receiver whose readback passed, leaving this HO open (5.4's CX why=SUPERSEDED was not sent).
 *   An FL closing an HO none of whose line passed a readback reports work its receiver did not
 *   own taken ("I took it and it failed"; UN is for work not taken): a note, as it reports no act.
 * - A readback whose only failure is a value the receiver resolved, with no sender record to check
 *   it against, is "unverified": not void (nothing to re-issue), and ownership does not move.
 * - Section 5.3: "Only a passing readback, answered with `AN val=Y` where the receiver waits for
 *   one, clears the act." A DN reporting the act on an HO whose sender answered its readback with
 *   anything but `val=Y` (and no readback of it that passed stands cleared) is an act the sender
 *   held, read as the Worker's statements read it (core/_readback-answers): only Y confirms, the
 *   latest answer stands, an unanswered readback stands under the latest answer to any readback
 *   of the HO (a Y to a void one lifts no hold), and no answer at all leaves the readback to clear
 *   it. Answers are kept per HO, but a re-issue line's are read together, and taken while any HO
 *   of the line is open (the original closed, its live re-issue may still be reported done).
 * - Rule 2: "An AQ is answered with an AN or refused with UN". The receiver's first AN or UN to an
 *   AQ (from its `to` to its `from`) answers it, and an AN's `val` must have the shape the AQ's
 *   `need` names (core/_answer-shape): one of its `opts`, `Y` or `N`, a number, a date, or `tail`.
 *   Another shape leaves the asker to guess (THREAD_ANSWER_SHAPE). An AN or UN to it from another
 *   party, or to another, answers nothing, as a reply to an HO from the wrong party closes
 *   nothing: the same error (THREAD_REPLY_PARTIES), held to no shape, and the AQ still waits.
 *   So does one whose `item=` names another item than the AQ's (THREAD_REPLY_ITEM; either may
 *   leave `item` out). An AQ is kept until its receiver answers it; then only its parties and
 *   item are, so a second answer from the receiver to the asker (its item or none) is
 *   THREAD_ANSWERED_TWICE: every AQ is answered once, as every HO closes once. An exact retry of
 *   the first answer is THREAD_RETRY, taken once, not a second answer; one from the wrong party
 *   or about another item stays THREAD_REPLY_PARTIES or THREAD_REPLY_ITEM, as before the first.
 * - "It is never left unanswered" (rule 2): an AQ still unanswered at the end is
 *   THREAD_QUESTION_OVERDUE, an error, when the audit's date is after its `by=` (compared as an
 *   HO's `due=`), and otherwise THREAD_QUESTION_OPEN, a note, as THREAD_OPEN is for an HO in time:
 *   the receiver may still answer, and an AQ with no `by=` names no moment it is late.
 * - Section 5.4's `ask=UNDO ctx=<the DN's id>`: an UNDO's `ctx=` must name a DN reporting an act
 *   on a handoff of the UNDO's sender about its item (undo()); an id not in the conversation is
 *   a note, as a reply's `re=` naming no HO is.
 */
import type { ReadbackExpectations } from "./check-readback.js";
import { isDate, isTime } from "./check-value.js";
import type { VocabularyResolver } from "./check-line.js";
import { coreVocabulary } from "./core-vocabulary.js";
import { digest } from "./digest.js";
import { _severityOf } from "./finding.js";
import type { Finding, FindingCode, FindingDetail } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import { _checkPrint, _shapeTable, _timeNumber, _timeText } from "./_handoff-print.js";
import type { HandoffPrint } from "./_handoff-print.js";
import {
  ACKNOWLEDGED, ANSWERED, CLOSED_BY, CLOSED_CX, CX_SUPERSEDED, CLOSED_DN, CLOSED_FL, CLOSED_UN, CLOSER_NAMES, ITEM_READ_LATE, ITEM_READ_NAMES, ITEM_READ_UNVERIFIED, ITEM_READ_VOID, IN_LINE, OPEN, PASSED, READ, REPLIED, SUPERSEDED, UNVERIFIED, VOID,
  _addItem, _addPrints, _addRow, _digestNumber, _handoffTable, _itemTable,
} from "./_handoff-table.js";
import { _fingerprint, _valueFingerprint } from "./_fingerprint.js";
import { _answerMiss, _shapedNeed } from "./_answer-shape.js";
import { _readbackAnswers } from "./_readback-answers.js";
import { _interner, _own, _ownFinding } from "./_intern.js";
import { ID_NEW, ID_REPEATED, ID_REUSED, NAMES_CLEARING_READBACK, NAMES_DONE, NAMES_DONE_UNSEEN, NAMES_HANDOFF, NAMES_NO_ACT, NAMES_VOID_READBACK, _messageIds } from "./_message-ids.js";
import type { HandoffState, HandoffStateName, ItemOwner, ThreadCounts, ThreadFinding, ThreadReport } from "./thread-report.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _same, _show, _strings } from "./_slot-values.js";
import type { SentSlots } from "./_stated-slots.js";
import { verdictOf } from "./readback-verdict.js";

export interface ThreadOptions {
  /** The moment of the audit, `YYYYMMDDTHHMMZ` (UTC). Without it, nothing is past its exp or due. */
  readonly now?: string | null;
  /** The vocabulary, or a resolver from a message's `p=` to one (the core when it has none). */
  readonly vocabulary?: Vocabulary | VocabularyResolver;
  /** The sender's withheld criteria and record for the readback of the HO with this id. */
  readonly expectations?: (handoff: string) => ReadbackExpectations | undefined;
  /**
   * Whether the act of the handoff sent under these HO ids ran before a CX withdrew them, by the
   * holder's record of the tool (a statement of one of them committed: a store that refuses a
   * commit once the cancel came knows it ran first). Asked of the first DN reporting the act after
   * a CX, once for that CX (its answer cannot change after the cancel); without it the
   * conversation alone cannot tell, and that DN is THREAD_DONE_AFTER_CANCEL.
   */
  readonly actRan?: (handoffs: readonly string[]) => boolean;
}

export interface ThreadAudit {
  /**
   * Takes the next message in sending order; `line` places its findings. Returns the findings it raised.
   * `digest`, for an HO: its `h=` as digest() made it when the holder stored it, so a holder that
   * rebuilds an audit from storage does not hash every HO again; computed when not given.
   */
  add(message: Message, line?: number, digest?: string): readonly ThreadFinding[];
  /**
   * The report so far, as if the conversation ended here, at `now` (default: the audit's own).
   * The audit goes on: a long-lived holder (a Durable Object) asks after every message. After
   * finish(), `report()` is the finished report, and `report(now)` the report at that moment.
   */
  report(now?: string | null): ThreadReport;
  /**
   * Every tracked HO (in the order they came) and where it stands at `now` (default: the audit's
   * own): the same end state the report's findings give, so a caller never reads it from them.
   * Given `ids`, only the HOs among them, still in the order they came (an id that is no HO is
   * left out): a holder asking about one handoff builds no state for the thread's others.
   */
  handoffs(now?: string | null, ids?: readonly string[]): HandoffState[];
  /**
   * The findings `report(now)` gives about `id` (an HO, or an AQ: a finding's `handoff`), in its
   * order: exactly `report(now).findings.filter((f) => f.handoff === id)`. Only `id`'s end-state
   * and cancel findings are built, not the thread's: a holder answering for one handoff (the
   * Worker's `GET .../handoffs/{id}`) pays for that handoff, not for every HO of the thread.
   */
  findingsOf(now: string | null | undefined, id: string): ThreadFinding[];
  /**
   * Whether an HO of `id`'s re-issue line (`id` alone for an HO never re-issued) is live: neither
   * closed nor superseded, as LIVE_STATES reads a HandoffState at any moment (held and orphaned
   * HOs are live); false for an id that is no HO here. Read from the HOs' state bits, so a holder
   * asking it for each answer on a long line builds no HandoffState for the line (endedInLine).
   */
  lineLive(id: string): boolean;
  /**
   * The live handoff `message` would supersede as a re-issue (rule 1, as `add` reads one) if it
   * came next as a new HO, or null; nothing is added. A holder that keeps something per handoff
   * (the Worker, the sender's private challenge) carries it to the re-issue by this.
   */
  reissues(message: Message): string | null;
  /**
   * The HOs that are one handoff sent again under new ids (rule 1): the first HO of `id`'s
   * re-issue line and each re-issue of it, in the order they came (a re-issue a UN why=DUP closed
   * included); `[id]` for an HO never re-issued, `[]` for an id that is no HO here. A holder that
   * runs the handoff's act (the Worker's statements) runs it once for them all.
   */
  reissueLine(id: string): string[];
  /**
   * The first HO of `id`'s re-issue line (`id` itself for an HO never re-issued), or null for an
   * id that is no HO here: two HOs are one handoff sent again exactly when their roots are equal.
   * Asked in constant time, where `reissueLine` lists the whole line, and fixed once `id` is added
   * (a re-issue joins the line of the HO it supersedes), so a holder may store it beside what it
   * keeps per HO and ask its store for one line's rows rather than for each id of the line.
   */
  reissueRoot(id: string): string | null;
  /**
   * The HOs a CX withdrew by closing `id`, asked once it is added (section 5.4: the receiver
   * abandons anything prepared for them): `id`, and where `id` was the live HO of its re-issue
   * line, the HOs of the line it superseded that are still open, since a re-issue sends the same
   * HO again (rule 1), as a DN closing one of them afterwards is read. `[]` when no CX closed `id`.
   */
  withdrawnBy(id: string): string[];
  /**
   * The HO, from `id`'s sender to another receiver, whose passing readback made that receiver the
   * owner of `id`'s item (rule 1) while `id` is open and not withdrawn, or null: an act on `id` is
   * then on an item another owns (THREAD_DONE_OWNED_ELSEWHERE), and a holder that runs it refuses.
   */
  ownedElsewhere(id: string): string | null;
  /** The report; after it, `add` throws. Calling it again returns the same report. */
  finish(): ThreadReport;
}

/** The moment of a report: as text, as a number, and its date. */
interface Clock {
  readonly now: string | null;
  readonly number: number;
  readonly today: string;
}

const CLOSER: Readonly<Record<string, number>> = { DN: CLOSED_DN, UN: CLOSED_UN, FL: CLOSED_FL };
const where = (line: number): string => (line >= 0 ? ` (line ${line})` : "");
const NONE: readonly ThreadFinding[] = Object.freeze([]);
/** The state bits of an HO's readbacks that unreadLine reads, in its order. */
const READ_BITS = [PASSED, UNVERIFIED, VOID];
/** Line numbers are kept as 32-bit integers. */
const MAX_LINE = 0x7fffffff;

/**
 * An incremental check-thread: feed it messages one by one, then ask for the report. It reads
 * messages that validate: a refused line is answered with UN and is no part of the conversation,
 * so the adapters (CLI, Worker, playground) leave such lines out before they feed the audit.
 */
export function createThreadAudit(options: ThreadOptions = {}): ThreadAudit {
  const auditNow = options.now ?? null;
  const checkNow = (now: string | null): void => {
    if (now !== null && !isTime(now)) throw new RangeError(`createThreadAudit: now must be YYYYMMDDTHHMMZ, got ${String(now)}`);
  };
  checkNow(auditNow);
  const chosen = options.vocabulary ?? coreVocabulary;
  const vocabularyOf = (m: Message): Vocabulary => {
    if (typeof chosen !== "function") return chosen;
    const p = m.slots["p"];
    return chosen(typeof p === "string" ? p : null) ?? coreVocabulary;
  };

  const t = _handoffTable();
  /** HO ids, owned copies, by row. */
  const ids: string[] = [];
  const names = _interner();
  /**
   * Every message id seen, as fingerprints (core/_message-ids), with the handoff each HO's id and
   * each readback's names: a reply finds its HO, an answer its readback's HO, through it.
   */
  const seen = _messageIds();
  /** The row of the handoff `id` names as `kind` (a NAMES_ constant), or undefined. */
  const rowNamed = (id: string, kind: number): number | undefined => {
    const named = seen.named(id);
    return named !== 0 && (named & 7) === kind ? named >>> 3 : undefined;
  };
  const shapes = _shapeTable();
  const items = new Map<string, number>();
  const itemText: string[] = [];
  const owners = _itemTable();
  /** HO -> its own acc= (null: none) and keys=, while tier 4 may need them. */
  const criteria = new Map<number, { acc: string[] | null; keys: string[] }>();
  /** CX id -> the HO it closed. */
  const cancels = new Map<string, number>();
  /**
   * And back (each HO closes once, so one CX an HO at most), made by the first findingsOf and kept
   * from then: a log read whole never asks for it, and a map of every CX it holds costs it at scale.
   */
  let cancelOf: Map<number, string> | null = null;
  /** Re-issue -> the HO it superseded, and back; re-issue -> first HO of its line; first HO -> live one. */
  const supersedes = new Map<number, number>();
  const supersededBy = new Map<number, number>();
  const rootOf = new Map<number, number>();
  const liveOf = new Map<number, number>();
  /** First HO of a re-issue line -> every HO of the line, in order. */
  const lineOf = new Map<number, number[]>();
  /**
   * First HO of a re-issue line -> how many of its HOs are open, so whether any is (handoffLive,
   * for each answer to a readback of the line) costs one look-up, not a walk of a line that a
   * sender re-issuing one item thousands of times makes as long as it likes.
   */
  const openInLine = new Map<number, number>();
  /**
   * First HO of a re-issue line -> how many of its HOs stand passed, unverified and void (READ_BITS,
   * as their state bits say), so unreadLine, for each UN why=DUP, reads counts, not the line.
   */
  const lineReadbacks = new Map<number, number[]>();
  /**
   * First HO of a re-issue line -> the done report (DN out=OK or PARTIAL) one of its HOs got: one
   * handoff sent again under new ids, so one act (rule 1: "a retry cannot create two owners"). Only
   * lines are kept: an HO never re-issued that is reported done is closed, and can be re-issued no more.
   */
  const actedIn = new Map<number, { readonly ho: number; readonly dn: string; readonly line: number }>();
  /**
   * First HO of a re-issue line -> read back: a re-issue of it got a passing (or unverified)
   * readback. The first HO's own readbacks are in its state bits, so an HO never re-issued costs nothing here.
   */
  const lineRead = new Set<number>();
  /**
   * Cancelled HO -> whether the act of the HOs its CX withdrew ran before it (options.actRan), asked
   * once: a CX of a line's live HO withdraws the whole line, and a receiver answering each of its
   * HOs, or one HO again and again, would otherwise list the line for each DN. The line is whole
   * once its live HO is cancelled (nothing re-issues a closed HO), and the record cannot change
   * after the cancel (a store refuses a commit once it came), so the first answer stands.
   */
  const ranBeforeCancel = new Map<number, boolean>();
  /**
   * AQ id -> its asker, its receiver (interned), `need` (-1: a need with no answer shape here),
   * `opts`, its item, `by` (interned, -1: none) and its line, while its receiver has not answered
   * it (rule 2): an answer is held to its parties, and to its shape where the need has one; one
   * left at the end is open or overdue.
   */
  const questions = new Map<string, readonly [from: number, to: number, need: number, opts: string, item: string, by: number, line: number]>();
  /**
   * Answered AQ id -> where its asker and receiver (interned) and item start in `settledParties`:
   * a second answer is held to the same parties and item, then is THREAD_ANSWERED_TWICE. Three
   * slots of one flat array an AQ rather than its tuple; the item is the HO items' number when an
   * HO named it (an AQ is mostly about a handoff's item), else the string its question owned.
   */
  const settled = new Map<string, number>();
  const settledParties: (number | string)[] = [];
  /** The sender's answers to the readbacks of open handoffs (section 5.3's AN val=Y). */
  const answers = _readbackAnswers();
  const findings: ThreadFinding[] = [];
  const readbacks = { passed: 0, void: 0, unverified: 0, late: 0 };
  let messages = 0;
  let report: ThreadReport | null = null;

  /** Where `note` writes: the conversation's findings, or a report's findings about the end. */
  let sink = findings;
  const note = (code: FindingCode, message: string, handoff: string, id: string, line: number, detail: FindingDetail & { causes?: Finding[] } = {}): void => {
    // Owned copies, since the texts are built from pieces of lines; and no object spread, which
    // in V8 can give every copy a hidden class of its own.
    const f: { -readonly [K in keyof ThreadFinding]: ThreadFinding[K] } = { code, severity: _severityOf(code), message: _own(message), handoff: _own(handoff), id: _own(id), line: line >= 0 ? line : null };
    if (detail.slot !== undefined) f.slot = _own(detail.slot);
    if (detail.expected !== undefined) f.expected = _own(detail.expected);
    if (detail.received !== undefined) f.received = _own(detail.received);
    if (detail.causes !== undefined) f.causes = detail.causes.map(_ownFinding);
    sink.push(f);
  };
  const agent = (n: number): string => (n >= 0 ? names.name(n) : "nothing");
  const is = (text: string | null, n: number): boolean => text !== null && n >= 0 && names.find(text) === n;
  const state = (i: number): number => t.state[i] as number;
  /** The live handoff of the re-issue line of `i`, an HO a re-issue superseded. */
  const liveOfLine = (i: number): number => liveOf.get(rootOf.get(i) ?? i) ?? (supersededBy.get(i) as number);
  const handoffOf = (m: Message, line: number): number | undefined => {
    const i = m.re === null ? undefined : rowNamed(m.re, NAMES_HANDOFF);
    // A UN may refuse what is no HO (an AQ's, answered or not, answerQuestion took already), but
    // not what is no message at all: rule 3 rebuilds threads from re=.
    if (i === undefined && m.type !== "UN") unmatched(m, line, "HO");
    else if (i === undefined) namesNoMessage(m, line);
    return i;
  };
  const unmatched = (m: Message, line: number, what: string): void => {
    note("THREAD_REPLY_UNMATCHED", `${m.type} ${m.id} answers ${m.re ?? "nothing"}, which is no ${what} of this conversation`, m.re ?? "", m.id, line, { slot: "re", received: m.re ?? "nothing" });
  };
  /**
   * THREAD_REPLY_UNMATCHED for a UN or AN whose re= names no message of the conversation (a UN
   * refusing a line the audit rejected included: note 32 has check-thread note such replies). One
   * naming a message of another kind than it answers is left alone.
   */
  const namesNoMessage = (m: Message, line: number): void => {
    if (m.re === null || !seen.has(m.re)) unmatched(m, line, "message");
  };

  /**
   * Whether `m`, a reply to HO `i` (its RB, DN, UN or FL, or the answer to its cancel), comes from
   * the HO's receiver to its sender: a message from another party is no answer of the receiver's,
   * so it reads back, closes or acknowledges nothing (wrongParties says so).
   */
  const fromReceiver = (m: Message, i: number): boolean => is(m.from, t.to[i] as number) && is(m.to, t.from[i] as number);

  /**
   * THREAD_REPLY_PARTIES for `m`, a reply to HO `i` that fromReceiver refused: `<lead> <receiver>
   * to its sender <sender>: <outcome>`. Its words are built only here, off the path of every reply.
   */
  const wrongParties = (m: Message, i: number, line: number, lead: string, outcome: string): void => {
    misaddressed(m, t.from[i] as number, t.to[i] as number, ids[i] as string, line, `${lead} ${agent(t.to[i] as number)} to its sender ${agent(t.from[i] as number)}: ${outcome}`);
  };

  /**
   * THREAD_REPLY_PARTIES for `m`, which answers `about` (an HO, or an AQ) but is not from `to`
   * to `from`: the field that is wrong, `from` first, what it should be and what it is.
   */
  const misaddressed = (m: Message, from: number, to: number, about: string, line: number, text: string): void => {
    const slot = is(m.from, to) ? "to" : "from";
    const [expected, received] = slot === "from" ? [agent(to), m.from ?? "nothing"] : [agent(from), m.to ?? "nothing"];
    note("THREAD_REPLY_PARTIES", `${m.type} ${m.id} ${text}`, about, m.id, line, { slot, expected, received });
  };

  /**
   * Whether `m`, a reply closing HO `i` or answering its cancel, is about the HO's item; if not, says
   * so (it closes or acknowledges nothing). A reply without `item=` (a UN or AN may leave it out) is.
   */
  const sameItem = (m: Message, i: number, line: number, what: string): boolean => {
    const item = t.item[i] as number;
    if (m.item === null || item < 0 || itemText[item] === m.item) return true;
    const want = itemText[item] as string;
    note("THREAD_REPLY_ITEM", `${m.type} ${m.id} is about ${m.item}, not ${ids[i]}'s item ${want}: ${what}`, ids[i] as string, m.id, line, { slot: "item", expected: want, received: m.item });
    return false;
  };

  /**
   * Section 2: ids are unique within a conversation. Says whether `m` has a new id (ID_NEW, taken
   * into the thread), is a retry (ID_REPEATED, noted) or reuses an id (ID_REUSED, an error).
   */
  function fresh(m: Message, line: number): number {
    const found = seen.add(m);
    if (found !== ID_REPEATED && found !== ID_REUSED) return found;
    // The HO the finding is about: this one, the one its re= names, or for an AN the one whose
    // readback or cancel it answers (else, as an unmatched reply's, the id its re= names).
    const about = m.type === "HO" ? m.id : m.type === "AN" ? answered(m) : (m.re ?? m.id);
    if (found === ID_REPEATED) {
      note("THREAD_RETRY", `${m.type} ${m.id} is an earlier message again, unchanged: a retry, taken once`, about, m.id, line, { slot: "id", received: m.id });
    } else {
      note("THREAD_ID_REUSED", `${m.type} ${m.id} reuses the id of an earlier message with other content: ids are unique within a conversation, so this one is not taken into the thread`, about, m.id, line, { slot: "id", received: m.id });
    }
    return found;
  }

  /** The id of the HO whose exchange AN `m` belongs to: its re= names that HO's readback or CX. */
  function answered(m: Message): string {
    if (m.re === null) return m.id;
    const cancelled = cancels.get(m.re);
    if (cancelled !== undefined) return ids[cancelled] as string;
    const named = seen.named(m.re);
    const kind = named & 7;
    return kind === NAMES_CLEARING_READBACK || kind === NAMES_VOID_READBACK ? (ids[named >>> 3] as string) : m.re;
  }

  function handoff(m: Message, line: number, known: string | undefined): void {
    const vocabulary = vocabularyOf(m);
    const i = _addRow(t);
    seen.name(NAMES_HANDOFF, i);
    ids.push(_own(m.id));
    t.line[i] = line;
    const from = m.from === null ? -1 : names.id(m.from);
    t.from[i] = from;
    t.to[i] = m.to === null ? -1 : names.id(m.to);
    let item = -1;
    if (m.item !== null) {
      const known = items.get(m.item);
      if (known === undefined) {
        item = _addItem(owners, from);
        const text = _own(m.item);
        items.set(text, item);
        itemText.push(text);
      } else item = known;
    }
    t.item[i] = item;
    const ask = m.slots["ask"];
    const due = m.slots["due"];
    t.ask[i] = typeof ask === "string" ? names.id(ask) : -1;
    t.due[i] = typeof due === "string" ? names.id(due) : -1;
    t.exp[i] = _timeNumber(m.slots["exp"]);
    t.digest[i] = _digestNumber(known ?? digest(m));
    const s = shapes.of(m, vocabulary);
    const shape = shapes.get(s);
    t.shape[i] = s;
    t.echoPrint[i] = _fingerprint(m, shape.extra);
    t.execPrint[i] = _fingerprint(m, shape.carried);
    const beyond = shape.beyond;
    // Then every slot as its key's name number and its value's fingerprint: a re-issue must keep them (rule 1).
    const keys = Object.keys(m.slots);
    const at = _addPrints(t, beyond.length + 2 * keys.length);
    for (let k = 0; k < beyond.length; k++) t.prints[at + k] = _valueFingerprint(beyond[k] as string, m.slots[beyond[k] as string] as SlotValue);
    keys.forEach((key, k) => {
      t.prints[at + beyond.length + 2 * k] = names.id(key);
      t.prints[at + beyond.length + 2 * k + 1] = _valueFingerprint(key, m.slots[key] as SlotValue);
    });
    t.printsAt[i] = at;
    t.state[i] = OPEN;
    t.closedAt[i] = -1;
    if (shape.comprehension) {
      const acc = Object.hasOwn(m.slots, "acc") ? _strings(m.slots["acc"]).map(_own) : null;
      criteria.set(i, { acc, keys: _strings(m.slots["keys"]).map(_own) });
    }
    if (m.re !== null) reissue(i, m.re, line);
    if (ask === "UNDO") undo(m, i, line);
  }

  /**
   * Section 5.4: a DN is "reversed with a new HO, `ask=UNDO ctx=<the DN's id>`", and "the sender
   * then decides whether to reverse it": one of the ids `ctx=` lists must be a DN reporting an act
   * (out=OK or PARTIAL) on a handoff of this HO's sender about its item. Else the UNDO reverses
   * nothing (THREAD_UNDO_UNMATCHED), unless an id it lists is no message of this conversation,
   * which may be partial: the act may be that one (THREAD_UNDO_UNSEEN, a note, as for a reply).
   */
  function undo(m: Message, i: number, line: number): void {
    const ctx = _strings(m.slots["ctx"]);
    let unseen: string | undefined;
    for (const c of ctx) {
      const named = seen.named(c);
      const k = named >>> 3;
      if ((named & 7) === NAMES_DONE_UNSEEN || ((named & 7) === NAMES_DONE && t.from[k] === t.from[i] && t.item[k] === t.item[i])) return;
      if (!seen.has(c)) unseen ??= c;
    }
    const id = ids[i] as string;
    const to = ctx.join("+");
    if (unseen !== undefined) note("THREAD_UNDO_UNSEEN", `HO ${id} asks UNDO of ${unseen}, which is no message of this conversation: not checked`, id, id, line, { slot: "ctx", received: unseen });
    else if (to !== "") note("THREAD_UNDO_UNMATCHED", `HO ${id} asks UNDO, but ctx=${to} names no DN out=OK or PARTIAL of a handoff from ${m.from} about ${m.item}: nothing to reverse (section 5.4)`, id, id, line, { slot: "ctx", received: to });
  }

  /**
   * The live handoff an HO from `from` to `to` about `item`, whose re= names `re`, re-issues (the
   * root of its line, and how re= reached it), or undefined. `self` is the HO's own row, or -1.
   */
  function reissued(from: number, to: number, item: number, re: string, self: number): { live: number; root: number; via: string } | undefined {
    // A re-issue may name the HO or its void readback.
    const what = seen.named(re);
    const kind = what & 7;
    const direct = kind === NAMES_HANDOFF && what >>> 3 !== self;
    const target = direct || kind === NAMES_VOID_READBACK ? what >>> 3 : undefined;
    if (target === undefined || t.from[target] !== from || t.to[target] !== to || t.item[target] !== item) return undefined;
    // A re-issue replaces a handoff still open; one that names a closed handoff is a new one citing
    // it. That holds for the HO named (a superseded original its receiver has since closed, a
    // re-issue answered UN why=DUP) even while another HO of its line is live.
    if ((state(target) & CLOSED_BY) !== OPEN) return undefined;
    const root = rootOf.get(target) ?? target;
    const live = liveOf.get(root) ?? root;
    if ((state(live) & CLOSED_BY) !== OPEN) return undefined;
    // What re= names, said of the live handoff the re-issue replaces: itself, or an HO of its line.
    const named = direct ? (target === live ? "it" : (ids[target] as string)) : target === live ? `its void readback ${re}` : `the void readback ${re} of ${ids[target]}`;
    const via = target === live ? named : `${named}, which ${ids[live]} re-issues`;
    return { live, root, via };
  }

  function reissue(i: number, re: string, line: number): void {
    const found = reissued(t.from[i] as number, t.to[i] as number, t.item[i] as number, re, i);
    if (found === undefined) return;
    const { live, root, via } = found;
    t.state[live] = state(live) | SUPERSEDED;
    t.state[root] = state(root) | IN_LINE;
    t.state[i] = state(i) | IN_LINE;
    supersedes.set(i, live);
    supersededBy.set(live, i);
    rootOf.set(i, root);
    liveOf.set(root, i);
    let members = lineOf.get(root);
    if (members === undefined) {
      lineOf.set(root, (members = [root]));
      answers.join(root, root);
      lineReadbacks.set(root, READ_BITS.map((bit) => (state(root) & bit) !== 0 ? 1 : 0));
    }
    members.push(i);
    answers.join(i, root);
    // The re-issue is open; the first HO of a new line is too (only an open HO is re-issued).
    openInLine.set(root, (openInLine.get(root) ?? ((state(root) & CLOSED_BY) === OPEN ? 1 : 0)) + 1);
    const was = (state(live) & PASSED) !== 0 ? "though its readback had passed (a receiver holding it answers UN why=DUP)" : "ended with no passing readback, as rule 1 says";
    note("THREAD_REISSUED", `HO ${ids[i]} re-issues ${ids[live]} (re= names ${via}): ${ids[live]} is superseded, ${was}`, ids[live] as string, ids[i] as string, line, { slot: "re", expected: ids[live] as string, received: re });
    // Rule 1 re-issues "the same HO": a receiver already holding the one it replaces answers UN
    // why=DUP and acts on that one as it was, so a change sent as a re-issue is silently lost.
    const changed = changedSlots(i, live);
    if (changed.length > 0) {
      // A few slots by name, so a line of a thousand slots makes no longer message.
      const named = changed.slice(0, 3).join(", ") + (changed.length > 3 ? `, and ${changed.length - 3} more` : "");
      note("THREAD_REISSUE_CHANGED", `HO ${ids[i]} re-issues ${ids[live]} with other slots or values (${named}): a re-issue sends the same HO again (rule 1), and a receiver holding ${ids[live]} answers UN why=DUP and acts on it unchanged; to change the handoff, cancel it (CX why=SUPERSEDED) and send a new HO`, ids[live] as string, ids[i] as string, line, { slot: (changed[0] as string).split(" ")[0] as string, expected: ids[live] as string, received: ids[i] as string });
    }
  }

  /**
   * The slots re-issue `i` carries other than HO `was` does, by name: each it changes or adds
   * (" added"), in its order, then each it leaves out (" left out"), as tier 3 compares values.
   */
  function changedSlots(i: number, was: number): string[] {
    const slotsOf = (k: number): Map<number, number> => {
      const [from, to] = slotPrints(k);
      const out = new Map<number, number>();
      for (let p = from; p < to; p += 2) out.set(t.prints[p] as number, t.prints[p + 1] as number);
      return out;
    };
    const before = slotsOf(was);
    const out: string[] = [];
    for (const [key, value] of slotsOf(i)) {
      const old = before.get(key);
      if (old !== value) out.push(names.name(key) + (old === undefined ? " added" : ""));
      before.delete(key);
    }
    for (const key of before.keys()) out.push(`${names.name(key)} left out`);
    return out;
  }

  /** Where HO `k`'s slots lie in `t.prints`: pairs of a key's name number and its value's fingerprint. */
  function slotPrints(k: number): [from: number, to: number] {
    const from = (t.printsAt[k] as number) + shapes.get(t.shape[k] as number).beyond.length;
    return [from, k + 1 < t.count ? (t.printsAt[k + 1] as number) : t.printCount];
  }

  /**
   * The values HO `i` carries, as its slots' fingerprints hold them (its envelope's `item`, `from`
   * and `to` as the audit keeps them): whether a value is the HO's, never what it was. The sender's
   * record is held to every one of them, execution slot or not, by check-ho's rule
   * (core/_record-contradictions); a slot it cannot tell (`re`) compares as not carried.
   */
  function carriedValues(i: number): SentSlots {
    return {
      same: (slot, value) => {
        if (slot === "item") return (t.item[i] as number) >= 0 ? _same(value, itemText[t.item[i] as number]) : undefined;
        if (slot === "from" || slot === "to") {
          const n = (slot === "from" ? t.from[i] : t.to[i]) as number;
          return n >= 0 ? _same(value, names.name(n)) : undefined;
        }
        const key = names.find(slot);
        const [from, to] = slotPrints(i);
        for (let p = from; p < to; p += 2) if (t.prints[p] === key) return t.prints[p + 1] === _valueFingerprint(slot, value);
        return undefined;
      },
      shown: () => undefined,
    };
  }

  function print(i: number): HandoffPrint {
    const shape = shapes.get(t.shape[i] as number);
    const named = shape.named.map((slot) => (slot === "item" ? (itemText[t.item[i] as number] as string) : names.name((slot === "ask" ? t.ask[i] : t.due[i]) as number)));
    const held = criteria.get(i);
    return {
      id: ids[i] as string,
      from: (t.from[i] as number) >= 0 ? names.name(t.from[i] as number) : null,
      to: (t.to[i] as number) >= 0 ? names.name(t.to[i] as number) : null,
      named,
      exp: t.exp[i] as number,
      digest: t.digest[i] as number,
      shape,
      echoPrint: t.echoPrint[i] as number,
      execPrint: t.execPrint[i] as number,
      stated: t.prints.subarray(t.printsAt[i] as number, (t.printsAt[i] as number) + shape.beyond.length),
      acc: held?.acc ?? null,
      keys: held?.keys ?? [],
      carried: carriedValues(i),
    };
  }

  function readback(m: Message, line: number): void {
    const i = handoffOf(m, line);
    if (i === undefined) return;
    const id = ids[i] as string;
    // Tier 1's receipt ("the reply is from the right agent") as check-thread reads it: no readback
    // of the receiver's at all, so it voids nothing and the receiver's is still awaited.
    if (!fromReceiver(m, i)) {
      wrongParties(m, i, line, `does not come from ${id}'s receiver`, `it reads back nothing, and ${id} ${awaiting(i)}`);
      return;
    }
    const s = state(i);
    const item = t.item[i] as number;
    if ((s & CLOSED_BY) !== OPEN) {
      readbacks.late++;
      if (item >= 0) owners.read[item] = ITEM_READ_LATE;
      note("THREAD_READBACK_LATE", `RB ${m.id} reads back ${id} after its ${CLOSER_NAMES[s & CLOSED_BY]}${where(t.closedAt[i] as number)}: not checked, ownership does not move`, id, m.id, line, { slot: "re", received: id });
      return;
    }
    if ((s & SUPERSEDED) !== 0) {
      // The CX of the live re-issue withdrew this handoff too (a re-issue is the same HO sent
      // again, rule 1): read back after it, it is read back after its cancel, as after its own CX.
      const live = liveOfLine(i);
      if ((state(live) & CLOSED_BY) === CLOSED_CX) {
        readbacks.late++;
        if (item >= 0) owners.read[item] = ITEM_READ_LATE;
        note("THREAD_READBACK_LATE", `RB ${m.id} reads back ${id} after the CX${where(t.closedAt[live] as number)} of ${ids[live]}, the re-issue that superseded it, which withdrew it too: not checked, ownership does not move`, id, m.id, line, { slot: "re", received: id });
        return;
      }
      superseded(i, m, line, "it is checked against it, and reads back nothing of");
    }
    const expected = options.expectations?.(id) ?? {};
    const p = print(i);
    // A record this HO does not read is said, as rw check-rb refuses it (recordUnread), never
    // dropped in silence: the readback is judged without it (README note 100).
    if (expected.record !== undefined && p.shape.recordUnread !== null) {
      note("THREAD_RECORD_UNREAD", `the sender's record for ${id} is not read: ${p.shape.recordUnread}; RB ${m.id} is checked without it`, id, m.id, line, { slot: "re", received: id });
    }
    const tiers = _checkPrint(p, m, expected);
    const causes = tiers.filter((f) => f.severity === "error");
    const verdict = verdictOf(causes);
    if (verdict === "wilco" || verdict === "unverified") {
      const root = (s & IN_LINE) === 0 ? undefined : rootOf.get(i);
      if (root !== undefined) lineRead.add(root);
      answers.read(i);
      seen.name(NAMES_CLEARING_READBACK, i);
    }
    if (verdict === "wilco") {
      readbacks.passed++;
      readState(i, (s | PASSED | READ) & ~(VOID | UNVERIFIED));
      const to = t.to[i] as number;
      if (item >= 0 && to >= 0 && i > (owners.via[item] as number)) {
        owners.via[item] = i;
        owners.owner[item] = to;
      }
    } else if (verdict === "unverified") {
      readbacks.unverified++;
      readState(i, (s | UNVERIFIED | READ) & ~VOID);
      if (item >= 0) owners.read[item] = ITEM_READ_UNVERIFIED;
      note("THREAD_READBACK_UNVERIFIED", `RB ${m.id} of ${id} carries values the receiver resolved (${causes.map((f) => f.slot).join(", ")}) and the sender has no record to check them: ownership does not move`, id, m.id, line, { slot: "re", causes });
    } else {
      readbacks.void++;
      readState(i, (s | VOID) & ~UNVERIFIED);
      if (item >= 0) owners.read[item] = ITEM_READ_VOID;
      seen.name(NAMES_VOID_READBACK, i);
      const codes = [...new Set(causes.map((f) => f.code))].join(", ");
      if ((s & PASSED) !== 0) {
        // Rule 1 moved ownership with the passing readback, and a void one does not move it back;
        // but the owner now reads the handoff otherwise, and a re-issue would only be answered
        // UN why=DUP: the sender must see it.
        note("THREAD_READBACK_REVERSED", `RB ${m.id} of ${id} is void (${codes}) after one passed: its receiver still owns the item but now reads it otherwise, and a re-issue is answered UN why=DUP; cancel it (CX) and send a new HO`, id, m.id, line, { slot: "re", causes });
      } else note("THREAD_READBACK_VOID", `RB ${m.id} of ${id} is void (${codes}): the sender re-issues the HO with re=${m.id}, or cancels it`, id, m.id, line, { slot: "re", causes });
    }
  }

  /** Sets HO `i`'s state to `s` after a readback, counting the READ_BITS it changes in its re-issue line's lineReadbacks. */
  function readState(i: number, s: number): void {
    const counts = (state(i) & IN_LINE) === 0 ? undefined : lineReadbacks.get(rootOf.get(i) ?? i);
    if (counts) READ_BITS.forEach((bit, b) => (counts[b] = (counts[b] as number) + (s & bit ? 1 : 0) - (state(i) & bit ? 1 : 0)));
    t.state[i] = s;
  }

  /** Where HO `i` stands for a readback: awaited only while it is open and none has passed. */
  function awaiting(i: number): string {
    const s = state(i);
    const closedBy = s & CLOSED_BY;
    if (closedBy !== OPEN) return `is already closed, by its ${CLOSER_NAMES[closedBy]}${where(t.closedAt[i] as number)}`;
    if ((s & PASSED) !== 0) return "was already read back by its receiver";
    return "still waits for its receiver's readback";
  }

  function reply(m: Message, line: number): void {
    const i = handoffOf(m, line);
    const done = m.type === "DN" && (m.slots["out"] === "OK" || m.slots["out"] === "PARTIAL");
    // What an UNDO's ctx= may name: a DN and the act it reports (section 5.4).
    if (m.type === "DN") seen.name(!done ? NAMES_NO_ACT : i === undefined ? NAMES_DONE_UNSEEN : NAMES_DONE, i ?? 0);
    if (i === undefined) return;
    const id = ids[i] as string;
    if (!fromReceiver(m, i)) {
      wrongParties(m, i, line, `does not come from ${id}'s receiver`, "it closes nothing");
      return;
    }
    if (!sameItem(m, i, line, "it closes nothing")) return;
    const s = state(i);
    const closedBy = s & CLOSED_BY;
    if (closedBy === OPEN) {
      if ((s & SUPERSEDED) !== 0) {
        if (lineAnswered(i, m, line, done)) return;
        superseded(i, m, line, "it closes that one, not");
        lineCancelled(i, m, line, done);
      }
      // Rule 1: ownership moves only with a passing readback; an unverified one is noted at the RB.
      // An FL ("I took it and it failed") claims the work as a DN does, but reports no act: a note.
      if ((done || m.type === "FL") && (s & READ) === 0 && !readInLine(i)) {
        const why = (s & VOID) !== 0 ? "its only readbacks were void" : "it got no readback";
        note(done ? "THREAD_DONE_UNOWNED" : "THREAD_FAIL_UNOWNED", `${m.type} ${m.id} reports ${id} ${done ? `done (out=${String(m.slots["out"])})` : "failed"}, but ${why}: its receiver ${done ? "acted on" : "took"} an item it did not own (rule 1)${done ? "" : "; UN refuses work not taken"}`, id, m.id, line, { slot: "re", expected: "a passing RB first", received: m.type });
      } else if (done) ownedElsewhere(i, m, line);
      if (done) heldAct(i, m, line);
      if (done) acted(i, m, line);
      t.state[i] = s | (CLOSER[m.type] as number);
      t.closedAt[i] = line;
      closedInLine(i);
      criteria.delete(i);
      // A line's answers stay: its other HOs' done reports read them (heldAct).
      if ((state(i) & IN_LINE) === 0) answers.forget(i);
      if (m.type === "UN" && m.slots["why"] === "DUP") duplicate(i, m, line);
      return;
    }
    if (closedBy === CLOSED_CX && done) {
      if (!ranFirst(i, i, m, line)) note("THREAD_DONE_AFTER_CANCEL", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}) after its CX${where(t.closedAt[i] as number)}: a cancel cannot unsay an act, so the sender decides whether to reverse it`, id, m.id, line, { slot: "out", expected: "NOOP", received: String(m.slots["out"]) });
      // The act ran all the same: once for the handoff's whole re-issue line.
      acted(i, m, line);
    }
    // The receiver's first answer to the cancel is no second close: 5.4 asks for it. Once it has
    // acknowledged the cancel (AN val=Y), only a DN may still answer it (out=NOOP, "the correct
    // answer to a cancel that arrived first"; the act's DN, which a cancel cannot unsay): a UN or
    // FL sent after the acknowledgement cannot have crossed the CX, and ends the handoff again.
    const acknowledged = (s & ACKNOWLEDGED) !== 0 && m.type !== "DN";
    if (closedBy === CLOSED_CX && (s & REPLIED) === 0 && !acknowledged) {
      t.state[i] = s | REPLIED | ANSWERED;
      return;
    }
    const after = acknowledged && (s & REPLIED) === 0 ? ", whose cancel its receiver acknowledged (AN val=Y)" : "";
    note("THREAD_CLOSED_TWICE", `${m.type} ${m.id} closes ${id}, already closed by ${CLOSER_NAMES[closedBy]}${where(t.closedAt[i] as number)}${after}: every HO closes exactly once`, id, m.id, line, { slot: "re", expected: CLOSER_NAMES[closedBy] as string, received: m.type });
  }

  /**
   * The HO that made another receiver the owner of HO `i`'s item while `i` is open, or -1: another
   * HO of `i`'s sender about the item received a passing readback and is the most recent that did,
   * so its `to` owns the item (rule 1), and an act on `i` is on an item another owns. The sender
   * withdraws a handoff a newer one replaces (CX why=SUPERSEDED, section 5.4); it left `i` open.
   * An onward HO from `i`'s receiver (a relay) does not count, nor one its sender withdrew.
   */
  function ownerElsewhere(i: number): number {
    const item = t.item[i] as number;
    const via = item < 0 ? -1 : (owners.via[item] as number);
    if (via < 0 || owners.owner[item] === t.to[i] || t.from[via] !== t.from[i]) return -1;
    // Only a newer HO replaces `i` (rows are in sending order; a re-issue was first sent as its
    // line's first HO): one sent before `i`'s handoff made its owner before `i` was handed on.
    if (via < (rootOf.get(i) ?? i)) return -1;
    // A CX of it, or of the live re-issue of its line, withdrew that handoff: it holds nothing to act on.
    const live = (state(via) & SUPERSEDED) === 0 ? via : liveOfLine(via);
    return (state(via) & CLOSED_BY) === CLOSED_CX || (state(live) & CLOSED_BY) === CLOSED_CX ? -1 : via;
  }

  /** A done report `m` closing HO `i` whose item another receiver owns (ownerElsewhere). */
  function ownedElsewhere(i: number, m: Message, line: number): void {
    const via = ownerElsewhere(i);
    if (via < 0) return;
    const id = ids[i] as string;
    const item = t.item[i] as number;
    const owner = agent(owners.owner[item] as number);
    note("THREAD_DONE_OWNED_ELSEWHERE", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}), but ${owner} owns ${itemText[item]}: ${ids[via]}, from the same sender, is the most recent HO of it that received a passing RB (rule 1), and ${id} was left open beside it, so ${agent(t.to[i] as number)} acted on an item another owned; the sender withdraws a handoff a newer HO replaces (CX why=SUPERSEDED, section 5.4)`, id, m.id, line, { slot: "from", expected: owner, received: m.from ?? "" });
  }

  /**
   * `m`, the receiver's DN, UN or FL closing HO `i`, which a re-issue superseded, after the sender
   * cancelled the live re-issue of its line: a re-issue sends the same HO again (rule 1), so that
   * CX withdrew this handoff too. A DN reporting the act is the done-after-cancel error (section
   * 5.4), and whatever the receiver says of the handoff answers the cancel ("it answers with the
   * act's DN instead"), which is then not left unanswered.
   */
  function lineCancelled(i: number, m: Message, line: number, done: boolean): void {
    const live = liveOfLine(i);
    if ((state(live) & CLOSED_BY) !== CLOSED_CX) return;
    t.state[live] = state(live) | ANSWERED | REPLIED;
    if (!done || ranFirst(i, live, m, line)) return;
    const id = ids[i] as string;
    note("THREAD_DONE_AFTER_CANCEL", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}) after the CX${where(t.closedAt[live] as number)} of ${ids[live]}, the re-issue that superseded it (a re-issue sends the same HO again, rule 1): a cancel cannot unsay an act, so the sender decides whether to reverse it`, id, m.id, line, { slot: "out", expected: "NOOP", received: String(m.slots["out"]) });
  }

  /**
   * Whether `m`, the receiver's DN, UN or FL of HO `i`, which a re-issue superseded, comes after the
   * cancel of the live re-issue was already answered, and if so notes it. That CX withdrew `i` too
   * (the same HO sent again, rule 1), so the line has one answer to it, as a plain handoff has: once
   * the receiver replied to the cancel (a DN, UN or FL of any HO of the line), any reply ends the
   * handoff again; once it acknowledged the cancel (AN val=Y), it cannot have crossed it, and a UN
   * or FL ends it again, while a DN may still answer it (out=NOOP, or the act's DN: lineCancelled
   * reads it). Either way `m` closes nothing, as after the HO's own CX. A DN reporting the act
   * (`done`) is left to the act's rules, which count it once for the line (THREAD_DONE_TWICE).
   */
  function lineAnswered(i: number, m: Message, line: number, done: boolean): boolean {
    const live = liveOfLine(i);
    const s = state(live);
    if ((s & CLOSED_BY) !== CLOSED_CX) return false;
    const replied = (s & REPLIED) !== 0;
    if (m.type === "DN" && (!replied || done)) return false;
    if (!replied && (s & ACKNOWLEDGED) === 0) return false;
    const cx = `the CX${where(t.closedAt[live] as number)} of ${ids[live]}, its re-issue,`;
    const why = replied ? `, which ${cx} withdrew, and that cancel was already answered` : ` after its receiver acknowledged (AN val=Y) ${cx}, which withdrew it`;
    note("THREAD_CLOSED_TWICE", `${m.type} ${m.id} closes ${ids[i]}${why}: every HO closes exactly once`, ids[i] as string, m.id, line, { slot: "re", expected: "CX", received: m.type });
    return true;
  }

  /**
   * Whether the act `m`, a DN closing HO `i` after the CX of HO `cx` (`i`, or the live re-issue that
   * withdrew it), reports ran before that cancel, by the holder's record (options.actRan); if so,
   * notes it: the act's DN is then the answer section 5.4 asks for ("if the act had already run, it
   * answers with the act's DN instead"), not an act after the cancel. The live HO's CX withdrew its
   * whole re-issue line; a superseded HO's own CX, that HO alone.
   */
  function ranFirst(i: number, cx: number, m: Message, line: number): boolean {
    if (options.actRan === undefined) return false;
    let ran = ranBeforeCancel.get(cx);
    if (ran === undefined) {
      const root = rootOf.get(cx) ?? cx;
      const members = lineOf.get(root);
      const withdrawn = members === undefined || (liveOf.get(root) ?? root) !== cx ? [cx] : members;
      ranBeforeCancel.set(cx, (ran = options.actRan(withdrawn.map((k) => ids[k] as string))));
    }
    if (!ran) return false;
    const id = ids[i] as string;
    const of = cx === i ? "its CX" : `the CX of ${ids[cx]}, which withdrew it`;
    note("THREAD_CANCEL_AFTER_ACT", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}) after ${of}${where(t.closedAt[cx] as number)}, but the act ran before the cancel: the act's DN is the answer, and the sender decides whether to reverse it (section 5.4)`, id, m.id, line, { slot: "out", received: String(m.slots["out"]) });
    return true;
  }

  /**
   * Whether another HO of `i`'s re-issue line got a passing or unverified readback: a re-issue is
   * the same HO sent again to the same receiver (rule 1), so that readback was of this handoff, and
   * ownership moved to this receiver (or waits on a record) as for a readback of `i` itself.
   */
  function readInLine(i: number): boolean {
    if ((state(i) & IN_LINE) === 0) return false;
    const root = rootOf.get(i) ?? i;
    return lineOf.has(root) && (lineRead.has(root) || (state(root) & READ) !== 0);
  }

  /**
   * A done report `m` for HO `i`, of a re-issue line whose other HO was reported done already: the
   * same handoff acted on twice (each id closed once, so THREAD_CLOSED_TWICE does not see it). A
   * receiver that read back both the original and its re-issue answers the second `UN why=DUP`.
   * A DN reporting the act after a CX counts: the act ran.
   */
  function acted(i: number, m: Message, line: number): void {
    if ((state(i) & IN_LINE) === 0) return;
    const root = rootOf.get(i) ?? i;
    if (!lineOf.has(root)) return;
    const first = actedIn.get(root);
    if (first === undefined) {
      actedIn.set(root, { ho: i, dn: m.id, line });
      return;
    }
    // The same HO reported done again after its cancel: THREAD_CLOSED_TWICE says so.
    if (first.ho === i) return;
    const id = ids[i] as string;
    const other = ids[first.ho] as string;
    note("THREAD_DONE_TWICE", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}), but ${id} and ${other} are one handoff (a re-issue sends the same HO again, rule 1), already reported done by DN ${first.dn}${where(first.line)}: the act ran twice; the receiver answers a re-issue it already holds UN why=DUP`, id, m.id, line, { slot: "re", expected: other, received: id });
  }

  /**
   * Notes that `m`, an RB, DN, UN or FL, answers HO `i` after a re-issue superseded it: threads are
   * rebuilt from `re=`, so it answers the superseded HO and neither reads back nor closes the live
   * re-issue, which waits for its own answer (a receiver that holds the original answers it UN
   * why=DUP, rule 1). A note, not an error: the answer may have crossed the re-issue.
   */
  function superseded(i: number, m: Message, line: number, what: string): void {
    const id = ids[i] as string;
    const live = liveOfLine(i);
    const liveId = ids[live] as string;
    const code = m.type === "RB" ? "THREAD_READBACK_SUPERSEDED" : "THREAD_REPLY_SUPERSEDED";
    note(code, `${m.type} ${m.id} answers ${id}, which ${liveId} superseded: ${what} ${liveId}, ${standing(live, m.type === "RB" ? "readback" : "answer", id)}`, id, m.id, line, { slot: "re", expected: liveId, received: id });
  }

  /**
   * Where the live re-issue `live` stands, said after an answer to a handoff it superseded: still
   * waiting only when nothing has closed it, nor (for a readback) read it back already.
   */
  function standing(live: number, awaited: "readback" | "answer", original: string): string {
    const s = state(live);
    const closedBy = s & CLOSED_BY;
    if (closedBy !== OPEN) return `which its ${CLOSER_NAMES[closedBy]}${where(t.closedAt[live] as number)} already closed`;
    if (awaited === "readback" && (s & PASSED) !== 0) return "whose own readback already passed";
    return `which still waits for its own ${awaited} (UN why=DUP if the receiver holds ${original})`;
  }

  function duplicate(i: number, m: Message, line: number): void {
    const prev = supersedes.get(i);
    const root = rootOf.get(i);
    if (prev === undefined || root === undefined || liveOf.get(root) !== i) return;
    t.state[prev] = state(prev) & ~SUPERSEDED;
    supersededBy.delete(prev);
    // The handoff it holds may have closed meanwhile (its DN crossed the re-issue, or its own CX
    // withdrew it). Only an open one is live again: a CX sent while the HO was superseded withdrew
    // that HO alone (note 28), and as the line's live HO it would read as the line's cancel,
    // withdrawing the HOs before it after the fact (their readbacks late, their DNs after a cancel).
    const closedBy = state(prev) & CLOSED_BY;
    if (closedBy === OPEN) liveOf.set(root, prev);
    const id = ids[prev] as string;
    const stands = closedBy === OPEN ? "which stays the live handoff" : `which its ${CLOSER_NAMES[closedBy]}${where(t.closedAt[prev] as number)} already closed`;
    // Rule 1: "a receiver that already read it back replies UN why=DUP". It holds the handoff only
    // where that readback passed (here, or under another HO of the line); else it says so, and
    // ownership has not moved, whatever the UN claims.
    const unread = unreadLine(root, i);
    const holds = unread === "" ? "already holds" : "says it already read back";
    note("THREAD_REISSUE_DUP", `the re-issue ${ids[i]} is answered UN why=DUP (${m.id}): the receiver ${holds} ${id}, ${stands}${unread}`, id, m.id, line, { slot: "why", received: "DUP" });
  }

  /**
   * Why the receiver holds no handoff of the re-issue line of `root` (`skip` aside, the re-issue a
   * UN why=DUP answers), said after a comma, or "" when a readback of one of its HOs passed.
   */
  function unreadLine(root: number, skip: number): string {
    const counts = lineReadbacks.get(root) as number[];
    let read = 0;
    READ_BITS.forEach((bit, b) => {
      if ((counts[b] as number) > (state(skip) & bit ? 1 : 0)) read |= bit;
    });
    if ((read & PASSED) !== 0) return "";
    const why = (read & UNVERIFIED) !== 0 ? "its readback is unverified (no record to check the values the receiver resolved)" : (read & VOID) !== 0 ? "its only readbacks were void" : "no readback of it has come";
    return `, but ${why}: ownership has not moved (rule 1)`;
  }

  function cancel(m: Message, line: number): void {
    const i = handoffOf(m, line);
    if (i === undefined) return;
    const id = ids[i] as string;
    const from = t.from[i] as number;
    const to = t.to[i] as number;
    if (!is(m.from, from) || !is(m.to, to)) {
      const slot = is(m.from, from) ? "to" : "from";
      const [expected, received] = slot === "from" ? [agent(from), m.from ?? "nothing"] : [agent(to), m.to ?? "nothing"];
      note("THREAD_CANCEL_PARTIES", `CX ${m.id} does not come from ${id}'s sender ${agent(from)} to its receiver ${agent(to)}: only the sender withdraws a handoff, so it cancels nothing`, id, m.id, line, { slot, expected, received });
      return;
    }
    if (!sameItem(m, i, line, "it cancels nothing")) return;
    const s = state(i);
    if ((s & CLOSED_BY) !== OPEN) {
      note("THREAD_CLOSED_TWICE", `CX ${m.id} cancels ${id}, already closed by ${CLOSER_NAMES[s & CLOSED_BY]}${where(t.closedAt[i] as number)}: every HO closes exactly once`, id, m.id, line, { slot: "re", expected: CLOSER_NAMES[s & CLOSED_BY] as string, received: "CX" });
      return;
    }
    // The CX of the live re-issue already withdrew this superseded HO (the same HO sent again,
    // rule 1), as a DN closing it afterwards is read: a cancel of it now is a second end.
    const live = (s & SUPERSEDED) === 0 ? i : liveOfLine(i);
    if (live !== i && (state(live) & CLOSED_BY) === CLOSED_CX) {
      note("THREAD_CLOSED_TWICE", `CX ${m.id} cancels ${id}, already withdrawn by the CX${where(t.closedAt[live] as number)} of ${ids[live]}, the re-issue that superseded it (a re-issue sends the same HO again, rule 1): every HO closes exactly once`, id, m.id, line, { slot: "re", expected: "CX", received: "CX" });
      return;
    }
    t.state[i] = s | CLOSED_CX;
    t.closedAt[i] = line;
    closedInLine(i);
    criteria.delete(i);
    if ((state(i) & IN_LINE) === 0) answers.forget(i);
    const cx = _own(m.id);
    cancels.set(cx, i);
    cancelOf?.set(i, cx);
    const why = m.slots["why"];
    // Section 5.4's four reasons, none of which the conversation may contradict; SUPERSEDED is
    // read at the report, since the newer HO may come after the CX.
    if (why === "SUPERSEDED") t.state[i] = state(i) | CX_SUPERSEDED;
    else if (why === "TIMEOUT" && (s & PASSED) === 0) {
      note("THREAD_CANCEL_TIMEOUT", `CX ${m.id} why=TIMEOUT ends ${id}, which got no passing readback: section 5.4's way, as valid as rule 1's re-issue`, id, m.id, line, { slot: "why", received: "TIMEOUT" });
    } else if (why !== undefined && why !== "REVOKED" && !(why === "EXPIRED" && ((t.exp[i] as number) >= 0 || (t.due[i] as number) >= 0))) {
      cancelReason(m.id, i, line, String(why), why === "TIMEOUT" ? "its readback passed" : why === "EXPIRED" ? "it had no exp= or due=" : "a cancel's are REVOKED, SUPERSEDED, EXPIRED or TIMEOUT");
    }
  }

  /** THREAD_CANCEL_REASON: CX `cx` of HO `i` gives a reason `but` contradicts. */
  function cancelReason(cx: string, i: number, line: number, why: string, but: string): void {
    note("THREAD_CANCEL_REASON", `CX ${cx} of ${ids[i]} says why=${why}, but ${but}: it still cancels (section 5.4)`, ids[i] as string, cx, line, { slot: "why", received: why });
  }

  /** Keeps AQ `m` until its receiver answers it. */
  function question(m: Message, line: number): void {
    if (m.from === null || m.to === null) return;
    const need = m.slots["need"];
    const shaped = typeof need === "string" && _shapedNeed(need);
    // The options as one string: list elements never hold `+`, so it splits back exactly.
    const by = m.slots["by"];
    questions.set(_own(m.id), [names.id(m.from), names.id(m.to), shaped ? names.id(need) : -1, shaped ? _own(_strings(m.slots["opts"]).join("+")) : "", m.item === null ? "" : _own(m.item), typeof by === "string" ? names.id(by) : -1, line]);
  }

  /**
   * Whether `m`, an AN or UN, names an AQ in `re=` (rule 2). From the AQ's receiver to its asker
   * it settles an open AQ: a UN refuses it, and an AN's `val` must have the shape the AQ's `need`
   * names; to one already answered it is a second answer (THREAD_ANSWERED_TWICE), held to no
   * shape. From another party, or to another, it is no answer of the receiver's
   * (THREAD_REPLY_PARTIES), nor is one about another item (THREAD_REPLY_ITEM), before the first
   * answer or after it: it answers nothing, is held to no shape, and an open AQ stays open.
   */
  function answerQuestion(m: Message, line: number): boolean {
    const aq = m.re ?? "";
    const q = questions.get(aq);
    const k = q === undefined ? settled.get(aq) : undefined;
    if (q === undefined && k === undefined) return false;
    const from = q === undefined ? (settledParties[k as number] as number) : q[0];
    const to = q === undefined ? (settledParties[(k as number) + 1] as number) : q[1];
    const kept = q === undefined ? (settledParties[(k as number) + 2] as number | string) : q[4];
    const item = typeof kept === "number" ? (itemText[kept] as string) : kept;
    const waits = q === undefined ? "" : `, and ${aq} still waits for its answer`;
    if (!is(m.from, to) || !is(m.to, from)) {
      misaddressed(m, from, to, aq, line, `${m.type === "UN" ? "refuses" : "answers"} AQ ${aq} but does not come from its receiver ${agent(to)} to its asker ${agent(from)}: it answers nothing${waits} (rule 2)`);
      return true;
    }
    // About another item (both name one): an answer to another question, as a reply to an HO
    // about another item closes nothing.
    if (m.item !== null && item !== "" && m.item !== item) {
      note("THREAD_REPLY_ITEM", `${m.type} ${m.id} is about ${m.item}, not AQ ${aq}'s item ${item}: it answers nothing${waits} (rule 2)`, aq, m.id, line, { slot: "item", expected: item, received: m.item });
      return true;
    }
    if (q === undefined) {
      note("THREAD_ANSWERED_TWICE", `${m.type} ${m.id} answers AQ ${aq} again: every AQ is answered once; the asker would have to choose between two answers (rule 2)`, aq, m.id, line, { slot: "re", received: aq });
      return true;
    }
    questions.delete(aq);
    // Its parties and item stay, for a second answer; an owned copy of the id, as `aq` is cut
    // from the answer's line.
    settled.set(_own(aq), settledParties.length);
    settledParties.push(from, to, items.get(item) ?? item);
    if (m.type !== "AN" || q[2] < 0) return true;
    const val = m.slots["val"];
    const need = names.name(q[2]);
    const miss = _answerMiss(need, q[3] === "" ? [] : q[3].split("+"), val);
    if (miss !== null) {
      note("THREAD_ANSWER_SHAPE", `AN ${m.id} answers AQ ${aq} (need=${need}) with val=${_show(val)}, not ${miss}: the asker would have to guess (rule 2)`, aq, m.id, line, { slot: "val", expected: miss, received: _show(val) });
    }
    return true;
  }

  function answer(m: Message, line: number): void {
    if (answerQuestion(m, line)) return;
    const i = m.re === null ? undefined : cancels.get(m.re);
    if (i === undefined) {
      answerReadback(m, line);
      return;
    }
    // The answer to a cancel comes from the HO's receiver to its sender, as a DN, UN or FL would.
    if (!fromReceiver(m, i)) {
      wrongParties(m, i, line, `answers the cancel ${m.re} of ${ids[i]} but does not come from its receiver`, "it acknowledges nothing");
      return;
    }
    if (!sameItem(m, i, line, "it acknowledges nothing")) return;
    const val = m.slots["val"];
    // Kept once acknowledged: a later AN to it is held to the same parties and item.
    if (val === "Y" || val === true) t.state[i] = state(i) | ANSWERED | ACKNOWLEDGED;
  }

  /**
   * `m`, an AN whose re= may name a readback of a live handoff (handoffLive): from the HO's sender
   * to its receiver, about its item or none, it answers that readback (section 5.3), and only `val=Y`
   * confirms it (an answer from another party says nothing of the act, as the Worker's statements
   * read it; one about another item is THREAD_REPLY_ITEM, as for the answer to a cancel).
   */
  function answerReadback(m: Message, line: number): void {
    namesNoMessage(m, line);
    if (m.re === null) return;
    const named = seen.named(m.re);
    const kind = named & 7;
    if (kind !== NAMES_CLEARING_READBACK && kind !== NAMES_VOID_READBACK) return;
    const i = named >>> 3;
    if (!handoffLive(i)) return;
    if (!is(m.from, t.from[i] as number) || !is(m.to, t.to[i] as number)) return;
    // About another item it answers nothing here, whatever its re= says: neither holds nor clears.
    if (!sameItem(m, i, line, "it answers no readback of it, and neither holds nor clears its act")) return;
    const val = m.slots["val"];
    answers.answer(i, m.re, kind === NAMES_CLEARING_READBACK, m.id, _show(val), val === "Y" || val === true, line);
  }

  /**
   * Whether the handoff HO `i` belongs to can still be reported done, so its sender's answer to a
   * readback of `i` is read: `i` is open, or another HO of its re-issue line is. A re-issue is the
   * same HO sent again (rule 1) and heldAct reads the line's answers together, so a hold on the
   * original's readback after the original closed (its receiver closed it while superseded, or
   * its own CX withdrew it alone) still holds the act its live re-issue may report.
   */
  function handoffLive(i: number): boolean {
    if ((state(i) & CLOSED_BY) === OPEN) return true;
    if ((state(i) & IN_LINE) === 0) return false;
    return (openInLine.get(rootOf.get(i) ?? i) ?? 0) > 0;
  }

  /** HO `i` has just closed (each HO closes once): one HO fewer of its re-issue line is open. */
  function closedInLine(i: number): void {
    if ((state(i) & IN_LINE) === 0) return;
    const root = rootOf.get(i) ?? i;
    openInLine.set(root, (openInLine.get(root) as number) - 1);
  }

  /**
   * A done report `m` closing HO `i`, whose sender held the act: it answered the receiver's
   * readback with something other than `val=Y` and no readback that passed stands cleared (section
   * 5.3: "Only a passing readback, answered with `AN val=Y` where the receiver waits for one,
   * clears the act"), so the receiver acted without the sender's confirmation. The readbacks of a
   * re-issue line are the handoff's, as for its owner (readInLine): each HO's stand as its own
   * answers leave them (a re-issue is answered afresh), and one that stands cleared clears the act.
   */
  function heldAct(i: number, m: Message, line: number): void {
    const inLine = (state(i) & IN_LINE) !== 0;
    const held = inLine ? answers.lineStanding(rootOf.get(i) ?? i) : answers.standing(i);
    if (!held) return;
    const id = ids[i] as string;
    const read = inLine ? `${id} or another HO of its re-issue line` : id;
    note("THREAD_DONE_AFTER_HOLD", `DN ${m.id} reports ${id} done (out=${String(m.slots["out"])}), but its sender held the act: AN ${held.id}${where(held.line)} answered the readback ${held.re} val=${held.val}, and no readback of ${read} that passed was answered val=Y since; only a passing readback answered with AN val=Y, where the receiver waits for one, clears the act (section 5.3)`, id, m.id, line, { slot: "val", expected: "Y", received: held.val });
  }

  /** The end-state findings at `now` go to a copy, so the conversation's own list stays as it is. */
  function reportAt(now: string | null): ThreadReport {
    const all = [...findings];
    sink = all;
    try {
      return summary(all, now);
    } finally {
      sink = findings;
    }
  }

  const clockAt = (now: string | null): Clock => ({ now, number: now === null ? -1 : _timeNumber(now), today: now === null ? "" : now.slice(0, 8) });
  /** An HO's due= as a date, or "" when it has none. */
  const dueOf = (i: number): string => {
    const dueId = t.due[i] as number;
    return dueId >= 0 ? names.name(dueId) : "";
  };
  const expired = (i: number, clock: Clock): boolean => clock.number >= 0 && (t.exp[i] as number) >= 0 && clock.number > (t.exp[i] as number);
  const overdue = (i: number, clock: Clock): boolean => {
    const due = dueOf(i);
    return clock.today !== "" && isDate(due) && due < clock.today;
  };

  /** Where HO `i` stands at the clock: the one rule the report's end-state findings and handoffs() share. */
  function endState(i: number, clock: Clock): HandoffStateName {
    const s = state(i);
    if ((s & CLOSED_BY) !== OPEN) return "closed";
    if ((s & SUPERSEDED) !== 0) return "superseded";
    if (expired(i, clock) || overdue(i, clock)) return "orphaned";
    if ((s & VOID) !== 0 && (s & PASSED) === 0) return "held";
    return "open";
  }

  /**
   * Item -> sender -> the row of that sender's latest HO about it, for the pairs a CX
   * why=SUPERSEDED names (section 5.4 asks for a newer HO): one pass over the rows at the report,
   * so streaming keeps no table a handoff for a rare cancel.
   */
  function newestForSuperseded(): Map<number, Map<number, number>> {
    const newest = new Map<number, Map<number, number>>();
    for (const i of cancels.values()) {
      if ((state(i) & CX_SUPERSEDED) === 0) continue;
      const item = t.item[i] as number;
      let bySender = newest.get(item);
      if (bySender === undefined) newest.set(item, (bySender = new Map()));
      bySender.set(t.from[i] as number, i);
    }
    if (newest.size > 0) {
      for (let j = 0; j < t.count; j++) {
        const bySender = newest.get(t.item[j] as number);
        if (bySender?.has(t.from[j] as number)) bySender.set(t.from[j] as number, j);
      }
    }
    return newest;
  }

  function summary(all: ThreadFinding[], now: string | null): ThreadReport {
    const clock = clockAt(now);
    let open = 0;
    let closed = 0;
    let cancelled = 0;
    let superseded = 0;
    const endedUnread = { reissue: 0, cancel: 0 };
    for (let i = 0; i < t.count; i++) {
      const s = state(i);
      const passed = (s & PASSED) !== 0;
      const end = endState(i, clock);
      if (end === "closed") {
        closed++;
        if ((s & CLOSED_BY) === CLOSED_CX) {
          cancelled++;
          if (!passed) endedUnread.cancel++;
        }
        continue;
      }
      if (end === "superseded") {
        superseded++;
        if (!passed) endedUnread.reissue++;
        continue;
      }
      open++;
      live(i, s, end, clock);
    }
    // Every AQ is open or settled (answered or refused), never both: counting them costs no memory.
    let overdueQuestions = 0;
    for (const [aq, q] of questions) if (unanswered(aq, q[5], q[6], clock)) overdueQuestions++;
    const newest = newestForSuperseded();
    for (const [cx, i] of cancels) cancelFindings(cx, i, (k) => newest.get(t.item[k] as number)?.get(t.from[k] as number) as number);
    const owned: ItemOwner[] = itemText.map((item, k) => {
      const via = owners.via[k] as number;
      if (via >= 0) return { item, owner: agent(owners.owner[k] as number), handoff: ids[via] as string };
      // The first sender holds it: say whether readbacks came and none passed, or none came.
      const read = ITEM_READ_NAMES[owners.read[k] as number] ?? null;
      return { item, owner: agent(owners.owner[k] as number), handoff: null, ...(read === null ? {} : { readback: read }) };
    });
    const counts: ThreadCounts = { messages, handoffs: t.count, open, closed, cancelled, superseded, readbacks: { ...readbacks }, endedUnread, questions: { asked: questions.size + settled.size, answered: settled.size, open: questions.size, overdue: overdueQuestions } };
    return { ok: !all.some((f) => f.severity === "error"), findings: all, owners: owned, counts };
  }

  /**
   * The report's findings about CX `cx` of HO `i`: not yet answered, and a why=SUPERSEDED that no
   * newer HO bears out. `newest(i)`: the row of the latest HO of `i`'s sender about its item.
   */
  function cancelFindings(cx: string, i: number, newest: (i: number) => number): void {
    if ((state(i) & ANSWERED) === 0) {
      note("THREAD_CANCEL_UNANSWERED", `CX ${cx} of ${ids[i]} is not yet acknowledged (AN re=${cx} val=Y) nor answered by the act's DN`, ids[i] as string, cx, t.closedAt[i] as number, { slot: "re", expected: `AN re=${cx} val=Y` });
    }
    // Any later HO of its sender about its item, a re-issue of it included, is newer.
    if ((state(i) & CX_SUPERSEDED) !== 0 && newest(i) <= i) {
      cancelReason(cx, i, t.closedAt[i] as number, "SUPERSEDED", "no newer HO of its item came from its sender");
    }
  }

  /**
   * report(now)'s findings about `id`, in its order, building only `id`'s: the conversation's own
   * findings about it, then (summary's order) its end-state finding as an HO, its finding as an
   * AQ still unanswered, and its cancel's. A scan of the recorded findings, no copy of them.
   */
  function findingsAbout(now: string | null, id: string): ThreadFinding[] {
    const out = findings.filter((f) => f.handoff === id);
    const clock = clockAt(now);
    const named = rowNamed(id, NAMES_HANDOFF);
    const i = named !== undefined && ids[named] === id ? named : -1;
    sink = out;
    try {
      if (i >= 0) {
        const end = endState(i, clock);
        if (end !== "closed" && end !== "superseded") live(i, state(i), end, clock);
      }
      const q = questions.get(id);
      if (q !== undefined) unanswered(id, q[5], q[6], clock);
      if (cancelOf === null) cancelOf = new Map(Array.from(cancels, ([cx, k]) => [k, cx]));
      const cx = i >= 0 ? cancelOf.get(i) : undefined;
      // The latest HO of its sender about its item, walked back from the end only for a CX why=SUPERSEDED.
      const newest = (k: number): number => {
        for (let j = t.count - 1; j > k; j--) if (t.item[j] === t.item[k] && t.from[j] === t.from[k]) return j;
        return k;
      };
      if (cx !== undefined) cancelFindings(cx, i, newest);
    } finally {
      sink = findings;
    }
    return out;
  }

  /** The finding for a live HO at the end: past its exp or due (an error), held, or open (notes). */
  function live(i: number, s: number, end: HandoffStateName, clock: Clock): void {
    const id = ids[i] as string;
    const line = t.line[i] as number;
    if (end === "orphaned") {
      const exp = t.exp[i] as number;
      if (expired(i, clock)) {
        note("THREAD_EXPIRED", `HO ${id} is still open after its exp=${_timeText(exp)} (now ${clock.now}): orphaned; the sender closes it with CX why=EXPIRED`, id, id, line, { slot: "exp", expected: _timeText(exp), received: clock.now ?? "" });
      }
      if (overdue(i, clock)) {
        const due = dueOf(i);
        note("THREAD_OVERDUE", `HO ${id} is still open after its due=${due} (now ${clock.now}): orphaned`, id, id, line, { slot: "due", expected: due, received: clock.today });
      }
    } else if (end === "held") {
      note("THREAD_HELD", `HO ${id} is held: its readback was void and it was neither re-issued nor cancelled`, id, id, line);
    } else {
      const read = (s & PASSED) !== 0 ? "read back" : (s & UNVERIFIED) !== 0 ? "read back, unverified" : "no readback yet";
      // Without a clock nothing is late, but nor is it known to be in time.
      const unread = clock.now === null && ((t.exp[i] as number) >= 0 || isDate(dueOf(i)));
      note("THREAD_OPEN", `HO ${id} is open ${unread ? "" : "and in time "}(${read})${unread ? "; no clock to compare its deadline with" : ""}`, id, id, line);
    }
  }

  /**
   * The finding for AQ `aq`, unanswered at the end: past its `by=` date (compared as an HO's `due=`)
   * the asker was left without an answer (rule 2), an error; before it, or with no `by=`, a note.
   * Says whether it is overdue.
   */
  function unanswered(aq: string, byId: number, line: number, clock: Clock): boolean {
    const by = byId >= 0 ? names.name(byId) : "";
    if (clock.today !== "" && isDate(by) && by < clock.today) {
      note("THREAD_QUESTION_OVERDUE", `AQ ${aq} is still unanswered after its by=${by} (now ${clock.now}) (rule 2)`, aq, aq, line, { slot: "by", expected: by, received: clock.today });
      return true;
    }
    note("THREAD_QUESTION_OPEN", `AQ ${aq} is unanswered${by === "" ? " and has no by=" : clock.today === "" ? "; no clock to compare its by= with" : " and in time"}`, aq, aq, line);
    return false;
  }

  function handoffStates(now: string | null, only?: readonly string[]): HandoffState[] {
    const clock = clockAt(now);
    const out: HandoffState[] = [];
    const rows = only === undefined ? null : [...new Set(only.map((id) => rowNamed(id, NAMES_HANDOFF)).filter((i) => i !== undefined))].sort((a, b) => a - b);
    for (let k = 0; k < (rows === null ? t.count : rows.length); k++) {
      const i = rows === null ? k : (rows[k] as number);
      const s = state(i);
      const end = endState(i, clock);
      const by = supersededBy.get(i);
      out.push({
        id: ids[i] as string,
        state: end,
        closedBy: end === "closed" ? (CLOSER_NAMES[s & CLOSED_BY] as HandoffState["closedBy"]) : null,
        readback: (s & PASSED) !== 0 ? "wilco" : (s & UNVERIFIED) !== 0 ? "unverified" : (s & VOID) !== 0 ? "void" : null,
        supersededBy: end === "superseded" && by !== undefined ? (ids[by] as string) : null,
      });
    }
    return out;
  }

  return {
    add(message, line, known) {
      if (report !== null) throw new TypeError("createThreadAudit: add() after finish()");
      if (line !== undefined && !(Number.isInteger(line) && line >= 0 && line <= MAX_LINE)) throw new RangeError(`createThreadAudit: line must be an integer from 0 to ${MAX_LINE}, got ${String(line)}`);
      if (known !== undefined && _digestNumber(known) < 0) throw new RangeError(`createThreadAudit: digest must be 12 lowercase hex digits, got ${String(known)}`);
      const at = line ?? -1;
      const before = findings.length;
      const found = fresh(message, at);
      // A retry is the message already counted; another message under a used id is one more.
      if (found !== ID_REPEATED) messages++;
      switch (found === ID_NEW ? message.type : null) {
        case "HO":
          handoff(message, at, known);
          break;
        case "RB":
          readback(message, at);
          break;
        case "AQ":
          question(message, at);
          break;
        case "UN":
          if (!answerQuestion(message, at)) reply(message, at);
          break;
        case "DN":
        case "FL":
          reply(message, at);
          break;
        case "CX":
          cancel(message, at);
          break;
        case "AN":
          answer(message, at);
          break;
      }
      return findings.length === before ? NONE : findings.slice(before);
    },
    report(now) {
      // After finish() the conversation is whole, but a report at another moment is still that
      // moment's, as handoffs(now) is: the finished report is the answer only for the audit's own.
      if (report !== null && now === undefined) return report;
      const at = now === undefined ? auditNow : now;
      checkNow(at);
      return reportAt(at);
    },
    findingsOf(now, id) {
      const at = now === undefined ? auditNow : now;
      checkNow(at);
      return findingsAbout(at, id);
    },
    reissues(message) {
      // An id already used, by any message, is a retry or THREAD_ID_REUSED: add would take no HO.
      if (message.type !== "HO" || message.re === null || seen.has(message.id)) return null;
      // A party or item the thread has not seen names no handoff it holds.
      const from = message.from === null ? -1 : names.find(message.from);
      const to = message.to === null ? -1 : names.find(message.to);
      const item = message.item === null ? -1 : (items.get(message.item) ?? -1);
      if (from < 0 || to < 0 || item < 0) return null;
      const found = reissued(from, to, item, message.re, -1);
      return found === undefined ? null : (ids[found.live] as string);
    },
    reissueLine(id) {
      const i = rowNamed(id, NAMES_HANDOFF);
      if (i === undefined) return [];
      const root = rootOf.get(i) ?? i;
      return (lineOf.get(root) ?? [root]).map((k) => ids[k] as string);
    },
    reissueRoot(id) {
      const i = rowNamed(id, NAMES_HANDOFF);
      return i === undefined ? null : (ids[rootOf.get(i) ?? i] as string);
    },
    withdrawnBy(id) {
      const i = rowNamed(id, NAMES_HANDOFF);
      if (i === undefined || (state(i) & CLOSED_BY) !== CLOSED_CX) return [];
      const root = rootOf.get(i) ?? i;
      const members = lineOf.get(root);
      // A CX of a superseded HO stays that id's (why=SUPERSEDED withdraws the HO a re-issue replaced).
      if (members === undefined || (liveOf.get(root) ?? root) !== i) return [id];
      const superseded = members.filter((k) => k !== i && (state(k) & SUPERSEDED) !== 0 && (state(k) & CLOSED_BY) === OPEN);
      return [id, ...superseded.map((k) => ids[k] as string)];
    },
    ownedElsewhere(id) {
      const i = rowNamed(id, NAMES_HANDOFF);
      const via = i === undefined || (state(i) & CLOSED_BY) !== OPEN ? -1 : ownerElsewhere(i);
      return via < 0 ? null : (ids[via] as string);
    },
    handoffs(now, only) {
      const at = now === undefined ? auditNow : now;
      checkNow(at);
      return handoffStates(at, only);
    },
    lineLive(id) {
      const i = rowNamed(id, NAMES_HANDOFF);
      if (i === undefined) return false;
      const live = (k: number): boolean => (state(k) & CLOSED_BY) === OPEN && (state(k) & SUPERSEDED) === 0;
      return (lineOf.get(rootOf.get(i) ?? i) ?? [i]).some(live);
    },
    finish() {
      report ??= reportAt(auditNow);
      return report;
    },
  };
}

/** check-thread over a whole conversation at once (see createThreadAudit). */
export function checkThread(messages: Iterable<Message>, options: ThreadOptions = {}): ThreadReport {
  const audit = createThreadAudit(options);
  for (const message of messages) audit.add(message);
  return audit.finish();
}
