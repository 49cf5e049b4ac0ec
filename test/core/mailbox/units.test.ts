// Unit and property tests of core/mailbox beyond the conformance vectors: round trips, hostile
// input, the code table, and the crash-recovery loop closed end to end.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { FINDING_CODES } from "../../../core/index.js";
import * as mailbox from "../../../core/mailbox/index.js";
import { RETIREMENT_ROUNDS } from "../../../core/mailbox/analyze-mailbox.js";
import { pairBudget } from "../../../core/mailbox/right-to-work.js";
import { buildMessage, readCase, Symbols } from "../../conformance/mailbox-suite.js";

describe("the code table", () => {
  it("shares no code with the core's FINDING_CODES, so a code names one rule", () => {
    for (const code of Object.keys(mailbox.MAILBOX_CODES)) expect(Object.hasOwn(FINDING_CODES, code), code).toBe(false);
  });
  it("gives every finding the severity of its code", () => {
    expect(mailbox.mailboxFinding("REPLY_OWED", "x").severity).toBe("error");
    expect(mailbox.mailboxFinding("SEQ_GAP", "x").severity).toBe("note");
  });
});

describe("UUIDv7", () => {
  it("generates canonical v7s carrying their time, in order", () => {
    const a = mailbox.newUuid7();
    const b = mailbox.newUuid7();
    expect(mailbox.isUuid7(a) && mailbox.isUuid7(b)).toBe(true);
    expect(a < b).toBe(true);
    expect(Math.abs(mailbox.uuid7Time(a) - Date.now())).toBeLessThan(60_000);
  });
  it("round-trips any 48-bit timestamp", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), (msecs, random) => {
      const id = mailbox.newUuid7({ msecs, random });
      return mailbox.isUuid7(id) && mailbox.uuid7Time(id) === msecs;
    }));
  });
  it("refuses misuse with a RangeError", () => {
    expect(() => mailbox.newUuid7({ msecs: -1 })).toThrow(RangeError);
    expect(() => mailbox.uuid7Time("nope")).toThrow(RangeError);
  });
});

describe("filenames", () => {
  const callsign = fc.stringMatching(/^[A-Z](?:[A-Z0-9-]{0,10}[A-Z0-9])?$/).filter((c) => mailbox.isCallsign(c));
  const slug = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,3}$/);
  it("parse(format(x)) is x, with and without milliseconds", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }), callsign, fc.constantFrom(...mailbox.KIND_NAMES), slug, fc.boolean(), (t, c, kind, s, millis) => {
      const time = millis ? t : t - (t % 1000);
      const parsed = mailbox.parseFilename(mailbox.formatFilename({ time, callsign: c, kind, slug: s, millis }));
      expect(parsed).toStrictEqual({ time, millis, callsign: c, kind, slug: s });
    }));
  });
  it("slugify makes a slug of any text", () => {
    fc.assert(fc.property(fc.string(), (text) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(mailbox.slugify(text)) && mailbox.slugify(text).length <= 64));
  });
  it("a name the grammar gives is never a conflict copy, whatever its callsign and slug say (conflict, sync-conflict, a stamp, a number)", () => {
    const word = fc.oneof(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom("conflict", "conflicted", "copy", "sync", "1", "2", "20261001", "090000"));
    const conflictSlug = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join("-"));
    const conflictCallsign = fc.oneof(callsign, fc.constantFrom("CONFLICT", "SYNC-CONFLICT", "COPY-1"));
    fc.assert(fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }), conflictCallsign, fc.constantFrom(...mailbox.KIND_NAMES), conflictSlug, fc.boolean(), (time, c, kind, s, millis) => {
      const name = mailbox.formatFilename({ time, callsign: c, kind, slug: s, millis });
      expect(mailbox.parseFilename(name)).not.toBeNull();
      expect(mailbox.isConflictCopy(name), name).toBe(false);
    }));
  });
  it("formatFilename refuses parts the grammar cannot carry", () => {
    expect(() => mailbox.formatFilename({ time: 0, callsign: "vega", kind: "hello", slug: "x" })).toThrow(RangeError);
    expect(() => mailbox.formatFilename({ time: 0, callsign: "VEGA", kind: "ping", slug: "x" })).toThrow(RangeError);
    expect(() => mailbox.formatFilename({ time: 0, callsign: "VEGA", kind: "hello", slug: "Bad Slug" })).toThrow(RangeError);
  });
});

describe("filenames: what the adapters ask the core (section 4)", () => {
  const envelope = (from: string, kind: string) => ({ from, kind }) as mailbox.MailboxEnvelope;
  it("isSlug is the grammar's slug: hyphen-joined lowercase words and digits, at most 64 characters", () => {
    expect(["a", "hero-v1", "x".repeat(64)].map(mailbox.isSlug)).toStrictEqual([true, true, true]);
    expect(["", "Hero", "a--b", "-a", "a-", "a b", "x".repeat(65)].map(mailbox.isSlug)).toStrictEqual([false, false, false, false, false, false, false]);
  });
  it("misnamedMessage: a name that looks like a message's but is not *.md says why; a *.md name or an unrelated one is null", () => {
    const why = (name: string): string | null => mailbox.misnamedMessage(name);
    expect(why("x.MD")).toBe('its extension is ".MD", not ".md"');
    expect(why("x.Md")).toBe('its extension is ".Md", not ".md"');
    expect(why("2026-10-01-09-00-00-VEGA-hello-kickoff.md.tmp")).toContain('".tmp" follows its ".md"');
    expect(why("x.md.part")).toContain('".part" follows its ".md"');
    expect(why("x.MD~")).toContain('"~" follows its ".md"');
    expect(why("2026-10-01-09-00-00-VEGA-hello-kickoff.txt")).toContain("named by the message filename grammar");
    expect(why("2026-10-01-09-00-00-VEGA-hello-kickoff")).toContain("named by the message filename grammar");
    expect(["x.md", "2026-10-01-09-00-00-VEGA-hello-kickoff.md", "notes.txt", "drafts", "x.mdx", "readme.markdown", "md"].map(why)).toStrictEqual([null, null, null, null, null, null, null]);
  });
  it("filenameFindings: a name outside the grammar is a note, whatever the envelope", () => {
    expect(mailbox.filenameFindings("hello.md", envelope("VEGA", "hello")).map((f) => [f.code, f.severity, f.file])).toStrictEqual([["FILENAME_GRAMMAR", "note", "hello.md"]]);
    expect(mailbox.filenameFindings("hello.md", null).map((f) => f.code)).toStrictEqual(["FILENAME_GRAMMAR"]);
  });
  it("filenameFindings: a name naming another sender or kind than its envelope is a note; the envelope decides", () => {
    const file = "2026-10-01-09-00-00-VEGA-hello-kickoff.md";
    expect(mailbox.filenameFindings(file, envelope("VEGA", "hello"))).toStrictEqual([]);
    expect(mailbox.filenameFindings(file, null)).toStrictEqual([]);
    expect(mailbox.filenameFindings(file, envelope("LYRA", "hello")).map((f) => [f.code, f.severity, f.message])).toStrictEqual([["FILENAME_MISMATCH", "note", "the name says VEGA hello, the envelope LYRA hello (the envelope decides)"]]);
    expect(mailbox.filenameFindings(file, envelope("VEGA", "welcome")).map((f) => f.code)).toStrictEqual(["FILENAME_MISMATCH"]);
  });
  it("messageFilename: seconds, or milliseconds when the sender has a same-kind message that second", () => {
    const time = Date.UTC(2026, 9, 1, 9, 0, 0, 123);
    const parts = { time, callsign: "VEGA", kind: "request", slug: "draft" };
    const seconds = "2026-10-01-09-00-00-VEGA-request-draft.md";
    const millis = "2026-10-01-09-00-00-123-VEGA-request-draft.md";
    expect(mailbox.messageFilename([], parts)).toStrictEqual({ file: seconds, millis });
    // Another sender, another kind, another second: the seconds name still reads unambiguously.
    expect(mailbox.messageFilename(["2026-10-01-09-00-00-LYRA-request-x.md", "2026-10-01-09-00-00-VEGA-reply-x.md", "2026-10-01-09-00-01-VEGA-request-x.md", "notes.md"], parts).file).toBe(seconds);
    // The same sender's same kind that second, with or without milliseconds and whatever its slug.
    expect(mailbox.messageFilename(["2026-10-01-09-00-00-VEGA-request-other.md"], parts).file).toBe(millis);
    expect(mailbox.messageFilename(["2026-10-01-09-00-00-999-VEGA-request-other.md"], parts).file).toBe(millis);
    expect(() => mailbox.messageFilename([], { ...parts, slug: "Bad Slug" })).toThrow(RangeError);
  });
});

describe("publicationFindings and rootBindingDrift: what the mailbox says against a message before it is published", () => {
  const ROOT = "a".repeat(64);
  const PARENT = "01a0f6b1-2680-7212-98ac-c13a3f44494e";
  const ID = "01a0f6b2-10e3-7545-a579-8c6d72777c81";
  const THREAD = "01a0f6b1-2681-7323-9cf1-064b50555a5f";
  const envelope = (over: Partial<mailbox.MailboxEnvelope> = {}) => ({ id: ID, thread: THREAD, reply_to: PARENT, root: ROOT, ...over }) as mailbox.MailboxEnvelope;
  const parent = { envelope: { id: PARENT, thread: THREAD } as mailbox.MailboxEnvelope, file: "p.md" };
  const codes = (fs: readonly mailbox.MailboxFinding[]) => fs.map((f) => [f.code, f.slot]);
  it("finds nothing against a reply to a message the mailbox holds, with a fresh UUID, under this root", () => {
    expect(mailbox.publicationFindings({ files: [{ file: "p.md", ok: true, id: PARENT }], entries: [parent] }, envelope(), ROOT)).toStrictEqual([]);
    expect(mailbox.publicationFindings({ files: [], entries: [] }, envelope({ reply_to: null }), ROOT)).toStrictEqual([]);
  });
  it("a parent the mailbox does not hold is PARENT_NOT_FOUND: an outbound reply cites the exact message it answers (9)", () => {
    expect(codes(mailbox.publicationFindings({ files: [], entries: [] }, envelope(), ROOT))).toStrictEqual([["PARENT_NOT_FOUND", "reply_to"]]);
  });
  it("a UUID any file holds, a refused one too, is DUPLICATE_ID", () => {
    const found = mailbox.publicationFindings({ files: [{ file: "x.md", ok: false, id: ID }], entries: [parent] }, envelope(), ROOT);
    expect(found.map((f) => [f.code, f.severity, f.message])).toStrictEqual([["DUPLICATE_ID", "error", `the mailbox already holds a message with the UUID ${ID} (x.md, a refused file)`]]);
  });
  it("a thread the archive holds is ARCHIVE_THREAD_SPLIT, as archiveBlocksMessage says", () => {
    expect(codes(mailbox.publicationFindings({ files: [], entries: [{ ...parent, archive: "kickoff" }] }, envelope(), ROOT))).toStrictEqual([["ARCHIVE_THREAD_SPLIT", "thread"]]);
  });
  it("another root is ROOT_ID_UNVERIFIED; hex case is not another root (4: v1 migration compares case-insensitively)", () => {
    expect(codes(mailbox.publicationFindings({ files: [], entries: [parent] }, envelope({ root: "b".repeat(64) }), ROOT))).toStrictEqual([["ROOT_ID_UNVERIFIED", "root"]]);
    expect(mailbox.publicationFindings({ files: [], entries: [parent] }, envelope({ root: "A".repeat(64) }), ROOT)).toStrictEqual([]);
  });
  it("rootBindingDrift: a binding for another arena, machine or root fails closed; hex case is the same root", () => {
    const bound = { arena: "CROX", machine: "VEGA-BOX", root: "A".repeat(64) };
    expect(mailbox.rootBindingDrift("VEGA", bound, { arena: "CROX", machine: "VEGA-BOX", root: ROOT })).toBeNull();
    for (const drift of [{ arena: "OTHER" }, { machine: "LYRA-BOX" }, { root: "b".repeat(64) }]) {
      const found = mailbox.rootBindingDrift("VEGA", bound, { arena: "CROX", machine: "VEGA-BOX", root: ROOT, ...drift });
      expect([found?.code, found?.slot, found?.severity]).toStrictEqual(["ROOT_ID_UNVERIFIED", "root", "error"]);
    }
    expect(mailbox.rootBindingDrift("VEGA", bound, { arena: "X", machine: "VEGA-BOX", root: ROOT })?.message).toBe(`VEGA's local root binding (arena CROX, machine VEGA-BOX, root AAAAAAAAAAAA…) differs from this publication's; a move needs a Handler-authorized rebind`);
  });
});

describe("callsign generation", () => {
  it("never returns an unavailable, reserved or malformed name", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...Object.values(mailbox.CALLSIGN_SEEDS).flat(), "BABA", "BABE"), { maxLength: 60 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (taken, r) => {
      const name = mailbox.generateCallsign(taken, { random: () => r }) as string;
      return !(taken as string[]).includes(name) && mailbox.isGeneratable(name) && /^[A-Z]{3,6}$/.test(name);
    }));
  });
  it("never generates a Handler seat, ALL or a device name", () => {
    expect(mailbox.isGeneratable("HANDLER")).toBe(false);
    expect(mailbox.isGeneratable("ALL")).toBe(false);
    expect(mailbox.isGeneratable("CON")).toBe(false);
    expect(mailbox.isGeneratable("NOVA2")).toBe(false);
  });
});

describe("the mailbox-root identifier", () => {
  it("refuses a relative path as misuse", () => {
    expect(() => mailbox.mailboxRootId("mailbox")).toThrow(RangeError);
    expect(() => mailbox.mailboxRootId("mailbox\\inbox", { windows: true })).toThrow(RangeError);
  });
  it("compares case-insensitively during v1 migration", () => {
    const id = mailbox.mailboxRootId("/srv/room");
    expect(mailbox.sameRootId(id, id.toUpperCase())).toBe(true);
  });
});

describe("ISO 8601 UTC times (dispositions, --now)", () => {
  it("reads real moments", () => {
    expect(mailbox.isoTime("2026-10-02T09:00:00Z")).toBe(Date.UTC(2026, 9, 2, 9, 0, 0));
    expect(mailbox.isoTime("2028-02-29T23:59:59.999Z")).toBe(Date.UTC(2028, 1, 29, 23, 59, 59, 999));
    expect(mailbox.isoTime("2026-10-02T09:00Z")).toBe(Date.UTC(2026, 9, 2, 9, 0));
  });
  it("refuses a date or time that does not exist, rather than carrying it into the next month or day", () => {
    for (const text of ["2026-02-30T00:00:00Z", "2026-02-29T12:00Z", "2026-04-31T23:59:59Z", "2026-13-01T00:00Z", "2026-00-10T00:00Z", "2026-01-00T00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60Z", "2026-12-30T23:59:60Z", "2026-12-31T23:58:60Z", "2028-02-28T23:59:60Z", "2026-10-02T09:00:60.5Z"]) {
      expect(mailbox.isoTime(text), text).toBe(null);
    }
  });
  it("reads a leap second, 23:59:60Z on a month's last day, as the first instant after its day (README note 80)", () => {
    const nextDay = Date.UTC(2017, 0, 1);
    expect(mailbox.isoTime("2016-12-31T23:59:60Z")).toBe(nextDay);
    expect(mailbox.isoTime("2016-12-31T23:59:60.5Z")).toBe(nextDay);
    expect(mailbox.isoTime("2015-06-30T23:59:60Z")).toBe(Date.UTC(2015, 6, 1));
    expect(mailbox.isoTime("2028-02-29T23:59:60.999Z")).toBe(Date.UTC(2028, 2, 1));
    // Never before a time of its own day, never after the next day's first.
    expect(mailbox.isoTime("2016-12-31T23:59:59.999Z")).toBeLessThan(nextDay);
    expect(mailbox.isoTime("2017-01-01T00:00:00Z")).toBe(nextDay);
  });
  it("reads a leap second in the years 0001 to 0099 in its own year, not 1900 plus it (README note 90)", () => {
    // Date.UTC read 0050-12-31T23:59:60Z as 1951-01-01: after every time of the years between.
    for (const [leap, nextDay] of [["0050-12-31T23:59:60Z", "0051-01-01T00:00:00Z"], ["0001-06-30T23:59:60.5Z", "0001-07-01T00:00:00Z"], ["0099-12-31T23:59:60Z", "0100-01-01T00:00:00Z"]] as const) {
      expect(mailbox.isoTime(leap), leap).toBe(mailbox.isoTime(nextDay));
      expect(mailbox.isoTime(leap), leap).toBe(Date.parse(nextDay));
    }
    expect(mailbox.isoTime("0050-12-31T23:59:59.999Z")).toBeLessThan(mailbox.isoTime("0050-12-31T23:59:60Z") as number);
    expect(mailbox.isoTime("0000-12-31T23:59:60Z")).toBe(null);
  });
  it("keeps a disposition whose resume_after is a leap second, due once the next day begins", () => {
    const id = mailbox.newUuid7({ msecs: Date.UTC(2016, 11, 1) });
    const read = mailbox.effectiveDispositions([{ id, state: "deferred", cta: "pending", owner: "LYRA", resume_after: "2016-12-31T23:59:60Z" }]);
    expect(read.findings).toStrictEqual([]);
  });
  it("refuses a deferral whose resume_after does not exist (it was read as a later day)", () => {
    const id = mailbox.newUuid7({ msecs: Date.UTC(2026, 9, 1) });
    const [d] = mailbox.effectiveDispositions([{ id, state: "deferred", cta: "pending", owner: "LYRA", resume_after: "2026-02-30T09:00:00Z" }]).findings;
    expect(d?.code).toBe("DISPOSITION_INVALID");
  });
});

describe("text written without quotes that YAML reads as a number or a boolean", () => {
  const symbols = new Symbols(mailbox);
  const text = buildMessage(symbols, { id: "m", set: { kind: "hello" } });
  const read = (from: RegExp, to: string) => {
    expect(text).toMatch(from);
    return mailbox.readMailboxMessage(text.replace(from, to));
  };
  it("refuses a root of 64 decimal digits, naming it as written (not the float it became) and saying to quote it", () => {
    const digits = "0123456789".repeat(6) + "0123";
    const r = read(/root: [0-9a-f]{64}/, `root: ${digits}`);
    expect(r.ok).toBe(false);
    const f = r.findings.find((x) => x.code === "ROOT_ID_INVALID");
    expect(f?.received).toBe(digits);
    expect(f?.slot).toBe("root");
    expect(f?.message).toContain(`YAML reads ${digits}, written without quotes, as the number 1.2345678901234569e+62: quote it ("${digits}")`);
    // Quoted, the same digits are a root.
    expect(read(/root: [0-9a-f]{64}/, `root: "${digits}"`).ok).toBe(true);
  });
  it("names a machine alias 0042 and an arena true as written, for every field that is text", () => {
    const r = read(/machine: [A-Z-]+/, "machine: 0042");
    expect(r.findings.map((f) => [f.code, f.slot, f.received])).toContainEqual(["FIELD_TYPE", "machine", "0042"]);
    expect(r.findings.find((f) => f.slot === "machine")?.message).toContain('as the number 42: quote it ("0042")');
    expect(read(/arena: [A-Z-]+/, "arena: true").findings.find((f) => f.slot === "arena")?.message).toContain('as the boolean true: quote it ("true")');
    // A value that is no scalar written plain is told as before.
    expect(read(/machine: [A-Z-]+/, "machine: [A]").findings.find((f) => f.slot === "machine")?.message).toBe("machine: a string");
  });
});

describe("reading hostile input", () => {
  it("never throws, whatever the text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => {
      const r = mailbox.readMailboxMessage(`---\n${text}\n---\n${text}`);
      return r.ok === !r.findings.some((f) => f.severity === "error");
    }), { numRuns: 300 });
  });
  it("refuses a message over 1 MiB of UTF-8, in every adapter (the CLI, the Worker, the playground)", () => {
    const head = "---\nkind: hello\n---\n";
    const codes = (text: string) => mailbox.readMailboxMessage(text).findings.map((f) => f.code);
    expect(codes(head + "a".repeat(mailbox.MAX_MESSAGE_BYTES - head.length))).not.toContain("MESSAGE_TOO_LARGE");
    expect(codes(head + "a".repeat(mailbox.MAX_MESSAGE_BYTES - head.length + 1))).toStrictEqual(["MESSAGE_TOO_LARGE"]);
    // Counted in bytes: 600,000 é are 1.2 million bytes in 600,000 code units.
    expect(codes(head + "é".repeat(600_000))).toStrictEqual(["MESSAGE_TOO_LARGE"]);
  });
  it("refuses a frontmatter over 16 KiB of UTF-8 before parsing its YAML, whatever its shape", () => {
    const symbols = new Symbols(mailbox);
    const text = buildMessage(symbols, { id: "m", set: { kind: "request" } });
    const yamlBytes = (t: string): number => new TextEncoder().encode(t.slice(4, t.indexOf("\n---\n", 4) + 1)).length;
    const padded = (bytes: number): string => text.replace("---\n", `---\n${"#".repeat(bytes - yamlBytes(text) - 1)}\n`);
    const codes = (t: string) => mailbox.readMailboxMessage(t, { mode: "outbound" }).findings.map((f) => f.code);
    // Exactly at the limit is read (and valid); one byte more is one finding and nothing else.
    expect(yamlBytes(padded(mailbox.MAX_FRONTMATTER_BYTES))).toBe(mailbox.MAX_FRONTMATTER_BYTES);
    expect(mailbox.readMailboxMessage(padded(mailbox.MAX_FRONTMATTER_BYTES)).ok).toBe(true);
    const over = mailbox.readMailboxMessage(padded(mailbox.MAX_FRONTMATTER_BYTES + 1));
    expect(over.findings.map((f) => [f.code, f.line, f.received, f.expected])).toStrictEqual([["FRONTMATTER_TOO_LARGE", 2, String(mailbox.MAX_FRONTMATTER_BYTES + 1), `at most ${mailbox.MAX_FRONTMATTER_BYTES} bytes`]]);
    // Counted in bytes: é is two.
    expect(codes(padded(mailbox.MAX_FRONTMATTER_BYTES).replace("#\n", "é\n"))).toStrictEqual(["FRONTMATTER_TOO_LARGE"]);
    // The shapes that cost `yaml` the most a byte (seconds of CPU at 1 MiB) are refused unparsed,
    // and so is a frontmatter that would otherwise be too deep or invalid.
    const fill = (unit: string): string => unit.repeat(Math.ceil((mailbox.MAX_FRONTMATTER_BYTES + 1) / unit.length));
    for (const yaml of [`x: [${fill("{a: [b]},")}]`, `x: [${fill("{},")}]`, `x:\n${fill("- a\n")}`, fill("]\n"), fill("-\n"), fill("? \n"), fill("#\n"), `x: ${fill("[")}`, Array.from({ length: 2_000 }, (_, i) => `k${i}: v`).join("\n")]) {
      expect(codes(`---\n${yaml}\n---\nbody\n`), yaml.slice(0, 20)).toStrictEqual(["FRONTMATTER_TOO_LARGE"]);
    }
  });
  it("reads at most 1,000 RW1 lines of a body, and refuses a body with more, unread past them", () => {
    const symbols = new Symbols(mailbox);
    const line = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
    const read = (n: number, unit = line) => mailbox.readMailboxMessage(buildMessage(symbols, { id: "m", set: { kind: "request" }, body: `${unit}\n`.repeat(n) }));
    const at = read(mailbox.MAX_BODY_RW1_LINES);
    expect([at.ok, at.rw1.length, at.findings]).toStrictEqual([true, mailbox.MAX_BODY_RW1_LINES, []]);
    const over = read(mailbox.MAX_BODY_RW1_LINES + 1);
    expect(over.ok).toBe(false);
    expect(over.rw1.length).toBe(mailbox.MAX_BODY_RW1_LINES);
    expect(over.findings.map((f) => [f.code, f.line])).toStrictEqual([["BODY_RW1_TOO_MANY", (over.bodyLine as number) + mailbox.MAX_BODY_RW1_LINES]]);
    // 1 MiB of the shortest refused line: 150,000 lines, each answered twice, made a 75 MB answer.
    const hostile = read(140_000, "RW1 HO");
    expect(hostile.rw1.length).toBe(mailbox.MAX_BODY_RW1_LINES);
    expect(hostile.findings.filter((f) => f.code === "BODY_RW1_REFUSED").length).toBe(mailbox.MAX_BODY_RW1_LINES);
    expect(hostile.findings.filter((f) => f.code === "BODY_RW1_TOO_MANY").length).toBe(1);
  });
  it("leaves Markdown's trailing spaces and tabs off a body's RW1 line, and reads any other trailing character as the line's", () => {
    const symbols = new Symbols(mailbox);
    const line = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT";
    const read = (tail: string) => mailbox.readMailboxMessage(buildMessage(symbols, { id: "m", set: { kind: "request" }, body: `${line}${tail}\n` }));
    for (const tail of ["", "  ", "\t", " \t "]) expect(read(tail).findings, JSON.stringify(tail)).toStrictEqual([]);
    // trimEnd dropped these, so the line read as valid here while stdin, --file and the Worker refuse it.
    for (const tail of ["\u00A0", "\u2028", "\uFEFF", "\u3000", " \u00A0"]) {
      const r = read(tail);
      expect([r.ok, r.rw1[0]?.text], JSON.stringify(tail)).toStrictEqual([false, `${line}${tail}`]);
      expect(r.findings.map((f) => f.code), JSON.stringify(tail)).toContain("BODY_RW1_REFUSED");
    }
  });
  it("reads a key that is a collection without a runtime warning: the core has no side effect on its host", () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const r = mailbox.readMailboxMessage("---\n? [a, b]\n: c\nmeta:\n  ? {x: 1}\n  : y\n---\nbody\n");
      expect(r.findings.map((f) => f.code)).toStrictEqual(["ENVELOPE_MISSING"]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
  it("refuses a line break or C1 control in a text field, as it refuses a C0 one: a single line without control characters", () => {
    const symbols = new Symbols(mailbox);
    const codes = (arena: string) => mailbox.readMailboxMessage(buildMessage(symbols, { id: "m", set: { kind: "request", arena, machine: `BOX${arena}` } })).findings.filter((f) => f.code === "FIELD_TYPE").map((f) => f.slot);
    for (const bad of ["DEMO\u0085", "DEMO\u2028", "DEMO\u2029", "DEMO\u009b", "DEMO\u001b"]) expect(codes(bad), JSON.stringify(bad)).toStrictEqual(["arena", "machine"]);
    expect(codes("DEMO\u00a0X")).toStrictEqual([]);
  });
  it("refuses an alias bomb instead of expanding it", () => {
    const bomb = ["---", "a: &a [x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`), "---", ""].join("\n");
    const t = Date.now();
    const r = mailbox.readMailboxMessage(bomb);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toContain("YAML_INVALID");
    expect(Date.now() - t).toBeLessThan(5_000);
  });
  it("counts aliases before expanding any: too many, or one inside the node its anchor names, is refused as such", () => {
    const read = (yaml: string) => mailbox.readMailboxMessage(`---\n${yaml}\n---\nbody\n`).findings.map((f) => [f.code, f.message, f.received]);
    // 5 KB of self-reference held the reader for minutes inside yaml's own alias count.
    expect(read(`a: &a [${"*a,".repeat(5_000)}]`)).toStrictEqual([["YAML_INVALID", "the frontmatter is refused: *a names the node it stands in (&a), so the value would contain itself", "ALIASES"]]);
    expect(read("a: &a {b: *a}")).toStrictEqual([["YAML_INVALID", "the frontmatter is refused: *a names the node it stands in (&a), so the value would contain itself", "ALIASES"]]);
    const plain = (n: number) => `x: &x 1\n${Array.from({ length: n }, (_, i) => `k${i}: *x`).join("\n")}`;
    expect(read(plain(65))).toStrictEqual([["YAML_INVALID", "the frontmatter is refused: it holds more than 64 aliases", "ALIASES"]]);
    expect(read(plain(2)).map(([code]) => code)).not.toContain("YAML_INVALID");
  });
  it("refuses a frontmatter nested too deeply with one finding, never the engine's stack message", () => {
    const shapes = {
      "flow sequences": (n: number) => `meta: ${"[".repeat(n)}${"]".repeat(n)}`,
      "flow mappings": (n: number) => `meta: ${"{a: ".repeat(n)}1${"}".repeat(n)}`,
      "block sequences": (n: number) => `meta:\n  ${"- ".repeat(n)}x`,
      "an unclosed flow": (n: number) => `meta: ${"[".repeat(n)}`,
    };
    for (const [what, shape] of Object.entries(shapes)) {
      // 3,000 levels still fit in the 16 KiB a frontmatter may hold, and would exhaust the stack.
      for (const n of [mailbox.MAX_YAML_DEPTH, 1_000, 3_000]) {
        const r = mailbox.readMailboxMessage(`---\n${shape(n)}\n---\nbody\n`);
        expect(r.ok, `${what} ${n}`).toBe(false);
        expect(r.findings.map((f) => f.code), `${what} ${n}`).toEqual(["FRONTMATTER_TOO_DEEP"]);
        expect(r.findings[0]?.message).toContain(`more than ${mailbox.MAX_YAML_DEPTH} levels deep`);
        expect(r.findings[0]?.message).not.toMatch(/call stack/i);
        expect(r.findings[0]?.line, `${what} ${n}`).toBe(what === "block sequences" ? 3 : 2);
      }
    }
  });
  it("still reads a frontmatter nested exactly as deeply as allowed", () => {
    const symbols = new Symbols(mailbox);
    // The top mapping is level 1, so 127 sequences under it make 128 levels.
    const deep = `${"[".repeat(mailbox.MAX_YAML_DEPTH - 1)}${"]".repeat(mailbox.MAX_YAML_DEPTH - 1)}`;
    const text = buildMessage(symbols, { id: "m", set: { kind: "request" } }).replace("---\n", `---\nextra: ${deep}\n`);
    expect(mailbox.yamlTooDeep(text.split("---\n")[1] ?? "")).toBe(null);
    const r = mailbox.readMailboxMessage(text);
    expect(r.findings.map((f) => f.code)).not.toContain("FRONTMATTER_TOO_DEEP");
    expect(r.ok, JSON.stringify(r.findings)).toBe(true);
  });
  it("reads a long hostile body line in linear time", () => {
    const symbols = new Symbols(mailbox);
    const body = `RW1 HO ${" ".repeat(200_000)}x\n${"`".repeat(100_000)}RW1\n${"[[".repeat(50_000)}\n`;
    const t = Date.now();
    const r = mailbox.readMailboxMessage(buildMessage(symbols, { id: "m", set: { kind: "request" }, body }));
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(r.rw1.length).toBe(1);
  });
  it("reads a frontmatter of as many keys as 16 KiB holds, each unknown field noted on its line", () => {
    const symbols = new Symbols(mailbox);
    const text = buildMessage(symbols, { id: "m", set: { kind: "request" } });
    const keys = (n: number, indent: string, prefix: string): string => Array.from({ length: n }, (_, i) => `${indent}${prefix}${i}: v\n`).join("");
    // At the top level, and under meta.mailbox, where each unknown field earns a note with its line.
    const top = text.replace("---\n", `---\n${keys(1_200, "", "k")}`);
    const envelope = text.replace(/(\n    kind: request\n)/, `$1${keys(1_200, "    ", "x")}`);
    const a = mailbox.readMailboxMessage(top);
    expect(a.ok, JSON.stringify(a.findings.slice(0, 3))).toBe(true);
    const b = mailbox.readMailboxMessage(envelope);
    expect(b.ok).toBe(true);
    expect(b.findings.filter((f) => f.code === "FIELD_UNKNOWN").length).toBe(1_200);
    expect(b.findings.find((f) => f.slot === "x1199")?.line).toBe(text.split("\n").findIndex((l) => l === "    kind: request") + 1 + 1_200);
  });
  it("still refuses a key named twice, wherever it is and however it is written", () => {
    const symbols = new Symbols(mailbox);
    const text = buildMessage(symbols, { id: "m", set: { kind: "request" } });
    const kindLine = text.split("\n").findIndex((l) => l === "    kind: request") + 1;
    for (const [twice, line] of [
      [text.replace("    kind: request\n", "    kind: request\n    kind: reply\n"), kindLine + 1],
      [text.replace("    kind: request\n", "    kind: request\n    \"kind\": reply\n"), kindLine + 1],
      [text.replace("---\n", "---\nmeta: {}\n"), 2 + text.split("\n").findIndex((l) => l === "meta:")],
      [text.replace("---\n", "---\nx: {a: 1, a: 2}\n"), 2],
      // Keys YAML tells apart that JavaScript would not: the second would silently replace the first.
      [text.replace("---\n", "---\nx: {1: a, \"1\": b}\n"), 2],
    ] as const) {
      const r = mailbox.readMailboxMessage(twice);
      expect(r.ok, twice).toBe(false);
      expect(r.findings.map((f) => [f.code, f.line]), twice).toContainEqual(["YAML_INVALID", line]);
      expect(r.findings.find((f) => f.code === "YAML_INVALID")?.message).toContain("Map keys must be unique");
    }
  });
  it("matches callsigns in linear time", () => {
    const t = Date.now();
    for (let i = 0; i < 200; i++) mailbox.isCallsign(`A${"-".repeat(10_000)}!`);
    expect(Date.now() - t).toBeLessThan(2_000);
  });
});

describe("unsafe artifact paths (section 3)", () => {
  it("finds absolute paths and paths climbing out of the root, each once, as written", () => {
    expect(mailbox.unsafeArtifactPaths("see /srv/room/plan.md, `C:\\Users\\v\\a.md` and [[../../x]]; again /srv/room/plan.md.")).toStrictEqual(["/srv/room/plan.md", "C:\\Users\\v\\a.md", "../../x"]);
    expect(mailbox.unsafeArtifactPaths("path=~/notes/a.md \\\\host\\share\\a.md file:///tmp/a workspace/VEGA/.. workspace/../..")).toStrictEqual(["~/notes/a.md", "\\\\host\\share\\a.md", "file:///tmp/a", "workspace/../.."]);
  });
  it("leaves what names no file outside the root alone", () => {
    expect(mailbox.unsafeArtifactPaths("workspace/VEGA/artifacts/a.md workspace/VEGA/scratch/../artifacts/a.md https://x.org/a/b sha256:ab /cold-review and/or 1/2 ... ../ellipsis-free")).toStrictEqual(["../ellipsis-free"]);
    expect(mailbox.unsafeArtifactPaths("nothing to see here.. really")).toStrictEqual([]);
  });
  it("reads a hostile body in linear time", () => {
    const t = Date.now();
    const found = mailbox.unsafeArtifactPaths(`${".".repeat(300_000)}x ${"/a".repeat(100_000)}.${"..".repeat(100_000)}!`);
    expect(Date.now() - t).toBeLessThan(5_000);
    // The second word is one absolute path of 100,000 segments (its trailing dots and ! are prose).
    expect(found.length).toBe(1);
  });
});

describe("crash between reply and disposition, end to end", () => {
  it("restores the disposition from the exact causal reply; the next reconciliation is clean and nothing asks for a second reply", () => {
    const symbols = new Symbols(mailbox);
    const RB = "2b4c".repeat(16);
    // The handshake first: a request from a name that never claimed it would be quarantined.
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
      { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"] } },
      { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@r", request_id: "@r", machine: "LYRA-BOX", root: RB, expects_reply: false } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const now = Date.parse("2026-10-02T00:00:00Z");
    const hello = { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") };
    const before = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [hello], now });
    expect(before.status).toBe("FOUND");
    const item = before.items.find((i) => i.id === symbols.uuid("r")) as mailbox.ReconcileItem;
    expect(item.action).toBe("restore");
    const restored = mailbox.restoredDisposition(item, symbols.uuid("r"), "2026-10-02T00:00:00Z");
    expect(restored?.reply).toBe(symbols.uuid("y"));
    const after = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [hello, restored], cursor: before.cursor_advance, now });
    expect(after.status).toBe("CLEAN");
    expect(after.items.map((i) => i.action)).toStrictEqual(["none", "none"]);
    expect(after.cursor_advance).toStrictEqual([symbols.uuid("r")]);
    // A state line the caller could not read proves nothing: reported first, and the participant
    // stays work-clean but is not readiness-clean until it is repaired.
    const unread = mailbox.mailboxFinding("DISPOSITION_INVALID", "dispositions line 3 is not JSON: skipped", { file: "dispositions/LYRA.jsonl", line: 3 });
    const damaged = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [hello, restored], cursor: before.cursor_advance, unreadState: [unread], now });
    expect([damaged.status, damaged.work_clean, damaged.readiness_clean]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", true, false]);
    expect(damaged.findings).toStrictEqual([unread, ...after.findings]);
    expect(damaged.items).toStrictEqual(after.items);
    // With work still owed, the status is FOUND, as it is without the damaged line.
    const owed = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [hello], unreadState: [unread], now });
    expect([owed.status, owed.readiness_clean, owed.findings[0]]).toStrictEqual(["FOUND", false, unread]);
  });
});

describe("a cursor entry that is not a UUID names the message it still holds (CURSOR_INVALID_ENTRY)", () => {
  it("gives the UUID an entry wrapped, uppercased or cut short still holds, with the entry's place; never reads it as consumption", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [{ id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } }], mailbox);
    expect(diffs).toStrictEqual([]);
    const h = symbols.uuid("h");
    const other = symbols.uuid("o");
    const cursor = [`\u00A0${h}\u00A0`, ` ${h}`, h.toUpperCase(), `${h}\uFFFD`, "sha256:1f3a", `${h},${other}`, `x${h}`, h.slice(0, -1)];
    const r = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: [], cursor, cursorWhere: (i) => ({ file: "cursor/LYRA.txt", line: i + 2 }), now: Date.parse("2026-10-02T00:00:00Z") });
    const invalid = r.findings.filter((f) => f.code === "CURSOR_INVALID_ENTRY");
    expect(invalid.map((f) => [f.id, f.file, f.line, f.received])).toStrictEqual(cursor.map((entry, i) => [i < 4 ? h : undefined, "cursor/LYRA.txt", i + 2, entry]));
    expect(invalid[0]?.message).toBe(`the UUID cursor (cursor/LYRA.txt line 2) holds ${JSON.stringify(cursor[0])}: it names ${h}, but not as written, so it is not read as that message's consumption: only message UUIDs enter it, exactly (anomalies are tracked by fingerprint)`);
    // Named, never consumed: the hello is still undispositioned, and the cursor is not ahead of it.
    expect(r.findings.some((f) => f.code === "CURSOR_AHEAD")).toBe(false);
    expect(r.counts.undispositioned_count).toBe(1);
    expect(mailbox.uuidInCursorEntry(`${h}-1`)).toBeNull();
  });
});

describe("crossed hellos: one right to work, whichever side asks and whatever the order", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  const locus = { VEGA: { machine: "VEGA-BOX", root: RA }, LYRA: { machine: "LYRA-BOX", root: RB } } as const;
  type Name = keyof typeof locus;
  const other = (n: Name): Name => (n === "VEGA" ? "LYRA" : "VEGA");
  const hello = (from: Name, at: number) => ({ id: `h${from}`, at, set: { kind: "hello", from, to: [other(from)], thread: `@h${from}`, reply_to: "", request_id: `@h${from}`, ...locus[from] } });
  const welcome = (from: Name, at: number) => ({ id: `w${from}`, at, set: { kind: "welcome", from, to: [other(from)], thread: `@h${other(from)}`, reply_to: `@h${other(from)}`, request_id: `@h${other(from)}`, terms: "accept", ...locus[from] } });
  // Every crossing: which hello is older, and which of the two welcomes were sent (each answering
  // the other side's hello), in either order.
  const scenarios: { first: Name; welcomes: Name[] }[] = [];
  for (const first of ["VEGA", "LYRA"] as const) for (const welcomes of [[], ["VEGA"], ["LYRA"], ["VEGA", "LYRA"], ["LYRA", "VEGA"]] as Name[][]) scenarios.push({ first, welcomes });

  it("a probe delivery between the pair gets one verdict in the canonical hello's thread, the superseded one's and a fresh thread, from either sender, and that verdict is whether the canonical hello was welcomed", () => {
    for (const { first, welcomes } of scenarios) {
      const base = [hello(first, 0), hello(other(first), 400), ...welcomes.map((w, i) => welcome(w, 1000 + i * 500)), { id: "r", at: 2500, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r", ...locus.VEGA } }];
      // The canonical hello is the older one (its UUID is smaller); its addressee welcomes it.
      const expected = welcomes.includes(other(first));
      for (const from of ["VEGA", "LYRA"] as const) {
        for (const thread of ["hVEGA", "hLYRA", "r"]) {
          const symbols = new Symbols(mailbox);
          const probe = { id: "p", at: 5000, set: { kind: "deliver", from, to: [other(from)], thread: `@${thread}`, reply_to: `@${thread}`, request_id: `@${thread}`, ...locus[from] } };
          const { entries, diffs } = readCase(symbols, [...base, probe], mailbox);
          expect(diffs).toStrictEqual([]);
          const refused = (list: readonly mailbox.MailboxEntry[]): boolean => mailbox.analyzeMailbox(list).findings.some((f) => f.code === "WORK_BEFORE_ESTABLISHED" && f.id === symbols.uuid("p"));
          const where = `${first}'s hello older, welcomes [${welcomes.join(" ")}], ${from} delivering in ${thread}`;
          expect(refused(entries), where).toBe(!expected);
          // The files in any order: the same verdict.
          expect(refused([...entries].reverse()), `${where}, files reversed`).toBe(!expected);
        }
      }
    }
  });

  it("analyzes crossed hellos identically whatever order the files are read in", () => {
    for (const { first, welcomes } of scenarios) {
      const symbols = new Symbols(mailbox);
      const { entries } = readCase(symbols, [hello(first, 0), hello(other(first), 400), ...welcomes.map((w, i) => welcome(w, 1000 + i * 500))], mailbox);
      const view = (list: readonly mailbox.MailboxEntry[]): string => {
        const a = mailbox.analyzeMailbox(list);
        return JSON.stringify({ findings: a.findings.map((f) => `${f.code} ${f.id ?? ""}`).sort(), threads: [...a.threads].sort((x, y) => (x.thread < y.thread ? -1 : 1)), quarantine: [...a.quarantine].sort() });
      };
      const want = view(entries);
      fc.assert(fc.property(fc.shuffledSubarray(entries, { minLength: entries.length }), (shuffled) => view(shuffled) === want), { numRuns: 20 });
    }
  });
});

describe("participants: what each callsign sent, was addressed and owes", () => {
  it("counts a message once per UUID, owes until the exact causal reply, and never makes a Handler seat owe", () => {
    const symbols = new Symbols(mailbox);
    const RB = "2b4c".repeat(16);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
      { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA", "HANDLER"] } },
      { id: "a", set: { kind: "propose", from: "VEGA", to: ["ALL"] } },
      // The welcome answers the hello; a reply with another request_id is not the exact causal reply.
      { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@a", reply_to: "@a", request_id: "@r", machine: "LYRA-BOX", root: RB, expects_reply: false } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const twice = [...entries, entries[2] as mailbox.MailboxEntry];
    expect(mailbox.participants(twice)).toStrictEqual([
      // Named by r, HANDLER is of the arena, so VEGA's ALL addresses it too.
      { arena: "DEMO", callsign: "HANDLER", sent: 0, addressed: 2, owes: 0, status: "active" },
      { arena: "DEMO", callsign: "LYRA", sent: 2, addressed: 3, owes: 2, status: "active" },
      { arena: "DEMO", callsign: "VEGA", sent: 3, addressed: 2, owes: 0, status: "active" },
    ]);
    // A quarantined message neither owes a reply nor pays one; the analysis's quarantine is read.
    const quarantine = new Map([[symbols.uuid("r"), ["QUARANTINED"]]]);
    expect(mailbox.participants(twice, quarantine).find((p) => p.callsign === "LYRA")?.owes).toBe(1);
    expect(mailbox.participants(entries, mailbox.analyzeMailbox(entries).quarantine)).toStrictEqual(mailbox.participants(twice, mailbox.analyzeMailbox(twice).quarantine));
  });
});

describe("participants: the first work message acknowledges the welcome it cites (section 6)", () => {
  it("pays a welcome's reply whatever its own request_id; a message citing the hello, or another sender's, does not", () => {
    const RB = "2b4c".repeat(16);
    const owes = (after: readonly object[]): number | undefined => {
      const symbols = new Symbols(mailbox);
      const { entries, diffs } = readCase(symbols, [
        { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
        { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: true, machine: "LYRA-BOX", root: RB } },
        ...(after as never[]),
      ], mailbox);
      expect(diffs).toStrictEqual([]);
      return mailbox.participants(entries, mailbox.analyzeMailbox(entries).quarantine).find((p) => p.callsign === "VEGA")?.owes;
    };
    expect(owes([])).toBe(1);
    // A request opens a request of its own (a new request_id) and still acknowledges the welcome.
    expect(owes([{ id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", expects_reply: false } }])).toBe(0);
    expect(owes([{ id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@h", expects_reply: false } }])).toBe(1);
    expect(owes([{ id: "p", set: { kind: "propose", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@w", expects_reply: false, machine: "LYRA-BOX", root: RB } }])).toBe(1);
  });
});

describe("participants: a requester's own cancel releases the reply it was owed (sections 3, 5)", () => {
  it("owes nothing after the requester's exact cancel; another's cancel, another request_id, or a cancel addressed elsewhere releases nothing", () => {
    const RB = "2b4c".repeat(16);
    const OB = { machine: "ORION-BOX", root: "3c5d".repeat(16) };
    const owes = (cancel: object): number | undefined => {
      const symbols = new Symbols(mailbox);
      const { entries, diffs } = readCase(symbols, [
        { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
        { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
        { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...OB } },
        { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"] } },
        { id: "x", set: { kind: "cancel", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...cancel } },
      ], mailbox);
      expect(diffs).toStrictEqual([]);
      return mailbox.participants(entries, mailbox.analyzeMailbox(entries).quarantine).find((p) => p.callsign === "LYRA")?.owes;
    };
    expect(owes({})).toBe(0);
    expect(owes({ to: ["ALL"] })).toBe(0);
    expect(owes({ from: "ORION", to: ["LYRA", "VEGA"], ...OB })).toBe(1);
    expect(owes({ request_id: "@x" })).toBe(1);
    expect(owes({ to: ["ORION"] })).toBe(1);
  });
});

describe("participants: a callsign is a name within its arena", () => {
  it("counts VEGA of two arenas as two participants, and ALL addresses the callsigns of the message's arena alone", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
      { id: "o", set: { kind: "hello", from: "ORION", to: ["VEGA"], arena: "ELSEWHERE", machine: "ORION-BOX" } },
      { id: "v", set: { kind: "hello", from: "VEGA", to: ["ORION"], arena: "ELSEWHERE" } },
      { id: "a", set: { kind: "propose", from: "VEGA", to: ["ALL"] } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    expect(mailbox.participants(entries)).toStrictEqual([
      // LYRA, named in DEMO, is addressed by VEGA's ALL there; ORION of ELSEWHERE is not.
      { arena: "DEMO", callsign: "LYRA", sent: 0, addressed: 2, owes: 2, status: "active" },
      { arena: "DEMO", callsign: "VEGA", sent: 2, addressed: 0, owes: 0, status: "active" },
      { arena: "ELSEWHERE", callsign: "ORION", sent: 1, addressed: 1, owes: 1, status: "active" },
      { arena: "ELSEWHERE", callsign: "VEGA", sent: 1, addressed: 1, owes: 1, status: "active" },
    ]);
  });
});

describe("participants: a root kind's reply_to is only a citation", () => {
  it("a resume citing a request with its request_id pays no reply (section 9: hello and resume are true roots)", () => {
    const symbols = new Symbols(mailbox);
    const RB = "2b4c".repeat(16);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
      { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w" } },
      { id: "s", set: { kind: "resume", from: "LYRA", to: ["VEGA"], thread: "@s", reply_to: "@r", request_id: "@r", machine: "LYRA-BOX", root: RB }, body: "Resuming LYRA.\n" },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const lyra = mailbox.participants(entries, mailbox.analyzeMailbox(entries).quarantine).find((p) => p.callsign === "LYRA");
    expect(lyra?.owes).toBe(1);
  });
});

describe("callsign claims: a welcome the mailbox refuses as misaddressed claims nothing", () => {
  const RA = "1f3a".repeat(16);
  const RS = "4d6e".repeat(16);
  const RO = "3c5d".repeat(16);
  const hello = { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: RA } };
  // Each way a welcome misses its hello: from a callsign the hello does not address, addressed to
  // someone other than the initiator, in another arena.
  const misses = [
    { why: "from an unaddressed callsign", from: "ORION", set: {} },
    { why: "not addressed to the initiator", from: "LYRA", set: { to: ["ORION"] } },
    { why: "in another arena", from: "LYRA", set: { arena: "ELSEWHERE" } },
  ];
  it("leaves the name free: the locus that later claims it with a valid hello holds it", () => {
    for (const { why, from, set } of misses) {
      const symbols = new Symbols(mailbox);
      const { entries, diffs } = readCase(symbols, [
        hello,
        { id: "w0", set: { kind: "welcome", from, to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", machine: "SQUAT-BOX", root: RS, ...set } },
        { id: "h2", set: { kind: "hello", from, to: ["VEGA"], thread: "@h2", reply_to: "", request_id: "@h2", machine: `${from}-BOX`, root: RO } },
      ], mailbox);
      expect(diffs).toStrictEqual([]);
      const analysis = mailbox.analyzeMailbox(entries);
      const view = analysis.callsigns.filter((c) => c.callsign === from);
      expect(view.map((c) => [c.arena, c.machine, c.claimed_by]), why).toStrictEqual([["DEMO", `${from}-BOX`, symbols.uuid("h2")]]);
      expect(analysis.findings.filter((f) => f.code === "CALLSIGN_COLLISION"), why).toStrictEqual([]);
      expect(analysis.quarantine.get(symbols.uuid("h2")), why).toBeUndefined();
      expect(analysis.quarantine.get(symbols.uuid("w0")), why).toContain("HANDSHAKE_MISADDRESSED");
    }
  });
});

describe("a hello opens its thread: one in a thread another message opened is misplaced and claims nothing", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  const RS = "4d6e".repeat(16);
  const RO = "3c5d".repeat(16);
  const codesOf = (analysis: mailbox.MailboxAnalysis, id: string): string[] => analysis.findings.filter((f) => f.id === id).map((f) => f.code).sort();
  // Each kind that can open a thread before a hello: another hello, or any other root.
  const openers = [
    { kind: "hello", set: { to: ["LYRA"] } },
    { kind: "request", set: {} },
    { kind: "propose", set: {} },
    { kind: "state", set: { expects_reply: false } },
  ];
  it("a squatter's hello in an opened thread leaves the name free, whatever kind opened it and whatever order the files are read in", () => {
    for (const { kind, set } of openers) {
      const symbols = new Symbols(mailbox);
      const { entries, diffs } = readCase(symbols, [
        { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: RA } },
        { id: "o", set: { from: "VEGA", to: ["LYRA"], thread: "@o", reply_to: "", request_id: "@o", machine: "VEGA-BOX", root: RA, ...set, kind } },
        { id: "h0", set: { kind: "hello", from: "ORION", to: ["VEGA"], thread: "@o", reply_to: "", request_id: "@h0", machine: "SQUAT-BOX", root: RS } },
        { id: "ho", set: { kind: "hello", from: "ORION", to: ["VEGA"], thread: "@ho", reply_to: "", request_id: "@ho", machine: "ORION-BOX", root: RO } },
      ], mailbox);
      expect(diffs).toStrictEqual([]);
      for (const list of [entries, [...entries].reverse()]) {
        const analysis = mailbox.analyzeMailbox(list);
        expect(codesOf(analysis, symbols.uuid("h0")), kind).toStrictEqual(["CALLSIGN_UNCLAIMED", "HELLO_THREAD_REUSED"]);
        expect(analysis.callsigns.filter((c) => c.callsign === "ORION").map((c) => c.claimed_by), kind).toStrictEqual([symbols.uuid("ho")]);
        expect(codesOf(analysis, symbols.uuid("ho")), kind).toStrictEqual([]);
        // A thread another hello opened is that hello's handshake; any other kind's has none.
        expect(analysis.threads.find((t) => t.thread === symbols.uuid("o"))?.handshake?.hello ?? null, kind).toBe(kind === "hello" ? symbols.uuid("o") : null);
      }
    }
  });

  it("says which part of the locus differs when a held name is used from the same machine with another root", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "hv", at: 0, set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@hv", reply_to: "", request_id: "@hv", machine: "VEGA-BOX", root: RA } },
      { id: "x", at: 1000, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@x", machine: "VEGA-BOX", root: RS } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const held = mailbox.analyzeMailbox(entries).findings.find((f) => f.code === "CALLSIGN_HELD" && f.id === symbols.uuid("x"));
    expect(held?.message).toBe(`VEGA is held by machine VEGA-BOX with root ${RA.slice(0, 12)}… (claim ${symbols.uuid("hv")}); this message comes from that machine with root ${RS.slice(0, 12)}…`);
  });

  it("holds against a hello only what speaks for its sender and does not answer the hello", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "hv", at: 0, set: { kind: "hello", from: "VEGA", to: ["ORION"], thread: "@hv", reply_to: "", request_id: "@hv", machine: "VEGA-BOX", root: RA } },
      // Before LYRA's hello in its thread: a request in VEGA's name from another locus (CALLSIGN_HELD:
      // it does not speak for VEGA), a reply whose parent this mailbox does not hold (it may answer
      // the hello), and VEGA's welcome of the hello, sorted first because the clocks disagree.
      { id: "x", at: 1000, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@x", machine: "EVIL-BOX", root: RS } },
      { id: "u", at: 1500, set: { kind: "reply", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "@ghost", request_id: "@u", machine: "VEGA-BOX", root: RA } },
      { id: "h", at: 3000, set: { kind: "hello", from: "LYRA", to: ["VEGA"], thread: "@t", reply_to: "", request_id: "@h", machine: "LYRA-BOX", root: RB } },
      { id: "w", at: 2000, set: { kind: "welcome", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "@h", request_id: "@h", terms: "accept", machine: "VEGA-BOX", root: RA } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    expect(codesOf(analysis, symbols.uuid("h"))).toStrictEqual([]);
    expect(codesOf(analysis, symbols.uuid("x"))).toContain("CALLSIGN_HELD");
    expect(analysis.callsigns.find((c) => c.callsign === "LYRA")?.claimed_by).toBe(symbols.uuid("h"));
    expect(analysis.threads.find((t) => t.thread === symbols.uuid("t"))?.handshake?.hello).toBe(symbols.uuid("h"));
  });

  it("handshakes called alone (without the claims' verdict) read the same rule", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r", machine: "VEGA-BOX", root: RA } },
      { id: "h", set: { kind: "hello", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "", request_id: "@h", machine: "LYRA-BOX", root: RB } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const sorted = mailbox.byUuid(entries);
    const result = mailbox.handshakes(sorted, new Map([[symbols.uuid("r"), sorted]]));
    expect(result.handshakes.size).toBe(0);
    expect(result.findings.map((f) => `${f.code} ${symbols.name(f.id ?? "")}`)).toStrictEqual(["HELLO_THREAD_REUSED @h"]);
    expect(symbols.name(result.findings[0]?.message ?? "")).toContain("request @r opened");
  });
});

describe("PARENT_UNKNOWN: a parent present but refused is told as such, not as missing", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  it("names the refused file and its finding; a UUID with no file is still not in this mailbox; the code and severity stay", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: RA } },
      { id: "a", set: { kind: "ack", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@h", expects_reply: false, machine: "VEGA-BOX", root: RA } },
      { id: "b", set: { kind: "ack", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@gone", request_id: "@h", expects_reply: false, machine: "VEGA-BOX", root: RA } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    // LYRA's welcome is in the folder, but its reader refused it (a root YAML read as a number).
    const finding = mailbox.mailboxFinding("ROOT_ID_INVALID", "root: 64 hex characters", { slot: "root" });
    const refused = [{ id: symbols.uuid("w"), file: "2026-10-01-09-01-00-LYRA-welcome-accept.md", finding }];
    const of = (analysis: mailbox.MailboxAnalysis, id: string) => analysis.findings.filter((f) => f.id === symbols.uuid(id) && f.code === "PARENT_UNKNOWN").map((f) => [f.severity, f.message]);
    const told = mailbox.analyzeMailbox(entries, { refused });
    expect(of(told, "a")).toStrictEqual([["note", `reply_to ${symbols.uuid("w")} is 2026-10-01-09-01-00-LYRA-welcome-accept.md, which this mailbox holds but refused as a message (ROOT_ID_INVALID: root: 64 hex characters): no valid message to answer until it is corrected, or read whole if it was still syncing`]]);
    expect(of(told, "b")).toStrictEqual([["note", `reply_to ${symbols.uuid("gone")} is not in this mailbox (not yet synced, archived, or wrong)`]]);
    // Without the refused files (the Worker, the playground: no folder), both are told as before.
    expect(of(mailbox.analyzeMailbox(entries), "a")).toStrictEqual([["note", `reply_to ${symbols.uuid("w")} is not in this mailbox (not yet synced, archived, or wrong)`]]);
    // Only the wording differs: the same codes on the same messages.
    const shape = (a: mailbox.MailboxAnalysis): unknown[] => a.findings.map((f) => [f.code, f.id]);
    expect(shape(told)).toStrictEqual(shape(mailbox.analyzeMailbox(entries)));
  });
  it("WELCOME_PARENT_UNKNOWN names the refused hello too, with the same code and what follows unchanged", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    // VEGA's hello is in the folder, but its reader refused it.
    const finding = mailbox.mailboxFinding("FIELD_TYPE", "machine: a string", { slot: "machine" });
    const refused = [{ id: symbols.uuid("h"), file: "2026-10-01-09-00-00-VEGA-hello-join.md", finding }];
    const of = (analysis: mailbox.MailboxAnalysis) => analysis.findings.filter((f) => f.code === "WELCOME_PARENT_UNKNOWN").map((f) => [f.severity, f.message]);
    const told = mailbox.analyzeMailbox(entries, { refused });
    expect(of(told)).toStrictEqual([["note", `this welcome's reply_to ${symbols.uuid("h")} is 2026-10-01-09-00-00-VEGA-hello-join.md, which this mailbox holds but refused as a message (FIELD_TYPE: machine: a string): whether it answers a hello as addressed cannot be checked, so it claims no callsign and settles no handshake until its parent is here`]]);
    const bare = mailbox.analyzeMailbox(entries);
    expect(of(bare)).toStrictEqual([["note", `this welcome's reply_to ${symbols.uuid("h")} is not a message this mailbox holds (not yet synced, archived, wrong, or a UUID whose files differ): whether it answers a hello as addressed cannot be checked, so it claims no callsign and settles no handshake until its parent is here`]]);
    const shape = (a: mailbox.MailboxAnalysis): unknown[] => a.findings.map((f) => [f.code, f.severity, f.id]);
    expect(shape(told)).toStrictEqual(shape(bare));
    expect(told.callsigns).toStrictEqual(bare.callsigns);
  });
});

describe("callsign claims: a welcome whose parent the mailbox does not hold claims nothing until it arrives", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  it("claims nothing, with a note, while its hello is missing; the same welcome claims once the hello is synced", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: RA } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", machine: "LYRA-BOX", root: RB } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const welcome = symbols.uuid("w");
    // The welcome synced, its hello not yet: LYRA holds no name, and the welcome is held back.
    const early = mailbox.analyzeMailbox(entries.slice(1));
    expect(early.findings.filter((f) => f.id === welcome).map((f) => `${f.code} ${f.severity}`).sort()).toStrictEqual(["CALLSIGN_UNCLAIMED note", "PARENT_UNKNOWN note", "WELCOME_PARENT_UNKNOWN note"]);
    expect(early.callsigns).toStrictEqual([]);
    expect(early.quarantine.get(welcome)).toStrictEqual(["CALLSIGN_UNCLAIMED"]);
    // The hello arrives: the same welcome claims LYRA and establishes the handshake.
    const late = mailbox.analyzeMailbox(entries);
    expect(late.findings).toStrictEqual([]);
    expect(late.callsigns.find((c) => c.callsign === "LYRA")?.claimed_by).toBe(welcome);
    expect(late.threads[0]?.handshake?.state).toBe("established");
  });
});

describe("crossed hellos among three callsigns: one canonical hello between any two", () => {
  const NAMES = ["VEGA", "LYRA", "ORION"] as const;
  const locus = (n: string) => ({ machine: `${n}-BOX`, root: { VEGA: "1f3a", LYRA: "2b4c", ORION: "3c5d" }[n]?.repeat(16) });
  // Hellos from random senders to ALL or to some of the others, then random accepting welcomes of
  // them from callsigns they address, in random order of sending.
  const history = fc.record({
    hellos: fc.array(fc.record({ from: fc.constantFrom(...NAMES), all: fc.boolean(), pick: fc.integer({ min: 1, max: 3 }) }), { minLength: 2, maxLength: 5 }),
    welcomes: fc.array(fc.record({ hello: fc.nat(), by: fc.nat(), at: fc.nat({ max: 6 }) }), { maxLength: 3 }),
  });
  it("names as canonical between two callsigns a hello that is not itself superseded between them, and reads any file order alike", () => {
    fc.assert(fc.property(history, ({ hellos, welcomes }) => {
      const specs = hellos.map((h, i) => {
        const others = NAMES.filter((n) => n !== h.from);
        // pick 1, 2 or 3: the first other, the second, or both.
        const to = h.all ? ["ALL"] : others.filter((_, k) => ((h.pick >> k) & 1) === 1);
        return { id: `h${i}`, at: i * 100, set: { kind: "hello", from: h.from, to, thread: `@h${i}`, reply_to: "", request_id: `@h${i}`, ...locus(h.from) } };
      });
      const welcomeSpecs = welcomes.flatMap((w, i) => {
        const hello = specs[w.hello % specs.length] as (typeof specs)[number];
        const addressed = NAMES.filter((n) => n !== hello.set.from && (hello.set.to.includes("ALL") || hello.set.to.includes(n)));
        const by = addressed[w.by % addressed.length] as string;
        return [{ id: `w${i}`, at: w.at * 100 + 50, set: { kind: "welcome", from: by, to: [hello.set.from], thread: hello.set.thread, reply_to: `@${hello.id}`, request_id: hello.set.request_id, terms: "accept", ...locus(by) } }];
      });
      const symbols = new Symbols(mailbox);
      // Every hello is minted before any welcome can cite it.
      const { entries, diffs } = readCase(symbols, [...specs, ...welcomeSpecs], mailbox);
      expect(diffs).toStrictEqual([]);
      const analysis = mailbox.analyzeMailbox(entries);
      const byHello = new Map(analysis.threads.flatMap((t) => (t.handshake === null ? [] : [[t.handshake.hello, t.handshake] as const])));
      for (const hs of byHello.values()) {
        for (const { callsign, canonical } of hs.crossings) {
          const winner = byHello.get(canonical);
          expect(winner, `canonical ${canonical} is a hello`).toBeDefined();
          const pair = [hs.initiator, callsign];
          expect(pair).toContain(winner?.initiator);
          expect(canonical < hs.hello).toBe(true);
          // The canonical hello between the two did not itself lose a crossing between them.
          const other = pair.find((n) => n !== winner?.initiator);
          expect(winner?.crossings.map((c) => c.callsign), `${symbols.name(canonical)} lost to ${other} too`).not.toContain(other);
        }
      }
      const view = (list: readonly mailbox.MailboxEntry[]): string => JSON.stringify(mailbox.analyzeMailbox(list).threads.map((t) => t.handshake));
      expect(view([...entries].reverse())).toBe(view(entries));
    }), { numRuns: 150 });
  });
});

describe("pairBudget over a room of many pairs", () => {
  it("finds the strictest budget of 200,000 pairs without passing them all as call arguments", () => {
    const pairs = new Map<string, { since: string; full: string | null; budgets: { since: string; budget: number | null }[] }>();
    for (let i = 0; i < 200_000; i++) pairs.set(`ROOM\u0000AAA\u0000P${String(i).padStart(6, "0")}`, { since: "x", full: null, budgets: [{ since: "x", budget: 50 + (i % 7) }] });
    const first = { arena: "ROOM", from: "AAA", to: ["ALL"] } as unknown as Parameters<typeof pairBudget>[0];
    expect(pairBudget(first, pairs, 20)).toBe(50);
  });

  it("counts a handshake that named no budget as the default it set (section 8), not as no budget", () => {
    const first = { arena: "ROOM", from: "AAA", to: ["BBB"] } as unknown as Parameters<typeof pairBudget>[0];
    const pair = (budgets: { since: string; budget: number | null }[]) => new Map([["ROOM\u0000AAA\u0000BBB", { since: "a", full: null, budgets }]]);
    // None named, then 30 accepted: the pair accepted 20 and 30, and works under the stricter.
    expect(pairBudget(first, pair([{ since: "a", budget: null }, { since: "b", budget: 30 }]), 20)).toBe(20);
    expect(pairBudget(first, pair([{ since: "a", budget: null }, { since: "b", budget: 30 }]), 20, "b")).toBe(20);
    expect(pairBudget(first, pair([{ since: "a", budget: 30 }, { since: "b", budget: null }]), 20, "b")).toBe(30);
    expect(pairBudget(first, pair([{ since: "a", budget: null }]), 25)).toBe(25);
    expect(pairBudget(first, pair([{ since: "a", budget: null }, { since: "b", budget: 3 }]), 20)).toBe(3);
    expect(pairBudget(first, pair([{ since: "b", budget: null }]), 20, "a")).toBeNull();
  });
});

describe("callsign claims: a welcome of a misplaced hello claims nothing, whatever the order", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  const codesOf = (analysis: mailbox.MailboxAnalysis, id: string): string[] => analysis.findings.filter((f) => f.id === id).map((f) => f.code).sort();
  it("refuses the welcome when it sorts before the misplaced hello it answers (the clocks disagreeing)", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "hv", at: 0, set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@hv", reply_to: "", request_id: "@hv", machine: "VEGA-BOX", root: RA } },
      { id: "r", at: 500, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r", machine: "VEGA-BOX", root: RA } },
      { id: "h", at: 3000, set: { kind: "hello", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "", request_id: "@h", machine: "LYRA-BOX", root: RB } },
      { id: "w", at: 2000, set: { kind: "welcome", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "@h", request_id: "@h", terms: "accept", machine: "VEGA-BOX", root: RA } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    expect(codesOf(analysis, symbols.uuid("h"))).toStrictEqual(["CALLSIGN_UNCLAIMED", "HELLO_THREAD_REUSED"]);
    expect(codesOf(analysis, symbols.uuid("w"))).toStrictEqual(["WELCOME_HELLO_MISPLACED"]);
  });
  it("lets a late welcome of a hello that opened its thread claim, though the thread holds other roots by then", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: RA } },
      { id: "s", set: { kind: "state", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@s", expects_reply: false, machine: "VEGA-BOX", root: RA } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", machine: "LYRA-BOX", root: RB } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    expect(codesOf(analysis, symbols.uuid("w"))).toStrictEqual([]);
    expect(analysis.callsigns.find((c) => c.callsign === "LYRA")?.claimed_by).toBe(symbols.uuid("w"));
  });
});

describe("a thread of a quarter million refused messages", () => {
  it("is analyzed, every finding returned, rather than a RangeError from passing them all as call arguments", () => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", at: 0, set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "", request_id: "@h", machine: "VEGA-BOX", root: "1f3a".repeat(16) } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const hello = (entries[0] as mailbox.MailboxEntry).envelope;
    const N = 250_000;
    const list: mailbox.MailboxEntry[] = [...entries];
    // Deliveries under a handshake nobody welcomed: each is WORK_BEFORE_ESTABLISHED.
    for (let i = 0; i < N; i++) {
      const id = mailbox.newUuid7({ msecs: Date.UTC(2026, 9, 1, 10) + i, random: Uint8Array.from({ length: 16 }, (_, k) => (i * 13 + k) & 0xff) });
      list.push({ envelope: { ...hello, id, kind: "deliver", reply_to: hello.id, expects_reply: false }, body: "x", file: `f${i}.md` });
    }
    const analysis = mailbox.analyzeMailbox(list);
    expect(analysis.findings.filter((f) => f.code === "WORK_BEFORE_ESTABLISHED")).toHaveLength(N);
  });
});

describe("a blocked in a thread of 200,000 messages", () => {
  it("is checked in one pass: each later message's owed reply is found by its parent, not by scanning the thread", () => {
    const symbols = new Symbols(mailbox);
    const RB = "2b4c".repeat(16);
    const { entries, diffs } = readCase(symbols, [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, machine: "LYRA-BOX", root: RB } },
      { id: "r", set: { kind: "request", from: "LYRA", to: ["VEGA"], thread: "@r", request_id: "@r", machine: "LYRA-BOX", root: RB } },
    ], mailbox);
    expect(diffs).toStrictEqual([]);
    const vega = (entries[0] as mailbox.MailboxEntry).envelope;
    const lyra = (entries[2] as mailbox.MailboxEntry).envelope;
    const N = 100_000;
    let clock = 0;
    const next = (): string => {
      clock++;
      return mailbox.newUuid7({ msecs: Date.UTC(2026, 9, 1, 10) + clock, random: Uint8Array.from({ length: 16 }, (_, k) => (clock * 13 + k) & 0xff) });
    };
    const list: mailbox.MailboxEntry[] = [...entries];
    // LYRA asks N questions in one thread, every other one expecting a reply; VEGA blocks, then
    // answers each: the replies owed pass, the others initiate.
    const asks: string[] = [];
    for (let i = 0; i < N; i++) {
      const id = next();
      asks.push(id);
      // Each question is a request of its own: one request_id asked twice of one parent would be
      // the same request republished (REPLY_REPUBLISHED).
      list.push({ envelope: { ...lyra, id, request_id: id, reply_to: lyra.id, expects_reply: i % 2 === 0 }, body: "x", file: `q${i}.md` });
    }
    const blocked = next();
    list.push({ envelope: { ...vega, id: blocked, thread: lyra.thread, request_id: lyra.request_id, kind: "blocked", to: ["LYRA", "HANDLER"], reply_to: lyra.id, expects_reply: false }, body: "x", file: "b.md" });
    for (let i = 0; i < N; i++) list.push({ envelope: { ...vega, id: next(), thread: lyra.thread, request_id: asks[i] as string, kind: "reply", reply_to: asks[i] as string, expects_reply: false }, body: "x", file: `y${i}.md` });
    list.push({ envelope: { ...vega, id: next(), thread: lyra.thread, request_id: lyra.request_id, kind: "blocked", to: ["LYRA"], reply_to: lyra.id, expects_reply: false }, body: "x", file: "b2.md" });
    expect(list.length).toBeGreaterThan(200_000);
    const analysis = mailbox.analyzeMailbox(list, { budget: 1_000_000 });
    expect(analysis.findings.filter((f) => f.code === "INITIATED_WHILE_BLOCKED")).toHaveLength(N / 2);
    expect(analysis.findings.filter((f) => f.code === "BLOCKED_REPEATED").map((f) => f.file)).toStrictEqual(["b2.md"]);
    expect(analysis.findings.filter((f) => f.severity === "error" && f.code !== "INITIATED_WHILE_BLOCKED" && f.code !== "BLOCKED_REPEATED")).toStrictEqual([]);
  });
});

describe("the thread summary names the blocks still standing at the thread's end", () => {
  const RA = "1f3a".repeat(16);
  const RB = "2b4c".repeat(16);
  const RH = "4d6e".repeat(16);
  const locus = { VEGA: { machine: "VEGA-BOX", root: RA }, LYRA: { machine: "LYRA-BOX", root: RB }, HANDLER: { machine: "HANDLER-DESK", root: RH } } as const;
  const peer = { VEGA: "LYRA", LYRA: "VEGA" } as const;
  // VEGA and LYRA established; LYRA's request opens thread r, where the steps below happen.
  const opening = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"], ...locus.VEGA } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...locus.LYRA } },
    { id: "r", set: { kind: "request", from: "LYRA", to: ["VEGA"], ...locus.LYRA } },
  ];
  const blocked = (id: string, from: "VEGA" | "LYRA") => ({ id, set: { kind: "blocked", from, to: [peer[from], "HANDLER"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...locus[from] } });
  const state = (id: string, from: keyof typeof locus, to: string[], extra: Record<string, unknown> = {}) => ({ id, set: { kind: "state", from, to, thread: "@r", reply_to: "@r", request_id: `@${id}`, expects_reply: false, ...locus[from], ...extra } });
  /** The thread r's summary, its blocks named by symbol, and the analysis's errors. */
  const summary = (steps: readonly { id: string; set: Record<string, unknown> }[]) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, [...opening, ...steps], mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    const thread = analysis.threads.find((t) => t.first === symbols.uuid("r")) as mailbox.ThreadSummary;
    const hello = analysis.threads.find((t) => t.first === symbols.uuid("h")) as mailbox.ThreadSummary;
    return {
      blocked: thread.blocked.map((b) => `${b.callsign} ${symbols.name(b.message)}`),
      raw: thread.blocked,
      uuid: (s: string) => symbols.uuid(s),
      helloBlocked: hello.blocked,
      errors: analysis.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${symbols.name(f.id ?? "")}`),
    };
  };

  it("is empty in a thread nobody blocked", () => {
    const s = summary([]);
    expect(s.raw).toStrictEqual([]);
    expect(s.helloBlocked).toStrictEqual([]);
  });

  it("names a standing block's sender and the blocked message's UUID, only in its own thread", () => {
    const s = summary([blocked("b", "VEGA")]);
    expect(s.raw).toStrictEqual([{ callsign: "VEGA", message: s.uuid("b") }]);
    expect(s.helloBlocked).toStrictEqual([]);
    expect(s.errors).toStrictEqual([]);
  });

  it("drops a block that Handler input lifted, to anyone in the thread", () => {
    expect(summary([blocked("b", "VEGA"), state("x", "HANDLER", ["LYRA"])]).blocked).toStrictEqual([]);
  });

  it("drops a block that declared new evidence lifted, from the blocked agent or its peer", () => {
    expect(summary([blocked("b", "VEGA"), state("e", "VEGA", ["LYRA"], { new_evidence: "CI run 4411 failed on main" })]).blocked).toStrictEqual([]);
    expect(summary([blocked("b", "VEGA"), state("e", "LYRA", ["VEGA"], { new_evidence: "the Handler widened the corpus" })]).blocked).toStrictEqual([]);
  });

  it("keeps a block that evidence told only to the Handler did not lift", () => {
    expect(summary([blocked("b", "VEGA"), state("e", "VEGA", ["HANDLER"], { new_evidence: "CI run 4411 failed on main" })]).blocked).toStrictEqual(["VEGA @b"]);
  });

  it("names the first blocked, not a repeated one, while it stands", () => {
    const s = summary([blocked("b", "VEGA"), blocked("b2", "VEGA")]);
    expect(s.blocked).toStrictEqual(["VEGA @b"]);
    expect(s.errors).toStrictEqual(["BLOCKED_REPEATED @b2"]);
  });

  it("names two blocked senders in the order they blocked, and after a lift the new blocks in theirs", () => {
    expect(summary([blocked("b", "VEGA"), blocked("c", "LYRA")]).blocked).toStrictEqual(["VEGA @b", "LYRA @c"]);
    expect(summary([blocked("b", "VEGA"), blocked("c", "LYRA"), state("x", "HANDLER", ["VEGA", "LYRA"]), blocked("c2", "LYRA"), blocked("b2", "VEGA")]).blocked).toStrictEqual(["LYRA @c2", "VEGA @b2"]);
  });

  it("names no one for a blocked sent in a name from another locus", () => {
    const forged = { id: "f", set: { ...blocked("f", "VEGA").set, machine: "EVIL", root: "3c5d".repeat(16) } };
    const s = summary([forged]);
    expect(s.blocked).toStrictEqual([]);
    expect(s.errors).toStrictEqual(["CALLSIGN_HELD @f"]);
  });

  it("is the same whatever order the files are read in", () => {
    const symbols = new Symbols(mailbox);
    const { entries } = readCase(symbols, [...opening, blocked("b", "VEGA"), blocked("c", "LYRA")], mailbox);
    const view = (list: readonly mailbox.MailboxEntry[]): string => JSON.stringify(mailbox.analyzeMailbox(list).threads.map((t) => [t.thread, t.blocked]).sort());
    const want = view(entries);
    expect(want).toContain(symbols.uuid("c"));
    fc.assert(fc.property(fc.shuffledSubarray(entries, { minLength: entries.length }), (shuffled) => view(shuffled) === want), { numRuns: 20 });
  });
});

describe("participants: the lifecycle of a departure (section 8: ACTIVE → DEPARTING → DEPARTED)", () => {
  const RB = "2b4c".repeat(16);
  const RO = "3c5d".repeat(16);
  const lyra = { machine: "LYRA-BOX", root: RB };
  const orion = { machine: "ORION-BOX", root: RO };
  const room = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  ];
  const goodbye = (id: string, from: string, to: string[], reEntry: string, locus: object = {}): { id: string; set: Record<string, unknown>; body: string } => ({ id, set: { kind: "goodbye", from, to, thread: "@h", reply_to: "@w", expects_reply: false, ...locus }, body: `Leaving {parent}.\n\nre-entry: ${reEntry}\n` });
  const ack = (id: string, from: string, to: string[], parent: string, locus: object = {}): { id: string; set: Record<string, unknown> } => ({ id, set: { kind: "ack", from, to, thread: "@h", reply_to: `@${parent}`, request_id: `@${parent}`, expects_reply: false, ...locus } });
  const resume = { id: "s", set: { kind: "resume", from: "LYRA", to: ["VEGA"], thread: "@s", reply_to: "", expects_reply: false, ...lyra }, body: "Resuming LYRA.\n" };
  const statusOf = (specs: Parameters<typeof readCase>[1], callsign = "LYRA"): string | undefined => {
    const { entries, diffs } = readCase(new Symbols(mailbox), specs, mailbox);
    expect(diffs).toStrictEqual([]);
    return mailbox.participants(entries, mailbox.analyzeMailbox(entries).quarantine).find((p) => p.callsign === callsign)?.status;
  };

  it("a goodbye in a two-agent room is departing until the peer acknowledges it, then departed with its re-entry", () => {
    expect(statusOf(room)).toBe("active");
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "final", lyra)])).toBe("departing");
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "final", lyra), ack("a", "VEGA", ["LYRA"], "g")])).toBe("departed(final)");
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "returning", lyra), ack("a", "VEGA", ["LYRA"], "g")])).toBe("departed(returning)");
    // Only the peer acknowledges: LYRA answering its own goodbye is no ACK.
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "returning", lyra), { id: "x", set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@g", expects_reply: false, ...lyra } }])).toBe("departing");
  });

  it("a resume makes a returning participant active again; a final one stays departed", () => {
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "returning", lyra), ack("a", "VEGA", ["LYRA"], "g"), resume])).toBe("active");
    // Departing (no ACK yet) and returning: the resume ends the departure too.
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "returning", lyra), resume])).toBe("active");
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "final", lyra), ack("a", "VEGA", ["LYRA"], "g"), resume])).toBe("departed(final)");
    // Without the analysis's quarantine (where the resume is CALLSIGN_RETIRED), final still holds.
    const { entries } = readCase(new Symbols(mailbox), [...room, goodbye("g", "LYRA", ["VEGA"], "final", lyra), resume], mailbox);
    expect(mailbox.participants(entries).find((p) => p.callsign === "LYRA")?.status).toBe("departing");
  });

  it("a group departure needs no ACK, and neither does the last agent's once its peer has departed", () => {
    const group = [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
      { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
      { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
    ];
    expect(statusOf([...group, goodbye("g", "LYRA", ["ALL"], "returning", lyra)])).toBe("departed(returning)");
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "final", lyra), ack("a", "VEGA", ["LYRA"], "g"), goodbye("v", "VEGA", ["HANDLER"], "returning")], "VEGA")).toBe("departed(returning)");
  });

  it("a quarantined goodbye departs nobody", () => {
    // From another machine: CALLSIGN_HELD, it does not speak for LYRA.
    expect(statusOf([...room, goodbye("g", "LYRA", ["VEGA"], "final", { machine: "OTHER-BOX", root: RO }), ack("a", "VEGA", ["LYRA"], "g")])).toBe("active");
  });
});

describe("analyzeMailbox: an unfinished thread with no active participant is blocked for the Handler (THREAD_ORPHANED)", () => {
  const RB = "2b4c".repeat(16);
  const lyra = { machine: "LYRA-BOX", root: RB };
  const base = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
    { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } },
  ];
  const departures = [
    { id: "g", set: { kind: "goodbye", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@w", expects_reply: false, ...lyra }, body: "Leaving {parent}.\n\nre-entry: final\n" },
    { id: "a", set: { kind: "ack", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@g", request_id: "@g", expects_reply: false } },
    { id: "v", set: { kind: "goodbye", from: "VEGA", to: ["HANDLER"], thread: "@h", reply_to: "@a", expects_reply: false }, body: "Leaving {parent}.\n\nre-entry: returning\n" },
  ];
  const analyze = (specs: Parameters<typeof readCase>[1]): { symbols: Symbols; analysis: mailbox.MailboxAnalysis } => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    return { symbols, analysis: mailbox.analyzeMailbox(entries) };
  };

  it("a reply still owed and every participant departed: THREAD_ORPHANED, the thread's summary orphaned, nothing quarantined", () => {
    const { symbols, analysis } = analyze([...base, ...departures]);
    const orphaned = analysis.findings.filter((f) => f.code === "THREAD_ORPHANED");
    expect(orphaned.map((f) => [f.severity, f.id])).toStrictEqual([["note", undefined]]);
    expect(orphaned[0]?.message).toContain(symbols.uuid("r"));
    expect(orphaned[0]?.message).toContain("LYRA departed(final), VEGA departed(returning)");
    expect(analysis.threads.map((t) => [t.first, t.orphaned])).toStrictEqual([[symbols.uuid("h"), false], [symbols.uuid("r"), true]]);
    expect([...analysis.quarantine.values()].flat()).not.toContain("THREAD_ORPHANED");
  });

  it("not while a participant is active, nor once nothing is owed", () => {
    // VEGA still here: the thread has an active participant.
    const here = analyze([...base, ...departures.slice(0, 2)]).analysis;
    expect(here.findings.map((f) => f.code)).not.toContain("THREAD_ORPHANED");
    expect(here.threads.every((t) => !t.orphaned)).toBe(true);
    // LYRA answered before leaving: everyone departed, but the thread is finished.
    const answered = { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } };
    const done = analyze([...base, answered, ...departures]).analysis;
    expect(done.findings.map((f) => f.code)).not.toContain("THREAD_ORPHANED");
    expect(done.threads.every((t) => !t.orphaned)).toBe(true);
  });

  it("a departing participant is not active: a two-agent room whose goodbyes nobody acknowledged still orphans its debt", () => {
    // VEGA's goodbye answers LYRA's welcome, not LYRA's goodbye: no ACK, so each waits on the other
    // (LYRA, departing, is still of the room VEGA leaves).
    const unacknowledged = [departures[0] as (typeof departures)[number], { ...(departures[2] as (typeof departures)[number]), set: { ...(departures[2] as (typeof departures)[number]).set, reply_to: "@w" } }];
    const { analysis } = analyze([...base, ...unacknowledged]);
    expect(analysis.findings.filter((f) => f.code === "THREAD_ORPHANED").map((f) => f.message)).toStrictEqual([expect.stringContaining("LYRA departing, VEGA departing")]);
  });
});

describe("callsign claims: a reply asked of a callsign away on a returning goodbye waits for its resume (ADDRESSEE_DEPARTED)", () => {
  const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
  const orion = { machine: "ORION-BOX", root: "3c5d".repeat(16) };
  const room = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
    { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
  ];
  const goodbye = (reEntry: string, id = "g", reply_to = "@w"): { id: string; set: Record<string, unknown>; body: string } => ({ id, set: { kind: "goodbye", from: "LYRA", to: ["ALL"], thread: "@h", reply_to, expects_reply: false, ...lyra }, body: `Leaving {parent}.\n\nre-entry: ${reEntry}\n` });
  const request = (id: string, from: string, to: string[], expects_reply = true): { id: string; set: Record<string, unknown> } => ({ id, set: { kind: "request", from, to, thread: `@${id}`, reply_to: "", request_id: `@${id}`, expects_reply } });
  const analyze = (specs: Parameters<typeof readCase>[1]): { symbols: Symbols; analysis: mailbox.MailboxAnalysis; codes: string[] } => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    return { symbols, analysis, codes: analysis.findings.filter((f) => f.code.startsWith("ADDRESSEE_")).map((f) => `${f.code} ${symbols.name(f.id ?? "")} ${f.slot}`) };
  };

  it("a note on the addressee's slot naming the goodbye, which quarantines nothing; only a message expecting a reply", () => {
    const { symbols, analysis, codes } = analyze([...room, goodbye("returning"), request("r", "VEGA", ["ORION", "LYRA"]), request("n", "VEGA", ["LYRA"], false)]);
    expect(codes).toStrictEqual(["ADDRESSEE_DEPARTED @r to[1]"]);
    const note = analysis.findings.find((f) => f.code === "ADDRESSEE_DEPARTED");
    expect(note?.severity).toBe("note");
    expect(note?.message).toContain(`LYRA departed with goodbye ${symbols.uuid("g")}`);
    expect(analysis.quarantine.has(symbols.uuid("r"))).toBe(false);
  });

  it("only at its place in the history: not before the goodbye, nor after a resume", () => {
    const resume = { id: "s", set: { kind: "resume", from: "LYRA", to: ["VEGA"], thread: "@s", reply_to: "", expects_reply: false, ...lyra }, body: "Resuming LYRA.\n" };
    expect(analyze([...room, request("b", "VEGA", ["LYRA"]), goodbye("returning"), request("r", "VEGA", ["LYRA"]), resume, request("q", "VEGA", ["LYRA"])]).codes).toStrictEqual(["ADDRESSEE_DEPARTED @r to[0]"]);
    // A goodbye banking no single re-entry is read as returning, as the participant lifecycle reads it.
    const unstated = { ...goodbye("returning"), body: "Leaving {parent}.\n" };
    expect(analyze([...room, unstated, request("r", "VEGA", ["LYRA"])]).codes).toStrictEqual(["ADDRESSEE_DEPARTED @r to[0]"]);
  });

  it("not for a broadcast, a Handler's message, or a goodbye that does not speak for its sender", () => {
    expect(analyze([...room, goodbye("returning"), request("r", "VEGA", ["ALL"])]).codes).toStrictEqual([]);
    expect(analyze([...room, goodbye("returning"), request("r", "HANDLER", ["LYRA"])]).codes).toStrictEqual([]);
    // Its own reply_to: a causal cycle (PARENT_CYCLE), so LYRA never left.
    expect(analyze([...room, goodbye("returning", "g", "@g"), request("r", "VEGA", ["LYRA"])]).codes).toStrictEqual([]);
  });

  it("not on a message the analysis quarantines: it owes nothing, so no reply of it waits", () => {
    // A stranger's request (CALLSIGN_UNCLAIMED, which quarantines) and one from a name retired since
    // (CALLSIGN_RETIRED) ask LYRA, away, for nothing. Found by the differential check of the folder rules.
    const stranger = { ...request("z", "ZEPHYR", ["LYRA"]), set: { ...request("z", "ZEPHYR", ["LYRA"]).set, machine: "ZEPHYR-BOX" } };
    const { symbols, analysis, codes } = analyze([...room, goodbye("returning"), stranger]);
    expect(codes).toStrictEqual([]);
    expect(analysis.quarantine.has(symbols.uuid("z"))).toBe(true);
    const orionLeaves = { id: "f", set: { kind: "goodbye", from: "ORION", to: ["VEGA"], thread: "@f", reply_to: "", request_id: "@f", expects_reply: false, ...orion }, body: "Leaving.\n\nre-entry: final\n" };
    const retired = { ...request("q", "ORION", ["LYRA"]), set: { ...request("q", "ORION", ["LYRA"]).set, ...orion } };
    expect(analyze([...room, goodbye("returning"), orionLeaves, retired]).codes).toStrictEqual([]);
  });

  it("a retired callsign is ADDRESSEE_RETIRED only, even after an earlier returning goodbye", () => {
    expect(analyze([...room, goodbye("final"), request("r", "VEGA", ["LYRA"])]).codes).toStrictEqual(["ADDRESSEE_RETIRED @r to[0]"]);
    expect(analyze([...room, goodbye("returning"), goodbye("final", "f", "@g"), request("r", "VEGA", ["LYRA"])]).codes).toStrictEqual(["ADDRESSEE_RETIRED @r to[0]"]);
  });
});

describe("reconcile and the checker agree on a request whose requester retired (REQUESTER_RETIRED)", () => {
  const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
  const room = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
    { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } },
  ];
  // VEGA leaves asking LYRA's ACK: the goodbye itself stays answerable (section 8's peer ACK).
  const goodbye = (reEntry: string): { id: string; set: Record<string, unknown>; body: string } => ({ id: "g", set: { kind: "goodbye", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@g" }, body: `Leaving {parent}.\n\nre-entry: ${reEntry}\n` });
  const answer = (id: string, reply_to: string): { id: string; set: Record<string, unknown> } => ({ id, set: { kind: id === "k" ? "ack" : "reply", from: "LYRA", to: ["VEGA"], thread: reply_to === "@r" ? "@r" : "@h", reply_to, request_id: reply_to, expects_reply: false, ...lyra } });
  const now = Date.parse("2026-10-02T00:00:00Z");
  const hello = (symbols: Symbols): Record<string, unknown> => ({ id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") });
  /** Reconciles LYRA over `specs`; `refused(spec)` says which ADDRESSEE_ codes the checker raises on one more message. */
  const setup = (specs: Parameters<typeof readCase>[1]) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const reconcileWith = (dispositions: unknown[]) => mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions, now });
    const item = (report: mailbox.ReconcileReport, symbol: string) => report.items.find((i) => i.id === symbols.uuid(symbol)) as mailbox.ReconcileItem;
    const codes = (report: mailbox.ReconcileReport) => report.findings.map((f) => `${f.code} ${symbols.name(f.id ?? "")}`);
    const refused = (spec: Parameters<typeof readCase>[1][number]): string[] => {
      const more = readCase(symbols, [spec], mailbox);
      expect(more.diffs).toStrictEqual([]);
      return mailbox.analyzeMailbox([...entries, ...more.entries]).findings.filter((f) => f.id === symbols.uuid(spec.id) && f.code.startsWith("ADDRESSEE_")).map((f) => `${f.code} ${f.severity}`);
    };
    return { symbols, reconcileWith, item, codes, refused };
  };

  it("a final goodbye: never reply or handle, since the checker refuses the reply; the debt stays open for the Handler, a note naming the goodbye", () => {
    const { symbols, reconcileWith, item, codes, refused } = setup([...room, goodbye("final")]);
    const fresh = reconcileWith([hello(symbols)]);
    expect(item(fresh, "r")).toMatchObject({ action: "audit", open_reply: true });
    expect(codes(fresh)).toStrictEqual(["REQUESTER_RETIRED @r"]);
    const note = fresh.findings[0] as mailbox.MailboxFinding;
    expect(note.severity).toBe("note");
    expect(note.message).toContain(`VEGA retired with a final goodbye (${symbols.uuid("g")})`);
    // Counted, not silently closed: work is FOUND until the Handler directs (the goodbye's ACK is the other).
    expect(fresh.counts.open_reply_count).toBe(2);
    expect(fresh.status).toBe("FOUND");
    // The reply reconcile would have asked for is what the checker refuses.
    expect(refused(answer("y", "@r"))).toStrictEqual(["ADDRESSEE_RETIRED error"]);
    // The goodbye is still the participant's to handle, and its no-reply ACK is allowed.
    expect(item(fresh, "g").action).toBe("handle");
    expect(refused(answer("k", "@g"))).toStrictEqual([]);
  });

  it("a terminal disposition is audited, not sent to reply (no REPLY_OWED); blocked for the Handler waits; Handler direction closes it", () => {
    const { symbols, reconcileWith, item, codes } = setup([...room, goodbye("final"), answer("k", "@g")]);
    const ack = { id: symbols.uuid("g"), state: "replied", cta: "completed", reply: symbols.uuid("k") };
    const acted = reconcileWith([hello(symbols), ack, { id: symbols.uuid("r"), state: "acted", cta: "completed", effect: "commit 1a2b3c" }]);
    expect(item(acted, "r")).toMatchObject({ action: "audit", open_reply: true });
    expect(codes(acted)).toStrictEqual(["REQUESTER_RETIRED @r"]);
    expect(acted.cursor_advance).not.toContain(symbols.uuid("r"));
    expect(acted.work_clean).toBe(false);
    const blocked = reconcileWith([hello(symbols), ack, { id: symbols.uuid("r"), state: "blocked: handler-decision", cta: "blocked" }]);
    expect(item(blocked, "r").action).toBe("wait");
    expect(codes(blocked)).toStrictEqual(["REQUESTER_RETIRED @r"]);
    const directed = reconcileWith([hello(symbols), ack, { id: symbols.uuid("r"), state: "no-reply-required", cta: "completed", handler: "Handler: the work is banked in the primer; no reply" }]);
    expect(item(directed, "r")).toMatchObject({ action: "none", open_reply: false });
    expect(directed.findings).toStrictEqual([]);
    expect(directed.status).toBe("CLEAN");
  });

  it("a reply published before the goodbye settled it; a returning goodbye leaves the reply to publish (the checker allows it)", () => {
    const before = setup([...room, answer("y", "@r"), goodbye("final")]);
    const answered = before.reconcileWith([hello(before.symbols)]);
    expect(before.item(answered, "r").action).toBe("restore");
    expect(before.codes(answered)).not.toContain("REQUESTER_RETIRED @r");
    const away = setup([...room, goodbye("returning")]);
    const waiting = away.reconcileWith([hello(away.symbols), { id: away.symbols.uuid("r"), state: "acted", cta: "completed", effect: "commit 1a2b3c" }]);
    expect(away.item(waiting, "r").action).toBe("reply");
    expect(away.codes(waiting)).toContain("REPLY_OWED @r");
    expect(away.codes(waiting)).not.toContain("REQUESTER_RETIRED @r");
    // A reply asking none waits in the departed peer's inbox for its resume: nothing to note.
    expect(away.refused(answer("y", "@r"))).toStrictEqual([]);
  });
});

describe("a goodbye departs or retires its sender only when nothing quarantines it, in the callsign view and the participant lifecycle alike", () => {
  const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
  const room = [
    { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
    { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  ];
  const goodbye = (reEntry: string, set: Record<string, unknown> = {}): { id: string; set: Record<string, unknown>; body: string } => ({ id: "g", set: { kind: "goodbye", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@w", expects_reply: false, ...lyra, ...set }, body: `Leaving {parent}.\n\nre-entry: ${reEntry}\n` });
  // VEGA asks in a thread of its own; LYRA answers with its one blocked, then initiates there again.
  const blockedThen = (reEntry: string): Parameters<typeof readCase>[1] => [
    { id: "t", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", reply_to: "", request_id: "@t" } },
    { id: "b", set: { kind: "blocked", from: "LYRA", to: ["VEGA"], thread: "@t", reply_to: "@t", request_id: "@t", expects_reply: false, ...lyra } },
    goodbye(reEntry, { thread: "@t", reply_to: "@b" }),
  ];
  const after = [
    { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@r", reply_to: "", request_id: "@r" } },
    { id: "s", set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@r", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } },
  ];
  const analyze = (specs: Parameters<typeof readCase>[1], options: mailbox.AnalyzeOptions = {}) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries, options);
    const view = analysis.callsigns.find((c) => c.callsign === "LYRA");
    return {
      goodbye: (analysis.quarantine.get(symbols.uuid("g")) ?? []).join(","),
      name: `${view?.state} ${view?.retired_by === null ? "-" : symbols.name(view?.retired_by ?? "")}`,
      status: mailbox.participants(entries, analysis.quarantine).find((p) => p.callsign === "LYRA")?.status,
      later: analysis.findings.filter((f) => f.id === symbols.uuid("r") || f.id === symbols.uuid("s")).map((f) => `${f.code} ${symbols.name(f.id ?? "")}`),
    };
  };

  it("a final goodbye on a causal cycle (PARENT_CYCLE) does not speak for its sender: it tombstones nothing", () => {
    expect(analyze([...room, goodbye("final", { reply_to: "@g" }), ...after])).toStrictEqual({ goodbye: "PARENT_CYCLE", name: "active -", status: "active", later: [] });
  });

  it("a final goodbye an error refuses before the claims walk (PARENT_THREAD_MISMATCH) retires nobody", () => {
    expect(analyze([...room, goodbye("final", { thread: "@g" }), ...after])).toStrictEqual({ goodbye: "PARENT_THREAD_MISMATCH", name: "active -", status: "active", later: [] });
  });

  it("a final goodbye the walk itself refuses (ADDRESSEE_RETIRED: to a name already retired) retires nobody", () => {
    const orion = { machine: "ORION-BOX", root: "3c5d".repeat(16) };
    const trio = [
      { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
      room[1] as (typeof room)[number],
      { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
      { id: "x", set: { kind: "goodbye", from: "ORION", to: ["ALL"], thread: "@h", reply_to: "@o", expects_reply: false, ...orion }, body: "Leaving {parent}.\n\nre-entry: final\n" },
    ];
    expect(analyze([...trio, goodbye("final", { to: ["ORION"] }), ...after])).toStrictEqual({ goodbye: "ADDRESSEE_RETIRED", name: "active -", status: "active", later: [] });
  });

  it("a final goodbye refused by a dialogue rule judged after the walk (INITIATED_WHILE_BLOCKED, EXCHANGE_BUDGET_EXCEEDED) retires nobody", () => {
    expect(analyze([...room, ...blockedThen("final"), ...after])).toStrictEqual({ goodbye: "INITIATED_WHILE_BLOCKED", name: "active -", status: "active", later: [] });
    expect(analyze([...room, goodbye("final"), ...after], { budget: 2 })).toStrictEqual({ goodbye: "EXCHANGE_BUDGET_EXCEEDED", name: "active -", status: "active", later: [] });
  });

  it("a returning goodbye refused after the walk departs nobody: no ADDRESSEE_DEPARTED", () => {
    expect(analyze([...room, ...blockedThen("returning"), ...after])).toStrictEqual({ goodbye: "INITIATED_WHILE_BLOCKED", name: "active -", status: "active", later: [] });
    expect(analyze([...room, goodbye("returning"), ...after], { budget: 2 })).toStrictEqual({ goodbye: "EXCHANGE_BUDGET_EXCEEDED", name: "active -", status: "active", later: [] });
  });

  it("the same goodbyes, refused by nothing, still depart and retire in both places", () => {
    expect(analyze([...room, goodbye("final"), ...after])).toStrictEqual({ goodbye: "", name: "retired @g", status: "departing", later: ["ADDRESSEE_RETIRED @r", "CALLSIGN_RETIRED @s"] });
    expect(analyze([...room, goodbye("returning"), ...after])).toStrictEqual({ goodbye: "", name: "active -", status: "departing", later: ["ADDRESSEE_DEPARTED @r"] });
  });
});

describe("withdrawn retirements that lead to one another are bounded", () => {
  // L<i>'s final goodbye spends thread r<i>'s budget only once L<i-1>'s state there speaks for it,
  // that is once L<i-1>'s own final goodbye (over r<i-1>'s budget) no longer retires it: each
  // withdrawal makes the next, one round of the whole analysis each.
  const chain = (k: number): Parameters<typeof readCase>[1] => {
    const name = (i: number): string => `L${i}`;
    const locus = (i: number): { machine: string; root: string } => ({ machine: `L${i}-BOX`, root: (i + 4096).toString(16).repeat(16) });
    const specs: (Parameters<typeof readCase>[1][number])[] = [{ id: "h", set: { kind: "hello", from: "VEGA", to: Array.from({ length: k }, (_, i) => name(i + 1)) } }];
    for (let i = 1; i <= k; i++) specs.push({ id: `w${i}`, set: { kind: "welcome", from: name(i), to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...locus(i) } });
    for (let i = 1; i <= k; i++) {
      const thread = { thread: `@r${i}`, reply_to: `@r${i}`, request_id: `@r${i}`, expects_reply: false };
      specs.push({ id: `r${i}`, set: { kind: "request", from: "VEGA", to: [name(i)], thread: `@r${i}`, reply_to: "", request_id: `@r${i}` } });
      specs.push({ id: `s${i}`, set: i === 1 ? { kind: "state", from: "VEGA", to: [name(i)], ...thread } : { kind: "state", from: name(i - 1), to: ["VEGA"], ...thread, ...locus(i - 1) } });
      specs.push({ id: `g${i}`, set: { kind: "goodbye", from: name(i), to: ["VEGA"], ...thread, reply_to: `@s${i}`, ...locus(i) }, body: "Leaving {parent}.\n\nre-entry: final\n" });
    }
    return specs;
  };
  const analyze = (k: number): { retired: string[]; overBudget: string[] } => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, chain(k), mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries, { budget: 2 });
    return {
      retired: analysis.callsigns.filter((c) => c.state === "retired").map((c) => c.callsign),
      overBudget: Array.from({ length: k }, (_, i) => `g${i + 1}`).filter((g) => analysis.quarantine.get(symbols.uuid(g))?.includes("EXCHANGE_BUDGET_EXCEEDED")),
    };
  };
  const names = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `L${from + i}`);

  it("a chain within the bound is followed to its end: every goodbye is over budget, and none retires its name", () => {
    const k = RETIREMENT_ROUNDS - 1;
    expect(analyze(k)).toStrictEqual({ retired: [], overBudget: names(1, k).map((n) => n.replace("L", "g")) });
  });

  it(`a longer chain stops after ${RETIREMENT_ROUNDS} rounds: the retirements not yet withdrawn stand, so those names stay refused`, () => {
    const k = 60;
    const n = RETIREMENT_ROUNDS;
    // The rounds withdrew L1 to L<n-1>; L<n>'s goodbye is found over budget in the last round but
    // its retirement stands (the one place the two views still differ); later goodbyes are within
    // budget, the states before them coming from retired names.
    expect(analyze(k)).toStrictEqual({ retired: names(n, k), overBudget: names(1, n).map((x) => x.replace("L", "g")) });
  });
});

describe("the anomaly index is keyed by exact file name plus fingerprint (section 10)", () => {
  // SHA-256 of no bytes: every empty file (created, not yet written) has this fingerprint.
  const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  const now = Date.parse("2026-10-02T00:00:00Z");
  const anomaly = (file: string, fingerprint = EMPTY): mailbox.MailboxAnomaly => ({ fingerprint, file, id: null, to: null, reason: "refused" });
  const open = (anomalies: mailbox.MailboxAnomaly[], anomalyIndex: unknown[]): string[] => {
    const r = mailbox.reconcile({ participant: "LYRA", messages: [], dispositions: [], anomalies, anomalyIndex: anomalyIndex as mailbox.AnomalyRecord[], now });
    expect(r.counts.anomaly_count).toBe(r.findings.filter((f) => f.code === "ANOMALY_OPEN").length);
    return r.findings.filter((f) => f.code === "ANOMALY_OPEN").map((f) => f.file ?? "");
  };
  const a = "2026-10-01-09-00-05-VEGA-request-a.md";
  const b = "2026-10-01-09-00-06-VEGA-request-b.md";
  it("closing one empty file's anomaly leaves another empty file's open", () => {
    expect(open([anomaly(a), anomaly(b)], [{ file: a, fingerprint: EMPTY, state: "closed" }])).toStrictEqual([b]);
  });
  it("a record closes the anomaly whose file and fingerprint both match, and only exactly", () => {
    expect(open([anomaly(a)], [{ file: a, fingerprint: EMPTY, state: "closed" }])).toStrictEqual([]);
    expect(open([anomaly(a)], [{ file: a, fingerprint: "0".repeat(64), state: "closed" }])).toStrictEqual([a]);
    expect(open([anomaly(a)], [{ file: a.replace(".md", ""), fingerprint: EMPTY, state: "closed" }])).toStrictEqual([a]);
    expect(open([anomaly(a)], [{ file: a, fingerprint: EMPTY, state: "open" }])).toStrictEqual([a]);
  });
  it("the same bytes under two names (a conflict copy) are two anomalies, each closed by its own record", () => {
    const copy = "2026-10-01-09-00-05-VEGA-request-a (1).md";
    const bytes = "a".repeat(64);
    expect(open([anomaly(a, bytes), anomaly(copy, bytes)], [{ file: copy, fingerprint: bytes, state: "closed" }])).toStrictEqual([a]);
    expect(open([anomaly(a, bytes), anomaly(copy, bytes)], [{ file: copy, fingerprint: bytes, state: "closed" }, { file: a, fingerprint: bytes, state: "closed" }])).toStrictEqual([]);
  });
  it("a record that names no file (the earlier fingerprint-only form) closes nothing", () => {
    expect(open([anomaly(a), anomaly(b)], [{ fingerprint: EMPTY, state: "closed" }])).toStrictEqual([a, b]);
  });
  it("tells the participant to record a UUID-less anomaly by its exact file name plus fingerprint", () => {
    const r = mailbox.reconcile({ participant: "LYRA", messages: [], dispositions: [], anomalies: [anomaly(a)], now });
    expect(r.findings.find((f) => f.code === "ANOMALY_OPEN")?.message).toBe("refused: never consumed or deleted silently; record needs-audit in the anomaly index by its exact file name plus fingerprint, or close it once resolved");
  });
});

describe("readAnomalyRecord: the anomaly index's record is the core's (section 10: keyed by exact filename plus content fingerprint)", () => {
  const fingerprint = "ab".repeat(32);
  it("reads a record with its file, fingerprint and state, and only those", () => {
    expect(mailbox.readAnomalyRecord({ file: "x (1).md", fingerprint, state: "closed", note: "repaired" })).toStrictEqual({ ok: true, record: { file: "x (1).md", fingerprint, state: "closed" } });
    expect(mailbox.readAnomalyRecord({ file: "archive/kickoff/x.md", fingerprint, state: "open" })).toStrictEqual({ ok: true, record: { file: "archive/kickoff/x.md", fingerprint, state: "open" } });
  });
  it("refuses anything else, and says a record without its file would close every file with the same bytes", () => {
    for (const value of [null, 7, "x", [], [{ file: "x.md", fingerprint, state: "closed" }], { file: "x.md", fingerprint, state: "done" }, { file: 1, fingerprint, state: "closed" }, { file: "x.md", state: "closed" }, { file: "x.md", fingerprint }]) {
      const read = mailbox.readAnomalyRecord(value);
      expect(read.ok, JSON.stringify(value)).toBe(false);
      if (!read.ok) {
        expect(read.reason).toMatch(/^is not an anomaly record, \{"file": /);
        expect(read.reason).not.toContain("it names no file");
      }
    }
    const fileless = mailbox.readAnomalyRecord({ fingerprint, state: "closed" });
    expect(fileless.ok).toBe(false);
    if (!fileless.ok) expect(fileless.reason).toContain("(it names no file: a record is keyed by exact file name plus fingerprint, and one by fingerprint alone would close every file with the same bytes)");
  });
});
