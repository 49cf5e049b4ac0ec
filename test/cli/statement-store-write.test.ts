// The statement store when the file system fails while it is written (audit DY): a filling disk
// takes part of a write(2) and then refuses the rest, as a small tmpfs did. The store must then be
// left exactly as it was, and the step reported as not done; before, the short copy was renamed
// over the store, every prepared statement in it was lost, and rw prepare printed its token as
// prepared. node:fs is wrapped to inject the failures.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

/** How many more bytes the disk takes, or null for no limit; past it, ENOSPC. */
let room: number | null = null;
/** The descriptors open on a store's temporary copy, the only writes the limit applies to. */
const temps = new Set<number>();
/** The descriptors fsync was given, by what they were opened on. */
const synced: string[] = [];
const opened = new Map<number, string>();
/** Runs after each statSync has taken its answer: another process acting in between. */
let onStat: (path: string) => void = () => undefined;

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  return {
    ...fs,
    openSync: (path: string, ...rest: unknown[]) => {
      const fd = (fs.openSync as (p: string, ...r: unknown[]) => number)(path, ...rest);
      opened.set(fd, String(path));
      if (String(path).endsWith(".tmp")) temps.add(fd);
      return fd;
    },
    statSync: (path: string, ...rest: unknown[]) => {
      const stat = (fs.statSync as (p: string, ...r: unknown[]) => unknown)(path, ...rest);
      onStat(String(path));
      return stat;
    },
    closeSync: (fd: number) => {
      temps.delete(fd);
      opened.delete(fd);
      fs.closeSync(fd);
    },
    fsyncSync: (fd: number) => {
      synced.push(opened.get(fd) ?? "?");
      fs.fsyncSync(fd);
    },
    // A write takes what the disk has room for (a short count), and one with no room is ENOSPC.
    writeSync: (fd: number, data: string | Uint8Array, ...rest: unknown[]) => {
      if (room === null || !temps.has(fd)) return (fs.writeSync as (fd: number, ...r: unknown[]) => number)(fd, data, ...rest);
      if (room === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      const offset = typeof data === "string" ? 0 : typeof rest[0] === "number" ? rest[0] : 0;
      const length = Math.min(room, bytes.length - offset);
      room -= length;
      return fs.writeSync(fd, bytes, offset, length);
    },
  };
});

const { cancelHandoff } = await import("../../core/index.js");
const { StoreError, withStatementStore } = await import("../../cli/statement-file.js");
const { commitCommand, prepareCommand } = await import("../../cli/commands/statements.js");
const { runInProcess } = await import("./_in-process.js");

const tmp = mkdtempSync(join(tmpdir(), "rw-store-write-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  onStat = () => undefined;
  room = null;
  synced.length = 0;
});

/** A store holding one cancelled handoff per id, written with no limit. */
function storeWith(ids: readonly string[]): string {
  const path = join(mkdtempSync(join(tmp, "store-")), "statements.json");
  for (const id of ids) withStatementStore(path, (store) => cancelHandoff(store, id, "20261002T1400Z"), true);
  return path;
}

const cancel = (path: string, id: string): unknown => withStatementStore(path, (store) => cancelHandoff(store, id, "20261002T1400Z"), true);

describe("the statement store on a filling disk", () => {
  it("keeps the store as it was when the disk takes only part of the new copy, and says the change was not written", () => {
    const path = storeWith(["a-1", "a-2", "a-3"]);
    const before = readFileSync(path, "utf8");
    room = 40;
    expect(() => cancel(path, "a-4")).toThrow(StoreError);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(join(path, ".."))).toStrictEqual(["statements.json"]);
    // The store still reads, with every statement and cancel it held.
    room = null;
    cancel(path, "a-4");
    expect((JSON.parse(readFileSync(path, "utf8")) as { cancelled: string[] }).cancelled).toStrictEqual(["a-1", "a-2", "a-3", "a-4"]);
  });

  it("says a full disk in its own words, leaving no temporary copy beside the store", () => {
    const path = storeWith(["a-1"]);
    const before = readFileSync(path, "utf8");
    room = 0;
    expect(() => cancel(path, "a-2")).toThrow(/statements\.json cannot be written \(ENOSPC\): nothing was changed, the store is as it was/);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(join(path, ".."))).toStrictEqual(["statements.json"]);
  });

  it("flushes the store's folder after the rename, so a commit a power cut would undo is not committed twice", () => {
    const path = storeWith([]);
    synced.length = 0;
    cancel(path, "a-1");
    expect(synced).toStrictEqual([`${path}.${process.pid}.tmp`, join(path, "..")]);
  });

  it("rw prepare prints no token when its statement could not be stored (exit 1)", async () => {
    const path = storeWith(["a-1", "a-2"]);
    const before = readFileSync(path, "utf8");
    const ho = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const call = JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" });
    const options = { ho, call, exp: "20261002T1600Z", now: "20261002T1400Z", store: path, json: true };
    room = 100;
    const { code, out } = await runInProcess(prepareCommand, "prepare", options);
    expect(code).toBe(1);
    const answer = JSON.parse(out) as { ok: boolean; error: string; token?: string };
    expect(answer.ok).toBe(false);
    expect(answer.token).toBeUndefined();
    expect(answer.error).toContain("cannot be written (ENOSPC)");
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});

describe("the statement store's lock, left by a process that died", () => {
  it("is broken by one waiter only: a second that saw it stale does not remove the lock the first took meanwhile", () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    // A lock a crashed rw left a minute ago.
    closeSync(openSync(lockPath, "wx"));
    utimesSync(lockPath, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    // Right after this waiter saw it stale, another broke it and took the lock (A); A holds it for
    // a few of this waiter's looks, then releases it.
    let looks = 0;
    let aHolds = false;
    onStat = (stat) => {
      if (stat !== lockPath) return;
      looks++;
      if (looks === 1) {
        unlinkSync(lockPath);
        closeSync(openSync(lockPath, "wx"));
        aHolds = true;
      }
      if (looks === 5 && aHolds) {
        unlinkSync(lockPath);
        aHolds = false;
      }
    };
    let ranWhileAHeld: boolean | null = null;
    withStatementStore(path, (store) => {
      ranWhileAHeld = aHolds;
      return cancelHandoff(store, "a-1", "20261002T1400Z");
    }, true);
    expect(ranWhileAHeld).toBe(false);
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });
});

/** A lock file as another rw writes it: its pid, host and nonce. */
const lockOf = (pid: number, host = hostname()): string => `${pid}\n${host}\nfeedfacefeedface\n`;

/** Date.now running a second ahead at every look: a waiter's 10 s pass in a few looks. */
function fastClock(): void {
  const real = Date.now.bind(Date);
  let skew = 0;
  vi.spyOn(Date, "now").mockImplementation(() => real() + (skew += 1_000));
}

describe("the statement store's lock, owned by the process that took it (audit EB)", () => {
  it("is released only by its holder: a lock broken while the step ran, and taken by another, is left to it, and the step says so after its result", () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    const notices: string[] = [];
    const result = withStatementStore(path, (store) => {
      // A waiter broke this lock and took its own while the step ran.
      unlinkSync(lockPath);
      writeFileSync(lockPath, lockOf(1, "elsewhere"), { flag: "wx" });
      return cancelHandoff(store, "a-1", "20261002T1400Z");
    }, true, (notice) => notices.push(notice));
    expect(result).toStrictEqual([]);
    expect((JSON.parse(readFileSync(path, "utf8")) as { cancelled: string[] }).cancelled).toStrictEqual(["a-1"]);
    expect(readFileSync(lockPath, "utf8")).toBe(lockOf(1, "elsewhere"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/statements\.json's lock was broken by another process while this step ran, so another rw may have changed the store at the same time; the result above stands/);
  });

  it("a lock broken and not taken again is no error at its release: the step's result stands, with the notice", () => {
    const path = storeWith([]);
    const notices: string[] = [];
    const result = withStatementStore(path, (store) => {
      unlinkSync(`${path}.lock`);
      return cancelHandoff(store, "a-1", "20261002T1400Z");
    }, true, (notice) => notices.push(notice));
    expect(result).toStrictEqual([]);
    expect(notices).toHaveLength(1);
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });

  it("a released lock leaves no file, and no notice", () => {
    const path = storeWith([]);
    const notices: string[] = [];
    withStatementStore(path, (store) => cancelHandoff(store, "a-1", "20261002T1400Z"), true, (notice) => notices.push(notice));
    expect(notices).toStrictEqual([]);
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });

  it("rw commit whose lock was broken meanwhile prints the call and exits 0, then says the lock was broken (before: exit 70 after the store said committed)", async () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    const ho = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const call = JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" });
    const prepared = await runInProcess(prepareCommand, "prepare", { ho, call, exp: "20261002T1600Z", now: "20261002T1400Z", store: path, json: true }, []);
    const token = (JSON.parse(prepared.out) as { token: string }).token;
    // While the commit reads the store under its lock, a waiter breaks that lock.
    onStat = (stat) => {
      if (stat !== path || !existsSync(lockPath)) return;
      unlinkSync(lockPath);
      onStat = () => undefined;
    };
    const committed = await runInProcess(commitCommand, "commit", { now: "20261002T1410Z", store: path, json: true }, [token]);
    expect(committed.code).toBe(0);
    expect((JSON.parse(committed.out) as { ok: boolean; statement: { state: string } }).statement.state).toBe("committed");
    expect(committed.err).toMatch(/^rw: warning: the statement store .*statements\.json's lock was broken by another process/);
    expect((JSON.parse(readFileSync(path, "utf8")) as { statements: { state: string }[] }).statements[0]?.state).toBe("committed");
  });

  it("a lock whose holder on this host has died is broken at once, not after 30 s", () => {
    const path = storeWith([]);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(`${path}.lock`, lockOf(dead), { flag: "wx" });
    const started = performance.now();
    cancel(path, "a-1");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });

  it("a lock whose holder on this host still runs is never broken, however old: the waiter gives up, naming the holder", () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    writeFileSync(lockPath, lockOf(process.pid), { flag: "wx" });
    utimesSync(lockPath, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    fastClock();
    expect(() => cancel(path, "a-1")).toThrow(`stayed locked for 10 s (${lockPath}, held by process ${process.pid} on ${hostname()})`);
    expect(readFileSync(lockPath, "utf8")).toBe(lockOf(process.pid));
  });

  it("an old lock naming pid 0 is broken as one naming no holder: kill(0, 0) would ask about this process group", () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    writeFileSync(lockPath, lockOf(0), { flag: "wx" });
    utimesSync(lockPath, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    fastClock();
    cancel(path, "a-1");
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });

  it("an old lock of another host is broken as before: a pid there names no process here", () => {
    const path = storeWith([]);
    const lockPath = `${path}.lock`;
    writeFileSync(lockPath, lockOf(process.pid, `not-${hostname()}`), { flag: "wx" });
    utimesSync(lockPath, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    cancel(path, "a-1");
    expect(readdirSync(join(path, "..")).sort()).toStrictEqual(["statements.json"]);
  });
});
