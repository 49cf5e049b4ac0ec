/**
 * The CLI's statement store: one JSON file (default `.rw/statements.json`). Every change happens
 * under an exclusive lock file and is written to a temporary file, flushed and renamed over the
 * store, so a crash leaves the old store or the new one, never half of either, and two `rw commit`
 * processes cannot both commit one token, nor two statements of one re-issue line (the core reads
 * the line from the HOs with `re=` this file keeps, as it knows no thread). A store given as a
 * symbolic link is the file it leads to: locked, read and replaced there, the link kept.
 */
import { randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join, resolve } from "node:path";
import * as v from "valibot";
import { isMessageId, isStatementToken, isTime, memoryStore, messageSchema, parseJsonText, statementMismatch, withoutBom } from "../core/index.js";
import type { ReissueNote, Statement, StatementStore } from "../core/index.js";
import { readProblem } from "./input.js";
import { syncDirectory } from "./sync-directory.js";
import { writeWholeFile } from "./whole-file.js";
import { UsageError } from "./usage-error.js";

export const DEFAULT_STORE = join(".rw", "statements.json");
const STALE_LOCK_MS = 30_000;
const WAIT_MS = 10_000;

interface StoreFile {
  readonly version: 1;
  readonly statements: Statement[];
  /** Handoffs a CX cancelled (`rw abandon --handoff`), written only when there are any. */
  readonly cancelled?: string[];
  /**
   * The HOs with `re=` rw prepare was given, prepared for or not: the re-issue lines the core reads
   * (statement-line.ts), as this store knows no thread. Written only when there are any: a store
   * of an earlier rw lacks it.
   */
  readonly reissues?: ReissueNote[];
}

const handoffId = v.pipe(v.string(), v.check(isMessageId, "a handoff is a message id <agent>-<n>"));
/** A statement in the store exactly as rw writes it; anything else is refused before a step runs. */
const scalar = v.union([v.string(), v.pipe(v.number(), v.safeInteger()), v.boolean()]);
const statementSchema = v.strictObject({
  token: v.pipe(v.string(), v.check(isStatementToken, "a token is 32 lowercase hex characters")),
  handoff: handoffId,
  call: v.record(v.string(), v.union([scalar, v.array(scalar)])),
  exp: v.pipe(v.string(), v.check(isTime, "exp is a UTC time YYYYMMDDTHHMMZ")),
  readback: v.pipe(messageSchema, v.check((m) => m.type === "RB", "the readback is an RB")),
  state: v.picklist(["pending", "committed", "abandoned", "expired", "cancelled"], "the state is pending, committed, abandoned, expired or cancelled"),
  // Absent when the prepare was given no moment, or an earlier version wrote the statement: its
  // commit moment is then not compared (core/statement.ts).
  prepared: v.optional(v.pipe(v.string(), v.check(isTime, "prepared is a UTC time YYYYMMDDTHHMMZ"))),
});
const text = v.pipe(v.string(), v.minLength(1, "it is not empty"));
const reissueSchema = v.strictObject({
  id: handoffId,
  re: v.pipe(v.string(), v.check(isMessageId, "re is a message id <agent>-<n>")),
  from: text,
  to: text,
  item: text,
});
const storeSchema = v.strictObject({
  version: v.literal(1, "the store's version is 1"),
  statements: v.array(statementSchema, "statements is a list"),
  cancelled: v.optional(v.array(handoffId, "cancelled is a list of handoff ids")),
  reissues: v.optional(v.array(reissueSchema, "reissues is a list of HOs with re=")),
});

/** Why a store file cannot be used: it names the first problem's place (`statements[0].exp`). */
function refuse(shown: string, problem: string): never {
  throw new StoreError(`the statement store ${shown} is refused: ${problem}; nothing was run (it was not written by this rw, or it was damaged)`);
}

/**
 * A store file that is there but cannot be trusted, or a change that cannot be written to it:
 * invalid input (exit 1), never a step run on it nor reported as done.
 */
export class StoreError extends Error {
  override readonly name = "StoreError";
}

interface Loaded {
  readonly statements: Statement[];
  readonly cancelled: string[];
  readonly reissues: ReissueNote[];
}

/** The store at `path`, named `shown` (the path given, which may be a link to it) in what it says. */
function load(path: string, shown: string): Loaded {
  let bytes: Buffer;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    // A device or a pipe (a link to /dev/zero, a FIFO) is read without end, under the lock: a store is a regular file.
    if (!stat.isFile()) throw new UsageError(`the statement store ${shown} cannot be read: it is not a regular file (a device or a pipe)`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { statements: [], cancelled: [], reissues: [] };
    // In the words every other path rw cannot read gets ("permission denied"), not node's message.
    throw new UsageError(`the statement store ${shown} cannot be read: ${readProblem(error)}`);
  }
  // Bytes that are not UTF-8 are refused, never replaced: a frozen call must run as it was frozen.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    refuse(shown, "not UTF-8");
  }
  // A key named twice is refused, not read as its last value (README note 37): a statement's
  // "state" given as committed and then pending would otherwise run a second time.
  const json = parseJsonText(withoutBom(text));
  if (!json.ok) refuse(shown, json.problem === "syntax" ? "not JSON" : json.reason);
  const checked = v.safeParse(storeSchema, json.value);
  if (!checked.success) {
    const issue = checked.issues[0] as v.BaseIssue<unknown>;
    const where = (issue.path ?? []).map((p) => (typeof p.key === "number" ? `[${p.key}]` : `.${String(p.key)}`)).join("").replace(/^\./, "");
    refuse(shown, `${where === "" ? "" : `${where}: `}${issue.message}`);
  }
  const statements = checked.output.statements as Statement[];
  const seen = new Set<string>();
  statements.forEach((s, i) => {
    if (seen.has(s.token)) refuse(shown, `statements[${i}].token: the token appears twice`);
    const mismatch = statementMismatch(s);
    if (mismatch !== null) refuse(shown, `statements[${i}].${mismatch.path}: ${mismatch.problem}`);
    seen.add(s.token);
  });
  return { statements, cancelled: checked.output.cancelled ?? [], reissues: checked.output.reissues ?? [] };
}

/**
 * Replaces the store with `text`, or throws a StoreError with the store as it was. Every byte is
 * written before the rename: one write(2) may take only part of them (a filesystem filling up),
 * and a short copy renamed over the store lost every statement in it while rw reported success.
 */
function writeAtomically(path: string, text: string, shown: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const bytes = Buffer.from(text, "utf8");
  try {
    writeWholeFile(temp, bytes, "w", 0o600);
    renameSync(temp, path);
  } catch (error) {
    removeIfThere(temp);
    throw new StoreError(`the statement store ${shown} cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)}): nothing was changed, the store is as it was`);
  }
  // The rename itself made durable: a commit undone by a power cut could be committed again.
  syncDirectory(dirname(path));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Who holds a lock: written into the lock file, so a holder releases only its own lock. */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly nonce: string;
}

/** The holder a lock file names, or null: gone, still empty (just created), or written by an earlier rw. */
function lockOwner(file: string): LockOwner | null {
  try {
    const [pid, host, nonce] = readFileSync(file, "utf8").split("\n");
    // pid 0 would ask about this process group, not a process.
    return pid !== undefined && /^[1-9][0-9]*$/.test(pid) && host !== undefined && nonce !== undefined && nonce !== "" ? { pid: Number(pid), host, nonce } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a lock's holder still runs: asked of this host's processes only, as a pid names nothing
 * on another host that shares the folder; "unknown" there, and for a lock naming no holder.
 */
function holderRuns(owner: LockOwner | null): "yes" | "no" | "unknown" {
  if (owner === null || owner.host !== hostname()) return "unknown";
  try {
    process.kill(owner.pid, 0);
    return "yes";
  } catch (error) {
    // EPERM: it runs, as another user.
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ESRCH" ? "no" : code === "EPERM" ? "yes" : "unknown";
  }
}

/**
 * Whether a lock may be broken; false when it is gone. A holder of this host is asked whether it
 * runs: a dead one's lock is broken at once, a live one's never, however long its step takes (a
 * stopped `rw commit`, a stalled disk), since breaking it lets two steps read and write the store
 * together, and one's write may undo the other's commit, which then runs twice. A pid reused by
 * another process keeps the lock until it is removed by hand; the waiter's refusal names the file.
 * A lock of another host, or naming no holder, is broken once older than STALE_LOCK_MS.
 */
function isStale(file: string): boolean {
  const runs = holderRuns(lockOwner(file));
  if (runs !== "unknown") return runs === "no";
  return isOld(file);
}

/** Whether a file is older than a live holder leaves one; false when it is gone. */
function isOld(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}

/**
 * Runs `action` holding `.lock.break`, the right to remove the lock: a waiter breaking a stale
 * lock, or a holder releasing its own. A `.break` left by a process that died in between is
 * removed once old. False, with nothing run, when it cannot be had within WAIT_MS.
 */
function holdingBreaker(lockPath: string, action: () => void, wait: boolean): boolean {
  const breaker = `${lockPath}.break`;
  const start = Date.now();
  for (;;) {
    try {
      closeSync(openSync(breaker, "wx"));
      break;
    } catch {
      if (isOld(breaker)) removeIfThere(breaker);
      if (!wait || Date.now() - start > WAIT_MS) return false;
      sleep(5);
    }
  }
  try {
    action();
  } finally {
    removeIfThere(breaker);
  }
  return true;
}

/**
 * Removes a stale lock, under `.lock.break`, and only if it is still stale once that is held. Two
 * waiters that both saw it stale each removed it: the second removed the lock the first had taken
 * meanwhile, and both ran their step (a token committed twice).
 */
function breakStale(lockPath: string): void {
  holdingBreaker(lockPath, () => {
    if (isStale(lockPath)) removeIfThere(lockPath);
  }, false);
}

function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // released or removed meanwhile
  }
}

/**
 * Releases the lock if it is still this holder's, under `.lock.break` so no waiter breaks it
 * between the look and the removal; true when it was. A lock broken meanwhile (its holder seen as
 * dead, or from another host and old) is gone or another's: removing it removed the lock a waiter
 * had taken, and the ENOENT of one already gone was reported as an internal error after the store
 * had been written.
 */
function release(lockPath: string, me: LockOwner): boolean {
  const ours = (): boolean => {
    const owner = lockOwner(lockPath);
    return owner !== null && owner.pid === me.pid && owner.host === me.host && owner.nonce === me.nonce;
  };
  let mine = false;
  const held = holdingBreaker(lockPath, () => {
    mine = ours();
    if (mine) removeIfThere(lockPath);
  }, true);
  // Not had in WAIT_MS: the lock is left, and broken once this process has ended.
  return held ? mine : ours();
}

/** Takes the store's lock; the function it returns releases it, and says whether it was still this process's. */
function lock(path: string, shown: string): () => boolean {
  const lockPath = `${path}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname(), nonce: randomBytes(8).toString("hex") };
  const start = Date.now();
  for (;;) {
    try {
      const fd = openSync(lockPath, "wx");
      try {
        writeSync(fd, `${me.pid}\n${me.host}\n${me.nonce}\n`);
      } catch (error) {
        // A lock naming no holder would stand for STALE_LOCK_MS: not taken, none is left.
        closeSync(fd);
        removeIfThere(lockPath);
        throw error;
      }
      closeSync(fd);
      return () => release(lockPath, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a process that died is broken; a live one is waited for.
      if (isStale(lockPath)) breakStale(lockPath);
      if (Date.now() - start > WAIT_MS) throw new UsageError(`the statement store ${shown} stayed locked for ${WAIT_MS / 1000} s (${lockPath}${heldBy(lockPath)})`);
      sleep(20);
    }
  }
}

/** Who holds a lock, as the refusal names it: remove the file by hand only when that process is gone. */
function heldBy(lockPath: string): string {
  const owner = lockOwner(lockPath);
  return owner === null ? "" : `, held by process ${owner.pid} on ${owner.host}`;
}

/** Whether nothing is at `path` (not: something is in the way of it, which the caller reports). */
function missing(path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** The file as rw writes it: the `cancelled` and `reissues` lists only when there are some, as a store of an earlier rw lacks them. */
function storeFile(statements: Statement[], cancelled: string[], reissues: ReissueNote[]): StoreFile {
  return { version: 1, statements, ...(cancelled.length === 0 ? {} : { cancelled }), ...(reissues.length === 0 ? {} : { reissues }) };
}

/** How many symbolic links a store path is followed through: past them it is a loop (ELOOP). */
const MAX_LINKS = 40;

/**
 * The file a store path names, through symbolic links: its lock, its copy and its rename are the
 * target's. Renamed over, a link was replaced by a file of its own, so a store shared through one
 * split in two: a statement committed through the link stayed pending in the target, and was
 * committed there a second time. A link to nothing yet leads to where the store is created. A
 * chain that ends anywhere else (a device, a folder, a loop) is left to `load` to refuse as given.
 */
function storeLocation(given: string): string {
  let path = given;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? path : given;
    }
    if (stat.isFile()) return path;
    if (!stat.isSymbolicLink()) return given;
    path = resolve(dirname(path), readlinkSync(path));
  }
  return given;
}

/**
 * What a step whose lock was broken while it ran says after it: its result stands (the store was
 * written, or not, as reported), but another rw may have read and written the store meanwhile.
 */
export function lockLostNotice(shown: string): string {
  return `warning: the statement store ${shown}'s lock was broken by another process while this step ran, so another rw may have changed the store at the same time; the result above stands, but check the store before acting on it again`;
}

/**
 * Runs one step of the state machine against the file store, under the lock; writes only if
 * changed. Only a step that may write (`creates`: prepare, and a cancel, which is recorded even
 * when nothing was prepared) makes the store's folder: with no store there, a commit or an
 * abandon finds no statement, and leaves the disk untouched. `notify` is given lockLostNotice when
 * the lock was no longer this process's at its release (standard error by default).
 */
export function withStatementStore<T>(given: string, step: (store: StatementStore) => T, creates = false, notify: (notice: string) => void = (notice) => void process.stderr.write(`rw: ${notice}\n`)): T {
  const path = storeLocation(given);
  if (!creates && missing(path)) {
    const empty = memoryStore();
    const result = step(empty);
    if (empty.all().length > 0 || empty.cancelled().length > 0 || empty.reissues().length > 0) throw new Error("a step that creates nothing wrote to the store");
    return result;
  }
  mkdirSync(dirname(path), { recursive: true });
  const release = lock(path, given);
  try {
    const before = load(path, given);
    const store = memoryStore(before.statements, before.cancelled, before.reissues);
    const result = step(store);
    const after = storeFile(store.all(), store.cancelled(), store.reissues());
    if (JSON.stringify(after) !== JSON.stringify(storeFile(before.statements, before.cancelled, before.reissues))) writeAtomically(path, `${JSON.stringify(after, null, 1)}\n`, given);
    return result;
  } finally {
    if (!release()) notify(lockLostNotice(given));
  }
}
