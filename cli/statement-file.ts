/**
 * The CLI's statement store: one JSON file (default `.rw/statements.json`). Every change happens
 * under an exclusive lock file and is written to a temporary file, flushed and renamed over the
 * store, so a crash leaves the old store or the new one, never half of either, and two `rw commit`
 * processes cannot both commit one token.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { memoryStore } from "../core/index.js";
import type { Statement, StatementStore } from "../core/index.js";
import { UsageError } from "./usage-error.js";

export const DEFAULT_STORE = join(".rw", "statements.json");
const STALE_LOCK_MS = 30_000;
const WAIT_MS = 10_000;

interface StoreFile {
  readonly version: 1;
  readonly statements: Statement[];
}

function load(path: string): Statement[] {
  if (!existsSync(path)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw new UsageError(`the statement store ${path} is not JSON; it was not written by rw`);
  }
  const file = parsed as Partial<StoreFile>;
  if (file.version !== 1 || !Array.isArray(file.statements)) throw new UsageError(`the statement store ${path} is not a version 1 store`);
  return file.statements;
}

function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function lock(path: string): () => void {
  const lockPath = `${path}.lock`;
  const start = Date.now();
  for (;;) {
    try {
      closeSync(openSync(lockPath, "wx"));
      return () => unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a process that died is broken after a while; a live one is waited for.
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS) unlinkSync(lockPath);
      } catch {
        // the holder released it meanwhile
      }
      if (Date.now() - start > WAIT_MS) throw new UsageError(`the statement store ${path} stayed locked for ${WAIT_MS / 1000} s (${lockPath})`);
      sleep(20);
    }
  }
}

/** Runs one step of the state machine against the file store, under the lock; writes only if changed. */
export function withStatementStore<T>(path: string, step: (store: StatementStore) => T): T {
  mkdirSync(dirname(path), { recursive: true });
  const release = lock(path);
  try {
    const before = load(path);
    const store = memoryStore(before);
    const result = step(store);
    const after = store.all();
    if (JSON.stringify(after) !== JSON.stringify(before)) writeAtomically(path, `${JSON.stringify({ version: 1, statements: after } satisfies StoreFile, null, 1)}\n`);
    return result;
  } finally {
    release();
  }
}
