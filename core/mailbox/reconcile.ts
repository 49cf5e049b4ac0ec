/**
 * Reconciliation (sections 3, 7, 9): one participant's complete addressed inbox against its
 * durable dispositions and compact cursor, age-independently. Counts every state section 3 lists,
 * decides work-clean and readiness-clean, and says per message what the participant does next:
 * nothing, handle it, restore missing bookkeeping from an exact causal reply (never reply twice),
 * reply (an `expects_reply` still open), resume a due deferral, wait, or audit (surface it: among
 * others, a reply still open to a requester that has since retired, which no reply can reach), or
 * close a request its requester withdrew with a `cancel` (withdrawn: no reply, no work).
 */
import { addresses, arenaMembers } from "./_arena-members.js";
import { cancelProblem, cancelsByParent, exactReply, withdraws } from "./_owed.js";
import { analyzeMailbox } from "./analyze-mailbox.js";
import { standsDown, winningClaims } from "./_open-task-claims.js";
import { standingReplies } from "./_standing-reply.js";
import type { AnomalyRecord } from "./anomaly-record.js";
import type { MailboxAnalysis } from "./analyze-mailbox.js";
import { isHandler } from "./callsign.js";
import { hasMailboxError, mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { effectiveDispositions, isoTime } from "./disposition.js";
import type { Disposition } from "./disposition.js";
import type { MailboxEnvelope } from "./envelope.js";
import { at, byUuid } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { anomalyInView, anomalyNotAddressedFindings, notAddressedFindings } from "./_not-addressed.js";
import { primerFindings } from "./primer.js";
import type { PrimerState } from "./primer.js";
import { uuidInCursorEntry } from "./cursor-entry.js";
import { isUuid7 } from "./uuid7.js";
import { DISPOSITION_STATES, LIVE_CTA, MAILBOX_KINDS } from "./vocabulary.js";

/** A file that is not a valid message: tracked by its bytes' fingerprint, never by the UUID cursor. */
export interface MailboxAnomaly {
  /** SHA-256 of the file's bytes, lowercase hex. */
  readonly fingerprint: string;
  readonly file: string;
  /**
   * The canonical UUIDv7 its refused envelope carries; null for conflict copies. Reconciliation
   * trusts it only while no valid message holds it and no other refused file carries it (notes 123, 125).
   */
  readonly id: string | null;
  /** The recipients, when readable; null when not. They decide whose it is to reconcile (note 126). */
  readonly to: readonly string[] | null;
  /**
   * The arena its envelope names, when readable (read with `to`); null or left out when not. A
   * file of an arena other than the one reconciled is not the participant's (note 134).
   */
  readonly arena?: string | null;
  readonly reason: string;
}

export interface ReconcileInput {
  /** The participant reconciling: its callsign. */
  readonly participant: string;
  /**
   * The arena it reconciles in: a callsign is a name within one arena (section 2), and its ledger
   * belongs to that arena (9: "an exact owner/arena/root match"). Messages of other arenas are
   * neither addressed to it nor its evidence. Without it, the arenas where the callsign sends or
   * is named are read, and more than one is `ARENA_AMBIGUOUS`.
   */
  readonly arena?: string;
  /** Every valid message of the mailbox (others' too: the participant's own replies are evidence). */
  readonly messages: readonly MailboxEntry[];
  /** The participant's disposition transitions, in append order (read by effectiveDispositions). */
  readonly dispositions: readonly unknown[];
  readonly cursor?: readonly string[];
  readonly anomalies?: readonly MailboxAnomaly[];
  readonly anomalyIndex?: readonly AnomalyRecord[];
  /** Epoch ms: due deferrals and expired blockers are judged at this moment. */
  readonly now: number;
  /**
   * The conversation rules' verdict on the same messages (`analyzeMailbox`), when the caller has
   * it; otherwise reconcile runs them. A message they quarantine is never to be handled; a reply
   * owed to a callsign they find retired is never to be published (ADDRESSEE_RETIRED).
   */
  readonly analysis?: Pick<MailboxAnalysis, "quarantine" | "callsigns">;
  /**
   * Whether the mailbox root holds its visible primer (the CLI looks). Missing or unusable while
   * the inbox holds a message, the participant is never readiness-clean (PRIMER_MISSING: "A missing
   * primer blocks readiness", 12); left out, the primer is not judged.
   */
  readonly primer?: PrimerState;
  /** Whether the caller read the archive beside the inbox: then a UUID the mailbox does not hold is not archived. */
  readonly archiveRead?: boolean;
  /** Places a disposition transition for its findings (the CLI gives file and line). */
  readonly where?: (index: number) => { file?: string; line?: number };
  /** Places a cursor entry (by its index in `cursor`) for its findings (the CLI gives file and line). */
  readonly cursorWhere?: (index: number) => { file?: string; line?: number };
  /**
   * What the caller could not read of the participant's state (a disposition, cursor or anomaly
   * line it skipped: DISPOSITION_INVALID, CURSOR_INVALID_ENTRY), reported first. Each is an error:
   * a record that cannot be read proves nothing, so the participant is not readiness-clean while
   * any stands, though work-clean is judged on what was read.
   */
  readonly unreadState?: readonly MailboxFinding[];
}

export type ReconcileStatus = "FOUND" | "WORK_CLEAN_WITH_AUDIT_DEBT" | "CLEAN";
export type ReconcileAction = "none" | "handle" | "restore" | "reply" | "resume" | "wait" | "audit" | "withdrawn" | "stand-down";

export interface ReconcileItem {
  readonly id: string;
  readonly kind: string;
  readonly from: string;
  readonly file: string | null;
  readonly expects_reply: boolean;
  /** The effective disposition, or null when none is durable. */
  readonly disposition: string | null;
  readonly cta: string | null;
  /**
   * The participant's exact causal reply (same reply_to and request_id) that stands, when one is
   * published: a later one naming it in meta.mailbox.correction replaced it (REPLY_REPLACED).
   */
  readonly reply: string | null;
  /** `expects_reply` is still open: no exact causal reply, no proven supersession or Handler direction. */
  readonly open_reply: boolean;
  readonly action: ReconcileAction;
  /**
   * The SHA-256 of the message file's bytes as read now (`MailboxEntry.fingerprint`), when the
   * caller gave them and every file under the UUID holds the same; null otherwise. A restored
   * disposition records it, so a later edit in place is caught (MESSAGE_CHANGED).
   */
  readonly fingerprint: string | null;
}

export interface ReconcileCounts {
  readonly messages: number;
  readonly addressed: number;
  readonly dispositioned: number;
  readonly undispositioned_count: number;
  readonly restorable_count: number;
  readonly pending_cta_count: number;
  readonly active_cta_count: number;
  readonly blocked_cta_count: number;
  readonly deferred_cta_count: number;
  readonly due_deferred_count: number;
  readonly needs_audit_count: number;
  readonly historical_debt_count: number;
  readonly audit_state_with_live_work_count: number;
  readonly expired_blocker_count: number;
  readonly open_reply_count: number;
  readonly lifecycle_contradiction_count: number;
  readonly anomaly_count: number;
  /** Addressed messages the conversation rules quarantine (root mismatch, impersonation, ...). */
  readonly quarantined_count: number;
}

export interface ReconcileReport {
  readonly participant: string;
  /** The arena reconciled: the one given, else the one arena the callsign is found in; null for none or several. */
  readonly arena: string | null;
  readonly status: ReconcileStatus;
  readonly work_clean: boolean;
  readonly readiness_clean: boolean;
  readonly counts: ReconcileCounts;
  readonly items: readonly ReconcileItem[];
  /** UUIDs the cursor may take now: terminal or quarantined, and not contradicted. */
  readonly cursor_advance: readonly string[];
  readonly findings: readonly MailboxFinding[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function reconcile(input: ReconcileInput): ReconcileReport {
  const { participant, now } = input;
  const read = effectiveDispositions(input.dispositions, input.where);
  const effective = read.effective;
  const findings = input.unreadState === undefined ? read.findings : [...input.unreadState, ...read.findings];
  // One item per UUID: a second file with the same UUID is a duplicate delivery or an anomaly.
  const byId = new Map<string, MailboxEntry>();
  const copies = new Map<string, (string | null)[]>();
  // The bytes each UUID's files hold now (a message delivered twice may be written two ways).
  const bytesNow = new Map<string, Set<string>>();
  for (const m of byUuid(input.messages)) {
    if (m.fingerprint !== undefined) bytesNow.set(m.envelope.id, (bytesNow.get(m.envelope.id) ?? new Set()).add(m.fingerprint));
    const first = byId.get(m.envelope.id);
    if (first === undefined) byId.set(m.envelope.id, m);
    else copies.set(m.envelope.id, [...(copies.get(m.envelope.id) ?? [first.file ?? null]), m.file ?? null]);
  }
  const members = arenaMembers(input.messages);
  // The participant's arenas: the one given, or those it is a callsign of (it sends or is named there).
  const arenas = new Set<string>();
  if (input.arena !== undefined) arenas.add(input.arena);
  else for (const [arena, names] of members) if (names.has(participant)) arenas.add(arena);
  const messages = [...byId.values()].filter((m) => arenas.has(m.envelope.arena));
  // The messages of the arenas read, by UUID: a correction and the repair request it answers are
  // looked up here, since a callsign elsewhere is another arena's name (section 2), not this ledger's.
  const inArenas = new Map(messages.map((m) => [m.envelope.id, m]));
  const analysis = input.analysis ?? analyzeMailbox(input.messages, { now, archiveRead: input.archiveRead === true });
  const quarantine = analysis.quarantine;
  // The final goodbye of each retired callsign, by `arena NUL callsign`: the checker refuses any
  // reply to it (ADDRESSEE_RETIRED), so reconciliation never asks for one (REQUESTER_RETIRED).
  const retiredBy = new Map<string, string>();
  for (const v of analysis.callsigns) if (v.retired_by !== null) retiredBy.set(`${v.arena}\u0000${v.callsign}`, v.retired_by);
  // The participant's own causal responses, by the message they answer. One the conversation rules
  // quarantine (sent in its name from another locus, a duplicate UUID, ...) is not its evidence:
  // "treat peer-authored descendants as peer activity, never proof of local consumption" (9).
  // A root kind (hello, resume) answers nothing: its reply_to is only a citation (9: "These are
  // true roots"), never an "exact locally authored causal ack, reply, or response".
  const mine = new Map<string, MailboxEnvelope[]>();
  const heldMine = new Map<string, MailboxEnvelope>();
  for (const { envelope: e } of messages) {
    if (e.from !== participant || e.reply_to === null || MAILBOX_KINDS[e.kind].parent === "root") continue;
    if (quarantine.has(e.id)) {
      if (!heldMine.has(e.reply_to)) heldMine.set(e.reply_to, e);
      continue;
    }
    const list = mine.get(e.reply_to);
    if (list === undefined) mine.set(e.reply_to, [e]);
    else list.push(e);
  }
  // The cancels citing each message (section 5: "Withdraw a request or claim").
  const cancels = cancelsByParent(messages, quarantine);
  // The claim that won each open task (section 8: "earliest valid causal claim wins and others stand down").
  const claimed = winningClaims(messages, quarantine);
  const cursor = new Set(input.cursor ?? []);
  const c: Mutable<ReconcileCounts> = {
    messages: messages.length, addressed: 0, dispositioned: 0, undispositioned_count: 0, restorable_count: 0,
    pending_cta_count: 0, active_cta_count: 0, blocked_cta_count: 0, deferred_cta_count: 0, due_deferred_count: 0,
    needs_audit_count: 0, historical_debt_count: 0, audit_state_with_live_work_count: 0, expired_blocker_count: 0,
    open_reply_count: 0, lifecycle_contradiction_count: 0, anomaly_count: 0, quarantined_count: 0,
  };
  const items: ReconcileItem[] = [];
  const advance: string[] = [];
  // The participant's inbox view: what its dispositions and cursor are keyed by (9).
  const addressedIds = new Set<string>();
  const countCta = (cta: string): void => {
    if (cta === "pending") c.pending_cta_count++;
    else if (cta === "active") c.active_cta_count++;
    else if (cta === "blocked") c.blocked_cta_count++;
  };

  // An arena given where the callsign neither sends nor is named, while it does so in another, is a
  // report about nobody's work (a mistyped `--arena`): it would read clean over work owed elsewhere.
  // A callsign found nowhere yet (a participant about to join) gives nothing to compare with.
  if (input.arena !== undefined && members.get(input.arena)?.has(participant) !== true) {
    const elsewhere = [...members].flatMap(([arena, names]) => (names.has(participant) ? [arena] : [])).sort();
    if (elsewhere.length > 0) {
      findings.push(mailboxFinding("ARENA_FOREIGN", `${participant} is no callsign in arena ${input.arena} (it neither sends nor is named there) but is one in ${elsewhere.join(", ")}: this report reads arena ${input.arena} only, so it says nothing of ${participant}'s work; reconcile in the arena its ledger belongs to`, { expected: elsewhere.join(", "), received: input.arena }));
    }
  }
  // Kept as a newcomer's empty report, but said: a mistyped --as reads just as clean otherwise.
  // An empty room has no callsign to tell a typo by, and everyone in it is about to join.
  if (members.size > 0 && ![...members.values()].some((names) => names.has(participant))) {
    const held = [...members].filter(([arena]) => input.arena === undefined || arena === input.arena).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const listed = held.length === 0 ? `the mailbox names no callsign${input.arena === undefined ? "" : ` in arena ${input.arena}`}` : held.map(([arena, names]) => `callsigns in arena ${arena}: ${[...names].sort().join(", ")}`).join("; ");
    findings.push(mailboxFinding("CALLSIGN_UNSEEN", `no message of the mailbox names ${participant} (it neither sends nor is named): read as a participant about to join, with nothing to reconcile; ${listed}`, { received: participant }));
  }
  if (arenas.size > 1) {
    const names = [...arenas].sort().join(", ");
    findings.push(mailboxFinding("ARENA_AMBIGUOUS", `${participant} is a callsign in arenas ${names}, and a callsign is a name within one arena: this report reads them as one participant; reconcile in one arena (the arena its ledger belongs to)`, { received: names }));
  }
  for (const entry of messages) {
    const m = entry.envelope;
    if (!addresses(m, participant, members)) continue;
    c.addressed++;
    addressedIds.add(m.id);
    const where = at(entry);
    const responses = mine.get(m.id) ?? [];
    // The exact causal reply that stands: a later one naming it in meta.mailbox.correction replaced it.
    const replies = standingReplies(responses.filter((r) => exactReply(m, r)), byId);
    const exact = replies.standing[0] ?? null;
    // The reply the item names: the standing one, or the one standing in place of a replaced reply a disposition cites.
    let shown = exact;
    const d = effective.get(m.id);
    // Quarantined by the conversation rules: it remains unconsumed and cannot authorize work (4),
    // an unexpected callsign is not engaged (4, 13), a duplicate UUID is an anomaly (10). It owes
    // no reply and is never handled or restored; only a Handler record on its disposition (an
    // override, section 4) lifts the quarantine.
    const held = quarantine.get(m.id);
    const quarantined = held !== undefined && d?.handler === undefined;
    let action: ReconcileAction;
    // "Addressing `HANDLER` with `expects_reply` makes a request, never a protocol debt" (4).
    let open = m.expects_reply && exact === null && !quarantined && !isHandler(participant);
    // Its sender retired with a final goodbye since: "`final` retires the callsign permanently" (8),
    // so a reply to it is refused, and the obligation waits on the Handler instead ("blocked for
    // the Handler, never silently closed", 8). The goodbye itself is not: its ACK is what 8 asks.
    // Withdrawn by its own requester's cancel: "an exact independently valid record identifying what
    // supersedes what" (3), from the party owed the reply, so the reply is no longer owed and the
    // work is not to be done. Anyone else's cancel releases nothing (CANCEL_NOT_WITHDRAWAL). The
    // requester's cancel to some of the recipients withdraws it from those only: the cancel's `to`
    // is the record of whom it releases, and a recipient it does not address is told so, not left
    // to guess whether the request still stands for it.
    const citing = quarantined || exact !== null ? [] : (cancels.get(m.id) ?? []);
    const withdrawal = citing.find((x) => withdraws(m, x, participant, quarantine)) ?? null;
    const owed = open;
    const stands = `; it stands${owed ? ", and its reply is still owed" : ""}`;
    // An open task another participant claimed first: this participant stands down (8). Only while
    // it has not answered itself (its own claim or reply is its exact causal reply, as before).
    const winner = quarantined || exact !== null || withdrawal !== null ? undefined : claimed.get(m.id);
    const standDown = standsDown(m, winner, participant);
    if (standDown) open = false;
    if (withdrawal !== null) open = false;
    else for (const x of citing) {
      const problem = cancelProblem(m, x);
      const said = problem === null ? `${m.from} withdrew this ${m.kind} with cancel ${x.id} from ${x.to.join(", ")} only, the cancel's addressees: it is not addressed to ${participant}, so for ${participant} it withdraws nothing${stands}` : `cancel ${x.id} cites this ${m.kind} but withdraws nothing: ${problem}${stands}`;
      findings.push(mailboxFinding("CANCEL_NOT_WITHDRAWAL", said, where));
    }
    const goodbye = retiredBy.get(`${m.arena}\u0000${m.from}`);
    const retired = goodbye !== undefined && goodbye !== m.id ? goodbye : null;
    if (d === undefined) {
      c.undispositioned_count++;
      if (quarantined) action = "audit";
      else if (exact !== null) {
        action = "restore";
        c.restorable_count++;
        findings.push(mailboxFinding("RESTORABLE", `no disposition, but reply ${exact.id} answers it exactly (${exact.request_id === m.request_id ? "reply_to and request_id" : "reply_to: the first work message acknowledges a welcome"}): restore replied from that evidence; never republish`, where));
      } else if (responses.length > 0) {
        action = "audit";
        findings.push(mailboxFinding("AMBIGUOUS_HISTORY", `no disposition; ${responses[0]?.id} replies to it with another request_id: not exact evidence, so needs-audit, never a second effect`, where));
      } else if (heldMine.has(m.id)) {
        action = "audit";
        findings.push(mailboxFinding("AMBIGUOUS_HISTORY", `no disposition; ${heldMine.get(m.id)?.id} answers it in ${participant}'s name but is quarantined (${(quarantine.get(heldMine.get(m.id)?.id ?? "") ?? []).join(", ")}): not evidence of handling, and not excluded either, so needs-audit, never restored from`, where));
      } else if (cursor.has(m.id)) {
        action = "audit";
        findings.push(mailboxFinding("CURSOR_AHEAD", "the cursor holds this UUID but no disposition does: the cursor never proves consumption; quarantine as historical-debt", where));
      } else if (withdrawal !== null) action = "withdrawn";
      else if (standDown) action = "stand-down";
      else action = open && retired !== null ? "audit" : "handle";
    } else {
      c.dispositioned++;
      const kind = DISPOSITION_STATES[d.state];
      countCta(d.cta);
      let contradicted = false;
      if (kind === "terminal" && LIVE_CTA.has(d.cta)) {
        contradicted = true;
        c.lifecycle_contradiction_count++;
        findings.push(mailboxFinding("LIFECYCLE_CONTRADICTION", `terminal disposition ${d.state} with CTA state ${d.cta}: a lifecycle contradiction never reports clean`, where));
      }
      if (d.state === "replied" && (d.reply === undefined || !responses.some((r) => r.id === d.reply && exactReply(m, r)))) {
        contradicted = true;
        findings.push(mailboxFinding("REPLY_NOT_FOUND", `replied cites ${d.reply ?? "no reply"}, which is not ${participant}'s exact causal reply (reply_to ${m.id}, request_id ${m.request_id}): an obligation is not closed by declaration`, where));
      }
      // "A disposition records the handling state, exact causal response when one exists" (9): once
      // the participant replaced its reply by a correction naming it, the response that stands is
      // the replacement, and the ledger still names the one replaced. Handled, and answered (the
      // replacement is exact), so nothing is contradicted; the bookkeeping is rebuilt, never republished.
      const cited = d.state === "replied" ? d.reply : undefined;
      const replacement = cited === undefined ? undefined : replies.replacedBy.get(cited);
      if (replacement !== undefined && cited !== undefined) {
        shown = replacement;
        findings.push(mailboxFinding("REPLY_REPLACED", `replied cites ${cited}, which ${participant} has since replaced: ${replacement.id} names it in meta.mailbox.correction, so the reply that stands is ${replacement.id}; append replied naming it (restore), never republish`, { ...where, expected: replacement.id, received: cited }));
      }
      // "A disposition records the handling state, exact causal response ..., request identifier" (9):
      // one naming another request than its message's contradicts the record it is keyed to, and
      // effect evidence "tied to the ... request_id" (9, 13) would be read for the wrong request.
      if (d.request_id !== undefined && d.request_id !== m.request_id) {
        contradicted = true;
        findings.push(mailboxFinding("DISPOSITION_REQUEST_MISMATCH", `the disposition names request_id ${d.request_id}, but this message's request_id is ${m.request_id}: a disposition records its message's request identifier; append a transition that names it`, { ...where, expected: m.request_id, received: d.request_id }));
      }
      // Messages are create-once ("Message envelopes and immutable artifacts are create-once", 3):
      // bytes other than those the disposition recorded as handled were edited in place since, and
      // the handling no longer covers what the file asks. Section 7 treats a new byte fingerprint
      // as an anomaly recorded needs-audit against its trustworthy UUID, never handled in silence.
      const handledBytes = read.handled.get(m.id);
      const bytes = bytesNow.get(m.id);
      const changed = handledBytes !== undefined && bytes !== undefined && !bytes.has(handledBytes);
      if (changed) {
        contradicted = true;
        c.anomaly_count++;
        findings.push(mailboxFinding("MESSAGE_CHANGED", `its file's bytes changed since ${participant} recorded ${d.state} for them (fingerprint ${handledBytes.slice(0, 12)}…, now ${[...(bytes ?? [])].map((f) => `${f.slice(0, 12)}…`).join(", ")}): a message is create-once, so it was edited in place after it was handled; record needs-audit with the fingerprint of the bytes now there, inspect what changed, and surface it to the Handler`, { ...where, expected: handledBytes, received: [...(bytes ?? [])].join(", ") }));
      }
      const correction = d.correction === undefined ? undefined : inArenas.get(d.correction)?.envelope;
      const supersessionProven = d.state === "superseded-by-correction" && correction !== undefined && correctsOriginal(correction, entry, participant, inArenas, quarantine);
      if (d.state === "superseded-by-correction" && !supersessionProven) {
        contradicted = true;
        findings.push(mailboxFinding("SUPERSESSION_UNPROVEN", `superseded-by-correction cites ${d.correction}, which is not a valid correction of this message in this mailbox (from ${m.from} in arena ${m.arena}, replying to ${participant}'s repair request there, naming this message's UUID or file in meta.mailbox.correction)`, where));
      }
      if (supersessionProven || d.handler !== undefined) open = false;
      action = kind === "terminal" ? "none" : "wait";
      if (d.state === "deferred") {
        c.deferred_cta_count++;
        if (now >= (isoTime(d.resume_after) as number)) {
          c.due_deferred_count++;
          action = "resume";
          findings.push(mailboxFinding("DEFERRAL_DUE", `deferred until ${d.resume_after} (owner ${d.owner}): due, it returns to the active queue`, where));
        }
        // A withdrawn request is not resumed: its deferral is closed by a terminal transition.
        if (withdrawal !== null) action = "withdrawn";
        else if (standDown) action = "stand-down";
      } else if (d.state === "needs-audit" || d.state === "historical-debt") {
        if (d.state === "needs-audit") c.needs_audit_count++;
        else c.historical_debt_count++;
        if (LIVE_CTA.has(d.cta)) c.audit_state_with_live_work_count++;
        action = "audit";
      } else if (d.state === "blocked: handler-decision") {
        if (d.expires !== undefined && now > (isoTime(d.expires) as number)) c.expired_blocker_count++;
        // "A transitional disposition never proves completion" (3): a blocked message is a blocked
        // CTA whatever CTA state was written beside it.
        if (!LIVE_CTA.has(d.cta)) {
          c.blocked_cta_count++;
          c.lifecycle_contradiction_count++;
          findings.push(mailboxFinding("LIFECYCLE_CONTRADICTION", `transitional disposition ${d.state} with CTA state ${d.cta}: a transitional disposition never proves completion; counted as a blocked CTA`, where));
        }
      }
      if (replacement !== undefined && action === "none") action = "restore";
      // Bytes edited since they were handled are audited before anything is done for them, a reply
      // included: it would answer what nobody handled ("needs-audit blocks work that depends on the
      // disputed envelope", 3). The reply stays owed (counted open) until the audit settles it.
      if (changed) action = "audit";
      else if (open && kind === "terminal" && retired !== null) action = "audit";
      else if (open && kind === "terminal") {
        action = "reply";
        findings.push(mailboxFinding("REPLY_OWED", `expects_reply is open: ${d.state} is recorded but no exact causal reply from ${participant} exists`, where));
      }
      if (kind !== "transitional" && !contradicted && !open && !quarantined && !cursor.has(m.id)) advance.push(m.id);
      if (kind === "transitional" && cursor.has(m.id)) findings.push(mailboxFinding("CURSOR_AHEAD", `the cursor holds this UUID while its disposition is ${d.state}: the cursor advances only for terminal or quarantined states`, where));
    }
    if (quarantined) {
      c.quarantined_count++;
      const files = copies.get(m.id) ?? [];
      if (held.includes("DUPLICATE_ID")) c.anomaly_count += Math.max(1, files.length);
      const under = files.length > 1 ? ` (${files.length} files under this UUID: ${files.map((f) => f ?? "?").join(", ")})` : "";
      if (d === undefined || (d.state !== "needs-audit" && d.state !== "historical-debt")) {
        findings.push(mailboxFinding("QUARANTINED", `${held.join(", ")}${under}: quarantined, never handled; it remains unconsumed and cannot authorize work: record needs-audit and surface it to the Handler, whose durable record alone can override`, where));
      }
      action = "audit";
    }
    // Still open, still counted: neither the departure nor this participant's declaration closes
    // it ("an agent may not close its own obligation by declaration", 3); Handler direction does.
    if (open && retired !== null) findings.push(mailboxFinding("REQUESTER_RETIRED", `${m.from} retired with a final goodbye (${retired}) and no reply can reach it (one would be ADDRESSEE_RETIRED), so this ${m.kind}'s expects_reply is not ${participant}'s to settle by replying: it waits on the Handler (record blocked: handler-decision and surface it), and only a disposition carrying the Handler's direction (handler) closes it`, where));
    if (withdrawal !== null && (owed || action === "withdrawn")) findings.push(mailboxFinding("REQUEST_WITHDRAWN", `${m.from} withdrew this ${m.kind} with cancel ${withdrawal.id} (its reply_to and request_id): no reply is owed and the work is not to be done; ${action === "withdrawn" ? "record a terminal disposition (no-reply-required with CTA superseded, or acted if its effect already happened)" : "its reply is no longer owed"}`, where));
    if (standDown && winner !== undefined && (owed || action === "stand-down")) findings.push(mailboxFinding("TASK_CLAIMED", `${winner.from} claimed this open task with claim ${winner.id}, the earliest valid claim of the whole request (its reply_to and request_id): ${participant} stands down, no reply is owed and the work is not ${participant}'s; ${action === "stand-down" ? "record a terminal disposition (no-reply-required with CTA superseded)" : "its reply is no longer owed"}`, where));
    if (open) c.open_reply_count++;
    // One set of bytes under the UUID is what a restore is rebuilt from; two (a copy written
    // another way) leave it unknown which were handled, so none is recorded.
    const bytesRead = bytesNow.get(m.id);
    const fingerprint = bytesRead?.size === 1 ? ([...bytesRead][0] as string) : null;
    items.push({ id: m.id, kind: m.kind, from: m.from, file: entry.file ?? null, expects_reply: m.expects_reply, disposition: d?.state ?? null, cta: d?.cta ?? null, reply: shown?.id ?? null, open_reply: open, action, fingerprint });
  }

  // Dispositions for messages this mailbox does not hold, anomalies, and the cursor's own entries.
  // The refused files under each UUID they carry: one a second file carries identifies neither (note 125).
  const anomaliesById = new Map<string, MailboxAnomaly[]>();
  for (const a of input.anomalies ?? []) if (a.id !== null) anomaliesById.set(a.id, [...(anomaliesById.get(a.id) ?? []), a]);
  for (const id of effective.keys()) if (!byId.has(id) && !anomaliesById.has(id)) findings.push(mailboxFinding("DISPOSITION_UNKNOWN_MESSAGE", `a disposition for a UUID this mailbox does not hold (${input.archiveRead === true ? "not yet synced, or deleted; its archive was read too" : "archived, or not yet synced"})`, { id }));
  // A disposition or cursor entry for a message held but not addressed to the participant: said, settling nothing (note 122).
  for (const f of notAddressedFindings("disposition", effective.keys(), participant, byId, addressedIds, arenas)) findings.push(f);
  // Likewise for the UUID of refused files addressed to others only (note 126).
  for (const f of anomalyNotAddressedFindings("disposition", effective.keys(), participant, byId, anomaliesById, arenas)) findings.push(f);
  // Keyed by exact filename plus fingerprint (10): a record that names no file closes nothing.
  const anomalyKey = (file: unknown, fingerprint: unknown): string | null => (typeof file === "string" && typeof fingerprint === "string" ? `${file}\u0000${fingerprint}` : null);
  const closed = new Set((input.anomalyIndex ?? []).flatMap((r) => {
    const key = r.state === "closed" ? anomalyKey(r.file, r.fingerprint) : null;
    return key === null ? [] : [key];
  }));
  // The UUIDs of refused files in the participant's view, and those of them still unsettled: the
  // cursor may hold the first (a file is known), but holds the second ahead of its disposition.
  const anomalyIdsInView = new Set<string>();
  const unsettledAnomalies = new Map<string, MailboxAnomaly[]>();
  for (const a of input.anomalies ?? []) {
    if (!anomalyInView(a, participant, arenas)) continue;
    if (a.id !== null) anomalyIdsInView.add(a.id);
    if (closed.has(anomalyKey(a.file, a.fingerprint) ?? "")) continue;
    // A UUID a valid message holds is that message's (a duplicate UUID is an anomaly, 10), not a
    // trustworthy one for this file: the anomaly is tracked by its file name and fingerprint (7),
    // and the message's disposition neither accounts for it nor is to be changed for it (note 123).
    // Nor is one another refused file carries: it names two files, so neither (note 125).
    const taken = a.id === null ? undefined : byId.get(a.id);
    const sharers = a.id === null || taken !== undefined ? [] : (anomaliesById.get(a.id) ?? []).filter((b) => b.file !== a.file);
    const trusted = taken === undefined && sharers.length === 0 ? a.id : null;
    const d = trusted === null ? undefined : effective.get(trusted);
    const where = trusted === null ? { file: a.file } : { file: a.file, id: trusted };
    // The cursor advances "only for a terminal or quarantined effective state" (3), and a UUID that is
    // not trustworthy "never enters the UUID cursor" (3): a valid message's UUID is that message's.
    if (a.id !== null && taken === undefined && (d === undefined || DISPOSITION_STATES[d.state] === "transitional")) unsettledAnomalies.set(a.id, [...(unsettledAnomalies.get(a.id) ?? []), a]);
    if (sharers.length > 0 && a.id !== null) {
      const recorded = effective.get(a.id);
      const files = [...new Set(sharers.map((b) => b.file))];
      findings.push(mailboxFinding("ANOMALY_ID_SHARED", `its UUID ${a.id}, which no valid message holds, is also carried by the refused file${files.length > 1 ? "s" : ""} ${files.join(", ")}: a duplicate UUID names no one file, so it is trusted for none of them, and each is tracked by its file name and fingerprint; ${recorded === undefined ? `a disposition under ${a.id} would account for none of them` : `the disposition ${recorded.state} recorded under ${a.id} accounts for none of them`}`, { file: a.file, received: a.id }));
    }
    if (taken !== undefined) findings.push(mailboxFinding("ANOMALY_ID_TAKEN", `its UUID ${a.id} is also the UUID of the valid message ${taken.file ?? a.id} (${taken.envelope.from}'s ${taken.envelope.kind}): a duplicate UUID, so not trusted for this file, which is tracked by its file name and fingerprint; ${a.id}'s disposition is the valid message's, and it neither accounts for this file nor is changed for it`, { file: a.file, received: a.id ?? "" }));
    // An invalid original "never becomes authorization, causality, or effect evidence" (7.6), and
    // is superseded only once "a separately published valid correction" closes it (3): `acted` or
    // `replied` cannot account for it, nor a correction this mailbox does not hold as one.
    if (d !== undefined && (d.state === "acted" || d.state === "replied")) {
      c.anomaly_count++;
      findings.push(mailboxFinding("ANOMALY_OPEN", `${a.reason}: a disposition ${d.state} cannot account for it, since an invalid message never becomes authorization, causality or effect evidence; record needs-audit, or supersede it by a valid correction`, where));
      continue;
    }
    // A malformed original goes through needs-audit to superseded-by-correction (7); a terminal
    // state closes it otherwise only on "a current Handler decision" (3), never bare no-reply-required.
    if (d !== undefined && DISPOSITION_STATES[d.state] === "terminal" && d.state !== "superseded-by-correction" && d.handler === undefined) {
      c.anomaly_count++;
      findings.push(mailboxFinding("ANOMALY_OPEN", `${a.reason}: a disposition ${d.state} without a Handler record cannot account for it: a malformed message is recorded needs-audit and closed by a valid correction (superseded-by-correction) or a Handler decision`, where));
      continue;
    }
    if (d !== undefined && d.state === "superseded-by-correction") {
      const correction = d.correction === undefined ? undefined : inArenas.get(d.correction)?.envelope;
      if (correction === undefined || !correctsAnomaly(correction, a, participant, inArenas, quarantine)) {
        c.anomaly_count++;
        findings.push(mailboxFinding("SUPERSESSION_UNPROVEN", `superseded-by-correction cites ${d.correction}, which is not a valid correction of this anomaly in this mailbox (replying to ${participant}'s repair request in the arena reconciled, from a callsign that request names, naming its UUID or file in meta.mailbox.correction)`, where));
        continue;
      }
    }
    if (d !== undefined) {
      if (d.state === "needs-audit") c.needs_audit_count++;
      else if (d.state === "historical-debt") c.historical_debt_count++;
      if ((d.state === "needs-audit" || d.state === "historical-debt") && LIVE_CTA.has(d.cta)) c.audit_state_with_live_work_count++;
      if (DISPOSITION_STATES[d.state] !== "terminal" && d.state !== "needs-audit" && d.state !== "historical-debt") c.anomaly_count++;
      continue;
    }
    c.anomaly_count++;
    findings.push(mailboxFinding("ANOMALY_OPEN", `${a.reason}: never consumed or deleted silently; record needs-audit${trusted === null ? " in the anomaly index by its exact file name plus fingerprint" : " against its UUID"}, or close it once resolved`, where));
  }
  // Each entry that is not a UUID, as often as it is written (each has its own line), naming the
  // message it still holds when it holds one.
  (input.cursor ?? []).forEach((entry, i) => {
    if (isUuid7(entry)) return;
    const named = uuidInCursorEntry(entry);
    const place = input.cursorWhere?.(i) ?? {};
    const where = place.file === undefined ? "" : ` (${place.file}${place.line === undefined ? "" : ` line ${place.line}`})`;
    const held = named === null ? "" : `: it names ${named}, but not as written, so it is not read as that message's consumption`;
    findings.push(mailboxFinding("CURSOR_INVALID_ENTRY", `the UUID cursor${where} holds ${JSON.stringify(entry)}${held}: only message UUIDs enter it, exactly (anomalies are tracked by fingerprint)`, { ...place, ...(named === null ? {} : { id: named }), received: entry }));
  });
  const cursorElsewhere = anomalyNotAddressedFindings("cursor", cursor, participant, byId, anomaliesById, arenas);
  const elsewhere = new Set(cursorElsewhere.map((f) => f.id));
  for (const id of cursor) {
    if (!isUuid7(id) || byId.has(id)) continue;
    const ahead = unsettledAnomalies.get(id);
    if (ahead !== undefined) findings.push(cursorAheadOfAnomaly(id, ahead, effective.get(id), anomaliesById.get(id)?.length ?? 0));
    else if (!effective.has(id) && !elsewhere.has(id) && !anomalyIdsInView.has(id)) findings.push(mailboxFinding("CURSOR_UNKNOWN", "the cursor holds a UUID neither the mailbox nor a disposition knows", { id }));
  }
  for (const f of notAddressedFindings("cursor", cursor, participant, byId, addressedIds, arenas)) findings.push(f);
  for (const f of cursorElsewhere) findings.push(f);

  // The primer gates readiness, not work: section 3's work-clean predicate does not name it. It is
  // one file at the mailbox root (3), the room's, not an arena's: once the inbox holds any message
  // its bootstrap has begun (4), whichever arena is reconciled (README note 119).
  for (const f of primerFindings(input.primer, byId.size, participant)) findings.push(f);
  const workClean = c.undispositioned_count === 0 && c.deferred_cta_count === 0 && c.pending_cta_count + c.active_cta_count + c.blocked_cta_count === 0 && c.expired_blocker_count === 0 && c.audit_state_with_live_work_count === 0 && c.open_reply_count === 0;
  const readinessClean = workClean && c.needs_audit_count === 0 && c.historical_debt_count === 0 && c.anomaly_count === 0 && !hasMailboxError(findings);
  const status: ReconcileStatus = !workClean ? "FOUND" : readinessClean ? "CLEAN" : "WORK_CLEAN_WITH_AUDIT_DEBT";
  return { participant, arena: arenas.size === 1 ? ([...arenas][0] as string) : null, status, work_clean: workClean, readiness_clean: readinessClean, counts: c, items, cursor_advance: advance, findings };
}

/**
 * CURSOR_AHEAD for a cursor entry under the UUID of refused files in view that are still open
 * (README note 133): the file is known, so not CURSOR_UNKNOWN, but the entry consumes nothing.
 */
function cursorAheadOfAnomaly(id: string, files: readonly MailboxAnomaly[], d: Disposition | undefined, carriers: number): MailboxFinding {
  const named = files.map((a) => a.file).join(", ");
  const why = carriers > 1
    ? `which ${carriers} refused files carry, so it is trusted for none of them and never enters the UUID cursor: each is tracked by its file name and fingerprint in the anomaly index`
    : d === undefined ? "but no disposition does: the cursor never proves consumption, and it advances for a refused file only once a terminal or quarantined disposition settles it" : `while its disposition is ${d.state}: the cursor advances only for terminal or quarantined states`;
  return mailboxFinding("CURSOR_AHEAD", `the cursor holds ${id}, the UUID of the refused file ${named}, ${why}; the entry settles nothing, and the file stays open (ANOMALY_OPEN, or its audit) until a record settles it`, { id, file: (files[0] as MailboxAnomaly).file });
}

/**
 * Section 7: the correction comes from the original sender, "replies to the repair request" (a
 * message of the participant's), and "names the original filename/hash and intended request
 * identity in `meta.mailbox.correction`"; section 3: a supersession rests on "an exact independently
 * valid record identifying what supersedes what". The spec names no keys, so any field of the
 * correction mapping may carry the original's exact UUID or filename (with or without `.md`).
 */
function correctsOriginal(correction: MailboxEnvelope, original: MailboxEntry, participant: string, inArenas: ReadonlyMap<string, MailboxEntry>, quarantine: ReadonlyMap<string, unknown>): boolean {
  const o = original.envelope;
  // The original's sender is its callsign in its arena (section 2): the same name elsewhere is not it.
  if (correction.from !== o.from || correction.arena !== o.arena) return false;
  return correctsNamed(correction, o.id, original.file ?? null, participant, inArenas, quarantine);
}

/**
 * The same, for an anomaly: its sender cannot be read with trust, so its UUID and file bind the
 * correction, and the participant's own repair request names the sender: section 7 "asks the
 * original sender—and only that sender" to publish the correction, so it comes from a callsign that
 * request addresses by name (a correction from anyone else would close another's malformed message).
 */
function correctsAnomaly(correction: MailboxEnvelope, anomaly: MailboxAnomaly, participant: string, inArenas: ReadonlyMap<string, MailboxEntry>, quarantine: ReadonlyMap<string, unknown>): boolean {
  // A file whose envelope names its arena was sent by a callsign of that arena (section 2, note
  // 134): with several arenas read together, another arena's callsign of that name is not its sender.
  if (typeof anomaly.arena === "string" && correction.arena !== anomaly.arena) return false;
  const asked = correction.reply_to === null ? undefined : inArenas.get(correction.reply_to)?.envelope;
  if (asked === undefined || !asked.to.includes(correction.from)) return false;
  return anomaly.id !== null && correctsNamed(correction, anomaly.id, anomaly.file, participant, inArenas, quarantine);
}

/**
 * A valid correction (not quarantined, answering the participant's repair request in its own arena)
 * that names `id` or `file`; `inArenas`: the messages of the arenas reconciled, by UUID.
 */
function correctsNamed(correction: MailboxEnvelope, id: string, file: string | null, participant: string, inArenas: ReadonlyMap<string, MailboxEntry>, quarantine: ReadonlyMap<string, unknown>): boolean {
  if (correction.id === id || correction.correction === null) return false;
  // A quarantined correction, or one answering a quarantined "repair request", is no valid record.
  if (quarantine.has(correction.id) || (correction.reply_to !== null && quarantine.has(correction.reply_to))) return false;
  // The participant's repair request, in the correction's arena: the name in another arena is another ledger's.
  const asked = correction.reply_to === null ? undefined : inArenas.get(correction.reply_to)?.envelope;
  if (asked === undefined || asked.from !== participant || asked.arena !== correction.arena) return false;
  const names = new Set([id, ...(file ? [file, file.replace(/\.md$/, "")] : [])]);
  return Object.values(correction.correction).some((value) => typeof value === "string" && names.has(value));
}

/**
 * The transition a `restore` item proposes: bookkeeping rebuilt from the exact causal reply, with
 * the fingerprint of the message's bytes it was rebuilt from when the reconciliation read them
 * (the item's), so an edit in place after the restore is MESSAGE_CHANGED, as after any handling.
 */
export function restoredDisposition(item: ReconcileItem, request_id: string, when: string): Disposition | null {
  if (item.action !== "restore" || item.reply === null) return null;
  return { id: item.id, state: "replied", cta: "completed", reply: item.reply, request_id, at: when, reason: "restored from the exact causal reply (reply_to and request_id); not republished", ...(item.fingerprint === null ? {} : { fingerprint: item.fingerprint }) };
}
