// A participant's state folder that is there but cannot be looked into (audit HM): `existsSync`
// says "no file" for every failure to look, so a `dispositions/` folder that cannot be searched,
// a `dispositions` that is a file, or a link that leads nowhere read as a participant with no
// dispositions (every handled message undispositioned again, exit 0), a `root-binding/` that cannot
// be searched as no binding yet, and a binding file that cannot be opened was called "not UTF-8"
// (to be repaired). Each is now a usage error naming the path. Root, who runs these tests, is
// never refused a read, so node:fs is wrapped to refuse one (EACCES) as the kernel would.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

/** Folders that cannot be searched, and files that cannot be opened. */
const unsearchable = new Set<string>();
const unreadable = new Set<string>();

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const below = (path: string): boolean => [...unsearchable].some((folder) => String(path).startsWith(folder + sep));
  const denied = (): NodeJS.ErrnoException => Object.assign(new Error("EACCES: simulated"), { code: "EACCES" });
  const guarded = <A extends unknown[], R>(fn: (path: string, ...rest: A) => R, files = false) => (path: string, ...rest: A): R => {
    if (below(path) || (files && unreadable.has(String(path)))) throw denied();
    return fn(path, ...rest);
  };
  return {
    ...fs,
    existsSync: (path: string) => !below(path) && fs.existsSync(path),
    lstatSync: guarded(fs.lstatSync as (p: string, ...r: unknown[]) => ReturnType<typeof fs.lstatSync>),
    statSync: guarded(fs.statSync as (p: string, ...r: unknown[]) => ReturnType<typeof fs.statSync>),
    readFileSync: guarded(fs.readFileSync as (p: string, ...r: unknown[]) => Buffer, true),
    openSync: guarded(fs.openSync as (p: string, ...r: unknown[]) => number, true),
  };
});

const { mailboxCheckCommand } = await import("../../cli/commands/mailbox-check.js");
const { mailboxNewCommand } = await import("../../cli/commands/mailbox-new.js");
const { runInProcess } = await import("./_in-process.js");

const tmp = mkdtempSync(join(tmpdir(), "rw-state-unreachable-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  unsearchable.clear();
  unreadable.clear();
});

const HELLO = { from: "VEGA", to: "LYRA", kind: "hello", arena: "DEMO", machine: "VEGA-BOX", slug: "kickoff" };

/** A room with VEGA's hello to LYRA published in it, and LYRA's state folder holding a disposition of it. */
async function room(): Promise<{ root: string; state: string; staging: string }> {
  const root = mkdtempSync(join(tmp, "room-"));
  mkdirSync(join(root, "inbox"));
  writeFileSync(join(root, "AGENT-MAILBOX-PRIMER.md"), "# Agent Mailbox primer: DEMO\n");
  const staging = mkdtempSync(join(tmp, "staging-"));
  const sent = await runInProcess(mailboxNewCommand, "mailbox new", { ...HELLO, staging, json: true }, [root]);
  const id = (JSON.parse(sent.out) as { id: string }).id;
  const state = mkdtempSync(join(tmp, "state-"));
  mkdirSync(join(state, "dispositions"));
  writeFileSync(join(state, "dispositions", "LYRA.jsonl"), `${JSON.stringify({ id, state: "rejected-scope", cta: "completed", handler: "H-1", at: "2026-10-01T09:05:00Z" })}\n`);
  return { root, state, staging };
}

const check = (root: string, state: string): Promise<{ code: number; out: string; err: string }> =>
  runInProcess(mailboxCheckCommand, "mailbox check", { as: "LYRA", state, now: "20261001T1000Z" }, [root]);

describe("a state folder that is there but cannot be looked into", () => {
  it("reads the dispositions when it can (the baseline the refusals below differ from)", async () => {
    const { root, state } = await room();
    const r = await check(root, state);
    expect(r.out).toContain("undispositioned 0");
  });

  it("refuses a dispositions/, cursor/ or anomalies/ folder that cannot be searched, never reading it as empty", async () => {
    for (const [folder, file] of [["dispositions", "LYRA.jsonl"], ["cursor", "LYRA.txt"], ["anomalies", "LYRA.jsonl"]] as const) {
      const { root, state } = await room();
      mkdirSync(join(state, folder), { recursive: true });
      unsearchable.add(join(state, folder));
      await expect(check(root, state)).rejects.toThrow(`--state: cannot read ${join(state, folder, file)}: permission denied`);
    }
  });

  it("refuses a dispositions that is a file, or a link that leads nowhere", async () => {
    const { root, state } = await room();
    rmSync(join(state, "dispositions"), { recursive: true });
    writeFileSync(join(state, "dispositions"), "");
    await expect(check(root, state)).rejects.toThrow(`--state: cannot read ${join(state, "dispositions", "LYRA.jsonl")}: a part of the path is not a directory`);
    rmSync(join(state, "dispositions"));
    mkdirSync(join(state, "dispositions"));
    symlinkSync(join(state, "gone.jsonl"), join(state, "dispositions", "LYRA.jsonl"));
    await expect(check(root, state)).rejects.toThrow(`--state: cannot read ${join(state, "dispositions", "LYRA.jsonl")}: a symbolic link that leads to nothing`);
  });

  it("refuses a root binding that cannot be reached or opened, and never calls it \"not UTF-8\"", async () => {
    const { root, state, staging } = await room();
    const binding = join(state, "root-binding", "LYRA.json");
    mkdirSync(join(state, "root-binding"));
    writeFileSync(binding, `${JSON.stringify({ arena: "DEMO", callsign: "LYRA", machine: "LYRA-BOX", root: "0".repeat(64) })}\n`);
    unreadable.add(binding);
    await expect(check(root, state)).rejects.toThrow(`--state: cannot read ${binding}: permission denied`);
    unreadable.clear();
    unsearchable.add(join(state, "root-binding"));
    await expect(check(root, state)).rejects.toThrow(`--state: cannot read ${binding}: permission denied`);
    // mailbox new: the binding there but hidden is not "cannot create the root binding", and nothing is published.
    const hello = { ...HELLO, from: "LYRA", to: "VEGA", machine: "LYRA-BOX", staging, state };
    await expect(runInProcess(mailboxNewCommand, "mailbox new", hello, [root])).rejects.toThrow(`--state: cannot read ${binding}: permission denied`);
    unsearchable.clear();
    unreadable.add(binding);
    await expect(runInProcess(mailboxNewCommand, "mailbox new", hello, [root])).rejects.toThrow(`--state: cannot read ${binding}: permission denied`);
  });

  it("refuses a --state folder it cannot reach, rather than saying there is none to create", async () => {
    const { root } = await room();
    const parent = mkdtempSync(join(tmp, "locked-"));
    mkdirSync(join(parent, "state"));
    unsearchable.add(parent);
    await expect(check(root, join(parent, "state"))).rejects.toThrow(`--state: cannot read ${join(parent, "state")}: permission denied`);
  });
});
