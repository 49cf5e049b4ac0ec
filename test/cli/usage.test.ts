// What a command cannot run without (an argument, an option, a part of its document), missing or
// empty: a usage error, exit 2, in one line that names the command and every part missing. Input
// that is there but fails a check stays exit 1.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const RECORDS = join(ROOT, "test", "conformance", "delegation", "records");
const file = (name: string): string => join(RECORDS, `${name}.json`);
const record = (name: string): unknown => JSON.parse(readFileSync(file(name), "utf8"));
const tmp = mkdtempSync(join(tmpdir(), "rw-usage-"));
const EMPTY = join(tmp, "empty.json");
writeFileSync(EMPTY, "");

function rw(args: string[], input = "", cwd = ROOT): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [RW, ...args], { input, encoding: "utf8", cwd });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The usage error's line, after checking the exit code and that nothing went to stdout. */
function usage(args: string[], input = ""): string {
  const r = rw(args, input);
  expect([r.code, r.out], r.err).toStrictEqual([2, ""]);
  return r.err.split("\n")[0] as string;
}

const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

describe("an option a command cannot run without", () => {
  it.each([
    [["make-rb"], "rw: make-rb needs --ho (rw make-rb --ho HO)"],
    [["check-rb"], "rw: check-rb needs --ho and --rb (rw check-rb --ho HO --rb RB)"],
    [["check-dn", "--ho", PAY_HO], "rw: check-dn needs --dn (rw check-dn --ho HO --dn DN)"],
    // Named before the HO is read: a call missing a part is refused before its input is checked.
    [["prepare", "--ho", "RW1 HO nope"], "rw: prepare needs --call and --exp (rw prepare --ho HO --call JSON --exp T)"],
  ])("%j names the command and every option missing", (args, line) => {
    expect(usage(args)).toBe(line);
  });
  it("the command's help shows them in its usage line", () => {
    expect(rw(["check-rb", "--help"]).out).toContain("usage: rw check-rb --ho HO --rb RB [options]");
  });
  it("a required option given empty or blank is missing too, named with the rest before any input is read", () => {
    expect(usage(["check-rb", "--ho", "", "--rb", "\t"])).toBe("rw: check-rb needs --ho and --rb (rw check-rb --ho HO --rb RB; --ho, --rb are empty)");
    // The --ho given is a path that does not exist: named missing parts come first, the path is never looked at.
    expect(usage(["prepare", "--ho", "no-such-file", "--call", "", "--exp", " "])).toBe("rw: prepare needs --call and --exp (rw prepare --ho HO --call JSON --exp T; --call, --exp are empty)");
    expect(usage(["check-dn", "--ho", PAY_HO])).toBe("rw: check-dn needs --dn (rw check-dn --ho HO --dn DN)");
    expect(usage(["check-dn", "--ho", "", "--dn", "no-such-file"])).toBe("rw: check-dn needs --ho (rw check-dn --ho HO --dn DN; --ho is empty)");
  });
  it("an empty argument names nothing: it is missing", () => {
    expect(usage(["commit", ""])).toBe("rw: commit needs TOKEN (rw commit TOKEN)");
    expect(usage(["mailbox", "check", ""])).toBe("rw: mailbox check needs PATH (rw mailbox check PATH)");
  });
});

describe("usage errors no input decides are refused before the messages are read", () => {
  // An HO that does not parse is exit 1: read first, it hid the caller's mistake behind a verdict
  // on the input, and the same call with a parsing HO was exit 2.
  const BAD = "{not json";
  it("check-ho without --record or --relay-from names them, with a missing --ho, in the one needs line", () => {
    expect(usage(["check-ho", "--ho", BAD])).toBe("rw: check-ho needs --record or --relay-from (rw check-ho --ho HO --record FILE, or --relay-from HO for a relay)");
    expect(usage(["check-ho", "--ho", PAY_HO])).toBe("rw: check-ho needs --record or --relay-from (rw check-ho --ho HO --record FILE, or --relay-from HO for a relay)");
    expect(usage(["check-ho"])).toBe("rw: check-ho needs --ho and --record or --relay-from (rw check-ho --ho HO --record FILE, or --relay-from HO for a relay)");
  });
  it.each([
    [["check-ho", "--ho", BAD, "--record", "{}", "--relay-from", PAY_HO], "rw: give --record FILE (before sending) or --relay-from HO (a relay's forward), not both"],
    [["check-ho", "--ho", BAD, "--record", "{}", "--adds", "{}"], "rw: --adds names the slots a relay's role adds: it goes with --relay-from"],
    [["check-dn", "--ho", BAD, "--dn", BAD, "--expect-acc", "len:200w"], "rw: --expect-acc judges the readback (--rb) at tier 4, as check-rb did: give --rb"],
  ])("%j is a usage error whatever the HO holds", (args, line) => {
    expect(usage(args)).toBe(line);
    // The same call with an HO that parses says the same.
    expect(usage(args.map((a) => (a === BAD ? PAY_HO : a)))).toBe(line);
  });
  it.each([
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "tomorrow"], "rw: --exp tomorrow: expected YYYYMMDDTHHMMZ (UTC)"],
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "20261002T1200Z", "--now", "now"], "rw: --now now: expected YYYYMMDDTHHMMZ (UTC)"],
    // In the form, but no such date or time of day: said so, not sent back to the form.
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "20261002T1200Z", "--now", "20260230T0900Z"], "rw: --now 20260230T0900Z: the form is right, but 2026-02-30 is no calendar date"],
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "20270229T0900Z"], "rw: --exp 20270229T0900Z: the form is right, but 2027-02-29 is no calendar date"],
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "20261002T2460Z"], "rw: --exp 20261002T2460Z: the form is right, but 24:60 is no time of day (00:00 to 23:59)"],
    [["prepare", "--ho", BAD, "--call", "{}", "--exp", "20261002T1200Z", "--n", "two"], "rw: --n two: a whole number from 0 to 9007199254740991"],
    [["prepare", "--ho", BAD, "--call", "{amt", "--exp", "20261002T1200Z"], "rw: --call: not JSON (expected a double-quoted key or }, found \"a\" (line 1, column 2))"],
    [["make-rb", "--ho", BAD, "--n", "two"], "rw: --n two: a whole number from 0 to 9007199254740991"],
    [["make-rb", "--ho", BAD, "--exec", "[1]"], "rw: --exec: a JSON object of slot values (strings, whole numbers, booleans, or lists of them)"],
    // A --record or --adds that is not JSON: the HO's vocabulary reads its values, never its JSON.
    [["check-ho", "--ho", BAD, "--record", "{amt"], "rw: --record: not JSON (expected a double-quoted key or }, found \"a\" (line 1, column 2))"],
    [["check-ho", "--ho", BAD, "--record", join(tmp, "no-such-record.json")], `rw: --record: cannot read ${join(tmp, "no-such-record.json")}: no such file`],
    [["check-rb", "--ho", BAD, "--rb", BAD, "--record", "{amt"], "rw: --record: not JSON (expected a double-quoted key or }, found \"a\" (line 1, column 2))"],
    [["check-dn", "--ho", BAD, "--dn", BAD, "--rb", BAD, "--record", "{amt"], "rw: --record: not JSON (expected a double-quoted key or }, found \"a\" (line 1, column 2))"],
    [["check-ho", "--ho", BAD, "--relay-from", BAD, "--adds", "{amt"], "rw: --adds: not JSON (expected a double-quoted key or }, found \"a\" (line 1, column 2))"],
    [["check-ho", "--ho", BAD, "--relay-from", BAD, "--adds", "[1]"], "rw: --adds: a JSON object of slot values (strings, whole numbers, booleans, or lists of them)"],
  ])("%j: an option not in its form is a usage error before the HO is read", (args, line) => {
    expect(usage(args)).toBe(line);
    expect(usage(args.map((a) => (a === BAD ? PAY_HO : a)))).toBe(line);
  });
  it("rw mailbox check --now in the form but naming no calendar date says so (exit 2)", () => {
    const r = rw(["mailbox", "check", "test/conformance/mailbox/rooms/demo", "--now", "20260230T0900Z"]);
    expect([r.code, r.out, r.err.split("\n")[0]]).toStrictEqual([2, "", "rw: --now 20260230T0900Z: the form is right, but 2026-02-30 is no calendar date"]);
  });
  it.each([
    ["2026-02-30T09:00Z", "the form is right, but 2026-02-30 is no calendar date"],
    ["2026-13-01T09:00:00Z", "the form is right, but 2026-13-01 is no calendar date"],
    ["2026-10-02T24:00Z", "the form is right, but 24:00 is no time of day (00:00 to 23:59)"],
    ["2026-10-02T09:00:60.5Z", "the form is right, but 09:00:60 is no time of day (00:00:00 to 23:59:59, or 23:59:60 on a month's last day, a leap second)"],
    ["2026-10-02", "expected YYYYMMDDTHHMMZ or ISO 8601 UTC (2026-10-02T12:00:00Z)"],
  ])("rw mailbox check --now %s, in the ISO form, says what is wrong with it as the compact form does (exit 2)", (now, why) => {
    const r = rw(["mailbox", "check", "test/conformance/mailbox/rooms/demo", "--now", now]);
    expect([r.code, r.out, r.err.split("\n")[0]]).toStrictEqual([2, "", `rw: --now ${now}: ${why}`]);
  });
  it("an option that takes the compact form only still refuses the ISO form as another form", () => {
    expect(usage(["prepare", "--ho", BAD, "--call", "{}", "--exp", "2026-02-30T09:00Z"])).toBe("rw: --exp 2026-02-30T09:00Z: expected YYYYMMDDTHHMMZ (UTC)");
  });
  it("an HO that does not parse, with what it is checked against given, is still the HO's refusal (exit 1)", () => {
    const r = rw(["check-ho", "--ho", BAD, "--record", "{}", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, invalid: "HO" });
    // A record that is JSON is read by the HO's vocabulary: a refused one is still exit 1, after the HO.
    const refused = rw(["check-ho", "--ho", PAY_HO, "--record", '{"amt": [1, {}]}', "--json"]);
    expect([refused.code, JSON.parse(refused.out).invalid]).toStrictEqual([1, "record"]);
  });
});

describe("rw delegation: a part of the document missing", () => {
  const child = { parent: record("d-parent-1"), child: record("d-child-bad"), chain: record("chain-d-child-bad") };
  it("given as options: every part missing is named, exit 2 (it was a refused document, exit 1)", () => {
    expect(usage(["delegation", "check-attempts", "--contract", file("d-research-2-r2")])).toBe(
      "rw: delegation check-attempts needs --attempts (rw delegation check-attempts --contract JSON --attempts JSON, or one JSON document { contract, attempts, checkpoints? } on stdin or --file)",
    );
    expect(usage(["delegation", "check-fences", "--required", "[]"])).toMatch(/^rw: delegation check-fences needs --fences and --heads \(/);
  });
  it("given as one document: the same parts, as the Worker's 400 names them", () => {
    const { chain: _, ...noChain } = child;
    expect(usage(["delegation", "check-child"], JSON.stringify(noChain))).toBe(
      "rw: delegation check-child needs chain (one JSON document { parent, child, chain, siblings? } on stdin or --file, or rw delegation check-child --parent JSON --child JSON --chain JSON)",
    );
    expect(usage(["delegation", "evaluate"], "{}")).toMatch(/^rw: delegation evaluate needs contract, card, request, fences, heads, policy_ref and evaluator_ref \(one JSON document \{ contract, card, .* \} on stdin or --file\)$/);
  });
  it("no input at all, on stdin or in --file, is a usage error", () => {
    expect(usage(["delegation", "validate"], "")).toBe("rw: delegation validate needs a record (one JSON document on stdin or --file; the input is empty)");
    expect(usage(["delegation", "check-card-revision", "--file", EMPTY])).toMatch(/^rw: delegation check-card-revision needs prior and next \(.*; the input is empty\)$/);
    expect(usage(["delegation", "evaluate"], " \n")).toMatch(/^rw: delegation evaluate needs contract, /);
    expect(usage(["delegation", "validate"], "\r\n \t\r\n\n")).toMatch(/; the input is empty\)$/);
  });
  it("a document of a no-break space, U+2028 or a byte order mark past the first is not empty but not JSON, exit 1, as JSON.parse says", () => {
    // trim() called these "empty" (exit 2), while the same characters before a JSON object were "not JSON" (exit 1).
    for (const input of ["\u00A0", " \u2028\n", "\uFEFF\uFEFF"]) {
      const r = rw(["delegation", "validate"], input);
      expect([r.code, r.out], JSON.stringify(input)).toStrictEqual([1, ""]);
      expect(r.err, JSON.stringify(input)).toMatch(/^rw delegation: the input is not JSON: expected a value, found U\+(00A0|2028|FEFF)/);
    }
    const part = join(tmp, "nbsp.json");
    writeFileSync(part, "\u00A0\n");
    const given = rw(["delegation", "check-child", "--parent", part, "--child", file("d-child-bad"), "--chain", file("chain-d-child-bad")]);
    expect(given.code).toBe(1);
    expect(given.err).toContain("not JSON");
  });
  it("a part's file that is empty is a part not given, optional or not: never read as absent", () => {
    expect(usage(["delegation", "check-child", "--parent", EMPTY, "--child", file("d-child-bad"), "--chain", file("chain-d-child-bad")])).toMatch(/^rw: delegation check-child needs --parent \(.*; --parent is empty\)$/);
    expect(usage(["delegation", "check-child", "--parent", file("d-parent-1"), "--child", file("d-child-bad"), "--chain", file("chain-d-child-bad"), "--siblings", EMPTY])).toMatch(/needs --siblings \(.*; --siblings is empty\)$/);
  });
  it("input that is there stays the check's: a part present but refused, exit 1", () => {
    const refused = rw(["delegation", "check-child"], JSON.stringify({ ...child, chain: null }));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("DELEGATION_SCHEMA");
    expect(rw(["delegation", "check-child"], JSON.stringify(child)).code).toBe(1);
  });
  it("a document that is no JSON object holds none of the parts: a usage error as {} is, for every check (the Worker's 400 for both)", () => {
    for (const check of ["check-child", "check-reassignment", "check-attempts", "check-card-revision", "check-fences", "evaluate"]) {
      const empty = usage(["delegation", check], "{}");
      for (const [doc, kind] of [["[]", "a list"], ['"x"', "a string"], ["3", "a number"], ["null", "null"], ["true", "a boolean"]]) {
        const r = rw(["delegation", check], doc);
        expect([r.code, r.out], `${check} ${doc}`).toStrictEqual([2, ""]);
        expect(r.err.split("\n")[0], `${check} ${doc}`).toBe(`${empty.slice(0, -1)}; the document is ${kind}, not a JSON object)`);
      }
    }
    // validate's document is the record itself: a list is a record refused, exit 1.
    expect(rw(["delegation", "validate"], "[]").code).toBe(1);
  });
});

describe("rw mailbox new: what it composes from", () => {
  const mailbox = join(tmp, "mailbox");
  mkdirSync(join(mailbox, "inbox"), { recursive: true });
  it("--from, --kind, --arena and --machine missing or empty are named together, exit 2 (empty ones were a refused message, exit 1)", () => {
    expect(usage(["mailbox", "new", mailbox, "--to", "BRAVO"])).toBe(
      "rw: mailbox new needs --from, --kind, --arena and --machine (rw mailbox new PATH --from CALLSIGN --kind KIND --arena ARENA --machine MACHINE, the Handler-pinned opaque arena alias and machine alias or UUID; or --message FILE)",
    );
    expect(usage(["mailbox", "new", mailbox, "--from", "", "--to", "BRAVO", "--kind", "request", "--arena", " ", "--machine", "M1", "--dry-run"])).toMatch(/^rw: mailbox new needs --from and --arena \(/);
  });
  it("named with a missing PATH in the same one line, and before a PATH that holds no inbox is looked into", () => {
    expect(usage(["mailbox", "new"])).toMatch(/^rw: mailbox new needs PATH, --from, --kind, --arena and --machine \(rw mailbox new PATH --from CALLSIGN /);
    expect(usage(["mailbox", "new", "--from", "ALPHA", "--kind", "hello"])).toMatch(/^rw: mailbox new needs PATH, --arena and --machine \(/);
    expect(usage(["mailbox", "new", join(tmp, "no-mailbox-here"), "--to", "BRAVO"])).toMatch(/^rw: mailbox new needs --from, --kind, --arena and --machine \(/);
    // --message publishes a whole message: nothing to compose, so only PATH is missing.
    expect(usage(["mailbox", "new", "--message", EMPTY])).toBe("rw: mailbox new needs PATH (rw mailbox new PATH --from CALLSIGN --kind KIND --arena ARENA --machine MACHINE, the Handler-pinned opaque arena alias and machine alias or UUID; or --message FILE)");
  });
  it("a value the core refuses is the message's refusal still, exit 1", () => {
    const r = rw(["mailbox", "new", mailbox, "--from", "alpha", "--to", "BRAVO", "--kind", "request", "--arena", "A", "--machine", "M1", "--dry-run"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("CALLSIGN_INVALID");
  });
});

describe("an empty path names nothing: a usage error, and nothing is written where the command runs", () => {
  const mailbox = join(tmp, "mailbox-paths");
  mkdirSync(join(mailbox, "inbox"), { recursive: true });
  const compose = ["mailbox", "new", mailbox, "--from", "ALPHA", "--to", "BRAVO", "--kind", "request", "--arena", "A", "--machine", "M1"];
  it.each([
    ["--state", [...compose, "--state", ""]],
    ["--staging", [...compose, "--staging", ""]],
    ["--state", ["mailbox", "check", mailbox, "--as", "ALPHA", "--state", ""]],
    ["--store", ["prepare", "--ho", PAY_HO, "--call", '{"amt":"5400.00"}', "--exp", "20261002T1600Z", "--now", "20261002T1200Z", "--store", ""]],
    ["--store", ["commit", "0123456789abcdef0123456789abcdef", "--store", ""]],
    ["--file", ["validate", "--file", ""]],
    ["--file", ["delegation", "validate", "--file", ""]],
    ["--file", [...compose, "--file", ""]],
  ])("%s in %j", (option, args) => {
    const cwd = mkdtempSync(join(tmp, "cwd-"));
    const r = rw(args, "", cwd);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    // --file and --store name a file: a folder there is refused, so the advice does not offer one.
    const names = option === "--file" || option === "--store" ? "a file" : "a folder or file";
    expect(r.err.split("\n")[0]).toBe(`rw: ${option} is empty: give the path of ${names}, or leave the option out`);
    expect(readdirSync(cwd)).toStrictEqual([]);
    expect(readdirSync(join(mailbox, "inbox"))).toStrictEqual([]);
  });
});

describe("--profile and --as given empty or blank say so (they read \"unknown profile : ...\" and \"--as : not an agent name\")", () => {
  it.each([
    [["legend", "--profile", ""], "rw: --profile is empty: give a shipped profile name (clin, pay, pform) or a .json file, or leave the option out"],
    [["validate", "--json", "--profile", " \t"], "rw: --profile is empty: give a shipped profile name (clin, pay, pform) or a .json file, or leave the option out"],
    [["validate", "--as", ""], "rw: --as is empty: give the receiver's agent name, or leave the option out"],
    [["validate", "--as", " "], "rw: --as is empty: give the receiver's agent name, or leave the option out"],
  ])("%j", (args, first) => {
    const r = rw(args);
    expect([r.code, r.out, r.err.split("\n")[0]]).toStrictEqual([2, "", first]);
  });
});

describe("a usage error quoting an argument or a file is one line: a line break in it is marked, never a line of its own", () => {
  // `rw mailbox check $'x\nrw: ...'` printed a second "rw:" line of the argument's making.
  it.each([
    [["mailbox", "check", "/nonexistent\nrw: forged"], "rw: /nonexistent·rw: forged: no inbox at /nonexistent·rw: forged (if it is one), "],
    [["mailbox", "new", "/nonexistent\nrw: forged", "--message", EMPTY], "rw: /nonexistent·rw: forged: no inbox at /nonexistent·rw: forged (if it is one), "],
    [["delegation", "validate", "--kind", "x\nrw: forged"], "rw: --kind x·rw: forged: one of agent_card, "],
  ])("%j", (args, start) => {
    const r = rw(args);
    expect([r.code, r.out, r.err.split("\n").length, r.err.startsWith(start)], r.err).toStrictEqual([2, "", 3, true]);
    expect(r.err.split("\n")[1]).toBe(`Try 'rw ${args.slice(0, 2).join(" ")} --help'.`);
  });
  it("a refused profile's findings stay one line each, quoting the file marked", () => {
    const profile = join(tmp, "profile-with-a-break.json");
    writeFileSync(profile, JSON.stringify({ profile: "x", version: "1", extends: "RW1", "a\nrw: forged": 1 }));
    const r = rw(["validate", "--profile", profile], "");
    expect(r.code).toBe(2);
    const lines = r.err.trimEnd().split("\n");
    expect(lines[0]).toBe(`rw: profile ${profile} is refused:`);
    expect(lines.slice(1, -1).every((line) => line.startsWith("  PROFILE_SCHEMA "))).toBe(true);
    expect(lines.slice(1, -1)).toContain("  PROFILE_SCHEMA a·rw: forged: not a field of a profile file here (misspelt?)");
    expect(lines.at(-1)).toBe("Try 'rw validate --help'.");
  });  it("a refused profile's extends and message types are said in the profile schema's words (README note 92)", () => {
    const profile = join(tmp, "profile-extends-rw2.json");
    writeFileSync(profile, JSON.stringify({ profile: "x", version: "1", extends: "RW2", slots: [{ key: "box", type: "money", on: ["HO", "XX"] }] }));
    const r = rw(["validate", "--profile", profile], "");
    expect(r.code).toBe(2);
    expect(r.err.trimEnd().split("\n").slice(1, -1)).toStrictEqual([
      '  PROFILE_SCHEMA extends: profiles extend RW1, not "RW2"',
      '  PROFILE_SCHEMA slots.0.on.1: "XX" is not one of the nine message types (HO RB AQ AN ST DN UN FL CX)',
    ]);
  });
});

