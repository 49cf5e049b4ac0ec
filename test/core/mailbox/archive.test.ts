// Section 13's closure ("Close with `close` plus peer acknowledgement") and its archive ("only the
// primer writer may move a closed thread into `archive/<thread-slug>/` ... Never archive an open
// thread"): threadClosures, and analyzeMailbox and reconcile over messages marked archived.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const RB = "2b4c".repeat(16);
const lyra = { machine: "LYRA-BOX", root: RB };
const orion = { machine: "ORION-BOX", root: "3c5d".repeat(16) };

/** VEGA and LYRA established (thread @h); VEGA asks in thread @r, LYRA answers. */
const handshake = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
const work = [
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } },
  { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } },
];
const close = { id: "c", set: { kind: "close", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "@y", request_id: "@c" } };
const ack = { id: "a", set: { kind: "ack", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@c", request_id: "@c", expects_reply: false, ...lyra } };

type Specs = Parameters<typeof readCase>[1];

function read(specs: Specs): { symbols: Symbols; entries: mailbox.MailboxEntry[] } {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  return { symbols, entries };
}

/** The entries with those of the given threads marked as read from archive folder `folder`. */
function archive(entries: readonly mailbox.MailboxEntry[], symbols: Symbols, threads: Record<string, string>): mailbox.MailboxEntry[] {
  const folderOf = new Map(Object.entries(threads).map(([symbol, folder]) => [symbols.uuid(symbol), folder]));
  return entries.map((e) => (folderOf.has(e.envelope.thread) ? { ...e, archive: folderOf.get(e.envelope.thread) as string } : e));
}

const codes = (analysis: mailbox.MailboxAnalysis): string[] => analysis.findings.map((f) => f.code);
const ARCHIVE_CODES = ["ARCHIVE_THREAD_OPEN", "ARCHIVE_THREAD_SPLIT", "ARCHIVE_FOLDER_MIXED"];

describe("threadClosures: a close a peer acknowledges, and nothing after it", () => {
  const closureOf = (specs: Specs, thread = "r"): mailbox.ThreadClosure => {
    const { symbols, entries } = read(specs);
    const analysis = mailbox.analyzeMailbox(entries);
    return mailbox.threadClosures(mailbox.byUuid(entries), analysis.quarantine).get(symbols.uuid(thread)) as mailbox.ThreadClosure;
  };

  it("is closed by a close and its addressee's ack whose reply_to is the close", () => {
    const c = closureOf([...handshake, ...work, close, ack]);
    expect([c.closed, c.reason]).toStrictEqual([true, null]);
  });

  it("is never closed by silence: no close, or a close nobody acknowledged", () => {
    expect(closureOf([...handshake, ...work])).toMatchObject({ closed: false, close: null, reason: "it holds no close" });
    expect(closureOf([...handshake, ...work, close])).toMatchObject({ closed: false, ack: null, reason: expect.stringContaining("has acknowledged it") });
  });

  it("the closer's own ack, or an ack of another message, is no peer acknowledgement", () => {
    const self = { id: "s", set: { kind: "ack", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "@c", request_id: "@c", expects_reply: false } };
    expect(closureOf([...handshake, ...work, close, self]).closed).toBe(false);
    const other = { ...ack, set: { ...ack.set, reply_to: "@y", request_id: "@r" } };
    expect(closureOf([...handshake, ...work, close, other]).closed).toBe(false);
  });

  it("a message after the close, other than its acknowledgements, leaves the thread open", () => {
    const more = { id: "m", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "@a", request_id: "@m" } };
    expect(closureOf([...handshake, ...work, close, ack, more])).toMatchObject({ closed: false, reason: expect.stringContaining("follows its close") });
  });

  it("a close to ALL is acknowledged by any other participant of its arena", () => {
    const group = [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
      { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
      ...work,
      { ...close, set: { ...close.set, to: ["ALL"] } },
      { ...ack, set: { ...ack.set, from: "ORION", ...orion } },
    ];
    expect(closureOf(group).closed).toBe(true);
  });
});

describe("analyzeMailbox over archived messages", () => {
  it("a closed thread archived: no archive finding, and the analysis is the one the inbox gave", () => {
    const { symbols, entries } = read([...handshake, ...work, close, ack]);
    const inbox = mailbox.analyzeMailbox(entries);
    const moved = archive(entries, symbols, { r: "ask" });
    const archived = mailbox.analyzeMailbox(moved);
    expect(mailbox.threadClosures(mailbox.byUuid(moved), archived.quarantine).get(symbols.uuid("r"))).toStrictEqual({ closed: true, close: symbols.uuid("c"), ack: symbols.uuid("a"), reason: null });
    expect(codes(archived).filter((c) => ARCHIVE_CODES.includes(c))).toStrictEqual([]);
    expect(archived).toStrictEqual(inbox);
  });

  it("the handshake's thread, closed and archived, still establishes the pair: live work is not WORK_BEFORE_ESTABLISHED, no parent unknown", () => {
    const closeHs = { id: "x", set: { kind: "close", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@x" } };
    const ackHs = { id: "k", set: { kind: "ack", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@x", request_id: "@x", expects_reply: false, ...lyra } };
    const { symbols, entries } = read([...handshake, closeHs, ackHs, ...work]);
    const moved = archive(entries, symbols, { h: "kickoff" });
    const analysis = mailbox.analyzeMailbox(moved);
    expect(mailbox.threadClosures(mailbox.byUuid(moved), analysis.quarantine).get(symbols.uuid("h"))?.closed).toBe(true);
    expect(analysis.findings.filter((f) => f.severity !== "note")).toStrictEqual([]);
  });

  it("an open thread archived: ARCHIVE_THREAD_OPEN, an error about the folder that quarantines nothing", () => {
    const { symbols, entries } = read([...handshake, ...work, close]);
    const inbox = mailbox.analyzeMailbox(entries);
    const archived = mailbox.analyzeMailbox(archive(entries, symbols, { r: "ask" }));
    const open = archived.findings.filter((f) => f.code === "ARCHIVE_THREAD_OPEN");
    expect(open.map((f) => [f.severity, f.id, f.file])).toStrictEqual([["error", undefined, "archive/ask/"]]);
    expect(open[0]?.message).toContain(`thread ${symbols.uuid("r")} is archived in archive/ask/ but is not closed: no peer the close ${symbols.uuid("c")} addresses has acknowledged it`);
    expect(archived.quarantine).toStrictEqual(inbox.quarantine);
    expect(mailbox.hasMailboxError(archived.findings)).toBe(true);
  });

  it("an open thread copied into the archive rather than moved is ARCHIVE_THREAD_OPEN too, whichever copy is read first", () => {
    // The CLI reads the inbox before the archive, so each UUID's first file is the inbox's: the
    // archive's copy is archived all the same (found by the reconciliation differential).
    const { symbols, entries } = read([...handshake, ...work, close]);
    const copies = archive(entries, symbols, { r: "ask" }).filter((e) => e.archive !== undefined);
    for (const read of [[...entries, ...copies], [...copies, ...entries]]) {
      const found = mailbox.analyzeMailbox(read).findings.filter((f) => f.code.startsWith("ARCHIVE_"));
      expect(found.map((f) => [f.code, f.file]).sort()).toStrictEqual([["ARCHIVE_THREAD_OPEN", "archive/ask/"], ["ARCHIVE_THREAD_SPLIT", "archive/ask/"]]);
    }
    // A thread whose only archived message names two messages (DUPLICATE_ID) holds no close that speaks.
    const request = copies.find((e) => e.envelope.id === symbols.uuid("r")) as mailbox.MailboxEntry;
    const { archive: _folder, ...inInbox } = request;
    const other = { ...request, body: `${request.body ?? ""}\nWritten again.` };
    const twice = mailbox.analyzeMailbox([...entries.filter((e) => e.envelope.thread !== symbols.uuid("r")), inInbox, other]);
    expect(twice.quarantine.get(symbols.uuid("r"))).toContain("DUPLICATE_ID");
    expect(twice.findings.filter((f) => f.code === "ARCHIVE_THREAD_OPEN").map((f) => [f.file, f.message])).toStrictEqual([["archive/ask/", expect.stringContaining("it holds no close that speaks for its sender")]]);
  });

  it("a thread in the inbox and the archive, or in two archive folders, is ARCHIVE_THREAD_SPLIT", () => {
    const { symbols, entries } = read([...handshake, ...work, close, ack]);
    const part = entries.map((e) => (e.envelope.id === symbols.uuid("a") || e.envelope.id === symbols.uuid("c") ? { ...e, archive: "ask" } : e));
    const split = mailbox.analyzeMailbox(part).findings.filter((f) => f.code === "ARCHIVE_THREAD_SPLIT");
    expect(split.map((f) => [f.severity, f.id, f.file])).toStrictEqual([["error", undefined, "archive/ask/"]]);
    expect(split[0]?.message).toContain(`thread ${symbols.uuid("r")} has messages in archive/ask/ and inbox/`);
    const two = archive(entries, symbols, { r: "ask" }).map((e) => (e.envelope.id === symbols.uuid("a") ? { ...e, archive: "ask-2" } : e));
    expect(mailbox.analyzeMailbox(two).findings.filter((f) => f.code === "ARCHIVE_THREAD_SPLIT").map((f) => f.message)).toStrictEqual([expect.stringContaining("archive/ask-2/ and archive/ask/")]);
    // A copy in the archive of a message still in the inbox splits it too (one delivery, two places).
    const copied = [...entries, { ...(entries.find((e) => e.envelope.id === symbols.uuid("c")) as mailbox.MailboxEntry), archive: "ask" }];
    expect(codes(mailbox.analyzeMailbox(copied))).toContain("ARCHIVE_THREAD_SPLIT");
  });

  it("one archive folder holding two threads is ARCHIVE_FOLDER_MIXED", () => {
    const closeHs = { id: "x", set: { kind: "close", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@x" } };
    const ackHs = { id: "k", set: { kind: "ack", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@x", request_id: "@x", expects_reply: false, ...lyra } };
    const { symbols, entries } = read([...handshake, closeHs, ackHs, ...work, close, ack]);
    const analysis = mailbox.analyzeMailbox(archive(entries, symbols, { h: "all", r: "all" }));
    const mixed = analysis.findings.filter((f) => f.code === "ARCHIVE_FOLDER_MIXED");
    expect(mixed.map((f) => [f.severity, f.id, f.file])).toStrictEqual([["error", undefined, "archive/all/"]]);
    expect(mixed[0]?.message).toContain("holds 2 threads");
    expect(codes(analysis)).not.toContain("ARCHIVE_THREAD_OPEN");
  });

  it("a close or ack the rules quarantine closes nothing: the archived thread is open", () => {
    // LYRA's ack from another machine and root: ROOT_MISMATCH, it does not speak for LYRA.
    const { symbols, entries } = read([...handshake, ...work, close, { ...ack, set: { ...ack.set, machine: "LYRA-BOX", root: "9e9e".repeat(16) } }]);
    const analysis = mailbox.analyzeMailbox(archive(entries, symbols, { r: "ask" }));
    expect(codes(analysis)).toContain("ROOT_MISMATCH");
    expect(codes(analysis)).toContain("ARCHIVE_THREAD_OPEN");
  });
});

describe("reconcile over archived messages: archiving moves files, never obligations", () => {
  const report = (entries: readonly mailbox.MailboxEntry[], dispositions: unknown[] = []): mailbox.ReconcileReport => mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions, now: Date.UTC(2026, 9, 2) });
  const replied = (symbols: Symbols): unknown[] => [
    { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w"), at: "2026-10-01T09:00:00Z" },
    { id: symbols.uuid("r"), state: "replied", cta: "completed", reply: symbols.uuid("y"), at: "2026-10-01T09:00:00Z" },
    { id: symbols.uuid("c"), state: "replied", cta: "completed", reply: symbols.uuid("a"), at: "2026-10-01T09:00:00Z" },
  ];

  it("a clean room stays clean, and a dirty one stays dirty, with the same counts", () => {
    const { symbols, entries } = read([...handshake, ...work, close, ack]);
    const moved = archive(entries, symbols, { r: "ask" });
    const closure = mailbox.threadClosures(mailbox.byUuid(moved), mailbox.analyzeMailbox(moved).quarantine);
    expect(closure.get(symbols.uuid("r"))?.closed).toBe(true);
    const clean = report(entries, replied(symbols));
    expect(clean.status).toBe("CLEAN");
    expect(report(moved, replied(symbols))).toStrictEqual(clean);
    // Nothing dispositioned: undispositioned in the inbox, and as undispositioned once archived.
    const dirty = report(entries);
    expect(dirty.status).toBe("FOUND");
    expect(report(moved)).toStrictEqual(dirty);
  });

  it("an archived open thread keeps its debt: the reply it still owes is owed", () => {
    const { symbols, entries } = read([...handshake, work[0] as Specs[number]]);
    const moved = archive(entries, symbols, { r: "ask" });
    const r = report(moved, replied(symbols).slice(0, 1));
    expect(r.status).toBe("FOUND");
    expect(r.items.filter((i) => i.action === "handle").map((i) => i.id)).toStrictEqual([symbols.uuid("r")]);
    expect(codes(mailbox.analyzeMailbox(moved))).toContain("ARCHIVE_THREAD_OPEN");
  });
});

describe("archiveBlocksMessage: a message is never added to an archived thread", () => {
  it("refuses one whose thread the archive holds, naming the folder, and nothing else", () => {
    const { symbols, entries } = read([...handshake, ...work, close, ack]);
    const moved = archive(entries, symbols, { r: "ask" });
    const finding = mailbox.archiveBlocksMessage(moved, { thread: symbols.uuid("r") });
    expect(finding).toMatchObject({ code: "ARCHIVE_THREAD_SPLIT", severity: "error", slot: "thread" });
    expect(finding?.message).toContain(`thread ${symbols.uuid("r")} is archived in archive/ask/`);
    // The live handshake thread, a new thread, and the same thread before it was archived are not.
    expect(mailbox.archiveBlocksMessage(moved, { thread: symbols.uuid("h") })).toBeNull();
    expect(mailbox.archiveBlocksMessage(moved, { thread: mailbox.newUuid7() })).toBeNull();
    expect(mailbox.archiveBlocksMessage(entries, { thread: symbols.uuid("r") })).toBeNull();
  });
});

describe("archiveRead: where the caller read the archive, a UUID it does not hold is not archived", () => {
  const orphan = { id: "o", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@gone", request_id: "@r", expects_reply: false, ...lyra } };
  const welcome = { id: "w2", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h2", reply_to: "@gone2", request_id: "@h2", terms: "accept", expects_reply: false, ...orion } };

  it("PARENT_UNKNOWN and WELCOME_PARENT_UNKNOWN name archiving as a reason only where the archive was not read", () => {
    const { entries } = read([...handshake, work[0] as Specs[number], orphan, welcome]);
    const message = (analysis: mailbox.MailboxAnalysis, code: string): string => analysis.findings.find((f) => f.code === code)?.message ?? "";
    const unread = mailbox.analyzeMailbox(entries);
    const readToo = mailbox.analyzeMailbox(entries, { archiveRead: true });
    expect(message(unread, "PARENT_UNKNOWN")).toContain("(not yet synced, archived, or wrong)");
    expect(message(readToo, "PARENT_UNKNOWN")).toContain("(not yet synced, or wrong; its archive was read too)");
    expect(message(unread, "WELCOME_PARENT_UNKNOWN")).toContain("(not yet synced, archived, wrong, or a UUID whose files differ)");
    expect(message(readToo, "WELCOME_PARENT_UNKNOWN")).toContain("(not yet synced, wrong, or a UUID whose files differ)");
    // Only the wording differs: the same codes on the same messages.
    const shape = (a: mailbox.MailboxAnalysis): unknown[] => a.findings.map((f) => [f.code, f.id]);
    expect(shape(readToo)).toStrictEqual(shape(unread));
  });

  it("DISPOSITION_UNKNOWN_MESSAGE likewise", () => {
    const { entries } = read([...handshake]);
    const dispositions = [{ id: mailbox.newUuid7(), state: "replied", cta: "completed", reply: mailbox.newUuid7(), at: "2026-10-01T09:00:00Z" }];
    const message = (archiveRead?: boolean): string => mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions, now: Date.UTC(2026, 9, 2), ...(archiveRead === undefined ? {} : { archiveRead }) }).findings.find((f) => f.code === "DISPOSITION_UNKNOWN_MESSAGE")?.message ?? "";
    expect(message()).toContain("(archived, or not yet synced)");
    expect(message(true)).toContain("(not yet synced, or deleted; its archive was read too)");
  });
});
