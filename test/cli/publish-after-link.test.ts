// Publication when the file system fails after link(2) has given the message its name: the message
// is in the inbox, so the report says it was published and what failed after, never "refused"
// (which would have an agent publish it again). node:fs is wrapped to inject the failures.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

type Failure = (call: "readFileSync" | "rmdirSync" | "unlinkSync", path: string) => Error | Buffer | undefined;
let failure: Failure = () => undefined;
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  return {
    ...fs,
    readFileSync: (path: string, ...rest: unknown[]) => {
      const injected = failure("readFileSync", String(path));
      if (injected instanceof Error) throw injected;
      return injected ?? (fs.readFileSync as (p: string, ...r: unknown[]) => unknown)(path, ...rest);
    },
    rmdirSync: (path: string) => {
      const injected = failure("rmdirSync", String(path));
      if (injected instanceof Error) throw injected;
      fs.rmdirSync(path);
    },
    unlinkSync: (path: string) => {
      const injected = failure("unlinkSync", String(path));
      if (injected instanceof Error) throw injected;
      fs.unlinkSync(path);
    },
  };
});

const { publishOnce } = await import("../../cli/mailbox/publish.js");
const { mailboxNewCommand } = await import("../../cli/commands/mailbox-new.js");
const { Output } = await import("../../cli/output.js");
const { profiles } = await import("../../cli/profiles.js");

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });
const tmp = mkdtempSync(join(tmpdir(), "rw-publish-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  failure = () => undefined;
});

function room(): { root: string; inbox: string; staging: string } {
  const root = mkdtempSync(join(tmp, "room-"));
  const inbox = join(root, "inbox");
  mkdirSync(inbox);
  return { root, inbox, staging: mkdtempSync(join(tmp, "staging-")) };
}

const FILE = "2026-10-01-09-00-00-VEGA-hello-x.md";
const bytes = new TextEncoder().encode("---\nx: 1\n---\n");

describe("publishOnce after link(2)", () => {
  it("reports a published file it cannot read back as published and unverified, not refused", () => {
    const a = room();
    failure = (call, path) => (call === "readFileSync" && path === join(a.inbox, FILE) ? errno("EIO") : undefined);
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(published.path).toBe(join(a.inbox, FILE));
    expect(published.findings.map((f) => [f.code, f.severity])).toStrictEqual([["PUBLISHED_UNVERIFIED", "error"]]);
    expect(published.findings[0]?.message).toContain("EIO");
    failure = () => undefined;
    expect(readFileSync(published.path)).toStrictEqual(Buffer.from(bytes));
    expect(readdirSync(a.staging)).toStrictEqual([]);
  });
  it("reports a published file that holds other bytes than written as published and unverified", () => {
    const a = room();
    failure = (call, path) => (call === "readFileSync" && path === join(a.inbox, FILE) ? Buffer.from("changed meanwhile") : undefined);
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(published.path).toBe(join(a.inbox, FILE));
    expect(published.findings.map((f) => f.code)).toStrictEqual(["PUBLISHED_UNVERIFIED"]);
    expect(published.findings[0]?.message).toContain("does not hold the bytes written");
  });
  it("reports a staging copy it cannot remove as a note beside the published file", () => {
    const a = room();
    failure = (call, path) => (call === "rmdirSync" && path.startsWith(a.staging) ? errno("EBUSY") : undefined);
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(readFileSync(published.path)).toStrictEqual(Buffer.from(bytes));
    expect(published.findings.map((f) => [f.code, f.severity])).toStrictEqual([["STAGING_LEFT", "note"]]);
    expect(published.findings[0]?.message).toContain("EBUSY");
    // The staged name, a second link to the published bytes, was removed all the same.
    expect(readdirSync(a.staging).flatMap((d) => readdirSync(join(a.staging, d)))).toStrictEqual([]);
  });
  it("names a staged copy it cannot unlink, a second link to the published message", () => {
    const a = room();
    failure = (call, path) => (call === "unlinkSync" && path.startsWith(a.staging) ? errno("EPERM") : undefined);
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(published.findings.map((f) => f.code)).toStrictEqual(["STAGING_LEFT"]);
    expect(published.findings[0]?.message).toContain(a.staging);
    expect(published.findings[0]?.message).toContain("EPERM");
  });
  it("still refuses, with nothing published, when link(2) itself fails", () => {
    const a = room();
    writeFileSync(join(a.inbox, FILE), "someone else's\n");
    expect(() => publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes)).toThrow(/create-once/);
    expect(readFileSync(join(a.inbox, FILE), "utf8")).toBe("someone else's\n");
  });
});

/** Runs `rw mailbox new` in this process (so the wrapped node:fs applies), collecting its output. */
async function mailboxNew(args: string[], options: Record<string, string | boolean>): Promise<{ code: number; out: string; err: string }> {
  const sink = (): { stream: Writable; text: () => string } => {
    const chunks: string[] = [];
    return { stream: new Writable({ write: (chunk, _, done) => (chunks.push(String(chunk)), done()) }), text: () => chunks.join("") };
  };
  const out = sink();
  const err = sink();
  const ctx = { name: "mailbox new", file: undefined, json: options["json"] === true, profiles: profiles(undefined), out: new Output(out.stream), err: new Output(err.stream), options, args };
  const code = await mailboxNewCommand.run(ctx);
  await ctx.out.flush();
  await ctx.err.flush();
  return { code, out: out.text(), err: err.text() };
}

describe("rw mailbox new after link(2)", () => {
  const hello = { from: "VEGA", to: "LYRA", kind: "hello", arena: "DEMO", machine: "VEGA-BOX", slug: "kickoff", id: "019a2b3c-4d5e-7f60-8001-000000000001" };
  it("says the message was published, with its file, when reading it back fails (exit 1), and a retry is refused as a duplicate", async () => {
    const a = room();
    failure = (call, path) => (call === "readFileSync" && path.startsWith(`${a.inbox}/`) && path.endsWith("-VEGA-hello-kickoff.md") ? errno("EIO") : undefined);
    const r = await mailboxNew([a.root], { ...hello, staging: a.staging, json: true });
    const report = JSON.parse(r.out) as { ok: boolean; published: boolean; file: string | null; findings: { code: string }[] };
    expect([r.code, report.ok, report.published, report.findings.map((f) => f.code)]).toStrictEqual([1, false, true, ["PUBLISHED_UNVERIFIED"]]);
    expect(readdirSync(a.inbox)).toStrictEqual([report.file]);
    failure = () => undefined;
    const again = await mailboxNew([a.root], { ...hello, staging: a.staging });
    expect([again.code, again.err]).toStrictEqual([1, expect.stringContaining("DUPLICATE_ID")]);
  });
  it("prints the published file on stdout and what failed after on stderr", async () => {
    const a = room();
    failure = (call, path) => (call === "rmdirSync" && path.startsWith(a.staging) ? errno("EBUSY") : undefined);
    const r = await mailboxNew([a.root], { ...hello, staging: a.staging });
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(readdirSync(a.inbox)[0]);
    expect(r.err).toContain("note STAGING_LEFT");
    failure = (call, path) => (call === "readFileSync" && path.startsWith(`${a.inbox}/`) && path.includes("-VEGA-state-") ? errno("EIO") : undefined);
    const state = await mailboxNew([a.root], { ...hello, kind: "state", "no-reply": true, slug: "fyi", id: "019a2b3c-4d5e-7f60-8002-000000000002", staging: a.staging });
    expect(state.code).toBe(1);
    expect(state.out.trim()).toMatch(/-VEGA-state-fyi\.md$/);
    expect(state.err).toContain("published, but");
    expect(state.err).toContain("error PUBLISHED_UNVERIFIED");
    expect(state.err).not.toContain("refused");
  });
});
