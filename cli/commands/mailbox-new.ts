/**
 * `rw mailbox new PATH`: compose a message (or take a complete one with --message), preflight it
 * as the outbound message it is, and publish it create-once into the inbox. Defaults come from
 * the inbox: a reply's thread and request come from its parent, and the body links the parent.
 */
import { tmpdir } from "node:os";
import { basename } from "node:path";
import { stringify } from "yaml";
import { isBlankLine, withControlsMarked as visible } from "../../core/index.js";
import {
  analyzeMailbox,
  isCallsign,
  isUuid7,
  filenameTimeProblem,
  handshakeFieldProblem,
  isSlug,
  mailboxFinding,
  MAILBOX_KINDS,
  mailboxRootId,
  MAX_MESSAGE_BYTES,
  mayHoldSettledTags,
  messageFilename,
  newUuid7,
  parentInfo,
  parseFilename,
  preflight,
  primerBlocksClaim,
  publicationFindings,
  readMailboxMessage,
  rootBindingDrift,
  settledTagSet,
  slugify,
  uuid7Time,
} from "../../core/mailbox/index.js";
import type { MailboxEnvelope, MailboxFinding, MailboxKind } from "../../core/mailbox/index.js";
import { pathOption } from "../arguments.js";
import { jsonText } from "../json-text.js";
import { terminalText } from "../terminal-text.js";
import { readMailboxFolders } from "../mailbox/archive.js";
import { arrivalsWithId } from "../mailbox/arrivals.js";
import type { Inbox } from "../mailbox/inbox.js";
import { discoverMailbox, isInside, noMailboxAt, PathRefusal } from "../mailbox/paths.js";
import { primerState } from "../mailbox/primer.js";
import { NameTaken, publishOnce, PublishRefusal } from "../mailbox/publish.js";
import { bindRoot, refuseStateInside } from "../mailbox/state.js";
import { needs, UsageError } from "../usage-error.js";
import { readTextFileAtMost } from "../input.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";

/**
 * A comma-separated option (`--to LYRA, VEGA`): the spaces and tabs around each item are the
 * list's. A no-break space is the item's own, left for the core to refuse (`CALLSIGN_INVALID`),
 * never trimmed off into a callsign or tag not given. An empty item among others (`LYRA,,ORION`,
 * `LYRA,`) is refused: dropped, a recipient or tag lost in the typing would go unseen.
 */
function list(name: string, value: string | undefined): string[] {
  if (value === undefined || isBlankLine(value)) return [];
  const items = value.split(",");
  const empty = items.findIndex((s) => isBlankLine(s));
  if (empty !== -1) throw new UsageError(`--${name} ${JSON.stringify(value)}: item ${empty + 1} of ${items.length} is empty; give each item once, separated by single commas`);
  return items.map(withoutBlankEnds);
}

/** `s` without the spaces and tabs at its ends, found by index: /[ \t]+$/ is quadratic in a long inner run of them. */
function withoutBlankEnds(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && (s[start] === " " || s[start] === "\t")) start++;
  while (end > start && (s[end - 1] === " " || s[end - 1] === "\t")) end--;
  return s.slice(start, end);
}

function option(ctx: CommandContext, name: string): string | undefined {
  const v = ctx.options[name];
  return typeof v === "string" ? v : undefined;
}


const NEEDS_HOW = "rw mailbox new PATH --from CALLSIGN --kind KIND --arena ARENA --machine MACHINE, the Handler-pinned opaque arena alias and machine alias or UUID; or --message FILE";

/**
 * What composing a message cannot do without (none with --message, which publishes one as
 * written), checked with PATH before the inbox is read, so one usage error names all that is
 * missing. An empty value (an unset variable) is none: composed, it would be refused as a message,
 * not a call. One of only spaces and tabs is none too; any other character is a value, for the
 * core to judge.
 */
function missingToCompose(options: Readonly<Record<string, string | boolean | undefined>>): string[] {
  if (options["message"] !== undefined) return [];
  return ["from", "kind", "arena", "machine"].filter((name) => { const v = options[name]; return isBlankLine(typeof v === "string" ? v : ""); }).map((name) => `--${name}`);
}

/**
 * The options that publish rather than compose: with --message, every other option of the command
 * (and --file, the body's file) would compose a message, and is refused. Named this way round, an
 * option added later counts as composing until said otherwise, so none is dropped in silence.
 */
const PUBLISHING = new Set(["slug", "message", "staging", "state", "dry-run"]);

/** The message composed from the options, over what the inbox says about its parent. */
function compose(ctx: CommandContext, inbox: Inbox, root: string, after: number | undefined): { text: string; slug: string } {
  const from = option(ctx, "from");
  const kind = option(ctx, "kind");
  // rw refused a call without them before the command ran (missingToCompose); this narrows the types.
  if (from === undefined || kind === undefined) throw needs(ctx.name, missingToCompose(ctx.options), NEEDS_HOW);
  // Identifiers go into the envelope as given: the preflight refuses a non-canonical one
  // (UUID_INVALID), as the core does, rather than normalising it into validity (section 7).
  const replyTo = option(ctx, "reply-to");
  const parent = replyTo === undefined ? undefined : inbox.entries.find((e) => e.envelope.id === replyTo);
  if (replyTo !== undefined && parent === undefined && isUuid7(replyTo)) throw new UsageError(`--reply-to ${replyTo}: no valid message in the inbox or its archive has this UUID; a reply cites the exact message it answers`);
  // Tried again after its names were taken (NamesTaken), a generated UUID is a millisecond past the
  // last one at least, so its file name is another: two racing publishers never take one forever.
  const id = option(ctx, "id") ?? (after === undefined ? newUuid7() : newUuid7({ msecs: Math.max(Date.now(), after + 1) }));
  const p: MailboxEnvelope | undefined = parent?.envelope;
  const full = ctx.options["full"] === true;
  const seqGiven = option(ctx, "seq");
  // A hello or resume is a true root (section 9): its reply_to only cites, so it opens a thread of
  // its own rather than joining the cited message's, which may be closed or archived.
  const citation = Object.hasOwn(MAILBOX_KINDS, kind) && MAILBOX_KINDS[kind as MailboxKind].parent === "root";
  const thread = option(ctx, "thread") ?? (p !== undefined && !citation ? p.thread : newUuid7());
  let seq: number | undefined = seqGiven === undefined ? undefined : Number(seqGiven);
  if (seqGiven !== undefined && !/^\d{1,9}$/.test(seqGiven)) throw new UsageError(`--seq ${seqGiven}: a whole number`);
  if (full && seq === undefined) {
    const mine = inbox.entries.filter((e) => e.envelope.thread === thread && e.envelope.from === from && e.envelope.seq !== null).map((e) => e.envelope.seq as number);
    seq = mine.reduce((a, b) => Math.max(a, b), 0) + 1;
  }
  const budget = option(ctx, "exchange-budget");
  // Which kinds carry the handshake's fields, and whether a root may, is the core's rule; without
  // --reply-to the message is a root. What its parent shows is the preflight's (TERMS_MISPLACED).
  const opensThread = replyTo === undefined || replyTo === "";
  for (const [name, field] of [["terms", "terms"], ["exchange-budget", "exchange_budget"]] as const) {
    const problem = option(ctx, name) !== undefined && Object.hasOwn(MAILBOX_KINDS, kind) ? handshakeFieldProblem(field, kind as MailboxKind, opensThread, option(ctx, "terms") !== undefined) : null;
    if (problem !== null) throw new UsageError(`--${name} with --kind ${kind}: ${problem}`);
  }
  const envelope: Record<string, unknown> = {
    version: 1,
    profile: full ? "FULL" : "CORE",
    id,
    thread,
    ...(option(ctx, "session") === undefined ? {} : { session: option(ctx, "session") }),
    // Whether an answer carries its parent's request_id or opens a request of its own is the core's kind data.
    request_id: option(ctx, "request-id") ?? (p !== undefined && Object.hasOwn(MAILBOX_KINDS, kind) && MAILBOX_KINDS[kind as MailboxKind].request === "parent" ? p.request_id : newUuid7()),
    ...(seq === undefined ? {} : { seq }),
    from,
    to: list("to", option(ctx, "to")),
    kind,
    reply_to: replyTo ?? "",
    expects_reply: ctx.options["no-reply"] !== true,
    arena: option(ctx, "arena"),
    machine: option(ctx, "machine"),
    root,
    // An answer defaults to its parent's transport (and tags, defaultTags): the handshake settles
    // both, and a welcome's "accept" that restated other ones would be a counter (COUNTER_AS_ACCEPT).
    transport: option(ctx, "transport") ?? p?.transport ?? "local",
    ...(option(ctx, "terms") === undefined ? {} : { terms: option(ctx, "terms") }),
    ...(budget === undefined ? {} : { exchange_budget: /^\d{1,9}$/.test(budget) ? Number(budget) : budget }),
  };
  const given = option(ctx, "tags");
  const tags = given !== undefined ? ["agent-mailbox", ...list("tags", given).filter((t) => t !== "agent-mailbox")] : defaultTags(inbox, { thread, from, to: list("to", option(ctx, "to")), arena: envelope.arena as string }, p);
  if (option(ctx, "body") !== undefined && ctx.file !== undefined) throw new UsageError("--body TEXT and --file PATH both give the body: give one");
  let body = option(ctx, "body") ?? (ctx.file === undefined ? "" : inputText("--file", ctx.file));
  if (parent?.file && !body.includes(`[[${parent.file.replace(/\.md$/, "")}`)) body = `Re: [[${parent.file.replace(/\.md$/, "")}]]\n\n${body}`;
  if (body !== "" && !body.endsWith("\n")) body += "\n";
  const frontmatter = stringify({ tags, meta: { mailbox: envelope } }, { lineWidth: 0 });
  return { text: `---\n${frontmatter}---\n${body}`, slug: option(ctx, "slug") ?? slugify(kind) };
}

/**
 * The tags of a message composed without --tags: the set its thread's handshake settled for the
 * pairs it speaks in (the core's analysis; SETTLED_TAGS_CHANGED refuses any other), else its
 * parent's, else the standing tag alone. Where those pairs settled different sets the core names
 * none, and the parent's are copied for the conversation rules to judge; so does it for a message
 * of another arena than the hello's, whose callsigns are no party to its pairs (README note 114).
 */
function defaultTags(inbox: Inbox, message: { thread: string; from: string; to: readonly string[]; arena: string }, parent: MailboxEnvelope | undefined): string[] {
  // A thread no hello opened holds no handshake to settle a set (a new root's, a work thread's):
  // the whole analysis is run only where one may be found.
  const handshake = mayHoldSettledTags(inbox.entries, message.thread) ? analyzeMailbox(inbox.entries, { now: Date.now(), archiveRead: true }).threads.find((t) => t.thread === message.thread)?.handshake : null;
  const hello = handshake == null ? undefined : inbox.entries.find((e) => e.envelope.id === handshake.hello);
  const settled = handshake == null ? null : settledTagSet(handshake, message, hello?.envelope.arena);
  if (settled !== null) return [...settled];
  return parent !== undefined && parent.tags.length > 0 ? [...parent.tags] : ["agent-mailbox"];
}

/**
 * The file's name: seconds, or milliseconds when this sender already has a same-kind message that
 * second; `millis` is the name to take if a concurrent publisher takes the seconds name meanwhile.
 */
function fileName(inbox: Inbox, e: MailboxEnvelope, slug: string): { file: string; millis: string } {
  const time = uuid7Time(e.id);
  const late = filenameTimeProblem(time);
  if (late !== null) throw new UsageError(`--id ${e.id}: ${late}`);
  return messageFilename(inbox.files.map((f) => f.file), { time, callsign: e.from, kind: e.kind, slug });
}

/** True when the bytes are not a message with this UUID: a name taken by another message. */
const otherMessage = (id: string) => (taken: Uint8Array): boolean => {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(taken);
  } catch {
    return true;
  }
  return readMailboxMessage(text).envelope?.id !== id;
};

/** A --message or --file holding more than any message may: refused unread past the limit. */
class InputTooLarge extends Error {
  override readonly name = "InputTooLarge";
}

/** The text of --message or --file, read no further than a message can reach (section 9's fail closed). */
function inputText(label: string, path: string): string {
  const text = readTextFileAtMost(label, path, MAX_MESSAGE_BYTES);
  if (text === null) throw new InputTooLarge(`${label} ${path === "-" ? "stdin" : path} holds more than ${MAX_MESSAGE_BYTES} bytes: a message is at most ${MAX_MESSAGE_BYTES}; the rest was not read`);
  return text;
}

async function refused(ctx: CommandContext, findings: readonly MailboxFinding[]): Promise<number> {
  if (ctx.json) await ctx.out.line(jsonText({ ok: false, file: null, findings }));
  // A finding may quote a peer's file name or field: its line breaks and controls are marked.
  else await ctx.err.line(`refused: nothing published\n${findings.map((f) => visible(`  ${f.severity} ${f.code}${f.line === undefined ? "" : ` (line ${f.line})`}: ${f.message}`)).join("\n")}`);
  return FAIL;
}

/**
 * The names of a message whose UUID rw generated were all taken meanwhile by other messages: a
 * concurrent `rw mailbox new` of the same sender and kind in the same millisecond. Nothing was
 * published; `time` is the UUID's, for the next attempt to pass.
 */
class NamesTaken extends Error {
  override readonly name = "NamesTaken";
  constructor(readonly time: number, readonly refusal: NameTaken) {
    super(refusal.message);
  }
}

/**
 * How many times a message whose UUID rw generated is composed, while its names are taken by
 * concurrent publishers. Each round one of them at least takes the name they race for (link(2)
 * gives it to one), so this many racing in one millisecond all publish; past it, the refusal.
 */
const ATTEMPTS = 16;

async function run(ctx: CommandContext): Promise<number> {
  try {
    let after: number | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await publish(ctx, after);
      } catch (error) {
        if (!(error instanceof NamesTaken)) throw error;
        if (attempt === ATTEMPTS) throw error.refusal;
        // Composed again from the inbox read again: the name taken is seen, the checks see the racer.
        after = error.time;
      }
    }
  } catch (error) {
    if (error instanceof InputTooLarge) return refused(ctx, [mailboxFinding("MESSAGE_TOO_LARGE", error.message, { expected: `at most ${MAX_MESSAGE_BYTES}` })]);
    if (!(error instanceof PathRefusal)) throw error;
    // A staging copy the refused attempt left behind is named, as a published message's is.
    const findings = error instanceof PublishRefusal ? error.findings : [];
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, file: null, error: error.message, findings }));
    else await ctx.err.line(visible(`refused: ${error.message}`) + findings.map((f) => `\n${visible(`  ${f.severity} ${f.code}: ${f.message}`)}`).join(""));
    return FAIL;
  }
}

async function publish(ctx: CommandContext, retryAfter: number | undefined): Promise<number> {
  const path = ctx.args[0] as string;
  const found = discoverMailbox(path);
  if (found === null) throw new UsageError(noMailboxAt(path));
  const state = pathOption("state", ctx.options["state"]);
  if (state !== undefined && isInside(state, found.root)) throw new UsageError(`--state ${state} is inside the mailbox root: local state (the root binding, dispositions) lives outside the mailbox and its sync`);
  // The archive's closed threads too, as `rw mailbox check` reads them: a parent, a claim or a
  // handshake moved there still counts, and a UUID there is taken.
  const inbox = readMailboxFolders(found.inbox, ctx.profiles.resolve);
  const root = mailboxRootId(found.root, { windows: process.platform === "win32" });
  const messageFile = option(ctx, "message");
  let text: string;
  let slug: string;
  if (messageFile !== undefined) {
    // A complete message is published as written: an option that would compose one is never silently dropped.
    const composing = Object.keys(mailboxNewCommand.options).filter((name) => !PUBLISHING.has(name) && ctx.options[name] !== undefined).map((name) => `--${name}`);
    if (ctx.file !== undefined) composing.push("--file");
    if (composing.length > 0) throw new UsageError(`--message FILE publishes that message as written: ${composing.join(", ")} would compose one; give one or the other`);
    text = inputText("--message", messageFile);
    slug = option(ctx, "slug") ?? parseFilename(messageFile.slice(messageFile.lastIndexOf("/") + 1))?.slug ?? "message";
  } else ({ text, slug } = compose(ctx, inbox, root, retryAfter));
  if (!isSlug(slug)) throw new UsageError(`--slug ${slug}: lowercase words and digits joined by hyphens, at most 64 characters`);
  const draft = preflight(text, { vocabulary: ctx.profiles.resolve });
  const e = draft.envelope;
  const parent = e?.reply_to === null || e === null ? undefined : inbox.entries.find((x) => x.envelope.id === e.reply_to);
  const checked = parent === undefined ? draft : preflight(text, { vocabulary: ctx.profiles.resolve, parent: parentInfo(parent.envelope, parent.file) });
  // What the mailbox says against it: a parent it does not hold (an outbound reply cites "the exact
  // message being answered", section 9), a UUID it already holds, an archived thread, another root.
  const findings: MailboxFinding[] = e === null ? [...checked.findings] : [...checked.findings, ...publicationFindings(inbox, e, root)];
  // The name: seconds, or milliseconds when this sender already has a same-kind message that second.
  const names = e === null ? null : fileName(inbox, e, slug);
  const file = names?.file ?? null;
  // The conversation rules over the inbox plus this message, as `rw mailbox check` runs them: what
  // check would refuse about this message is never published (section 9).
  if (e !== null && file !== null && findings.every((f) => f.severity !== "error")) {
    const analysis = analyzeMailbox([...inbox.entries, { envelope: e, body: checked.body ?? "", file }], { now: Date.now(), archiveRead: true, publishing: e.id });
    for (const f of analysis.findings) if (f.id === e.id) findings.push(f);
    const unprimed = primerBlocksClaim(primerState(found.root), e.kind);
    if (unprimed !== null) findings.push(unprimed);
  }
  const dryRun = ctx.options["dry-run"] === true;
  if (e !== null && state !== undefined && findings.every((f) => f.severity !== "error")) {
    refuseStateInside(state, found.root, e.from);
    const { bound } = bindRoot(state, { arena: e.arena, callsign: e.from, machine: e.machine, root }, { create: !dryRun });
    const drift = bound === null ? null : rootBindingDrift(e.from, bound, { arena: e.arena, machine: e.machine, root });
    if (drift !== null) findings.push(drift);
  }
  const ok = findings.every((f) => f.severity !== "error") && e !== null;
  if (!ok || e === null) return refused(ctx, findings);
  if (file === null) return FAIL;
  if (dryRun) {
    // The body and tags are what --body, --file or --message gave: shown with their controls marked, the message's own line breaks kept.
    // With --json the message is there too, as written (JSON escapes its controls): a dry run exists to show it.
    await ctx.out.line(ctx.json ? jsonText({ ok: true, file, published: false, id: e.id, thread: e.thread, request_id: e.request_id, message: text, findings }) : `${file}\n${terminalText(text.trimEnd())}`);
    return PASS;
  }
  let publication;
  try {
    publication = publishOnce({ root: found.root, inbox: found.inbox, staging: pathOption("staging", ctx.options["staging"]) ?? tmpdir(), file, fallback: (names as { millis: string }).millis, fallbackAfter: otherMessage(e.id) }, new TextEncoder().encode(text));
  } catch (error) {
    // Names taken by other messages, nothing published: a UUID rw generated is rw's to pick again
    // (section 6: "Never overwrite on collision"). One given (--id, --message) is the caller's, and
    // so are its names: refused, as before.
    if (error instanceof NameTaken && messageFile === undefined && option(ctx, "id") === undefined) throw new NamesTaken(uuid7Time(e.id), error);
    throw error;
  }
  const published = basename(publication.path);
  // What failed after link(2) is reported beside the published file: a "refused" would be untrue,
  // and would have the message published again.
  findings.push(...publication.findings);
  // A concurrent publisher of the same UUID under another name passed the same preflight before
  // either file was there: the inbox is looked at again, and the duplicate said, never left silent.
  const racers = arrivalsWithId(found.inbox, new Set(inbox.files.map((f) => f.file)), published, e.id);
  if (racers.length > 0) findings.push(mailboxFinding("DUPLICATE_ID", `the message is published as ${published}, but ${racers.join(", ")} took its UUID ${e.id} meanwhile (a concurrent publisher): the UUID no longer identifies one message, so neither file is consumed before an audit; check them, and do not publish the message again`, { file: published, slot: "id" }));
  const after = findings.some((f) => f.severity === "error");
  if (ctx.json) await ctx.out.line(jsonText({ ok: !after, file: published, published: true, id: e.id, thread: e.thread, request_id: e.request_id, findings }));
  else {
    await ctx.out.line(published);
    if (after) await ctx.err.line(visible(`published, but what followed failed: ${published}`));
    for (const f of findings) await ctx.err.line(visible(`  ${f.severity} ${f.code}: ${f.message}`));
  }
  return after ? FAIL : PASS;
}

export const mailboxNewCommand: Command = {
  summary: "compose a message, preflight it, and publish it into the inbox create-once",
  options: {
    from: { type: "string", help: "the sender's callsign" },
    to: { type: "string", help: "the recipients, comma-separated callsigns (no empty item), or ALL" },
    kind: { type: "string", help: "hello, welcome, resume, state, request, reply, propose, review, claim, deliver, ack, blocked, conflict, cancel, goodbye, ratify or close" },
    "reply-to": { type: "string", help: "the exact message answered (its UUID); the thread and, for an answer, the request come from it (a hello or resume only cites it)" },
    thread: { type: "string", help: "the thread's UUIDv7 (default: the parent's; a new one without a parent, and for a hello or resume)" },
    "request-id": { type: "string", help: "the request's UUIDv7 (default: the parent's for an answer, else a new one)" },
    id: { type: "string", help: "the message's UUIDv7 (default: a new one)" },
    "no-reply": { type: "boolean", help: "expects_reply: false (default true)" },
    full: { type: "boolean", help: "profile FULL (default CORE): needs --session; seq defaults to the sender's next in the thread" },
    session: { type: "string", help: "the session identifier (required in FULL)" },
    seq: { type: "string", help: "the sequence number" },
    arena: { type: "string", help: "the arena: a Handler-pinned opaque alias" },
    machine: { type: "string", help: "the machine locus: an opaque uppercase alias or a machine UUID" },
    transport: { type: "string", help: "local, git, lyt or sync-share (default: the parent's, else local)" },
    terms: { type: "string", help: "accept or counter (a welcome, or another answer to the terms on the table; never a hello or resume)" },
    "exchange-budget": { type: "string", help: "the exchange budget a hello proposes, or an answer to its terms restates or counters (never a resume)" },
    tags: { type: "string", help: "the room's tags, comma-separated (agent-mailbox is always added; default: the set the thread's handshake settled for the pairs the message speaks in, else the parent's)" },
    slug: { type: "string", help: "the filename's slug (default: the kind)" },
    body: { type: "string", help: "the body text (or --file PATH, - for stdin)" },
    message: { type: "string", help: "publish this complete message file instead of composing one" },
    staging: { type: "string", help: "the staging folder: outside the mailbox, on its filesystem (default: the OS temp folder)" },
    state: { type: "string", help: "the participant's local state folder: binds the mailbox root on first use, then requires it" },
    "dry-run": { type: "boolean", help: "print the file name and the message; write nothing" },
  },
  positionals: { name: "PATH", min: 1, max: 1 },
  missingOptions: missingToCompose,
  needsHow: NEEDS_HOW,
  run,
};
