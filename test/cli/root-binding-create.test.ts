// The root binding `rw mailbox new --state` creates once (section 4), when the file system fails
// or another publication of the same callsign binds first (audit DY). Written in place, a full
// disk left an empty binding behind an internal error, and that empty file then refused every
// later publication from the callsign as a damaged binding "until it is repaired"; a second
// publication that bound between the first's look and its create failed as an internal error.
// node:fs is wrapped to inject the failures.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

type Failure = (call: "existsSync" | "writeSync" | "linkSync", path: string) => Error | (() => void) | undefined;
let failure: Failure = () => undefined;
/** What each descriptor was opened on, so a write is known by its file. */
const opened = new Map<number, string>();

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  // An Error is thrown; a function runs first (another process acting), then the call proceeds.
  const inject = (call: Parameters<Failure>[0], path: string): void => {
    const injected = failure(call, path);
    if (injected instanceof Error) throw injected;
    injected?.();
  };
  return {
    ...fs,
    existsSync: (path: string) => {
      const answer = fs.existsSync(path);
      inject("existsSync", String(path));
      return answer;
    },
    openSync: (path: string, ...rest: unknown[]) => {
      const fd = (fs.openSync as (p: string, ...r: unknown[]) => number)(path, ...rest);
      opened.set(fd, String(path));
      return fd;
    },
    writeSync: (fd: number, ...rest: unknown[]) => {
      inject("writeSync", opened.get(fd) ?? "");
      return (fs.writeSync as (fd: number, ...r: unknown[]) => number)(fd, ...rest);
    },
    linkSync: (existing: string, path: string) => {
      inject("linkSync", String(path));
      fs.linkSync(existing, path);
    },
  };
});

const { mailboxNewCommand } = await import("../../cli/commands/mailbox-new.js");
const { runInProcess } = await import("./_in-process.js");

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });
const tmp = mkdtempSync(join(tmpdir(), "rw-binding-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  failure = () => undefined;
});

function room(): { root: string; inbox: string; staging: string; state: string; binding: string } {
  const root = mkdtempSync(join(tmp, "room-"));
  const inbox = join(root, "inbox");
  mkdirSync(inbox);
  const state = mkdtempSync(join(tmp, "state-"));
  return { root, inbox, staging: mkdtempSync(join(tmp, "staging-")), state, binding: join(state, "root-binding", "VEGA.json") };
}

/** Runs `rw mailbox new` in this process (so the wrapped node:fs applies), collecting its output. */
const mailboxNew = (args: string[], options: Record<string, string | boolean>): Promise<{ code: number; out: string; err: string }> => runInProcess(mailboxNewCommand, "mailbox new", options, args);

const hello = { from: "VEGA", to: "LYRA", kind: "hello", arena: "DEMO", machine: "VEGA-BOX", slug: "kickoff" };

/** The mailbox's root identifier, as a dry run (which binds nothing) puts it in the message. */
async function rootOf(a: { root: string; staging: string }): Promise<string> {
  const dry = JSON.parse((await mailboxNew([a.root], { ...hello, staging: a.staging, "dry-run": true, json: true })).out) as { message: string };
  return /root: ([0-9a-f]{64})/.exec(dry.message)?.[1] ?? "none";
}

describe("rw mailbox new --state: the root binding created once and whole", () => {
  it("refuses on a full disk with nothing bound or published, and the next publication binds and publishes", async () => {
    const a = room();
    failure = (call, path) => (call === "writeSync" && path.startsWith(join(a.state, "root-binding")) ? errno("ENOSPC") : undefined);
    const full = await mailboxNew([a.root], { ...hello, staging: a.staging, state: a.state, json: true });
    const report = JSON.parse(full.out) as { ok: boolean; file: string | null; error: string };
    expect([full.code, report.ok, report.file]).toStrictEqual([1, false, null]);
    expect(report.error).toContain("cannot create the root binding");
    expect(report.error).toContain("(ENOSPC)");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    // No empty binding, and no staging copy, is left in the state folder to refuse the next one.
    expect(readdirSync(join(a.state, "root-binding"))).toStrictEqual([]);
    failure = () => undefined;
    const again = await mailboxNew([a.root], { ...hello, staging: a.staging, state: a.state });
    expect([again.code, again.err]).toStrictEqual([0, expect.not.stringContaining("root binding")]);
    expect(readdirSync(a.inbox)).toHaveLength(1);
    expect(JSON.parse(readFileSync(a.binding, "utf8"))).toMatchObject({ arena: "DEMO", callsign: "VEGA", machine: "VEGA-BOX" });
  });

  it("reads the binding another publication of the callsign created meanwhile, rather than failing on it", async () => {
    for (const [machine, code, published] of [["VEGA-BOX", 0, 1], ["OTHER-BOX", 1, 0]] as const) {
      const a = room();
      const root = await rootOf(a);
      // Another `rw mailbox new` of VEGA binds (to `machine`) right after this one looked and found none.
      let bound = false;
      failure = (call, path) => {
        if (call !== "existsSync" || path !== a.binding || bound) return undefined;
        bound = true;
        return () => {
          mkdirSync(join(a.state, "root-binding"), { recursive: true });
          writeFileSync(a.binding, `${JSON.stringify({ arena: "DEMO", callsign: "VEGA", machine, root })}\n`);
        };
      };
      const r = await mailboxNew([a.root], { ...hello, staging: a.staging, state: a.state, json: true });
      // The same binding: published. Another machine's: held to it, and refused (ROOT_ID_UNVERIFIED).
      expect([machine, r.code, readdirSync(a.inbox).length]).toStrictEqual([machine, code, published]);
      const codes = (JSON.parse(r.out) as { findings: { code: string; severity: string }[] }).findings.filter((f) => f.severity === "error").map((f) => f.code);
      expect(codes).toStrictEqual(code === 0 ? [] : ["ROOT_ID_UNVERIFIED"]);
      expect(JSON.parse(readFileSync(a.binding, "utf8"))).toMatchObject({ machine });
    }
  });

  it("creates the binding in place on a state folder without hard links", async () => {
    const a = room();
    failure = (call, path) => (call === "linkSync" && path === a.binding ? errno("EPERM") : undefined);
    const r = await mailboxNew([a.root], { ...hello, staging: a.staging, state: a.state });
    expect(r.code).toBe(0);
    expect(readdirSync(join(a.state, "root-binding"))).toStrictEqual(["VEGA.json"]);
    expect(JSON.parse(readFileSync(a.binding, "utf8"))).toMatchObject({ callsign: "VEGA", machine: "VEGA-BOX" });
  });
});
