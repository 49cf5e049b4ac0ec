/**
 * The participant-local state folder (section 3's `<host-local-agent-state>/`), outside the
 * mailbox root. One participant's files, by callsign:
 *
 *   dispositions/<CALLSIGN>.jsonl   append-only transitions, one JSON object a line
 *   cursor/<CALLSIGN>.txt           the compact consumed-UUID cursor, one UUID a line
 *   anomalies/<CALLSIGN>.jsonl      the anomaly index: {"file": "<name>", "fingerprint": "<sha256>", "state": "open"|"closed"}
 *   root-binding/<CALLSIGN>.json    the local root binding, created once by `rw mailbox new`
 *
 * core/mailbox/README.md documents the fields of a transition.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import type { Stats } from "node:fs";
import { dirname, join } from "node:path";
import { isBlankLine, parseJsonText } from "../../core/index.js";
import { isRootId, mailboxFinding, readAnomalyRecord, uuidInCursorEntry } from "../../core/mailbox/index.js";
import type { AnomalyRecord, MailboxCode, MailboxFinding } from "../../core/mailbox/index.js";
import { readProblem } from "../input.js";
import { UsageError } from "../usage-error.js";
import { CreateFailed, createOnce } from "./create-once.js";
import { isInside, PathRefusal } from "./paths.js";

export interface ParticipantState {
  readonly dispositions: readonly unknown[];
  /** Where each disposition came from, for findings. */
  readonly where: (index: number) => { file: string; line: number };
  readonly cursor: readonly string[];
  /** Where each cursor entry came from, for findings. */
  readonly cursorWhere: (index: number) => { file: string; line: number };
  readonly anomalyIndex: readonly AnomalyRecord[];
  /** Lines that cannot be read (not UTF-8, not JSON, a key named twice), reported and skipped. */
  readonly findings: readonly MailboxFinding[];
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lossyUtf8 = new TextDecoder("utf-8");

/**
 * Whether a state file (or the state folder) is there. `existsSync` says no for every failure to
 * look, and only "nothing is there" (ENOENT) is no: a folder on the path that cannot be searched
 * (EACCES), a file where a folder must be (ENOTDIR) or a symbolic link that leads nowhere would
 * read as a participant with no dispositions, cursor or binding, so each is a usage error naming
 * the path, as a state file that cannot be read is.
 */
export function stateThere(path: string): boolean {
  if (existsSync(path)) return true;
  let link: Stats;
  try {
    link = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new UsageError(`--state: cannot read ${path}: ${readProblem(error)}`);
  }
  // Created since the look (another publication binding the same callsign): it is there now.
  if (!link.isSymbolicLink() || existsSync(path)) return true;
  throw new UsageError(`--state: cannot read ${path}: a symbolic link that leads to nothing`);
}

/** A state file's bytes; null when it does not exist; a usage error naming it when it cannot be read. */
function stateFile(path: string): Buffer | null {
  if (!stateThere(path)) return null;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    // A device or a pipe (a link to /dev/zero) would be read without end: state is a regular file.
    if (!stat.isFile()) throw new UsageError(`--state: cannot read ${path}: not a regular file`);
    return readFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--state: cannot read ${path}: ${readProblem(error)}`);
  }
}

/**
 * The lines of a state file, decoded as strict UTF-8, with their line numbers; a CR before the LF is
 * dropped. A line that is not UTF-8 is reported (`code`, naming the file and line) and skipped,
 * never read as U+FFFD.
 */
function utf8Lines(path: string, label: string, code: MailboxCode, findings: MailboxFinding[], named?: (lossy: string) => string | null): { text: string; line: number }[] {
  const bytes = stateFile(path);
  if (bytes === null) return [];
  const out: { text: string; line: number }[] = [];
  let start = 0;
  for (let i = 0; start <= bytes.length; i++) {
    const lf = bytes.indexOf(0x0a, start);
    const end = lf < 0 ? bytes.length : lf;
    try {
      out.push({ text: strictUtf8.decode(bytes.subarray(start, end)).replace(/\r$/, ""), line: i + 1 });
    } catch {
      // The message it still names, read around the bytes that are not UTF-8, is named; the line stays skipped.
      const id = named?.(lossyUtf8.decode(bytes.subarray(start, end))) ?? null;
      findings.push(id === null ? skipped(code, path, label, i + 1, "is not UTF-8") : { ...skipped(code, path, label, i + 1, `is not UTF-8 (it names ${id})`), id });
    }
    start = end + 1;
  }
  return out;
}

const skipped = (code: MailboxCode, file: string, label: string, line: number, why: string): MailboxFinding =>
  mailboxFinding(code, `${label} line ${line} ${why}: skipped`, { file, line });

/**
 * The JSON objects of a JSON-lines file, with their line numbers. A line that is not UTF-8, not
 * JSON, or names a key twice (README note 37: never read as its last value) is reported and
 * skipped, never repaired or guessed at.
 */
function jsonLines(path: string, label: string, findings: MailboxFinding[]): { value: unknown; line: number }[] {
  const out: { value: unknown; line: number }[] = [];
  for (const { text, line } of utf8Lines(path, label, "DISPOSITION_INVALID", findings)) {
    // Only a blank line (spaces and tabs) is skipped: a no-break space is a line, reported as not JSON.
    if (isBlankLine(text)) continue;
    const json = parseJsonText(text);
    if (json.ok) out.push({ value: json.value, line });
    else findings.push(skipped("DISPOSITION_INVALID", path, label, line, json.problem === "syntax" ? "is not JSON" : `is refused: ${json.reason}`));
  }
  return out;
}

/** One participant's files in the state folder. */
export function stateFiles(state: string, callsign: string): { dispositions: string; cursor: string; anomalies: string; rootBinding: string } {
  return {
    dispositions: join(state, "dispositions", `${callsign}.jsonl`),
    cursor: join(state, "cursor", `${callsign}.txt`),
    anomalies: join(state, "anomalies", `${callsign}.jsonl`),
    rootBinding: join(state, "root-binding", `${callsign}.json`),
  };
}

/**
 * Refuses a state folder that is inside the mailbox root, or whose participant files are, wherever
 * symbolic links lead (a `root-binding/` or `dispositions/` linked into the mailbox): local state
 * lives "outside the mailbox and provider-sync root" (section 3), where no peer or sync writes it.
 */
export function refuseStateInside(state: string, root: string, callsign: string, option = "--state"): void {
  if (isInside(state, root)) throw new UsageError(`${option} ${state} is inside the mailbox root: local state (the root binding, dispositions) lives outside the mailbox and its sync`);
  for (const [what, file] of Object.entries(stateFiles(state, callsign))) {
    if (isInside(file, root)) throw new UsageError(`${option} ${state}: its ${what === "rootBinding" ? "root binding" : what} file ${file} leads inside the mailbox root (a symbolic link): local state lives outside the mailbox and its sync`);
  }
}

export function readState(state: string, callsign: string): ParticipantState {
  const findings: MailboxFinding[] = [];
  const files = stateFiles(state, callsign);
  const dispositionsFile = files.dispositions;
  const rows = jsonLines(dispositionsFile, "dispositions", findings);
  const cursorFile = files.cursor;
  // A cursor line that is not UTF-8 is a cursor entry no UUID can be read from (CURSOR_INVALID_ENTRY).
  // Any other line but a blank one is an entry exactly as written: one with a space or a no-break
  // space around its UUID is refused as an entry (CURSOR_INVALID_ENTRY), never repaired into one.
  const cursorLines = utf8Lines(cursorFile, "cursor", "CURSOR_INVALID_ENTRY", findings, uuidInCursorEntry).filter(({ text }) => !isBlankLine(text));
  // The record's shape is the core's (readAnomalyRecord); a line it refuses is reported as a
  // damaged transition is, with its file and line, never dropped without a word.
  const anomalyIndex = jsonLines(files.anomalies, "anomalies", findings).flatMap(({ value, line }) => {
    const read = readAnomalyRecord(value);
    if (read.ok) return [read.record];
    findings.push(skipped("DISPOSITION_INVALID", files.anomalies, "anomalies", line, read.reason));
    return [];
  });
  return { dispositions: rows.map((r) => r.value), where: (i) => ({ file: dispositionsFile, line: rows[i]?.line ?? 0 }), cursor: cursorLines.map(({ text }) => text), cursorWhere: (i) => ({ file: cursorFile, line: cursorLines[i]?.line ?? 0 }), anomalyIndex, findings };
}

export interface RootBinding {
  readonly arena: string;
  readonly callsign: string;
  readonly machine: string;
  readonly root: string;
}

/**
 * The participant's local root binding (section 4): created once before its first outbound
 * message; later publications must match it exactly. Returns the binding now on disk (null when
 * there is none and `create` is false).
 */
export function bindRoot(state: string, binding: RootBinding, options: { create?: boolean } = {}): { created: boolean; bound: RootBinding | null } {
  const path = stateFiles(state, binding.callsign).rootBinding;
  if (stateThere(path)) return { created: false, bound: readBinding(path, binding.callsign, `nothing is published from ${binding.callsign}`) };
  // A dry run writes nothing, not even the first binding.
  if (options.create === false) return { created: false, bound: null };
  let created: boolean;
  try {
    mkdirSync(dirname(path), { recursive: true });
    created = createOnce(path, new TextEncoder().encode(`${JSON.stringify(binding)}\n`));
  } catch (error) {
    const code = error instanceof CreateFailed ? error.code : (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new PathRefusal(`cannot create the root binding ${path} (${code}): nothing was bound and nothing published; try again once it can be written`);
  }
  // Bound meanwhile by another publication of this callsign: its binding is the one to match.
  if (!created) return { created: false, bound: readBinding(path, binding.callsign, `nothing is published from ${binding.callsign}`) };
  return { created: true, bound: binding };
}

/** The participant's root binding on disk, or null when it has none yet (damage is a PathRefusal, as below). */
export function readRootBinding(state: string, callsign: string): RootBinding | null {
  const path = stateFiles(state, callsign).rootBinding;
  return stateThere(path) ? readBinding(path, callsign, `${callsign}'s arena is not known from it, so nothing is reconciled for ${callsign}`) : null;
}

/**
 * The binding on disk, exactly as bindRoot writes it. Anything else fails closed (a PathRefusal
 * saying what is withheld, `withheld`: a publication, or a reconciliation): a binding that cannot be read proves no root, and one read leniently
 * (`null` as "no binding yet", a root named twice as its last value) would let another root pass.
 */
function readBinding(path: string, callsign: string, withheld: string): RootBinding {
  const damaged = (why: string): never => {
    throw new PathRefusal(`the root binding ${path} ${why}: ${withheld} until it is repaired (a move needs a Handler-authorized rebind)`);
  };
  // A device or a pipe (a link to /dev/zero) would be read without end, and proves no root.
  if (!statSync(path).isFile()) damaged("is not a regular file");
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    // Not read is not damaged: "is not UTF-8" would send the Handler to repair a file that only cannot be opened.
    throw new UsageError(`--state: cannot read ${path}: ${readProblem(error)}`);
  }
  let text = "";
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    damaged("is not UTF-8");
  }
  const json = parseJsonText(text);
  if (!json.ok) return damaged(json.problem === "syntax" ? "is not JSON" : `is refused: ${json.reason}`);
  const b = json.value as Partial<Record<keyof RootBinding, unknown>> | null;
  if (b === null || typeof b !== "object" || Array.isArray(b)) return damaged("is not a JSON object");
  for (const key of ["arena", "machine"] as const) if (typeof b[key] !== "string" || b[key] === "") damaged(`has no ${key}`);
  if (b.callsign !== callsign) damaged(`names callsign ${JSON.stringify(b.callsign)}, not ${callsign}`);
  if (!isRootId(b.root)) damaged("has no root identifier (64 hex characters)");
  return { arena: b.arena as string, callsign, machine: b.machine as string, root: (b.root as string).toLowerCase() };
}
