// Publication when the file system fails after link(2) has given the message its name: the message
// is in the inbox, so the report says it was published and what failed after, never "refused"
// (which would have an agent publish it again). And when it fails before: a refusal with nothing
// published, never an internal error, naming any staging copy left. node:fs is wrapped to inject
// the failures.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

type Failure = (call: "openSync" | "rmdirSync" | "unlinkSync" | "writeSync" | "linkSync", path: string) => Error | Buffer | undefined;
let failure: Failure = () => undefined;
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  return {
    ...fs,
    // A Buffer opens a file holding those bytes instead: the name read back holds other bytes.
    openSync: (path: string, ...rest: unknown[]) => {
      const injected = failure("openSync", String(path));
      if (injected instanceof Error) throw injected;
      let opened = path;
      if (injected !== undefined) {
        opened = `${path}.injected`;
        fs.writeFileSync(opened, injected);
      }
      return (fs.openSync as (p: string, ...r: unknown[]) => number)(opened, ...rest);
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
    writeSync: (fd: number, ...rest: unknown[]) => {
      const injected = failure("writeSync", "");
      if (injected instanceof Error) throw injected;
      return (fs.writeSync as (fd: number, ...r: unknown[]) => number)(fd, ...rest);
    },
    linkSync: (existing: string, path: string) => {
      const injected = failure("linkSync", String(path));
      if (injected instanceof Error) throw injected;
      fs.linkSync(existing, path);
    },
  };
});

const { publishOnce, PublishRefusal } = await import("../../cli/mailbox/publish.js");
const { mailboxNewCommand } = await import("../../cli/commands/mailbox-new.js");
const { runInProcess } = await import("./_in-process.js");

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
    failure = (call, path) => (call === "openSync" && path === join(a.inbox, FILE) ? errno("EIO") : undefined);
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
    failure = (call, path) => (call === "openSync" && path === join(a.inbox, FILE) ? Buffer.from("changed meanwhile") : undefined);
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(published.path).toBe(join(a.inbox, FILE));
    expect(published.findings.map((f) => f.code)).toStrictEqual(["PUBLISHED_UNVERIFIED"]);
    expect(published.findings[0]?.message).toContain("does not hold the bytes written");
  });
  it("reads the published name back without following a link swapped in for it (a link to /dev/zero would be read without end)", () => {
    const a = room();
    const elsewhere = join(a.root, "elsewhere.md");
    writeFileSync(elsewhere, bytes);
    let swapped = false;
    failure = (call, path) => {
      if (call === "openSync" && path === join(a.inbox, FILE) && !swapped) {
        // A sync client replaces the name between link(2) and the read-back, with a link to the very bytes written.
        swapped = true;
        unlinkSync(path);
        symlinkSync(elsewhere, path);
      }
      return undefined;
    };
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    expect(swapped).toBe(true);
    expect(published.path).toBe(join(a.inbox, FILE));
    expect(published.findings.map((f) => f.code)).toStrictEqual(["PUBLISHED_UNVERIFIED"]);
    expect(published.findings[0]?.message).toContain("replaced by a symbolic link");
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

describe("publishOnce before link(2)", () => {
  it("refuses, with nothing published, when the staging copy cannot be written (a full disk), and removes it", () => {
    const a = room();
    failure = (call) => (call === "writeSync" ? errno("ENOSPC") : undefined);
    expect(() => publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes)).toThrow(/staging copy .*\(ENOSPC\): nothing was published/);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    expect(readdirSync(a.staging)).toStrictEqual([]);
  });
  it("names a staging copy it cannot remove when link(2) fails, as it names one after", () => {
    const a = room();
    failure = (call, path) => (call === "linkSync" ? errno("EPERM") : call === "rmdirSync" && path.startsWith(a.staging) ? errno("EBUSY") : undefined);
    let refusal: unknown;
    try {
      publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PublishRefusal);
    expect((refusal as Error).message).toContain("nothing was published");
    const findings = (refusal as InstanceType<typeof PublishRefusal>).findings;
    expect(findings.map((f) => [f.code, f.severity, f.file])).toStrictEqual([["STAGING_LEFT", "note", FILE]]);
    expect(findings[0]?.message).toMatch(/^nothing was published as .*, and the staging copy of the attempt folder .* could not be removed \(EBUSY\)/);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("says why link(2) failed: a filesystem without hard links (EPERM), or a read-only inbox (EROFS), not blamed on the filesystem", () => {
    const a = room();
    failure = (call) => (call === "linkSync" ? errno("EPERM") : undefined);
    expect(() => publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes)).toThrow(/\(EPERM\): this filesystem does not take hard links.*nothing was published/);
    failure = (call) => (call === "linkSync" ? errno("EROFS") : undefined);
    let message = "";
    try {
      publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE }, bytes);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/cannot give .* its name \(EROFS\): nothing was published$/);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    expect(readdirSync(a.staging)).toStrictEqual([]);
  });
  it("names the staging copy a first attempt left when its name was taken meanwhile, beside the message published under the fallback", () => {
    const a = room();
    const fallback = FILE.replace("-00-VEGA", "-00-000-VEGA");
    let links = 0;
    let rmdirs = 0;
    failure = (call, path) => {
      if (call === "linkSync" && links++ === 0) return errno("EEXIST");
      if (call === "rmdirSync" && path.startsWith(a.staging) && rmdirs++ === 0) return errno("EBUSY");
      return undefined;
    };
    const published = publishOnce({ root: a.root, inbox: a.inbox, staging: a.staging, file: FILE, fallback }, bytes);
    expect(published.path).toBe(join(a.inbox, fallback));
    expect(published.findings.map((f) => [f.code, f.file])).toStrictEqual([["STAGING_LEFT", FILE]]);
    expect(published.findings[0]?.message).toContain(`nothing was published as ${FILE}`);
  });
});

/** Runs `rw mailbox new` in this process (so the wrapped node:fs applies), collecting its output. */
const mailboxNew = (args: string[], options: Record<string, string | boolean>): Promise<{ code: number; out: string; err: string }> => runInProcess(mailboxNewCommand, "mailbox new", options, args);

describe("rw mailbox new after link(2)", () => {
  const hello = { from: "VEGA", to: "LYRA", kind: "hello", arena: "DEMO", machine: "VEGA-BOX", slug: "kickoff", id: "019a2b3c-4d5e-7f60-8001-000000000001" };
  it("says the message was published, with its file, when reading it back fails (exit 1), and a retry is refused as a duplicate", async () => {
    const a = room();
    failure = (call, path) => (call === "openSync" && path.startsWith(`${a.inbox}/`) && path.endsWith("-VEGA-hello-kickoff.md") ? errno("EIO") : undefined);
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
    failure = (call, path) => (call === "openSync" && path.startsWith(`${a.inbox}/`) && path.includes("-VEGA-state-") ? errno("EIO") : undefined);
    const state = await mailboxNew([a.root], { ...hello, kind: "state", "no-reply": true, slug: "fyi", id: "019a2b3c-4d5e-7f60-8002-000000000002", staging: a.staging });
    expect(state.code).toBe(1);
    expect(state.out.trim()).toMatch(/-VEGA-state-fyi\.md$/);
    expect(state.err).toContain("published, but");
    expect(state.err).toContain("error PUBLISHED_UNVERIFIED");
    expect(state.err).not.toContain("refused");
  });
  it("says so when a concurrent publisher took the message's UUID under another name meanwhile (DUPLICATE_ID, exit 1, published)", async () => {
    const a = room();
    // The other publisher read the inbox before either file was there, and links its copy (another
    // slug) just before this one's link(2): both passed the preflight's "UUID already in the inbox".
    const seen = await mailboxNew([a.root], { ...hello, staging: a.staging, slug: "other", "dry-run": true });
    const racer = seen.out.slice(seen.out.indexOf("\n") + 1);
    const racerFile = "2026-10-01-09-00-00-VEGA-hello-other.md";
    failure = (call, path) => {
      if (call === "linkSync" && path.endsWith("-VEGA-hello-kickoff.md")) writeFileSync(join(a.inbox, racerFile), `${racer}\n`);
      return undefined;
    };
    const r = await mailboxNew([a.root], { ...hello, staging: a.staging, json: true });
    const report = JSON.parse(r.out) as { ok: boolean; published: boolean; file: string | null; findings: { code: string; file?: string; message: string }[] };
    expect([r.code, report.ok, report.published, report.findings.map((f) => [f.code, f.file])]).toStrictEqual([1, false, true, [["DUPLICATE_ID", report.file]]]);
    expect(report.findings[0]?.message).toContain(racerFile);
    expect(readdirSync(a.inbox).sort()).toStrictEqual([report.file, racerFile].sort());
    // A file that arrived meanwhile under another UUID is no duplicate: published, exit 0.
    failure = (call, path) => {
      if (call === "linkSync" && path.endsWith("-VEGA-hello-third.md")) writeFileSync(join(a.inbox, "2026-10-01-09-00-02-VEGA-hello-late.md"), racer.replace(hello.id, "019a2b3c-4d5e-7f60-8009-000000000009"));
      return undefined;
    };
    const other = await mailboxNew([a.root], { ...hello, staging: a.staging, slug: "third", id: "019a2b3c-4d5e-7f60-8002-000000000002", json: true });
    expect([other.code, (JSON.parse(other.out) as { findings: unknown[] }).findings]).toStrictEqual([0, []]);
  });
  it("refuses with nothing published when staging fails (exit 1, not an internal error), naming a copy it could not remove", async () => {
    const a = room();
    failure = (call) => (call === "writeSync" ? errno("ENOSPC") : undefined);
    const full = await mailboxNew([a.root], { ...hello, staging: a.staging });
    expect(full.code).toBe(1);
    expect(full.err).toMatch(/^refused: cannot write the staging copy .*\(ENOSPC\): nothing was published\n$/);
    failure = (call, path) => (call === "linkSync" ? errno("EXDEV") : call === "rmdirSync" && path.startsWith(a.staging) ? errno("EBUSY") : undefined);
    const text = await mailboxNew([a.root], { ...hello, staging: a.staging });
    expect(text.code).toBe(1);
    expect(text.err).toContain("nothing was published\n  note STAGING_LEFT: nothing was published as ");
    const json = await mailboxNew([a.root], { ...hello, id: "019a2b3c-4d5e-7f60-8003-000000000003", staging: a.staging, json: true });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, file: null, findings: [{ code: "STAGING_LEFT", severity: "note" }] });
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
});
