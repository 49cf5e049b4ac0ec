/**
 * `/v1/threads/{thread}/...`: one ThreadObject per thread name. These handlers read and check the
 * request, call the object's method, and turn its answer into HTTP; the object holds every rule
 * of the conversation (worker/thread/thread-object.ts).
 */
import { foreignSender, isMessageId, isStatementToken, isTime, messageSender, readMessage } from "../../core/index.js";
import { refuseBody } from "../body.js";
import type { Env } from "../env.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { profiles } from "../profiles.js";
import { shown } from "../shown.js";
import { json } from "../respond.js";
import type { RouteContext } from "../router.js";
import type { StateList } from "../thread/state-lists.js";
import { challengeRequest, uncarriedHandoff } from "../thread/challenge-request.js";
import { THREAD_NAME } from "../thread/thread-name.js";
import { skippedResult } from "../thread/thread-object.js";
import type { AppendItem, AppendResult, Outcome, ThreadObject, ThreadProfile } from "../thread/thread-object.js";
import { authorize } from "./authorize.js";
import type { Caller } from "./authorize.js";
import { actingAgent, requireParty, requireReader, requireThreadParty } from "./party.js";

/** The most entries one page of GET .../lines (or of a state list) holds. */
const MAX_PAGE = 10_000;

async function threadOf(context: RouteContext<Env>): Promise<{ name: string; stub: DurableObjectStub<ThreadObject>; caller: Caller }> {
  const caller = await authorize(context.request, context.env);
  const name = context.params["thread"] as string;
  if (!THREAD_NAME.test(name)) throw new ProblemError("invalid-request", `thread: ${JSON.stringify(shown(name))} is not a thread name (1 to 128 of A-Z a-z 0-9 . _ : ~ -, other than . and ..)`, { parameter: "thread" });
  return { name, stub: context.env.THREADS.get(context.env.THREADS.idFromName(name)), caller };
}

/** threadOf for a read: under an agent token, only a party of the thread gets past (note 39). */
async function readableThreadOf(context: RouteContext<Env>): Promise<{ name: string; stub: DurableObjectStub<ThreadObject> }> {
  const { name, stub, caller } = await threadOf(context);
  await requireReader(caller, (agent) => stub.hasParty(agent));
  return { name, stub };
}

/**
 * What every answer of a thread route carries: a statement's token is a capability to run an
 * irreversible act, and prepare, commit and abandon answer with it, as the thread's lines show it
 * in a relayed RB's x_tok= (in lines, readbacks, append answers); no cache keeps any of them, as
 * none keeps an agent token (POST /v1/agent-tokens).
 */
const NO_STORE: Readonly<Record<string, string>> = { "cache-control": "no-store" };

/** JSON, never cached (NO_STORE). */
const privateJson = (value: unknown, status = 200): Response => json(value, status, NO_STORE);

function answer<T>(outcome: Outcome<T>, status = 200): Response {
  if (!outcome.ok) throw new ProblemError(outcome.problem.problem, outcome.problem.detail, outcome.problem.extensions ?? {});
  return privateJson(outcome.value, status);
}

function threadProfile(value: unknown): ThreadProfile | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return { name: value };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return { file: value as Record<string, unknown> };
  throw new ProblemError("invalid-request", "profile: a shipped profile's name, or a profile file as a JSON object", { parameter: "profile" });
}

/** POST lines: each validated, stored or refused (with the receiver's UN); a retry of a stored line is a duplicate. */
export async function appendRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub, caller } = await threadOf(context);
  const input = await Input.read(context.request, context.url, context.env, ["json", "text"], ["lines", "profile"]);
  const items = input.items();
  const profile = threadProfile(input.raw("profile"));
  const agent = actingAgent(caller);
  const joiner = agent ?? undefined;
  const foreign = agent === null ? null : firstForeign(items, agent);
  if (foreign === null) return answer(await stub.append(items, profile, joiner));
  // Refused as the thread refuses a line (note 32): the lines before it are appended, it is not
  // stored, and the rest are skipped. No UN: its receiver is not told of words its sender never said.
  const before = await stub.append(items.slice(0, foreign.index), profile, joiner);
  if (!before.ok) return answer(before);
  const rest = items.slice(foreign.index);
  const results = before.value.ok ? [foreign.result, ...rest.slice(1).map(skippedResult)] : rest.map(skippedResult);
  return privateJson({ ok: false, results: [...before.value.results, ...results], lines: before.value.lines });
}

/**
 * The first line an agent may not append, its sender another agent (or unreadable), with its
 * refusal; null when every line is the agent's. The sender is read by the core as the thread will
 * read it (from=, whatever the profile: the envelope does not depend on it).
 */
function firstForeign(items: readonly AppendItem[], agent: string): { readonly index: number; readonly result: AppendResult } | null {
  const resolve = profiles(undefined).resolve;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as AppendItem;
    const envelope = readMessage(item.value, resolve).envelope;
    const refused = foreignSender(envelope, agent);
    if (refused !== null) return { index, result: { line: item.n, status: "refused", id: envelope.id, seq: null, findings: [refused], refusal: null } };
  }
  return null;
}

/** GET the thread: check-thread at the object's now, open handoffs, verdicts, orphans, statement counts. */
export async function threadStateRoute(context: RouteContext<Env>): Promise<Response> {
  const { name, stub } = await readableThreadOf(context);
  Input.query(context.url, []);
  return privateJson(await stub.state(name));
}

/** A page's `after` and `limit` from the query: limit 1 to MAX_PAGE, default 1000. */
function pageOf(context: RouteContext<Env>): { after: number; limit: number } {
  const input = Input.query(context.url, ["after", "limit"]);
  const after = input.count("after") ?? 0;
  const given = input.string("limit");
  const limit = given === undefined ? 1000 : /^\d{1,9}$/.test(given) ? Number(given) : Number.NaN;
  // Refused, not clamped: the answer would otherwise hold fewer entries than asked, unsaid.
  if (!(limit >= 1 && limit <= MAX_PAGE)) throw new ProblemError("invalid-request", `limit: a whole number from 1 to ${MAX_PAGE}`, { parameter: "limit" });
  return { after, limit };
}

/**
 * GET one of the thread state's lists in full, a page at a time (the state holds the first
 * STATE_LIST_CAP of each): `after` counts the entries already read; `next` is the next page's.
 */
export function threadListRoute(list: StateList): (context: RouteContext<Env>) => Promise<Response> {
  return async (context) => {
    const { stub } = await readableThreadOf(context);
    const { after, limit } = pageOf(context);
    const page = await stub.list(list, after, limit);
    return privateJson({ [list]: page.items, next: page.next });
  };
}

/** GET the stored lines, in order, a page at a time; `next` is null once no line follows the page. */
export async function threadLinesRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub } = await readableThreadOf(context);
  const { after, limit } = pageOf(context);
  return privateJson(await stub.lines(after, limit));
}

/** GET one handoff: its line, its checked readbacks and its findings (never its challenge), each list a page. */
export async function handoffRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub } = await readableThreadOf(context);
  const { after, limit } = pageOf(context);
  return answer(await stub.handoff(handoffOf(context), after, limit));
}

/** The `{handoff}` segment: a message id (`<from>-<n>`), as an HO's id is. */
function handoffOf(context: RouteContext<Env>): string {
  return handoffId(context.params["handoff"] as string);
}

/**
 * A handoff named by the caller, in the path or in prepare's `handoff`: a message id, as an HO's
 * id is. Anything else is the request's error (400), not an HO the thread lacks (404): no HO can
 * ever have that id.
 */
function handoffId(id: string): string {
  if (!isMessageId(id)) throw new ProblemError("invalid-request", `handoff: ${JSON.stringify(shown(id))} is not a message id (<from>-<n>)`, { parameter: "handoff" });
  return id;
}

/** The `{handoff}` of a challenge: a message id that an HO line can carry (uncarriedHandoff). */
function challengedHandoff(context: RouteContext<Env>): string {
  const id = handoffOf(context);
  const refused = uncarriedHandoff(id);
  if (refused !== null) throw new ProblemError(refused.problem, refused.detail, refused.extensions);
  return id;
}

/** POST the sender's private challenge for an HO: withheld criteria (`expectAcc`) and its record. */
export async function challengeRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub, caller } = await threadOf(context);
  const handoff = challengedHandoff(context);
  // The sender's: the id names it (`<from>-<n>`, the HO's from=), whether or not the HO is here yet,
  // so no other party can register ahead for the sender's next id.
  requireParty(caller, messageSender(handoff) as string, `registering a challenge for ${shown(handoff)}`);
  const input = await Input.read(context.request, context.url, context.env, ["json"], ["expectAcc", "record", "profile"]);
  // Its parts (challengeRequest): empty criteria are none given, at least one part, a record an object.
  const parts = challengeRequest({ expectAcc: input.list("expectAcc"), record: input.json("record") });
  if (!parts.ok) throw new ProblemError(parts.problem.problem, parts.problem.detail, parts.problem.extensions);
  // The profile the HO names with p=, so that a challenge registered ahead of it reads with it (note 34).
  const profile = input.string("profile");
  const outcome = await stub.challenge(handoff, { ...parts.value, ...(profile === undefined ? {} : { profile }) }, actingAgent(caller) ?? undefined);
  if (!outcome.ok) return answer(outcome);
  if (outcome.value.known) return new Response(null, { status: 204, headers: NO_STORE });
  // Registered ahead of its HO (README note 34): kept, and said so, since a mistyped id would
  // otherwise wait for an HO that never comes while the real one is checked without it.
  return privateJson({ handoff: outcome.value.handoff, known: false, detail: `no HO of this thread has the id ${shown(outcome.value.handoff)} yet; the challenge is kept and checks its readback once the HO is appended` }, 202);
}

/** POST a statement: the call frozen under a fresh token, stated as the RB the receiver relays. */
export async function prepareRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub, caller } = await threadOf(context);
  const input = await Input.read(context.request, context.url, context.env, ["json"], ["handoff", "call", "exp", "n"]);
  const handoff = input.string("handoff");
  const exp = input.string("exp");
  const call = input.json("call");
  const n = input.count("n");
  if (handoff === undefined) throw new ProblemError("invalid-request", "handoff: required (the id of the HO the call executes)", { parameter: "handoff" });
  handoffId(handoff);
  if (exp === undefined || !isTime(exp)) throw new ProblemError("invalid-request", "exp: required, YYYYMMDDTHHMMZ (UTC)", { parameter: "exp" });
  if (call === null || typeof call !== "object" || Array.isArray(call)) throw new ProblemError("invalid-request", "call: required, a JSON object of execution slot values", { parameter: "call" });
  if (actingAgent(caller) !== null) {
    // A party's first, before the HO is looked up: whether it exists, and whose it is, are the
    // thread's to tell its parties only (the receiver is one).
    await requireThreadParty(caller, (agent) => stub.hasParty(agent), "preparing a statement on a thread");
    // The receiver's (to=): its tool states the act it will run. An HO's parties never change once
    // appended, so what is read here still holds when prepare runs.
    const parties = await stub.handoffParties(handoff);
    if (parties === null) throw new ProblemError("unknown-handoff", `no HO of this thread has the id ${shown(handoff)}`, { parameter: "handoff" });
    requireParty(caller, parties.to, `preparing a statement for ${shown(handoff)}`);
  }
  return answer(await stub.prepare({ handoff, exp, call: call as Record<string, unknown>, ...(n === undefined ? {} : { n }) }), 201);
}

function tokenOf(context: RouteContext<Env>): string {
  const token = context.params["token"] as string;
  if (!isStatementToken(token)) throw new ProblemError("unknown-statement", "no statement has this token (a token is 32 lowercase hex characters)", { parameter: "token" });
  return token;
}

/**
 * commit and abandon take nothing but the token: a body is refused, not ignored, since a field
 * such as {"dryRun": true} would otherwise run the act its sender meant only to try.
 */
function noBody(request: Request, env: Env): Promise<void> {
  return refuseBody(request, "this route takes no body (nothing but the token in its path)", env);
}

/**
 * The statement's token, once the caller may run or discard it: the receiver's (its readback's
 * from=, the HO's to=), who alone prepares under an agent token. A token is a capability, but the
 * relayed RB shows it (x_tok=) to every reader of the thread, the sender too.
 */
async function statementOf(context: RouteContext<Env>, stub: DurableObjectStub<ThreadObject>, caller: Caller, act: string): Promise<string> {
  const token = tokenOf(context);
  if (actingAgent(caller) === null) return token;
  const receiver = await stub.statementReceiver(token);
  // An unknown token is the object's to answer (404), as for any caller.
  if (receiver !== null) requireParty(caller, receiver, `${act} a statement`);
  return token;
}

/** POST commit: the frozen call, once, within its window by the object's clock, once its readback passed. */
export async function commitRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub, caller } = await threadOf(context);
  Input.query(context.url, []);
  await noBody(context.request, context.env);
  return answer(await stub.commit(await statementOf(context, stub, caller, "committing")));
}

/** POST abandon: the statement is discarded; a later commit is refused. */
export async function abandonRoute(context: RouteContext<Env>): Promise<Response> {
  const { stub, caller } = await threadOf(context);
  Input.query(context.url, []);
  await noBody(context.request, context.env);
  return answer(await stub.abandon(await statementOf(context, stub, caller, "abandoning")));
}
