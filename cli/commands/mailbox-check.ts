/**
 * `rw mailbox check PATH`: find the inbox (section 3's three candidates), read every message, run
 * the conversation rules, and report per file, per thread, per callsign and per participant; with
 * `--as CALLSIGN --state DIR`, reconcile that participant's inbox against its dispositions.
 */
import { statSync } from "node:fs";
import { isBlankLine, withControlsMarked as visible } from "../../core/index.js";
import { ALL, analyzeMailbox, hasMailboxError, isCallsign, participants, reconcile } from "../../core/mailbox/index.js";
import type { MailboxAnalysis, MailboxEntry, MailboxFinding, ParticipantSummary, ReconcileReport } from "../../core/mailbox/index.js";
import { pathOption } from "../arguments.js";
import { jsonText } from "../json-text.js";
import { readMailboxFolders } from "../mailbox/archive.js";
import type { readInbox } from "../mailbox/inbox.js";
import type { Inbox } from "../mailbox/inbox.js";
import { discoverMailbox, isInside, noMailboxAt, PathRefusal } from "../mailbox/paths.js";
import { primerState } from "../mailbox/primer.js";
import { readRootBinding, readState, refuseStateInside, stateThere } from "../mailbox/state.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { mailboxNow } from "./mailbox-now.js";

// The participant summary is a protocol rule, so the core computes it (core/mailbox/participants.ts).
export type { ParticipantSummary };

export interface CheckResult {
  readonly ok: boolean;
  readonly root: string;
  readonly inbox: string;
  readonly read: Inbox;
  readonly analysis: MailboxAnalysis;
  readonly participants: readonly ParticipantSummary[];
  readonly reconciliation: ReconcileReport | null;
}

/** The whole check, as the command and the benchmark run it. */
export function checkMailbox(path: string, options: { vocabulary: Parameters<typeof readInbox>[1]; as?: string; arena?: string; state?: string; now: number }): CheckResult {
  const found = discoverMailbox(path);
  if (found === null) throw new UsageError(noMailboxAt(path));
  if (options.state !== undefined && isInside(options.state, found.root)) throw new UsageError(`--state ${options.state} is inside the mailbox root: dispositions live outside the mailbox and its sync`);
  if (options.state !== undefined && options.as !== undefined) refuseStateInside(options.state, found.root, options.as);
  // After the refusal of a state folder inside the mailbox: "create it" would be advice to make one there.
  if (options.state !== undefined && !stateThere(options.state)) throw new UsageError(`--state ${options.state}: no such folder (create it; an empty one is a participant with no dispositions yet)`);
  // Something else standing there is not "no such folder": creating one would fail on it.
  if (options.state !== undefined && !statSync(options.state).isDirectory()) throw new UsageError(`--state ${options.state}: not a folder (a file or a device is there): give the participant's state folder`);
  // The archive's closed threads are read with the inbox (section 13), so their messages stay the
  // parents, claims and handshakes the live ones cite; the core judges the archive itself.
  const read = readMailboxFolders(found.inbox, options.vocabulary);
  // The check always knows whether the root holds the primer, so it is always judged.
  const primer = primerState(found.root);
  // A refused file whose UUID reads is a parent present but refused, not one missing (PARENT_UNKNOWN).
  const refused = read.files.flatMap((f) => {
    const finding = f.findings.find((x) => x.severity === "error");
    return f.ok || f.id === null || finding === undefined ? [] : [{ id: f.id, file: f.file, finding }];
  });
  const analysis = analyzeMailbox(read.entries, { now: options.now, primer, archiveRead: true, refused });
  let reconciliation: ReconcileReport | null = null;
  if (options.as !== undefined && options.state !== undefined) {
    // The ledger belongs to the arena its root binding names (section 9: "an exact owner/arena/root
    // match"): reconciled there, unless --arena names it; another arena is refused, never mixed in.
    const bound = readRootBinding(options.state, options.as)?.arena;
    if (bound !== undefined && options.arena !== undefined && bound !== options.arena) throw new UsageError(`--arena ${options.arena}: ${options.as}'s root binding in ${options.state} is for arena ${bound}, and a participant's state belongs to one arena (use a state folder for each arena)`);
    const arena = options.arena ?? bound;
    const state = readState(options.state, options.as);
    reconciliation = reconcile({ participant: options.as, ...(arena === undefined ? {} : { arena }), messages: read.entries, analysis, primer, archiveRead: true, dispositions: state.dispositions, where: state.where, cursor: state.cursor, cursorWhere: state.cursorWhere, anomalies: read.anomalies, anomalyIndex: state.anomalyIndex, unreadState: state.findings, now: options.now });
  }
  const errors = read.files.some((f) => !f.ok) || read.anomalies.length > 0 || hasMailboxError(analysis.findings) || (reconciliation !== null && hasMailboxError(reconciliation.findings));
  return { ok: !errors, root: found.root, inbox: found.inbox, read, analysis, participants: participants(read.entries, analysis.quarantine, analysis.callsigns), reconciliation };
}

const fileOf = (entries: readonly MailboxEntry[]): ((id: string | undefined) => string) => {
  // The first file of a UUID names it, as the analysis keeps the first of identical copies; an
  // archived one with its folder.
  const files = new Map<string, string>();
  for (const e of entries) if (!files.has(e.envelope.id)) files.set(e.envelope.id, e.file === undefined || e.file === null ? e.envelope.id : e.archive === undefined ? e.file : `archive/${e.archive}/${e.file}`);
  return (id) => (id === undefined ? "" : (files.get(id) ?? id));
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

/**
 * The report's lines. File names and envelope fields are a peer's text: the command marks their
 * line breaks and terminal controls (`visible`), so none can forge a line or restyle a terminal.
 */
function render(r: CheckResult, given: string, as: string | undefined): string[] {
  const name = fileOf(r.read.entries);
  // For a person, messages are their files: a UUID the inbox holds is shown as its filename, but
  // where a message speaks of the UUID itself ("its UUID ..."): a duplicated UUID is several files,
  // and naming one of them there would say a file is a UUID, and on the other's line, that file's.
  const show = (f: MailboxFinding, where: string): string => `  ${where}${where === "" ? "" : ": "}${f.severity} ${f.code}${f.line === undefined ? "" : ` (line ${f.line})`}: ${f.message.replace(UUID, (id, at: number, text: string) => (text.slice(Math.max(0, at - 5), at) === "UUID " ? id : name(id)))}`;
  const invalid = r.read.files.filter((f) => !f.ok).length;
  const archived = r.read.entries.filter((e) => e.archive !== undefined).length;
  const out = [`mailbox ${given}: ${r.read.entries.length} valid messages${archived === 0 ? "" : ` (${archived} archived)`}, ${invalid} invalid, ${r.read.anomalies.length} anomalies`];
  for (const f of r.read.files) for (const finding of f.findings) out.push(show(finding, f.file));
  for (const f of r.analysis.findings) out.push(show(f, f.file ?? name(f.id)));
  if (r.analysis.threads.length > 0) out.push("threads");
  for (const t of r.analysis.threads) {
    const h = t.handshake;
    // A hello that lost a crossing with some of those it addresses still stands for the others.
    const crossed = h === null || h.state === "superseded" || h.crossings.length === 0 ? "" : ` (superseded with ${h.crossings.map((c) => `${c.callsign} by ${name(c.canonical)}`).join(", ")})`;
    const hs = h === null ? "" : `handshake ${h.state}${h.state === "superseded" ? ` by ${name(h.superseded_by ?? undefined)}` : crossed}; `;
    // Who waits on Handler input or declared new evidence, each with the blocked message's file.
    const blocked = t.blocked.length === 0 ? "" : `; blocked ${t.blocked.map((b) => `${b.callsign} (${name(b.message)})`).join(", ")}`;
    // An unfinished thread none of whose participants is active waits on the Handler (section 8).
    const orphaned = t.orphaned ? "; blocked for the Handler: no active participant" : "";
    out.push(`  ${name(t.first)}: ${t.messages} ${t.messages === 1 ? "message" : "messages"}; ${hs}budget ${t.budget.count}/${t.budget.limit} ${t.budget.state}${blocked}${orphaned}`);
  }
  // A callsign is a name within one arena (section 2): each arena's names on a line that names it.
  const arenas = new Map<string, string[]>();
  for (const c of r.analysis.callsigns) {
    const names = arenas.get(c.arena);
    if (names === undefined) arenas.set(c.arena, [`${c.callsign} ${c.state}`]);
    else names.push(`${c.callsign} ${c.state}`);
  }
  for (const [arena, names] of arenas) out.push(`callsigns in arena ${arena}: ${names.join(", ")}`);
  // Participants come sorted by arena: a heading for each, the names of one arena aligned.
  for (let k = 0; k < r.participants.length; ) {
    const arena = (r.participants[k] as ParticipantSummary).arena;
    let end = k;
    while (end < r.participants.length && (r.participants[end] as ParticipantSummary).arena === arena) end++;
    const group = r.participants.slice(k, end);
    const width = group.reduce((w, p) => Math.max(w, p.callsign.length), 0);
    out.push(`participants in arena ${arena}`);
    for (const p of group) out.push(`  ${p.callsign.padEnd(width)}  sent ${p.sent}, addressed ${p.addressed}, owes ${p.owes} ${p.owes === 1 ? "reply" : "replies"}; ${p.status}`);
    k = end;
  }
  const rec = r.reconciliation;
  if (rec !== null) {
    const c = rec.counts;
    out.push(`reconciliation for ${as}${rec.arena === null ? "" : ` in arena ${rec.arena}`}: ${rec.status} (work-clean ${rec.work_clean ? "yes" : "no"}, readiness-clean ${rec.readiness_clean ? "yes" : "no"})`);
    out.push(`  addressed ${c.addressed}, undispositioned ${c.undispositioned_count} (restorable ${c.restorable_count}), open replies ${c.open_reply_count}; CTAs pending ${c.pending_cta_count}, active ${c.active_cta_count}, blocked ${c.blocked_cta_count}, deferred ${c.deferred_cta_count} (due ${c.due_deferred_count}); needs-audit ${c.needs_audit_count}, historical-debt ${c.historical_debt_count}, audit with live work ${c.audit_state_with_live_work_count}, expired blockers ${c.expired_blocker_count}, contradictions ${c.lifecycle_contradiction_count}, anomalies ${c.anomaly_count}, quarantined ${c.quarantined_count}`);
    // A finding at a line of a state file (a cursor entry, a transition) is placed in that file,
    // with the message it names beside it: its line is the file's, not the message's. A refused
    // file's UUID names no message here, so such a finding is placed in its own file, with the UUID
    // its record goes under.
    const place = (f: MailboxFinding): string => {
      if (f.file === undefined) return name(f.id);
      if (f.id === undefined) return f.file;
      if (f.line !== undefined) return `${f.file} (${name(f.id)})`;
      const named = name(f.id);
      return named === f.id ? `${f.file} (${f.id})` : named;
    };
    for (const f of rec.findings) out.push(show(f, place(f)));
    // Actions in a column as wide as the longest shown (`withdrawn` is wider than the others' 7).
    const acting = rec.items.filter((i) => i.action !== "none");
    const column = Math.max(7, ...acting.map((i) => i.action.length));
    for (const i of acting) out.push(`  ${i.action.padEnd(column)} ${name(i.id)}${i.reply === null ? "" : ` (reply ${name(i.reply)})`}`);
    out.push(`  the cursor may advance over ${rec.cursor_advance.length} ${rec.cursor_advance.length === 1 ? "message" : "messages"}`);
  }
  return out;
}

async function run(ctx: CommandContext): Promise<number> {
  const path = ctx.args[0] as string;
  const as = ctx.options["as"] as string | undefined;
  const arena = ctx.options["arena"] as string | undefined;
  const state = pathOption("state", ctx.options["state"]);
  if ((as === undefined) !== (state === undefined)) throw new UsageError("--as CALLSIGN and --state DIR go together: a participant reconciles against its own state folder");
  // Said as the core says it of a message's `from`, with the likely fix: a callsign typed in lower case.
  const upper = as?.toUpperCase();
  if (as !== undefined && !isCallsign(as)) throw new UsageError(`--as ${as}: not a callsign (1 to 32 uppercase ASCII letters, digits and inner hyphens, starting with a letter)${isCallsign(upper) ? `; callsigns are upper case: --as ${upper}` : ""}`);
  if (as === ALL) throw new UsageError("--as ALL: ALL addresses every participant and is never one; reconcile as a callsign");
  if (arena !== undefined && as === undefined) throw new UsageError("--arena names the arena a participant reconciles in: it goes with --as CALLSIGN --state DIR");
  if (arena !== undefined && isBlankLine(arena)) throw new UsageError("--arena is empty: name the arena (its Handler-pinned alias)");
  const now = mailboxNow(ctx.options["now"] as string | undefined);
  let result: CheckResult;
  try {
    result = checkMailbox(path, { vocabulary: ctx.profiles.resolve, now, ...(as === undefined ? {} : { as, state: state as string }), ...(arena === undefined ? {} : { arena }) });
  } catch (error) {
    if (!(error instanceof PathRefusal)) throw error;
    // --json promises one object on stdout: a refused path is one too, as `mailbox new --json` writes it,
    // so a script reading stdout gets ok false and why, never nothing with exit 1.
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, error: error.message }));
    await ctx.err.line(visible(`refused: ${error.message}`));
    return FAIL;
  }
  if (ctx.json) {
    const { read, analysis, ...rest } = result;
    // The quarantine is a Map: written as an object, UUID to codes.
    const json = { ...analysis, quarantine: Object.fromEntries(analysis.quarantine) };
    await ctx.out.json({ ...rest, analysis: json, files: read.files, anomalies: read.anomalies });
  } else for (const line of render(result, path, as)) await ctx.out.line(visible(line));
  return result.ok ? PASS : FAIL;
}

export const mailboxCheckCommand: Command = {
  summary: "check a mailbox folder: every message, threads, callsigns, participants; with --as, reconcile",
  options: {
    as: { type: "string", help: "the participant to reconcile (its callsign); needs --state" },
    arena: { type: "string", help: "the arena it reconciles in (default: its root binding's, else the one arena its callsign is found in)" },
    state: { type: "string", help: "the participant's local state folder, outside the mailbox (dispositions/, cursor/, anomalies/)" },
    now: { type: "string", help: "the moment of the check, YYYYMMDDTHHMMZ or ISO 8601 UTC (default: now)" },
  },
  positionals: { name: "PATH", min: 1, max: 1 },
  run,
};
