// `rw mailbox` on real temporary folders, as a user runs it (the built command, real exit codes):
// discovery at the three candidates, symbolic-link refusals, conflict copies, a half-written
// file, create-once publication against an existing target, the state folder and a crash
// between a reply and its disposition.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PathRefusal } from "../../cli/mailbox/paths.js";
import { KIND_NAMES, MAILBOX_KINDS, mailboxRootId } from "../../core/mailbox/index.js";
import { publishOnce } from "../../cli/mailbox/publish.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");

function rw(args: string[], input = ""): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [RW, ...args], { input, encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const ID = (n: number): string => `019a2b3c-4d5e-7f60-8${String(n).padStart(3, "0")}-00000000000${n % 10}`;
const base = (dir: string): string => mkdtempSync(join(dir, "room-"));
const tmp = mkdtempSync(join(tmpdir(), "rw-mailbox-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A primer, as the first writer creates it after the hello (sections 6 and 12). */
const PRIMER = "# Agent Mailbox primer: DEMO\n\nProtocol v1, CORE. Participants: VEGA (writer), LYRA. Next action: see the inbox.\n";

/** A room as the bootstrap leaves it: an inbox and, at the root, its visible primer (unless `primer: false`). */
function room(layout: "inbox" | "dotted" = "inbox", { primer = true }: { primer?: boolean } = {}): { root: string; inbox: string } {
  const root = base(tmp);
  const inbox = layout === "inbox" ? join(root, "inbox") : join(root, ".agent-mailbox", "inbox");
  mkdirSync(inbox, { recursive: true });
  if (primer) writeFileSync(join(root, "AGENT-MAILBOX-PRIMER.md"), PRIMER);
  return { root, inbox };
}

const HELLO = ["--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--arena", "DEMO", "--machine", "VEGA-BOX", "--slug", "kickoff"];

/** What a room's `rw mailbox new` runs published, once per room shape: the inbox's files and what the runs returned. */
interface Published {
  value: unknown;
  /** The inbox's files' text, with the mailbox root's identifier in place of `ROOT_ID`. */
  texts: Map<string, string>;
}
const published = new Map<string, Published>();
const ROOT_ID = "\u0000ROOT";

/** Where a room keeps its inbox, and whether it has a primer: all a publication's files can depend on, past the root. */
function roomShape(root: string): { shape: string; inbox: string } {
  const inbox = existsSync(join(root, "inbox")) ? join(root, "inbox") : join(root, ".agent-mailbox", "inbox");
  return { shape: `${inbox.slice(root.length)} primer=${existsSync(join(root, "AGENT-MAILBOX-PRIMER.md"))}`, inbox };
}

/**
 * Messages published into an empty inbox with `rw mailbox new` (`publish`), as set-up for a test
 * about something else. The first time for each room shape the command runs; later, the same
 * files are written into the room's inbox, their `root` that room's identifier: what the command
 * publishes there, since the names come from the fixed UUIDv7s and the text from the fixed options
 * (the test "a handshake written again is what rw mailbox new publishes" holds this to the command).
 * Publishing itself is tested where it is the point (create-once, concurrent writers, refusals).
 */
function publishedOnce<T>(name: string, root: string, publish: () => T): T {
  const { shape, inbox } = roomShape(root);
  const key = `${name} ${shape}`;
  const known = published.get(key);
  // The room is the mailbox root in both layouts: its path is what the identifier hashes.
  const id = mailboxRootId(root, { windows: false });
  if (known !== undefined && readdirSync(inbox).length === 0) {
    for (const [file, text] of known.texts) writeFileSync(join(inbox, file), text.replaceAll(ROOT_ID, id), { flag: "wx" });
    return known.value as T;
  }
  const empty = readdirSync(inbox).length === 0;
  const value = publish();
  if (known === undefined && empty) {
    const texts = new Map(readdirSync(inbox).map((file) => [file, readFileSync(join(inbox, file), "utf8")]));
    for (const [file, text] of texts) {
      expect(text, `${file} names its room's root`).toContain(`    root: ${id}\n`);
      texts.set(file, text.replaceAll(id, ROOT_ID));
    }
    published.set(key, { value: structuredClone(value), texts });
  }
  return value;
}

/** A hello and LYRA's accepting welcome, published with `rw mailbox new` (publishedOnce). */
function handshake(root: string): { hello: string; welcome: string } {
  return publishedOnce("handshake", root, () => publishHandshake(root));
}

/** The handshake, published by the command itself. */
function publishHandshake(root: string): { hello: string; welcome: string } {
  const hello = rw(["mailbox", "new", root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]);
  expect(hello.code, hello.err).toBe(0);
  const welcome = rw(["mailbox", "new", root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4), "--slug", "accept", "--no-reply"]);
  expect(welcome.code, welcome.err).toBe(0);
  return { hello: hello.out.trim(), welcome: welcome.out.trim() };
}

describe("rw mailbox check: discovery", () => {
  it("a handshake written again is what rw mailbox new publishes there, byte for byte (the set-up publishedOnce reuses)", () => {
    for (const layout of ["inbox", "dotted"] as const) {
      handshake(room(layout).root);
      const real = room(layout);
      const names = publishHandshake(real.root);
      const again = room(layout);
      expect(handshake(again.root)).toStrictEqual(names);
      expect(readdirSync(again.inbox).sort()).toStrictEqual(readdirSync(real.inbox).sort());
      const rootOf = (path: string): string => mailboxRootId(path, { windows: false });
      for (const file of readdirSync(real.inbox)) {
        const text = readFileSync(join(real.inbox, file), "utf8");
        expect(text).toContain(`    root: ${rootOf(real.root)}\n`);
        expect(readFileSync(join(again.inbox, file), "utf8")).toBe(text.replace(rootOf(real.root), rootOf(again.root)));
      }
      const check = rw(["mailbox", "check", again.root, "--now", "20261002T1200Z"]);
      expect([check.code, check.out.includes("2 valid messages, 0 invalid, 0 anomalies")], check.err).toStrictEqual([0, true]);
    }
  });
  it("finds the inbox at each of the three candidates", () => {
    const a = room();
    handshake(a.root);
    for (const path of [a.root, a.inbox]) {
      const r = rw(["mailbox", "check", path, "--now", "20261002T1200Z"]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain("2 valid messages, 0 invalid, 0 anomalies");
    }
    const b = room("dotted");
    handshake(b.root);
    expect(rw(["mailbox", "check", b.root, "--now", "20261002T1200Z"]).out).toContain("2 valid messages");
    expect(rw(["mailbox", "check", b.inbox, "--now", "20261002T1200Z"]).out).toContain("2 valid messages");
  });
  it("counts a message delivered twice once, and names it by its first file", () => {
    const a = room();
    handshake(a.root);
    const ask = rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask", "--body", "x"]);
    expect(ask.code, ask.err).toBe(0);
    const first = readdirSync(a.inbox).find((f) => f.includes("request-ask")) as string;
    const copy = first.replace("request-ask", "request-ask2").replace(/^\d{4}/, "2099");
    writeFileSync(join(a.inbox, copy), readFileSync(join(a.inbox, first)));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.out).toContain(`${copy}: note DUPLICATE_DELIVERY: a second delivery of ${first}, with the same UUID, envelope and body`);
    expect(r.out).toContain(`  ${first}: 1 message;`);
    expect(r.out).toMatch(/LYRA {2}sent 1, addressed 2, owes 1 reply; active\n/);
    expect(r.out).toMatch(/VEGA {2}sent 2, addressed 1, owes 0 replies; active\n/);
  });
  it("gives one mailbox one root identifier, whichever of its paths is named", () => {
    const b = room("dotted");
    const rootOf = (path: string): string => /root: ([0-9a-f]{64})/.exec(rw(["mailbox", "new", path, ...HELLO, "--dry-run"]).out)?.[1] ?? `none for ${path}`;
    const roots = [b.root, join(b.root, ".agent-mailbox"), b.inbox].map(rootOf);
    expect(roots[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(roots).size).toBe(1);
    mkdirSync(join(b.root, "inbox"));
    expect(rw(["mailbox", "check", join(b.root, ".agent-mailbox")]).err).toContain("ambiguous");
  });
  it("names an unreadable path as a usage error, never a stack trace (exit 2)", () => {
    const { root } = room();
    const file = join(root, "note.md");
    writeFileSync(file, "x");
    const check = rw(["mailbox", "check", file]);
    expect([check.code, check.err]).toStrictEqual([2, expect.stringContaining(`no inbox at ${file}`)]);
    for (const [flag, path, why] of [["--file", join(root, "nope.txt"), "no such file"], ["--file", root, "it is a directory"], ["--message", root, "it is a directory"]] as const) {
      const run = rw(["mailbox", "new", root, ...(flag === "--message" ? [] : HELLO), flag, path, "--dry-run"]);
      expect([run.code, run.err.split("\n")[0]]).toStrictEqual([2, `rw: ${flag}: cannot read ${path}: ${why}`]);
    }
  });
  it("a mailbox path that is a file, or where nothing is, says so after the candidates it looked at (audit HM: \"no inbox at\" alone)", () => {
    const { root } = room();
    const file = join(root, "note.md");
    writeFileSync(file, "x");
    const candidates = (p: string): string => `rw: ${p}: no inbox at ${p} (if it is one), ${p}/inbox or ${p}/.agent-mailbox/inbox; the mailbox is never searched for`;
    for (const command of [["mailbox", "check"], ["mailbox", "new"]]) {
      const args = command[1] === "new" ? ["--message", file] : [];
      const onFile = rw([...command, file, ...args]);
      expect([onFile.code, onFile.err.split("\n")[0]]).toStrictEqual([2, `${candidates(file)} (${file} is a file, not a folder)`]);
      const none = rw([...command, join(root, "typo"), ...args]);
      expect([none.code, none.err.split("\n")[0]]).toStrictEqual([2, `${candidates(join(root, "typo"))} (nothing is at ${join(root, "typo")})`]);
      // A folder with no inbox: the candidates alone, as before.
      expect(rw([...command, tmp, ...args]).err.split("\n")[0]).toBe(candidates(tmp));
    }
  });
  it("--state naming a file is \"not a folder\", not \"no such folder\" (which said to create what is there)", () => {
    const { root } = room();
    const file = join(tmp, `state-file-${Date.now()}`);
    writeFileSync(file, "");
    const r = rw(["mailbox", "check", root, "--as", "VEGA", "--state", file]);
    expect([r.code, r.out, r.err.split("\n")[0]]).toStrictEqual([2, "", `rw: --state ${file}: not a folder (a file or a device is there): give the participant's state folder`]);
    const none = rw(["mailbox", "check", root, "--as", "VEGA", "--state", `${file}-none`]);
    expect([none.code, none.err.split("\n")[0]]).toStrictEqual([2, `rw: --state ${file}-none: no such folder (create it; an empty one is a participant with no dispositions yet)`]);
  });
  it("--state that does not exist inside the mailbox is refused as inside it, not told to be created there (audit HM)", () => {
    const { root } = room();
    const r = rw(["mailbox", "check", root, "--as", "VEGA", "--state", join(root, "state")]);
    expect([r.code, r.err.split("\n")[0]]).toStrictEqual([2, `rw: --state ${join(root, "state")} is inside the mailbox root: dispositions live outside the mailbox and its sync`]);
  });
  it("a state file that is a folder is a usage error naming that path", () => {
    const { root } = room();
    for (const [folder, name] of [["dispositions", "VEGA.jsonl"], ["cursor", "VEGA.txt"], ["anomalies", "VEGA.jsonl"]] as const) {
      const state = mkdtempSync(join(tmp, "state-"));
      mkdirSync(join(state, folder, name), { recursive: true });
      const r = rw(["mailbox", "check", root, "--as", "VEGA", "--state", state]);
      expect([r.code, r.err.split("\n")[0]]).toStrictEqual([2, `rw: --state: cannot read ${join(state, folder, name)}: it is a directory`]);
    }
  });
  it("a state file that is a device or a pipe (a link to /dev/zero) is a usage error, never read without end", () => {
    const { root } = room();
    for (const [folder, name] of [["dispositions", "VEGA.jsonl"], ["cursor", "VEGA.txt"], ["anomalies", "VEGA.jsonl"]] as const) {
      const state = mkdtempSync(join(tmp, "state-"));
      mkdirSync(join(state, folder));
      symlinkSync("/dev/zero", join(state, folder, name));
      const r = spawnSync(process.execPath, [RW, "mailbox", "check", root, "--as", "VEGA", "--state", state], { encoding: "utf8", cwd: ROOT, timeout: 20_000 });
      expect([r.status, r.stderr.split("\n")[0]]).toStrictEqual([2, `rw: --state: cannot read ${join(state, folder, name)}: not a regular file`]);
    }
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "root-binding"));
    symlinkSync("/dev/zero", join(state, "root-binding", "VEGA.json"));
    const r = spawnSync(process.execPath, [RW, "mailbox", "new", root, ...HELLO, "--state", state], { encoding: "utf8", cwd: ROOT, timeout: 20_000 });
    expect([r.status, r.stderr]).toStrictEqual([1, `refused: the root binding ${join(state, "root-binding", "VEGA.json")} is not a regular file: nothing is published from VEGA until it is repaired (a move needs a Handler-authorized rebind)\n`]);
    expect(readdirSync(join(root, "inbox"))).toStrictEqual([]);
    // The check publishes nothing: what the damaged binding withholds there is the reconciliation.
    const c = spawnSync(process.execPath, [RW, "mailbox", "check", root, "--as", "VEGA", "--state", state], { encoding: "utf8", cwd: ROOT, timeout: 20_000 });
    expect([c.status, c.stderr]).toStrictEqual([1, `refused: the root binding ${join(state, "root-binding", "VEGA.json")} is not a regular file: VEGA's arena is not known from it, so nothing is reconciled for VEGA until it is repaired (a move needs a Handler-authorized rebind)\n`]);
  });
  it("--as that is no callsign says what one is, and the upper-case callsign a lower-case one means (it said only \"not a callsign\")", () => {
    const { root } = room();
    const state = mkdtempSync(join(tmp, "state-"));
    const lower = rw(["mailbox", "check", root, "--as", "lyra", "--state", state]);
    expect([lower.code, lower.out, lower.err.split("\n")[0]]).toStrictEqual([2, "", "rw: --as lyra: not a callsign (1 to 32 uppercase ASCII letters, digits and inner hyphens, starting with a letter); callsigns are upper case: --as LYRA"]);
    // No fix offered where upper case would not make one.
    expect(rw(["mailbox", "check", root, "--as", "ly ra", "--state", state]).err.split("\n")[0]).toBe("rw: --as ly ra: not a callsign (1 to 32 uppercase ASCII letters, digits and inner hyphens, starting with a letter)");
  });
  it("never crawls: an inbox one level deeper is not found (exit 2)", () => {
    const outer = base(tmp);
    mkdirSync(join(outer, "project", "inbox"), { recursive: true });
    const r = rw(["mailbox", "check", outer]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("never searched for");
  });
  it("refuses a root holding both inbox/ and .agent-mailbox/inbox/", () => {
    const a = room();
    mkdirSync(join(a.root, ".agent-mailbox", "inbox"), { recursive: true });
    const r = rw(["mailbox", "check", a.root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("ambiguous");
  });
});

describe("symbolic links", () => {
  it("refuses a root that is a symbolic link, and a root reached through one", () => {
    const a = room();
    handshake(a.root);
    const link = join(tmp, `link-${Date.now()}`);
    symlinkSync(a.root, link);
    for (const path of [link, join(link, "inbox")]) {
      const r = rw(["mailbox", "check", path]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/refused: .*symbolic link/);
    }
  });
  it("--json answers a refused path with one JSON object on stdout (it wrote nothing there, exit 1), as mailbox new --json does", () => {
    const a = room();
    const link = join(tmp, `json-link-${Date.now()}`);
    symlinkSync(a.root, link);
    const r = rw(["mailbox", "check", link, "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { ok: boolean; error: string };
    expect([report.ok, report.error]).toStrictEqual([false, expect.stringContaining("symbolic link")]);
    expect(r.out.split("\n")).toHaveLength(2);
    expect(r.err).toMatch(/^refused: .*symbolic link/);
  });
  it("refuses an inbox that is a symbolic link, for check and for new", () => {
    const a = base(tmp);
    const real = mkdtempSync(join(tmp, "elsewhere-"));
    symlinkSync(real, join(a, "inbox"));
    expect(rw(["mailbox", "check", a]).code).toBe(1);
    const r = rw(["mailbox", "new", a, ...HELLO]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("symbolic link");
    expect(readdirSync(real)).toStrictEqual([]);
  });
  it("refuses a staging or state folder reached through a symbolic link into the mailbox root", () => {
    const a = room();
    mkdirSync(join(a.root, "runtime", "staging"), { recursive: true });
    const staging = join(tmp, `staging-link-${Date.now()}`);
    const state = join(tmp, `state-link-${Date.now()}`);
    symlinkSync(join(a.root, "runtime", "staging"), staging);
    symlinkSync(join(a.root, "runtime"), state);
    const published = rw(["mailbox", "new", a.root, ...HELLO, "--staging", staging]);
    expect(published.code, published.out).toBe(1);
    expect(published.err).toContain("inside the mailbox root");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--state", state]).code).toBe(2);
    expect(existsSync(join(a.root, "runtime", "root-binding"))).toBe(false);
    const checked = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state]);
    expect(checked.code).toBe(2);
    expect(checked.err).toContain("inside the mailbox root");
  });
  it("refuses a state folder whose own subfolders link into the mailbox: local state never lands there", () => {
    const a = room();
    mkdirSync(join(a.root, "runtime"), { recursive: true });
    const state = mkdtempSync(join(tmp, "state-sub-"));
    // The folder itself is outside; its root-binding/ and dispositions/ lead into the mailbox.
    symlinkSync(a.inbox, join(state, "root-binding"));
    symlinkSync(join(a.root, "runtime"), join(state, "dispositions"));
    const published = rw(["mailbox", "new", a.root, ...HELLO, "--state", state]);
    expect(published.code, published.out).toBe(2);
    expect(published.err).toContain("inside the mailbox root");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const checked = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state]);
    expect(checked.code).toBe(2);
    expect(checked.err).toContain("dispositions");
  });
  it("never follows a message file that is a symbolic link: an anomaly", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const outside = join(tmp, `outside-${Date.now()}.md`);
    writeFileSync(outside, readFileSync(join(a.inbox, hello)));
    symlinkSync(outside, join(a.inbox, "2026-10-01-09-00-09-VEGA-request-linked.md"));
    const r = rw(["mailbox", "check", a.root, "--json", "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { anomalies: { file: string; reason: string }[] };
    expect(report.anomalies.map((x) => x.file)).toStrictEqual(["2026-10-01-09-00-09-VEGA-request-linked.md"]);
    expect(report.anomalies[0]?.reason).toContain("symbolic link");
  });
});

describe("conflict copies and half-written files", () => {
  it("reports a conflict copy as an anomaly, never consumed; the rest is still checked", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const copy = hello.replace(".md", " (1).md");
    writeFileSync(join(a.inbox, copy), readFileSync(join(a.inbox, hello)));
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${copy}: error CONFLICT_COPY`);
    expect(r.out).toContain("2 valid messages, 1 invalid, 1 anomalies");
    expect(r.out).toContain("anomalies 1");
    expect(existsSync(join(a.inbox, copy))).toBe(true);
  });
  it("reports each provider's conflict-copy shape as CONFLICT_COPY, never DUPLICATE_ID or DUPLICATE_DELIVERY", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const stem = hello.replace(/\.md$/, "");
    const copies = [`${stem}(1).md`, `${stem} (conflicted).md`, `${stem} [Conflict].md`, `${stem} (Conflict 2).md`, `${stem}_conflict-20261001-090000.md`, `${stem} 2.md`];
    for (const copy of copies) writeFileSync(join(a.inbox, copy), readFileSync(join(a.inbox, hello)));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    for (const copy of copies) expect(r.out).toContain(`${copy}: error CONFLICT_COPY`);
    expect(r.out).toContain(`2 valid messages, ${copies.length} invalid, ${copies.length} anomalies`);
    expect(r.out).not.toMatch(/DUPLICATE_(?:ID|DELIVERY)/);
  });
  it("reports a file or folder named like a message but not read as one (.MD, .md.tmp, a folder x.md): an anomaly, never skipped in silence", () => {
    const a = room();
    const { hello, welcome } = handshake(a.root);
    // LYRA's welcome, written again under names that are not *.md, and folders named like messages.
    const upper = "2026-10-01-09-00-11-LYRA-request-upper.MD";
    const temp = "2026-10-01-09-00-12-LYRA-request-temp.md.tmp";
    const bare = "2026-10-01-09-00-13-LYRA-request-bare";
    writeFileSync(join(a.inbox, upper), readFileSync(join(a.inbox, welcome)));
    writeFileSync(join(a.inbox, temp), readFileSync(join(a.inbox, welcome)));
    writeFileSync(join(a.inbox, bare), readFileSync(join(a.inbox, welcome)));
    mkdirSync(join(a.inbox, "x.md"));
    mkdirSync(join(a.inbox, "2026-10-01-09-00-14-LYRA-state-folder.md"));
    // Not like a message: a note beside the messages, a folder, a dot-name (staging, provider mechanics).
    writeFileSync(join(a.inbox, "notes.txt"), "not a message");
    mkdirSync(join(a.inbox, "drafts"));
    writeFileSync(join(a.inbox, `.${hello}.tmp`), "staging");
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--json", "--as", "VEGA", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { files: { file: string; ok: boolean; findings: { code: string; message: string }[] }[]; anomalies: { file: string; to: string[] | null; arena: string | null }[]; reconciliation: { findings: { code: string; file?: string }[] } };
    const codes = Object.fromEntries(report.files.filter((f) => !f.ok).map((f) => [f.file, f.findings.map((x) => x.code)]));
    expect(codes).toStrictEqual({
      [bare]: ["FILENAME_NOT_MD"],
      "2026-10-01-09-00-14-LYRA-state-folder.md": ["NOT_A_FILE"],
      [upper]: ["FILENAME_NOT_MD"],
      [temp]: ["FILENAME_NOT_MD"],
      "x.md": ["NOT_A_FILE"],
    });
    const message = (file: string): string => report.files.find((f) => f.file === file)?.findings[0]?.message ?? "";
    expect(message(upper)).toContain('its extension is ".MD", not ".md"');
    expect(message(temp)).toContain('".tmp" follows its ".md"');
    expect(message("x.md")).toContain("a folder in the inbox, named like a message");
    // The misnamed files are read for their recipients: VEGA's reconciliation shows them open.
    expect(report.anomalies.find((x) => x.file === upper)?.to).toStrictEqual(["VEGA"]);
    // And for their arena (README note 134): a folder has no envelope to read it from.
    expect(report.anomalies.find((x) => x.file === upper)?.arena).toBe("DEMO");
    expect(report.anomalies.find((x) => x.file === "x.md")?.arena).toBeNull();
    expect(report.reconciliation.findings.filter((f) => f.code === "ANOMALY_OPEN").map((f) => f.file).sort()).toStrictEqual([bare, "2026-10-01-09-00-14-LYRA-state-folder.md", upper, temp, "x.md"].sort());
    // The handshake is read as before, and nothing was consumed, moved or deleted.
    expect(report.files.filter((f) => f.ok).map((f) => f.file).sort()).toStrictEqual([hello, welcome].sort());
    expect(readdirSync(a.inbox).length).toBe(10);
  });
  it("tells a reply whose parent's file is here but refused that it was refused, naming the file and its finding, not that it is missing", () => {
    const a = room();
    const { hello, welcome } = handshake(a.root);
    // VEGA's hello, with its machine alias written without quotes as digits: YAML reads 42.
    const text = readFileSync(join(a.inbox, hello), "utf8");
    expect(text).toContain("    machine: VEGA-BOX\n");
    writeFileSync(join(a.inbox, hello), text.replace("    machine: VEGA-BOX\n", "    machine: 0042\n"));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${hello}: error FIELD_TYPE (line 18): machine: a string; YAML reads 0042, written without quotes, as the number 42: quote it ("0042") to give it as text`);
    expect(r.out).toContain(`${welcome}: note PARENT_UNKNOWN: reply_to ${ID(1)} is ${hello}, which this mailbox holds but refused as a message (FIELD_TYPE: machine: a string; YAML reads 0042`);
    expect(r.out).not.toContain("is not in this mailbox");
  });
  it("places a refused file's reconciliation findings at its file, with the UUID it is recorded under; an envelope that does not read names no recipient, so the file is each participant's (note 126)", () => {
    const a = room();
    const { welcome } = handshake(a.root);
    // LYRA's welcome to VEGA again, under a UUID of its own, refused for one envelope field.
    const bad = "2026-10-01-09-00-20-LYRA-state-bad.md";
    const text = readFileSync(join(a.inbox, welcome), "utf8");
    expect(text).toContain("    expects_reply: false\n");
    writeFileSync(join(a.inbox, bad), text.replace(ID(4), ID(5)).replace("    expects_reply: false\n", "    expects_reply: maybe\n"));
    for (const as of ["VEGA", "LYRA"]) {
      const state = mkdtempSync(join(tmp, "state-"));
      const r = rw(["mailbox", "check", a.root, "--as", as, "--state", state, "--now", "20261002T1200Z"]);
      expect(r.code, r.err).toBe(1);
      expect(r.out).toContain(`  ${bad} (${ID(5)}): error ANOMALY_OPEN: expects_reply: true or false: never consumed or deleted silently; record needs-audit against its UUID`);
      expect(r.out).not.toContain(`  ${ID(5)}: error`);
      const json = JSON.parse(rw(["mailbox", "check", a.root, "--json", "--as", as, "--state", state, "--now", "20261002T1200Z"]).out) as { anomalies: { file: string; to: string[] | null; arena: string | null }[] };
      expect(json.anomalies).toMatchObject([{ file: bad, to: null, arena: null }]);
    }
  });
  it("reports a half-written file (no closing ---) and checks the others", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const half = readFileSync(join(a.inbox, hello), "utf8").slice(0, 120);
    writeFileSync(join(a.inbox, "2026-10-01-09-00-05-VEGA-request-half.md"), half);
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("2026-10-01-09-00-05-VEGA-request-half.md: error FRONTMATTER_UNCLOSED");
    expect(r.out).toContain("handshake established");
  });
  it("reports a frontmatter nested 3,000 levels deep once, with a stable code, and checks the others", () => {
    const a = room();
    handshake(a.root);
    const file = "2026-10-01-09-00-07-VEGA-request-deep.md";
    writeFileSync(join(a.inbox, file), `---\nmeta: ${"[".repeat(3_000)}${"]".repeat(3_000)}\n---\nbody\n`);
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toContain(`${file}: error FRONTMATTER_TOO_DEEP (line 2): the frontmatter nests mappings and sequences more than 128 levels deep`);
    expect(r.out.split(file).length - 1).toBe(1);
    expect(r.out).not.toMatch(/call stack/i);
    expect(r.out).toContain("2 valid messages, 1 invalid, 1 anomalies");
    const json = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z", "--json"]);
    expect(json.out).not.toMatch(/call stack/i);
    expect(json.out.split("FRONTMATTER_TOO_DEEP").length - 1).toBe(1);
  });
  it("reports a file that is not UTF-8", () => {
    const a = room();
    handshake(a.root);
    writeFileSync(join(a.inbox, "2026-10-01-09-00-06-VEGA-request-bytes.md"), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]));
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out).toContain("error ENCODING_INVALID");
  });
  it("reports a file whose name is not UTF-8 as an anomaly, never skipping it in silence", () => {
    const a = room();
    const { hello } = handshake(a.root);
    // A message under a name Linux allows and no UTF-8 path can reach (0xff is never UTF-8).
    const name = Buffer.concat([Buffer.from(a.inbox + "/2026-10-01-09-00-08-VEGA-request-"), Buffer.from([0xff]), Buffer.from(".md")]);
    writeFileSync(name, readFileSync(join(a.inbox, hello)));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z", "--json"]);
    expect(r.code, r.err).toBe(1);
    const report = JSON.parse(r.out) as { anomalies: { file: string; reason: string }[] };
    expect(report.anomalies.map((x) => [x.file, x.reason])).toStrictEqual([["2026-10-01-09-00-08-VEGA-request-\\xff.md", "the file's name is not UTF-8: no path the mailbox reads can name it; rename it"]]);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out).toContain("2 valid messages, 1 invalid, 1 anomalies");
  });
  it("shows a peer's line breaks and terminal controls marked, so a file name or field cannot forge a line of the report", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const forged = "a\nreconciliation for LYRA: CLEAN (work-clean yes, readiness-clean yes)\n\u001b[2J\u202ezz.md";
    writeFileSync(join(a.inbox, forged), readFileSync(join(a.inbox, hello), "utf8").replace("arena: DEMO", "arena: \"DEMO\\e[31m\""));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.out.split("\n").filter((line) => line.startsWith("reconciliation"))).toStrictEqual([]);
    expect(r.out).not.toMatch(/[\u001b\u202e]/u);
    expect(r.out).toContain("  a·reconciliation for LYRA: CLEAN (work-clean yes, readiness-clean yes)··[2J·zz.md: ");
  });
  it("shows a zero-width space or word joiner a peer's file name or field holds marked, so a refused callsign does not read as a valid one", () => {
    const a = room();
    const { hello } = handshake(a.root);
    // `from: "VE\u200bGA"` was reported as `from: "VEGA" is not a callsign`, under a name that looked grammatical.
    const name = "2026-10-01-09-00-09-VEGA-request-kick\u200boff\u2060.md";
    writeFileSync(join(a.inbox, name), readFileSync(join(a.inbox, hello), "utf8").replace("from: VEGA", 'from: "VE\\u200bGA"'));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(/[\u200b\u2060]/u);
    expect(r.out).toContain('  2026-10-01-09-00-09-VEGA-request-kick·off·.md: error CALLSIGN_INVALID (line 11): from: "VE·GA" is not a callsign');
    const json = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z", "--json"]);
    expect(json.out).not.toMatch(/[\u200b\u2060]/u);
    expect(json.out).toContain("kick\\u200boff\\u2060.md");
    expect((JSON.parse(json.out) as { files: { file: string }[] }).files.map((f) => f.file)).toContain(name);
  });
  it("--json escapes the C1, line-separator and bidirectional controls a peer's file name or an option gave, which JSON.stringify leaves raw", () => {
    const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/u;
    const a = room();
    const { hello } = handshake(a.root);
    const name = "2026-10-01-09-00-09-VEGA-request-x\u009b2J\u2028\u202e.md";
    writeFileSync(join(a.inbox, name), readFileSync(join(a.inbox, hello), "utf8"));
    const checked = rw(["mailbox", "check", a.root, "--json", "--now", "20261002T1200Z"]);
    expect(checked.out).not.toMatch(RAW);
    expect(checked.out).toContain("x\\u009b2J\\u2028\\u202e.md");
    expect((JSON.parse(checked.out) as { files: { file: string }[] }).files.map((f) => f.file)).toContain(name);
    const refused = rw(["mailbox", "new", a.root, ...HELLO, "--transport", "x\u009b\u202e", "--json"]);
    expect(refused.code).toBe(1);
    expect(refused.out).not.toMatch(RAW);
    expect(JSON.parse(refused.out)).toMatchObject({ ok: false, findings: [{ code: "TRANSPORT_UNKNOWN", received: "x\u009b\u202e" }] });
  });
  it("--dry-run shows the body and tags an option gave with their controls marked, the message's line breaks kept", () => {
    const a = room();
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--tags", "room\u001b[31m", "--body", "hi\u001b]0;title\u0007\u202eok\r\nnext\u2028line", "--dry-run"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/u);
    expect(r.out).toContain("\n---\nhi·]0;title··ok·\nnext·line\n");
    expect(r.out).toContain('\n  - "room\\e[31m"\n');
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("--dry-run --json carries the message as written beside its name and ids, and writes nothing", () => {
    const a = room();
    const ids = ["--id", ID(8), "--thread", ID(2), "--request-id", ID(3)];
    const shown = rw(["mailbox", "new", a.root, ...HELLO, ...ids, "--body", "hi\u202eok", "--dry-run"]);
    const r = rw(["mailbox", "new", a.root, ...HELLO, ...ids, "--body", "hi\u202eok", "--dry-run", "--json"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("hi\\u202eok");
    const json = JSON.parse(r.out) as { ok: boolean; file: string; published: boolean; id: string; message: string };
    expect(json).toMatchObject({ ok: true, published: false, id: ID(8) });
    expect(`${json.file}\n${json.message.trimEnd().replace("\u202e", "·")}\n`).toBe(shown.out);
    expect(json.message).toContain("\n---\nhi\u202eok\n");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("a list option loses only the spaces and tabs around its items; a no-break space is the value's, refused, never trimmed into a callsign not given", () => {
    const a = room();
    const to = (value: string, ...more: string[]) => rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", value, "--kind", "hello", "--arena", "DEMO", "--machine", "VEGA-BOX", "--dry-run", ...more]);
    const spaced = to("LYRA, \tORION ");
    expect(spaced.code, spaced.err).toBe(0);
    expect(spaced.out).toMatch(/\n {4}to:\n {6}- LYRA\n {6}- ORION\n/);
    // An empty item (of nothing, or of spaces and tabs alone) is a usage error, never dropped unseen.
    for (const [value, which] of [["LYRA,,ORION", "item 2 of 3"], ["LYRA, \tORION ,", "item 3 of 3"], [",LYRA", "item 1 of 2"]] as const) {
      const empty = to(value);
      expect([empty.code, empty.out], value).toStrictEqual([2, ""]);
      expect(empty.err).toContain(`rw: --to ${JSON.stringify(value)}: ${which} is empty; give each item once, separated by single commas`);
    }
    const tags = to("LYRA", "--tags", "site,,copy");
    expect([tags.code, tags.err.split("\n")[0]]).toStrictEqual([2, 'rw: --tags "site,,copy": item 2 of 3 is empty; give each item once, separated by single commas']);
    // trim() made "\u00A0ORION" ORION, and published to a callsign the caller never wrote.
    const nbsp = to("LYRA,\u00A0ORION", "--json");
    expect(nbsp.code).toBe(1);
    expect(JSON.parse(nbsp.out)).toMatchObject({ ok: false, findings: [{ code: "CALLSIGN_INVALID", message: expect.stringContaining("to[1]") }] });
    // A --from of only spaces is none (a usage error); one of a no-break space is a value the core refuses.
    const from = (value: string) => rw(["mailbox", "new", a.root, "--from", value, "--to", "LYRA", "--kind", "hello", "--arena", "DEMO", "--machine", "VEGA-BOX", "--dry-run"]);
    expect(from(" \t").code).toBe(2);
    const nbspFrom = from("\u00A0");
    expect(nbspFrom.code).toBe(1);
    expect(nbspFrom.err).toContain("CALLSIGN_INVALID");
    // The ends are found by index: /[ \t]+$/ took 36 s over an item with 120,000 spaces inside it.
    const started = Date.now();
    expect(to(`LYRA,O${" ".repeat(120_000)}X`, "--json").code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("notes a file that starts with a byte order mark (ENCODING_BOM), as the core and the playground do", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const file = join(a.inbox, hello);
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(file)]));
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z", "--json"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('"code":"ENCODING_BOM"');
  });
});

describe("rw mailbox new: create-once publication", () => {
  it("publishes a preflighted message, and never overwrites an existing target", () => {
    const a = room();
    const first = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1)]);
    expect(first.code, first.err).toBe(0);
    const name = first.out.trim();
    expect(name).toMatch(/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-VEGA-hello-kickoff\.md$/);
    // Another message that would take the same name: the existing bytes stay.
    const before = readFileSync(join(a.inbox, name));
    writeFileSync(join(a.inbox, "elsewhere.md"), "");
    const again = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1)]);
    expect(again.code, JSON.stringify(again)).toBe(1);
    expect(again.err).toContain("DUPLICATE_ID");
    expect(readFileSync(join(a.inbox, name))).toStrictEqual(before);
  });
  it("refuses an option that would compose a message beside --message, which publishes its file as written (exit 2, nothing written)", () => {
    const a = room();
    const file = join(a.root, "..", `${ID(8).slice(-4)}-hello.md`);
    writeFileSync(file, rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(8), "--dry-run"]).out.split("\n").slice(1).join("\n"));
    for (const extra of [["--from", "LYRA"], ["--body", "not read"], ["--no-reply"], ["--file", file]]) {
      const r = rw(["mailbox", "new", a.root, "--message", file, ...extra]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${extra[0]} would compose one`);
    }
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const body = join(a.root, "..", `${ID(8).slice(-4)}-body.txt`);
    writeFileSync(body, "from a file\n");
    const both = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(8), "--body", "inline", "--file", body]);
    expect(both.code, both.err).toBe(2);
    expect(both.err).toContain("--body TEXT and --file PATH both give the body");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const published = rw(["mailbox", "new", a.root, "--message", file, "--slug", "kickoff"]);
    expect(published.code, published.err).toBe(0);
    expect(readFileSync(join(a.inbox, published.out.trim()), "utf8")).toContain(`id: ${ID(8)}`);
  });
  it("refuses an --id whose time is past the year 9999, which no message filename can carry", () => {
    const a = room();
    // 10000-01-01T00:00:00Z is 253402300800000 ms: e677d21fdc00.
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--id", "e677d21f-dc00-7000-8000-000000000001"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("9999");
    expect(readdirSync(a.inbox).filter((f) => f.endsWith(".md"))).toStrictEqual([]);
    // The last second of 9999 still fits.
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", "e677d21f-d818-7000-8000-000000000001", "--dry-run"]).out).toMatch(/^9999-12-31-23-59-59-VEGA-hello-kickoff\.md/);
  });
  it("never touches an existing target: a taken name moves to milliseconds, and a taken one of those is refused", () => {
    const a = room();
    const dryRun = (): string => rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(5), "--dry-run"]).out.split("\n")[0] as string;
    const seconds = dryRun();
    writeFileSync(join(a.inbox, seconds), "someone else's bytes\n");
    const millis = dryRun();
    expect(millis).not.toBe(seconds);
    expect(millis).toMatch(/-\d\d-\d{3}-VEGA-hello-kickoff\.md$/);
    writeFileSync(join(a.inbox, millis), "a third party's bytes\n");
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(5)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("create-once");
    expect(readFileSync(join(a.inbox, seconds), "utf8")).toBe("someone else's bytes\n");
    expect(readFileSync(join(a.inbox, millis), "utf8")).toBe("a third party's bytes\n");
  });
  it("lets exactly one of several concurrent publishers of one message win, and keeps its bytes", async () => {
    const a = room();
    const run = (i: number): Promise<number | null> =>
      new Promise((done) => {
        const child = spawn(process.execPath, [RW, "mailbox", "new", a.root, ...HELLO, "--id", ID(7), "--body", `writer ${i}`], { cwd: ROOT, stdio: "ignore" });
        child.on("close", (code) => done(code));
      });
    const codes = await Promise.all([0, 1, 2, 3].map(run));
    expect(codes.filter((c) => c === 0).length).toBe(1);
    expect(codes.filter((c) => c === 1).length).toBe(3);
    const files = readdirSync(a.inbox);
    expect(files.length).toBe(1);
    expect(readFileSync(join(a.inbox, files[0] as string), "utf8")).toContain(`writer ${codes.indexOf(0)}`);
  });
  it("concurrent publishers of different messages in one second all publish: a name taken meanwhile moves to milliseconds", async () => {
    const a = room();
    const { welcome } = handshake(a.root);
    const welcomeId = ID(4);
    expect(welcome).toContain("welcome");
    // Eight requests from VEGA whose UUIDv7 times fall in one second, 10 ms apart: one seconds name.
    const v7 = (i: number): string => {
      const hex = (1_790_000_000_000 + i * 10).toString(16).padStart(12, "0");
      return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${String(i + 1).padStart(12, "0")}`;
    };
    const run = (i: number): Promise<{ code: number | null; err: string }> =>
      new Promise((done) => {
        const args = ["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", welcomeId, "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", v7(i), "--slug", "ask", "--body", `request ${i}`];
        const child = spawn(process.execPath, [RW, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
        let err = "";
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        child.on("close", (code) => done({ code, err }));
      });
    const runs = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(run));
    expect(runs.map((r) => r.code), runs.map((r) => r.err).join("")).toStrictEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const requests = readdirSync(a.inbox).filter((f) => f.includes("-VEGA-request-ask"));
    expect(requests.length).toBe(8);
    for (let i = 0; i < 8; i++) expect(requests.filter((f) => readFileSync(join(a.inbox, f), "utf8").includes(`request ${i}\n`)).length).toBe(1);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out).toContain("10 valid messages, 0 invalid, 0 anomalies");
  });
  it("concurrent publishers without --id in one millisecond all publish: a UUID rw generated is picked again past a name taken meanwhile", async () => {
    const a = room();
    const { welcome } = handshake(a.root);
    expect(welcome).toContain("welcome");
    // Every writer's clock reads the same millisecond, so each generates a UUIDv7 of that time and
    // wants its seconds name, then its milliseconds name: two published, four were refused (exit 1).
    const sameMillisecond = "--import=data:text/javascript,Date.now=()=>1790000000123";
    const run = (i: number): Promise<{ code: number | null; err: string }> =>
      new Promise((done) => {
        const args = ["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX", "--slug", "ask", "--body", `request ${i}`];
        const child = spawn(process.execPath, [sameMillisecond, RW, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
        let err = "";
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        child.on("close", (code) => done({ code, err }));
      });
    const runs = await Promise.all([0, 1, 2, 3, 4, 5].map(run));
    expect(runs.map((r) => r.code), runs.map((r) => r.err).join("")).toStrictEqual([0, 0, 0, 0, 0, 0]);
    const requests = readdirSync(a.inbox).filter((f) => f.includes("-VEGA-request-ask"));
    expect(requests.length).toBe(6);
    // None lost, none overwritten: each writer's body in exactly one file, every UUID distinct.
    for (let i = 0; i < 6; i++) expect(requests.filter((f) => readFileSync(join(a.inbox, f), "utf8").includes(`request ${i}\n`)).length).toBe(1);
    expect(new Set(requests.map((f) => /\n {4}id: (\S+)\n/.exec(readFileSync(join(a.inbox, f), "utf8"))?.[1])).size).toBe(6);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out).toContain("8 valid messages, 0 invalid, 0 anomalies");
  });
  it("link-publishes through a staging folder it cleans up, and refuses a second publish of one name", () => {
    const a = room();
    const staging = mkdtempSync(join(tmp, "staging-"));
    const bytes = new TextEncoder().encode("---\nx: 1\n---\n");
    const { path, findings } = publishOnce({ root: a.root, inbox: a.inbox, staging, file: "2026-10-01-09-00-00-VEGA-hello-x.md" }, bytes);
    expect(findings).toStrictEqual([]);
    expect(readFileSync(path)).toStrictEqual(Buffer.from(bytes));
    expect(readdirSync(staging)).toStrictEqual([]);
    expect(() => publishOnce({ root: a.root, inbox: a.inbox, staging, file: "2026-10-01-09-00-00-VEGA-hello-x.md" }, new TextEncoder().encode("other"))).toThrow(PathRefusal);
    expect(readFileSync(path)).toStrictEqual(Buffer.from(bytes));
    expect(readdirSync(staging)).toStrictEqual([]);
    expect(statSync(path).nlink).toBe(1);
  });
  it("never follows a symbolic link that took the name meanwhile: it is no message, so the fallback name is taken", () => {
    const a = room();
    const staging = mkdtempSync(join(tmp, "staging-"));
    const bytes = new TextEncoder().encode("---\nx: 1\n---\n");
    // The link leads to this very message: followed, it would pass for a concurrent publication of it.
    const outside = join(tmp, `same-${Date.now()}.md`);
    writeFileSync(outside, bytes);
    symlinkSync(outside, join(a.inbox, "2026-10-01-09-00-00-VEGA-hello-x.md"));
    const seen: number[] = [];
    const { path } = publishOnce({ root: a.root, inbox: a.inbox, staging, file: "2026-10-01-09-00-00-VEGA-hello-x.md", fallback: "2026-10-01-09-00-00-000-VEGA-hello-x.md", fallbackAfter: (taken) => (seen.push(taken.length), false) }, bytes);
    expect([path, seen]).toStrictEqual([join(a.inbox, "2026-10-01-09-00-00-000-VEGA-hello-x.md"), []]);
    expect(readFileSync(path)).toStrictEqual(Buffer.from(bytes));
  });
  it("refuses to stage inside the mailbox, where a sync could capture the temporary file", () => {
    const a = room();
    mkdirSync(join(a.root, "runtime", "staging"), { recursive: true });
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--staging", join(a.root, "runtime", "staging")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("inside the mailbox root");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it.skipIf(!existsSync("/dev/shm") || statSync("/dev/shm").dev === statSync(tmpdir()).dev)("refuses a staging folder on another filesystem", () => {
    const a = room();
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--staging", "/dev/shm"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("another filesystem");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("--file - reads the body from stdin as --file PATH reads it: a BOM dropped, bytes that are not UTF-8 refused", () => {
    const a = room();
    const latin1 = Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9]), Buffer.from(" body\n")]);
    const path = join(tmp, "latin1-body.txt");
    writeFileSync(path, latin1);
    const viaPath = rw(["mailbox", "new", a.root, ...HELLO, "--file", path]);
    const viaStdin = spawnSync(process.execPath, [RW, "mailbox", "new", a.root, ...HELLO, "--file", "-"], { input: latin1, encoding: "utf8", cwd: ROOT });
    expect([viaPath.code, viaStdin.status]).toStrictEqual([2, 2]);
    expect(viaStdin.stderr).toContain("--file: stdin is not valid UTF-8");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const bom = spawnSync(process.execPath, [RW, "mailbox", "new", a.root, ...HELLO, "--file", "-", "--dry-run"], { input: "\uFEFFObjective.\n", encoding: "utf8", cwd: ROOT });
    expect(bom.status).toBe(0);
    expect(bom.stdout).toContain("---\nObjective.\n");
  });
  // A terminal as stdin, through util-linux's script(1) where it runs: rw's own stdin is then a real tty.
  const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
  it.skipIf(!hasScript)("--file - or --message - on a terminal is a usage error, as rw validate's stdin there is, never a silent wait for typing", () => {
    const a = room();
    const onTty = (args: string[]): { code: number | null; out: string } => {
      const command = [process.execPath, RW, ...args].map((w) => `'${w}'`).join(" ");
      const r = spawnSync("script", ["-qec", command, "/dev/null"], { input: "", encoding: "utf8", cwd: ROOT, timeout: 20_000 });
      // The terminal's output: stdout and stderr together, its line ends CRLF.
      return { code: r.status, out: r.stdout.replaceAll("\r\n", "\n") };
    };
    const body = onTty(["mailbox", "new", a.root, ...HELLO, "--file", "-", "--dry-run"]);
    expect(body).toStrictEqual({ code: 2, out: "rw: --file: no input: stdin is a terminal; pipe the text to it, or give --file PATH\nTry 'rw mailbox new --help'.\n" });
    expect(onTty(["mailbox", "new", a.root, "--message", "-"]).out).toMatch(/^rw: --message: no input: stdin is a terminal; /);
    // The convention it follows: rw validate and a message option read from stdin say the same.
    expect(onTty(["validate"]).out).toMatch(/^rw: no input: pipe lines to stdin, or give --file PATH\n/);
    expect(onTty(["check-ho", "--ho", "-", "--record", "{}"]).out).toMatch(/^rw: --ho: no input: stdin is a terminal; /);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("refuses a --message or --file that never ends (/dev/zero) as too large, reading no more than a message holds (exit 1)", () => {
    const a = room();
    for (const args of [["--message", "/dev/zero"], ["--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--arena", "DEMO", "--machine", "VEGA-BOX", "--file", "/dev/zero"]]) {
      const r = spawnSync(process.execPath, [RW, "mailbox", "new", a.root, ...args, "--json"], { encoding: "utf8", cwd: ROOT, timeout: 20_000 });
      expect([r.status, r.signal], r.stderr).toStrictEqual([1, null]);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, file: null, findings: [{ code: "MESSAGE_TOO_LARGE" }] });
    }
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("refuses what preflight refuses, and writes nothing", () => {
    const a = room();
    const r = rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "deliver", "--arena", "DEMO", "--machine", "VEGA-BOX", "--json"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as { ok: boolean; findings: { code: string }[] };
    expect(out.ok).toBe(false);
    expect(out.findings.map((f) => f.code)).toContain("REPLY_TO_REQUIRED");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("numbers FULL messages per sender and thread, and takes milliseconds for a second same-kind message in a second", () => {
    const a = room();
    const full = ["--from", "VEGA", "--to", "LYRA", "--arena", "DEMO", "--machine", "VEGA-BOX", "--full", "--session", "vega-s1", "--thread", ID(2), "--json"];
    const one = JSON.parse(rw(["mailbox", "new", a.root, ...full, "--kind", "hello", "--id", "019a2b3c-4d5e-7f60-8000-000000000001"]).out) as { file: string };
    // A thread has one hello (HELLO_THREAD_REUSED), so the same-kind pair is two requests in it.
    const two = JSON.parse(rw(["mailbox", "new", a.root, ...full, "--kind", "request", "--id", "019a2b3c-4d5e-7f60-8000-000000000002"]).out) as { file: string };
    const three = JSON.parse(rw(["mailbox", "new", a.root, ...full, "--kind", "request", "--id", "019a2b3c-4d5e-7f60-8000-000000000003", "--slug", "again"]).out) as { file: string };
    expect(one.file).toMatch(/-VEGA-hello-hello\.md$/);
    expect(two.file).toMatch(/-\d\d-VEGA-request-request\.md$/);
    expect(three.file).toMatch(/-\d\d-\d{3}-VEGA-request-again\.md$/);
    expect(readFileSync(join(a.inbox, one.file), "utf8")).toContain("seq: 1");
    expect(readFileSync(join(a.inbox, two.file), "utf8")).toContain("seq: 2");
    expect(readFileSync(join(a.inbox, three.file), "utf8")).toContain("seq: 3");
  });
});

describe("rw mailbox new: the handshake's fields only where the handshake reads them (section 6)", () => {
  it("refuses --terms on a hello or resume, and --exchange-budget on a resume, with a usage error naming the kinds that take them", () => {
    const a = room();
    const RESUME = ["--from", "VEGA", "--to", "LYRA", "--kind", "resume", "--arena", "DEMO", "--machine", "VEGA-BOX"];
    const cases: [string[], string][] = [
      [[...HELLO, "--terms", "accept"], `--terms with --kind hello: terms is a handshake term, carried only by every kind but hello and resume: a hello proposes the terms and answers none`],
      [[...RESUME, "--terms", "counter"], `--terms with --kind resume: terms is a handshake term, carried only by every kind but hello and resume: a resume rehydrates`],
      [[...RESUME, "--exchange-budget", "5"], `--exchange-budget with --kind resume: exchange_budget is a handshake term, carried only by every kind but resume: a resume rehydrates`],
    ];
    for (const [args, says] of cases) {
      const r = rw(["mailbox", "new", a.root, ...args, "--dry-run"]);
      expect([r.code, r.err.includes(says)], r.err).toStrictEqual([2, true]);
    }
    expect(readdirSync(a.inbox)).toStrictEqual([]);
  });
  it("publishes a hello's budget and a counter's terms and budget; on a root that answers nothing they are a usage error, and refused in a complete message (TERMS_MISPLACED)", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--exchange-budget", "12"]).code).toBe(0);
    const counter = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "counter", "--exchange-budget", "6", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4)]);
    expect(counter.code, counter.err).toBe(0);
    // Composed without --reply-to, the message is a root: the command knows it answers nothing.
    const REQUEST = ["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX"];
    for (const [flag, value, says] of [["--terms", "accept", "--terms with --kind request: terms on a request with no reply_to"], ["--exchange-budget", "5", "--exchange-budget with --kind request: exchange_budget on a request with no reply_to"]] as const) {
      const root = rw(["mailbox", "new", a.root, ...REQUEST, flag, value, "--json"]);
      expect([root.code, root.err.includes(says)], root.err).toStrictEqual([2, true]);
    }
    // A complete message is the preflight's to refuse.
    const file = join(a.root, "..", `${ID(9).slice(-4)}-root-request.md`);
    writeFileSync(file, rw(["mailbox", "new", a.root, ...REQUEST, "--id", ID(9), "--dry-run"]).out.split("\n").slice(1).join("\n").replace("    kind: request\n", "    kind: request\n    terms: accept\n"));
    const complete = rw(["mailbox", "new", a.root, "--message", file, "--json"]);
    expect(complete.code, complete.err).toBe(1);
    expect((JSON.parse(complete.out) as { findings: { code: string; slot: string }[] }).findings.map((f) => [f.code, f.slot])).toStrictEqual([["TERMS_MISPLACED", "terms"]]);
    expect(readdirSync(a.inbox)).toHaveLength(2);
  });
});

describe("rw mailbox new: answers their parent forbids (sections 2A, 3, 6)", () => {
  const codes = (out: string): string[][] => (JSON.parse(out) as { findings: { code: string; slot: string }[] }).findings.map((f) => [f.code, f.slot]);
  /** VEGA's availability FYI, published as written: no option composes `availability`. */
  function availabilityFyi(root: string): string {
    const file = join(root, "..", `${ID(5).slice(-4)}-fyi.md`);
    const draft = rw(["mailbox", "new", root, "--from", "VEGA", "--to", "LYRA", "--kind", "state", "--no-reply", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5), "--dry-run"]);
    writeFileSync(file, draft.out.split("\n").slice(1).join("\n").replace("    expects_reply: false\n", "    expects_reply: false\n    availability:\n      mode: LISTENING\n"));
    const published = rw(["mailbox", "new", root, "--message", file, "--slug", "availability"]);
    expect(published.code, published.err).toBe(0);
    return published.out.trim();
  }
  it("refuses an answer to an availability FYI (AVAILABILITY_REPLY); rw mailbox check notes a peer's (AVAILABILITY_REPLY_IGNORED)", () => {
    const a = room();
    const { welcome } = handshake(a.root);
    const fyi = availabilityFyi(a.root);
    const ANSWER = ["--from", "LYRA", "--to", "VEGA", "--arena", "DEMO", "--machine", "LYRA-BOX"];
    for (const kind of ["request", "ack", "state"]) {
      const r = rw(["mailbox", "new", a.root, ...ANSWER, "--kind", kind, "--reply-to", ID(5), "--json"]);
      expect([r.code, codes(r.out)], r.err).toStrictEqual([1, [["AVAILABILITY_REPLY", "reply_to"]]]);
    }
    expect(readdirSync(a.inbox)).toHaveLength(3);
    // A peer that published one anyway: the same request written straight into the inbox.
    const draft = rw(["mailbox", "new", a.root, ...ANSWER, "--kind", "request", "--reply-to", ID(4), "--id", ID(6), "--dry-run"]);
    expect(draft.code, draft.err).toBe(0);
    const text = draft.out.split("\n").slice(1).join("\n").replaceAll(ID(4), ID(5)).replaceAll(welcome.replace(/\.md$/, ""), fyi.replace(/\.md$/, "")).replace(/thread: \S+/, `thread: ${readFileSync(join(a.inbox, fyi), "utf8").match(/thread: (\S+)/)?.[1] ?? ""}`);
    writeFileSync(join(a.inbox, "2026-10-01-09-00-09-LYRA-request-answer.md"), text);
    const check = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(check.out).toContain("2026-10-01-09-00-09-LYRA-request-answer.md: note AVAILABILITY_REPLY_IGNORED");
  });
  it("refuses a courtesy ack of a no-reply message (ACK_UNASKED), and publishes an ack the parent asked for", () => {
    const a = room();
    handshake(a.root);
    const REQUEST = ["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX"];
    expect(rw(["mailbox", "new", a.root, ...REQUEST, "--no-reply", "--id", ID(5)]).code).toBe(0);
    expect(rw(["mailbox", "new", a.root, ...REQUEST, "--id", ID(6)]).code).toBe(0);
    const ACK = ["--from", "LYRA", "--to", "VEGA", "--kind", "ack", "--no-reply", "--arena", "DEMO", "--machine", "LYRA-BOX", "--json"];
    const courtesy = rw(["mailbox", "new", a.root, ...ACK, "--reply-to", ID(5)]);
    expect([courtesy.code, codes(courtesy.out)], courtesy.err).toStrictEqual([1, [["ACK_UNASKED", "reply_to"]]]);
    const asked = rw(["mailbox", "new", a.root, ...ACK, "--reply-to", ID(6)]);
    expect(asked.code, asked.err).toBe(0);
  });
  it("refuses terms and a budget on a reply to a request, which puts no terms on the table (TERMS_MISPLACED); a budget without terms is a usage error", () => {
    const a = room();
    handshake(a.root);
    expect(rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5)]).code).toBe(0);
    const REPLY = ["--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", ID(5), "--arena", "DEMO", "--machine", "LYRA-BOX", "--json"];
    const both = rw(["mailbox", "new", a.root, ...REPLY, "--terms", "accept", "--exchange-budget", "5"]);
    expect([both.code, codes(both.out)], both.err).toStrictEqual([1, [["TERMS_MISPLACED", "terms"], ["TERMS_MISPLACED", "exchange_budget"]]]);
    const budget = rw(["mailbox", "new", a.root, ...REPLY, "--exchange-budget", "5"]);
    expect([budget.code, budget.err.includes("--exchange-budget with --kind reply: exchange_budget on a reply without terms")], budget.err).toStrictEqual([2, true]);
    expect(rw(["mailbox", "new", a.root, ...REPLY]).code).toBe(0);
  });
});

describe("rw mailbox new: one repair request per anomaly (section 7)", () => {
  it("refuses a second repair request naming the same anomaly (REPAIR_REPEATED), and publishes one naming another", () => {
    const a = room();
    handshake(a.root);
    /** VEGA's repair request to LYRA, published as written: no option composes `anomaly`. */
    const repair = (n: number, file: string): { code: number | null; out: string; err: string } => {
      const path = join(a.root, "..", `${ID(n).slice(-4)}-repair.md`);
      const draft = rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(n), "--dry-run"]);
      expect(draft.code, draft.err).toBe(0);
      writeFileSync(path, draft.out.split("\n").slice(1).join("\n").replace("    expects_reply: true\n", `    expects_reply: true\n    anomaly:\n      file: ${file}\n      sha256: ${"ab".repeat(32)}\n`));
      return rw(["mailbox", "new", a.root, "--message", path, "--slug", "repair", "--json"]);
    };
    expect(repair(5, "2026-10-01-09-00-05-LYRA-reply-broken.md").code).toBe(0);
    const again = repair(6, "2026-10-01-09-00-05-LYRA-reply-broken.md");
    expect([again.code, (JSON.parse(again.out) as { findings: { code: string }[] }).findings.map((f) => f.code)], again.err).toStrictEqual([1, ["REPAIR_REPEATED"]]);
    expect(repair(7, "2026-10-01-09-00-06-LYRA-reply-other.md").code).toBe(0);
  });
});

describe("rw mailbox new composes an answer on its parent's settled terms", () => {
  it("a welcome accepting a hello takes the hello's tags and transport, so its accept is no counter (section 4: every later message carries the set)", () => {
    const a = room();
    const hello = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--tags", "crox-site", "--transport", "git"]);
    expect(hello.code, hello.err).toBe(0);
    const welcome = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4), "--no-reply", "--json"]);
    expect(welcome.code, welcome.out + welcome.err).toBe(0);
    const text = readFileSync(join(a.inbox, (JSON.parse(welcome.out) as { file: string }).file), "utf8");
    expect([text.includes("  - crox-site\n"), text.includes("transport: git\n")]).toStrictEqual([true, true]);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out).toContain("handshake established");
  });
});

describe("rw mailbox new: an answer's request_id is its parent's where the core's kind data says so", () => {
  // "match published messages by exact `reply_to` plus `request_id`" (9): an answer carries its
  // parent's request_id, a kind that opens a request of its own (request, propose) a new one.
  it("defaults request_id by MAILBOX_KINDS[kind].request, for every kind with a parent, and the preflight and conversation rules accept each", () => {
    const a = room();
    const full = (from: string, extra: string[]): string[] => ["mailbox", "new", a.root, "--from", from, "--to", from === "VEGA" ? "LYRA" : "VEGA", "--arena", "DEMO", "--machine", `${from}-BOX`, "--full", "--session", "s1", ...extra];
    const dry = (from: string, extra: string[]): { ok: boolean; request_id?: string; findings: { code: string }[] } => {
      const r = rw([...full(from, extra), "--dry-run", "--json"]);
      return JSON.parse(r.out) as { ok: boolean; request_id?: string; findings: { code: string }[] };
    };
    const published = (from: string, extra: string[]): void => {
      const r = rw(full(from, extra));
      expect(r.code, r.err).toBe(0);
    };
    published("VEGA", ["--kind", "hello", "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]);
    // A welcome answers the hello, the only kind that may.
    const welcome = dry("LYRA", ["--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--id", ID(4)]);
    expect([welcome.ok, welcome.request_id, welcome.findings]).toStrictEqual([true, ID(3), []]);
    published("LYRA", ["--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--id", ID(4)]);
    published("VEGA", ["--kind", "ack", "--reply-to", ID(4), "--id", ID(5), "--no-reply"]);
    published("VEGA", ["--kind", "request", "--reply-to", ID(5), "--id", ID(6), "--request-id", ID(7), "--body", "Draft the hero copy."]);
    const bodies: Record<string, string> = { deliver: `workspace/LYRA/hero.md sha256:${"ab".repeat(32)}`, goodbye: "re-entry: returning" };
    const answers = KIND_NAMES.filter((k) => MAILBOX_KINDS[k].parent !== "root" && k !== "welcome");
    expect(answers).toHaveLength(14);
    const seen: Record<string, string> = {};
    for (const kind of answers) {
      const r = dry("LYRA", ["--kind", kind, "--reply-to", ID(6), "--body", bodies[kind] ?? "Noted."]);
      expect([kind, r.ok, r.findings]).toStrictEqual([kind, true, []]);
      seen[kind] = r.request_id === ID(7) ? "parent" : "new";
    }
    expect(seen).toStrictEqual(Object.fromEntries(answers.map((k) => [k, MAILBOX_KINDS[k].request])));
    // The kinds that answer rather than ask: a claim leases the requested work and a goodbye settles
    // what it owes by answering (8); the CLI once gave both a new request_id, unmatched by recovery.
    expect(answers.filter((k) => seen[k] === "new")).toStrictEqual(["request", "propose"]);
  });
});

describe("rw mailbox new holds a settled thread to its tag set (section 4: every later message carries that set)", () => {
  const request = (root: string, extra: string[]): ReturnType<typeof rw> => rw(["mailbox", "new", root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX", "--json", ...extra]);
  it("refuses a request whose tags are not the settled set (SETTLED_TAGS_CHANGED): exit 1, nothing written; check notes a peer's drift", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const drifted = request(a.root, ["--tags", "legal", "--dry-run"]);
    expect(drifted.code).toBe(1);
    const findings = (JSON.parse(drifted.out) as { findings: { code: string; severity: string; expected: string; received: string }[] }).findings;
    expect(findings.map((f) => [f.code, f.severity, f.expected, f.received])).toStrictEqual([["SETTLED_TAGS_CHANGED", "error", "agent-mailbox", "agent-mailbox,legal"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    // The answer's default, its parent's tags, is the settled set: it publishes.
    const settled = request(a.root, ["--id", ID(5)]);
    expect(settled.code, settled.out + settled.err).toBe(0);
    // A peer's message that drifted is read and noted, never refused.
    message(a.inbox, "2026-10-01-09-00-09-LYRA-reply-drift.md", { version: 1, profile: "CORE", id: ID(6), thread: ID(2), request_id: ID(5), from: "LYRA", to: ["VEGA"], kind: "reply", reply_to: ID(5), expects_reply: false, arena: "DEMO", machine: "LYRA-BOX", root: mailboxRootId(a.root, { windows: false }), transport: "local" });
    const file = join(a.inbox, "2026-10-01-09-00-09-LYRA-reply-drift.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("tags: [agent-mailbox]", "tags: [agent-mailbox, legal]"));
    const check = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(check.out).toContain("note SETTLED_TAGS_DRIFT");
  });
  it("composes an answer to a parent that drifted with the settled set, not the parent's tags; --tags of another set is refused", () => {
    const a = room();
    handshake(a.root);
    expect(request(a.root, ["--id", ID(5)]).code).toBe(0);
    // LYRA's answer drifted to [agent-mailbox, legal]: a peer's, read and noted.
    message(a.inbox, "2026-10-01-09-00-09-LYRA-reply-drift.md", { version: 1, profile: "CORE", id: ID(6), thread: ID(2), request_id: ID(5), from: "LYRA", to: ["VEGA"], kind: "reply", reply_to: ID(5), expects_reply: true, arena: "DEMO", machine: "LYRA-BOX", root: mailboxRootId(a.root, { windows: false }), transport: "local" });
    const file = join(a.inbox, "2026-10-01-09-00-09-LYRA-reply-drift.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("tags: [agent-mailbox]", "tags: [agent-mailbox, legal]"));
    const REPLY = ["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "reply", "--reply-to", ID(6), "--arena", "DEMO", "--machine", "VEGA-BOX", "--json"];
    const copied = rw([...REPLY, "--tags", "legal"]);
    expect([copied.code, (JSON.parse(copied.out) as { findings: { code: string }[] }).findings.map((f) => f.code)], copied.err).toStrictEqual([1, ["SETTLED_TAGS_CHANGED"]]);
    const settled = rw([...REPLY, "--id", ID(7)]);
    expect(settled.code, settled.out + settled.err).toBe(0);
    const text = readFileSync(join(a.inbox, (JSON.parse(settled.out) as { file: string }).file), "utf8");
    expect(text.startsWith("---\ntags:\n  - agent-mailbox\nmeta:\n"), text).toBe(true);
  });
});

describe("rw mailbox new: a message of another arena in a hello's thread takes no settled tag set", () => {
  // A callsign is a name within one arena (section 4, README note 114): OTHER's LYRA is no party to
  // DEMO's pair with LYRA, so its message there is not composed with that pair's set.
  it("defaults DEMO's LYRA to the set DEMO's handshake settled, and OTHER's LYRA, in the same thread, to the standing tag alone", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3), "--tags", "crox-site"]).code).toBe(0);
    expect(rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4), "--no-reply"]).code).toBe(0);
    const tagsOf = (arena: string): string => {
      const draft = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "request", "--thread", ID(2), "--arena", arena, "--machine", "LYRA-BOX", "--dry-run"]);
      return draft.out.slice(draft.out.indexOf("tags:"), draft.out.indexOf("meta:"));
    };
    expect([tagsOf("DEMO"), tagsOf("OTHER")]).toStrictEqual(["tags:\n  - agent-mailbox\n  - crox-site\n", "tags:\n  - agent-mailbox\n"]);
  });
});

describe("rw mailbox new refuses what rw mailbox check would refuse", () => {
  // A delivery names its artifact's hash (DELIVER_HASH_MISSING otherwise), so these test the other rules alone.
  const ARTIFACT = ["--body", `workspace/LYRA/artifacts/plan.md sha256:${"9f86d081".repeat(8)}`];
  const deliver = (root: string, extra: string[]): ReturnType<typeof rw> => rw(["mailbox", "new", root, "--from", "LYRA", "--to", "VEGA", "--kind", "deliver", "--arena", "DEMO", "--machine", "LYRA-BOX", ...ARTIFACT, "--json", ...extra]);
  it("a deliver naming no content hash (DELIVER_HASH_MISSING): exit 1, nothing written; with the hash it publishes", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const bare = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "deliver", "--arena", "DEMO", "--machine", "LYRA-BOX", "--reply-to", ID(4), "--body", "workspace/LYRA/artifacts/plan.md is ready", "--json"]);
    expect(bare.code).toBe(1);
    expect((JSON.parse(bare.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toStrictEqual(["DELIVER_HASH_MISSING"]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    const hashed = deliver(a.root, ["--reply-to", ID(4)]);
    expect(hashed.code, hashed.out + hashed.err).toBe(0);
  });
  it("a reply outside its parent's thread (PARENT_THREAD_MISMATCH): exit 1, nothing written", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const r = deliver(a.root, ["--reply-to", ID(4), "--thread", ID(9)]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain("PARENT_THREAD_MISMATCH");
    expect(readdirSync(a.inbox)).toStrictEqual(before);
  });
  it("a reply in another arena than its parent's (PARENT_ARENA_MISMATCH): exit 1, nothing written; in the parent's arena it publishes", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const r = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "deliver", "--arena", "OTHER", "--machine", "LYRA-BOX", ...ARTIFACT, "--json", "--reply-to", ID(4)]);
    expect(r.code, r.out + r.err).toBe(1);
    expect((JSON.parse(r.out) as { findings: { code: string; slot?: string }[] }).findings.filter((f) => f.code.startsWith("PARENT_")).map((f) => [f.code, f.slot])).toStrictEqual([["PARENT_ARENA_MISMATCH", "reply_to"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    expect(deliver(a.root, ["--reply-to", ID(4)]).code).toBe(0);
  });
  it("a --message whose reply_to the inbox does not hold (PARENT_NOT_FOUND): exit 1, nothing written, as --reply-to refuses it", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const draft = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "deliver", "--arena", "DEMO", "--machine", "LYRA-BOX", ...ARTIFACT, "--reply-to", ID(4), "--id", ID(5), "--dry-run"]);
    expect(draft.code, draft.err).toBe(0);
    const text = draft.out.split("\n").slice(1).join("\n");
    expect(text).toContain(`reply_to: ${ID(4)}`);
    const file = join(a.root, "..", `${ID(5).slice(-4)}-orphan.md`);
    writeFileSync(file, text.replace(`reply_to: ${ID(4)}`, `reply_to: ${ID(9)}`));
    const r = rw(["mailbox", "new", a.root, "--message", file, "--json"]);
    expect(r.code, r.out + r.err).toBe(1);
    expect((JSON.parse(r.out) as { findings: { code: string; slot?: string }[] }).findings.map((f) => [f.code, f.slot])).toStrictEqual([["PARENT_NOT_FOUND", "reply_to"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    // The same parent named by --reply-to is a usage error; the message as it was drafted publishes.
    expect(deliver(a.root, ["--reply-to", ID(9)]).code).toBe(2);
    writeFileSync(file, text);
    expect(rw(["mailbox", "new", a.root, "--message", file]).code).toBe(0);
  });
  it("work before the handshake is established (WORK_BEFORE_ESTABLISHED): exit 1; after the welcome it publishes", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]).code).toBe(0);
    const early = deliver(a.root, ["--reply-to", ID(1)]);
    expect(early.code).toBe(1);
    expect((JSON.parse(early.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain("WORK_BEFORE_ESTABLISHED");
    expect(readdirSync(a.inbox).length).toBe(1);
    expect(rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4), "--no-reply"]).code).toBe(0);
    const r = deliver(a.root, ["--reply-to", ID(4)]);
    expect(r.code, r.out).toBe(0);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).code).toBe(0);
  });
  it("a second reply to the same reply_to and request_id (REPLY_REPUBLISHED): exit 1, nothing written; never republish (section 9)", () => {
    const a = room();
    handshake(a.root);
    const ask = rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask", "--body", "Review the draft."]);
    expect(ask.code, ask.err).toBe(0);
    const reply = (id: number): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", ID(5), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(id), "--no-reply", "--json", "--body", "Approved."]);
    expect(reply(6).code).toBe(0);
    const before = readdirSync(a.inbox);
    const again = reply(7);
    expect(again.code, again.out).toBe(1);
    expect((JSON.parse(again.out) as { findings: { code: string; slot?: string }[] }).findings.map((f) => [f.code, f.slot])).toStrictEqual([["REPLY_REPUBLISHED", "request_id"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    expect(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).code).toBe(0);
  });
  it("an answer to an unexpected callsign's message (CALLSIGN_UNCLAIMED_ENGAGED): exit 1, nothing written; surfacing it to the Handler publishes", () => {
    const a = room();
    handshake(a.root);
    // ORION never claimed its name: its request is CALLSIGN_UNCLAIMED, surfaced and not engaged.
    message(a.inbox, "2026-10-01-10-00-00-ORION-request-ask.md", { id: ID(7), thread: ID(7), request_id: ID(7), from: "ORION", to: "[LYRA]", kind: "request", machine: "ORION-BOX", root: "c".repeat(64) });
    const answer = (to: string, kind: string): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", to, "--kind", kind, "--reply-to", ID(7), "--arena", "DEMO", "--machine", "LYRA-BOX", "--json", "--body", "Seen."]);
    const before = readdirSync(a.inbox);
    const ack = answer("ORION", "ack");
    expect(ack.code, ack.out).toBe(1);
    expect((JSON.parse(ack.out) as { findings: { code: string; slot?: string }[] }).findings.map((f) => [f.code, f.slot])).toStrictEqual([["CALLSIGN_UNCLAIMED_ENGAGED", "reply_to"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    const surfaced = answer("HANDLER", "blocked");
    expect(surfaced.code, surfaced.out).toBe(0);
  });
  it("an answer to a message in a held name from another locus (PARENT_QUARANTINED): exit 1, nothing written; surfacing it to the Handler publishes", () => {
    const a = room();
    handshake(a.root);
    // A request in VEGA's name from another machine and root: CALLSIGN_HELD, quarantined; it cannot authorize work.
    message(a.inbox, "2026-10-01-10-00-00-VEGA-request-wire.md", { id: ID(7), thread: ID(2), request_id: ID(7), from: "VEGA", to: "[LYRA]", kind: "request", reply_to: ID(4), machine: "IMPOSTOR-BOX", root: "c".repeat(64) });
    const answer = (to: string, kind: string, body: string): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", to, "--kind", kind, "--reply-to", ID(7), "--arena", "DEMO", "--machine", "LYRA-BOX", "--no-reply", "--json", "--body", body]);
    const before = readdirSync(a.inbox);
    const work = answer("VEGA", "deliver", "out/wire.md sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
    expect(work.code, work.out).toBe(1);
    expect((JSON.parse(work.out) as { findings: { code: string; slot?: string }[] }).findings.map((f) => [f.code, f.slot])).toStrictEqual([["PARENT_QUARANTINED", "reply_to"]]);
    expect(readdirSync(a.inbox)).toStrictEqual(before);
    const surfaced = answer("HANDLER", "blocked", "A request in VEGA's name from another machine.");
    expect(surfaced.code, surfaced.out).toBe(0);
  });
  it("a second hello in a thread (HELLO_THREAD_REUSED): exit 1, nothing written; in a new thread it publishes", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]).code).toBe(0);
    const again = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(4), "--thread", ID(2), "--json"]);
    expect(again.code, JSON.stringify(again)).toBe(1);
    expect((JSON.parse(again.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain("HELLO_THREAD_REUSED");
    expect(readdirSync(a.inbox).length).toBe(1);
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(4), "--thread", ID(5)]).code).toBe(0);
  });
  it("a hello in a thread a request opened (HELLO_THREAD_REUSED): exit 1, nothing written", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(1), "--thread", ID(2), "--slug", "ask", "--body", "x"]).code).toBe(0);
    const hello = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(3), "--thread", ID(2), "--json"]);
    expect(hello.code, JSON.stringify(hello)).toBe(1);
    expect((JSON.parse(hello.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain("HELLO_THREAD_REUSED");
    expect(readdirSync(a.inbox).length).toBe(1);
  });
  it("a second blocked (BLOCKED_REPEATED) or a message after its blocked (INITIATED_WHILE_BLOCKED): exit 1, nothing written; after a Handler message it publishes", () => {
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]).code).toBe(0);
    expect(rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--terms", "counter", "--reply-to", ID(1), "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(4)]).code).toBe(0);
    const vega = (kind: string, id: string): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA,HANDLER", "--kind", kind, "--reply-to", ID(4), "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", id, "--json", "--body", "The counter widens the Handler-set corpus; the Handler decides."]);
    expect(vega("blocked", ID(5)).code).toBe(0);
    const codes = (r: ReturnType<typeof rw>): string[] => (JSON.parse(r.out) as { findings: { code: string }[] }).findings.map((f) => f.code);
    const again = vega("blocked", ID(6));
    expect(again.code, again.out).toBe(1);
    expect(codes(again)).toContain("BLOCKED_REPEATED");
    const propose = vega("propose", ID(7));
    expect(propose.code, propose.out).toBe(1);
    expect(codes(propose)).toContain("INITIATED_WHILE_BLOCKED");
    expect(readdirSync(a.inbox).length).toBe(3);
    expect(rw(["mailbox", "new", a.root, "--from", "HANDLER", "--to", "VEGA", "--kind", "state", "--reply-to", ID(5), "--arena", "DEMO", "--machine", "HANDLER-DESK", "--id", ID(8), "--no-reply", "--body", "Keep the corpus; propose again."]).code).toBe(0);
    const after = vega("propose", ID(9));
    expect(after.code, after.out).toBe(0);
  });
  it("work after its sender's resume before any answer to it (RESUME_UNANSWERED): exit 1, nothing written; after the peer's state it publishes", () => {
    const a = room();
    handshake(a.root);
    const lyra = (kind: string, id: string, more: string[] = []): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", kind, "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", id, "--json", "--body", "x", ...more]);
    expect(lyra("resume", ID(5)).code).toBe(0);
    const early = lyra("request", ID(6));
    expect(early.code, early.out).toBe(1);
    expect((JSON.parse(early.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain("RESUME_UNANSWERED");
    expect(readdirSync(a.inbox).length).toBe(3);
    expect(rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "LYRA", "--kind", "state", "--reply-to", ID(5), "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(7), "--no-reply", "--body", "State: footer pending."]).code).toBe(0);
    const after = lyra("request", ID(8));
    expect(after.code, after.out).toBe(0);
  });
  it("an uppercase UUID option is refused as the core refuses it (UUID_INVALID), never lowercased into validity", () => {
    const a = room();
    handshake(a.root);
    const before = readdirSync(a.inbox);
    const cases: [string[], string][] = [
      [["--reply-to", ID(4), "--id", ID(5).toUpperCase()], "id"],
      [["--reply-to", ID(4), "--thread", ID(6).toUpperCase()], "thread"],
      [["--reply-to", ID(4), "--request-id", ID(7).toUpperCase()], "request_id"],
      [["--reply-to", ID(4).toUpperCase()], "reply_to"],
    ];
    for (const [extra, slot] of cases) {
      const r = deliver(a.root, extra);
      expect(r.code, `${slot}: ${r.out}${r.err}`).toBe(1);
      const findings = (JSON.parse(r.out) as { findings: { code: string; slot?: string }[] }).findings;
      expect(findings.filter((f) => f.code === "UUID_INVALID").map((f) => f.slot), slot).toStrictEqual([slot]);
    }
    expect(readdirSync(a.inbox)).toStrictEqual(before);
  });
  it("a UUID a refused file of the inbox already carries: exit 1", () => {
    const a = room();
    handshake(a.root);
    message(a.inbox, "2026-10-01-10-00-00-LYRA-request-x.md", { id: ID(30), thread: ID(30), request_id: ID(30), from: "LYRA", to: "[VEGA]", kind: "request", machine: "LYRA-BOX", root: "not-a-root" });
    expect(rw(["mailbox", "check", a.root]).out).toContain("1 invalid");
    const r = rw(["mailbox", "new", a.root, "--from", "LYRA", "--to", "VEGA", "--kind", "request", "--arena", "DEMO", "--machine", "LYRA-BOX", "--id", ID(30)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("DUPLICATE_ID");
    expect(readdirSync(a.inbox).length).toBe(3);
  });
  it("refuses a state folder inside the mailbox root (exit 2), and writes nothing there; a dry run creates no binding", () => {
    const a = room();
    const inside = join(a.root, "runtime");
    mkdirSync(inside);
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--state", inside]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("inside the mailbox root");
    expect(readdirSync(inside)).toStrictEqual([]);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--state", a.root]).code).toBe(2);
    expect(existsSync(join(a.root, "root-binding"))).toBe(false);
    const state = mkdtempSync(join(tmp, "state-"));
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--state", state, "--dry-run"]).code).toBe(0);
    expect(existsSync(join(state, "root-binding"))).toBe(false);
  });
  it("refuses a state or staging folder inside the root whose name begins with two dots (`..state` is not `..`)", () => {
    const a = room();
    mkdirSync(join(a.root, "..state"));
    mkdirSync(join(a.root, "..stage"));
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--state", join(a.root, "..state"), "--staging", join(a.root, "..stage")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("inside the mailbox root");
    expect(readdirSync(join(a.root, "..state"))).toStrictEqual([]);
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const state = mkdtempSync(join(tmp, "state-"));
    const s = rw(["mailbox", "new", a.root, ...HELLO, "--state", state, "--staging", join(a.root, "..stage")]);
    expect(s.code).toBe(1);
    expect(s.err).toContain("inside the mailbox root");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    const c = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", join(a.root, "..state")]);
    expect(c.code).toBe(2);
    expect(c.err).toContain("inside the mailbox root");
  });
});

describe("the participant's state folder", () => {
  it("refuses a state folder inside the mailbox root (exit 2)", () => {
    const a = room();
    mkdirSync(join(a.root, "runtime"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", join(a.root, "runtime")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("inside the mailbox root");
  });
  it("a crash between reply and disposition: the exact reply is found, restored, and no second reply is asked for", () => {
    const a = room();
    const { hello, welcome } = handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    const check = () => rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    const crashed = check();
    expect(crashed.code).toBe(0);
    expect(crashed.out).toContain("reconciliation for LYRA in arena DEMO: FOUND");
    expect(crashed.out).toContain(`restore ${hello} (reply ${welcome})`);
    expect(crashed.out).not.toMatch(/^ {2}(reply|handle) /m);
    mkdirSync(join(state, "dispositions"));
    appendFileSync(join(state, "dispositions", "LYRA.jsonl"), `${JSON.stringify({ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) })}\n`);
    const clean = check();
    expect(clean.out).toContain("reconciliation for LYRA in arena DEMO: CLEAN (work-clean yes, readiness-clean yes)");
    expect(clean.out).toContain("the cursor may advance over 1 message");
    mkdirSync(join(state, "cursor"));
    writeFileSync(join(state, "cursor", "LYRA.txt"), `${ID(1)}\n`);
    expect(check().out).toContain("the cursor may advance over 0 messages");
  });
  it("reports a disposition line that is not JSON, and a cursor ahead of the dispositions", () => {
    const a = room();
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    mkdirSync(join(state, "cursor"));
    writeFileSync(join(state, "dispositions", "VEGA.jsonl"), "{not json\n");
    writeFileSync(join(state, "cursor", "VEGA.txt"), `${ID(4)}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "VEGA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { reconciliation: { status: string; findings: { code: string; line?: number }[] } };
    expect(report.reconciliation.findings.map((f) => f.code).sort()).toStrictEqual(["CURSOR_AHEAD", "DISPOSITION_INVALID"]);
    expect(report.reconciliation.status).toBe("FOUND");
  });
  it("--as HANDLER owes no reply: a request to a Handler seat is never a protocol debt (section 4)", () => {
    const a = room();
    handshake(a.root);
    const ask = rw(["mailbox", "new", a.root, "--from", "VEGA", "--to", "HANDLER", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask"]);
    expect(ask.code, ask.err).toBe(0);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    writeFileSync(join(state, "dispositions", "HANDLER.jsonl"), `${JSON.stringify({ id: ID(5), state: "no-reply-required", cta: "completed", at: "2026-10-01T09:01:00Z" })}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "HANDLER", "--state", state, "--now", "20261002T1200Z", "--json"]);
    const report = JSON.parse(r.out) as { reconciliation: { status: string; findings: { code: string }[]; counts: { open_reply_count: number } } };
    expect(report.reconciliation.findings.map((f) => f.code)).toStrictEqual([]);
    expect(report.reconciliation.counts.open_reply_count).toBe(0);
    expect(report.reconciliation.status).toBe("CLEAN");
    expect(r.code, r.err).toBe(0);
  });
  it("a cursor line that is not UTF-8 is skipped and reported with its file and line, never read as U+FFFD", () => {
    const a = room();
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    mkdirSync(join(state, "cursor"));
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), `${JSON.stringify({ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) })}\n`);
    const cursor = join(state, "cursor", "LYRA.txt");
    writeFileSync(cursor, Buffer.concat([Buffer.from(`${ID(1)}\n${ID(5).slice(0, -1)}`), Buffer.from([0xff]), Buffer.from("\n")]));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    expect(r.code, r.err).toBe(1);
    expect(r.out).not.toContain("\ufffd");
    const report = JSON.parse(r.out) as { reconciliation: { readiness_clean: boolean; cursor_advance: string[]; findings: { code: string; file?: string; line?: number; message: string }[] } };
    expect(report.reconciliation.findings.map((f) => [f.code, f.file, f.line, f.message])).toStrictEqual([["CURSOR_INVALID_ENTRY", cursor, 2, "cursor line 2 is not UTF-8: skipped"]]);
    expect(report.reconciliation.readiness_clean).toBe(false);
    // The readable entry still counts: the message it names is consumed, so the cursor has nothing to take.
    expect(report.reconciliation.cursor_advance).toStrictEqual([]);
    const text = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(text.code).toBe(1);
    expect(text.out).toContain(`${cursor}: error CURSOR_INVALID_ENTRY (line 2): cursor line 2 is not UTF-8: skipped`);
  });
  it("a cursor line that is not UTF-8 but holds a whole UUID names that message, and the text report shows the cursor file beside it", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "cursor"));
    const cursor = join(state, "cursor", "LYRA.txt");
    writeFileSync(cursor, Buffer.concat([Buffer.from(`${ID(1)}`), Buffer.from([0xff]), Buffer.from("\n")]));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    expect(r.code, r.err).toBe(1);
    const report = JSON.parse(r.out) as { reconciliation: { findings: { code: string; file?: string; line?: number; id?: string; message: string }[] } };
    expect(report.reconciliation.findings.filter((f) => f.code === "CURSOR_INVALID_ENTRY").map((f) => [f.file, f.line, f.id, f.message])).toStrictEqual([[cursor, 1, ID(1), `cursor line 1 is not UTF-8 (it names ${ID(1)}): skipped`]]);
    const text = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(text.out).toContain(`${cursor} (${hello}): error CURSOR_INVALID_ENTRY (line 1): cursor line 1 is not UTF-8 (it names ${hello}): skipped`);
  });
  it("state files skip only blank lines (spaces and tabs): a no-break space is a line, reported, and a cursor entry is read as written", () => {
    // String.prototype.trim dropped a disposition line of U+00A0 unseen and read a cursor entry
    // wrapped in U+00A0 (or spaces) as the UUID, so the message counted as consumed.
    const a = room();
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    mkdirSync(join(state, "cursor"));
    const dispositions = join(state, "dispositions", "LYRA.jsonl");
    writeFileSync(dispositions, `${JSON.stringify({ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) })}\n \t\n\u00A0\n`);
    const cursor = join(state, "cursor", "LYRA.txt");
    writeFileSync(cursor, `\t\n\u00A0${ID(1)}\u00A0\n ${ID(1)}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    expect(r.code, r.err).toBe(1);
    const report = JSON.parse(r.out) as { reconciliation: { readiness_clean: boolean; cursor_advance: string[]; findings: { code: string; file?: string; line?: number; id?: string; received?: string }[] } };
    // Each refused entry is placed at its line of the cursor and names the message it still holds.
    expect(report.reconciliation.findings.map((f) => [f.code, f.file, f.line, f.id, f.received])).toStrictEqual([
      ["DISPOSITION_INVALID", dispositions, 3, undefined, undefined],
      ["CURSOR_INVALID_ENTRY", cursor, 2, ID(1), `\u00A0${ID(1)}\u00A0`],
      ["CURSOR_INVALID_ENTRY", cursor, 3, ID(1), ` ${ID(1)}`],
    ]);
    // No entry names the message: the cursor may still take it.
    expect(report.reconciliation.cursor_advance).toStrictEqual([ID(1)]);
    expect(report.reconciliation.readiness_clean).toBe(false);
  });
  it("a disposition line that names a key twice is skipped and reported, never read as its last value", () => {
    const a = room();
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    const transition = `{"id":"${ID(1)}","state":"pending","state":"replied","cta":"completed","reply":"${ID(4)}","request_id":"${ID(3)}","at":"2026-10-01T09:01:00Z"}`;
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), `${transition}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    const report = JSON.parse(r.out) as { reconciliation: { findings: { code: string; line?: number; message: string }[] } };
    const invalid = report.reconciliation.findings.filter((f) => f.code === "DISPOSITION_INVALID");
    expect(invalid.map((f) => [f.line, f.message])).toStrictEqual([[1, 'dispositions line 1 is refused: the key "state" appears twice in one object; which value was meant would be a guess: skipped']]);
    expect(r.code).toBe(1);
  });
  it("state naming a message not addressed to the participant, and a refused file under a valid message's UUID, are said, not read silently (README notes 122, 123)", () => {
    const a = room();
    const { hello, welcome } = handshake(a.root);
    // A refused twin of VEGA's hello: its UUID, to LYRA, without the transport it needs.
    const twin = "2026-10-01-09-00-30-VEGA-hello-again.md";
    writeFileSync(join(a.inbox, twin), readFileSync(join(a.inbox, hello), "utf8").replace(/^ +transport: local\n/m, ""));
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    mkdirSync(join(state, "cursor"));
    // LYRA's ledger and cursor also name its own welcome, a message not addressed to it.
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), [{ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) }, { id: ID(4), state: "no-reply-required", cta: "none" }].map((d) => JSON.stringify(d)).join("\n") + "\n");
    writeFileSync(join(state, "cursor", "LYRA.txt"), `${ID(1)}\n${ID(4)}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    const report = JSON.parse(r.out) as { anomalies: { file: string; id: string | null }[]; reconciliation: { status: string; counts: { anomaly_count: number }; items: { id: string; disposition: string | null; action: string }[]; findings: { code: string; id?: string; file?: string }[] } };
    expect(report.anomalies.map((x) => [x.file, x.id])).toStrictEqual([[twin, ID(1)]]);
    const rec = report.reconciliation;
    expect(rec.findings.map((f) => `${f.code} ${f.file ?? ""}`)).toStrictEqual([`DISPOSITION_NOT_ADDRESSED ${welcome}`, `ANOMALY_ID_TAKEN ${twin}`, `ANOMALY_OPEN ${twin}`, `CURSOR_NOT_ADDRESSED ${welcome}`]);
    // The hello keeps its own disposition; the twin is one open anomaly, tracked by its file.
    expect(rec.items.map((i) => [i.id, i.disposition, i.action])).toStrictEqual([[ID(1), "replied", "none"]]);
    expect([rec.status, rec.counts.anomaly_count, r.code]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", 1, 1]);
  });
  it("refused files sharing a UUID no valid message holds are each an open anomaly, and state naming a refused file to others only is said (README notes 125, 126)", () => {
    const a = room();
    const { hello } = handshake(a.root);
    // Refused for their body (an RW1 line that does not check), so their recipients stay readable.
    const refused = (id: string, to: string, body: string): string => `${readFileSync(join(a.inbox, hello), "utf8").replace(ID(1), id).replace(/^ {6}- LYRA$/m, `      - ${to}`)}RW1 HO bad\n${body}\n`;
    const [first, second, elsewhere] = ["2026-10-01-09-00-40-VEGA-hello-broken.md", "2026-10-01-09-00-41-VEGA-hello-broken.md", "2026-10-01-09-00-42-VEGA-hello-broken.md"];
    writeFileSync(join(a.inbox, first), refused(ID(51), "LYRA", "first"));
    writeFileSync(join(a.inbox, second), refused(ID(51), "LYRA", "second"));
    writeFileSync(join(a.inbox, elsewhere), refused(ID(52), "ORION", "to another"));
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    mkdirSync(join(state, "cursor"));
    // One Handler-backed disposition under the shared UUID, one of the file sent to ORION, and its UUID in the cursor.
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), [{ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) }, { id: ID(51), state: "no-reply-required", cta: "none", handler: "HANDLER direction 2026-10-01" }, { id: ID(52), state: "needs-audit", cta: "none" }].map((d) => JSON.stringify(d)).join("\n") + "\n");
    writeFileSync(join(state, "cursor", "LYRA.txt"), `${ID(1)}\n${ID(52)}\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    const report = JSON.parse(r.out) as { anomalies: { file: string; id: string | null; to: string[] | null }[]; reconciliation: { status: string; counts: { anomaly_count: number; needs_audit_count: number }; findings: { code: string; file?: string }[] } };
    expect(report.anomalies.map((x) => [x.file, x.id, x.to])).toStrictEqual([[first, ID(51), ["LYRA"]], [second, ID(51), ["LYRA"]], [elsewhere, ID(52), ["ORION"]]]);
    const rec = report.reconciliation;
    expect(rec.findings.map((f) => `${f.code} ${f.file ?? ""}`)).toStrictEqual([`DISPOSITION_NOT_ADDRESSED ${elsewhere}`, `ANOMALY_ID_SHARED ${first}`, `ANOMALY_OPEN ${first}`, `ANOMALY_ID_SHARED ${second}`, `ANOMALY_OPEN ${second}`, `CURSOR_NOT_ADDRESSED ${elsewhere}`]);
    expect([rec.status, rec.counts.anomaly_count, rec.counts.needs_audit_count, r.code]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", 2, 0, 1]);
  });
  it("an anomaly index line that is not an anomaly record is skipped and reported, never dropped without a word", () => {
    const a = room();
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "anomalies"));
    const fingerprint = "0".repeat(64);
    writeFileSync(join(state, "anomalies", "LYRA.jsonl"), `{"file":"x.md","fingerprint":"${fingerprint}","state":"closed"}\n{"file":"x.md","fingerprint":"${fingerprint}","state":"Closed"}\n[]\n`);
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    const report = JSON.parse(r.out) as { reconciliation: { findings: { code: string; line?: number; message: string }[] } };
    const invalid = report.reconciliation.findings.filter((f) => f.code === "DISPOSITION_INVALID");
    expect(invalid.map((f) => [f.line, f.message])).toStrictEqual([2, 3].map((line) => [line, `anomalies line ${line} is not an anomaly record, {"file": "<the file's name, as the anomaly names it>", "fingerprint": "<sha256 of the file>", "state": "open" or "closed"}: skipped`]));
    expect(r.code).toBe(1);
  });
  describe("the anomaly index is keyed by exact file name plus fingerprint (section 10)", () => {
    // Two files created but not yet written: the same fingerprint (SHA-256 of no bytes), two anomalies.
    const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const first = "2026-10-01-09-00-05-VEGA-request-a.md";
    const second = "2026-10-01-09-00-06-VEGA-request-b.md";
    const check = (index: string): { code: number | null; open: (string | undefined)[]; invalid: { line?: number; message: string }[] } => {
      const a = room();
      handshake(a.root);
      writeFileSync(join(a.inbox, first), "");
      writeFileSync(join(a.inbox, second), "");
      const state = mkdtempSync(join(tmp, "state-"));
      mkdirSync(join(state, "anomalies"));
      writeFileSync(join(state, "anomalies", "LYRA.jsonl"), index);
      const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
      const report = JSON.parse(r.out) as { anomalies: { file: string; fingerprint: string }[]; reconciliation: { findings: { code: string; file?: string; line?: number; message: string }[] } };
      expect(report.anomalies.map((x) => [x.file, x.fingerprint])).toStrictEqual([[first, EMPTY], [second, EMPTY]]);
      const findings = report.reconciliation.findings;
      return { code: r.code, open: findings.filter((f) => f.code === "ANOMALY_OPEN").map((f) => f.file), invalid: findings.filter((f) => f.code === "DISPOSITION_INVALID") };
    };
    it("closing one empty file's anomaly leaves the other empty file's open", () => {
      const r = check(`{"file":"${first}","fingerprint":"${EMPTY}","state":"closed"}\n`);
      expect(r.open).toStrictEqual([second]);
      expect(r.invalid).toStrictEqual([]);
    });
    it("a record for each file closes each", () => {
      const r = check(`{"file":"${first}","fingerprint":"${EMPTY}","state":"closed"}\n{"file":"${second}","fingerprint":"${EMPTY}","state":"closed"}\n`);
      expect(r.open).toStrictEqual([]);
      expect(r.invalid).toStrictEqual([]);
    });
    it("a record by fingerprint alone (the earlier form) is refused and reported, and closes neither", () => {
      const r = check(`{"fingerprint":"${EMPTY}","state":"closed"}\n`);
      expect(r.open).toStrictEqual([first, second]);
      expect(r.invalid.map((f) => [f.line, f.message])).toStrictEqual([[1, `anomalies line 1 is not an anomaly record, {"file": "<the file's name, as the anomaly names it>", "fingerprint": "<sha256 of the file>", "state": "open" or "closed"} (it names no file: a record is keyed by exact file name plus fingerprint, and one by fingerprint alone would close every file with the same bytes): skipped`]]);
      expect(r.code).toBe(1);
    });
  });
  it("binds the mailbox root on first publication and refuses another root for that participant", () => {
    const state = mkdtempSync(join(tmp, "state-"));
    const a = room();
    expect(rw(["mailbox", "new", a.root, ...HELLO, "--state", state]).code).toBe(0);
    const binding = JSON.parse(readFileSync(join(state, "root-binding", "VEGA.json"), "utf8")) as { root: string };
    expect(binding.root).toMatch(/^[0-9a-f]{64}$/);
    const b = room();
    const r = rw(["mailbox", "new", b.root, ...HELLO, "--state", state]);
    expect(r.code).toBe(1);
    // The code once, then the reason: the message does not repeat the code.
    expect(r.err).toContain("error ROOT_ID_UNVERIFIED: VEGA's local root binding");
    expect(readdirSync(b.inbox)).toStrictEqual([]);
  });
  it.each([
    ["not JSON", "not json\n"],
    ["an empty object", "{}\n"],
    ["null", "null\n"],
    ["another root, then this one", '{"arena":"DEMO","callsign":"VEGA","machine":"VEGA-BOX","root":"OTHER","root":"ROOT"}\n'],
  ])("a damaged root binding (%s) refuses the publication, exit 1, never a crash or a pass", (_, text) => {
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "root-binding"));
    const a = room();
    const bytes = text.replace('"ROOT"', JSON.stringify(mailboxRootId(a.root, { windows: false })));
    writeFileSync(join(state, "root-binding", "VEGA.json"), bytes);
    const r = rw(["mailbox", "new", a.root, ...HELLO, "--state", state]);
    expect(r.code, r.err).toBe(1);
    expect(r.err).toContain(`${join(state, "root-binding", "VEGA.json")}`);
    expect(r.err).not.toContain("internal error");
    expect(readdirSync(a.inbox)).toStrictEqual([]);
    expect(readFileSync(join(state, "root-binding", "VEGA.json"), "utf8")).toBe(bytes);
  });
});

/** A message file written by hand (what a peer, or an impostor, could put in the inbox). */
function message(inbox: string, file: string, fields: Record<string, unknown>, body = "Hello.\n"): void {
  const env = { version: 1, profile: "CORE", transport: "local", expects_reply: true, reply_to: "", arena: "DEMO", ...fields };
  const yaml = Object.entries(env).map(([k, v]) => `    ${k}: ${Array.isArray(v) ? `[${v.join(", ")}]` : v === "" ? '""' : String(v)}`).join("\n");
  writeFileSync(join(inbox, file), `---\ntags: [agent-mailbox]\nmeta:\n  mailbox:\n${yaml}\n---\n${body}`);
}

describe("reconciliation never handles what the conversation rules quarantine", () => {
  it("two files under one welcome UUID (accept and counter) establish nothing, whichever file name sorts first", () => {
    const a = room();
    const hello = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]);
    expect(hello.code, hello.err).toBe(0);
    const root = /root: ([0-9a-f]{64})/.exec(readFileSync(join(a.inbox, hello.out.trim()), "utf8"))?.[1] as string;
    const welcome = (file: string, terms: string): void => message(a.inbox, file, { id: ID(4), thread: ID(2), request_id: ID(3), from: "LYRA", to: "[VEGA]", kind: "welcome", reply_to: ID(1), expects_reply: false, machine: "LYRA-BOX", root, terms });
    welcome("2026-10-01-09-01-00-LYRA-welcome-a.md", "accept");
    welcome("2026-10-01-09-01-00-LYRA-welcome-b.md", "counter");
    const check = (): string => rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]).out;
    const before = check();
    expect(before.match(/DUPLICATE_ID/g)?.length).toBe(2);
    // The UUID the files share is shown as the UUID, not as one of the files (a file is no UUID).
    expect(before).toContain(`2026-10-01-09-01-00-LYRA-welcome-b.md: error DUPLICATE_ID: its UUID ${ID(4)} is also used by 2026-10-01-09-01-00-LYRA-welcome-a.md with other content`);
    expect(before).toContain("handshake establishing");
    expect(before).not.toContain("handshake established");
    renameSync(join(a.inbox, "2026-10-01-09-01-00-LYRA-welcome-a.md"), join(a.inbox, "2026-10-01-09-01-00-LYRA-welcome-z.md"));
    const after = check();
    expect(after.match(/DUPLICATE_ID/g)?.length).toBe(2);
    expect(after).toContain("handshake establishing");
    expect(after).not.toContain("handshake established");
  });
  it("a root mismatch, an impersonation from another machine and an unexpected callsign are audit, never handle", () => {
    const a = room();
    handshake(a.root);
    const hello = readFileSync(join(a.inbox, readdirSync(a.inbox).find((f) => f.includes("hello")) as string), "utf8");
    const root = /root: ([0-9a-f]{64})/.exec(hello)?.[1] as string;
    const other = "b".repeat(64);
    const req = (n: number, from: string, machine: string, r: string): void => message(a.inbox, `2026-10-01-10-00-0${n}-${from}-request-x${n}.md`, { id: ID(10 + n), thread: ID(10 + n), request_id: ID(10 + n), from, to: "[LYRA]", kind: "request", machine, root: r });
    req(1, "VEGA", "VEGA-BOX", root);
    req(2, "VEGA", "VEGA-BOX", other);
    req(3, "VEGA", "EVIL", other);
    req(4, "ZED", "ZED-BOX", other);
    req(5, "ZED", "ZED-BOX", other);
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z", "--json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { analysis: { quarantine: Record<string, string[]> }; reconciliation: { items: { id: string; action: string }[]; counts: { quarantined_count: number } } };
    expect(report.analysis.quarantine[ID(12)]).toContain("ROOT_MISMATCH");
    expect(report.analysis.quarantine[ID(15)]).toStrictEqual(["CALLSIGN_UNCLAIMED"]);
    const action = (n: number): string | undefined => report.reconciliation.items.find((i) => i.id === ID(10 + n))?.action;
    expect([1, 2, 3, 4, 5].map(action)).toStrictEqual(["handle", "audit", "audit", "audit", "audit"]);
    expect(report.reconciliation.counts.quarantined_count).toBe(4);
    // The summary agrees: a quarantined message owes no reply ("not engaged").
    const text = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(text.out).toMatch(/^ {2}LYRA +sent \d+, addressed 6, owes 1 reply; active$/m);
  });
  it("a reply forged in the participant's name from another machine is not its reply: audit, and the reply is still owed", () => {
    const a = room();
    handshake(a.root);
    const hello = readFileSync(join(a.inbox, readdirSync(a.inbox).find((f) => f.includes("hello")) as string), "utf8");
    const root = /root: ([0-9a-f]{64})/.exec(hello)?.[1] as string;
    message(a.inbox, "2026-10-01-10-00-01-VEGA-request-x.md", { id: ID(31), thread: ID(31), request_id: ID(31), from: "VEGA", to: "[LYRA]", kind: "request", machine: "VEGA-BOX", root });
    message(a.inbox, "2026-10-01-10-00-02-LYRA-reply-x.md", { id: ID(32), thread: ID(31), request_id: ID(31), from: "LYRA", to: "[VEGA]", kind: "reply", reply_to: ID(31), expects_reply: false, machine: "EVIL", root: "b".repeat(64) }, "Re: [[2026-10-01-10-00-01-VEGA-request-x]]\n");
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("error CALLSIGN_HELD");
    expect(r.out).not.toMatch(/^ {2}restore .*request-x/m);
    expect(r.out).toMatch(/^ {2}audit {3}2026-10-01-10-00-01-VEGA-request-x\.md$/m);
    expect(r.out).toMatch(/^ {2}LYRA +sent \d+, addressed \d+, owes 1 reply; active$/m);
  });
  it("two files under one UUID: one item, audit, counted as anomalies", () => {
    const a = room();
    handshake(a.root);
    const hello = readFileSync(join(a.inbox, readdirSync(a.inbox).find((f) => f.includes("hello")) as string), "utf8");
    const root = /root: ([0-9a-f]{64})/.exec(hello)?.[1] as string;
    for (const [n, body] of [[1, "First.\n"], [2, "Second, other text.\n"]] as const) message(a.inbox, `2026-10-01-10-00-0${n}-VEGA-request-x${n}.md`, { id: ID(20), thread: ID(20), request_id: ID(20), from: "VEGA", to: "[LYRA]", kind: "request", machine: "VEGA-BOX", root }, body);
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(/^ {2}handle /m);
    expect(r.out.match(/^ {2}audit {3}\S+request-x\d\.md$/gm)?.length).toBe(1);
    expect(r.out).toContain("anomalies 2, quarantined 1");
  });
});

describe("usage", () => {
  it("needs --as and --state together, and a path", () => {
    expect(rw(["mailbox", "check", tmp, "--as", "LYRA"]).code).toBe(2);
    expect(rw(["mailbox", "check"]).code).toBe(2);
    expect(rw(["mailbox", "check", tmp, "--as", "lyra", "--state", tmp]).code).toBe(2);
  });
  it("refuses --as ALL (exit 2): ALL addresses every participant and is never one", () => {
    const a = room();
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "ALL", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--as ALL");
  });
  it("refuses a --now that names no real moment (exit 2), never reading it as a later day", () => {
    const a = room();
    for (const now of ["2026-02-30T00:00Z", "2026-04-31T12:00:00Z", "2026-10-01T24:00:00Z"]) {
      const r = rw(["mailbox", "check", a.root, "--now", now]);
      expect(r.code, now).toBe(2);
      expect(r.err, now).toContain(`--now ${now}`);
    }
    expect(rw(["mailbox", "check", a.root, "--now", "2026-02-28T00:00Z"]).code).toBe(0);
  });
});

describe("rw mailbox check: the visible primer (sections 3, 6, 12)", () => {
  const PRIMER_AT = "AGENT-MAILBOX-PRIMER.md";
  it("an empty room is not judged; once a hello is in, a room without its primer fails (exit 1), and with it passes", () => {
    const a = room("inbox", { primer: false });
    const empty = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect([empty.code, empty.out.includes("PRIMER_MISSING")]).toStrictEqual([0, false]);
    const hello = rw(["mailbox", "new", a.root, ...HELLO, "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]);
    expect(hello.code, hello.err).toBe(0);
    const missing = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(`  ${PRIMER_AT}: error PRIMER_MISSING: no ${PRIMER_AT} at the mailbox root, though the inbox holds 1 message`);
    writeFileSync(join(a.root, PRIMER_AT), PRIMER);
    const present = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect([present.code, present.out.includes("PRIMER_MISSING")]).toStrictEqual([0, false]);
  });
  it("--as: a room without its primer is work-clean but never readiness-clean (WORK_CLEAN_WITH_AUDIT_DEBT), and its primer makes it CLEAN", () => {
    const a = room("inbox", { primer: false });
    handshake(a.root);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    // VEGA's one addressed message, LYRA's no-reply welcome, is disposed of: its work is clean.
    writeFileSync(join(state, "dispositions", "VEGA.jsonl"), `${JSON.stringify({ id: ID(4), state: "no-reply-required", cta: "none" })}\n`);
    const check = (): { code: number | null; report: { status: string; work_clean: boolean; readiness_clean: boolean; findings: { code: string; severity: string }[] } } => {
      const r = rw(["mailbox", "check", a.root, "--as", "VEGA", "--state", state, "--now", "20261002T1200Z", "--json"]);
      return { code: r.code, report: (JSON.parse(r.out) as { reconciliation: never }).reconciliation };
    };
    const missing = check();
    expect(missing.code).toBe(1);
    expect([missing.report.status, missing.report.work_clean, missing.report.readiness_clean]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", true, false]);
    expect(missing.report.findings.map((f) => `${f.severity} ${f.code}`)).toStrictEqual(["error PRIMER_MISSING"]);
    writeFileSync(join(a.root, PRIMER_AT), PRIMER);
    const present = check();
    expect([present.code, present.report.status, present.report.findings]).toStrictEqual([0, "CLEAN", []]);
  });
  it("fails closed on a primer that is a symbolic link (even to a real file) or a folder, and looks only at the root, not in .agent-mailbox/", () => {
    const a = room("inbox", { primer: false });
    handshake(a.root);
    const elsewhere = join(mkdtempSync(join(tmp, "elsewhere-")), PRIMER_AT);
    writeFileSync(elsewhere, PRIMER);
    symlinkSync(elsewhere, join(a.root, PRIMER_AT));
    const linked = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(linked.code).toBe(1);
    expect(linked.out).toContain(`error PRIMER_MISSING: ${PRIMER_AT} at the mailbox root is not a regular file`);
    const b = room("dotted", { primer: false });
    handshake(b.root);
    mkdirSync(join(b.root, PRIMER_AT));
    writeFileSync(join(b.root, ".agent-mailbox", PRIMER_AT), PRIMER);
    const folder = rw(["mailbox", "check", b.root, "--now", "20261002T1200Z"]);
    expect(folder.code).toBe(1);
    expect(folder.out).toContain(`error PRIMER_MISSING: ${PRIMER_AT} at the mailbox root is not a regular file`);
    const dotted = room("dotted");
    handshake(dotted.root);
    expect(rw(["mailbox", "check", join(dotted.root, ".agent-mailbox", "inbox"), "--now", "20261002T1200Z"]).code).toBe(0);
  });
});

describe("rw mailbox new: a claim waits for the primer (section 12)", () => {
  it("refuses to publish a claim while the root has no primer, and publishes it once the primer is there", () => {
    const a = room("inbox", { primer: false });
    const full = (from: string, extra: string[]): string[] => ["mailbox", "new", a.root, "--from", from, "--to", from === "VEGA" ? "LYRA" : "VEGA", "--arena", "DEMO", "--machine", `${from}-BOX`, "--full", "--session", "s1", ...extra];
    for (const step of [
      full("VEGA", ["--kind", "hello", "--id", ID(1), "--thread", ID(2), "--request-id", ID(3)]),
      full("LYRA", ["--kind", "welcome", "--terms", "accept", "--reply-to", ID(1), "--id", ID(4)]),
      full("VEGA", ["--kind", "ack", "--reply-to", ID(4), "--id", ID(5), "--no-reply"]),
    ]) {
      const r = rw(step);
      expect(r.code, r.err).toBe(0);
    }
    const claim = full("LYRA", ["--kind", "claim", "--reply-to", ID(5), "--id", ID(6), "--body", "Claim: the hero copy, exclusive, until 12:00.", "--dry-run"]);
    const refused = rw(claim);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("error PRIMER_MISSING: no AGENT-MAILBOX-PRIMER.md at the mailbox root: a claim is claimed work");
    // Other kinds are not held back: the hello came before any primer could (section 4).
    writeFileSync(join(a.root, "AGENT-MAILBOX-PRIMER.md"), PRIMER);
    const published = rw(claim);
    expect(published.code, published.err).toBe(0);
  });
});

describe("rw mailbox check: crossed hellos", () => {
  it("shows a hello to ALL that lost a crossing as standing for the others, and with whom it was superseded", () => {
    const a = room();
    const common = (n: number, from: string) => ({ id: ID(n), thread: ID(n), request_id: ID(n), from, machine: `${from}-BOX`, root: "abc".charAt(n - 1).repeat(64) });
    message(a.inbox, "2026-10-01-09-00-00-LYRA-hello-a.md", { ...common(1, "LYRA"), to: "[VEGA]", kind: "hello" });
    message(a.inbox, "2026-10-01-09-00-01-VEGA-hello-b.md", { ...common(2, "VEGA"), to: "[ALL]", kind: "hello" });
    message(a.inbox, "2026-10-01-09-00-02-ORION-welcome-c.md", { ...common(3, "ORION"), thread: ID(2), request_id: ID(2), to: "[VEGA]", kind: "welcome", reply_to: ID(2), terms: "accept", expects_reply: false }, "Answering [[2026-10-01-09-00-01-VEGA-hello-b]].\n");
    const r = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
    expect(r.out).toContain("2026-10-01-09-00-01-VEGA-hello-b.md: note HELLO_CROSSED");
    expect(r.out).toContain("handshake established (superseded with LYRA by 2026-10-01-09-00-00-LYRA-hello-a.md);");
    expect(r.out).toContain("2026-10-01-09-00-00-LYRA-hello-a.md: 1 message; handshake establishing;");
  });
});

describe("rw mailbox check: who is blocked", () => {
  it("names on the thread's line each agent whose blocked stands, with that message's file, and --json carries them; Handler input clears them", () => {
    const a = room();
    const { hello } = handshake(a.root);
    const publish = (from: string, to: string, kind: string, id: number, extra: string[]): string => {
      const r = rw(["mailbox", "new", a.root, "--from", from, "--to", to, "--kind", kind, "--arena", "DEMO", "--machine", `${from}-${from === "HANDLER" ? "DESK" : "BOX"}`, "--id", ID(id), ...extra]);
      expect(r.code, r.err).toBe(0);
      return r.out.trim();
    };
    const request = publish("LYRA", "VEGA", "request", 5, ["--slug", "footer", "--body", "Please write the legal footer."]);
    const vega = publish("VEGA", "LYRA,HANDLER", "blocked", 6, ["--reply-to", ID(5), "--no-reply", "--slug", "corpus", "--body", "The footer needs the Handler's legal text; the Handler decides."]);
    const lyra = publish("LYRA", "VEGA,HANDLER", "blocked", 7, ["--reply-to", ID(5), "--no-reply", "--slug", "waiting", "--body", "I cannot go on without the footer either."]);
    const check = (): { lines: string[]; blocked: unknown } => {
      const text = rw(["mailbox", "check", a.root, "--now", "20261002T1200Z"]);
      expect(text.code, text.out).toBe(0);
      const json = JSON.parse(rw(["mailbox", "check", a.root, "--now", "20261002T1200Z", "--json"]).out) as { analysis: { threads: { first: string; blocked: unknown }[] } };
      return { lines: text.out.split("\n"), blocked: json.analysis.threads.map((t) => [t.first, t.blocked]) };
    };
    const before = check();
    expect(before.lines).toContain(`  ${request}: 3 messages; budget 3/20 open; blocked VEGA (${vega}), LYRA (${lyra})`);
    expect(before.lines.find((l) => l.startsWith(`  ${hello}:`))).not.toContain("blocked");
    expect(before.blocked).toStrictEqual([[ID(1), []], [ID(5), [{ callsign: "VEGA", message: ID(6) }, { callsign: "LYRA", message: ID(7) }]]]);
    publish("HANDLER", "VEGA,LYRA", "state", 8, ["--reply-to", ID(6), "--no-reply", "--body", "Use the footer from the brief."]);
    const after = check();
    expect(after.lines).toContain(`  ${request}: 4 messages; budget 0/20 open`);
    expect(after.blocked).toStrictEqual([[ID(1), []], [ID(5), []]]);
  });
});

describe("rw mailbox check: callsigns by arena", () => {
  it("names the arena each callsign and participant is held in, since a name is only a name within its arena", () => {
    const a = room();
    handshake(a.root);
    message(a.inbox, "2025-10-28-14-40-00-VEGA-hello-other.md", { id: ID(11), thread: ID(11), request_id: ID(11), from: "VEGA", to: "[ORION]", kind: "hello", arena: "OTHER-ROOM", machine: "VEGA-BOX", root: "d".repeat(64) });
    // The messages' UUIDs are of 2025-10-28: every name is active a day later.
    const r = rw(["mailbox", "check", a.root, "--now", "20251029T1200Z"]);
    const lines = r.out.split("\n");
    expect(lines).toContain("callsigns in arena DEMO: VEGA active, LYRA active");
    expect(lines).toContain("callsigns in arena OTHER-ROOM: VEGA active");
    expect(lines.filter((l) => l.startsWith("callsigns"))).toHaveLength(2);
    // VEGA of each arena is its own participant, under its arena's heading.
    const at = lines.indexOf("participants in arena OTHER-ROOM");
    expect(lines.slice(lines.indexOf("participants in arena DEMO"), at)).toStrictEqual(["participants in arena DEMO", "  LYRA  sent 1, addressed 1, owes 0 replies; active", "  VEGA  sent 1, addressed 1, owes 0 replies; active"]);
    expect(lines.slice(at, at + 3)).toStrictEqual(["participants in arena OTHER-ROOM", "  ORION  sent 0, addressed 1, owes 1 reply; unclaimed", "  VEGA   sent 1, addressed 0, owes 0 replies; active"]);
  });
});

describe("rw mailbox check --as: one arena", () => {
  // VEGA and LYRA in DEMO; ORION asks VEGA for something in OTHER-ROOM, which is another VEGA's work.
  const twoArenas = (): { root: string; state: string } => {
    const a = room();
    handshake(a.root);
    message(a.inbox, "2025-10-28-14-40-00-ORION-hello-other.md", { id: ID(11), thread: ID(11), request_id: ID(11), from: "ORION", to: "[VEGA]", kind: "hello", arena: "OTHER-ROOM", machine: "ORION-BOX", root: "d".repeat(64) });
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    appendFileSync(join(state, "dispositions", "VEGA.jsonl"), `${JSON.stringify({ id: ID(4), state: "no-reply-required", cta: "none" })}\n`);
    return { root: a.root, state };
  };
  const check = (root: string, state: string, ...more: string[]) => rw(["mailbox", "check", root, "--as", "VEGA", "--state", state, "--now", "20261002T1200Z", ...more]);

  it("reads the arena --arena names, and another arena's message addressed to the callsign is not its work", () => {
    const { root, state } = twoArenas();
    const r = check(root, state, "--arena", "DEMO");
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain("reconciliation for VEGA in arena DEMO: CLEAN (work-clean yes, readiness-clean yes)");
    expect(r.out).toContain("  addressed 1, undispositioned 0");
    const json = JSON.parse(check(root, state, "--arena", "OTHER-ROOM", "--json").out) as { reconciliation: { arena: string; counts: { addressed: number }; items: { id: string; action: string }[] } };
    expect(json.reconciliation.arena).toBe("OTHER-ROOM");
    expect(json.reconciliation.items.map((i) => [i.id, i.action])).toStrictEqual([[ID(11), "handle"]]);
  });

  it("an --arena where the callsign neither sends nor is named, while it is one elsewhere, is never clean (ARENA_FOREIGN, exit 1)", () => {
    const { root, state } = twoArenas();
    const r = check(root, state, "--arena", "DEMOO");
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toContain("reconciliation for VEGA in arena DEMOO: WORK_CLEAN_WITH_AUDIT_DEBT (work-clean yes, readiness-clean no)");
    expect(r.out).toMatch(/error ARENA_FOREIGN: VEGA is no callsign in arena DEMOO .* but is one in DEMO, OTHER-ROOM/);
    const json = JSON.parse(check(root, state, "--arena", "DEMOO", "--json").out) as { reconciliation: { findings: { code: string; expected?: string; received?: string }[] } };
    expect(json.reconciliation.findings.filter((f) => f.code === "ARENA_FOREIGN").map((f) => [f.expected, f.received])).toStrictEqual([["DEMO, OTHER-ROOM", "DEMOO"]]);
    // A callsign found in no arena (one about to join) is not flagged: nothing tells a typo.
    const newcomer = rw(["mailbox", "check", root, "--as", "NOVA", "--state", state, "--now", "20261002T1200Z", "--arena", "DEMOO"]);
    expect(newcomer.out).toContain("reconciliation for NOVA in arena DEMOO:");
    expect(newcomer.out).not.toContain("ARENA_FOREIGN");
  });

  it("a callsign no message names still reads clean (a newcomer), with a note listing the callsigns held, so a typo shows (CALLSIGN_UNSEEN)", () => {
    const { root, state } = twoArenas();
    const typo = rw(["mailbox", "check", root, "--as", "VEAG", "--state", state, "--now", "20261002T1200Z"]);
    expect(typo.code, typo.out + typo.err).toBe(0);
    expect(typo.out).toContain("reconciliation for VEAG: CLEAN");
    expect(typo.out).toContain("  note CALLSIGN_UNSEEN: no message of the mailbox names VEAG (it neither sends nor is named): read as a participant about to join, with nothing to reconcile; callsigns in arena DEMO: LYRA, VEGA; callsigns in arena OTHER-ROOM: ORION, VEGA");
    // With an arena named, that arena's callsigns only.
    const json = JSON.parse(rw(["mailbox", "check", root, "--as", "VEAG", "--state", state, "--now", "20261002T1200Z", "--arena", "OTHER-ROOM", "--json"]).out) as { reconciliation: { status: string; findings: { code: string; severity: string; message: string; received?: string }[] } };
    expect(json.reconciliation.status).toBe("CLEAN");
    expect(json.reconciliation.findings.map((f) => [f.code, f.severity, f.received])).toStrictEqual([["CALLSIGN_UNSEEN", "note", "VEAG"]]);
    expect(json.reconciliation.findings[0]?.message).toMatch(/; callsigns in arena OTHER-ROOM: ORION, VEGA$/);
    // A callsign the mailbox holds gets no such note.
    expect(rw(["mailbox", "check", root, "--as", "VEGA", "--state", state, "--now", "20261002T1200Z", "--arena", "DEMO"]).out).not.toContain("CALLSIGN_UNSEEN");
  });

  it("with no arena named, a callsign found in two arenas is read across both and never clean (ARENA_AMBIGUOUS, exit 1)", () => {
    const { root, state } = twoArenas();
    const r = check(root, state);
    expect(r.code).toBe(1);
    expect(r.out).toContain("reconciliation for VEGA: FOUND (work-clean no, readiness-clean no)");
    expect(r.out).toMatch(/error ARENA_AMBIGUOUS: VEGA is a callsign in arenas DEMO, OTHER-ROOM/);
    expect(r.out).toContain("  addressed 2, undispositioned 1");
  });

  it("reads the arena of the participant's root binding, and refuses --arena naming another (exit 2)", () => {
    const { root, state } = twoArenas();
    const ask = rw(["mailbox", "new", root, "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--arena", "DEMO", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask", "--body", "x", "--state", state]);
    expect(ask.code, ask.err).toBe(0);
    const r = check(root, state);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("reconciliation for VEGA in arena DEMO: CLEAN");
    const other = check(root, state, "--arena", "OTHER-ROOM");
    expect(other.code).toBe(2);
    expect(other.err).toContain("--arena OTHER-ROOM: VEGA's root binding in");
    expect(other.err).toContain("is for arena DEMO");
  });

  it("--arena goes with --as and --state, and is not empty (exit 2)", () => {
    const { root, state } = twoArenas();
    const alone = rw(["mailbox", "check", root, "--arena", "DEMO"]);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain("--arena names the arena a participant reconciles in");
    expect(check(root, state, "--arena", " ").code).toBe(2);
  });
});

describe("rw mailbox check: departures (section 8's participant lifecycle)", () => {
  it("prints each participant's status, and an unfinished thread none of whose participants is active as blocked for the Handler (a THREAD_ORPHANED note, exit 0)", () => {
    const a = room();
    handshake(a.root);
    const publish = (args: string[]): string => {
      const r = rw(["mailbox", "new", a.root, "--arena", "DEMO", ...args]);
      expect(r.code, r.err).toBe(0);
      return r.out.trim();
    };
    const request = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask", "--body", "x"]);
    publish(["--from", "LYRA", "--to", "VEGA", "--kind", "goodbye", "--reply-to", ID(4), "--machine", "LYRA-BOX", "--id", ID(6), "--slug", "bye", "--no-reply", "--body", "Leaving.\n\nre-entry: final"]);
    const check = (): { code: number | null; lines: string[] } => {
      const r = rw(["mailbox", "check", a.root, "--now", "20251029T1200Z"]);
      return { code: r.code, lines: r.out.split("\n") };
    };
    // A two-agent room: LYRA departs once VEGA acknowledges its goodbye.
    const departing = check();
    expect(departing.lines).toContain("  LYRA  sent 2, addressed 2, owes 1 reply; departing");
    expect(departing.lines).toContain("  VEGA  sent 2, addressed 2, owes 0 replies; active");
    expect(departing.lines.join("\n")).not.toContain("THREAD_ORPHANED");
    publish(["--from", "VEGA", "--to", "LYRA", "--kind", "ack", "--reply-to", ID(6), "--machine", "VEGA-BOX", "--id", ID(7), "--slug", "seen", "--no-reply"]);
    publish(["--from", "VEGA", "--to", "HANDLER", "--kind", "goodbye", "--reply-to", ID(7), "--machine", "VEGA-BOX", "--id", ID(8), "--slug", "bye", "--no-reply", "--body", "Leaving too.\n\nre-entry: returning"]);
    const gone = check();
    // A note: the state waits on the Handler, and a decline in a goodbye's prose is not read.
    expect(gone.code).toBe(0);
    // HANDLER, addressed, widens the column.
    expect(gone.lines).toContain("  LYRA     sent 2, addressed 3, owes 1 reply; departed(final)");
    expect(gone.lines).toContain("  VEGA     sent 4, addressed 2, owes 0 replies; departed(returning)");
    expect(gone.lines).toContain(`  ${request}: 1 message; budget 1/20 open; blocked for the Handler: no active participant`);
    expect(gone.lines).toContain(`  note THREAD_ORPHANED: the thread of ${request} is unfinished (1 reply still owed in it) and none of its participants is active (LYRA departed(final), VEGA departed(returning)): it is blocked for the Handler, never silently closed (a reply a goodbye declined or waived in prose is not read)`);
    const json = JSON.parse(rw(["mailbox", "check", a.root, "--now", "20251029T1200Z", "--json"]).out) as { participants: { callsign: string; status: string }[]; analysis: { threads: { first: string; orphaned: boolean }[] } };
    expect(json.participants.map((p) => [p.callsign, p.status])).toStrictEqual([["HANDLER", "active"], ["LYRA", "departed(final)"], ["VEGA", "departed(returning)"]]);
    expect(json.analysis.threads.map((t) => [t.first, t.orphaned])).toStrictEqual([[ID(1), false], [ID(5), true]]);
  });
});

describe("rw mailbox new: a reply asked of a participant away on a returning goodbye", () => {
  it("publishes, printing an ADDRESSEE_DEPARTED note, and says nothing once the participant resumed", () => {
    const a = room();
    handshake(a.root);
    const publish = (args: string[]): { out: string; err: string } => {
      const r = rw(["mailbox", "new", a.root, "--arena", "DEMO", ...args]);
      expect(r.code, r.err).toBe(0);
      return { out: r.out.trim(), err: r.err };
    };
    publish(["--from", "LYRA", "--to", "VEGA", "--kind", "goodbye", "--reply-to", ID(4), "--machine", "LYRA-BOX", "--id", ID(5), "--slug", "bye", "--no-reply", "--body", "Leaving.\n\nre-entry: returning"]);
    const away = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(6), "--slug", "ask", "--body", "x"]);
    expect(existsSync(join(a.root, "inbox", away.out))).toBe(true);
    expect(away.err).toContain(`  note ADDRESSEE_DEPARTED: LYRA departed with goodbye ${ID(5)} (re-entry: returning) and answers only after it resumes: the reply this request expects waits for that resume`);
    publish(["--from", "LYRA", "--to", "VEGA", "--kind", "resume", "--machine", "LYRA-BOX", "--id", ID(7), "--slug", "back", "--no-reply", "--body", "Resuming LYRA."]);
    const back = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(8), "--slug", "again", "--body", "y"]);
    expect(back.err).not.toContain("ADDRESSEE_DEPARTED");
  });
});

describe("rw mailbox check --as: a request whose requester retired is never sent to reply (REQUESTER_RETIRED)", () => {
  const setup = (reEntry: string): { root: string; state: string; request: string; publish: (args: string[]) => ReturnType<typeof rw>; check: () => ReturnType<typeof rw> } => {
    const a = room();
    handshake(a.root);
    const publish = (args: string[]): ReturnType<typeof rw> => rw(["mailbox", "new", a.root, "--arena", "DEMO", ...args]);
    const ask = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "ask", "--body", "x"]);
    expect(ask.code, ask.err).toBe(0);
    const bye = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "goodbye", "--reply-to", ID(4), "--machine", "VEGA-BOX", "--id", ID(6), "--slug", "bye", "--no-reply", "--body", `Leaving.\n\nre-entry: ${reEntry}`]);
    expect(bye.code, bye.err).toBe(0);
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    const check = (): ReturnType<typeof rw> => rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    return { root: a.root, state, request: ask.out.trim(), publish, check };
  };
  const reply = ["--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", ID(5), "--machine", "LYRA-BOX", "--id", ID(7), "--slug", "answer", "--no-reply", "--body", "done"];

  it("after a final goodbye: audit with a note, exit 0, since the reply it would ask is refused; the Handler's direction closes it", () => {
    const { state, request, publish, check } = setup("final");
    const disposed = (line: Record<string, unknown>): void => appendFileSync(join(state, "dispositions", "LYRA.jsonl"), `${JSON.stringify(line)}\n`);
    disposed({ id: ID(1), state: "replied", cta: "completed", reply: ID(4), request_id: ID(3) });
    disposed({ id: ID(6), state: "no-reply-required", cta: "completed" });
    const fresh = check();
    expect(fresh.code, fresh.err).toBe(0);
    expect(fresh.out).toContain("reconciliation for LYRA in arena DEMO: FOUND (work-clean no, readiness-clean no)");
    expect(fresh.out).toContain("open replies 1;");
    expect(fresh.out).toContain(`  ${request}: note REQUESTER_RETIRED: VEGA retired with a final goodbye (`);
    expect(fresh.out).toContain(`  audit   ${request}`);
    expect(fresh.out).not.toMatch(/^ {2}(reply|handle) /m);
    // What reconciliation no longer asks for is what publication refuses.
    const refused = publish([...reply, "--json"]);
    expect(refused.code).toBe(1);
    expect((JSON.parse(refused.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toStrictEqual(["ADDRESSEE_RETIRED"]);
    // The work done, recorded without a reply: still audited and counted, never REPLY_OWED.
    disposed({ id: ID(5), state: "acted", cta: "completed", effect: "commit 1a2b3c4d" });
    const acted = check();
    expect(acted.code, acted.out).toBe(0);
    expect(acted.out).toContain(`  audit   ${request}`);
    expect(acted.out).not.toContain("REPLY_OWED");
    disposed({ id: ID(5), state: "acted", cta: "completed", effect: "commit 1a2b3c4d", handler: "HANDLER: banked in the primer, no reply" });
    const directed = check();
    expect(directed.out).toContain("reconciliation for LYRA in arena DEMO: CLEAN (work-clean yes, readiness-clean yes)");
    expect(directed.out).not.toContain("REQUESTER_RETIRED");
  });

  it("after a returning goodbye: reply, and the reply publishes to wait for the resume; nothing to note", () => {
    const { state, request, publish, check } = setup("returning");
    appendFileSync(join(state, "dispositions", "LYRA.jsonl"), `${JSON.stringify({ id: ID(5), state: "acted", cta: "completed", effect: "commit 1a2b3c4d" })}\n`);
    const owed = check();
    expect(owed.out).toContain(`  reply   ${request}`);
    expect(owed.out).toContain("REPLY_OWED");
    expect(owed.out).not.toContain("REQUESTER_RETIRED");
    const answered = publish(reply);
    expect(answered.code, answered.err).toBe(0);
    expect(answered.err).toBe("");
    expect(check().out).not.toContain("REPLY_OWED");
  });
});

describe("rw mailbox check: the archive of closed threads (section 13)", () => {
  const NOW = "20261002T1200Z";
  const publish = (root: string, args: string[]): string => {
    const r = rw(["mailbox", "new", root, "--arena", "DEMO", ...args]);
    expect(r.code, r.err).toBe(0);
    return r.out.trim();
  };
  /**
   * The handshake's thread closed (VEGA's close, LYRA's ack), and live work in a thread of its own:
   * VEGA's request and LYRA's reply, which the handshake's establishment licenses.
   */
  function closedRoom(): { root: string; inbox: string; kickoff: string[]; work: string[] } {
    const a = room();
    return { ...a, ...publishedOnce("closed room", a.root, () => closedThread(a.root)) };
  }
  function closedThread(root: string): { kickoff: string[]; work: string[] } {
    const a = { root };
    const { hello, welcome } = handshake(a.root);
    const close = publish(a.root, ["--from", "VEGA", "--to", "LYRA", "--kind", "close", "--reply-to", ID(4), "--machine", "VEGA-BOX", "--id", ID(5), "--slug", "kickoff-done", "--body", `Closing after [[${welcome.replace(/\.md$/, "")}]]: terms banked.`]);
    const ack = publish(a.root, ["--from", "LYRA", "--to", "VEGA", "--kind", "ack", "--reply-to", ID(5), "--machine", "LYRA-BOX", "--id", ID(6), "--slug", "kickoff-closed", "--no-reply", "--body", `Acknowledged [[${close.replace(/\.md$/, "")}]].`]);
    const request = publish(a.root, ["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(7), "--thread", ID(8), "--request-id", ID(9), "--slug", "ask", "--body", "x"]);
    const reply = publish(a.root, ["--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", ID(7), "--machine", "LYRA-BOX", "--id", "019a2b3c-4d5e-7f60-8011-000000000001", "--slug", "answer", "--no-reply", "--body", `Done: [[${request.replace(/\.md$/, "")}]].`]);
    return { kickoff: [hello, welcome, close, ack], work: [request, reply] };
  }
  const move = (inbox: string, files: readonly string[], folder: string): void => {
    const to = join(inbox, "..", "archive", folder);
    mkdirSync(to, { recursive: true });
    for (const f of files) renameSync(join(inbox, f), join(to, f));
  };
  const check = (root: string, ...more: string[]): { code: number | null; out: string; err: string } => rw(["mailbox", "check", root, "--now", NOW, ...more]);

  it("a closed thread archived is read with the inbox: its handshake still licenses live work, its parents are found, the room stays clean", () => {
    const a = closedRoom();
    const state = mkdtempSync(join(tmp, "state-"));
    mkdirSync(join(state, "dispositions"));
    const done = (id: string, reply: string, request: string) => JSON.stringify({ id, state: "replied", cta: "completed", reply, request_id: request });
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), `${done(ID(1), ID(4), ID(3))}\n${done(ID(5), ID(6), ID(3))}\n${done(ID(7), "019a2b3c-4d5e-7f60-8011-000000000001", ID(9))}\n`);
    const before = check(a.root, "--as", "LYRA", "--state", state);
    expect(before.code, before.out).toBe(0);
    expect(before.out).toContain("reconciliation for LYRA in arena DEMO: CLEAN (work-clean yes, readiness-clean yes)");
    move(a.inbox, a.kickoff, "kickoff");
    const after = check(a.root, "--as", "LYRA", "--state", state);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain("6 valid messages (4 archived), 0 invalid, 0 anomalies");
    expect(after.out).toContain(`  archive/kickoff/${a.kickoff[0]}: 4 messages; handshake established;`);
    expect(after.out).not.toMatch(/PARENT_UNKNOWN|WORK_BEFORE_ESTABLISHED|ARCHIVE_|DISPOSITION_UNKNOWN_MESSAGE|error/);
    expect(after.out).toContain("reconciliation for LYRA in arena DEMO: CLEAN (work-clean yes, readiness-clean yes)");
    // The same counts as before the move: archiving moves files, never obligations.
    const counts = (out: string): string => out.split("\n").find((l) => l.startsWith("  addressed ")) ?? "none";
    expect(counts(after.out)).toBe(counts(before.out));
  });

  it("an open thread archived is ARCHIVE_THREAD_OPEN (exit 1), and its debt is still reconciled", () => {
    const a = closedRoom();
    move(a.inbox, a.work.slice(0, 1), "ask");
    const r = check(a.root, "--as", "LYRA", "--state", mkdtempSync(join(tmp, "state-")));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`  archive/ask/: error ARCHIVE_THREAD_OPEN: thread ${ID(8)} is archived in archive/ask/ but is not closed: it holds no close;`);
    // The request's reply stays in the inbox: the thread is split as well.
    expect(r.out).toContain("error ARCHIVE_THREAD_SPLIT");
    expect(r.out).toContain("reconciliation for LYRA in arena DEMO: FOUND");
  });

  it("a thread partly archived is ARCHIVE_THREAD_SPLIT; two threads in one folder ARCHIVE_FOLDER_MIXED (exit 1)", () => {
    const a = closedRoom();
    move(a.inbox, a.kickoff.slice(0, 3), "kickoff");
    const split = check(a.root);
    expect(split.code).toBe(1);
    expect(split.out).toContain(`  archive/kickoff/: error ARCHIVE_THREAD_SPLIT: thread ${ID(2)} has messages in archive/kickoff/ and inbox/: a closed thread is moved into the archive whole`);
    expect(split.out).not.toContain("ARCHIVE_THREAD_OPEN");
    const b = closedRoom();
    move(b.inbox, [...b.kickoff, ...b.work], "everything");
    const mixed = check(b.root);
    expect(mixed.code).toBe(1);
    expect(mixed.out).toContain(`  archive/everything/: error ARCHIVE_FOLDER_MIXED: archive/everything/ holds 2 threads (${ID(2)}, ${ID(8)}): an archive folder is one thread's`);
    expect(mixed.out).toContain(`error ARCHIVE_THREAD_OPEN: thread ${ID(8)}`);
  });

  it("a symbolic link is never followed: archive/ itself, a folder in it, or a message file in a folder (exit 1, no crash)", () => {
    const a = closedRoom();
    const elsewhere = mkdtempSync(join(tmp, "elsewhere-"));
    move(a.inbox, a.kickoff, "kickoff");
    renameSync(join(a.root, "archive", "kickoff"), join(elsewhere, "kickoff"));
    symlinkSync(join(elsewhere, "kickoff"), join(a.root, "archive", "kickoff"));
    const folder = check(a.root);
    expect(folder.code).toBe(1);
    expect(folder.out).toContain("  archive/kickoff: error ARCHIVE_NOT_A_FOLDER: archive/kickoff: a symbolic link (or junction): never followed, nothing read through it");
    expect(folder.out).toContain("2 valid messages, 1 invalid");
    rmSync(join(a.root, "archive"), { recursive: true });
    symlinkSync(elsewhere, join(a.root, "archive"));
    const whole = check(a.root);
    expect(whole.code).toBe(1);
    expect(whole.out).toContain("  archive: error ARCHIVE_NOT_A_FOLDER: archive: a symbolic link (or junction): never followed");
    rmSync(join(a.root, "archive"));
    mkdirSync(join(a.root, "archive", "kickoff"), { recursive: true });
    for (const f of a.kickoff.slice(1)) renameSync(join(elsewhere, "kickoff", f), join(a.root, "archive", "kickoff", f));
    symlinkSync(join(elsewhere, "kickoff", a.kickoff[0] as string), join(a.root, "archive", "kickoff", a.kickoff[0] as string));
    const file = check(a.root);
    expect(file.code).toBe(1);
    expect(file.out).toContain(`  archive/kickoff/${a.kickoff[0]}: error NOT_A_FILE: a symbolic link in archive/kickoff/: never followed, never consumed`);
    expect(file.out).toContain("1 anomalies");
  });

  it("an archive/ that is a file, or a file directly in archive/, is ARCHIVE_NOT_A_FOLDER; a folder two levels down is not read", () => {
    const a = closedRoom();
    writeFileSync(join(a.root, "archive"), "not a folder");
    const file = check(a.root);
    expect(file.code).toBe(1);
    expect(file.out).toContain("  archive: error ARCHIVE_NOT_A_FOLDER: archive: not a folder: archive/ holds one folder per closed thread");
    expect(file.out).toContain("6 valid messages, 1 invalid, 0 anomalies");
    rmSync(join(a.root, "archive"));
    move(a.inbox, a.kickoff, "kickoff");
    writeFileSync(join(a.root, "archive", "notes.md"), "# rollup\n");
    const nested = join(a.root, "archive", "kickoff", "deeper");
    mkdirSync(nested);
    renameSync(join(a.inbox, a.work[0] as string), join(nested, a.work[0] as string));
    writeFileSync(join(a.root, "archive", ".sync-state"), "provider mechanics");
    const r = check(a.root);
    expect(r.code).toBe(1);
    expect(r.out).toContain("  archive/notes.md: error ARCHIVE_NOT_A_FOLDER: archive/notes.md: not a folder");
    expect(r.out).toContain("5 valid messages (4 archived), 1 invalid, 0 anomalies");
    // The archive was read: the parent is not archived, and the finding does not say it may be.
    expect(r.out).toContain(`PARENT_UNKNOWN: reply_to ${ID(7)} is not in this mailbox (not yet synced, or wrong; its archive was read too)`);
    expect(r.out).not.toContain(".sync-state");
  });

  it("--json: archived files are named with their folder, in the same shape as the inbox's", () => {
    const a = closedRoom();
    const keys = (out: string): string[] => Object.keys(JSON.parse(out) as object).sort();
    const before = check(a.root, "--json");
    move(a.inbox, a.kickoff, "kickoff");
    const after = check(a.root, "--json");
    expect(after.code).toBe(0);
    expect(keys(after.out)).toStrictEqual(keys(before.out));
    const json = JSON.parse(after.out) as { files: { file: string; ok: boolean; id: string }[]; analysis: { threads: object[] } };
    expect(json.files.map((f) => f.file).sort()).toStrictEqual([...a.kickoff.map((f) => `archive/kickoff/${f}`), ...a.work].sort());
    expect(Object.keys(json.files[0] as object).sort()).toStrictEqual(Object.keys((JSON.parse(before.out) as { files: object[] }).files[0] as object).sort());
    expect(json.analysis.threads).toStrictEqual((JSON.parse(before.out) as { analysis: { threads: object[] } }).analysis.threads);
  });

  it("rw mailbox new judges against the archive too: a handshake there still licenses work, and an archived thread is never added to", () => {
    const a = closedRoom();
    move(a.inbox, a.kickoff, "kickoff");
    const ask = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", "019a2b3c-4d5e-7f60-8012-000000000002", "--slug", "more", "--body", "again"]);
    expect(ask.code, ask.err).toBe(0);
    const answer = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", "019a2b3c-4d5e-7f60-8012-000000000002", "--machine", "LYRA-BOX", "--id", "019a2b3c-4d5e-7f60-8013-000000000003", "--slug", "more-done", "--no-reply", "--body", "done", "--json"]);
    expect(answer.code, answer.out).toBe(0);
    const before = readdirSync(a.inbox).length;
    const reopen = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", ID(6), "--machine", "VEGA-BOX", "--slug", "reopen", "--body", "one more thing", "--json"]);
    expect(reopen.code).toBe(1);
    const findings = (JSON.parse(reopen.out) as { findings: { code: string; slot?: string; message: string }[] }).findings;
    expect(findings.map((f) => [f.code, f.slot])).toStrictEqual([["ARCHIVE_THREAD_SPLIT", "thread"]]);
    expect(findings[0]?.message).toBe(`thread ${ID(2)} is archived in archive/kickoff/, closed and moved whole: a message is never added to it (start a new thread)`);
    expect(readdirSync(a.inbox).length).toBe(before);
    // A UUID taken in the archive is taken, and the refusal says where; a parent is looked for there too.
    const taken = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "VEGA", "--to", "LYRA", "--kind", "request", "--machine", "VEGA-BOX", "--id", ID(6), "--slug", "taken", "--body", "again"]);
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(new RegExp(`DUPLICATE_ID: the mailbox already holds a message with the UUID ${ID(6)} \\(archive/kickoff/[^)]+\\.md\\)`));
    const unknown = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "VEGA", "--to", "LYRA", "--kind", "reply", "--reply-to", "019a2b3c-4d5e-7f60-8012-0000000000ff", "--machine", "VEGA-BOX", "--slug", "lost", "--body", "x"]);
    expect(unknown.err).toContain("no valid message in the inbox or its archive has this UUID");
    expect(readdirSync(a.inbox).length).toBe(before);
    expect(check(a.root).code).toBe(0);
  });

  it("rw mailbox new: a resume citing an archived message opens a thread of its own, a true root (section 9), not the archived one", () => {
    const a = closedRoom();
    move(a.inbox, a.kickoff, "kickoff");
    const resume = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "LYRA", "--to", "VEGA", "--kind", "resume", "--reply-to", ID(6), "--machine", "LYRA-BOX", "--slug", "back", "--body", "Resuming LYRA.", "--json"]);
    expect(resume.code, resume.out).toBe(0);
    const published = JSON.parse(resume.out) as { thread: string; file: string };
    expect(published.thread).not.toBe(ID(2));
    expect(readFileSync(join(a.inbox, published.file), "utf8")).toContain(`reply_to: ${ID(6)}`);
    expect(check(a.root).out).not.toContain("ARCHIVE_");
    // A --thread given is written as given: into the archived thread, refused as it always was.
    const into = rw(["mailbox", "new", a.root, "--arena", "DEMO", "--from", "LYRA", "--to", "VEGA", "--kind", "resume", "--reply-to", ID(6), "--thread", ID(2), "--machine", "LYRA-BOX", "--slug", "back-in", "--body", "x", "--json"]);
    expect(into.code).toBe(1);
    expect(into.out).toContain("ARCHIVE_THREAD_SPLIT");
  });

  it("the dotted layout keeps its archive beside its inbox, in .agent-mailbox/", () => {
    const a = room("dotted");
    handshake(a.root);
    const files = readdirSync(a.inbox);
    move(a.inbox, files, "kickoff");
    expect(existsSync(join(a.root, ".agent-mailbox", "archive", "kickoff"))).toBe(true);
    const r = check(a.root);
    expect(r.out).toContain("2 valid messages (2 archived)");
    expect(r.out).toContain("ARCHIVE_THREAD_OPEN");
  });
});

describe("rw mailbox check --as: a requester's cancel (sections 3, 5)", () => {
  it("a request its sender withdrew is withdrawn and owes no reply; a cancel of a propose withdraws nothing", () => {
    const a = room();
    handshake(a.root);
    const vega = ["--from", "VEGA", "--to", "LYRA", "--arena", "DEMO", "--machine", "VEGA-BOX"];
    const publish = (args: string[]): string => {
      const r = rw(["mailbox", "new", a.root, ...vega, ...args]);
      expect(r.code, r.err).toBe(0);
      return r.out.trim();
    };
    const ask = publish(["--kind", "request", "--id", ID(5), "--slug", "ask", "--body", "x"]);
    const withdraw = publish(["--kind", "cancel", "--reply-to", ID(5), "--id", ID(6), "--slug", "withdraw", "--no-reply"]);
    const idea = publish(["--kind", "propose", "--id", ID(7), "--slug", "idea", "--body", "y"]);
    const unpropose = publish(["--kind", "cancel", "--reply-to", ID(7), "--id", ID(8), "--slug", "unpropose", "--no-reply"]);
    const state = mkdtempSync(join(tmp, "state-"));
    const r = rw(["mailbox", "check", a.root, "--as", "LYRA", "--state", state, "--now", "20261002T1200Z"]);
    expect(r.out).toContain(`  withdrawn ${ask}\n`);
    expect(r.out).not.toContain(`handle  ${ask}`);
    expect(r.out).toContain(`${ask}: note REQUEST_WITHDRAWN: VEGA withdrew this request with cancel ${withdraw} (its reply_to and request_id): no reply is owed`);
    // The actions are one column, as wide as the widest shown: the ids line up under withdrawn.
    expect(r.out).toContain(`  handle    ${idea}\n`);
    expect(r.out).toContain(`${idea}: note CANCEL_NOT_WITHDRAWAL: cancel ${unpropose} cites this propose but withdraws nothing: it cites a propose, and a cancel withdraws a request or claim`);
    // Only the propose is still owed a reply: in the summary and in the reconciliation.
    expect(r.out).toMatch(/LYRA {2}sent 1, addressed 5, owes 1 reply; active\n/);
    expect(r.out).toContain("open replies 1;");
  });
});

describe("rw mailbox check says a body RW1 line's notes, as POST /v1/mailbox/preflight and the playground show them", () => {
  it("a key no vocabulary knows, in a valid message's RW1 line, is a note of that file (it was dropped: only the line's errors were said)", () => {
    const root = join(base(tmp), "demo");
    cpSync(join(ROOT, "test", "conformance", "mailbox", "rooms", "demo"), root, { recursive: true });
    appendFileSync(join(root, "inbox", "2026-10-01-09-20-00-VEGA-request-legal-footer.md"), "\nRW1 HO vega-9 from=vega to=lyra item=x ask=DRAFT amnt=5400.00\n");
    const r = rw(["mailbox", "check", root]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("  2026-10-01-09-20-00-VEGA-request-legal-footer.md: note BODY_RW1_NOTED (line 25): the RW1 line has notes: SLOT_UNKNOWN amnt= is not in the vocabulary; ignored\n");
    const json = JSON.parse(rw(["mailbox", "check", root, "--json"]).out) as { files: { file: string; findings: { code: string; causes?: { code: string; slot?: string }[] }[] }[] };
    const noted = json.files.flatMap((f) => f.findings).filter((f) => f.code === "BODY_RW1_NOTED");
    expect(noted.map((f) => f.causes?.map((c) => `${c.code}:${c.slot}`))).toStrictEqual([["SLOT_UNKNOWN:amnt"]]);
  });
});
