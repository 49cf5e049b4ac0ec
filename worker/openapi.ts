/**
 * The OpenAPI 3.1 document of the HTTP API, served at /v1/openapi.json. Written as data; the
 * operations are exactly the route table's (worker/routes.ts), which a test holds equal, and every
 * operation's example is sent by a test and must be answered 200.
 */
import pkg from "../package.json" with { type: "json" };
import { DELEGATION_EXAMPLES } from "./examples/delegation.js";
import { AGENT_NAME_MAX } from "./agent-token.js";
import { LIMITS } from "./limits.js";
import { STATE_LIST_CAP, STATE_LISTS } from "./thread/state-lists.js";
import type { StateList } from "./thread/state-lists.js";
import { THREAD_NAME } from "./thread/thread-name.js";
import { THREAD_CAPACITY } from "./thread/thread-capacity.js";
import { ANSWER_BYTES } from "./thread/answer-bytes.js";
import { PAGE_BYTES } from "./thread/bounded-page.js";
import { PROBLEMS, problemType } from "./problem.js";
import type { ProblemKindName } from "./problem.js";

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

// Examples: the spec's own exchanges (sections 8 and 5.3).
const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes";
const RB = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc";
const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
const PAY_DN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed, from the payment tool";
const PAY_RECORD = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929", item: "inv:MD-2026-057" };
const AQ_FORM = { v: "RW1", type: "AQ", id: "writer-02", re: "research-01", from: "writer", to: "research", item: null, slots: { need: "ENUM", opts: ["formal", "plain", "punchy"] }, tail: "tone?" };
const UNKNOWN_ASK = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002";
// An Agent Mailbox hello (core/mailbox/README.md describes the envelope).
const MAILBOX_HELLO = ["---", "tags: [agent-mailbox, crox-site]", "meta:", "  mailbox:", "    version: 1", "    profile: CORE", "    id: 019a1f2c-8e00-7000-8000-000000000001", "    thread: 019a1f2c-8e00-7000-8000-000000000002", "    request_id: 019a1f2c-8e00-7000-8000-000000000003", "    from: VEGA", "    to: [LYRA]", "    kind: hello", "    reply_to: \"\"", "    expects_reply: true", "    arena: CROX-SITE", "    machine: VEGA-BOX", `    root: ${"1f3a".repeat(16)}`, "    transport: local", "---", "Objective: hero copy for the site. Proposed split: VEGA drafts, LYRA reviews.", ""].join("\n");

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
/** An object of counts, each a required integer from 0. */
const counted = (names: readonly string[]): { type: "object"; required: string[]; properties: Record<string, Json> } => ({ type: "object", required: [...names], properties: Object.fromEntries(names.map((n) => [n, { type: "integer", minimum: 0 }])) });
const problem = (name: string): Json => ({ $ref: `#/components/responses/${name}` });
const ok = (description: string, schema: string): Json => ({ description, content: { "application/json": { schema: ref(schema) } } });

/** The problem responses an operation can give, by status. */
function problems(...kinds: ProblemKindName[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const kind of [...kinds, "internal-error" as const]) out[String(PROBLEMS[kind].status)] = problem(`Status${PROBLEMS[kind].status}`);
  return out;
}

const DELEGATION_PROBLEMS: ProblemKindName[] = ["invalid-request", "malformed-json", "json-too-deep", "body-too-large", "unsupported-media-type"];
/** What a bearer can be refused with on a Worker with RW_TOKEN: none or a forged one, a revoked agent token, an RW_AGENT_EPOCHS it cannot read. */
const ACCESS_PROBLEMS: ProblemKindName[] = ["unauthorized", "token-revoked", "worker-misconfigured"];
/** A read of a thread adds: an agent token whose agent is no party of it. */
const READ_PROBLEMS: ProblemKindName[] = [...ACCESS_PROBLEMS, "forbidden-party"];
const BODY_PROBLEMS: ProblemKindName[] = ["malformed-json", "json-too-deep", "body-too-large", "unsupported-media-type", "line-too-long", "unknown-profile"];

function query(name: string, description: string, schema: Json = { type: "string" }): Json {
  return { name, in: "query", required: false, description, schema };
}

const PROFILE_QUERY = query("profile", "A shipped profile by name, for lines without p= (an inline profile goes in a JSON body's profile field).");

/** A POST whose body is JSON, or also text/plain lines with the options in the query. */
function post(operationId: string, summary: string, description: string, body: { schema: string; example: Json; text?: string }, response: Json, queryParams: Json[], kinds: ProblemKindName[]): Json {
  const content: Record<string, Json> = { "application/json": { schema: ref(body.schema), example: body.example } };
  if (body.text !== undefined) content["text/plain"] = { schema: { type: "string" }, example: body.text };
  return { operationId, summary, description, parameters: queryParams, requestBody: { required: true, content }, responses: { "200": response, ...problems(...kinds) } };
}

const PAY_HO_EXP = `${PAY_HO} exp=20991231T2359Z`;
const PAY_CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
/** PAGE_BYTES as the descriptions say it. */
const PAGE_MIB = PAGE_BYTES / (1024 * 1024);
/** ANSWER_BYTES as the descriptions say it. */
const ANSWER_MIB = ANSWER_BYTES / (1024 * 1024);
const THREAD_AUTH = "With the secret RW_TOKEN set, every thread route needs Authorization: Bearer <token>: RW_TOKEN itself (the operator: any act, any read), or an agent token (POST /v1/agent-tokens), which acts only as its agent and reads (any GET under /v1/threads/{thread}) only a thread its agent is a party of, the from= or to= of a line the thread stores; another agent token's read is 403 forbidden-party (needs: \"a party of the thread\"), the same answer whatever the thread holds or whether it was ever written to. It appends lines and registers challenges only on a thread its agent is a party of or that holds no line yet: an agent joins a thread when a party addresses a line to it, never by writing to it (403 forbidden-party, nothing stored). It prepares a statement only on a thread its agent is a party of (else 403 forbidden-party before the HO is looked up). An agent token issued at an epoch below its agent's current one (the Worker variable RW_AGENT_EPOCHS) is 401 token-revoked; an RW_AGENT_EPOCHS the Worker cannot read refuses every agent token, 500 worker-misconfigured (variable names it), while RW_TOKEN's bearer still works. An RW_TOKEN set to what no bearer can carry (empty, holding whitespace, not text) refuses every thread route, 500 worker-misconfigured (variable: RW_TOKEN).";
const pathParam = (name: string, description: string, example: string, pattern?: string): Json => ({ name, in: "path", required: true, description, schema: { type: "string", ...(pattern === undefined ? {} : { pattern }) }, example });
const THREAD = pathParam("thread", "The thread's name: one Durable Object per name. Not . or .., which a URL resolves as path steps (/v1/threads/./lines is the thread lines).", "openapi-example", THREAD_NAME.source);
const HANDOFF = pathParam("handoff", "The HO's message id.", "scheduler-1");
const TOKEN = pathParam("token", "The statement's token, as prepare returned it.", "0123456789abcdef0123456789abcdef", "^[0-9a-f]{32}$");

const LIST_OPERATIONS: Readonly<Record<StateList, string>> = { findings: "listThreadFindings", owners: "listThreadOwners", open: "listOpenHandoffs", readbacks: "listReadbacks", dones: "listDones", orphaned: "listOrphaned" };
const LIST_WHAT: Readonly<Record<StateList, string>> = { findings: "check-thread findings (report.findings)", owners: "item owners (report.owners)", open: "live handoffs (open)", readbacks: "checked readbacks' verdicts (readbacks)", dones: "checked done reports (dones)", orphaned: "handoffs an alarm marked orphaned, and AQs it found unanswered past their by= (orphaned)" };

const LINES_TEXT = "One message a line: an RW1 line, or a JSON form (a line starting with {). Blank lines and lines starting with # are skipped; results are numbered by line.";

const paths: Record<string, Record<string, Json>> = {
  "/v1/parse": {
    post: post("parse", "RW1 lines to their JSON forms (rw parse)", `Each line parsed and validated; the JSON form of each that parses. A JSON form among the lines (an object, or its text) is a result with ok false and one VERSION finding saying what it is, not a 400. ${LINES_TEXT}`, { schema: "LinesRequest", example: { lines: [HO] }, text: `${HO}\n` }, ok("One result per line.", "ParseResults"), [PROFILE_QUERY], ["invalid-request", "too-many-lines", ...BODY_PROBLEMS]),
  },
  "/v1/format": {
    post: post("format", "JSON forms to RW1 lines (rw format)", "Each JSON form checked and written as its line; only valid messages are written. In a text body, one JSON form a line.", { schema: "LinesRequest", example: { lines: [AQ_FORM] }, text: `${JSON.stringify(AQ_FORM)}\n` }, ok("One result per message.", "FormatResults"), [PROFILE_QUERY], ["invalid-request", "too-many-lines", ...BODY_PROBLEMS]),
  },
  "/v1/validate": {
    post: post("validate", "Check lines against the core and their profile (rw validate)", `Every finding with its place; with as, the exact UN that receiver sends for each refused line (rule 2). ${LINES_TEXT}`, { schema: "ValidateRequest", example: { lines: [UNKNOWN_ASK], as: "writer" }, text: `${UNKNOWN_ASK}\n` }, ok("One result per line; ok is false when any line is refused.", "ValidateResults"), [PROFILE_QUERY, query("as", "The receiver's agent name: each refused line also gets the UN it sends."), query("seq", "With as: the lowest number a UN takes (NAME-N), default 1; each UN is numbered past the receiver's own ids among the lines before it and the refused line itself, and its UNs before it; past 2^53 - 1, the lowest number from seq up that none of them has.", { type: "integer", minimum: 0 })], ["invalid-request", "too-many-lines", ...BODY_PROBLEMS]),
  },
  "/v1/digest": {
    post: post("digest", "h= of each message (rw digest)", `First 12 hex of SHA-256 of each valid message's canonical JSON. ${LINES_TEXT}`, { schema: "LinesRequest", example: { lines: [HO, PAY_HO] }, text: `${HO}\n${PAY_HO}\n` }, ok("One result per line.", "DigestResults"), [PROFILE_QUERY], ["invalid-request", "too-many-lines", ...BODY_PROBLEMS]),
  },
  "/v1/legend": {
    get: { operationId: "legend", summary: "The legend a model reads (rw legend)", description: "The core's legend, or the core plus a shipped profile's; lean drops the comprehension-readback keys and the core asks the profile does not use.", parameters: [query("profile", "A shipped profile by name."), query("lean", "true for the lean legend.", { type: "boolean" })], responses: { "200": ok("The legend text.", "Legend"), ...problems("invalid-request", "unknown-profile") } },
    post: post("legendInline", "The legend for a shipped or an inline profile", "As GET, with the profile given by name or inline as a profile file.", { schema: "LegendRequest", example: { profile: "pay", lean: true } }, ok("The legend text.", "Legend"), [query("profile", "A shipped profile by name (an inline profile goes in the body)."), query("lean", "true for the lean legend.", { type: "boolean" })], ["invalid-request", "invalid-profile", ...BODY_PROBLEMS]),
  },
  "/v1/profiles": {
    get: { operationId: "listProfiles", summary: "The shipped profiles", parameters: [], responses: { "200": ok("Each shipped profile's name, version and description.", "ProfileList"), ...problems("invalid-request") } },
  },
  "/v1/profiles/{name}": {
    get: { operationId: "getProfile", summary: "One shipped profile file", description: "The file as shipped: what a request may send inline as profile.", parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" }, example: "pay" }], responses: { "200": { description: "The profile file (profiles/README.md describes the format).", content: { "application/json": { schema: { type: "object" } } } }, ...problems("unknown-profile", "invalid-request") } },
  },
  "/v1/make-rb": {
    post: post("makeRb", "The readback for an HO, composed by code (rw make-rb)", "The RB from the HO as delivered (never retyped), with the receiver's own acc do not asm eta exp and execution values. A text body holds the HO's line; the options go in the query (exec as JSON text). An HO that is refused gives ok false with its findings.", { schema: "MakeRbRequest", example: { ho: PAY_HO }, text: `${PAY_HO}\n` }, ok("The readback, or the findings that prevent it.", "MakeRbResult"), [PROFILE_QUERY, query("n", "The receiver's message number (the RB's id is <receiver>-<n>); default one past the receiver's ids the HO names (its id, re, ctx), else 1. One of those ids is refused (READBACK_ID_REUSED).", { type: "integer", minimum: 0 }), query("acc", "The receiver's criteria, key:value joined with +."), query("do", "What the receiver will produce."), query("not", "Out of scope, joined with +."), query("asm", "Assumptions, joined with +."), query("eta", "Expected completion, YYYYMMDD."), query("exp", "A prepared statement's window, YYYYMMDDTHHMMZ."), query("tail", "The receiver's paraphrase."), query("exec", "Execution values, a JSON object as text.")], ["invalid-request", ...BODY_PROBLEMS]),
  },
  "/v1/check-rb": {
    post: post("checkRb", "Check a readback against its HO, tiers 1-5 (rw check-rb)", "The sender's check: receipt, integrity, echo, comprehension, execution. wilco is true when ownership moves. A text body holds two lines, the HO then the RB. expectAcc for an HO without rb=acc or rb=plan, or record without rb=exec or for an ask with no execution slots (EXEC_NO_MAP), is refused (400), not ignored; so is expectAcc that is not key:value criteria or names a single-valued key twice (400, with the core's CRITERIA_SYNTAX or CRITERIA_REPEATED findings).", { schema: "CheckRbRequest", example: { ho: HO, rb: RB }, text: `${HO}\n${RB}\n` }, ok("The tier report.", "ReadbackReport"), [PROFILE_QUERY, query("expectAcc", "The sender's withheld criteria, key:value joined with + (tier 4)."), query("record", "The sender's record, a JSON object as text (tier 5).")], ["invalid-request", "invalid-message", "invalid-record", ...BODY_PROBLEMS]),
  },
  "/v1/check-ho": {
    post: post("checkHo", "Check an HO against the approval record before it is sent (rw check-ho)", "Refused when the HO differs from the record, omits a value it holds (other than those marked $resolve), or does not ask rb=exec where the profile names execution slots. Record values may be written as on a line (\"2\", \"a+b\") and are decoded by slot type; one the slot's type does not admit is refused (422 invalid-record, RECORD_SHAPE). With relayFrom instead of record: a relay's forward against the HO it received, plus adds, whose values the core reads as a record's: one the slot's type does not admit, or a key no slot has, makes the report RECORD_SHAPE alone.", { schema: "CheckHoRequest", example: { ho: PAY_HO, record: PAY_RECORD } }, ok("ok, or the findings that refuse the HO.", "CheckReport"), [PROFILE_QUERY, query("record", "The sender's record, a JSON object as text."), query("relayFrom", "The HO the relay received: an RW1 line, or its JSON form as JSON text."), query("adds", "With relayFrom: the slots the relay adds, a JSON object as text; values as on a line or decoded, read by slot type as a record's are.")], ["invalid-request", "invalid-message", "invalid-record", ...BODY_PROBLEMS]),
  },
  "/v1/check-dn": {
    post: post("checkDn", "Check a done report against the plan (rw check-dn)", "The values as executed against the HO's, or the passing readback's where the HO left them to the receiver. The readback stands for the plan only if it passes check-rb, with record for the values it resolved: without one they are unverified and plan nothing (DONE_UNVERIFIED). record without rb, or for an HO without rb=exec, is refused (400). A text body holds the HO, the DN and optionally the RB, one a line in that order.", { schema: "CheckDnRequest", example: { ho: PAY_HO, dn: PAY_DN }, text: `${PAY_HO}\n${PAY_DN}\n` }, ok("ok, or the findings that refuse the DN.", "CheckReport"), [PROFILE_QUERY], ["invalid-request", "invalid-message", "invalid-record", ...BODY_PROBLEMS]),
  },
  "/v1/check-thread": {
    post: post("checkThread", "Audit a conversation in sending order (rw check-thread)", `Closure (open past exp or due, closed twice, done after a cancel, wrong-party cancels), re-issues, readbacks and the owner of every item. Lines that are not valid messages are left out and listed in rejected. ${LINES_TEXT}`, { schema: "ThreadRequest", example: { lines: [HO, RB], now: "20261001T0900Z" }, text: `${HO}\n${RB}\n` }, ok("The thread report, and where each handoff stands.", "CheckThreadResult"), [PROFILE_QUERY, query("now", "The moment of the audit, YYYYMMDDTHHMMZ (UTC); default: now; null: no clock.")], ["invalid-request", "too-many-lines", ...BODY_PROBLEMS]),
  },
  "/v1/mailbox/preflight": {
    post: post("mailboxPreflight", "Preflight an Agent Mailbox message (rw mailbox new's check)", "One message, Markdown with YAML frontmatter and the envelope under meta.mailbox, read by the core: the envelope's fields and rules, the body's parent link, and its RW1 lines. mode outbound (default) is the preflight before publishing (legacy aliases refused, the supported version required); inbound reads a peer's message. parent (the parent message's text, or { id, kind, file }) enables the ack rules and the parent-link check; its text also enables the rules on what its expects_reply, availability and terms show (ACK_UNASKED, AVAILABILITY_REPLY, TERMS_MISPLACED on an answer to no proposal). It sees one message and no folder, so the conversation rules over an inbox and the room's primer (PRIMER_MISSING) are rw mailbox check's and rw mailbox new's. A text body is the message itself, with the options in the query.", { schema: "MailboxPreflightRequest", example: { message: MAILBOX_HELLO }, text: MAILBOX_HELLO }, ok("The verdict: ok, the envelope when it holds, every finding (codes from core/mailbox's MAILBOX_CODES), and each RW1 line of the body as the core read it.", "MailboxPreflight"), [PROFILE_QUERY, query("mode", "outbound (default) or inbound.", { enum: ["outbound", "inbound"] })], ["invalid-request", "invalid-message", ...BODY_PROBLEMS]),
  },
  "/v1/delegation/validate": {
    post: post("delegationValidate", "Read an RW-003 record (rw delegation validate)", "Any RW-003 record (Agent Card, Delegation Contract, PermissionDecision, ExecutionAttempt, DelegationCheckpoint, CircuitBreakerEvent, DelegationAttestationChain, rw003.* event, ControlScopeRef, ControlBoundaryRef, ControlFenceSet): secrets anywhere, its shape, its schema version, and the invariants of its kind. kind is told by the record's fields unless given. A refused record is ok false with its findings.", { schema: "DelegationValidateRequest", example: DELEGATION_EXAMPLES.validate as Json }, ok("ok, the kind read, and every finding (codes from core/delegation's DELEGATION_CODES).", "DelegationRecordReport"), [query("kind", "The kind of record."), query("consequential", "true: an unsupported schema version is refused, not noted.", { type: "boolean" }), query("requireSignature", "true: the governing policy requires signed records.", { type: "boolean" })], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/check-child": {
    post: post("delegationCheckChild", "May a child contract become active under its parent (rw delegation check-child)", "Every dimension of RW-003 section 8: the exact parent and root task, depth within the root maximum, attenuation (exact inputs, objects, tools, operations, data, effect classes and tier, duration, retries, concurrency, spend, budgets), inheritance (denials, human gates, consent, monitoring, verification, revocation), the bound delegate, the attestation chain root to leaf, routing, ancestor fences. A denied child lists every failed dimension. The example is section 11.3.", { schema: "DelegationCheckChildRequest", example: DELEGATION_EXAMPLES.checkChild as Json }, ok("allow or deny, the failed dimensions in order, every finding.", "SubdelegationReport"), [], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/check-reassignment": {
    post: post("delegationCheckReassignment", "May a delegation's next revision replace its prior (rw delegation check-reassignment)", "RW-003 section 11.4: the next revision names the prior exactly, keeps its root task and parent, is issued by the same delegator, keeps every control scope but the prior agent's, and is the same or narrower on every attenuation and inheritance dimension and in its sub-delegation policy; its delegatee may change. A child delegation's new delegatee or operator must be among its parent's eligible_delegates: give parent, the exact revision the child names; without it a child reassigned to another delegatee is denied (DELEGATE_BINDING). A child's next revision carries its own attestation chain: give chain, checked against parent as check-child checks a child's; without the chain, or with it and without the parent, the revision is denied (CHAIN_BROKEN). With attempts, next takes no more of each budget than they left of the prior's (ATTENUATION_BUDGET_REMAINING); with checkpoints of the prior (section 7.2; 11.4's CP-7), each one's remaining budget is verified and next grants no more than it left (CHECKPOINT_REMAINDER_OVERSTATED, CHECKPOINT_REMAINDER_EXCEEDED, CHECKPOINT_REMAINDER_UNVERIFIED), each one's input revisions of an object the prior binds are its exact inputs (INPUT_NOT_EXACT), and next, and a resume given among the attempts, use an object a checkpoint fixed only at the revision it fixed (INPUT_STALE), and such a resume records a receipt read back of each external operation its checkpoint left pending or unknown (RESUME_UNRECONCILED, the denial on the retries dimension), and each one fixes an object the attempt that wrote it records using or producing only at a revision that attempt records (CHECKPOINT_INPUT_UNUSED; an object it records nowhere is noted, CHECKPOINT_INPUT_UNATTESTED), the denial on the inputs dimension; of one attempt's checkpoints, one written later has a greater sequence and no two share one (CHECKPOINT_SEQUENCE, on inputs), and a checkpoint whose attempt is among the attempts names the exact delegation revision it ran under and is written no earlier than it started (CHECKPOINT_ATTEMPT_MISMATCH, on budget), as check-attempts holds them. The example is section 11.4's D-RESEARCH-2@r2.", { schema: "DelegationCheckReassignmentRequest", example: DELEGATION_EXAMPLES.checkReassignment as Json }, ok("allow or deny, the failed dimensions in order, every finding.", "SubdelegationReport"), [], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/check-attempts": {
    post: post("delegationCheckAttempts", "Do a delegation's ExecutionAttempts keep its retry policy (rw delegation check-attempts)", "RW-003 section 7.1, over the attempts of the contract's delegation in the order they started, each once at its latest revision (another delegation's is ATTEMPT_DELEGATION; two records of one attempt neither leading to the other through its priors, or two under one id that start at different times, ATTEMPT_REVISION_FORK): every attempt counts against retry_policy.max_attempts, the first and a resume included (RETRY_EXHAUSTED); an attempt that resumes no checkpoint retries the one before, whose outcome must be retryable under the contract and never succeeded (RETRY_NOT_ALLOWED); after an unknown or partially_applied attempt the next one reuses the contract-bound idempotency key when the target took one (RETRY_IDEMPOTENCY); a record of an attempt reports at least what the revision it follows reports consumed (ATTEMPT_CONSUMPTION_SHRANK); an allowed retry starts at least retry_policy.backoff after the attempt it retries ended, and fails closed when that attempt records no end (RETRY_BACKOFF); an attempt of the contract's exact revision runs on the delegatee's exact card (CARD_MISMATCH), executed by its agent Actor revision (EXECUTOR_MISMATCH), under the contract's operator (OPERATOR_MISMATCH), through an adapter tool scope.tools covers when it lists tools (SCOPE_TOOL) and no denial naming tools alone refuses (SCOPE_DENIED; section 9: the contract must separately authorize each tool), with a control_fence_set fencing each of the contract's control_scopes, its own delegation and agent streams and its parent's delegation stream (FENCE_SCOPE_MISSING; section 1.2: the attempt binds the effect's complete fence set), as each checkpoint of that revision does. With checkpoints (section 7.2), each checkpoint of the contract's revision claims no more remaining budget than its limits and expiry leave after the attempts (CHECKPOINT_REMAINDER_OVERSTATED); one of another revision fails closed (CHECKPOINT_REMAINDER_UNVERIFIED). Inputs are fixed (section 7.2): an attempt's or checkpoint's input of an object the contract's revision binds is one of its exact inputs, object, revision and digest as written (INPUT_NOT_EXACT), and a resume uses an object its checkpoint, when given, fixed only at the revision it fixed (INPUT_STALE), and a checkpoint fixes an object the attempt that wrote it records using or producing only at a revision that attempt records (CHECKPOINT_INPUT_UNUSED; one it records nowhere is noted, CHECKPOINT_INPUT_UNATTESTED); of one attempt's checkpoints, one written later has a greater sequence and no two share one (CHECKPOINT_SEQUENCE), and a checkpoint names the exact delegation revision its attempt ran under and is written no earlier than it started (CHECKPOINT_ATTEMPT_MISMATCH). A resume from a checkpoint given that left an external operation pending or unknown records a receipt of the same system and operation_id with a receipt_ref, the read-back of it (RESUME_UNRECONCILED, section 7.2's external-effect reconciliation); a retry's reconciliation is not checked here. The example is section 11.4's ATT-1 and ATT-2 under D-RESEARCH-2@r2.", { schema: "DelegationCheckAttemptsRequest", example: DELEGATION_EXAMPLES.checkAttempts as Json }, ok("ok, and every finding.", "DelegationCheckReport"), [], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/check-card-revision": {
    post: post("delegationCheckCardRevision", "May an Agent Card's next revision follow its prior (rw delegation check-card-revision)", "RW-003 section 4.3: \"A card revision MUST NOT silently change agent_actor_ref; identity rotation creates a new card or an explicit continuity attestation.\" Each part is validated as an Agent Card; the next revision is of the same card and names the prior exactly (AMENDMENT_REF), and keeps the prior's agent Actor unless it carries a continuity_attestation_ref of this rotation, not one the prior already carried (CARD_ACTOR_CHANGED). The example is AGENT-EXTRACTOR@card-r3 after card-r2.", { schema: "DelegationCheckCardRevisionRequest", example: DELEGATION_EXAMPLES.checkCardRevision as Json }, ok("ok, and every finding.", "DelegationCheckReport"), [], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/check-fences": {
    post: post("delegationCheckFences", "Is every fenced authority stream still at its head and active (rw delegation check-fences)", "RW-003 section 1.2: the fence set's own rules (sorted, one boundary a stream, authority branches only), then each fenced stream against its current head: moved, rewritten, missing, or not active (suspended, expired, revoked, unresolved, unavailable) fails closed; with required, every applicable scope must be fenced. Positions are compared only within their stream. The example is section 11.4's stale CF7.", { schema: "DelegationCheckFencesRequest", example: DELEGATION_EXAMPLES.checkFences as Json }, ok("ok, each fenced stream's result, every finding.", "FenceReport"), [], DELEGATION_PROBLEMS),
  },
  "/v1/delegation/evaluate": {
    post: post("delegationEvaluate", "Allow or deny one effect (rw delegation evaluate)", "RW-003 section 5.2: the contract, card, operator and executor, the contract and card in force at their heads (each of those two heads names its record_ref, else HEAD_RECORD_UNRESOLVED), scope and denials, tier, spend and budgets, retries, consent, human-authority and review gates (only an RW-002 AuthorityDecision or Review satisfies one; never an adapter), the request's adapter when named (one the card's supported_adapters do not declare fails closed for a consequential effect, ADAPTER_UNSUPPORTED), and the fences against the current heads. The answer is what a PermissionDecision records. The example is section 11.1's read of SRC-1@r1.", { schema: "DelegationEvaluateRequest", example: DELEGATION_EXAMPLES.evaluate as Json }, ok("allow or deny, the rules that matched, the codes that denied, every finding, and the exact revisions, effect digest, evaluator, fence set and time.", "PermissionEvaluation"), [], DELEGATION_PROBLEMS),
  },
  "/v1/openapi.json": {
    get: { operationId: "openapi", summary: "This document", parameters: [], responses: { "200": { description: "OpenAPI 3.1.", content: { "application/json": { schema: { type: "object" } } } }, ...problems("invalid-request") } },
  },
  "/v1/problems": {
    get: { operationId: "listProblems", summary: "Every problem type the API answers with", parameters: [], responses: { "200": ok("Each problem kind: its type URI, status, title and meaning.", "ProblemKindList"), ...problems("invalid-request") } },
  },
  "/v1/problems/{kind}": {
    get: { operationId: "getProblem", summary: "One problem type (the target of a problem's type URI)", parameters: [{ name: "kind", in: "path", required: true, schema: { type: "string", enum: Object.keys(PROBLEMS) }, example: "line-too-long" }], responses: { "200": ok("The problem kind.", "ProblemKind"), ...problems("not-found", "invalid-request") } },
  },
  "/v1/threads/{thread}": {
    get: { operationId: "getThread", summary: "A thread's state: check-thread at the thread's clock", description: `The report (findings, owners, counts) at the thread object's now, the live handoffs (open, held or orphaned) with their deadlines, every checked readback's verdict, the handoffs an alarm marked orphaned and the AQs it found unanswered past their by=, how many prepared statements are in each state (tokens are never listed), and when the object next wakes by itself. Each list holds at most ${STATE_LIST_CAP} entries, and at most ${PAGE_MIB} MiB of them; next says, for each, where its own paged route continues (null: nothing more). ${THREAD_AUTH}`, parameters: [THREAD], responses: { "200": ok("The thread's state.", "ThreadState"), ...problems("invalid-request", ...READ_PROBLEMS) } },
  },
  "/v1/threads/{thread}/lines": {
    post: { ...(post("appendLines", "Append lines to a thread", `Each line validated against the core and the thread's profile, in order. A valid line is stored (append-only) and check-thread answers with what it raised; an RB is checked against its HO (tiers 1-5, with the sender's challenge) and its verdict recorded, with STATEMENT_UNKNOWN or STATEMENT_REFUSED when its x_tok relays no pending statement of the HO as prepared; a CX from the HO's sender abandons its HO's prepared statements, and the receiver's AN val=Y to it after one of them was committed is STATEMENT_RAN (the act ran: its answer is the DN), and that DN (out=OK or PARTIAL) is noted THREAD_CANCEL_AFTER_ACT, not the error THREAD_DONE_AFTER_CANCEL. The first refused line stops the request: it is not stored, the answer carries the UN its receiver sends, and the lines after it are skipped. The same message again under its id (same canonical form, as a line or its JSON form) is a duplicate (a retry, idempotent); another line under a used id is refused. An RB, AN, DN, FL or CX whose re= names no line of the thread is refused (THREAD_REPLY_AHEAD, with no UN): append what it answers first, then the reply again, which is then checked. An HO that re-issues a handoff with a challenge carries it (CHALLENGE_CARRIED). An HO that contradicts the record registered for it ahead, or carried to it (check-ho: HO_DIFFERS, HO_OMITS, HO_NEEDS_EXEC), is refused, with no UN, and one HO_DIFFERS finding with no slot or value whatever differs (HO_NEEDS_EXEC, which reads no value of the record, as check-ho gives it): the sender sees which value with check-ho; so is an RB that arrives after its own exp or its HO's (THREAD_READBACK_EXPIRED: it cannot be confirmed after it), and a line reusing a stored id gets no UN (its re= would name the stored line too). profile, on the first append that stores a line, fixes the thread's profile. Under an agent token, a line whose from= is not the token's agent (or cannot be read) is refused as any refused line is, with THREAD_SENDER_NOT_AGENT and no UN: the lines before it are stored, the rest skipped. A thread holds at most ${THREAD_CAPACITY.lines} lines and ${THREAD_CAPACITY.bytes} bytes of them (UTF-8, as stored): a request with a line to store past that is refused whole, 409 thread-full (line, limit, limitBytes), none of its lines stored, as is a request with a re-issue whose carried challenge would take the thread past the challenges it holds (as many as lines, and 16 MiB of them); a retry of a stored line is still a duplicate. ${THREAD_AUTH}`, { schema: "AppendRequest", example: { lines: [PAY_HO_EXP], profile: "pay" }, text: `${PAY_HO_EXP}\n` }, ok("One result per line.", "AppendResults"), [], ["invalid-request", "too-many-lines", "thread-conflict", "thread-full", "invalid-profile", ...ACCESS_PROBLEMS, "forbidden-party", ...BODY_PROBLEMS]) as Record<string, Json>), parameters: [THREAD] },
    get: { operationId: "listLines", summary: "The stored lines, in order, a page at a time", description: THREAD_AUTH, parameters: [THREAD, query("after", "Lines after this seq (default 0).", { type: "integer", minimum: 0 }), query("limit", `At most this many (default 1000); outside 1 to 10000 is refused, not clamped. A page also stops at ${PAGE_MIB} MiB of entries (next says where it goes on).`, { type: "integer", minimum: 1, maximum: 10000 })], responses: { "200": ok("The lines and the seq to ask after next (null at the end).", "LinePage"), ...problems("invalid-request", ...READ_PROBLEMS) } },
  },
  ...Object.fromEntries(STATE_LISTS.map((list) => [`/v1/threads/{thread}/${list}`, { get: { operationId: LIST_OPERATIONS[list], summary: `The thread state's ${LIST_WHAT[list]}, in full, a page at a time`, description: `GET /v1/threads/{thread} holds the first ${STATE_LIST_CAP}; this route pages through all of them, in the same order. ${THREAD_AUTH}`, parameters: [THREAD, query("after", "How many entries to skip: 0, or the next of the page before (default 0).", { type: "integer", minimum: 0 }), query("limit", `At most this many (default 1000); outside 1 to 10000 is refused, not clamped. A page also stops at ${PAGE_MIB} MiB of entries (next says where it goes on).`, { type: "integer", minimum: 1, maximum: 10000 })], responses: { "200": { description: `The ${LIST_WHAT[list]} and the after of the next page (null at the end).`, content: { "application/json": { schema: { type: "object", required: [list, "next"], properties: { [list]: { type: "array", items: { type: "object" } }, next: { type: ["integer", "null"] } } } } } }, ...problems("invalid-request", ...READ_PROBLEMS) } } }])),
  "/v1/threads/{thread}/handoffs/{handoff}": {
    get: { operationId: "getHandoff", summary: "One handoff: its line, where it stands, its checked readbacks, its findings", description: `Never returns the sender's challenge; a readback checked with one shows its verdicts and the receiver's values, not the sender's. ${THREAD_AUTH}`, parameters: [THREAD, HANDOFF, query("after", "How many entries of each list (readbacks, dones, findings) to skip: 0, or a next of the page before (default 0).", { type: "integer", minimum: 0 }), query("limit", `At most this many of each list (default 1000); outside 1 to 10000 is refused, not clamped. Each list also stops at ${PAGE_MIB} MiB (next says where it goes on).`, { type: "integer", minimum: 1, maximum: 10000 })], responses: { "200": ok("The handoff, each list a page.", "ThreadHandoff"), ...problems("invalid-request", "unknown-handoff", ...READ_PROBLEMS) } },
  },
  "/v1/threads/{thread}/handoffs/{handoff}/challenge": {
    post: { operationId: "registerChallenge", summary: "Register the sender's private challenge for an HO", description: "The withheld acceptance criteria (expectAcc, tier 4) and the record (tier 5) the server checks the HO's readback with. Registered before the readback arrives, each part once (a later registration adds the part not yet registered; one already registered is refused, 409: to change one, cancel the HO with a CX and send a new HO, not a re-issue, with the part registered for it), and never returned by any route. An HO that re-issues the handoff (rule 1, re= naming it or its void RB) carries its parts, which stand over any registered for the re-issue's id ahead of it (those are dropped, since anyone who can call the thread could have registered them): the re-issue's line is held to the record, its readback is checked with them, and its append answer says so (CHALLENGE_CARRIED). It may be registered before its HO is appended (202 says the HO is not yet known; if the HO then does not ask for a part of it, that part is dropped and the HO's append answer says so with READBACK_NOT_ASKED). Ahead of its HO the parts are read with profile, the profile the HO will name with p= (resolved as its p= is; an unknown name is 404 unknown-profile), fixed by the first registration that stores a part, else with the thread's profile or the core; an HO then read with another vocabulary is refused (HO_DIFFERS, slot p, with the profile named), and a later registration naming another profile, or for an appended HO one that is not the HO's, is 409 thread-conflict (parameter profile); a handoff already closed or superseded, or whose readback was already checked, or an id another type of line holds, is refused (409), as is a record that the HO already appended contradicts (check-ho's findings, HO_NEEDS_EXEC among them: cancel that HO and send one that matches); an HO appended after a record it contradicts is refused, whatever its rb= asks. Criteria for an appended HO without rb=acc or rb=plan, or a record for one without rb=exec or whose ask has no execution slots, are refused (400 invalid-request): its readback would be checked without them. Criteria that are not key:value, or that name a single-valued key twice, are refused (400 invalid-request, with the core's CRITERIA_SYNTAX or CRITERIA_REPEATED findings), as a record the vocabulary does not read is (422 invalid-record). Under an agent token, only the HO's sender, the agent its id names (<from>-<n>), registers its challenge, before or after the HO is appended, and on a thread that holds lines only as one of its parties; another agent's token is 403 forbidden-party. A thread holds at most as many challenges as lines, 100,000 (each is for one HO), and 16 MiB of them (UTF-8, as stored, each with the HO id it is kept under; a re-issue's carried copy counts): a registration past that is 409 thread-full (limit, limitBytes), nothing stored.", parameters: [THREAD, HANDOFF], requestBody: { required: true, content: { "application/json": { schema: ref("Challenge"), example: { record: PAY_RECORD } } } }, responses: { "204": { description: "Registered for a live HO of the thread." }, "202": ok("Registered ahead of its HO: no HO of the thread has this id yet; the challenge checks its readback once the HO is appended.", "ChallengeAhead"), ...problems("invalid-request", "invalid-record", "unknown-profile", "thread-conflict", "thread-full", ...ACCESS_PROBLEMS, "forbidden-party", ...BODY_PROBLEMS) } },
  },
  "/v1/threads/{thread}/statements": {
    post: { operationId: "prepareStatement", summary: "Prepare a statement: freeze a resolved call for an HO of the thread", description: `The call, checked by the core against the HO and stated as the RB the receiver relays (with x_tok). exp may not outlive the HO's and must not be past; the object expires the statement at exp by its own clock. A call whose statement's RB line would be longer than a line may be (8,192 bytes) is 422 line-too-long (parameter call): it could never be relayed. Refused (409) once a statement has run for the HO, or for an HO that re-issues it or that it re-issues (one act per handoff). Under an agent token, only the HO's receiver (to=) prepares; another agent's token is 403 forbidden-party, and an agent that is no party of the thread is refused so (needs: \"a party of the thread\") before the HO is looked up, the same answer whatever the HO. A thread holds at most as many statements as lines, ${THREAD_CAPACITY.lines} (each states an RB to relay as one of its lines), and ${THREAD_CAPACITY.bytes} bytes of them (UTF-8, as stored), committed, abandoned and expired ones included (they are kept as records): a prepare past that is 409 thread-full (limit, limitBytes), nothing stored.`, parameters: [THREAD], requestBody: { required: true, content: { "application/json": { schema: ref("PrepareRequest"), example: { handoff: "scheduler-1", call: PAY_CALL, exp: "20991231T2300Z" } } } }, responses: { "201": ok("The statement: token (a capability, returned only here), call, exp, readback (its JSON form) and line (the RB line the receiver relays), state.", "Statement"), ...problems("invalid-request", "unknown-handoff", "statement-refused", "thread-full", ...ACCESS_PROBLEMS, "forbidden-party", ...BODY_PROBLEMS) } },
  },
  "/v1/threads/{thread}/statements/{token}/commit": {
    post: { operationId: "commitStatement", summary: "Run a prepared statement: the frozen call, once, within its window", description: "Only once its act is cleared (section 5.3): the thread holds the statement's RB (the line prepare gave, relayed unchanged but for its tail) checked wilco, and the handoff is live (not closed by DN, UN, FL or CX, nor superseded), and no statement has run for it, or for an HO that re-issues it or that it re-issues (rule 1: the same HO sent again; one act for them all); otherwise 409 statement-refused says which. Under an agent token, only the HO's receiver (the statement's RB is from it) commits; another agent's token is 403 forbidden-party. Takes no body.", parameters: [THREAD, TOKEN], responses: { "200": ok("The committed statement and its call.", "Statement"), ...problems("unknown-statement", "statement-refused", ...ACCESS_PROBLEMS, "forbidden-party", "invalid-request", "body-too-large") } },
  },
  "/v1/threads/{thread}/statements/{token}/abandon": {
    post: { operationId: "abandonStatement", summary: "Abandon a prepared statement", description: "Under an agent token, only the HO's receiver (the statement's RB is from it) abandons; another agent's token is 403 forbidden-party (the sender withdraws the handoff with a CX, which abandons its statements). Takes no body.", parameters: [THREAD, TOKEN], responses: { "200": ok("The abandoned statement.", "Statement"), ...problems("unknown-statement", "statement-refused", ...ACCESS_PROBLEMS, "forbidden-party", "invalid-request", "body-too-large") } },
  },
  "/v1/agent-tokens": {
    post: { operationId: "issueAgentToken", summary: "An agent's token, for the operator to hand to that agent", description: "Only with the operator's bearer (RW_TOKEN itself; an agent token is 403 operator-only), and only on a Worker with RW_TOKEN (else 409 access-open: threads are open). The token is issued at the agent's current epoch (the Worker variable RW_AGENT_EPOCHS, a JSON object such as {\"writer\": 2}; an agent it does not name is at 0): rwa.<agent>.<mac> at epoch 0, rwa.<agent>~<epoch>.<mac> above it ('~' is in no agent name), the mac HMAC-SHA256 keyed with RW_TOKEN over a fixed label and the same <agent> or <agent>~<epoch> (base64url): derived, not stored, the same for the same agent until its epoch is raised, which revokes its tokens of earlier epochs (401 token-revoked), or RW_TOKEN changes, which revokes every token. An RW_AGENT_EPOCHS the Worker cannot read, or an RW_TOKEN no bearer can carry, issues none (500 worker-misconfigured). It reads only the threads its agent is a party of (any GET; else 403 forbidden-party) and acts as its agent only: it appends lines whose from= is the agent, to a thread its agent is a party of or that holds no line yet (else 403 forbidden-party) (another's is refused, THREAD_SENDER_NOT_AGENT, and the lines after it skipped), registers challenges for HO ids the agent sends (on a thread it may append to), and prepares, commits and abandons statements for HOs the agent receives; other acts are 403 forbidden-party.", parameters: [], requestBody: { required: true, content: { "application/json": { schema: ref("AgentTokenRequest"), example: { agent: "writer" } } } }, responses: { "200": ok("The agent and its token (Cache-Control: no-store).", "AgentToken"), ...problems("invalid-request", ...ACCESS_PROBLEMS, "operator-only", "access-open", "malformed-json", "json-too-deep", "body-too-large", "unsupported-media-type") }, security: [{ threadToken: [] }] },
  },
  "/v1/health": {
    get: { operationId: "health", summary: "Answers when the Worker is up", parameters: [], responses: { "200": ok("ok, the package name and version.", "Health"), ...problems("invalid-request") } },
  },
};

const STRING_OR_NULL: Json = { type: ["string", "null"] };
const SCALAR: Json = { oneOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] };
const SLOT_VALUE: Json = { oneOf: [SCALAR, { type: "array", items: SCALAR, minItems: 1 }] };
const SLOT_VALUES: Json = { type: "object", additionalProperties: SLOT_VALUE };
const FINDINGS: Json = { type: "array", items: ref("Finding") };
const MESSAGE_INPUT: Json = { oneOf: [{ type: "string", description: `An RW1 line (or a JSON form as JSON text), at most ${LIMITS.lineBytes} bytes of UTF-8 (line-too-long otherwise); maxLength bounds its characters, which are never more than its bytes.`, maxLength: LIMITS.lineBytes }, ref("Message")] };
const PROFILE_INPUT: Json = { oneOf: [{ type: "string", description: "A shipped profile's name." }, { type: "object", description: "An inline profile file, checked by the core (profiles/README.md)." }] };
const LINES: Json = { type: "array", items: MESSAGE_INPUT, maxItems: LIMITS.lines };
const results = (item: Record<string, Json>, required: string[]): Json => ({
  type: "object",
  required: ["ok", "results"],
  properties: { ok: { type: "boolean", description: "Every message passed." }, results: { type: "array", items: { type: "object", required: ["line", "ok", "findings", ...required], properties: { line: { type: "integer", description: "The line (text body) or 1-based position (JSON body)." }, ok: { type: "boolean" }, findings: FINDINGS, ...item } } } },
});

const OBJECT: Json = { type: "object" };

const schemas: Record<string, Json> = {
  AgentTokenRequest: { type: "object", required: ["agent"], properties: { agent: { type: "string", pattern: "^[A-Za-z0-9._-]+$", maxLength: AGENT_NAME_MAX, description: `The agent's name, as its lines' from= and to= give it; at most ${AGENT_NAME_MAX} characters (a longer one fits in no line; 400 invalid-request, limit gives it).` } } },
  AgentToken: { type: "object", required: ["agent", "epoch", "token"], properties: { agent: { type: "string" }, epoch: { type: "integer", minimum: 0, description: "The agent's epoch it was issued at (RW_AGENT_EPOCHS; 0 when the variable does not name the agent)." }, token: { type: "string", description: "rwa.<agent>.<base64url HMAC-SHA256> at epoch 0, rwa.<agent>~<epoch>.<base64url HMAC-SHA256> above: send it as Authorization: Bearer <token>." } } },
  AppendRequest: { type: "object", required: ["lines"], properties: { lines: LINES, profile: PROFILE_INPUT } },
  AppendResults: {
    type: "object",
    required: ["ok", "results", "lines"],
    properties: {
      ok: { type: "boolean", description: "No line was refused." },
      lines: { type: "integer", description: "Lines the thread holds now." },
      results: { type: "array", items: { type: "object", required: ["line", "status", "id", "seq", "findings"], properties: { line: { type: "integer" }, status: { enum: ["stored", "duplicate", "refused", "skipped"] }, id: STRING_OR_NULL, seq: { type: ["integer", "null"] }, findings: FINDINGS, refusal: { ...STRING_OR_NULL, description: "For a refused line: the UN its receiver sends." }, readback: ref("CheckedReadback"), cancelledStatements: { type: "integer" }, done: ref("CheckedDone"), trimmed: { const: true, description: `Past ${ANSWER_MIB} MiB of an answer (measured as twice its JSON text), each further result is trimmed: its findings, the readback's report (null) and the done check's findings are left out; GET /v1/threads/{thread}/findings and /handoffs/{id} give them.` } } } },
    },
  },
  CheckedReadback: { type: "object", required: ["rb", "handoff", "verdict", "report"], properties: { rb: { type: "string" }, handoff: { type: "string" }, verdict: { enum: ["wilco", "unverified", "void", "late"] }, report: { oneOf: [ref("ReadbackReport"), { type: "null" }] } } },
  CheckedDone: { type: "object", description: "A DN checked against its HO's plan (check-dn): the HO's values, and the last passing readback's (plan) where the HO left them to the receiver; where the HO (handoff) got none, the last passing readback of another HO of its re-issue line (rule 1), checked against the HO it read back.", required: ["dn", "handoff", "plan", "ok", "findings"], properties: { dn: { type: "string" }, handoff: { type: "string" }, plan: STRING_OR_NULL, ok: { type: "boolean" }, findings: FINDINGS } },
  ThreadState: { type: "object", required: ["thread", "now", "profile", "lines", "report", "open", "readbacks", "dones", "orphaned", "statements", "alarm", "next"], properties: { thread: { type: "string" }, now: { type: "string" }, profile: STRING_OR_NULL, lines: { type: "integer" }, report: ref("ThreadReport"), open: { type: "array", description: "The live handoffs: not closed nor superseded.", items: { type: "object", required: ["id", "exp", "due", "state"], properties: { id: { type: "string" }, exp: STRING_OR_NULL, due: STRING_OR_NULL, state: { enum: ["open", "held", "orphaned"] } } } }, readbacks: { type: "array", items: OBJECT }, dones: { type: "array", items: { type: "object", required: ["dn", "handoff", "ok"], properties: { dn: { type: "string" }, handoff: { type: "string" }, ok: { type: "boolean" } } } }, orphaned: { type: "array", description: "What an alarm found left open: a handoff past its exp or due (code THREAD_EXPIRED, THREAD_OVERDUE), an AQ unanswered past its by= (code THREAD_QUESTION_OVERDUE, handoff the AQ's id), with when (at, an RW1 time; marked, epoch ms). A history: a later close or answer does not remove an entry.", items: { type: "object", required: ["handoff", "code", "at", "marked"], properties: { handoff: { type: "string" }, code: { enum: ["THREAD_EXPIRED", "THREAD_OVERDUE", "THREAD_QUESTION_OVERDUE"] }, at: { type: "string" }, marked: { type: "integer" } } } }, statements: { type: "object", additionalProperties: { type: "integer" } }, alarm: { type: ["integer", "null"], description: "Epoch ms." }, next: { type: "object", description: `Each list (report.findings, report.owners, open, readbacks, dones, orphaned) holds at most ${STATE_LIST_CAP} entries, and at most ${PAGE_MIB} MiB of them; where more exist, the after its own route (GET /v1/threads/{thread}/<list>) continues from, else null.`, required: [...STATE_LISTS], properties: Object.fromEntries(STATE_LISTS.map((list) => [list, { type: ["integer", "null"] }])) } } },
  LinePage: { type: "object", required: ["lines", "next"], properties: { lines: { type: "array", items: { type: "object", required: ["seq", "id", "line"], properties: { seq: { type: "integer" }, id: { type: "string" }, line: { type: "string" } } } }, next: { type: ["integer", "null"] } } },
  ThreadHandoff: { type: "object", required: ["line", "state", "readbacks", "dones", "findings", "next"], properties: { line: { type: "string" }, state: ref("HandoffState"), readbacks: { type: "array", items: ref("CheckedReadback") }, dones: { type: "array", items: ref("CheckedDone") }, findings: FINDINGS, next: { type: "object", description: "For each list, the after of its next page (GET the handoff again with ?after=), or null once it is whole.", required: ["readbacks", "dones", "findings"], properties: { readbacks: { type: ["integer", "null"] }, dones: { type: ["integer", "null"] }, findings: { type: ["integer", "null"] } } } } },
  Challenge: { type: "object", properties: { expectAcc: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }], description: "Withheld criteria, key:value." }, record: { type: "object", description: "The sender's record: slot values, with $resolve for what the receiver resolves." }, profile: { type: "string", description: "The profile the HO names with p= (pay, clin, ...): ahead of the HO, the parts are read with it and the HO is held to it." } } },
  PrepareRequest: { type: "object", required: ["handoff", "call", "exp"], properties: { handoff: { type: "string" }, call: SLOT_VALUES, exp: { type: "string", description: "YYYYMMDDTHHMMZ (UTC)." }, n: { type: "integer", minimum: 0, description: "The RB's number (default: the receiver's next). One whose RB id the thread already holds, or another statement states, is refused (409 statement-refused): that RB could never be relayed." } } },
  ChallengeAhead: { type: "object", required: ["handoff", "known", "detail"], properties: { handoff: { type: "string" }, known: { const: false }, detail: { type: "string" } } },
  Statement: { type: "object", required: ["token", "handoff", "call", "exp", "readback", "state"], properties: { token: { type: "string" }, handoff: { type: "string" }, call: SLOT_VALUES, exp: { type: "string" }, readback: ref("Message"), line: { type: "string", description: "The readback as its line (prepare only)." }, findings: { ...(FINDINGS as object), description: "The core's notes on the call (prepare only), e.g. EXEC_DIFFERS where it differs from the HO's value." }, state: { enum: ["pending", "committed", "abandoned", "expired", "cancelled"] }, prepared: { type: "string", description: "The moment of the prepare, YYYYMMDDTHHMMZ (UTC): no commit is earlier." } } },
  Finding: {
    type: "object",
    required: ["code", "severity", "message"],
    properties: {
      code: { type: "string", description: "A stable code from the core's FINDING_CODES." },
      severity: { enum: ["error", "note"], description: "error refuses; note informs." },
      message: { type: "string" },
      slot: { type: "string" },
      at: { type: "integer", description: "Where the problem starts in the line: a 0-based offset in UTF-16 code units (a character outside the Basic Multilingual Plane counts two)." },
      expected: { type: "string" },
      received: { type: "string" },
      path: { type: "string" },
    },
  },
  Message: {
    type: "object",
    description: "The JSON form of an RW1 message (spec section 6).",
    required: ["v", "type", "id", "re", "from", "to", "item", "slots", "tail"],
    properties: { v: { type: "string" }, type: { type: "string" }, id: { type: "string" }, re: STRING_OR_NULL, from: STRING_OR_NULL, to: STRING_OR_NULL, item: STRING_OR_NULL, slots: SLOT_VALUES, tail: STRING_OR_NULL },
  },
  Problem: {
    type: "object",
    description: "RFC 9457 problem details. type is one of GET /v1/problems; extension members: parameter, line, limit, limitBytes, findings, profile, accepted, agent, needs, epoch, current, variable.",
    required: ["type", "title", "status", "detail"],
    properties: { type: { type: "string", format: "uri-reference" }, title: { type: "string" }, status: { type: "integer" }, detail: { type: "string" }, instance: { type: "string" }, parameter: { type: "string" }, line: { type: "integer" }, limit: { type: "integer" }, limitBytes: { type: "integer", description: "thread-full: the bytes of lines a thread holds at most, and of challenges, and of statements." }, findings: FINDINGS, agent: { type: "string", description: "The agent token's agent (forbidden-party, operator-only, token-revoked)." }, needs: { type: "string", description: "forbidden-party: the agent the act needs, or \"a party of the thread\" (a read, a write to a thread that holds lines, a prepare)." }, epoch: { type: "integer", description: "token-revoked: the epoch the token was issued at." }, current: { type: "integer", description: "token-revoked: the agent's epoch now (RW_AGENT_EPOCHS)." }, variable: { type: "string", description: "worker-misconfigured: the Worker variable (or secret) it cannot read: RW_AGENT_EPOCHS or RW_TOKEN." } },
  },
  LinesRequest: { type: "object", required: ["lines"], properties: { lines: LINES, profile: PROFILE_INPUT } },
  ValidateRequest: { type: "object", required: ["lines"], properties: { lines: LINES, profile: PROFILE_INPUT, as: { type: "string" }, seq: { type: "integer", minimum: 0 } } },
  ThreadRequest: { type: "object", required: ["lines"], properties: { lines: LINES, profile: PROFILE_INPUT, now: { type: ["string", "null"], pattern: "^\\d{8}T\\d{4}Z$", description: "The moment of the audit (UTC); default: now; null: no clock, nothing is past its exp or due." } } },
  LegendRequest: { type: "object", properties: { profile: PROFILE_INPUT, lean: { type: "boolean" } } },
  MakeRbRequest: {
    type: "object",
    required: ["ho"],
    properties: { ho: MESSAGE_INPUT, profile: PROFILE_INPUT, n: { type: "integer", minimum: 0 }, acc: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }, do: { type: "string" }, not: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }, asm: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }, eta: { type: "string" }, exp: { type: "string" }, tail: { type: "string" }, exec: SLOT_VALUES },
  },
  CheckRbRequest: { type: "object", required: ["ho", "rb"], properties: { ho: MESSAGE_INPUT, rb: MESSAGE_INPUT, profile: PROFILE_INPUT, expectAcc: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }, record: { type: "object", description: "The sender's record: slot values, and \"$resolve\": [slots the receiver resolves]." } } },
  CheckHoRequest: { type: "object", required: ["ho"], description: "Exactly one of record and relayFrom.", properties: { ho: MESSAGE_INPUT, profile: PROFILE_INPUT, record: { type: "object" }, relayFrom: MESSAGE_INPUT, adds: SLOT_VALUES } },
  CheckDnRequest: { type: "object", required: ["ho", "dn"], properties: { ho: MESSAGE_INPUT, dn: MESSAGE_INPUT, rb: MESSAGE_INPUT, profile: PROFILE_INPUT, record: { type: "object", description: "The sender's record: slot values, and \"$resolve\": [slots the receiver resolves]. Checks the values the readback resolved." } } },
  ParseResults: results({ message: { oneOf: [ref("Message"), { type: "null" }] } }, ["message"]),
  FormatResults: results({ text: STRING_OR_NULL }, ["text"]),
  ValidateResults: results({ refusal: { ...(STRING_OR_NULL as object), description: "With as: the UN line the receiver sends; null when the line passed or no reply can be addressed (refusalFindings says why: no id or sender to reply to, sent by the receiver itself, or addressed to another agent)." }, refusalFindings: FINDINGS }, []),
  DigestResults: results({ h: { type: ["string", "null"], pattern: "^[0-9a-f]{12}$" } }, ["h"]),
  MakeRbResult: { type: "object", required: ["ok", "line", "message", "findings"], properties: { ok: { type: "boolean" }, invalid: { const: "HO", description: "Present when the HO does not parse or is refused: no readback is composed from it." }, line: STRING_OR_NULL, message: { oneOf: [ref("Message"), { type: "null" }] }, findings: FINDINGS } },
  ReadbackReport: {
    type: "object",
    required: ["roger", "wilco", "tiers", "notes"],
    properties: {
      roger: { type: "boolean", description: "Received and intact: tiers 1 and 2." },
      wilco: { type: "boolean", description: "Every tier asked for passes: ownership moves." },
      tiers: { type: "array", minItems: 5, maxItems: 5, items: { type: "object", required: ["tier", "name", "result", "findings"], properties: { tier: { type: "integer" }, name: { enum: ["receipt", "integrity", "echo", "comprehension", "execution"] }, result: { enum: ["pass", "fail", "not-asked"] }, findings: FINDINGS } } },
      notes: FINDINGS,
    },
  },
  CheckReport: { type: "object", required: ["ok", "findings"], properties: { ok: { type: "boolean" }, findings: FINDINGS } },
  DelegationFinding: {
    type: "object",
    required: ["code", "severity", "message"],
    properties: { code: { type: "string", description: "A stable code from core/delegation's DELEGATION_CODES." }, severity: { enum: ["error", "note"] }, message: { type: "string" }, path: { type: "string", description: "Where in the document, dotted (scope.objects.0)." }, dimension: { type: "string", description: "The sub-delegation dimension or permission predicate." }, expected: { type: "string" }, received: { type: "string" } },
  },
  DelegationValidateRequest: { type: "object", required: ["record"], properties: { record: { description: "The record: a JSON object (or an array, for a ControlFenceSet)." }, kind: { type: "string" }, consequential: { type: "boolean" }, requireSignature: { type: "boolean" } } },
  DelegationCheckChildRequest: { type: "object", required: ["parent", "child", "chain"], properties: { parent: OBJECT, child: OBJECT, chain: OBJECT, siblings: { type: "array", items: OBJECT, description: "The parent's other live children (Delegation Contracts): the child's additive budgets (spend, tokens, tool calls, items, concurrency) summed with theirs stay within the parent's (ATTENUATION_BUDGET_SHARED; spend in another currency, BUDGET_UNITS_UNLIKE). Without it the child is compared with the parent alone." } } },
  DelegationCheckReassignmentRequest: { type: "object", required: ["prior", "next"], properties: { prior: OBJECT, next: OBJECT, parent: { type: "object", description: "A child delegation's parent contract, the exact revision next.parent_contract_ref names: the new delegatee is checked against its eligible_delegates. Required to allow a child delegation's next revision: its new delegatee is checked against it, and its chain." }, chain: { type: "object", description: "A child delegation's DelegationAttestationChain for the next revision, root first, its last link attesting next exactly: checked against parent as check-child checks a chain (section 8). Required for a child delegation; refused with a root one (CHAIN_BROKEN)." }, attempts: { type: "array", items: OBJECT, description: "The delegation's ExecutionAttempts so far: next takes no more of each additive budget than the prior's limit less their budget_consumption (section 11.4's remaining budget; ATTENUATION_BUDGET_REMAINING). An attempt of another delegation is ATTEMPT_DELEGATION." }, checkpoints: { type: "array", items: OBJECT, description: "The prior revision's DelegationCheckpoints a resume under next continues from (section 7.2; 11.4's CP-7): each one's remaining_budget claims no more than the prior's limits and expiry leave after the attempts' consumption recorded up to its written_at (CHECKPOINT_REMAINDER_OVERSTATED), and next grants no more than the least of the two, in each dimension the checkpoint states (CHECKPOINT_REMAINDER_EXCEEDED). A checkpoint of another revision than prior cannot be verified (CHECKPOINT_REMAINDER_UNVERIFIED). Its input_revisions are the prior's exact inputs (INPUT_NOT_EXACT) and, of what its attempt records, revisions that attempt used or produced (CHECKPOINT_INPUT_UNUSED), and next and a resume keep them (INPUT_STALE); a resume records a receipt read back of each of its external_operations pending or unknown (RESUME_UNRECONCILED)." } } },
  DelegationCheckAttemptsRequest: { type: "object", required: ["contract", "attempts"], properties: { contract: OBJECT, attempts: { type: "array", items: OBJECT, description: "The delegation's ExecutionAttempts, in any order; an attempt given at two revisions (appended running, then ended) counts once, at its latest." }, checkpoints: { type: "array", items: OBJECT, description: "DelegationCheckpoints of the contract's revision (section 7.2): each one's remaining_budget claims no more than the contract's limits and expiry leave after the attempts' consumption recorded up to its written_at (CHECKPOINT_REMAINDER_OVERSTATED); one of another revision cannot be verified (CHECKPOINT_REMAINDER_UNVERIFIED). Its input_revisions are the contract's exact inputs (INPUT_NOT_EXACT) and, of what its attempt records, revisions that attempt used or produced (CHECKPOINT_INPUT_UNUSED), and a resume naming it keeps them (INPUT_STALE) and records a receipt read back of each of its external_operations pending or unknown (RESUME_UNRECONCILED)." } } },
  DelegationCheckCardRevisionRequest: { type: "object", required: ["prior", "next"], properties: { prior: { type: "object", description: "The Agent Card revision in force." }, next: { type: "object", description: "The card's next revision: its prior_revision_ref names prior exactly." } } },
  DelegationCheckFencesRequest: { type: "object", required: ["fences", "heads"], properties: { fences: { type: "array", items: OBJECT }, heads: { type: "array", items: OBJECT, description: "ControlBoundaryRef plus state (active suspended expired revoked unresolved unavailable) and, optionally, record_ref." }, required: { type: "array", items: OBJECT } } },
  DelegationEvaluateRequest: { type: "object", required: ["contract", "card", "request", "fences", "heads", "policy_ref", "evaluator_ref"], properties: { contract: OBJECT, card: OBJECT, request: { type: "object", description: "The PermissionRequest: { operation, object, tool?, data_classes, effect_class, effect_digest, executor_actor_ref, at, attempt, prior_outcome?, reconciled?, usage?, adapter? }. adapter is the ExecutionAttempt's adapter shape ({ protocol, version, tool, extensions?, endpoint_ref?, remote_ids?, authentication_method?, card_form?, card_digest? }), judged against the card's supported_adapters: one entry declares its exact protocol/version, its authentication method, its endpoint (when the entry lists endpoints) and every negotiated extension among its feature flags, else a consequential effect is denied, ADAPTER_UNSUPPORTED, and any other noted, ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL (section 10.3). adapter.tool is the tool the effect runs through, the scope tool tool names: a different tool beside it is denied, ADAPTER_TOOL_MISMATCH, and a request naming only its adapter is judged on adapter.tool (scope.tools, denials). A task, session or context ID in adapter.remote_ids that is the executor's, the contract's or the card's identifier is denied, ADAPTER_ID_SUBSTITUTED. A request naming no adapter is not judged on it." }, fences: { type: "array", items: OBJECT }, heads: { type: "array", items: OBJECT, description: "The current heads: ControlBoundaryRef plus state and record_ref. The head of the contract's own delegation stream names the contract revision in force, the head of the executing agent's stream the card in force; either without record_ref leaves that revision unresolved and the evaluation denies, HEAD_RECORD_UNRESOLVED. Other heads (space, policy, consent, ancestors) may omit it." }, approvals: { type: "array", items: OBJECT }, chain: { type: "object", description: "A child contract's DelegationAttestationChain, root first: every ancestor it names must be fenced (section 8). Required for a child contract (one with a parent_contract_ref): without it the evaluation denies, CHAIN_BROKEN." }, policy_ref: OBJECT, evaluator_ref: OBJECT } },
  DelegationRecordReport: { type: "object", required: ["ok", "kind", "findings"], properties: { ok: { type: "boolean" }, kind: STRING_OR_NULL, findings: { type: "array", items: ref("DelegationFinding") } } },
  SubdelegationReport: { type: "object", required: ["ok", "decision", "failed", "findings"], properties: { ok: { type: "boolean" }, decision: { enum: ["allow", "deny"] }, failed: { type: "array", items: { type: "string" } }, findings: { type: "array", items: ref("DelegationFinding") } } },
  DelegationCheckReport: { type: "object", required: ["ok", "findings"], properties: { ok: { type: "boolean" }, findings: { type: "array", items: ref("DelegationFinding") } } },
  FenceReport: { type: "object", required: ["ok", "streams", "findings"], properties: { ok: { type: "boolean" }, streams: { type: "array", items: { type: "object", properties: { project_id: { type: "string" }, branch_id: { type: "string" }, fenced: { type: "integer" }, head: { type: ["integer", "null"] }, result: { enum: ["current", "stale", "missing", "ambiguous", "suspended", "expired", "revoked", "unresolved", "unavailable"] } } } }, findings: { type: "array", items: ref("DelegationFinding") } } },
  PermissionEvaluation: { type: "object", required: ["ok", "decision", "matched_rules", "denied_by", "findings"], properties: { ok: { type: "boolean" }, decision: { enum: ["allow", "deny"] }, matched_rules: { type: "array", items: { type: "object", properties: { rule: { type: "string" }, matched: { type: "string" } } } }, denied_by: { type: "array", items: { type: "string" } }, findings: { type: "array", items: ref("DelegationFinding") }, contract_ref: OBJECT, card_ref: OBJECT, policy_ref: OBJECT, requested_effect_digest: { type: "string" }, evaluator_ref: OBJECT, control_fence_set: { type: "array", items: OBJECT }, evaluated_at: { type: "string" } } },
  MailboxPreflightRequest: { type: "object", required: ["message"], properties: { message: { type: "string", description: "The message as written: Markdown with YAML frontmatter." }, mode: { enum: ["outbound", "inbound"] }, parent: { oneOf: [{ type: "string", description: "The parent message's text." }, { type: "object", required: ["id", "kind"], properties: { id: { type: "string" }, kind: { type: "string" }, file: { type: ["string", "null"] } } }] }, profile: PROFILE_INPUT } },
  MailboxPreflight: {
    type: "object",
    required: ["ok", "mode", "id", "envelope", "legacy", "findings", "rw1"],
    properties: {
      ok: { type: "boolean", description: "No finding is an error." },
      mode: { enum: ["outbound", "inbound"] },
      id: { ...(STRING_OR_NULL as object), description: "The message's UUIDv7 when it is canonical, even in a refused message." },
      envelope: { oneOf: [{ type: "object", description: "meta.mailbox as read (core/mailbox's MailboxEnvelope)." }, { type: "null" }] },
      legacy: { type: "boolean", description: "The envelope was read from legacy flat fields (inbound only)." },
      findings: { type: "array", items: { allOf: [ref("Finding"), { type: "object", properties: { line: { type: "integer", description: "1-based line in the message." }, causes: FINDINGS } }] } },
      rw1: { type: "array", items: { type: "object", required: ["line", "text", "ok", "findings"], properties: { line: { type: "integer" }, text: { type: "string" }, ok: { type: "boolean" }, findings: FINDINGS } } },
    },
  },
  HandoffState: {
    type: "object",
    required: ["id", "state", "closedBy", "readback", "supersededBy"],
    properties: {
      id: { type: "string" },
      state: { enum: ["open", "held", "orphaned", "superseded", "closed"] },
      closedBy: { enum: ["DN", "UN", "FL", "CX", null] },
      readback: { enum: ["wilco", "void", "unverified", null] },
      supersededBy: STRING_OR_NULL,
    },
  },
  CheckThreadResult: {
    allOf: [
      ref("ThreadReport"),
      {
        type: "object",
        required: ["handoffs", "now", "invalid", "rejected"],
        properties: {
          handoffs: { type: "array", description: "Every tracked HO and where it stands at now (the core's handoffs(now)).", items: ref("HandoffState") },
          now: { type: ["string", "null"], description: "The moment of the audit; null when the request asked for no clock." },
          invalid: { type: "integer" },
          rejected: { type: "array", items: { type: "object", properties: { line: { type: "integer" }, findings: FINDINGS } } },
        },
      },
    ],
  },
  ThreadReport: {
    type: "object",
    required: ["ok", "findings", "owners", "counts"],
    properties: {
      ok: { type: "boolean", description: "The verdict, as rw check-thread's exit code: no thread finding is an error and no line was rejected (rejected lines are counted in invalid)." },
      findings: { type: "array", items: { allOf: [ref("Finding"), { type: "object", properties: { handoff: { type: "string" }, id: { type: "string" }, line: { type: ["integer", "null"] }, causes: FINDINGS } }] } },
      owners: { type: "array", items: { type: "object", required: ["item", "owner", "handoff"], properties: { item: { type: "string" }, owner: { type: "string" }, handoff: STRING_OR_NULL, readback: { enum: ["void", "unverified", "late"], description: "Only while the first sender holds the item (handoff null) and readbacks of its HOs came, none passing: the last one's verdict, or late (after its HO closed, not checked). Absent when no readback came." } } } },
      counts: ref("ThreadCounts"),
    },
  },
  ThreadCounts: {
    ...counted(["messages", "handoffs", "open", "closed", "cancelled", "superseded", "readbacks", "endedUnread", "questions"]),
    properties: {
      ...counted(["messages", "handoffs", "closed", "cancelled", "superseded"]).properties,
      open: { type: "integer", minimum: 0, description: "Live handoffs (open, held or orphaned); a superseded HO is counted in superseded." },
      readbacks: counted(["passed", "void", "unverified", "late"]),
      endedUnread: { ...counted(["reissue", "cancel"]), description: "Handoffs that ended with no passing readback: by rule 1's re-issue or by a CX (5.4). Both valid." },
      questions: { ...counted(["asked", "answered", "open", "overdue"]), description: "The AQs (rule 2), each once (a retry is the same AQ): asked; answered by the receiver's first AN, or refused by its UN; open, unanswered at the report's moment (asked minus answered), the overdue included; overdue, open past their by= date (THREAD_QUESTION_OVERDUE)." },
    },
  },
  Legend: { type: "object", required: ["profile", "lean", "legend"], properties: { profile: STRING_OR_NULL, lean: { type: "boolean" }, legend: { type: "string" } } },
  ProfileList: { type: "object", properties: { profiles: { type: "array", items: { type: "object", properties: { name: { type: "string" }, version: STRING_OR_NULL, title: STRING_OR_NULL, desc: STRING_OR_NULL, href: { type: "string" } } } } } },
  ProblemKind: { type: "object", properties: { type: { type: "string" }, kind: { type: "string" }, status: { type: "integer" }, title: { type: "string" }, description: { type: "string" } } },
  ProblemKindList: { type: "object", properties: { problems: { type: "array", items: ref("ProblemKind") } } },
  Health: { type: "object", properties: { ok: { type: "boolean" }, name: { type: "string" }, version: { type: "string" } } },
};

/**
 * Thread routes name the bearer scheme, as optional (`{}`): the Worker asks for it only when it
 * has the secret RW_TOKEN. The stateless routes never do.
 */
function secured(all: Record<string, Record<string, Json>>): Record<string, Record<string, Json>> {
  const security: Json = [{ threadToken: [] }, {}];
  return Object.fromEntries(Object.entries(all).map(([path, item]) => [path, path.startsWith("/v1/threads/") ? Object.fromEntries(Object.entries(item).map(([method, op]) => [method, { ...(op as Record<string, Json>), security }])) : item]));
}

/** One response per status, listing the problem types that status carries. */
function problemResponses(): Record<string, Json> {
  const byStatus = new Map<number, string[]>();
  for (const [kind, p] of Object.entries(PROBLEMS)) byStatus.set(p.status, [...(byStatus.get(p.status) ?? []), problemType(kind as ProblemKindName)]);
  const out: Record<string, Json> = {};
  for (const [status, types] of byStatus) {
    out[`Status${status}`] = { description: `Problem details; type is one of ${types.join(", ")}.`, content: { "application/problem+json": { schema: ref("Problem") } } };
  }
  return out;
}

export const openApiDocument: Json = {
  openapi: "3.1.0",
  info: {
    title: "rogerwilco",
    version: pkg.version,
    summary: "RW1 lines checked in code: the rw command over HTTP.",
    description: `Stateless endpoints that mirror the rw command. JSON in and out; text/plain (UTF-8) lines where lines are the input, with options in the query. Any option may also be given as a query parameter (a JSON value as JSON text), but not twice with different values; a field or parameter a route does not take is refused. A refused line is a 200 result with findings; errors are application/problem+json (RFC 9457) with a stable type (GET /v1/problems). Limits: a body of at most ${LIMITS.bodyBytes} bytes (413), a line of at most ${LIMITS.lineBytes} bytes and at most ${LIMITS.lines} lines a request (422). CORS: any origin.`,
    license: { name: "Apache-2.0", identifier: "Apache-2.0" },
  },
  servers: [{ url: "/" }],
  paths: secured(paths),
  components: {
    schemas,
    responses: problemResponses(),
    securitySchemes: { threadToken: { type: "http", scheme: "bearer", description: "The secret RW_TOKEN (the operator), or an agent token made from it at its agent's epoch (POST /v1/agent-tokens; RW_AGENT_EPOCHS revokes an agent's tokens of earlier epochs). Thread routes need one when the Worker has RW_TOKEN; the stateless routes never do." } },
  },
};
