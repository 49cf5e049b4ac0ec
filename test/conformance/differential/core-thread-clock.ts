// Reads JSON lines {"events": [...], "end": ms, "capacity"?: rows, "bytes"?: bytes} on stdin and replays each conversation as a Worker's
// thread takes it, one request at its moment (epoch ms), without workerd. `capacity`, the rows the
// thread holds (its object's capacity field, as the Worker's tests lower it): a line past its lines,
// a registration or a carry-over past its challenges, a prepare past its statements, thread-full;
// `bytes`, the bytes it holds (the same field's): a line past its lines' bytes (with the readback
// report or done check stored beside it, the Worker's readbackRow and doneRow), a registration or a
// carry-over past its challenges' (each row its id and its JSON body, UTF-8), a prepare past its
// statements' (statementsWith), thread-full. A line ({"at", "line"}):
// read by readMessage (the shipped profiles, as a thread that fixed none), a line under a stored id
// a duplicate (sameMessage) or THREAD_ID_REUSED, then the core's arrivalRefusal at its moment (what
// the thread's object calls), then the audit's add; once stored, a DN, UN or FL ends the statements
// of its re-issue line that can never run (handoffLine, endedInLine, endStatements) and a CX from
// the HO's sender to its receiver cancels those of the HOs it withdrew (cancelOnThread), as the
// object does. Before arrivalRefusal, the core's statedIdReuse, as the object calls it: a line under
// the id of the RB a pending (in its window) or committed statement states is THREAD_ID_REUSED
// unless it is an RB carrying that statement's x_tok. A stored RB of a stored HO is recorded as the object's checkReadback records
// it (none from another party, `late` when the audit says THREAD_READBACK_LATE, else check-rb's
// verdict against the challenge the object holds for the HO). The audit is given actRan (a committed statement of the
// HOs a CX withdrew), as the object's is. What the object says of statements as it stores a line,
// as it says it: an RB's relayedStatement, an AN's cancelAckAfterCommit (the receiver's val=Y to a
// CX once a statement it withdrew ran), a DN's noopAfterCommit or doneWithoutCommit (against the
// statement that ran for its line, ranInLine, and the one its plan, the line's latest passing
// readback, its own HO's first, relays), a CX's cancelOnThread's ran. A prepare ({"at", "prepare",
// "statement", "exp", "n", "call", "token"}): for an HO of the thread live at that moment, the call
// read by readCall in its vocabulary, the core's prepare under the given token, n null numbered as
// the object's nextNumber does (freshNumber over the receiver's lines', statements' RBs' and cited
// numbers), kept only when its RB's number is free (the Worker's numberTaken: no line's of the thread, no other
// statement's RB's, nor cited by a stored line's re=); refused in the object's order (no HO, not live, the call, no number, the
// core's findings, the id taken), answered as the object's problem (kind, parameter, findings).
// A line's `<agent>-@k@` is the id statement k's prepare stated (else `<agent>-<700 + k>`), and
// `<agent>-@zk@` that id with a 0 before its number. A challenge ({"at", "challenge": HO id,
// "expectAcc"?, "record"?, "profile"?}): its shape taken as the challenge route takes it (the
// Worker's uncarriedHandoff and challengeRequest), then registered by the rule the object's
// challengeNow calls (the Worker's challengeRegistration), given what the replay holds as the
// object reads it from storage, its answer ["registered"] or ["refused", kind, parameter, [codes]]
// in "challenges"; an HO is checked with it and, re-issuing a challenged HO (the core's reissues),
// with its original's (the Worker's challengeOver), by the Worker's profileDiffers and
// recordMismatch, its carry-over said by carriedChallenge and a part its rb= does not read dropped
// and said by unreadChallenge, as the object calls them; a readback checked with the
// Worker's expectationsOf. A line past LIMITS.lineBytes is refused line-too-long, as the Worker's
// append route reads it; a prepare whose RB line would pass them, line-too-long. An abandon ({"at", "abandon": statement}):
// the core's abandon. A commit ({"at", "commit": statement}): as the object's commitNow, a pending
// statement in its window is first held to commitClearance (the HO's state, its ownedElsewhere, the
// readbacks recorded for it, the sender's ANs in order), then the core's commit. An alarm ({"at",
// "alarm": true}): the pending statements past their window expired (expireStatements), then
// check-thread's report at its moment, each handoff or AQ it finds late (THREAD_EXPIRED,
// THREAD_OVERDUE, THREAD_QUESTION_OVERDUE) recorded once, with that moment, as the object's alarm
// does. Writes one JSON line per conversation: {"appends": [[status, code|null, [codes the audit
// raised], [[code, slot, received] the object said of statements]] per line, "orphans": [[handoff,
// code, at]], "statements": ["prepared", null, RB id] or ["refused", problem kind, parameter|null,
// [[code, slot, expected, received]]] per prepare, "challenges": each registration's answer, ["abandoned", null] or ["refused", state] per abandon, ["committed", null] or ["refused", code, slot, received] per commit, "states":
// each statement's state at `end` (null for one never prepared), "stored": [ids], "end": the report at `end` (ok, errors, notes, handoffs),
// "words": by the index of each append that built a readback's or a DN's row (stored or refused), its
// findings as [tier (0 for a done check's), code, {field: its JSON text}], the fields besides code and severity}.
import { createInterface } from "node:readline";
import {
  abandon, arrivalRefusal, compileVocabulary, coreVocabulary, cancelAckAfterCommit, checkDone, formatLine, cancelOnThread, commit, commitClearance, committedStatement, createThreadAudit, doneWithoutCommit, endStatements, endedInLine,
  expireStatements, freshNumber, handoffLine, LIVE_STATES, messageNumber, messageSender, memoryStore, noopAfterCommit, prepare, ranInLine, readbackExpectations, readCall, readMessage, readRecord, relayedStatement, sameMessage, shownNumbers, statedIdReuse, timeAt,
} from "../../../core/index.js";
import type { CheckedRelay, Finding, HeldLines, Message, ReadbackExpectations, Statement, Vocabulary, VocabularyResolver } from "../../../core/index.js";
import { LIMITS, utf8Length } from "../../../worker/limits.js";
import { chosenProfile, profiles } from "../../../worker/profiles.js";
import type { Profiles } from "../../../worker/profiles.js";
import { challengeOver, expectationsOf } from "../../../worker/thread/challenge-over.js";
import { challengeRowBytes, challengesWith } from "../../../worker/thread/challenges-held.js";
import { checkedDone, doneRow, readbackRow } from "../../../worker/thread/checked-rows.js";
import type { CheckedDone } from "../../../worker/thread/checked-rows.js";
import { within } from "../../../worker/thread/rows-held.js";
import { statementsWith } from "../../../worker/thread/statements-held.js";
import type { ChallengePart, ChallengeRequest } from "../../../worker/thread/challenge-over.js";
import { carriedChallenge, profileDiffers, recordMismatch, unreadChallenge } from "../../../worker/thread/challenge-on-append.js";
import { challengeRegistration } from "../../../worker/thread/challenge-registration.js";
import { challengeRequest, uncarriedHandoff } from "../../../worker/thread/challenge-request.js";
import { numberTaken } from "../../../worker/thread/number-taken.js";
import { THREAD_CAPACITY } from "../../../worker/thread/thread-capacity.js";
import type { ThreadCapacity } from "../../../worker/thread/thread-capacity.js";
import type { ThreadProblem } from "../../../worker/thread/thread-problem.js";

// The thread's profiles, as the object's profiles() gives them: a thread that fixed none.
const unfixed = profiles(undefined);
const ORPHAN_CODES = new Set(["THREAD_EXPIRED", "THREAD_OVERDUE", "THREAD_QUESTION_OVERDUE"]);

type Event =
  | { readonly at: number; readonly line: string }
  | { readonly at: number; readonly alarm: true }
  | { readonly at: number; readonly prepare: string; readonly statement: number; readonly exp: string; readonly n: number | null; readonly call: Record<string, unknown>; readonly token: string }
  | { readonly at: number; readonly abandon: number }
  | { readonly at: number; readonly challenge: string; readonly record?: unknown; readonly expectAcc?: string[]; readonly profile?: string }
  | { readonly at: number; readonly commit: number };

/**
 * The profiles of a thread whose appends name `inline`, an inline profile file (as the append
 * route's `profile` takes one), compiled as the object's profiles() compiles it.
 */
function inlineProfiles(inline: unknown): Profiles {
  const compiled = compileVocabulary(coreVocabulary, inline);
  if (!compiled.ok) throw new Error(`the conversation's inline profile is refused: ${compiled.findings.map((f) => f.code).join(", ")}`);
  return profiles(compiled.value);
}

/**
 * The thread's capacity as the object's `capacity` field holds it (thread-capacity.ts; the
 * Worker's tests lower it as a conversation's `capacity` and `bytes` do here): the most lines,
 * challenges and statements, each counted in rows, and the most bytes of each: of lines, with
 * the readback report or done check stored beside a line (the Worker's readbackRow and doneRow);
 * of statements, each its JSON body (the Worker's statementsWith).
 */
function capacityOf(rows: number | undefined, bytes: number | undefined): ThreadCapacity {
  return { lines: rows ?? THREAD_CAPACITY.lines, bytes: bytes ?? THREAD_CAPACITY.bytes };
}

/**
 * A finding of a stored row as the Python replay takes it: its tier (0 for a done check's), its code,
 * and each other field as the row's JSON writes it (its message and places: what neither the spec
 * nor the README fixes; the replay writes the code and severity itself, and picks which fields count).
 */
function findingWords(tier: number, f: Finding): unknown[] {
  const { code, severity: _severity, ...rest } = f;
  return [tier, code, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, JSON.stringify(v)]))];
}

function replay(events: readonly Event[], end: number, capacity: ThreadCapacity, inline: Profiles | undefined): unknown {
  // As the object's profiles(): none fixed until an append naming the inline profile stores a
  // line (its setProfile; a request storing none leaves it unfixed), then that profile.
  let threadProfiles = unfixed;
  const resolve: VocabularyResolver = (p) => threadProfiles.resolve(p);
  /** The vocabulary a message's p= names (the object's profiles().vocabularyOf). */
  const vocabularyOf = (m: Message): Vocabulary => threadProfiles.vocabularyOf(m);
  const stored = new Map<string, Message>();
  const held: HeldLines = {
    holds: (id) => stored.has(id),
    message: (id) => stored.get(id) ?? null,
    handoffExp: (id) => {
      const m = stored.get(id);
      if (m?.type !== "HO") return undefined;
      const exp = m.slots["exp"];
      return typeof exp === "string" ? exp : null;
    },
  };
  // The thread's statements, in memory; the thread knows its re-issue lines, as the object's store does.
  const store = Object.assign(memoryStore(), { reissuesOf: (h: string) => audit.reissueLine(h).filter((id) => id !== h) });
  // The object's challenges table: the sender's parts registered ahead of their HOs (criteria, a
  // record, the profile they were read with), carried to a re-issue, less what the HO does not read.
  const challenges = new Map<string, ChallengeRequest>();
  // As the object's sqlChallenges().put counts rows and bytes: a row that adds to either past the
  // capacity's is not stored (one no larger than the row it replaces always is).
  const challengeFits = (handoff: string, body: ChallengeRequest): boolean => {
    const before = challenges.get(handoff);
    const held = { rows: challenges.size, bytes: [...challenges].reduce((sum, [id, row]) => sum + challengeRowBytes(id, JSON.stringify(row)), 0) };
    return challengesWith(held, handoff, before === undefined ? undefined : JSON.stringify(before), JSON.stringify(body), capacity) !== null;
  };
  // The UTF-8 bytes of the stored lines and of the readback and done rows beside them (the object's storedBytes).
  let lineBytes = 0;
  // As the object's sqlStatementStore().add holds a prepare: the statements' rows and JSON bodies, each as stored.
  const statementsHeld = () => ({ rows: store.all().length, bytes: store.all().reduce((sum, st) => sum + utf8Length(JSON.stringify(st)), 0) });
  // As the object's expectations: what a readback of a handoff is checked with (its expectationsOf,
  // the record as the HO's vocabulary reads it).
  const expectations = (handoff: string): ReadbackExpectations | undefined => {
    const challenge = challenges.get(handoff);
    const ho = stored.get(handoff);
    if (challenge === undefined || ho === undefined) return undefined;
    return expectationsOf(challenge, vocabularyOf(ho));
  };
  // Each registration's answer: ["registered"], or ["refused", problem kind, parameter, [codes]].
  const registrations: unknown[] = [];
  // As the object's audit: a committed statement of the HOs a CX withdrew says the act ran before
  // it; a readback checked with its HO's challenge.
  const createAudit = () => createThreadAudit({ vocabulary: resolve, expectations, actRan: (handoffs) => committedStatement(store, handoffs) !== undefined });
  let audit = createAudit();
  // The object's readbacks table: each RB of a stored HO, checked as it was stored (checkReadback).
  const readbacks = new Map<string, CheckedRelay[]>();
  // The same, of every HO, in the order they were stored (the object's readbacks rows, by rowid).
  const checkedRelays: (CheckedRelay & { readonly handoff: string })[] = [];
  const answers: Message[] = [];
  const tokens = new Map<number, string | null>();
  const statements: unknown[] = [];
  // What the object's alarm and state read first: the pending statements past their window, expired.
  const expireDue = (now: string) => expireStatements(store, store.all().filter((st) => st.state === "pending" && st.exp < now), now);
  const appends: unknown[] = [];
  // The words a stored row's findings carry (by the index of the append that built the row, stored
  // or refused): what neither the spec nor the README fixes, which the Python replay takes as given.
  const words: Record<number, unknown[]> = {};
  const orphans = new Map<string, [string, string, string]>();
  // As the object's nextNumber: one past the agent's highest number in the thread (its lines', its
  // statements' RBs', and those a stored line's re= cites), by the core's freshNumber.
  const nextNumber = (agent: string): number | null => {
    const lines = [...stored.values()];
    const numbers = [
      ...lines.filter((l) => l.from === agent).map((l) => messageNumber(l.id)),
      ...store.all().filter((st) => st.readback.from === agent).map((st) => messageNumber(st.readback.id)),
      ...lines.filter((l) => l.re !== null && messageSender(l.re) === agent).map((l) => shownNumbers(l, agent)[1]),
    ];
    return freshNumber(Math.max(0, ...numbers), () => [...numbers].sort((a, b) => a - b));
  };
  // A line naming statement k's RB as `<agent>-@k@` (the generator's, for a prepare that left n to
  // the thread or gave a number drawn from those used) names the id that prepare stated, else
  // `<agent>-<700 + k>`; as `<agent>-@zk@`, that id with a 0 before its number.
  const named = (text: string): string =>
    text.replace(/(?<![a-z0-9-])([a-z0-9-]+)-@(z?)([0-9]+)@/g, (_, agent: string, otherwise: string, k: string) => {
      const token = tokens.get(Number(k));
      const id = (token === null || token === undefined ? undefined : store.get(token)?.readback.id) ?? `${agent}-${700 + Number(k)}`;
      // `@zk@`: the same id with its number written otherwise (`ops-0701`), an id of its own (note 16).
      return otherwise === "" ? id : id.replace(/-([0-9]+)$/, "-0$1");
    });
  // As the object's doneAgainstPlan, for a DN of an HO of the thread (not from another party, nor
  // about another item): the tool's side, against the statement that ran for its line and the one
  // its plan (the line's latest passing readback, its own HO's first) relays; then check-dn against
  // the HO the plan read back (the DN's own without one), in that HO's vocabulary, the plan as the
  // readback, that HO's record and withheld criteria, the DN as answering that HO; the done check
  // as the object stores it (the Worker's checkedDone).
  const doneCheck = (m: Message, found: readonly { readonly code: string }[]): { done: CheckedDone; tool: Finding | null; report: readonly Finding[] } | null => {
    const ho = m.re === null ? undefined : stored.get(m.re);
    if (ho?.type !== "HO" || found.some((f) => f.code === "THREAD_REPLY_PARTIES" || f.code === "THREAD_REPLY_ITEM")) return null;
    const line = new Set(audit.reissueLine(ho.id));
    const passing = checkedRelays.filter((r) => r.verdict === "wilco" && line.has(r.handoff));
    const plan = passing.filter((r) => r.handoff === ho.id).pop() ?? passing.pop();
    const ran = ranInLine(store, ho.id);
    const tool = noopAfterCommit(m, ran) ?? doneWithoutCommit(m, plan?.message, (t) => store.get(t), ran);
    const planned = plan === undefined || plan.handoff === ho.id ? ho : (stored.get(plan.handoff) as Message);
    const report = checkDone(planned, planned === ho ? m : { ...m, re: planned.id }, vocabularyOf(planned), plan?.message, expectations(planned.id));
    return { done: checkedDone(m, ho.id, plan?.rb ?? null, report, tool), tool, report: report.findings };
  };
  for (const event of events) {
    if ("alarm" in event) {
      const now = timeAt(event.at);
      expireDue(now);
      for (const f of audit.report(now).findings) {
        const key = `${f.handoff} ${f.code}`;
        if (ORPHAN_CODES.has(f.code) && !orphans.has(key)) orphans.set(key, [f.handoff, f.code, now]);
      }
      continue;
    }
    if ("prepare" in event) {
      // As the object's prepareNow, in its order, each refusal answered as the object's problem is
      // (its kind, its parameter, its findings' code, slot, expected and received).
      const now = timeAt(event.at);
      const refused = (kind: string, parameter: string | null, findings: readonly Finding[] = []) => {
        tokens.set(event.statement, null);
        statements.push(["refused", kind, parameter, findings.map((f) => [f.code, f.slot ?? null, f.expected ?? null, f.received ?? null])]);
      };
      const ho = stored.get(event.prepare);
      if (ho?.type !== "HO") {
        refused("unknown-handoff", "handoff");
        continue;
      }
      if (!audit.handoffs(now).some((h) => h.id === ho.id && LIVE_STATES.has(h.state))) {
        refused("statement-refused", "handoff");
        continue;
      }
      const p = ho.slots["p"];
      const vocabulary = resolve(typeof p === "string" ? p : null) as Vocabulary;
      // The call read in the HO's vocabulary (the core's readCall).
      const call = readCall(event.call, vocabulary);
      if (!call.ok) {
        refused("invalid-request", "call", call.findings);
        continue;
      }
      // As the object numbers the RB when the prepare gives no n.
      const n = event.n ?? nextNumber(ho.to ?? "");
      if (n === null) {
        refused("statement-refused", "n");
        continue;
      }
      // The core states the RB; as the object, it is kept only once its id is known to be free: no
      // line of the thread, nor another statement's RB, nor a number of the receiver's a stored
      // line's re= cites (note 32).
      let staged: Statement | undefined;
      const prepared = prepare({ ...store, put: (s) => void (staged = s) }, { ho, call: call.value, exp: event.exp, n, now }, vocabulary, event.token);
      if (!prepared.ok) {
        refused("statement-refused", prepared.findings.some((f) => f.code === "READBACK_ID_REUSED") ? "n" : null, prepared.findings);
        continue;
      }
      // As the object: the RB line the receiver relays, formatted, within a line's bytes (LIMITS.lineBytes).
      const line = formatLine(prepared.value.readback);
      if (!line.ok) {
        refused("statement-refused", null, line.findings);
        continue;
      }
      if (utf8Length(line.value) > LIMITS.lineBytes) {
        refused("line-too-long", "call");
        continue;
      }
      // Its number free in the thread by the object's rule (the Worker's numberTaken), looked up
      // in what the replay holds: by number, in whatever spelling, as the object looks lines,
      // statements and cited numbers up (note 16).
      const id = prepared.value.readback.id;
      const taken = numberTaken(id, prepared.value.readback.from ?? "", n, {
        line: (from, number) => [...stored.keys()].find((other) => messageSender(other) === from && messageNumber(other) === number),
        statement: (from, number) => store.all().find((st) => messageSender(st.readback.id) === from && messageNumber(st.readback.id) === number)?.readback.id,
        cited: (from, number) => [...stored.values()].some((l) => l.re !== null && messageSender(l.re) === from && shownNumbers(l, from)[1] === number),
      });
      if (taken !== null) {
        refused(taken.problem, (taken.extensions?.["parameter"] as string | undefined) ?? null);
        continue;
      }
      // As the object's storeWithAlarm: a statement past the statements the thread holds
      // (capacity.lines of them and capacity.bytes of their bodies, whatever their state) is not stored, thread-full.
      const held = statementsHeld();
      if (staged !== undefined && within(held, statementsWith(held, undefined, JSON.stringify(staged)), capacity) === null) {
        refused("thread-full", null);
        continue;
      }
      if (staged !== undefined) store.put(staged);
      tokens.set(event.statement, prepared.value.token);
      statements.push(["prepared", null, id]);
      continue;
    }
    if ("challenge" in event) {
      // Its answer: ["registered"], or ["refused", problem kind, parameter, its findings' codes as a
      // multiset, sorted (a refusal's order of findings is not compared)].
      const refuse = ({ problem: kind, extensions }: ThreadProblem) => {
        const findings = (extensions?.["findings"] ?? []) as readonly Finding[];
        registrations.push(["refused", kind, extensions?.["parameter"] ?? null, findings.map((f) => f.code).sort()]);
      };
      // As the challenge route takes it: an id an HO line can carry (uncarriedHandoff), then its
      // parts (challengeRequest: empty criteria none, at least one part, a record an object).
      const uncarried = uncarriedHandoff(event.challenge);
      if (uncarried !== null) {
        refuse(uncarried);
        continue;
      }
      const parts = challengeRequest({ expectAcc: event.expectAcc, record: event.record });
      if (!parts.ok) {
        refuse(parts.problem);
        continue;
      }
      const request: ChallengeRequest = { ...parts.value, ...(event.profile === undefined ? {} : { profile: event.profile }) };
      // As the object's challengeNow registers one (note 34): its rule, challengeRegistration, given
      // the facts the object reads from storage (a readback of the handoff already checked, the
      // line holding its id, the parts held, the HO, where it stands, the thread's profiles).
      const holder = stored.get(event.challenge);
      const registration = challengeRegistration(event.challenge, request, {
        checkedReadback: readbacks.get(event.challenge)?.[0]?.rb,
        heldType: holder?.type,
        before: challenges.get(event.challenge) ?? {},
        ho: holder?.type === "HO" ? holder : null,
        stands: () => audit.handoffs(timeAt(event.at), [event.challenge])[0],
        profiles: threadProfiles,
      });
      if (!registration.ok) {
        refuse(registration.problem);
        continue;
      }
      // As the object's challengeNow stores it: past the challenges the thread holds, thread-full.
      if (!challengeFits(event.challenge, registration.value.merged)) {
        registrations.push(["refused", "thread-full", null, []]);
        continue;
      }
      challenges.set(event.challenge, registration.value.merged);
      registrations.push(["registered"]);
      continue;
    }
    if ("abandon" in event) {
      const token = tokens.get(event.abandon);
      if (token === null || token === undefined) continue;
      const done = abandon(store, token, timeAt(event.at));
      statements.push(done.ok ? ["abandoned", null] : ["refused", store.get(token)?.state ?? null]);
      continue;
    }
    if ("commit" in event) {
      const token = tokens.get(event.commit);
      if (token === null || token === undefined) continue;
      // As the object commits: a pending statement in its window runs only once cleared
      // (commitClearance over what the thread holds), then the core's commit.
      const now = timeAt(event.at);
      const pending = store.get(token);
      let refused: Finding | null = null;
      if (pending !== undefined && pending.state === "pending" && !(now > pending.exp)) {
        const stands = audit.handoffs(now, [pending.handoff])[0];
        refused = commitClearance(pending, stands, readbacks.get(pending.handoff) ?? [], answers.filter((a) => a.from === pending.readback.to), audit.ownedElsewhere(pending.handoff));
      }
      const done = refused === null ? commit(store, token, now) : null;
      const said = done?.ok === true ? null : (refused ?? done?.findings[0] ?? null);
      statements.push(said === null ? ["committed", null] : ["refused", said.code, said.slot ?? null, said.received ?? null]);
      continue;
    }
    // As the Worker's append route reads a request (worker/input.ts): a line past LIMITS.lineBytes
    // is refused, line-too-long, before the object sees it.
    const text = named(event.line);
    // The append names the conversation's inline profile: fixed for this request's line, and kept
    // once the line is stored (below); the route's own refusals come before the object.
    const fixed = stored.size > 0;
    if (utf8Length(text) > LIMITS.lineBytes) {
      appends.push(["refused", "line-too-long", []]);
      continue;
    }
    if (inline !== undefined) threadProfiles = inline;
    // Each refusal below stores no line: a thread holding none is left without a profile.
    const unfix = () => {
      if (!fixed) threadProfiles = unfixed;
    };
    const checked = readMessage(text, resolve);
    const m = checked.message;
    if (!checked.ok || m === null) {
      appends.push(["refused", "INVALID", []]);
      unfix();
      continue;
    }
    const existing = stored.get(m.id);
    if (existing !== undefined) {
      appends.push(sameMessage(existing, m) ? ["duplicate", null, []] : ["refused", "THREAD_ID_REUSED", []]);
      unfix();
      continue;
    }
    // As the object: the id of the RB a pending (in its window) or committed statement states is
    // that statement's, taken only by an RB relaying it (the core's statedIdReuse).
    const stated = statedIdReuse(store, m, timeAt(event.at));
    if (stated !== null) {
      appends.push(["refused", stated.code, []]);
      unfix();
      continue;
    }
    const late = arrivalRefusal(m, event.at, held);
    if (late !== null) {
      appends.push(["refused", late.code, []]);
      unfix();
      continue;
    }
    // As the object: an HO re-issuing a challenged one (the core's reissues) is checked with the
    // challenge registered for it and its original's, the original's parts standing (challengeOver).
    const original = m.type === "HO" ? audit.reissues(m) : null;
    const registered = m.type === "HO" ? challenges.get(m.id) : undefined;
    const inherited = original === null ? undefined : challenges.get(original);
    const challenge = challengeOver(registered, inherited);
    if (m.type === "HO") {
      // The object's profileDiffers, then its recordMismatch (check-ho's errors against the record,
      // said withheld: HO_DIFFERS, unless every error is HO_NEEDS_EXEC).
      if (challenge?.profile !== undefined && profileDiffers(m, challenge.profile, threadProfiles) !== null) {
        appends.push(["refused", "HO_DIFFERS", []]);
        unfix();
      continue;
      }
      const differs = challenge?.record === undefined ? [] : recordMismatch(m, challenge.record, vocabularyOf(m));
      if (differs[0] !== undefined) {
        appends.push(["refused", differs[0].code, []]);
        unfix();
      continue;
      }
    }
    // As the object stores a line: past the lines the thread holds, the request (this line) is
    // refused whole, thread-full; so is an HO whose carried-over challenge would be a row past the
    // challenges it holds (its carryChallenge, in the same transaction: nothing of the line stays).
    if (stored.size + 1 > capacity.lines || lineBytes + utf8Length(text) > capacity.bytes) {
      appends.push(["refused", "thread-full", []]);
      unfix();
      continue;
    }
    const carry = m.type === "HO" && challenge !== undefined && original !== null && inherited !== undefined ? carriedChallenge(m.id, original, registered, inherited) : null;
    if (carry !== null && !challengeFits(m.id, carry.challenge)) {
      appends.push(["refused", "thread-full", []]);
      unfix();
      continue;
    }
    stored.set(m.id, m);
    const found = audit.add(m, stored.size);
    const now = timeAt(event.at);
    // As the object's checkReadback records an RB of a stored HO (none from another party; late
    // once the HO is closed or withdrawn, else check-rb's verdict with the HO's challenge) and its
    // doneAgainstPlan a DN's check, each a row beside the line (the Worker's readbackRow, doneRow).
    const target = m.type === "RB" && m.re !== null ? stored.get(m.re) : undefined;
    const unchecked = found.some((f) => f.code === "THREAD_READBACK_LATE");
    const readback = target?.type === "HO" && !found.some((f) => f.code === "THREAD_REPLY_PARTIES") ? readbackRow(target, m, unchecked, vocabularyOf(target), unchecked ? undefined : expectations(target.id)) : null;
    const dnCheck = m.type === "DN" ? doneCheck(m, found) : null;
    // What the checks stored beside the line count too: past the thread's bytes, the request is
    // refused whole, nothing of it kept (the object's transaction rolls back and its audit is rebuilt).
    if (readback?.checked.report) words[appends.length] = readback.checked.report.tiers.flatMap((t) => t.findings.map((f) => findingWords(t.tier, f)));
    if (dnCheck !== null) words[appends.length] = dnCheck.done.findings.map((f) => findingWords(0, f));
    const bytes = lineBytes + utf8Length(text) + (readback?.bytes ?? 0) + (dnCheck === null ? 0 : doneRow(dnCheck.done).bytes);
    if (bytes > capacity.bytes) {
      stored.delete(m.id);
      audit = createAudit();
      let seq = 0;
      for (const kept of stored.values()) audit.add(kept, ++seq);
      appends.push(["refused", "thread-full", []]);
      unfix();
      continue;
    }
    lineBytes = bytes;
    // What the object says of statements beside storing the line (its findings from the core's
    // statement rules), each [code, slot, received].
    let said: Finding[] = [];
    // The done check the object stores for a DN of an HO of the thread: [plan RB id, ok, check-dn's findings].
    let done: unknown = null;
    if (m.type === "HO" && challenge !== undefined) {
      // As the object's carryChallenge: the challenge an HO re-issuing a challenged one is checked
      // with, stored under its id and said (carriedChallenge); then the parts its rb= does not read,
      // dropped and said (unreadChallenge).
      let carried: ChallengePart[] = [];
      if (carry !== null) {
        challenges.set(m.id, carry.challenge);
        said.push(...carry.findings);
        carried = carry.parts;
      }
      const unread = unreadChallenge(m, challenge, carried, original, vocabularyOf(m));
      if (unread !== null) {
        said.push(...unread.findings);
        if (unread.kept === null) challenges.delete(m.id);
        else challenges.set(m.id, unread.kept);
      }
    }
    if (target !== undefined && readback !== null) {
      const relay: CheckedRelay = { rb: m.id, message: m, verdict: readback.checked.verdict };
      readbacks.set(target.id, [...(readbacks.get(target.id) ?? []).filter((r) => r.rb !== m.id), relay]);
      checkedRelays.push({ handoff: target.id, ...relay });
    }
    // As the object's relayedFindings: what an RB carrying x_tok relays of the thread's statements.
    if (m.type === "RB" && m.re !== null) said = relayedStatement(m, (t) => store.get(t), now);
    // As the object's cancelAckFindings: the receiver's val=Y to a CX once a statement it withdrew ran.
    if (m.type === "AN" && m.re !== null) {
      const cx = stored.get(m.re);
      if (cx?.type === "CX") {
        const re = cx.re;
        const ack = cancelAckAfterCommit(m, cx, () => (re === null ? undefined : committedStatement(store, audit.withdrawnBy(re))));
        if (ack !== null) said = [ack];
      }
    }
    if (dnCheck !== null) {
      if (dnCheck.tool !== null) said = [dnCheck.tool];
      done = [dnCheck.done.plan, dnCheck.done.ok, dnCheck.report.map((f) => [f.code, f.slot ?? null, f.expected ?? null, f.received ?? null])];
    }
    if (m.type === "AN") answers.push(m);
    // What the object does to statements once the line is in: a DN, UN or FL ends those of its
    // line that can never run; a CX from the HO's sender to its receiver cancels what it withdrew.
    if ((m.type === "DN" || m.type === "UN" || m.type === "FL") && m.re !== null) {
      const line = handoffLine(store, m.re);
      if (line.some((id) => store.forHandoff(id, "pending").length > 0)) {
        const members = new Set(line);
        endStatements(store, endedInLine(audit.handoffs(now).filter((h) => members.has(h.id))), now);
      }
    }
    if (m.type === "CX" && m.re !== null) {
      const cancel = cancelOnThread(store, audit, m, stored.get(m.re) ?? null, found, now);
      if (cancel.ran !== null) said = [cancel.ran];
    }
    appends.push(["stored", null, found.map((f) => f.code).sort(), said.map((f) => [f.code, f.slot ?? null, f.received ?? null]), done]);
  }
  const now = timeAt(end);
  expireDue(now);
  const report = audit.report(now);
  const codes = (severity: string) => report.findings.filter((f) => f.severity === severity).map((f) => f.code).sort();
  return {
    appends,
    words,
    orphans: [...orphans.values()],
    statements,
    challenges: registrations,
    states: [...tokens].sort(([a], [b]) => a - b).map(([, t]) => (t === null ? null : (store.get(t)?.state ?? null))),
    stored: [...stored.keys()],
    end: { ok: report.ok, errors: codes("error"), notes: codes("note"), handoffs: audit.handoffs(now).map((h) => [h.id, h.state, h.closedBy, h.readback, h.supersededBy]) },
  };
}

/** A sender's own check-dn as the case gives it (generate_thread_clocks.py's done checks). */
interface SenderDoneCheck {
  readonly ho: string;
  readonly dn: string;
  readonly record: unknown;
  readonly rb?: string;
}

/**
 * The sender's own check-dn of a DN with its record ({"ho", "dn", "record"}, and "rb", the readback
 * given as the plan, where the case gives one), as `POST /v1/check-dn` calls the core (the record
 * read by readRecord in the HO's vocabulary, readbackExpectations; checkDone judges the readback
 * itself) and as a thread's doneAgainstPlan does with no passing readback: [null, ok, [[code, slot, expected, received]]].
 */
function senderDoneCheck(check: SenderDoneCheck): unknown {
  const read = (text: string): Message => readMessage(text, unfixed.resolve).message as Message;
  const ho = read(check.ho);
  const vocabulary = unfixed.vocabularyOf(ho);
  const record = readRecord(check.record, vocabulary);
  if (!record.ok) return ["unread", null, []];
  const report = checkDone(ho, read(check.dn), vocabulary, check.rb === undefined ? undefined : read(check.rb), readbackExpectations(undefined, record.value));
  return [null, report.ok, report.findings.map((f) => [f.code, f.slot ?? null, f.expected ?? null, f.received ?? null])];
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as { events: Event[]; end: number; capacity?: number; bytes?: number; profile?: unknown; done_checks?: SenderDoneCheck[] };
  // `profile`: an inline profile file, or a shipped profile's name, as the append route's `profile` takes either.
  const own = c.profile === undefined ? undefined : typeof c.profile === "string" ? profiles(chosenProfile(c.profile)) : inlineProfiles(c.profile);
  const answers = replay(c.events, c.end, capacityOf(c.capacity, c.bytes), own) as Record<string, unknown>;
  out.push(JSON.stringify(c.done_checks === undefined ? answers : { ...answers, doneChecks: c.done_checks.map(senderDoneCheck) }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));
