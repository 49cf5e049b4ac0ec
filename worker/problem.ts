/**
 * Errors as `application/problem+json` (RFC 9457). Every kind of error has a stable `type`, a
 * path under `/v1/problems/` that the Worker itself answers with the kind's description, so a
 * client can compare `type` strings and a person can follow one. A refused line is not an error:
 * it is a 200 result with findings. Problems are for requests the Worker cannot act on.
 */

export const PROBLEM_BASE = "/v1/problems/";

export interface ProblemKind {
  readonly status: number;
  readonly title: string;
  /** What it means and what to do about it. */
  readonly description: string;
}

/** Every problem the Worker answers with, by kind. Kinds never change meaning once published. */
export const PROBLEMS = {
  "not-found": { status: 404, title: "No such route", description: "Nothing is served at this path. GET /v1/openapi.json lists every route." },
  "method-not-allowed": { status: 405, title: "Method not allowed", description: "The route exists but not for this method; the Allow header lists the methods it takes." },
  "unknown-profile": { status: 404, title: "Unknown profile", description: "The profile named is not shipped with this Worker. GET /v1/profiles lists those that are; an inline profile is given as a JSON object in the body's profile field." },
  "unsupported-media-type": { status: 415, title: "Unsupported media type", description: "Bodies are application/json, or text/plain (UTF-8) where the route reads lines, sent uncompressed (no Content-Encoding, or identity). Send the Content-Type header (curl -H 'content-type: text/plain')." },
  "malformed-json": { status: 400, title: "Malformed JSON", description: "The body (or a parameter that holds JSON) is not valid JSON, or JSON read strictly refuses: an object naming a key twice, or, on a route reading RW1 messages (not the RW-003 routes), a number written as no integer that JSON.parse would read as one." },
  "invalid-encoding": { status: 400, title: "Body is not UTF-8", description: "The body is not valid UTF-8 text." },
  "invalid-request": { status: 400, title: "Invalid request", description: "A field or query parameter is missing, unknown to the route, of the wrong type, or given twice with different values; `parameter` names it." },
  "body-too-large": { status: 413, title: "Body too large", description: "A request body may hold at most 1 MiB (1,048,576 bytes), counted as declared by Content-Length and as received." },
  "line-too-long": { status: 422, title: "Line too long", description: "A line (or a JSON form, as JSON text) may hold at most 8 KiB (8,192 bytes of UTF-8); `line` gives its number. A statement whose RB line would be longer is refused so too (`parameter: call`): it could never be relayed." },
  "too-many-lines": { status: 422, title: "Too many lines", description: "A request may hold at most 10,000 lines (or messages); split the input across requests." },
  "json-too-deep": { status: 422, title: "JSON nested too deeply", description: "A JSON body (or a query parameter that holds JSON) may nest arrays and objects at most 128 levels deep, the body's own object counted; `limit` gives it." },
  "invalid-profile": { status: 422, title: "Invalid profile", description: "The inline profile is refused by the core's profile check; `findings` says why, with the path in the file." },
  "invalid-message": { status: 422, title: "Message does not parse", description: "A message the route needs (an HO, RB or DN) is not an RW1 line or JSON form; `parameter` names it and `findings` says why. Lines that are merely invalid are answered with findings, not with this problem." },
  "invalid-record": { status: 422, title: "Invalid record", description: "The sender's record is refused by the core's record check; `findings` says why." },
  unauthorized: { status: 401, title: "Unauthorized", description: "Thread routes need Authorization: Bearer <token> when the Worker has the secret RW_TOKEN: RW_TOKEN itself (the operator) or an agent token made from it (POST /v1/agent-tokens); the stateless routes do not." },
  "token-revoked": { status: 401, title: "Agent token revoked", description: "The agent token is genuine but was issued at an epoch of its agent that the Worker's RW_AGENT_EPOCHS has since raised, which revokes it. `agent` names its agent, `epoch` the epoch it was issued at, `current` the agent's epoch now; the operator issues a token of the current epoch (POST /v1/agent-tokens)." },
  "forbidden-party": { status: 403, title: "Not this agent's to do", description: "The request's agent token is for another agent than the act needs: a line is appended by its sender (from=), a challenge registered by the HO's sender (its id's prefix), a statement prepared, committed or abandoned by the HO's receiver (to=), and a thread is read (any GET under /v1/threads/{thread}), written to once it holds lines (lines, challenges), and asked to prepare a statement, by its parties, the agents a line it stores is from or to. `agent` names the token's agent, `needs` the agent the act needs, or \"a party of the thread\"; that agent's token, or the operator's bearer (RW_TOKEN), may do it. A read or a prepare refused so says nothing of the thread: a thread never written to is refused alike." },
  "operator-only": { status: 403, title: "Operator only", description: "The route needs the operator's bearer (the Worker's RW_TOKEN); an agent token does not reach it. `agent` names the token's agent." },
  "access-open": { status: 409, title: "Threads are open", description: "The Worker has no RW_TOKEN: its thread routes are open to anyone who reaches it, and there is no secret to make an agent token from. Set the secret RW_TOKEN (npx wrangler secret put RW_TOKEN, or .dev.vars locally) first." },
  "thread-conflict": { status: 409, title: "Conflicts with the thread", description: "The request contradicts what the thread already holds: another profile than the one its first append fixed, a challenge for a handoff whose readback was already checked or that is already closed or superseded, or a record that the HO already sent contradicts (`findings` says where: cancel that HO and send one that matches)." },
  "thread-full": { status: 409, title: "Thread full", description: "A thread holds at most 100,000 lines and 16 MiB of them (UTF-8, with the readback reports and done checks it stores beside them), which its Durable Object checks in memory; `line` gives the request's line that would take it past that (`limit`, `limitBytes`), and none of the request's lines was stored. A line already stored is still answered as a duplicate, and a refused line as refused. It holds as many challenges at most, and 16 MiB of them (UTF-8, as stored, each with the HO id it is kept under): a challenge past that is refused, nothing stored, and so is an append whose re-issue (`line`) would carry one past it. It holds as many prepared statements at most, and 16 MiB of them, committed, abandoned and expired ones included: a prepare past that is refused, nothing stored. Continue the conversation in a new thread." },
  "unknown-handoff": { status: 404, title: "Unknown handoff", description: "No HO of this thread has that id; append the HO first." },
  "unknown-statement": { status: 404, title: "Unknown statement", description: "No statement of this thread has that token (a token is 32 lowercase hex characters, returned once by prepare)." },
  "statement-refused": { status: 409, title: "Statement refused", description: "The prepared statement cannot be prepared or run: already committed, abandoned, cancelled by a CX, past its exp by the thread's clock, its readback not relayed or not passing, or its handoff closed; findings say which. Relay its readback, or prepare it again." },
  "worker-misconfigured": { status: 500, title: "Worker misconfigured", description: "A variable of the Worker holds what the Worker cannot read, and the requests it governs are refused until the operator fixes it, rather than read as if it were absent. `variable` names it and the detail says what it must hold. RW_AGENT_EPOCHS (a JSON object of agent names to epochs): every agent token, and POST /v1/agent-tokens, are refused; the operator's bearer still reaches the threads. RW_TOKEN set to what no bearer can carry (empty, holding whitespace, not text): every thread route and POST /v1/agent-tokens are refused, rather than opened or keyed with it. RW_DRAIN_MIB (how much of a refused body without Content-Length is drained, a whole number of MiB from 0 to 512, absent 100) holding anything else: every request that carries a body is refused before a byte of it is read, rather than drained by the default." },
  "internal-error": { status: 500, title: "Internal error", description: "The Worker failed while answering. Nothing was stored; the request can be retried, and reported if it fails again." },
} as const satisfies Record<string, ProblemKind>;

export type ProblemKindName = keyof typeof PROBLEMS;

/** Members beyond the standard five (RFC 9457 section 3.2): `parameter`, `line`, `findings`, ... */
export type ProblemExtensions = Readonly<Record<string, unknown>>;

/** Thrown inside a handler to answer with a problem; anything else thrown is an internal error. */
export class ProblemError extends Error {
  constructor(
    readonly kind: ProblemKindName,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = "ProblemError";
  }
}

export function problemType(kind: ProblemKindName): string {
  return `${PROBLEM_BASE}${kind}`;
}

/** RFC 9457's own members, which an extension may not replace. */
const STANDARD = new Set(["type", "title", "status", "detail", "instance"]);

/** The problem+json response for a kind. `instance` is the request's path. */
export function problemResponse(kind: ProblemKindName, detail: string, instance: string, extensions: ProblemExtensions = {}, headers: Readonly<Record<string, string>> = {}): Response {
  const { status, title } = PROBLEMS[kind];
  const extra = Object.fromEntries(Object.entries(extensions).filter(([key]) => !STANDARD.has(key)));
  const body = { type: problemType(kind), title, status, detail, instance, ...extra };
  return new Response(JSON.stringify(body), { status, headers: { ...headers, "content-type": "application/problem+json" } });
}
