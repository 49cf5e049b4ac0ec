/**
 * When a prepared statement may run (section 5.3: "only a passing readback ... clears the act"),
 * and what a relayed RB carrying `x_tok` says of the statement it names. Pure rules over what a
 * thread holds; the Worker's thread object gathers the facts and calls them.
 */
import { canonicalBytes } from "./canonical.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import type { ReadbackVerdict } from "./readback-verdict.js";
import { cancelHandoff, isStatementToken, ranBeforeCancel } from "./statement.js";
import type { Statement, StatementStore } from "./statement.js";
import type { ThreadAudit } from "./thread.js";
import type { HandoffState, HandoffStateName } from "./thread-report.js";
import { _show } from "./_slot-values.js";

/** A reply about `item` or about no item: one about another item answers nothing of this handoff (note 28). */
const aboutItem = (m: Message, item: string | null): boolean => m.item === null || m.item === item;

/** Handoff states in which the act may still run: not closed, not superseded. */
export const LIVE_STATES: ReadonlySet<HandoffStateName> = new Set(["open", "held", "orphaned"]);

/** Two messages with the same canonical form (section 5.2); `anyTail` ignores the free text. */
export function sameMessage(a: Message, b: Message, anyTail = false): boolean {
  const x = canonicalBytes(anyTail ? { ...a, tail: null } : a);
  const y = canonicalBytes(anyTail ? { ...b, tail: null } : b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * Whether `cx` withdraws `ho`, so that what was prepared for it is abandoned (section 5.4): it
 * comes from the HO's sender to its receiver, about its item. check-thread holds a CX to the same
 * rule over its columns (THREAD_CANCEL_PARTIES, THREAD_REPLY_ITEM); the thread object asks here.
 */
export function withdraws(cx: Message, ho: Message): boolean {
  return cx.type === "CX" && cx.re === ho.id && cx.from === ho.from && cx.to === ho.to && aboutItem(cx, ho.item);
}

/** What a CX appended to a thread did to the thread's statements (cancelOnThread). */
export interface ThreadCancel {
  /** The pending statements it cancelled. */
  readonly cancelled: Statement[];
  /** ranBeforeCancel's finding, when a statement of a handoff it withdrew had already run. */
  readonly ran: Finding | null;
}

/**
 * A CX appended to a thread, given the HO it names (`ho`, null when the thread holds none), the
 * findings the thread's audit raised for it (`found`) and the audit itself: only the HO's sender,
 * to its receiver, about its item, withdraws it (section 5.4; withdraws), with the HOs of its
 * re-issue line it superseded when it cancels the live one (`withdrawnBy`, rule 1). What was
 * pending for them is cancelled (cancelHandoff), and a statement of theirs that already ran is
 * said (ranBeforeCancel).
 *
 * A CX the audit reads as a second end (THREAD_CLOSED_TWICE) does nothing at all, and asks neither
 * the audit nor the store: the handoff ended once already (section 5.4), by a cancel, which marked
 * every id the line's cancel withdraws, or by a DN, UN or FL, which ended what was prepared for
 * it (endStatements), and a closed handoff takes no statement afterwards. Marked cancelled after a
 * DN, its abandoned statement's commit was refused as cancelled by a CX that withdrew nothing.
 * And a sender's repeated CXs on a long line would each walk it, costing the square of it.
 */
export function cancelOnThread(store: StatementStore, audit: Pick<ThreadAudit, "withdrawnBy">, cx: Message, ho: Message | null, found: readonly Finding[], now: string): ThreadCancel {
  const handoff = cx.re;
  if (handoff === null || ho === null || !withdraws(cx, ho)) return { cancelled: [], ran: null };
  if (found.some((f) => f.code === "THREAD_CLOSED_TWICE")) return { cancelled: [], ran: null };
  const withdrawn = [...new Set([handoff, ...audit.withdrawnBy(handoff)])];
  const cancelled = cancelHandoff(store, handoff, now, withdrawn);
  return { cancelled, ran: ranBeforeCancel(store, handoff, withdrawn) };
}

/**
 * The HOs of one re-issue line (each with its state, as the thread holds it) whose statements can
 * never run, so a DN, UN or FL closing one of them ends them (endStatements): each one closed, and
 * once no HO of the line is live, each one superseded too. Only a UN why=DUP answering the line's
 * live re-issue makes the HO it superseded live again (rule 1); with that re-issue closed, no HO it
 * superseded ever is, and section 5.4 ends a handoff exactly once, every id it was sent under.
 * `live`: whether an HO of the line is live, when `line` holds only some of its HOs (the audit's
 * lineLive says it for the whole line); by default, whether one of `line` is.
 */
export function endedInLine(line: readonly HandoffState[], live: boolean = line.some((h) => LIVE_STATES.has(h.state))): string[] {
  return line.filter((h) => h.state === "closed" || (!live && h.state === "superseded")).map((h) => h.id);
}

/** How a handoff that is no longer live ended, in words for a refusal. */
export function handoffEnded(h: HandoffState): string {
  if (h.state === "superseded") return `was superseded by ${h.supersededBy ?? "a re-issue"}`;
  if (h.state === "closed") return `was closed by ${h.closedBy ?? "a reply"}`;
  return `is ${h.state}`;
}

/** A readback the thread checked for the statement's handoff. */
export interface CheckedRelay {
  readonly rb: string;
  readonly message: Message;
  readonly verdict: ReadbackVerdict | "late";
}

/**
 * The sender's answers to the handoff's readbacks (ANs from the statement's readback's `to` to its
 * `from`, `re=` one of `readbacks`, about the handoff's item or none: one about another item
 * answers nothing here, as check-thread reads it), in the order they were sent.
 */
function senderAnswers(statement: Statement, readbacks: readonly CheckedRelay[], answers: readonly Message[]): Message[] {
  const ids = new Set(readbacks.map((r) => r.rb));
  const { to: sender, from: receiver, item } = statement.readback;
  return answers.filter((a) => a.type === "AN" && a.re !== null && ids.has(a.re) && a.from === sender && a.to === receiver && aboutItem(a, item));
}

/**
 * Whether an answer confirms what the readback states. Only `Y` does (section 5.3: "answered with
 * `AN val=Y`"): `N`, a profile's answer (pay's `HOLD`, `DECLINE`, `CALLBACK`) or anything else
 * withholds the act, since reading another word as a yes would be a guess (rule 2).
 */
const confirms = (answer: Message): boolean => answer.slots["val"] === "Y" || answer.slots["val"] === true;

/**
 * Why a pending statement may not run yet, or null when its act is cleared: its handoff is live,
 * and a readback carrying its token states the call exactly as prepared (tail aside), was checked
 * wilco, and was not answered by its sender with anything but `val=Y` ("only a passing readback,
 * answered with AN val=Y where the receiver waits for one, clears the act": no answer leaves the
 * code's check to clear it; a refusal withholds it, and its latest answer is the one that stands;
 * unanswered, the sender's latest answer to any readback of the handoff stands, a `Y` to a void
 * one aside, so a hold is not stepped past by relaying a fresh statement nor lifted by confirming
 * a readback that failed). `handoff` is the handoff's state, undefined when the
 * thread does not track it; `readbacks`, every readback of the handoff the thread checked;
 * `answers`, the ANs the thread holds that may answer them, in the order they were sent;
 * `ownedBy`, the HO of the same sender whose passing readback has since made another receiver the
 * item's owner (rule 1; check-thread's ownedElsewhere), or null: the act would be on another's item.
 */
export function commitClearance(statement: Statement, handoff: HandoffState | undefined, readbacks: readonly CheckedRelay[], answers: readonly Message[] = [], ownedBy: string | null = null): Finding | null {
  if (handoff === undefined || !LIVE_STATES.has(handoff.state)) {
    return finding("STATEMENT_REFUSED", `the handoff ${statement.handoff} ${handoff === undefined ? "is not tracked by this thread" : handoffEnded(handoff)}: a statement runs only for a live handoff`, { slot: "re", expected: "open", received: handoff?.state ?? "unknown" });
  }
  if (ownedBy !== null) {
    return finding("STATEMENT_REFUSED", `the item ${statement.readback.item ?? ""} was since handed to another receiver by ${ownedBy}, whose readback passed: that receiver owns it (rule 1), so the act of ${statement.handoff} would be on another's item; the sender withdraws the handoff a newer one replaces (CX why=SUPERSEDED)`, { slot: "item", expected: statement.handoff, received: ownedBy });
  }
  const relayed = readbacks.filter((r) => r.message.slots["x_tok"] === statement.token);
  if (relayed.length === 0) {
    return finding("STATEMENT_REFUSED", `the thread holds no readback of this statement: the receiver relays its RB (${statement.readback.id}, with x_tok) and the thread checks it; only a passing readback clears the act`, { slot: "x_tok", expected: "wilco", received: "none" });
  }
  const exact = relayed.filter((r) => sameMessage(r.message, statement.readback, true));
  if (exact.length === 0) {
    return finding("STATEMENT_REFUSED", `the readback relayed with this statement's token (${relayed.map((r) => r.rb).join(", ")}) does not state the call as prepared: what was checked is not what would run; relay the line prepare gave, unchanged`, { slot: "x_tok", expected: statement.readback.id, received: relayed.map((r) => r.rb).join(" ") });
  }
  const passed = exact.filter((r) => r.verdict === "wilco");
  // The answer that stands for a readback: the sender's latest to it, else its latest to any
  // readback of the handoff, since a receiver the sender held waits for its val=Y (a fresh
  // statement's readback does not step past the hold), to a readback that passed.
  const answered = senderAnswers(statement, readbacks, answers);
  // A Y to a void readback confirms what failed: it lifts no hold (only a passing readback answered Y clears).
  const clearing = new Set(readbacks.filter((r) => r.verdict === "wilco" || r.verdict === "unverified").map((r) => r.rb));
  const latest = answered.filter((a) => !confirms(a) || clearing.has(a.re as string)).pop();
  let held: { readonly rb: string; readonly answer: Message } | null = null;
  for (const r of passed) {
    const own = answered.filter((a) => a.re === r.rb).pop();
    const stands = own ?? latest;
    if (stands === undefined || confirms(stands)) return null;
    held = { rb: r.rb, answer: stands };
  }
  if (held !== null) {
    const { rb, answer } = held;
    const val = _show(answer.slots["val"]);
    const why = answer.re === rb ? `its readback ${rb} passed, but its sender answered it val=${val} (${answer.id})` : `its readback ${rb} passed, but its sender answered ${answer.re ?? ""} val=${val} (${answer.id}) and has not answered ${rb} val=Y since`;
    return finding("STATEMENT_REFUSED", `${why}: only a passing readback answered with val=Y, or not answered, clears the act`, { slot: "val", expected: "Y", received: val });
  }
  const last = exact[exact.length - 1] as CheckedRelay;
  return finding("STATEMENT_REFUSED", `its readback ${last.rb} was checked ${last.verdict}: only a passing readback clears the act`, { slot: "x_tok", expected: "wilco", received: last.verdict });
}

/**
 * A DN `out=NOOP` ("nothing ran") for a handoff one of whose statements was committed: `commit`
 * executes the statement and nothing else (section 5.3), so the act ran, and the report says
 * otherwise ("the DN carries ... the values as executed, taken from the tool's result, not from the
 * receiver's intention"). `committed` is the statement that ran for the handoff (any HO of its
 * re-issue line), or undefined. Null for anything else.
 */
export function noopAfterCommit(dn: Message, committed: Statement | undefined): Finding | null {
  if (dn.type !== "DN" || dn.slots["out"] !== "NOOP" || committed?.state !== "committed") return null;
  return finding("DONE_NOOP", `out=NOOP says nothing ran, yet the statement read back as ${committed.readback.id} for ${committed.handoff} was committed, which runs the act: the report is the act's (OK or PARTIAL, with the values as executed), or FL if it failed`, { slot: "out", expected: "OK or PARTIAL", received: "NOOP" });
}

/**
 * A DN reporting the act (`out=OK` or `PARTIAL`) whose plan is a tool's statement, the passing
 * readback `plan` relayed with its `x_tok`, when no statement of the handoff was committed: the
 * mirror of noopAfterCommit. `commit` "executes the statement and nothing else" and "the checked
 * values are then the ones that run" (section 5.3), so an act that ran did so outside what the
 * sender checked, or the report is not the tool's. `find` looks the token up among the holder's
 * statements (one it does not hold was prepared elsewhere: not its to say); `committed`, the
 * statement that ran for the handoff (any HO of its re-issue line), or undefined.
 */
export function doneWithoutCommit(dn: Message, plan: Message | undefined, find: (token: string) => Statement | undefined, committed: Statement | undefined): Finding | null {
  const out = dn.slots["out"];
  if (dn.type !== "DN" || (out !== "OK" && out !== "PARTIAL") || committed?.state === "committed") return null;
  const token = plan?.slots["x_tok"];
  const statement = typeof token === "string" && isStatementToken(token) ? find(token) : undefined;
  if (plan === undefined || statement === undefined) return null;
  const state = statement.state;
  return finding("DONE_UNCOMMITTED", `out=${out} reports the act, but the statement its plan ${plan.id} relays was never committed (it is ${state}), and no other statement of ${statement.handoff} ran: commit executes the statement and nothing else, so the act reported ran outside what the sender checked, or did not run through the tool (section 5.3)`, { slot: "x_tok", expected: "committed", received: state });
}

/**
 * The receiver's `AN val=Y` to `cx`, a cancel of a handoff one of whose statements was committed
 * (`committed`, or undefined): val=Y says what was prepared was abandoned, but the act ran, and
 * "if the act had already run, it answers with the act's DN instead" (section 5.4). Null for any
 * other message, or when nothing ran. `committed` may be a look-up, asked only for an
 * acknowledgement: a holder's look-up walks the line the CX withdrew, and every other AN answering
 * the CX would pay for it.
 */
export function cancelAckAfterCommit(an: Message, cx: Message, committed: Statement | undefined | (() => Statement | undefined)): Finding | null {
  const val = an.slots["val"];
  // Only the receiver's acknowledgement, about the handoff's item or none, as check-thread takes one.
  const acknowledges = an.type === "AN" && cx.type === "CX" && an.re === cx.id && an.from === cx.to && an.to === cx.from && aboutItem(an, cx.item);
  if (!acknowledges || (val !== "Y" && val !== true)) return null;
  if (typeof committed === "function") committed = committed();
  if (committed?.state !== "committed") return null;
  return finding("STATEMENT_RAN", `${an.id} acknowledges the cancel ${cx.id} as if nothing ran, but the statement read back as ${committed.readback.id} for ${committed.handoff} was committed before it: a cancel cannot unsay an act, so the receiver answers with the act's DN`, { slot: "val", expected: "the act's DN", received: "Y" });
}

/**
 * What an RB carrying `x_tok` relays: nothing to say when it is the statement as prepared, still
 * pending, for the handoff it answers; otherwise why it clears nothing. `find` looks a token up
 * among the thread's statements.
 */
export function relayedStatement(rb: Message, find: (token: string) => Statement | undefined, now: string): Finding[] {
  const value = rb.slots["x_tok"];
  if (value === undefined || value === null) return [];
  const token = String(value);
  const statement = isStatementToken(token) ? find(token) : undefined;
  if (statement === undefined) return [finding("STATEMENT_UNKNOWN", `${rb.id} carries x_tok, but no statement of this thread has that token: it states nothing this thread can commit`, { slot: "x_tok" })];
  if (statement.handoff !== rb.re) return [finding("STATEMENT_REFUSED", `${rb.id} answers ${rb.re ?? "nothing"}, but its x_tok names a statement for ${statement.handoff}`, { slot: "x_tok", expected: statement.handoff, received: rb.re ?? "" })];
  if (statement.state !== "pending" || now > statement.exp) {
    const state = statement.state === "pending" ? "expired" : statement.state;
    // Abandoned may mean its handoff ended (another statement ran, a DN, UN or FL closed it), where
    // a new prepare is refused too: said as a condition, not as advice that would fail.
    const why = state === "committed" ? "it already ran, and runs once" : state === "cancelled" ? "its handoff was cancelled, so it will not run" : "it will not run; while its handoff is still open, prepare the call again";
    return [finding("STATEMENT_REFUSED", `${rb.id} relays a statement that is ${state}: ${why}`, { slot: "x_tok", expected: "pending", received: state })];
  }
  if (!sameMessage(rb, statement.readback, true)) return [finding("STATEMENT_REFUSED", `${rb.id} carries the token of statement ${statement.readback.id} but not the statement as prepared: the statement will not run; relay the line prepare gave, unchanged`, { slot: "x_tok", expected: statement.readback.id, received: rb.id })];
  return [];
}
