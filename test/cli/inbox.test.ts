// readInbox when the file system fails under it: a file that cannot be read (EACCES, EIO; root,
// who runs these tests, is never refused, so node:fs is wrapped here) and one a sync client
// removes between the listing and the read. Neither may stop the check of every other message.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const failing = new Map<string, NodeJS.ErrnoException>();
const swapped = new Map<string, string>();
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const guard = <A extends unknown[], R>(fn: (path: string, ...rest: A) => R) => (path: string, ...rest: A): R => {
    const error = failing.get(String(path));
    if (error !== undefined) throw error;
    return fn(path, ...rest);
  };
  // A path whose lstat answers for another file: a file swapped for a symbolic link after lstat.
  const lstatSync = (path: string, ...rest: unknown[]): ReturnType<typeof fs.lstatSync> => {
    const stand = swapped.get(String(path));
    return (fs.lstatSync as (p: string, ...r: unknown[]) => ReturnType<typeof fs.lstatSync>)(stand ?? path, ...rest);
  };
  return { ...fs, lstatSync: guard(lstatSync), readFileSync: guard(fs.readFileSync as (p: string) => Buffer), openSync: guard(fs.openSync as (p: string, ...r: unknown[]) => number) };
});

const { readInbox } = await import("../../cli/mailbox/inbox.js");
const { coreVocabulary } = await import("../../core/index.js");
const { MAX_MESSAGE_BYTES } = await import("../../core/mailbox/index.js");

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });
const tmp = mkdtempSync(join(tmpdir(), "rw-inbox-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("readInbox when a file fails under it", () => {
  it("reports a file it cannot read as an anomaly and reads the rest; a file gone since the listing is no message", () => {
    const inbox = join(tmp, "inbox");
    mkdirSync(inbox);
    for (const name of ["a.md", "b.md", "c.md"]) writeFileSync(join(inbox, name), "---\nkind: hello\n---\nbody\n");
    failing.set(join(inbox, "a.md"), errno("EACCES"));
    failing.set(join(inbox, "b.md"), errno("ENOENT"));
    const read = readInbox(inbox, () => coreVocabulary);
    expect(read.files.map((f) => [f.file, f.findings.map((x) => x.code)[0]])).toStrictEqual([
      ["a.md", "FILE_UNREADABLE"],
      ["c.md", read.files.find((f) => f.file === "c.md")?.findings[0]?.code],
    ]);
    expect(read.files[0]?.findings[0]?.message).toContain("EACCES");
    expect(read.anomalies.map((a) => a.file)).toContain("a.md");
    // The same failure at lstat (the listing raced a removal, or the folder's permissions).
    failing.clear();
    failing.set(join(inbox, "c.md"), errno("EIO"));
    expect(readInbox(inbox, () => coreVocabulary).files.find((f) => f.file === "c.md")?.findings.map((x) => x.code)).toStrictEqual(["FILE_UNREADABLE"]);
  });
  it("never follows a file swapped for a symbolic link after lstat, nor reads past the size limit", () => {
    const inbox = join(tmp, "inbox-swapped");
    mkdirSync(inbox);
    const message = "---\nkind: hello\n---\nbody\n";
    const outside = join(tmp, "outside.md");
    writeFileSync(outside, message);
    const regular = join(tmp, "regular.md");
    writeFileSync(regular, message);
    symlinkSync(outside, join(inbox, "a.md"));
    swapped.set(join(inbox, "a.md"), regular);
    // A file that grows past the limit after lstat: lstat saw a small one.
    writeFileSync(join(inbox, "b.md"), Buffer.alloc(MAX_MESSAGE_BYTES + 10, 0x61));
    swapped.set(join(inbox, "b.md"), regular);
    const read = readInbox(inbox, () => coreVocabulary);
    swapped.clear();
    expect(read.files.map((f) => [f.file, f.findings.map((x) => x.code)])).toStrictEqual([
      ["a.md", ["NOT_A_FILE"]],
      ["b.md", ["MESSAGE_TOO_LARGE"]],
    ]);
  });
});
