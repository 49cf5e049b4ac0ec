/**
 * `rw delegation validate | check-child | check-reassignment | check-attempts | check-card-revision
 * | check-fences | evaluate`: RW-003 records and the checks on them (core/delegation). Each reads
 * one JSON document from stdin or `--file` (all but validate and evaluate also take their parts
 * as options), prints the verdict and every finding, or the core's report with `--json`. Exit 0
 * pass, 1 failed, 2 usage.
 */
import { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkFencesDocument, checkReassignmentDocument, DOCUMENT_PARTS, evaluatePermissionDocument, RECORD_KINDS, strayParts, validateRecord } from "../../core/delegation/index.js";
import type { DelegationFinding, DocumentCheck, DocumentParts } from "../../core/delegation/index.js";
import { withControlsMarked as visible } from "../../core/index.js";
import { choiceOption, documentOption } from "../arguments.js";
import { readDocument } from "../document.js";
import { jsonText } from "../json-text.js";
import { needs, UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext, OptionSpec } from "./context.js";

/** A finding as a line; its path is shown unless the message already starts with it (or with where it is). */
const line = (f: DelegationFinding): string => {
  const lead = f.message.split(": ")[0] as string;
  const at = f.path === undefined || f.path === "" || f.message.startsWith(f.path) || f.path.startsWith(lead) ? "" : ` at ${f.path}`;
  return `  ${f.severity} ${f.code}${f.dimension === undefined ? "" : ` (${f.dimension})`}${at}: ${f.message}`;
};
/** A part of a document (or a field of a record) as given, whatever it is; undefined for input that is no object. */
const partOf = (doc: unknown, key: string): unknown => (doc !== null && typeof doc === "object" ? (doc as Record<string, unknown>)[key] : undefined);
const field = (value: unknown, key: string): string | undefined => {
  const v = partOf(value, key);
  return typeof v === "string" ? v : undefined;
};
/** A record's id and revision for a verdict line (` D-1@r2`), or "" when it names none. */
const named = (value: unknown): string => {
  const id = field(value, "record_id") ?? field(value, "event_id");
  const revision = field(value, "revision_id");
  return id === undefined ? "" : ` ${id}${revision === undefined ? "" : `@${revision}`}`;
};

/** Input that is not a JSON document: said on stderr, and with --json as the one object on stdout. */
async function unreadable(ctx: CommandContext, problem: string): Promise<void> {
  if (ctx.json) await ctx.out.line(jsonText({ ok: false, error: problem, findings: [] }));
  // The problem may quote the input (a key named twice): its controls are marked.
  await ctx.err.line(visible(`rw delegation: ${problem}`));
}

/** A check's document as its parts: `{ contract, attempts, checkpoints? }`. */
const shape = (parts: DocumentParts): string => `{ ${[...parts.required, ...parts.optional.map((p) => `${p}?`)].join(", ")} }`;

/**
 * The ways to give a check's input, for a usage error: one document, or its parts as options (when
 * it takes them), the way the caller chose first.
 */
function howToGive(ctx: CommandContext, parts: DocumentParts, asOptions: boolean, optionsFirst = false): string {
  const document = `one JSON document ${shape(parts)} on stdin or --file`;
  if (!asOptions) return document;
  const options = `rw ${ctx.name} ${parts.required.map((p) => `--${p} JSON`).join(" ")}`;
  return optionsFirst ? `${options}, or ${document}` : `${document}, or ${options}`;
}

/** What a JSON value that is no object is, for a usage error: `a list`, `a string`, `null`. */
const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "a list" : `a ${typeof value}`);

/**
 * The document: the parts given as options, else the whole input. What the command cannot run
 * without is a usage error naming every part missing, as the Worker's 400 names one: no input at
 * all, a document without a part its check requires (the core's DOCUMENT_PARTS; a document that
 * is no JSON object holds none), or a part's option whose file is empty. Input that is there but
 * is not JSON is invalid input, told (exit 1); a part that is there is the check's to read.
 */
async function input(ctx: CommandContext, check: DocumentCheck | null, asOptions = true): Promise<unknown> {
  const parts = check === null ? null : DOCUMENT_PARTS[check];
  const names = parts === null || !asOptions ? [] : [...parts.required, ...parts.optional];
  const given = names.filter((p) => ctx.options[p] !== undefined);
  if (given.length === 0) {
    const doc = await readDocument(ctx.file);
    if (!doc.ok && doc.empty) throw needs(ctx.name, parts === null ? ["a record"] : parts.required, `${parts === null ? "one JSON document on stdin or --file" : howToGive(ctx, parts, asOptions)}; ${doc.problem}`);
    if (!doc.ok) {
      await unreadable(ctx, doc.problem);
      return undefined;
    }
    if (parts === null) return doc.value;
    const fields = doc.value !== null && typeof doc.value === "object" && !Array.isArray(doc.value) ? (doc.value as Record<string, unknown>) : null;
    // A document that is no object holds none of the parts, as `{}` holds none: the same usage
    // error, as the Worker answers both with one 400 ("the JSON body is an object of fields").
    if (fields === null) throw needs(ctx.name, parts.required, `${howToGive(ctx, parts, asOptions)}; the document is ${kindOf(doc.value)}, not a JSON object`);
    // A member no part of the check (`checkpoint` for `checkpoints`) would be dropped unread, and
    // the check it feeds skipped: refused, as the Worker refuses a field its route does not take.
    const unknown = strayParts(check as DocumentCheck, fields);
    if (unknown.length > 0) throw new UsageError(`${ctx.name}: ${unknown.join(", ")} ${unknown.length === 1 ? "is no part" : "are no parts"} of its document ${shape(parts)}; a part misspelt would go unchecked`);
    const missing = parts.required.filter((p) => fields[p] === undefined);
    if (missing.length > 0) throw needs(ctx.name, missing, howToGive(ctx, parts, asOptions));
    return doc.value;
  }
  if (ctx.file !== undefined) throw new UsageError(`give the input as --file or as --${names.join(", --")}, not both`);
  const { required } = parts as DocumentParts;
  const how = howToGive(ctx, parts as DocumentParts, asOptions, true);
  const absent = required.filter((p) => ctx.options[p] === undefined).map((p) => `--${p}`);
  if (absent.length > 0) throw needs(ctx.name, absent, how);
  const read = given.map((p) => ({ p, part: documentOption(p, ctx.options[p] as string) }));
  // An empty part, optional or not, is one not given: read as absent, it would be dropped in silence.
  const empty = read.filter(({ part }) => !part.ok && part.empty).map(({ p }) => `--${p}`);
  if (empty.length > 0) throw needs(ctx.name, empty, `${how}; ${empty.join(", ")} ${empty.length === 1 ? "is" : "are"} empty`);
  const doc: Record<string, unknown> = {};
  for (const { p, part } of read) {
    if (!part.ok) {
      await unreadable(ctx, `--${p}: ${part.problem}`);
      return undefined;
    }
    doc[p] = part.value;
  }
  return doc;
}

async function report(ctx: CommandContext, ok: boolean, json: unknown, head: string, findings: readonly DelegationFinding[], extra: readonly string[] = []): Promise<number> {
  if (ctx.json) await ctx.out.line(jsonText(json));
  // Ids, paths and findings quote the document: each line with its controls and line breaks marked, so none forges a line.
  else await ctx.out.line([head, ...extra, ...findings.map(line)].map((l) => visible(l)).join("\n"));
  return ok ? PASS : FAIL;
}

async function validate(ctx: CommandContext): Promise<number> {
  const kind = choiceOption("kind", ctx.options["kind"] as string | undefined, RECORD_KINDS);
  const doc = await input(ctx, null);
  if (doc === undefined) return FAIL;
  const r = validateRecord(doc, { kind, consequential: ctx.options["consequential"] === true, requireSignature: ctx.options["require-signature"] === true });
  const verdict = r.ok ? (r.findings.length === 0 ? "ok" : "ok, with notes") : "refused";
  return report(ctx, r.ok, { ok: r.ok, kind: r.kind, findings: r.findings }, `${r.kind ?? "record"}${named(doc)}: ${verdict}`, r.findings);
}

/** A sub-delegation report's verdict in words: the dimensions it failed on, or that its input was refused. */
const allowedOrDenied = (r: { readonly ok: boolean; readonly failed: readonly string[] }): string => (r.ok ? "allowed" : r.failed.length > 0 ? `denied on ${r.failed.join(", ")}` : "denied: the input is refused");

async function checkChild(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "check-child");
  if (doc === undefined) return FAIL;
  const r = checkChildDocument(doc);
  const [child, parent] = [named(partOf(doc, "child")), named(partOf(doc, "parent"))];
  return report(ctx, r.ok, r, `child${child} of${parent || " (no parent)"}: ${allowedOrDenied(r)}`, r.findings);
}

async function checkReassignment(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "check-reassignment");
  if (doc === undefined) return FAIL;
  const r = checkReassignmentDocument(doc);
  const [next, prior] = [named(partOf(doc, "next")), named(partOf(doc, "prior"))];
  return report(ctx, r.ok, r, `revision${next} after${prior || " (no prior)"}: ${allowedOrDenied(r)}`, r.findings);
}

async function checkAttemptsCommand(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "check-attempts");
  if (doc === undefined) return FAIL;
  const r = checkAttemptsDocument(doc);
  const contract = named(partOf(doc, "contract"));
  return report(ctx, r.ok, r, `attempts under${contract || " (no contract)"}: ${r.ok ? "ok" : "refused"}`, r.findings);
}

async function checkCardRevisionCommand(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "check-card-revision");
  if (doc === undefined) return FAIL;
  const r = checkCardRevisionDocument(doc);
  const [next, prior] = [named(partOf(doc, "next")), named(partOf(doc, "prior"))];
  return report(ctx, r.ok, r, `card${next} after${prior || " (no prior)"}: ${r.ok ? "ok" : "refused"}`, r.findings);
}

async function checkFencesCommand(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "check-fences");
  if (doc === undefined) return FAIL;
  const r = checkFencesDocument(doc);
  const width = r.streams.reduce((w, s) => Math.max(w, s.branch_id.length), 0);
  const rows = r.streams.map((s) => `  ${s.branch_id.padEnd(width)}  ${s.result}${s.result === "current" || s.head === null ? "" : ` (fenced ${s.fenced}, head ${s.head})`}`);
  return report(ctx, r.ok, r, `fences: ${r.ok ? "current" : "fail closed"}`, r.findings, rows);
}

async function evaluate(ctx: CommandContext): Promise<number> {
  const doc = await input(ctx, "evaluate", false);
  if (doc === undefined) return FAIL;
  const r = evaluatePermissionDocument(doc);
  const request = partOf(doc, "request");
  const what = `${field(request, "operation") ?? "?"} ${field(request, "object") ?? "?"}`;
  const matched = r.ok && "contract_ref" in r ? [`  matched: ${r.matched_rules.map((m) => m.rule).join(", ")}`] : [];
  return report(ctx, r.ok, r, `permission for ${what}: ${r.decision}`, r.findings, matched);
}

const part = (what: string): OptionSpec => ({ type: "string", help: `${what}: inline JSON or a file (instead of one document on stdin or --file)` });

export const delegationValidateCommand: Command = {
  summary: "read an RW-003 record (card, contract, attempt, checkpoint, event, fence set, ...): ok or refused",
  options: {
    kind: { type: "string", help: `the kind of record (default: told by its fields): ${RECORD_KINDS.join(", ")}` },
    consequential: { type: "boolean", help: "the record is relied on for a consequential effect: an unsupported schema version is refused, not noted" },
    "require-signature": { type: "boolean", help: "the governing policy requires signed cards and grants" },
  },
  run: validate,
};

export const delegationCheckChildCommand: Command = {
  summary: "may a child contract become active under its parent? (RW-003 section 8)",
  input: "{ parent, child, chain, siblings? }",
  checks: [
    "every dimension of section 8, over the records; a denied result lists every failed dimension",
    "with siblings: the child's additive budgets (spend, tokens, tool calls, items, concurrency) are within what the parent's other live children leave",
    "not whether the parent is suspended now: that is check-fences' answer",
  ],
  options: { parent: part("the parent contract"), child: part("the proposed child contract"), chain: part("the child's attestation chain"), siblings: part("the parent's other live children, an array of contracts") },
  run: checkChild,
};

export const delegationCheckReassignmentCommand: Command = {
  summary: "may a delegation's next revision replace its prior? (RW-003 11.4)",
  input: "{ prior, next, parent?, chain?, attempts?, checkpoints? }",
  checks: [
    "the next revision keeps the same or a narrower scope; the delegatee may change (11.4)",
    "a child delegation's parent asserts active and its new delegatee is one of the parent's eligible delegates, and its new attestation chain holds as check-child checks one; without the parent or the chain, a child is denied",
    "with attempts: the next revision's budgets are within what the prior revision's attempts left of its limits (the next's or an earlier revision's attempts are not counted), and no later record of an attempt reports less consumed than the one it follows (7.1)",
    "with checkpoints of the prior: each one's remaining budget is within what the prior's limits leave after the attempts, and the next revision grants no more than it left",
    "each checkpoint's revisions of the prior's inputs are exact, and kept by the next revision and by a resume given; of each object its attempt wrote, only a revision that attempt used or produced (7.2 input fixity)",
    "a resume among the attempts records a receipt read back of each external operation its checkpoint left pending or unknown (denied on retries)",
    "one attempt's checkpoints are numbered up as written (denied on inputs), each of its attempt's delegation revision and written after it started, when that attempt is given (denied on budget)",
    "two records of one attempt (denied on retries) or of one checkpoint (denied on inputs) under one revision and content digest hold the same content; if not, nothing more is read from the attempts and checkpoints",
    "each attempt of the prior or the next revision starts within that revision, and ends by its expiry and max_duration (denied on duration), is its delegatee's, on its card, under its operator (denied on delegate), and ran through a tool that revision's scope authorizes (denied on tools, or on denials where a denial refuses it), and claims no Contribution where that revision allows no project mutation (denied on effect_class), as check-attempts holds them",
  ],
  options: { prior: part("the revision in force"), next: part("the next revision"), parent: part("a child delegation's parent contract"), chain: part("a child delegation's attestation chain for the next revision"), attempts: part("the delegation's ExecutionAttempts so far, an array"), checkpoints: part("the prior revision's DelegationCheckpoints a resume under the next revision continues from, an array") },
  run: checkReassignment,
};

export const delegationCheckAttemptsCommand: Command = {
  summary: "do a delegation's ExecutionAttempts keep its contract's retry policy? (RW-003 7.1, 7.2)",
  input: "{ contract, attempts, checkpoints? }",
  checks: [
    "every attempt counts against max_attempts; a retry follows only a retryable outcome, and waits the backoff after it",
    "the attempt after an unknown or partially_applied one reuses the contract-bound idempotency key",
    "a later record of an attempt reports no less consumed than the one it follows",
    "the attempts of the contract's revision together consume no more than its limits: tokens, tool calls, items, and spend only under its MoneyLimit, in its currency",
    "an attempt of the contract's revision starts within it and, once ended, ended by its expiry and max_duration from issued_at",
    "an attempt of the contract's revision is run by its delegatee (its exact card, Actor and operator), and uses an input the contract binds only at its exact revision",
    "an attempt of a revision whose effect classes allow no project mutation (read-only or external-only) claims no RW-002 Contribution (1.1)",
    "with checkpoints of the contract's revision: each one's remaining budget is within what its limits leave after the attempts, and its input revisions are the contract's exact ones",
    "a resume keeps the input revisions its checkpoint fixed, and records a receipt read back of each external operation its checkpoint left pending or unknown",
    "a checkpoint fixes, of each object its attempt wrote, only a revision that attempt used or produced",
    "one attempt's checkpoints are numbered up as written, each of its attempt's delegation revision and written after it started",
    "two records of one attempt, or of one checkpoint, under one revision and content digest hold the same content; if not, nothing more is read from them",
  ],
  options: { contract: part("the Delegation Contract"), attempts: part("the delegation's ExecutionAttempts, an array"), checkpoints: part("DelegationCheckpoints of the contract's revision, an array") },
  run: checkAttemptsCommand,
};

export const delegationCheckCardRevisionCommand: Command = {
  summary: "may an Agent Card's next revision follow its prior? (RW-003 4.3)",
  input: "{ prior, next }",
  checks: ["the next revision names the prior exactly, and is issued no earlier than it", "it keeps the agent Actor, unless it carries a continuity attestation of this rotation"],
  options: { prior: part("the card revision in force"), next: part("the next revision of the card") },
  run: checkCardRevisionCommand,
};

export const delegationCheckFencesCommand: Command = {
  summary: "is every fenced authority stream still at its head and active?",
  input: "{ fences, heads, required? }",
  options: { fences: part("the ControlFenceSet the effect carries"), heads: part("the current heads, each with its state"), required: part("the scopes the effect must fence (a contract's control_scopes)") },
  run: checkFencesCommand,
};

export const delegationEvaluateCommand: Command = {
  summary: "allow or deny one effect under its contract, card, fences and approvals",
  input: "{ contract, card, request, fences, heads, approvals?, chain?, policy_ref, evaluator_ref }",
  options: {},
  run: evaluate,
};
