// The `rw` command as a user runs it: the built file, real stdin, real exit codes.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function rw(args: string[], input = ""): Run {
  const r = spawnSync(process.execPath, [RW, ...args], { input, encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes";
const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
const tmp = mkdtempSync(join(tmpdir(), "rw-cli-"));

describe("rw parse", () => {
  it("prints the JSON form of each line", () => {
    const r = rw(["parse"], `${HO}\n`);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toStrictEqual({
      v: "RW1", type: "HO", id: "research-01", re: null, from: "research", to: "writer", item: "gh:crox/site#42",
      slots: { ask: "DRAFT", due: "20261002", pri: 2, conf: "M", keep: ["research"] }, tail: "hero copy, 120 words, no em dashes",
    });
  });
  it("reports a line that does not parse on stderr, with its place, and exits 1", () => {
    const r = rw(["parse"], "RW1 HO a-1 from=a to=b item=x DRAFT\n");
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("TOKEN_NOT_KEYED at 30");
  });
  it("says what a JSON form is when given one", () => {
    const r = rw(["parse"], '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT"},"tail":null}\n');
    expect(r.code).toBe(1);
    expect(r.err).toContain("VERSION at 0: this is a JSON form: parse reads RW1 lines; format writes a JSON form's line, validate checks either");
  });
  it("--json puts everything on stdout, one object per input line", () => {
    const r = rw(["parse", "--json"], `${HO}\nRW1 HO\n`);
    const rows = r.out.trim().split("\n").map((l) => JSON.parse(l) as { line: number; ok: boolean });
    expect(rows.map((x) => [x.line, x.ok])).toStrictEqual([[1, true], [2, false]]);
    expect(r.code).toBe(1);
  });
  it("skips blank lines and # comments, keeps input line numbers, and accepts CRLF", () => {
    const r = rw(["parse", "--json"], `# a conversation\r\n\r\n${HO}\r\n`);
    expect((JSON.parse(r.out) as { line: number }).line).toBe(3);
    expect(r.code).toBe(0);
  });
  it("skips only lines of spaces and tabs as blank: a no-break space or a byte order mark mid-file is a line, refused", () => {
    // Line 1's BOM is the input's leading one, dropped; line 5's is inside the text.
    const input = `\uFEFF\n \t \n\u00A0\n${HO}\n\uFEFF\n\u3000\n\v\n`;
    const r = rw(["parse", "--json"], input);
    const rows = r.out.trim().split("\n").map((l) => JSON.parse(l) as { line: number; ok: boolean; findings: { code: string; message: string }[] });
    expect(rows.map((x) => [x.line, x.ok, x.findings.map((f) => f.code)])).toStrictEqual([
      [3, false, ["VERSION"]],
      [4, true, []],
      [5, false, ["VERSION"]],
      [6, false, ["VERSION"]],
      // A vertical tab is a control character, refused anywhere on a line (note 5), not another version (note 7).
      [7, false, ["CONTROL_CHAR"]],
    ]);
    expect(rows.map((x) => x.findings[0]?.message.match(/it holds (U\+[0-9A-F]{4})/)?.[1] ?? null)).toStrictEqual(["U+00A0", null, "U+FEFF", "U+3000", null]);
    expect(r.code).toBe(1);
  });
  it("reads an option file's lines as stdin's: a line of a no-break space beside the message is a second line", () => {
    const file = join(tmp, "ho-nbsp.txt");
    writeFileSync(file, `# the handoff\n\t\n${HO}\n\u00A0\n`);
    const r = rw(["check-ho", "--ho", file, "--record", "{}"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--ho must hold one message; it holds 2 lines");
  });
  it("loads a shipped profile named by p= on its own", () => {
    const r = rw(["parse"], `${PAY_HO}\n`);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { slots: { rb: string[] } }).slots.rb).toStrictEqual(["exec"]);
  });
});

describe("rw format", () => {
  it("writes a valid JSON form as a line", () => {
    const r = rw(["format"], '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","keep":["a","b"]},"tail":null}\n');
    expect(r.out).toBe("RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=a+b\n");
    expect(r.code).toBe(0);
  });
  it("writes nothing for an invalid message and exits 1", () => {
    const r = rw(["format"], '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"POLISH"},"tail":null}\n');
    expect(r.out).toBe("");
    expect(r.err).toContain("ENUM_UNKNOWN");
    expect(r.code).toBe(1);
  });
  it("says so when given a line instead of a JSON form, or JSON that is no object", () => {
    const r = rw(["format"], `${HO}\n`);
    expect(r.err).toContain("format reads JSON forms, one object per line; this is an RW1 line: parse reads RW1 lines, validate checks either");
    expect(r.code).toBe(1);
    // A JSON list is a JSON form (note 2), refused in the reader of JSON forms' words.
    const list = rw(["format"], "[1,2]\n");
    expect(list.err).toContain("error JSON_SHAPE: message: not an object (received a list); the JSON form is one object of the fields");
    expect(rw(["format"], "a=b\n").err).toContain("format reads JSON forms, one object per line; this holds no JSON object");
    expect(list.err).not.toContain("rw parse");
    expect(list.code).toBe(1);
  });
  it("says so when the JSON is broken", () => {
    const r = rw(["format"], '{"v":\n');
    expect(r.err).toContain("not JSON");
    expect(r.code).toBe(1);
  });
  it("validate marks where a JSON form stops being JSON", () => {
    const r = rw(["validate"], '{"v": "RW1", "type": HO}\n');
    expect(r.out).toBe('line 1: refused\n  error JSON_SHAPE at 21: not JSON: expected a value, found "H" (line 1, column 22)\n    {"v": "RW1", "type": HO}\n                         ^\n');
    expect(r.code).toBe(1);
  });
  it("digest, check-thread and format show a refused JSON form as validate does: the text with a caret under a finding's place, none under a shape finding (they showed no text)", () => {
    const broken = '{"v": "RW1", "type": HO}';
    const shape = '{"v":"RW1","type":"HO","id":"a-1"}';
    const caret = '  error JSON_SHAPE at 21: not JSON: expected a value, found "H" (line 1, column 22)\n    {"v": "RW1", "type": HO}\n                         ^\n';
    const shown = (args: string[], stream: "out" | "err"): string => rw(args, `${broken}\n${shape}\n`)[stream];
    const validate = shown(["validate"], "out");
    expect(validate.startsWith(`line 1: refused\n${caret}line 2: refused\n  error JSON_SHAPE: re: missing`)).toBe(true);
    // Below each command's own heading, the same lines: the echo and caret for line 1, findings alone for line 2.
    const body = (text: string): string[] => text.split("\n").filter((l) => l.startsWith("  "));
    expect(body(shown(["digest"], "err"))).toStrictEqual(body(validate));
    expect(body(shown(["check-thread", "--now", "20261001T0000Z"], "err"))).toStrictEqual(body(validate));
    expect(shown(["digest"], "err").startsWith(`line 1: invalid, no digest\n${caret}line 2: invalid, no digest\n`)).toBe(true);
    expect(shown(["check-thread", "--now", "20261001T0000Z"], "err").startsWith(`line 1: invalid, left out of the thread\n${caret}line 2: invalid, left out of the thread\n`)).toBe(true);
    expect(shown(["format"], "err").startsWith(`line 1: not formatted\n${caret}line 2: not formatted\n  error JSON_SHAPE: re: missing`)).toBe(true);
    // Every line stays one finding, or the echo (four spaces) and its caret: no line of the JSON form's text unindented.
    for (const command of ["validate", "digest", "check-thread", "format"]) {
      const text = shown(command === "check-thread" ? [command, "--now", "20261001T0000Z"] : [command], command === "validate" ? "out" : "err");
      for (const line of text.split("\n").filter((l) => l !== "")) expect(line, command).toMatch(/^(line \d+: |  (error|warning|note) [A-Z_]+( at \d+)?: |    )/);
    }
  });
});

describe("rw validate", () => {
  it("passes valid lines with exit 0", () => {
    const r = rw(["validate"], `${HO}\n${PAY_HO}\n`);
    expect(r.out).toBe("line 1: ok\nline 2: ok\n");
    expect(r.code).toBe(0);
  });
  it("--as NAME: a tab before or after RW1 is a control character in an RW1 line, not another version (why=UNK, not VER)", () => {
    for (const [line, at] of [["\tRW1 HO a-1 from=a to=b item=x ask=DRAFT", 0], ["RW1\tHO a-1 from=a to=b item=x ask=DRAFT", 3]] as const) {
      const r = rw(["validate", "--as", "b"], `${line}\n`);
      expect(r.code).toBe(1);
      expect(r.out).toContain(`error CONTROL_CHAR at ${at}: control character U+0009 is not allowed`);
      expect(r.out).not.toContain("VERSION");
      expect(r.out).toContain(`RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // CONTROL_CHAR at ${at}\n`);
    }
    // Past the tab, another version is still another version.
    expect(rw(["validate", "--as", "b"], "\tRW2 HO a-1 from=a to=b item=x ask=DRAFT\n").out).toContain("RW1 UN b-1 re=a-1 from=b to=a item=x why=VER // unsupported version RW2\n");
  });
  it("--as NAME: a JSON list is refused as a JSON form (JSON_SHAPE, no address), never as another version (VERSION, why=VER)", () => {
    for (const line of ['[{"v":"RW1","type":"HO"}]', "[RW1 HO a-1 from=a to=b item=x ask=DRAFT"]) {
      const r = rw(["validate", "--as", "b"], `${line}\n`);
      expect(r.code).toBe(1);
      expect(r.out).toContain("error JSON_SHAPE");
      expect(r.out).not.toContain("VERSION");
      expect(r.out).not.toContain("why=VER");
      expect(r.out).toContain("no refusal can be addressed: the message has no valid id to reply to (re=)");
    }
    expect(rw(["validate"], "[]\n").out).toContain("error JSON_SHAPE: message: not an object (received a list)");
    // A message file holding a list over several lines is read as one JSON form, as an object is, not as three lines.
    const file = join(tmp, "ho-list.json");
    writeFileSync(file, `[\n${JSON.stringify({ v: "RW1" })}\n]\n`);
    const ho = rw(["check-ho", "--ho", file, "--record", "{}"]);
    expect(ho.code).toBe(1);
    expect(ho.err).toContain("error JSON_SHAPE: message: not an object (received a list)");
  });
  it("--as NAME: a line break or another control character before or inside RW1 is refused for it (why=UNK); a no-break space makes another version's token (why=VER)", () => {
    const rest = "HO a-1 from=a to=b item=x ask=DRAFT";
    for (const [line, code, at] of [[`\u2028RW1 ${rest}`, "LINE_BREAK", 0], [`R\u0000W1 ${rest}`, "CONTROL_CHAR", 1], [`RW1\u0085 ${rest}`, "LINE_BREAK", 3]] as const) {
      const r = rw(["validate", "--as", "b"], `${line}\n`);
      expect(r.out).toContain(`error ${code} at ${at}`);
      expect(r.out).toContain(`RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // ${code} at ${at}\n`);
    }
    const nbsp = rw(["validate", "--as", "b"], `\u00a0RW1 ${rest}\n`);
    expect(nbsp.out).toContain("error VERSION at 0: unsupported protocol version \u00a0RW1 (it holds U+00A0, not shown); this reader speaks RW1");
    expect(nbsp.out).toContain("RW1 UN b-1 re=a-1 from=b to=a item=x why=VER // unsupported version \u00a0RW1\n");
  });
  it("--as NAME prints the exact UN the receiver sends, numbered from --seq", () => {
    const r = rw(["validate", "--as", "writer", "--seq", "4"], "RW1 HO research-01 from=research to=writer item=x ask=POLISH\nRW2 HO research-02 from=research to=writer item=x ask=DRAFT\n");
    const uns = r.out.split("\n").filter((l) => l.startsWith("RW1 UN"));
    expect(uns).toStrictEqual([
      "RW1 UN writer-4 re=research-01 from=writer to=research item=x why=UNK // unknown ask=POLISH",
      "RW1 UN writer-5 re=research-02 from=writer to=research item=x why=VER // unsupported version RW2",
    ]);
    expect(r.code).toBe(1);
  });
  it("--as NAME never numbers a UN with an id a line's re= shows NAME already used (section 2: ids are unique)", () => {
    // research-1 is research's id, named by the refused line's re= though never read here.
    const r = rw(["validate", "--as", "research"], "RW1 AN writer-2 re=research-1 from=writer to=research\n");
    expect(r.out.split("\n").filter((l) => l.startsWith("RW1 UN"))).toStrictEqual(["RW1 UN research-2 re=writer-2 from=research to=writer why=UNK // missing val"]);
    // A valid line's re= counts as its id would; another agent's re= does not.
    const more = rw(["validate", "--as", "research"], "RW1 AN writer-3 re=research-7 from=writer to=research val=ok\nRW1 AN writer-4 re=auditor-40 from=writer to=research\n");
    expect(more.out.split("\n").filter((l) => l.startsWith("RW1 UN"))).toStrictEqual(["RW1 UN research-8 re=writer-4 from=research to=writer why=UNK // missing val"]);
  });
  it("--json gives findings and the refusal per line", () => {
    const r = rw(["validate", "--json", "--as", "writer"], "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n");
    const row = JSON.parse(r.out) as { ok: boolean; findings: { code: string; at: number }[]; refusal: string };
    expect(row.ok).toBe(false);
    expect(row.findings.map((f) => [f.code, f.at])).toStrictEqual([["ENUM_UNKNOWN", 50]]);
    expect(row.refusal).toBe("RW1 UN writer-1 re=research-01 from=writer to=research item=x why=UNK // unknown ask=POLISH");
  });
  it("answers a JSON form that names a key twice, as the line that does", () => {
    const form = '{"v":"RW1","type":"HO","id":"research-01","re":null,"from":"research","to":"writer","item":"x","slots":{"ask":"DRAFT","ask":"FIX"},"tail":null}';
    const r = rw(["validate", "--json", "--as", "writer"], `${form}\nRW1 HO research-02 from=research to=writer item=x ask=DRAFT ask=FIX\n`);
    expect(r.out.trim().split("\n").map((l) => (JSON.parse(l) as { refusal: string }).refusal)).toStrictEqual([
      "RW1 UN writer-1 re=research-01 from=writer to=research item=x why=UNK // JSON_SHAPE message",
      "RW1 UN writer-2 re=research-02 from=writer to=research item=x why=UNK // DUPLICATE_KEY ask",
    ]);
    expect(r.code).toBe(1);
  });
  it("says when no refusal can be addressed", () => {
    const r = rw(["validate", "--as", "writer"], "RW1 HO\n");
    expect(r.out).toContain("no refusal can be addressed");
    expect(r.code).toBe(1);
  });
  it("--json says why no refusal can be addressed, as the Worker's refusalFindings do", () => {
    const own = rw(["validate", "--json", "--as", "writer"], "RW1 HO writer-01 from=writer to=research item=x ask=POLISH\n");
    const row = JSON.parse(own.out) as { refusal: string | null; refusalFindings: { code: string; message: string }[] };
    expect(row.refusal).toBeNull();
    expect(row.refusalFindings.map((f) => f.code)).toStrictEqual(["UNADDRESSABLE"]);
    expect(row.refusalFindings[0]?.message).toContain("sent by writer itself");
    const bad = "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n";
    const last = rw(["validate", "--json", "--as", "writer", "--seq", "9007199254740991"], bad + bad);
    const rows = last.out.trim().split("\n").map((l) => JSON.parse(l) as { refusal: string | null; refusalFindings?: { code: string; message: string }[] });
    expect(rows[0]?.refusalFindings).toBeUndefined();
    expect(rows[1]?.refusal).toBeNull();
    expect(rows[1]?.refusalFindings?.[0]?.message).toContain("writer has no message number left");
  });
  it("validates JSON forms too", () => {
    const r = rw(["validate"], '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","due":20261002},"tail":null}\n');
    expect(r.out).toContain("VALUE_TYPE");
    expect(r.code).toBe(1);
  });
  it("--profile makes a line without p= that uses the profile say which p= it needs", () => {
    const r = rw(["validate", "--profile", "pay"], "RW1 HO s-1 from=s to=p item=inv:1 ask=PAY\n");
    expect(r.out).toContain("PROFILE_REQUIRED");
    expect(r.code).toBe(1);
  });
  it("--profile FILE loads a custom profile, and p= then names it", () => {
    const file = join(tmp, "ship.json");
    writeFileSync(file, JSON.stringify({ profile: "ship", version: "1", extends: "RW1", asks: { SHIP: "ship it" }, slots: [{ key: "box", type: "int:1-9", on: ["HO"] }] }));
    const r = rw(["parse", "--profile", file], "RW1 HO a-1 p=ship from=a to=b item=x ask=SHIP box=3\n");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { slots: { box: number } }).slots.box).toBe(3);
  });
  it("--file reads the lines from a file", () => {
    const file = join(tmp, "lines.txt");
    writeFileSync(file, `${HO}\n`);
    expect(rw(["validate", "--file", file]).out).toBe("line 1: ok\n");
  });
});

describe("rw digest", () => {
  it("prints h= of each valid line: the spec's two vectors", () => {
    const r = rw(["digest"], `${HO}\n${PAY_HO}\n`);
    expect(r.out).toBe("c40bba4360dc\na7a82de76607\n");
    expect(r.code).toBe(0);
  });
  it("gives no digest for an invalid line", () => {
    const r = rw(["digest"], "RW1 HO a-1 from=a to=b item=x ask=POLISH\n");
    expect(r.out).toBe("");
    expect(r.err).toContain("invalid, no digest");
    expect(r.code).toBe(1);
  });
  it("accepts the JSON form and gives the same digest", () => {
    const json = rw(["parse"], `${HO}\n`).out;
    expect(rw(["digest"], json).out).toBe("c40bba4360dc\n");
  });
  it("says a valid line's notes on stderr, as parse and format do, and keeps stdout one digest a line", () => {
    // amnt= is a slip for amt=: kept, and digested, but in no vocabulary, which the digest alone would not show.
    const typo = "RW1 HO a-1 from=a to=b item=x ask=DRAFT amnt=5400.00";
    const r = rw(["digest"], `${HO}\n${typo}\n`);
    expect(r.out).toMatch(/^c40bba4360dc\n[0-9a-f]{12}\n$/);
    expect(r.code).toBe(0);
    const note = "line 2: notes\n  note SLOT_UNKNOWN at 40: amnt= is not in the vocabulary; ignored\n";
    expect(r.err.startsWith(note)).toBe(true);
    expect(rw(["parse"], `${HO}\n${typo}\n`).err.startsWith(note)).toBe(true);
  });
});

describe("usage errors exit 2 with one clear line", () => {
  const cases: [string, string[], string][] = [
    ["no command", [], "usage: rw"],
    ["unknown command", ["frob"], "unknown command 'frob'"],
    // Names every object has are no commands (rw constructor was an internal error, exit 70).
    ["an Object member as a command", ["constructor"], "unknown command 'constructor'"],
    ["__proto__ as a command", ["__proto__"], "unknown command '__proto__'"],
    ["unknown option", ["validate", "--frob"], "Unknown option '--frob'"],
    ["--as on another command", ["parse", "--as", "w"], "Unknown option '--as'"],
    ["--as not an agent", ["validate", "--as", "a b"], "not an agent name"],
    ["--seq without --as", ["validate", "--seq", "2"], "--seq needs --as"],
    ["unknown profile", ["validate", "--profile", "shipping"], "unknown profile shipping"],
    ["missing file", ["validate", "--file", "/nonexistent/x"], "cannot read /nonexistent/x"],
    ["profile file not JSON", ["validate", "--profile", join(tmpdir(), "rw-not-json.json")], "not JSON"],
    ["extra argument", ["validate", "RW1"], "unexpected argument"],
    // An empty value was read as a path: "cannot read : no such file".
    // It was "rw: rw commit needs TOKEN", the program named twice.
    ["commit without its token", ["commit"], "rw: commit needs TOKEN (rw commit TOKEN)\n"],
    ["mailbox check without its folder", ["mailbox", "check"], "rw: mailbox check needs PATH (rw mailbox check PATH)\n"],
    ["an empty --ho", ["make-rb", "--ho", ""], "rw: make-rb needs --ho (rw make-rb --ho HO; --ho is empty)"],
    ["an empty --record", ["check-ho", "--ho", HO, "--record", " "], "--record is empty"],
    // Blank is spaces and tabs: a no-break space is text, refused as a file holding it is.
    ["a --record of a no-break space", ["check-ho", "--ho", HO, "--record", "\u00a0"], "--record: not JSON (expected a value, found U+00A0"],
    ["a --file of a no-break space", ["validate", "--file", "\u00a0"], "cannot read \u00a0: no such file"],
    ["an empty part of a delegation document", ["delegation", "check-fences", "--fences", "", "--heads", "{}"], "--fences is empty"],
  ];
  writeFileSync(join(tmpdir(), "rw-not-json.json"), "{nope");
  for (const [name, args, message] of cases) {
    it(name, () => {
      const r = rw(args, "");
      expect(r.code).toBe(2);
      expect(r.err + r.out).toContain(message);
    });
  }
  it("without a command, the usage goes to stderr (the usage asked for goes to stdout)", () => {
    for (const args of [[], ["mailbox"]]) {
      const r = rw(args, "");
      expect([r.code, r.out]).toStrictEqual([2, ""]);
      expect(r.err).toContain("usage: rw");
    }
    const asked = rw(["--help"], "");
    expect([asked.code, asked.err]).toStrictEqual([0, ""]);
    expect(asked.out).toContain("usage: rw");
  });
  it("a refused profile lists its findings", () => {
    const file = join(tmp, "bad.json");
    writeFileSync(file, JSON.stringify({ profile: "bad", version: "1", extends: "RW1", asks: { DRAFT: "mine" } }));
    const r = rw(["validate", "--profile", file], "");
    expect(r.code).toBe(2);
    expect(r.err).toContain("PROFILE_REDEFINES_CORE");
  });
  it("a profile file that takes a shipped profile's name is refused by every command that takes --profile, naming the shipped one", () => {
    const file = join(tmp, "impostor.json");
    // Valid in itself: it would have replaced the shipped pay, and p=pay lines been checked against it.
    writeFileSync(file, JSON.stringify({ profile: "pay", version: "1", extends: "RW1", asks: { PAYX: "pay a supplier" } }));
    const line = "RW1 HO a-1 p=pay from=a to=b item=x:1 ask=PAYX\n";
    for (const args of [["validate"], ["legend"], ["parse"], ["check-thread", "--now", "20261002T0000Z"]]) {
      const r = rw([...args, "--profile", file], line);
      expect([args[0], r.code, r.out]).toStrictEqual([args[0], 2, ""]);
      expect(r.err).toContain("PROFILE_SHIPPED_NAME the profile file takes the name of the shipped profile pay");
      expect(r.err).toContain("give the file another name");
    }
    // The same file under another name is read, and its lines name it.
    writeFileSync(file, JSON.stringify({ profile: "payx", version: "1", extends: "RW1", asks: { PAYX: "pay a supplier" } }));
    expect(rw(["validate", "--profile", file], "RW1 HO a-1 p=payx from=a to=b item=x:1 ask=PAYX\n").code).toBe(0);
    // The shipped profile by name is still pay.
    expect(rw(["validate", "--profile", "pay"], line).code).toBe(1);
  });
  it("rw --help lists each command on one short line; the command's own --help says what it reads and checks", () => {
    const list = rw(["--help"]).out;
    const commands = list.slice(list.indexOf("commands:\n") + "commands:\n".length, list.indexOf("\n\n", list.indexOf("commands:\n")));
    const summaries = commands.split("\n").map((l) => l.replace(/^ {2}\S+(?: \S+)? +/, ""));
    expect(summaries.length).toBeGreaterThan(20);
    expect(summaries.filter((s) => s.length > 112)).toStrictEqual([]);
    const own = rw(["delegation", "check-reassignment", "--help"]);
    expect(own.code).toBe(0);
    expect(own.out).toContain("\ninput: one JSON document { prior, next, parent?, chain?, attempts?, checkpoints? } on stdin or --file, or each part as its option\n");
    expect(own.out).toMatch(/\nchecks:\n(?: {2}- .+\n){9}\noptions:\n/);
    expect(own.out).toContain("  - a resume among the attempts records a receipt read back of each external operation its checkpoint left pending or unknown (denied on retries)\n");
    // A command that takes no part as an option does not offer one.
    expect(rw(["delegation", "evaluate", "--help"]).out).toContain("\ninput: one JSON document { contract, card, request, fences, heads, approvals?, chain?, policy_ref, evaluator_ref } on stdin or --file\n");
  });
  it("--help and --version exit 0", () => {
    expect(rw(["--help"]).code).toBe(0);
    expect(rw(["--version"]).out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
  it("legend with a stray argument suggests --profile only when no --profile was given", () => {
    expect(rw(["legend", "pay"]).err).toContain("unexpected argument 'pay': give a profile with --profile NAME");
    const r = rw(["legend", "--profile", "pay", "lean"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unexpected argument 'lean'\n");
  });
  it("a delegation command given its record as an argument says where the document comes from (it said only \"unexpected argument\", audit HM)", () => {
    for (const name of ["validate", "evaluate", "check-child"]) {
      const r = rw(["delegation", name, "record.json"]);
      expect([r.code, r.out, r.err]).toStrictEqual([2, "", `rw: unexpected argument 'record.json': the JSON document comes from stdin or --file PATH\nTry 'rw delegation ${name} --help'.\n`]);
    }
  });
  it("a message given bare to a command that takes its messages as options is shown the usage line (audit HM)", () => {
    const ho = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT";
    expect(rw(["make-rb", ho]).err).toBe(`rw: unexpected argument '${ho}': the input is given with options (rw make-rb --ho HO)\nTry 'rw make-rb --help'.\n`);
    expect(rw(["check-rb", ho, "RB"]).err.split("\n")[0]).toBe(`rw: unexpected argument '${ho}': the input is given with options (rw check-rb --ho HO --rb RB)`);
    expect(rw(["check-ho", ho]).err.split("\n")[0]).toBe(`rw: unexpected argument '${ho}': the input is given with options (rw check-ho --ho HO --record FILE, or --relay-from HO for a relay)`);
    expect(rw(["make-rb", ho]).code).toBe(2);
  });
  it("--version with anything after it is a usage error, as any stray argument is", () => {
    const r = rw(["--version", "validate"]);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    expect(r.err).toContain("unexpected argument 'validate'");
  });
});

describe("streams", () => {
  it("a closed pipe ends the run quietly, exit 141 (rw parse < big | head -1)", () => {
    const big = join(tmp, "big.txt");
    writeFileSync(big, `${HO}\n`.repeat(50_000));
    const r = spawnSync("bash", ["-c", `node ${RW} parse --file ${big} | head -1; echo "\${PIPESTATUS[0]}"`], { encoding: "utf8" });
    expect(r.stdout.split("\n").length).toBe(3);
    expect(r.stdout.split("\n")[1]).toBe("141");
    expect(r.stderr).toBe("");
  });
});

describe("readbacks and the checks around an act", () => {
  const RB = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 h=a7a82de76607";
  const record = join(tmp, "record.json");
  writeFileSync(record, JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" }));

  it("make-rb composes the readback from the HO", () => {
    const r = rw(["make-rb", "--ho", PAY_HO]);
    expect(r.out).toBe(`${RB}\n`);
    expect(r.code).toBe(0);
  });
  it("make-rb gives a self-handoff's readback an id of its own, and refuses --n that reuses the HO's", () => {
    const self = "RW1 HO ops-1 from=ops to=ops item=jira:OPS-77 ask=FIX";
    expect(rw(["make-rb", "--ho", self]).out).toMatch(/^RW1 RB ops-2 re=ops-1 from=ops to=ops /);
    const reused = rw(["make-rb", "--ho", self, "--n", "1"]);
    expect([reused.code, reused.out]).toStrictEqual([1, ""]);
    expect(reused.err).toContain("READBACK_ID_REUSED");
  });
  it("make-rb reads the HO from a file, and says what rb=acc needs", () => {
    const file = join(tmp, "ho-acc.txt");
    writeFileSync(file, "# the brief\nRW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT rb=acc keys=len+tone\n");
    const missing = rw(["make-rb", "--ho", file]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("READBACK_INCOMPLETE");
    const made = rw(["make-rb", "--ho", file, "--n", "3", "--acc", "len:120w+tone:plain"]);
    expect(made.out).toMatch(/^RW1 RB writer-3 re=research-01 .* acc=len:120w\+tone:plain h=[0-9a-f]{12}\n$/);
  });
  it("a message file's comments go around a JSON form as around a line, the form on one line or many", () => {
    // With a comment before it, a pretty-printed form was "must hold one message; it holds 13 lines"
    // (exit 2), and a comment after a one-line form was read as part of its JSON (exit 1).
    const form = JSON.parse(rw(["parse"], `${PAY_HO}\n`).out) as unknown;
    const expected = rw(["make-rb", "--ho", PAY_HO]).out;
    expect(expected).toMatch(/^RW1 RB payer-1 /);
    for (const [name, text] of [["pretty", `# the HO as sent\n${JSON.stringify(form, null, 2)}\n`], ["after", `${JSON.stringify(form)}\n# sent at noon\n`]] as const) {
      const file = join(tmp, `ho-json-${name}.json`);
      writeFileSync(file, text);
      expect(rw(["make-rb", "--ho", file])).toStrictEqual({ code: 0, out: expected, err: "" });
    }
    // Indented with spaces and tabs, as JSON allows, the form is read too.
    const indented = join(tmp, "ho-json-indented.json");
    writeFileSync(indented, `\t ${JSON.stringify(form, null, "\t")} \n`);
    expect(rw(["make-rb", "--ho", indented])).toStrictEqual({ code: 0, out: expected, err: "" });
  });
  it("a message file's JSON form is read as written: a no-break space or U+2028 around it is refused, as on stdin", () => {
    // trim() took them off, so make-rb answered a form that rw validate refuses (JSON_SHAPE).
    const form = JSON.stringify(JSON.parse(rw(["parse"], `${PAY_HO}\n`).out));
    for (const [name, text] of [["nbsp", `\u00A0${form}\u00A0\n`], ["ls", `${form}\n\u2028\n`], ["bom", `# a comment\n\uFEFF${form}\n`]] as const) {
      const file = join(tmp, `ho-json-${name}.json`);
      writeFileSync(file, text);
      // On stdin each is refused too (the U+2028 as a line of its own).
      expect(rw(["validate"], text).code, name).toBe(1);
      // check-ho with what it checks against, which it names as missing before the HO is read.
      for (const args of [["make-rb"], ["check-ho", "--record", "{}"]]) {
        const [command] = args;
        const r = rw([...args, "--ho", file]);
        expect([r.code, r.out], `${command} ${name}`).toStrictEqual([1, ""]);
        expect(r.err, `${command} ${name}`).toContain("JSON_SHAPE");
      }
    }
  });
  it("make-rb never exits 0 without a readback: a --tail no line can carry is refused (exit 1)", () => {
    for (const tail of ["a\tb", ""]) {
      const r = rw(["make-rb", "--ho", PAY_HO, "--tail", tail]);
      expect([r.code, r.out]).toStrictEqual([1, ""]);
      expect(r.err).toContain("UNREPRESENTABLE");
      const json = JSON.parse(rw(["make-rb", "--ho", PAY_HO, "--tail", tail, "--json"]).out) as { ok: boolean; line: string | null };
      expect([json.ok, json.line]).toStrictEqual([false, null]);
    }
    expect(rw(["make-rb", "--ho", PAY_HO, "--tail", "paying as read"]).out).toBe(`${RB} // paying as read\n`);
  });
  it("check-rb passes the spec's pay readback (exit 0) and fails amt=5100.00 on tier 5 (exit 1)", () => {
    const good = rw(["check-rb", "--ho", PAY_HO, "--rb", RB]);
    expect(good.code).toBe(0);
    expect(good.out.split("\n")[0]).toBe("readback payer-1 for scheduler-1: wilco (ownership moves)");
    const bad = rw(["check-rb", "--ho", PAY_HO, "--rb", RB.replace("5400.00", "5100.00"), "--json"]);
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.out) as { wilco: boolean; tiers: { result: string }[] };
    expect(report.tiers.map((t) => t.result)).toStrictEqual(["pass", "pass", "pass", "not-asked", "fail"]);
  });
  it("check-rb --expect-acc: the spec's comprehension readback passes, len:150w contradicts", () => {
    const ho = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone+must+no art=url:https://example.com/brief // hero copy";
    const rb = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md do=copy";
    const expect1 = ["check-rb", "--ho", ho, "--expect-acc", "len:120w+tone:plain+no:em-dash+must:monday-problem"];
    const ok = rw([...expect1, "--rb", rb]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("note ACC_ASSUMPTION");
    expect(rw([...expect1, "--rb", rb.replace("len:120w", "len:150w")]).code).toBe(1);
    // An empty --expect-acc (an unset variable) gives no criteria: the HO's own acc= still holds.
    const sent = ho.replace(" art=", " acc=len:120w art=");
    expect(rw(["check-rb", "--ho", sent, "--expect-acc", "", "--rb", rb.replace("len:120w", "len:150w")]).code).toBe(1);
  });
  it("check-rb --expect-acc with a key outside the closed set is the sender's usage error (exit 2, CRITERIA_KEY_UNKNOWN), never a pass with a note", () => {
    const ho = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len";
    const rb = "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=len:200w";
    const typo = rw(["check-rb", "--ho", ho, "--rb", rb, "--expect-acc", "lenght:120w"]);
    expect(typo.code, typo.out + typo.err).toBe(2);
    expect(typo.out).toBe("");
    expect(typo.err).toContain("--expect-acc: 'lenght:120w': lenght is outside the closed key set (len fmt lang tone voice aud out by src scope must no)");
    expect(rw(["check-rb", "--ho", ho, "--rb", rb, "--expect-acc", "len:200w"]).code).toBe(0);
  });
  it("check-ho against the record, and a relay against the HO it received", () => {
    expect(rw(["check-ho", "--ho", PAY_HO, "--record", record]).code).toBe(0);
    const differs = rw(["check-ho", "--ho", PAY_HO.replace("5400.00", "5100.00"), "--record", record]);
    expect(differs.code).toBe(1);
    expect(differs.out).toContain("HO_DIFFERS");
    const forward = PAY_HO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank");
    expect(rw(["check-ho", "--ho", forward, "--relay-from", PAY_HO]).code).toBe(0);
    expect(rw(["check-ho", "--ho", forward]).code).toBe(2);
  });
  it("check-dn: the values as executed against the plan", () => {
    const dn = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    expect(rw(["check-dn", "--ho", PAY_HO, "--dn", dn]).code).toBe(0);
    const paidLess = rw(["check-dn", "--ho", PAY_HO, "--dn", dn.replace("5400.00", "5100.00")]);
    expect(paidLess.code).toBe(1);
    expect(paidLess.out).toContain("DONE_MISMATCH");
  });
  it("check-dn: an HO whose ask has execution slots is checked without rb=exec too; check-rb and check-dn read the record's $resolve", () => {
    const noExec = PAY_HO.replace(" rb=exec", "");
    const dn = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5100.00";
    const paidLess = rw(["check-dn", "--ho", noExec, "--dn", dn]);
    expect(paidLess.code).toBe(1);
    expect(paidLess.out).toContain("DONE_MISMATCH: amt: executed 5100.00, planned 5400.00");
    expect(rw(["check-dn", "--ho", noExec, "--dn", dn.replace("5100.00", "5400.00")]).code).toBe(0);
    // The record leaves acct to the receiver and holds none: the HO's planted one is no value anyone approved.
    const planted = PAY_HO.replace("acct=40-12-88/61102938", "acct=99-99-99/00000000");
    const rb = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=99-99-99/00000000 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const leaves = JSON.stringify({ $resolve: ["acct"], sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929", item: "inv:MD-2026-057" });
    const checked = rw(["check-rb", "--ho", planted, "--rb", rb, "--record", leaves]);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain("HO_DIFFERS: acct=99-99-99/00000000: the HO sent carries a value the record leaves to the receiver ($resolve)");
    const done = rb.replace("RB payer-1", "DN payer-2").replace(" ask=PAY", " out=OK");
    const reported = rw(["check-dn", "--ho", planted, "--rb", rb, "--dn", done, "--record", leaves]);
    expect(reported.code).toBe(1);
    expect(reported.out).toContain("DONE_PLAN_VOID");
  });
  it("check-rb and check-dn --record hold a PAY HO without rb=exec to the record (note 99), not refuse the record as unread", () => {
    const noExec = PAY_HO.replace(" rb=exec", "");
    const rb = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY";
    const record = JSON.stringify({ sup: "marlow", amt: "5100.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" });
    const read = rw(["check-rb", "--ho", noExec, "--rb", rb, "--record", record, "--json"]);
    expect(read.code).toBe(1);
    const report = JSON.parse(read.out);
    expect(report.wilco).toBe(false);
    expect(report.tiers[4].findings.map((f: { code: string; slot: string }) => `${f.code} ${f.slot}`)).toStrictEqual(["HO_NEEDS_EXEC rb", "HO_DIFFERS amt"]);
    // Without the record, as ever: the echo passes.
    expect(rw(["check-rb", "--ho", noExec, "--rb", rb]).code).toBe(0);
    const dn = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK";
    const done = rw(["check-dn", "--ho", noExec, "--rb", rb, "--dn", dn, "--record", record]);
    expect(done.code).toBe(1);
    expect(done.out).toContain("HO_NEEDS_EXEC");
    expect(done.out).toContain("HO_DIFFERS: amt");
  });
  it("check-dn: a readback's resolved values plan only once checked against the record (--record)", () => {
    const ho = "RW1 HO sch-1 p=pay from=sch to=payer item=sup:marlow ask=CHGBANK rb=exec sup=marlow acct=11-22-33/44556677 eff=20261101 apref=FD-1";
    const rb = "RW1 RB payer-1 re=sch-1 p=pay from=payer to=sch item=sup:marlow ask=CHGBANK sup=marlow acct=11-22-33/44556677 eff=20261101 apref=FD-1 prev=40-12-88/61102938";
    const dn = "RW1 DN payer-2 re=sch-1 p=pay from=payer to=sch item=sup:marlow out=OK sup=marlow acct=11-22-33/44556677 eff=20261101 apref=FD-1 prev=40-12-88/61102938";
    // check-rb names that readback unverified, not void: nothing to re-issue, a record to check against.
    expect(rw(["check-rb", "--ho", ho, "--rb", rb]).out.split("\n")[0]).toBe("readback payer-1 for sch-1: unverified (a value the receiver resolved has no record to check it against; ownership does not move), roger only");
    const unverified = rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn]);
    expect(unverified.code).toBe(1);
    expect(unverified.out).toContain("DONE_UNVERIFIED: prev=40-12-88/61102938 was executed, and the readback payer-1 that states it was never checked against the sender's record");
    const approved = '"sup":"marlow","acct":"11-22-33/44556677","eff":"20261101","apref":"FD-1"';
    expect(rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--record", `{${approved},"prev":"40-12-88/61102938"}`]).code).toBe(0);
    // The record is the plan (note 23): one holding only prev approves none of the HO's values.
    expect(rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--record", '{"prev":"40-12-88/61102938"}']).out).toContain("HO_DIFFERS: sup=marlow: the HO sent carries an execution value the record does not hold");
    const lookalike = rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--record", `{${approved},"prev":"40-12-88/61102939"}`]);
    expect(lookalike.code).toBe(1);
    expect(lookalike.out).toContain("DONE_PLAN_VOID");
    const refused = rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--record", '{"nosuchslot":"1"}', "--json"]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.out)).toMatchObject({ ok: false, invalid: "record" });
    // With no readback the record still holds the HO (note 99): read, not refused as a usage error.
    const noReadback = rw(["check-dn", "--ho", ho, "--dn", dn, "--record", '{"prev":"40-12-88/61102938"}', "--json"]);
    expect(noReadback.code).toBe(1);
    expect(JSON.parse(noReadback.out).findings.map((f: { code: string; slot: string }) => `${f.code} ${f.slot}`)).toStrictEqual(["HO_DIFFERS sup", "HO_DIFFERS acct", "HO_DIFFERS eff", "HO_DIFFERS apref", "DONE_UNVERIFIED prev"]);
    // The record approving every value holds the HO, and prev, which no readback read back, is still unverified.
    const approvedNoReadback = rw(["check-dn", "--ho", ho, "--dn", dn, "--record", `{${approved},"prev":"40-12-88/61102938"}`, "--json"]);
    expect(JSON.parse(approvedNoReadback.out).findings.map((f: { code: string; slot: string }) => `${f.code} ${f.slot}`)).toStrictEqual(["DONE_UNVERIFIED prev"]);
    // Without rb=exec, a PAY HO's record still holds it (note 99): read, and the HO refused, as check-ho refuses it; no readback is needed.
    const held = rw(["check-dn", "--ho", PAY_HO.replace(" rb=exec", ""), "--dn", dn, "--record", "{}"]);
    expect(held.code).toBe(1);
    expect(held.out).toContain("HO_NEEDS_EXEC");
  });
  it("check-dn --expect-acc: a readback that passed with the sender's withheld criteria stands as the plan, judged with them as check-rb judged it (note 137)", () => {
    // The HO's own acc= says len:120w; the sender withheld len:200w, which sets it aside at tier 4.
    const ho = PAY_HO.replace(" rb=exec", " rb=acc+exec acc=len:120w");
    const rb = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay acc=len:200w sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const dn = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    expect(rw(["check-rb", "--ho", ho, "--rb", rb, "--expect-acc", "len:200w"]).code).toBe(0);
    const withheld = rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--expect-acc", "len:200w"]);
    expect(withheld.code, withheld.out + withheld.err).toBe(0);
    const without = rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn]);
    expect(without.code).toBe(1);
    expect(without.out).toContain("DONE_PLAN_VOID");
    // Read as check-rb reads them: criteria that are not criteria, or for an HO whose rb= reads none, are usage errors.
    expect(rw(["check-dn", "--ho", ho, "--rb", rb, "--dn", dn, "--expect-acc", "lenght:200w"]).err).toContain("--expect-acc: 'lenght:200w': lenght is outside the closed key set");
    const unread = rw(["check-dn", "--ho", PAY_HO, "--rb", rb, "--dn", dn, "--expect-acc", "len:200w"]);
    expect(unread.code).toBe(2);
    expect(unread.err).toContain("--expect-acc is read at tier 4, which this HO does not ask");
  });
  it("prepare reads the call as the Worker does: a record's values, decoded by slot type, without $resolve", () => {
    const profile = join(tmp, "ship.json");
    writeFileSync(profile, JSON.stringify({ profile: "ship", version: "1", extends: "RW1", asks: { SHIP: "ship a parcel" }, slots: [{ key: "qty", type: "int:1-99", on: ["HO", "RB", "DN"] }], exec: { SHIP: ["qty"] } }));
    const ho = "RW1 HO a-1 p=ship from=a to=b item=box:7 ask=SHIP rb=exec";
    const prepare = (call: string) => rw(["prepare", "--profile", profile, "--ho", ho, "--call", call, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", join(tmp, "ship", "statements.json"), "--json"]);
    // Written as on a line ("3"), as POST /v1/threads/{thread}/statements reads it, or decoded (3).
    for (const call of ['{"qty":"3"}', '{"qty":3}']) {
      const prepared = prepare(call);
      expect(prepared.code, `${call}: ${prepared.out}${prepared.err}`).toBe(0);
      expect((JSON.parse(prepared.out) as { line: string }).line).toContain(" qty=3 ");
    }
    // A value its type does not admit, or a record's $resolve, is refused as the Worker refuses it.
    for (const [call, code] of [['{"qty":"three"}', "RECORD_SHAPE"], ['{"qty":3,"$resolve":["qty"]}', "RECORD_SHAPE"]] as const) {
      const refused = prepare(call);
      expect(refused.code, call).toBe(1);
      expect((JSON.parse(refused.out) as { ok: boolean; invalid: string; findings: { code: string }[] })).toMatchObject({ ok: false, invalid: "call", findings: [{ code }] });
    }
  });
  it("prepare, commit once, then refuse; abandon; a cancelled handoff; a late commit", () => {
    const store = join(tmp, "st", "statements.json");
    const prepared = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]);
    const { token, line } = JSON.parse(prepared.out) as { token: string; line: string };
    expect(line).toContain(`x_tok=${token}`);
    expect(rw(["check-rb", "--ho", PAY_HO, "--rb", line]).code).toBe(0);
    const first = rw(["commit", token, "--now", "20261002T1500Z", "--store", store]);
    expect(JSON.parse(first.out)).toStrictEqual(JSON.parse(readFileSync(record, "utf8")));
    const second = rw(["commit", token, "--now", "20261002T1500Z", "--store", store]);
    expect(second.code).toBe(1);
    expect(second.err).toContain("already committed");
    // The handoff's act ran: no second statement may be prepared for it, so it cannot run twice.
    const again = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]);
    expect(again.code).toBe(1);
    expect(again.out + again.err).toContain("already ran under another statement");
    const fresh = join(tmp, "st2", "statements.json");
    const other = (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", fresh, "--json"]).out) as { token: string }).token;
    expect(rw(["commit", other, "--now", "20261002T1601Z", "--store", fresh]).err).toContain("after the statement's exp");
    const third = (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", fresh, "--json"]).out) as { token: string }).token;
    expect(rw(["abandon", "--handoff", "scheduler-1", "--now", "20261002T1500Z", "--store", fresh]).out).toContain("cancelled 1 pending");
    expect(rw(["commit", third, "--now", "20261002T1500Z", "--store", fresh]).err).toContain("cancelled");
    // The cancelled handoff gets no new statement: it would run the withdrawn act.
    const afterCancel = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", fresh, "--json"]);
    expect(afterCancel.code).toBe(1);
    expect(afterCancel.out).toContain("was cancelled (CX)");
    // An abandon after exp finds the statement expired, as a commit does (and as the Worker answers).
    const lateStore = join(tmp, "st3", "statements.json");
    const fourth = (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", lateStore, "--json"]).out) as { token: string }).token;
    const late = rw(["abandon", fourth, "--now", "20261002T1601Z", "--store", lateStore]);
    expect(late.code).toBe(1);
    expect(late.err).toContain("expired");
    // So does a cancel of its handoff: a statement past its exp is expired, not cancelled.
    const lateCancel = join(tmp, "st4", "statements.json");
    const fifth = (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", lateCancel, "--json"]).out) as { token: string }).token;
    expect(rw(["abandon", "--handoff", "scheduler-1", "--now", "20261002T1601Z", "--store", lateCancel]).out).toContain("cancelled 0 pending");
    expect((JSON.parse(readFileSync(lateCancel, "utf8")) as { statements: { token: string; state: string }[] }).statements.find((s) => s.token === fifth)?.state).toBe("expired");
    expect(rw(["commit", "nothex", "--store", store]).code).toBe(2);
  });
  it("a store reached through a symbolic link is written where the link leads: a statement committed through the link is committed once (audit DY)", () => {
    const shared = join(tmp, "shared-store", "statements.json");
    const prepared = JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", shared, "--json"]).out) as { token: string };
    // A second folder uses the same store through a link, as a shared store is set up.
    const link = join(tmp, "linked-store", ".rw", "statements.json");
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(shared, link);
    expect(rw(["commit", prepared.token, "--now", "20261002T1401Z", "--store", link]).code).toBe(0);
    // Renamed over, the link had become a file of its own and the shared store still said pending:
    // the payment was committed, and so executed, a second time.
    const again = rw(["commit", prepared.token, "--now", "20261002T1402Z", "--store", shared]);
    expect([again.code, again.err]).toStrictEqual([1, expect.stringContaining("already committed")]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    // A link to no store yet leads to where it is created.
    const target = join(tmp, "linked-store", "later", "statements.json");
    const dangling = join(tmp, "linked-store", ".rw", "later.json");
    symlinkSync(target, dangling);
    expect(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", dangling, "--json"]).code).toBe(0);
    expect([lstatSync(dangling).isSymbolicLink(), existsSync(target)]).toStrictEqual([true, true]);
  });
  it("prepare refuses a re-issue whose original already ran: the store reads the re-issue's re= (rule 1, README note 27)", () => {
    const store = join(tmp, "reissue-after-commit", "statements.json");
    const ran = JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]).out) as { token: string };
    expect(rw(["commit", ran.token, "--now", "20261002T1500Z", "--store", store]).code).toBe(0);
    const reissue = PAY_HO.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const again = rw(["prepare", "--ho", reissue, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1510Z", "--store", store]);
    expect([again.code, again.out]).toStrictEqual([1, ""]);
    expect(again.err).toContain("STATEMENT_REFUSED: the handoff scheduler-2 is the same HO as scheduler-1 (rule 1: a re-issue sends the same HO again), whose act already ran under another statement; its act runs once");
    expect((JSON.parse(readFileSync(store, "utf8")) as { statements: unknown[] }).statements.length).toBe(1);
  });
  describe("one act per re-issue line at commit: the store keeps the HOs given with re= (rule 1, README note 27)", () => {
    const HO2 = PAY_HO.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const HO3 = PAY_HO.replace("scheduler-1", "scheduler-3 re=scheduler-2");
    const prep = (store: string, ho: string) => rw(["prepare", "--ho", ho, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]);
    const tokenOf = (run: Run) => (JSON.parse(run.out) as { token: string }).token;
    const commitAt = (store: string, token: string) => rw(["commit", token, "--now", "20261002T1500Z", "--store", store]);
    const sameAs = (h: string, ran: string) => `refused: the handoff ${h} is the same HO as ${ran} (rule 1: a re-issue sends the same HO again), whose act already ran under another statement; its act runs once\n`;
    it("a statement prepared for the re-issue before the original's commit is refused after it, in either order", () => {
      const a = join(tmp, "line-a", "statements.json");
      const [a1, a2] = [tokenOf(prep(a, PAY_HO)), tokenOf(prep(a, HO2))];
      expect(commitAt(a, a1).code).toBe(0);
      expect(commitAt(a, a2)).toStrictEqual({ code: 1, out: "", err: sameAs("scheduler-2", "scheduler-1") });
      const b = join(tmp, "line-b", "statements.json");
      const [b1, b2] = [tokenOf(prep(b, PAY_HO)), tokenOf(prep(b, HO2))];
      expect(commitAt(b, b2).code).toBe(0);
      expect(commitAt(b, b1)).toStrictEqual({ code: 1, out: "", err: sameAs("scheduler-1", "scheduler-2") });
      // What the file keeps: the re-issue's re=, and who, what and which ask it is about.
      const kept = JSON.parse(readFileSync(b, "utf8")) as { reissues: unknown[]; statements: { state: string }[] };
      expect(kept.reissues).toStrictEqual([{ id: "scheduler-2", re: "scheduler-1", from: "scheduler", to: "payer", item: "inv:MD-2026-057" }]);
      // The original's statement can never run once the line's act ran: the commit ended it, one rule with the Worker's (core endStatements).
      expect(kept.statements.map((s) => s.state)).toStrictEqual(["abandoned", "committed"]);
      expect(rw(["abandon", b1, "--now", "20261002T1500Z", "--store", b])).toMatchObject({ code: 1, err: expect.stringContaining("abandoned") });
    });
    it("abandon --handoff of the live re-issue cancels the statements of the HO it superseded too: the CX withdrew the same HO (note 27)", () => {
      const store = join(tmp, "line-cx", "statements.json");
      const [first, second] = [tokenOf(prep(store, PAY_HO)), tokenOf(prep(store, HO2))];
      expect(rw(["abandon", "--handoff", "scheduler-2", "--now", "20261002T1500Z", "--store", store]).out).toBe("cancelled 2 pending statement(s) for scheduler-2\n");
      // The original's statement no longer runs the withdrawn act, nor is one prepared for it.
      expect(commitAt(store, first)).toMatchObject({ code: 1, err: expect.stringContaining("cancelled") });
      expect(prep(store, PAY_HO).code).toBe(1);
      const kept = JSON.parse(readFileSync(store, "utf8")) as { cancelled: string[]; statements: { token: string; state: string }[] };
      expect([kept.cancelled.sort(), kept.statements.map((s) => s.state)]).toStrictEqual([["scheduler-1", "scheduler-2"], ["cancelled", "cancelled"]]);
      expect(second).not.toBe(first);
      // A CX of the superseded original (why=SUPERSEDED) withdraws it alone: the re-issue still runs.
      const other = join(tmp, "line-cx-superseded", "statements.json");
      const [one, two] = [tokenOf(prep(other, PAY_HO)), tokenOf(prep(other, HO2))];
      expect(rw(["abandon", "--handoff", "scheduler-1", "--now", "20261002T1500Z", "--store", other]).out).toBe("cancelled 1 pending statement(s) for scheduler-1\n");
      expect(commitAt(other, one).code).toBe(1);
      expect(commitAt(other, two).code).toBe(0);
    });
    it("a re-issue of a re-issue is traced through a middle HO whose prepare was refused", () => {
      const store = join(tmp, "line-c", "statements.json");
      expect(commitAt(store, tokenOf(prep(store, PAY_HO))).code).toBe(0);
      expect(prep(store, HO2).code).toBe(1);
      const third = prep(store, HO3);
      expect([third.code, (JSON.parse(third.out) as { findings: { message: string }[] }).findings[0]?.message]).toStrictEqual([1, sameAs("scheduler-3", "scheduler-1").slice("refused: ".length, -1)]);
    });
    it("a store an earlier rw wrote (no reissues) still loads: its statements link only through HOs given since", () => {
      const store = join(tmp, "line-old", "statements.json");
      const one = tokenOf(prep(store, PAY_HO));
      const two = tokenOf(prep(store, HO2));
      // As an earlier rw wrote it: the same statements, no reissues list.
      const file = JSON.parse(readFileSync(store, "utf8")) as { version: 1; statements: unknown[] };
      writeFileSync(store, `${JSON.stringify({ version: file.version, statements: file.statements }, null, 1)}\n`);
      expect(commitAt(store, one).code).toBe(0);
      // It cannot tell the re-issue prepared before it was upgraded: its re= was never kept.
      expect(commitAt(store, two).code).toBe(0);
      // A re-issue given since is read from its own re=, as before.
      expect(prep(store, HO3.replace("re=scheduler-2", "re=scheduler-1")).code).toBe(1);
      // A damaged note is refused before anything runs from the store.
      const bad = join(tmp, "line-bad", "statements.json");
      prep(bad, HO2);
      const damaged = JSON.parse(readFileSync(bad, "utf8")) as { reissues: { re: string }[] };
      (damaged.reissues[0] as { re: string }).re = "scheduler";
      writeFileSync(bad, JSON.stringify(damaged));
      const refused = prep(bad, PAY_HO);
      expect([refused.code, refused.err]).toStrictEqual([1, ""]);
      expect(refused.out).toContain("reissues[0].re: re is a message id <agent>-<n>");
    });
    it("two rw commit processes racing on two statements of one line: the lock lets one run", async () => {
      const race = (store: string, tokens: string[]) =>
        Promise.all(tokens.map((t) => new Promise<number | null>((done) => spawn(process.execPath, [RW, "commit", t, "--now", "20261002T1500Z", "--store", store], { cwd: ROOT, stdio: "ignore" }).on("close", done))));
      for (let round = 0; round < 3; round++) {
        const store = join(tmp, `line-race-${round}`, "statements.json");
        const tokens = [tokenOf(prep(store, PAY_HO)), tokenOf(prep(store, HO2))];
        const codes = await race(store, round % 2 === 0 ? tokens : [...tokens].reverse());
        expect([...codes].sort()).toStrictEqual([0, 1]);
        const states = (JSON.parse(readFileSync(store, "utf8")) as { statements: { state: string }[] }).statements.map((s) => s.state);
        expect(states.filter((x) => x === "committed").length).toBe(1);
      }
    }, 30_000);
  });
  it("abandon --handoff after the act ran says so and fails, as abandon TOKEN does: a cancel cannot unsay an act", () => {
    const store = join(tmp, "ran-then-cancel", "statements.json");
    const prep = () => (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]).out) as { token: string; line: string });
    const ran = prep();
    const spare = prep();
    expect(rw(["commit", ran.token, "--now", "20261002T1500Z", "--store", store]).code).toBe(0);
    // It said "cancelled 0 pending statement(s)" and exit 0, as for a handoff nothing ran for: the
    // receiver would acknowledge the CX with AN val=Y ("nothing paid"), where 5.4 asks for the DN.
    const text = rw(["abandon", "--handoff", "scheduler-1", "--now", "20261002T1510Z", "--store", store]);
    const rbId = / RB (\S+) /.exec(ran.line)?.[1];
    expect([text.code, text.out, text.err]).toStrictEqual([1, "", `refused: the act of scheduler-1 already ran: the statement read back as ${rbId} was committed, and a cancel cannot unsay an act; answer the CX with the act's DN, not AN val=Y (section 5.4)\n`]);
    const json = rw(["abandon", "--handoff", "scheduler-1", "--now", "20261002T1510Z", "--store", store, "--json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, cancelled: 0, findings: [{ code: "STATEMENT_REFUSED", slot: "x_tok", expected: "pending", received: "committed" }] });
    // The cancel is kept all the same; the spare statement the commit already ended (the act runs once): nothing more runs.
    const kept = JSON.parse(readFileSync(store, "utf8")) as { statements: { token: string; state: string }[]; cancelled: string[] };
    expect(kept.cancelled).toStrictEqual(["scheduler-1"]);
    expect(kept.statements.map((s) => [s.token, s.state])).toStrictEqual([[ran.token, "committed"], [spare.token, "abandoned"]]);
  });
  it("commit and abandon against a store that is not there find nothing, and create nothing", () => {
    const missing = join(tmp, "no-such-folder", "statements.json");
    const commit = rw(["commit", "0123456789abcdef0123456789abcdef", "--now", "20261002T1500Z", "--store", missing]);
    expect([commit.code, commit.err]).toStrictEqual([1, `refused: no statement has this token (there is no statement store at ${missing}: run rw commit in the folder rw prepare ran in, or give its --store PATH)\n`]);
    expect(rw(["abandon", "0123456789abcdef0123456789abcdef", "--store", missing]).code).toBe(1);
    expect(existsSync(dirname(missing))).toBe(false);
  });
  it("a token unknown because no store is where rw runs says so: the default store is relative to the folder, not the token's fault", () => {
    const elsewhere = mkdtempSync(join(tmp, "elsewhere-"));
    const run = (args: string[]): Run => {
      const r = spawnSync(process.execPath, [RW, ...args], { encoding: "utf8", cwd: elsewhere });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const abandon = run(["abandon", "0123456789abcdef0123456789abcdef"]);
    expect([abandon.code, abandon.err]).toStrictEqual([1, `refused: no statement has this token (there is no statement store at ${join(".rw", "statements.json")}: run rw abandon in the folder rw prepare ran in, or give its --store PATH)\n`]);
    // --json keeps the core's finding, whose code says it; the store stays uncreated.
    expect(JSON.parse(run(["commit", "0123456789abcdef0123456789abcdef", "--json"]).out)).toMatchObject({ ok: false, findings: [{ code: "STATEMENT_UNKNOWN" }] });
    expect(existsSync(join(elsewhere, ".rw"))).toBe(false);
    // A store that is there and lacks the token is the token's fault alone: said as before.
    const store = join(elsewhere, "statements.json");
    expect(run(["abandon", "--handoff", "scheduler-1", "--store", store]).code).toBe(0);
    const known = run(["commit", "0123456789abcdef0123456789abcdef", "--store", store]);
    expect([known.code, known.err]).toStrictEqual([1, "refused: no statement has this token\n"]);
  });
  it("abandon --handoff with nothing prepared keeps the cancel, so no later prepare runs the withdrawn act", () => {
    const cancelledFirst = join(tmp, "cancel-first", "statements.json");
    const cancel = rw(["abandon", "--handoff", "scheduler-1", "--store", cancelledFirst]);
    expect([cancel.code, cancel.out]).toStrictEqual([0, "cancelled 0 pending statement(s) for scheduler-1\n"]);
    // The store was created by the cancel: said (audit HM), since run in another folder than the
    // prepare, "cancelled 0" read as nothing pending while that folder's statement stayed committable.
    expect(cancel.err).toBe(`rw: warning: there was no statement store at ${cancelledFirst}: one was created to keep the cancel; if rw prepare ran in another folder, run rw abandon --handoff there too, or give its --store PATH\n`);
    expect(JSON.parse(readFileSync(cancelledFirst, "utf8"))).toStrictEqual({ version: 1, statements: [], cancelled: ["scheduler-1"] });
    const prepare = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", cancelledFirst, "--json"]);
    expect(prepare.code).toBe(1);
    expect(prepare.out).toContain("was cancelled (CX)");
    // Cancelling again changes nothing, and the store is there now: no warning; a damaged list is refused like any other part of the store.
    expect(rw(["abandon", "--handoff", "scheduler-1", "--store", cancelledFirst]).err).toBe("");
    expect(JSON.parse(readFileSync(cancelledFirst, "utf8")).cancelled).toStrictEqual(["scheduler-1"]);
    writeFileSync(cancelledFirst, JSON.stringify({ version: 1, statements: [], cancelled: ["not an id"] }));
    expect(rw(["commit", "0123456789abcdef0123456789abcdef", "--now", "20261002T1500Z", "--store", cancelledFirst]).err).toContain("cancelled[0]: a handoff is a message id");
  });
  it("two processes committing one token: exactly one wins", async () => {
    const store = join(tmp, "race", "statements.json");
    const token = (JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store, "--json"]).out) as { token: string }).token;
    const { spawn } = await import("node:child_process");
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => new Promise<number | null>((done) => {
        const child = spawn(process.execPath, [RW, "commit", token, "--now", "20261002T1500Z", "--store", store], { stdio: "ignore" });
        child.on("close", done);
      })),
    );
    expect(runs.filter((c) => c === 0).length).toBe(1);
    expect(runs.filter((c) => c === 1).length).toBe(7);
  });
});

describe("rw check-thread", () => {
  const thread = [
    "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001",
    "RW1 RB builder-05 re=ops-03 from=builder to=ops item=jira:OPS-77 ask=BUILD due=20261001",
    "RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // readback mismatch on ask",
    "RW1 RB builder-06 re=ops-04 from=builder to=ops item=jira:OPS-77 ask=FIX due=20261001",
  ];
  it("a void readback and its re-issue: the receiver owns the item, the thread is open and in time", () => {
    const r = rw(["check-thread", "--now", "20260930T0900Z"], `${thread.join("\n")}\n`);
    expect(r.code).toBe(0);
    expect(r.out).toContain("THREAD_READBACK_VOID");
    expect(r.out).toContain("jira:OPS-77 builder (readback of ops-04)");
  });
  it("the same thread past its due date: orphaned, exit 1", () => {
    const r = rw(["check-thread", "--now", "20261003T0900Z", "--json"], `${thread.join("\n")}\n`);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { findings: { code: string }[]; handoffs: { id: string; state: string; supersededBy: string | null }[] };
    expect(report.findings.map((f) => f.code)).toContain("THREAD_OVERDUE");
    expect(report.handoffs.map((h) => [h.id, h.state, h.supersededBy])).toStrictEqual([["ops-03", "superseded", "ops-04"], ["ops-04", "orphaned", null]]);
  });
  it("--json lists the lines left out, with their findings, as the Worker's check-thread does", () => {
    // They went to stderr as text only: the JSON said how many lines were left out, not which or why.
    const r = rw(["check-thread", "--json", "--now", "20261001T0000Z"], "RW1 HO a-1 from=a to=b item=x ask=DRAFT\nRW1 DN b-2 re=a-1 from=b to=a item=x\nRW1 HO a-5\n");
    expect([r.code, r.err]).toStrictEqual([1, ""]);
    const report = JSON.parse(r.out) as { ok: boolean; invalid: number; rejected: { line: number; findings: { code: string }[] }[] };
    expect([report.ok, report.invalid]).toStrictEqual([false, 2]);
    expect(report.rejected.map((x) => [x.line, x.findings.map((f) => f.code)])).toStrictEqual([[2, ["MISSING_SLOT"]], [3, ["MISSING_SLOT", "MISSING_SLOT", "MISSING_SLOT", "MISSING_SLOT"]]]);
  });
  it("closed by its DN, the thread is ok; an invalid line is reported and left out", () => {
    const done = "RW1 DN builder-07 re=ops-04 from=builder to=ops item=jira:OPS-77 out=OK";
    expect(rw(["check-thread", "--now", "20261003T0900Z"], `${[...thread, done].join("\n")}\n`).code).toBe(0);
    const r = rw(["check-thread", "--now", "20261003T0900Z"], `${[...thread, done, "RW1 DN builder-08 re=ops-04 from=builder to=ops item=jira:OPS-77 out=DONE"].join("\n")}\n`);
    expect(r.code).toBe(1);
    expect(r.err).toContain("left out of the thread");
    // Counts of one are singular: "1 invalid line", "1 handoff".
    expect(r.out).toContain("; 1 invalid line left out");
    const one = rw(["check-thread", "--now", "20260930T0900Z"], `${thread[0]}\n`);
    expect(one.out).toContain("1 message, 1 handoff (");
  });
  it("the summary counts the questions when the thread asked any, and reads as before when it asked none", () => {
    const questions = [
      "RW1 AQ ops-1 from=ops to=human need=YESNO by=20261005 // deploy?",
      "RW1 AQ ops-1 from=ops to=human need=YESNO by=20261005 // deploy?",
      "RW1 AN human-1 re=ops-1 from=human to=ops val=Y",
      "RW1 AQ ops-2 from=ops to=human need=NUM by=20261005 // how many seats?",
    ];
    const r = rw(["check-thread", "--now", "20261006T0900Z"], `${questions.join("\n")}\n`);
    expect(r.code).toBe(1);
    // The AQ sent again is a retry, counted once as a message is, and as a re-sent HO is.
    expect(r.out.split("\n")[0]).toBe("thread at 20261006T0900Z: problems; 3 messages, 0 handoffs (0 open, 0 closed, 0 cancelled); readbacks 0 passed, 0 void, 0 unverified; 2 questions (1 answered, 1 open, 1 overdue)");
    const one = rw(["check-thread", "--now", "20261001T0900Z"], `${questions[3]}\n`);
    expect(one.out.split("\n")[0]).toBe("thread at 20261001T0900Z: ok; 1 message, 0 handoffs (0 open, 0 closed, 0 cancelled); readbacks 0 passed, 0 void, 0 unverified; 1 question (0 answered, 1 open, 0 overdue)");
    const none = rw(["check-thread", "--now", "20260930T0900Z"], `${thread.join("\n")}\n`);
    expect(none.out.split("\n")[0]).toBe("thread at 20260930T0900Z: ok; 4 messages, 2 handoffs (1 open, 0 closed, 0 cancelled); readbacks 1 passed, 1 void, 0 unverified");
    const json = JSON.parse(rw(["check-thread", "--now", "20261006T0900Z", "--json"], `${questions.join("\n")}\n`).out) as { counts: { questions: unknown } };
    expect(json.counts.questions).toStrictEqual({ asked: 2, answered: 1, open: 1, overdue: 1 });
  });
  it("refuses a malformed --now", () => {
    expect(rw(["check-thread", "--now", "tomorrow"], "").code).toBe(2);
  });
  it("--no-clock audits with no clock, as the Worker's now: null: nothing is late, nor known to be in time; with --now it is a usage error", () => {
    // It had only --now (default the clock): a log from last year could not be audited for what it says alone.
    const late = "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX due=20200101 exp=20200101T0000Z";
    const r = rw(["check-thread", "--no-clock", "--json"], `${late}\n`);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { now: string | null; findings: { code: string; message: string }[]; handoffs: { state: string }[] };
    expect(report.now).toBeNull();
    expect(report.findings.map((f) => f.code)).toStrictEqual(["THREAD_OPEN"]);
    expect(report.findings[0]?.message).toContain("no clock to compare its deadline with");
    expect(report.handoffs.map((h) => h.state)).toStrictEqual(["open"]);
    expect(rw(["check-thread", "--no-clock"], `${late}\n`).out.split("\n")[0]).toBe("thread with no clock: ok; 1 message, 1 handoff (1 open, 0 closed, 0 cancelled); readbacks 0 passed, 0 void, 0 unverified");
    // The default is still the clock: the same HO is orphaned today.
    expect(rw(["check-thread"], `${late}\n`).code).toBe(1);
    const both = rw(["check-thread", "--no-clock", "--now", "20261001T0000Z"], `${late}\n`);
    expect([both.code, both.out]).toStrictEqual([2, ""]);
    expect(both.err).toContain("--now and --no-clock");
  });
  it("lists the notes of the lines it takes into the thread, as rw validate shows them: --json in noted, text on stderr; they do not fail it", () => {
    // It read them and dropped the notes: an unknown slot (a typo for a known one) went unseen.
    const lines = "RW1 HO a-1 from=a to=b item=x ask=DRAFT amnt=1\nRW1 DN b-1 re=a-1 from=b to=a item=x out=OK\nRW1 HO a-5\n";
    const r = rw(["check-thread", "--json", "--now", "20261001T0000Z"], lines);
    const report = JSON.parse(r.out) as { noted: { line: number; findings: { code: string; slot?: string; at?: number }[] }[]; rejected: { line: number }[] };
    expect(report.noted.map((x) => [x.line, x.findings.map((f) => [f.code, f.slot, f.at])])).toStrictEqual([[1, [["SLOT_UNKNOWN", "amnt", 40]]]]);
    expect(report.rejected.map((x) => x.line)).toStrictEqual([3]);
    const ok = rw(["check-thread", "--now", "20261001T0000Z"], "RW1 HO a-1 from=a to=b item=x ask=DRAFT amnt=1\n");
    expect(ok.err).toContain("line 1: in the thread, with notes\n  note SLOT_UNKNOWN at 40: amnt= is not in the vocabulary; ignored");
    expect(ok.out.split("\n")[0]).toContain(": ok;");
    expect(ok.code).toBe(0);
  });
  it("a retry (the same message again, as a line or its JSON form) is taken once, as the Worker stores it once", () => {
    const done = "RW1 DN builder-07 re=ops-04 from=builder to=ops item=jira:OPS-77 out=OK";
    const form = JSON.stringify({ v: "RW1", type: "DN", id: "builder-07", re: "ops-04", from: "builder", to: "ops", item: "jira:OPS-77", slots: { out: "OK" }, tail: null });
    const r = rw(["check-thread", "--now", "20260930T0900Z"], `${[...thread, done, done, form, thread[0]].join("\n")}\n`);
    expect(r.code).toBe(0);
    expect(r.out).toContain("5 messages, 2 handoffs");
    expect(r.out).toContain("line 6: note THREAD_RETRY (ops-04): DN builder-07 is an earlier message again, unchanged: a retry, taken once");
    expect(r.out).toContain("line 8: note THREAD_RETRY (ops-03)");
    expect(r.out).not.toContain("THREAD_CLOSED_TWICE");
    expect(r.out).not.toContain("THREAD_ID_REUSED");
  });
  it("ids are unique whatever the type; a closing message about another item, or a cancel's answer from a third agent, is an error", () => {
    const lines = (...more: string[]): string => `${[...thread, ...more].join("\n")}\n`;
    const reused = rw(["check-thread", "--now", "20260930T0900Z"], lines("RW1 DN builder-06 re=ops-04 from=builder to=ops item=jira:OPS-77 out=OK"));
    expect(reused.code).toBe(1);
    expect(reused.out).toContain("line 5: error THREAD_ID_REUSED (ops-04): DN builder-06 reuses the id of an earlier message with other content");
    const other = rw(["check-thread", "--now", "20260930T0900Z"], lines("RW1 DN builder-07 re=ops-04 from=builder to=ops item=jira:OPS-78 out=OK"));
    expect(other.code).toBe(1);
    expect(other.out).toContain("line 5: error THREAD_REPLY_ITEM (ops-04): DN builder-07 is about jira:OPS-78, not ops-04's item jira:OPS-77: it closes nothing");
    expect(other.out).toContain("THREAD_OPEN (ops-04)");
    const answered = rw(["check-thread", "--now", "20260930T0900Z"], lines("RW1 CX ops-05 re=ops-04 from=ops to=builder item=jira:OPS-77 why=REVOKED", "RW1 AN builder-07 re=ops-05 from=builder to=qa val=Y"));
    expect(answered.code).toBe(1);
    expect(answered.out).toContain("line 6: error THREAD_REPLY_PARTIES (ops-04): AN builder-07 answers the cancel ops-05 of ops-04 but does not come from its receiver builder to its sender ops: it acknowledges nothing");
    expect(answered.out).toContain("THREAD_CANCEL_UNANSWERED");
  });
  it("says why the sender still holds an item: no readback yet, or readbacks that did not pass", () => {
    const none = rw(["check-thread", "--now", "20260930T0900Z"], `${thread[0]}\n`);
    expect(none.out).toContain("  jira:OPS-77 ops (no readback yet: the sender holds it)\n");
    // A void readback, and one after its HO was cancelled (late, not checked): readbacks came, none passed.
    const late = ["RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX", "RW1 CX ops-2 re=ops-1 from=ops to=builder item=jira:OPS-1 why=REVOKED", "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=FIX"];
    const r = rw(["check-thread", "--now", "20260930T0900Z"], `${[...thread.slice(0, 2), ...late].join("\n")}\n`);
    expect(r.out).toContain("  jira:OPS-77 ops (no passing readback: the sender holds it)\n");
    expect(r.out).toContain("  jira:OPS-1 ops (no passing readback: the sender holds it)\n");
    expect(r.out).not.toContain("no readback yet");
    const json = rw(["check-thread", "--json", "--now", "20260930T0900Z"], `${[thread[0], ...late].join("\n")}\n`);
    expect((JSON.parse(json.out) as { owners: unknown[] }).owners).toStrictEqual([
      { item: "jira:OPS-77", owner: "ops", handoff: null },
      { item: "jira:OPS-1", owner: "ops", handoff: null, readback: "late" },
    ]);
  });
});

describe("a statement store that rw did not write is refused, and nothing runs from it", () => {
  const token = "5339b96ee73af00187e408f89d3c1fdb";
  const stores: [string, string, string][] = [
    ["a corrupt entry", JSON.stringify({ version: 1, statements: [{ token, state: "pending", exp: "garbage", call: null, handoff: 1 }] }), "statements[0]"],
    ["a null entry", JSON.stringify({ version: 1, statements: [null] }), "statements[0]"],
    ["an entry with only a token", JSON.stringify({ version: 1, statements: [{ token }] }), "statements[0]"],
    ["a bad exp", "", "statements[0].exp"],
  ];
  it.each(stores)("%s", (_, text, where) => {
    const store = join(tmp, `store-${where.length}-${text.length}.json`);
    const good = { token, handoff: "scheduler-1", call: { amt: "5400.00" }, exp: "20261002T1600Z", readback: { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: {}, tail: null }, state: "pending" };
    const content = text === "" ? JSON.stringify({ version: 1, statements: [{ ...good, exp: "garbage" }] }) : text;
    writeFileSync(store, content);
    const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain(`the statement store ${store} is refused: ${where}`);
    expect(readFileSync(store, "utf8")).toBe(content);
    expect(rw(["commit", token, "--store", store, "--now", "20261201T0000Z", "--json"]).out).toContain('"ok":false');
  });
  it("a well-formed store still commits", () => {
    const store = join(tmp, "store-good.json");
    const good = { token, handoff: "scheduler-1", call: { amt: "5400.00" }, exp: "20261202T1600Z", readback: { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: { amt: "5400.00", exp: "20261202T1600Z", x_tok: token }, tail: null }, state: "pending" };
    writeFileSync(store, JSON.stringify({ version: 1, statements: [good] }));
    const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
    expect(r.out).toBe('{"amt":"5400.00"}\n');
    expect(r.code).toBe(0);
  });
  it("a call other than its readback states, or an exp other than its readback's, is refused: what runs is what the sender checked", () => {
    const readback = { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: { amt: "5400.00", exp: "20261202T1600Z", x_tok: token }, tail: null };
    const good = { token, handoff: "scheduler-1", call: { amt: "5400.00" }, exp: "20261202T1600Z", readback, state: "pending" };
    for (const [entry, where] of [[{ ...good, call: { amt: "5100.00" } }, "statements[0].call.amt: it is not the value its readback states"], [{ ...good, exp: "20261202T1800Z" }, "statements[0].exp: it is not the exp its readback states"]] as const) {
      const store = join(tmp, `store-call-${where.length}.json`);
      writeFileSync(store, JSON.stringify({ version: 1, statements: [entry] }));
      const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
      expect([r.code, r.out]).toStrictEqual([1, ""]);
      expect(r.err).toContain(where);
    }
  });
  it("an RB whose x_tok is not the statement's token is refused", () => {
    const store = join(tmp, "store-xtok.json");
    const entry = { token, handoff: "scheduler-1", call: { amt: "5400.00" }, exp: "20261202T1600Z", readback: { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: { x_tok: "0".repeat(32) }, tail: null }, state: "pending" };
    writeFileSync(store, JSON.stringify({ version: 1, statements: [entry] }));
    const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("statements[0].readback: its x_tok is not the statement's token");
  });
  it("a key named twice is refused, never read as its last value: a committed statement does not run again", () => {
    const store = join(tmp, "store-twice.json");
    const entry = { token, handoff: "scheduler-1", call: { amt: "5400.00" }, exp: "20261202T1600Z", readback: { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: { x_tok: token }, tail: null }, state: "committed" };
    // What JSON.parse reads as state "pending": the last of the two.
    const content = JSON.stringify({ version: 1, statements: [entry] }).replace('"state":"committed"', '"state":"committed","state":"pending"');
    writeFileSync(store, content);
    const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
    expect([r.code, r.out]).toStrictEqual([1, ""]);
    expect(r.err).toContain(`the statement store ${store} is refused: the key "state" appears twice in one object`);
    expect(readFileSync(store, "utf8")).toBe(content);
  });
  it("a store whose bytes are not UTF-8 is refused, never read with replacement characters", () => {
    const store = join(tmp, "store-latin1.json");
    const entry = { token, handoff: "scheduler-1", call: { ref: "caf@" }, exp: "20261202T1600Z", readback: { v: "RW1", type: "RB", id: "payer-1", re: "scheduler-1", from: "payer", to: "scheduler", item: null, slots: { x_tok: token }, tail: null }, state: "pending" };
    const [before, after] = JSON.stringify({ version: 1, statements: [entry] }).split("@") as [string, string];
    writeFileSync(store, Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]));
    const r = rw(["commit", token, "--store", store, "--now", "20261201T0000Z"]);
    expect([r.code, r.out]).toStrictEqual([1, ""]);
    expect(r.err).toContain(`the statement store ${store} is refused: not UTF-8`);
  });
  it("a store that is a directory is a usage error that says so", () => {
    const r = rw(["commit", token, "--store", tmp, "--now", "20261201T0000Z"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is a directory");
  });
  it.skipIf(!existsSync("/dev/zero"))("a store that is no regular file (a link to /dev/zero, a FIFO) is a usage error at once, its lock released", () => {
    // Read without end under the lock: /dev/zero took 3 GB in a minute, and a FIFO no one writes hung for ever.
    const folder = mkdtempSync(join(tmp, "device-store-"));
    const zero = join(folder, "statements.json");
    symlinkSync("/dev/zero", zero);
    const fifo = join(folder, "fifo.json");
    spawnSync("mkfifo", [fifo]);
    for (const [store, args] of [[zero, ["commit", token]], [fifo, ["abandon", "--handoff", "scheduler-1"]]] as const) {
      if (!existsSync(store)) continue;
      const r = spawnSync(process.execPath, [RW, ...args, "--store", store, "--now", "20261201T0000Z"], { encoding: "utf8", cwd: ROOT, timeout: 20_000 });
      expect([r.status, r.stdout, r.stderr.split("\n")[0]], store).toStrictEqual([2, "", `rw: the statement store ${store} cannot be read: it is not a regular file (a device or a pipe)`]);
      expect(existsSync(`${store}.lock`)).toBe(false);
    }
  }, 60_000);
});

describe.skipIf(!existsSync("/dev/full"))("output that cannot be written (a full disk) is said in one line, exit 2", () => {
  it.each([
    ["legend > /dev/full", "cannot write to stdout: no space left on device"],
    ["--help > /dev/full", "cannot write to stdout: no space left on device"],
    [`parse --file ${join(tmp, "many-good.txt")} > /dev/full`, "cannot write to stdout: no space left on device"],
    ["validate --file /dev/null --bogus 2> /dev/full", ""],
    [`parse --file ${join(tmp, "many-bad.txt")} 2> /dev/full > /dev/null`, ""],
  ])("rw %s", (command, message) => {
    writeFileSync(join(tmp, "many-good.txt"), "RW1 HO research-01 from=research to=writer item=x ask=DRAFT\n".repeat(2_000));
    writeFileSync(join(tmp, "many-bad.txt"), "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n".repeat(2_000));
    const r = spawnSync("bash", ["-c", `node ${RW} ${command}`], { encoding: "utf8" });
    expect(r.stderr).not.toContain("    at ");
    expect(r.stderr).toBe(message === "" ? "" : `rw: ${message}\n`);
    expect(r.status).toBe(2);
  });
});

describe("stdout open only for reading (1< file) is said in words, exit 2", () => {
  it.each([["legend"], ["--help"], ["validate", "--file", "/dev/null", "--json", "--as", "writer", "--bogus"]])("rw %j", (...args) => {
    const file = join(tmp, "read-only-stdout.txt");
    writeFileSync(file, "");
    const fd = openSync(file, "r");
    try {
      const r = spawnSync(process.execPath, [RW, ...args], { stdio: ["pipe", fd, "pipe"], encoding: "utf8" });
      // A usage error writes nothing to stdout: only its own line. Else it was "cannot write to stdout: EBADF".
      const expected = args.includes("--bogus") ? "rw: Unknown option '--bogus'\nTry 'rw validate --help'.\n" : "rw: cannot write to stdout: it is not open for writing\n";
      expect([r.status, r.stderr]).toStrictEqual([2, expected]);
    } finally {
      closeSync(fd);
    }
  });
});

// Before, rw read the rest of its input to keep the verdict's code, so endless input never ended
// (`yes HO | rw validate | head`); it stops now, and 141 says no verdict was delivered.
describe("a reader that closes the pipe early ends the run with 141, not a verdict", () => {
  const many = join(tmp, "manybad.txt");
  writeFileSync(many, "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n".repeat(200_000));
  const overdue = join(tmp, "overdue.txt");
  writeFileSync(overdue, Array.from({ length: 50_000 }, (_, i) => `RW1 HO ops-${i + 1} from=ops to=builder item=x${i + 1} ask=FIX due=20261001\n`).join(""));
  it.each([["validate", many], ["parse", many], ["check-thread --now 20261003T0000Z", overdue]])("%s ... | head -1 exits 141", (command, file) => {
    const r = spawnSync("bash", ["-c", `set -o pipefail; node ${RW} ${command} --file ${file} 2>/dev/null | head -1 >/dev/null; echo $?`], { encoding: "utf8" });
    expect(r.stdout.trim()).toBe("141");
  });
});

describe("prepare and abandon refuse what could never be right", () => {
  const record = join(tmp, "call.json");
  writeFileSync(record, JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" }));
  const store = join(tmp, "refuse", "statements.json");
  it("prepare refuses an --exp before --now (the core's refusal), and a malformed --exp is a usage error like --now", () => {
    const past = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1601Z", "--store", store]);
    expect(past.code).toBe(1);
    expect(past.err).toContain("already past");
    // A window that ends this minute is open: commit at the minute of exp is in time (as the Worker prepares it).
    const lastMinute = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1600Z", "--store", join(tmp, "last-minute", "statements.json")]);
    expect(lastMinute.code).toBe(0);
    expect(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "soon", "--store", store]).code).toBe(2);
    expect(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "later", "--store", store]).code).toBe(2);
  });
  it("commit refuses a --now before the prepare's (kept in the store), and commits at the real time", () => {
    const at = join(tmp, "before-prepare", "statements.json");
    const prepared = JSON.parse(rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", at, "--json"]).out) as { token: string };
    const early = rw(["commit", prepared.token, "--now", "20261002T1300Z", "--store", at]);
    expect(early.code).toBe(1);
    expect(early.err).toContain("a commit at 20261002T1300Z is before the statement was prepared, at 20261002T1400Z");
    expect(rw(["commit", prepared.token, "--now", "20261002T1401Z", "--store", at]).code).toBe(0);
  });
  it("prepare's --now defaults to the clock: an --exp in the past is refused", () => {
    const r = rw(["prepare", "--ho", PAY_HO, "--call", record, "--exp", "20200101T0000Z", "--store", store]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("already past");
  });
  it.each(["", "bad id!", "scheduler"])("abandon --handoff %j is a usage error", (id) => {
    const r = rw(["abandon", "--handoff", id, "--store", store]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("not a message id");
  });
});

describe("a usage error points to the help that answers it", () => {
  it("the command's own help once the command is known, else rw --help", () => {
    expect(rw(["make-rb", "--bogus"]).err).toBe("rw: Unknown option '--bogus'\nTry 'rw make-rb --help'.\n");
    expect(rw(["mailbox", "check", "--nope"]).err).toBe("rw: Unknown option '--nope'\nTry 'rw mailbox check --help'.\n");
    expect(rw(["bogus"]).err).toMatch(/^rw: unknown command 'bogus' .*\nTry 'rw --help'\.\n$/);
    // An unknown command of a group: the group's help lists its commands.
    expect(rw(["mailbox", "bogus"]).err).toBe("rw: unknown command 'mailbox bogus' (mailbox check, mailbox new)\nTry 'rw mailbox --help'.\n");
    expect(rw(["delegation", "bogus"]).err).toMatch(/^rw: unknown command 'delegation bogus' \(delegation validate, .*\)\nTry 'rw delegation --help'\.\n$/);
  });
  it("an unknown command within two edits of one names it (did you mean validate?); a shipped profile in upper case says names are lower case", () => {
    const first = (args: string[]): string => rw(args, "x\n").err.split("\n")[0] as string;
    expect(first(["valdate"])).toMatch(/^rw: unknown command 'valdate' \(did you mean validate\?\) \(parse, format, validate, /);
    expect(first(["--json", "vaildate"])).toMatch(/^rw: unknown command 'vaildate' \(did you mean validate\?\) \(/);
    expect(first(["mailbox", "chek"])).toBe("rw: unknown command 'mailbox chek' (did you mean mailbox check?) (mailbox check, mailbox new)");
    // Nothing near, or two as near: no guess.
    expect(first(["xyzzy"])).not.toContain("did you mean");
    expect(first(["mailbox", "bogus"])).not.toContain("did you mean");
    expect(rw(["valdate"]).code).toBe(2);
    const upper = rw(["validate", "--profile", "PAY"], "x\n");
    expect([upper.code, upper.err.split("\n")[0]]).toStrictEqual([2, "rw: unknown profile PAY: give a shipped profile name (clin, pay, pform) or a .json file; profile names are lower case: --profile pay"]);
    expect(first(["validate", "--profile", "PAYX"])).toBe("rw: unknown profile PAYX: give a shipped profile name (clin, pay, pform) or a .json file");
  });
  it("a command or option mistyped in another case, with _ for -, or one edit off names the one meant, and is still refused (audit HM)", () => {
    const first = (args: string[]): [number | null, string] => {
      const r = rw(args, "x\n");
      return [r.code, r.err.split("\n")[0] as string];
    };
    // `VALIDATE` was "unknown command" with no word of validate; the envelope's `reply_to` typed as an option got no word of --reply-to.
    expect(first(["VALIDATE"])).toStrictEqual([2, expect.stringMatching(/^rw: unknown command 'VALIDATE' \(did you mean validate\?\) \(parse, /)]);
    expect(first(["mailbox", "CHECK", "x"])).toStrictEqual([2, "rw: unknown command 'mailbox CHECK' (did you mean mailbox check?) (mailbox check, mailbox new)"]);
    expect(first(["mailbox", "new", "x", "--reply_to", "y"])).toStrictEqual([2, "rw: Unknown option '--reply_to' (did you mean --reply-to?)"]);
    expect(first(["check-thread", "--no_clock"])).toStrictEqual([2, "rw: Unknown option '--no_clock' (did you mean --no-clock?)"]);
    expect(first(["validate", "--JSON"])).toStrictEqual([2, "rw: Unknown option '--JSON' (did you mean --json?)"]);
    expect(first(["validate", "--fil=x"])).toStrictEqual([2, "rw: Unknown option '--fil' (did you mean --file?)"]);
    expect(first(["--Json", "validate"])).toStrictEqual([2, "rw: Unknown option '--Json' (did you mean --json?)"]);
    // Two edits or more from every option, or a short one: no guess.
    expect(first(["mailbox", "check", "x", "--nope"])).toStrictEqual([2, "rw: Unknown option '--nope'"]);
    expect(first(["validate", "-j"])).toStrictEqual([2, "rw: Unknown option '-j'"]);
  });
  it("--profile with a bare word that names a file here says how to give the file (it said only \"unknown profile\", audit HM)", () => {
    const dir = mkdtempSync(join(tmpdir(), "rw-profile-word-"));
    writeFileSync(join(dir, "mine"), readFileSync(join(ROOT, "profiles", "pay.json"), "utf8").replace('"profile": "pay"', '"profile": "mine"'));
    const run = (profile: string) => spawnSync(process.execPath, [RW, "validate", "--profile", profile], { input: "", encoding: "utf8", cwd: dir });
    const word = run("mine");
    expect([word.status, word.stderr.split("\n")[0]]).toStrictEqual([2, "rw: unknown profile mine: give a shipped profile name (clin, pay, pform) or a .json file; mine is read as a profile name, not a file: give the file as a path, --profile ./mine"]);
    expect(run("./mine").status).toBe(0);
    // No file of that name: no word of one.
    expect(run("theirs").stderr.split("\n")[0]).toBe("rw: unknown profile theirs: give a shipped profile name (clin, pay, pform) or a .json file");
    rmSync(dir, { recursive: true, force: true });
  });
  it("a pretty-printed JSON form piped to validate gets one hint, on stderr, that stdin takes one message a line", () => {
    const form = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x:1", slots: { ask: "DRAFT" }, tail: null };
    const hint = "hint: line 2 opens a JSON form spread over several lines, and validate reads one message a line: put each form on one line (jq -c . form.json | rw validate), or give it whole to a command's --ho, which reads a spread-out one\n";
    const pretty = `RW1 HO a-0 from=a to=b item=x ask=DRAFT\n${JSON.stringify(form, null, 2)}\n`;
    const r = rw(["validate"], pretty);
    expect(r.code).toBe(1);
    expect(r.err).toBe(hint);
    expect(r.out.split("\n").filter((l) => l.endsWith(": refused")).length).toBeGreaterThan(5);
    // With --json too, and stdout stays one object a line.
    const json = rw(["validate", "--json"], pretty);
    expect(json.err).toBe(hint);
    for (const line of json.out.trimEnd().split("\n")) JSON.parse(line);
    // The same form on one line passes, with no hint; a refused line that opens no form gets none.
    expect(rw(["validate"], `${JSON.stringify(form)}\n`)).toMatchObject({ code: 0, err: "" });
    expect(rw(["validate"], "RW1 HO a-1\n{\n")).toMatchObject({ code: 1, err: "" });
  });
  it("an option whose value was left out (--ho --json) is one line of sentences, not line breaks shown as marks", () => {
    // node's parseArgs writes this message on three lines; printed marked, they read "ambiguous.·Did you forget".
    const r = rw(["make-rb", "--ho", "--json"]);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    expect(r.err).toBe(
      "rw: Option '--ho' argument is ambiguous. Did you forget to specify the option argument for '--ho'? To specify an option argument starting with a dash use '--ho=-XYZ'.\nTry 'rw make-rb --help'.\n",
    );
    // An option name the user typed is still shown with its line break marked.
    expect(rw(["validate", "--a\nb"]).err).toBe("rw: Unknown option '--a·b'\nTry 'rw validate --help'.\n");
  });
});

describe("an internal error (a bug in rw) exits 70, EX_SOFTWARE, apart from every verdict and usage error", () => {
  // Injected: stdout's write throws what no command expects, its message quoting an escape sequence.
  const THROW = `data:text/javascript,process.stdout.write = () => { throw new Error("injected\\u001b[2J"); };`;
  const crash = (env: Record<string, string>): { code: number | null; err: string } => {
    const r = spawnSync(process.execPath, ["--import", THROW, RW, "validate"], { input: `${HO}\n`, encoding: "utf8", cwd: ROOT, env: { ...process.env, RW_DEBUG: "", ...env } });
    return { code: r.status, err: r.stderr };
  };
  it("one line with the message, its controls marked, and how to ask for the stack trace, which is not printed", () => {
    expect(crash({})).toStrictEqual({ code: 70, err: "rw: internal error: injected·[2J\nThis is a bug in rw; RW_DEBUG=1 prints its stack trace.\n" });
  });
  it("RW_DEBUG=1 prints the stack trace, marked too", () => {
    const r = crash({ RW_DEBUG: "1" });
    expect(r.code).toBe(70);
    expect(r.err).toMatch(/^rw: internal error: injected·\[2J\n {4}at /u);
    expect(r.err).not.toContain("\u001b");
  });
  it("--help says what 70 and 141 mean", () => {
    expect(rw(["validate", "--help"]).out).toContain("Exit: 0 pass, 1 invalid input or failed check, 2 usage error, 70 internal error (a bug in rw: RW_DEBUG=1 prints its stack trace), 141 the output's reader closed it early (rw stops reading; 128 + SIGPIPE, as a shell reports it).");
  });
});

describe("input that cannot be read is a clear usage error, never a stack trace", () => {
  it.each([["validate"], ["parse"], ["check-thread"], ["digest"], ["format"]])("%s --file DIRECTORY", (command) => {
    const r = rw([command, "--file", tmp]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`rw: cannot read ${tmp}: it is a directory\nTry 'rw ${command} --help'.\n`);
  });
  it("an option file that is a directory or missing names the option, the path and why", () => {
    const dir = rw(["make-rb", "--ho", tmp]);
    expect(dir.code).toBe(2);
    expect(dir.err).toContain(`--ho: cannot read ${tmp}: it is a directory`);
    const missing = rw(["check-ho", "--ho", PAY_HO, "--record", join(tmp, "nope.json")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("no such file");
  });
  it("a --store whose folder is a file already is a usage error that names it, not an internal error", () => {
    const file = join(tmp, "a-file");
    writeFileSync(file, "");
    for (const args of [["abandon", "--handoff", "scheduler-1"], ["commit", "5339b96ee73af00187e408f89d3c1fdb"]]) {
      const r = rw([...args, "--store", join(file, "statements.json")]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`rw: cannot use ${file}: a file is there where a folder is needed (mkdir)\nTry 'rw ${args[0]} --help'.\n`);
    }
  });
  it("delegation --file DIRECTORY", () => {
    const r = rw(["delegation", "validate", "--file", tmp]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("it is a directory");
  });
  it("stdin that cannot be read (open only for writing: `0> file`) is a usage error naming stdin, not an internal error", () => {
    // The stream's EBADF reached the top as "rw: internal error", exit 70, for the streaming commands and rw delegation.
    const writeOnly = openSync(join(tmp, "write-only.txt"), "w");
    try {
      for (const [args, lead] of [[["validate"], ""], [["check-thread"], ""], [["parse", "--file", "-"], "--file: "], [["delegation", "validate"], ""], [["make-rb", "--ho", "-"], "--ho: "]] as const) {
        const r = spawnSync(process.execPath, [RW, ...args], { stdio: [writeOnly, "pipe", "pipe"], encoding: "utf8", cwd: ROOT });
        expect([r.status, r.stdout, r.stderr], args.join(" ")).toStrictEqual([2, "", `rw: ${lead}cannot read stdin: it is not open for reading\nTry 'rw ${args[0] === "delegation" ? "delegation validate" : args[0]} --help'.\n`]);
      }
    } finally {
      closeSync(writeOnly);
    }
  });
});

describe("a file an option names is read up to 64 MiB, as a line of --file is", () => {
  // `--ho /dev/zero` was read until memory ran out: about 8 GB in 30 s here, and no answer.
  const huge = join(tmp, "huge-record.json");
  writeFileSync(huge, `{"amt":"${"9".repeat(64 * 1024 * 1024)}"}`);
  it.each([
    ["a regular file past the limit", huge],
    ...(existsSync("/dev/zero") ? [["a file that never ends", "/dev/zero"]] : []),
  ])("%s is a usage error naming the option and the path", (_, path) => {
    for (const [args, label] of [
      [["check-ho", "--ho", PAY_HO, "--record", path], "--record"],
      [["check-rb", "--ho", path, "--rb", PAY_HO], "--ho"],
      [["validate", "--profile", path], "profile"],
    ] as const) {
      const r = spawnSync(process.execPath, [RW, ...args], { input: "", encoding: "utf8", timeout: 30_000 });
      expect([r.status, r.stdout, r.stderr.split("\n")[0]]).toStrictEqual([2, "", `rw: ${label}${label === "profile" ? ` ${path}` : ""}: cannot read ${path}: it holds more than 64 MiB`]);
    }
  }, 120_000);
});

describe("bytes that are not UTF-8 are refused, never replaced", () => {
  const bytes = (text: string): Buffer => Buffer.concat([Buffer.from(`${text} // caf`), Buffer.from([0xe9]), Buffer.from(`\n${text}\n`)]);
  it("validate --json refuses the line with ENCODING and reads the next one", () => {
    const r = spawnSync(process.execPath, [RW, "validate", "--json"], { input: bytes(HO), encoding: "utf8" });
    const rows = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { line: number; ok: boolean; findings: { code: string; message: string }[] });
    expect(rows.map((x) => [x.line, x.ok])).toStrictEqual([[1, false], [2, true]]);
    expect(rows[0]?.findings[0]?.code).toBe("ENCODING");
    expect(rows[0]?.findings[0]?.message).toContain("line 1 is not valid UTF-8");
    expect(r.status).toBe(1);
  });
  it.each([["parse"], ["digest"], ["check-thread", "--now", "20261001T0000Z"]])("%s exits 1", (...args) => {
    const r = spawnSync(process.execPath, [RW, ...args], { input: bytes(HO), encoding: "utf8" });
    expect(r.stderr).toContain("ENCODING");
    expect(r.status).toBe(1);
  });
  it("a message file (--ho, --rb, --dn) that is not UTF-8 is refused with ENCODING, exit 1, as stdin refuses such a line", () => {
    const file = join(tmp, "latin1-ho.txt");
    writeFileSync(file, bytes(HO).subarray(0, HO.length + 8));
    const r = rw(["make-rb", "--ho", file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`error ENCODING: --ho ${file} is not valid UTF-8`);
    const json = rw(["check-rb", "--json", "--ho", HO, "--rb", file]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ wilco: false, invalid: "RB", findings: [{ code: "ENCODING" }] });
  });
  it("a JSON option file (--record, --call) that is not UTF-8 is a usage error, as JSON that does not parse is", () => {
    const file = join(tmp, "latin1-call.json");
    writeFileSync(file, Buffer.concat([Buffer.from('{"ref":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    const r = rw(["make-rb", "--ho", PAY_HO, "--exec", file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("not valid UTF-8");
  });
  it("a JSON option file or a profile file that is empty or blank says so (it was \"not JSON (the text ends where a value should follow ...)\"), exit 2", () => {
    for (const [name, text] of [["empty-call.json", ""], ["blank-call.json", " \n\t\n"]] as const) {
      const file = join(tmp, name);
      writeFileSync(file, text);
      for (const [args, first] of [
        [["make-rb", "--ho", PAY_HO, "--exec", file], `rw: --exec: ${file} is empty: it holds no JSON`],
        [["check-ho", "--ho", PAY_HO, "--record", file], `rw: --record: ${file} is empty: it holds no JSON`],
        [["legend", "--profile", file], `rw: profile ${file}: ${file} is empty: it holds no JSON`],
      ] as const) {
        const r = rw([...args]);
        expect([r.code, r.out, r.err.split("\n")[0]], args.join(" ")).toStrictEqual([2, "", first]);
      }
    }
  });
  it("a comment line is skipped undecoded after the leading byte order mark too, as it is without one", () => {
    const comment = Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from(`\n${HO}\n`)]);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (const input of [comment, Buffer.concat([bom, comment])]) {
      const r = spawnSync(process.execPath, [RW, "validate"], { input, encoding: "utf8" });
      // With the BOM, line 1 was refused, ENCODING, and the run failed.
      expect([r.status, r.stdout, r.stderr]).toStrictEqual([0, "line 2: ok\n", ""]);
    }
    // Past line 1 a BOM is a character, not a mark to drop: the line is read, and refused.
    const later = spawnSync(process.execPath, [RW, "validate"], { input: Buffer.concat([Buffer.from(`${HO}\n`), bom, comment]), encoding: "utf8" });
    expect(later.status).toBe(1);
    expect(later.stdout).toContain("line 2: refused\n  error ENCODING");
  });
});

describe("line breaks and a byte order mark, the same on stdin and in files", () => {
  it("a leading BOM is dropped from stdin and from --file", () => {
    expect(rw(["validate"], `\uFEFF${HO}\n`).out).toBe("line 1: ok\n");
    const file = join(tmp, "bom.txt");
    writeFileSync(file, `\uFEFF${HO}\n`);
    expect(rw(["digest", "--file", file]).out).toBe("c40bba4360dc\n");
    expect(rw(["validate"], `${HO}\n\uFEFF${HO}\n`).code).toBe(1);
  });
  it("LF, CRLF and CR all end a line, on stdin", () => {
    expect(rw(["digest"], `${HO}\r${HO}\r\n${HO}\n${HO}`).out).toBe("c40bba4360dc\n".repeat(4));
  });
  it("--ho and --record files: CR line ends and a BOM are read like stdin", () => {
    const ho = join(tmp, "cr-ho.txt");
    writeFileSync(ho, `# the HO\r${PAY_HO}\r`);
    expect(rw(["make-rb", "--ho", ho]).code).toBe(0);
    const record = join(tmp, "bom-record.json");
    writeFileSync(record, `\uFEFF${JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" })}`);
    expect(rw(["check-ho", "--ho", PAY_HO, "--record", record]).code).toBe(0);
  });
  it("an existing file whose name starts with RW is read as a file", () => {
    const file = join(tmp, "RW1-ho.txt");
    writeFileSync(file, `${PAY_HO}\n`);
    const r = spawnSync(process.execPath, [RW, "make-rb", "--ho", "RW1-ho.txt"], { encoding: "utf8", cwd: tmp });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("RW1 RB payer-1");
  });
  it("--ho with a leading space reaches the parser and gets its SPACING refusal", () => {
    const r = rw(["make-rb", "--ho", ` ${PAY_HO}`]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("SPACING");
  });
});

describe("--json agrees with the verdict and always prints JSON", () => {
  it("check-thread: an invalid line makes ok false, as the exit code says", () => {
    const r = rw(["check-thread", "--json", "--now", "20261001T0000Z"], "RW1 HO ops-03 from=ops to=builder item=x ask=POLISH\n");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { ok: boolean; invalid: number };
    expect([report.ok, report.invalid]).toStrictEqual([false, 1]);
  });
  it("check-rb, check-ho, check-dn: an input that does not parse is printed as JSON with its findings", () => {
    const rb = JSON.parse(rw(["check-rb", "--ho", PAY_HO, "--rb", "RW1 junk", "--json"]).out) as { wilco: boolean; invalid: string; findings: unknown[] };
    expect([rb.wilco, rb.invalid, rb.findings.length > 0]).toStrictEqual([false, "RB", true]);
    const ho = rw(["check-ho", "--ho", "RW1 junk", "--record", "{}", "--json"]);
    expect(ho.code).toBe(1);
    expect((JSON.parse(ho.out) as { ok: boolean; invalid: string }).invalid).toBe("HO");
    const dn = rw(["check-dn", "--ho", PAY_HO, "--dn", "RW1 junk", "--json"]);
    expect(dn.code).toBe(1);
    expect(JSON.parse(dn.out)).toMatchObject({ ok: false, invalid: "DN" });
  });
  it("check-ho, check-rb: a record the vocabulary refuses is invalid input (exit 1, its findings), as the Worker's 422", () => {
    const ho = rw(["check-ho", "--ho", PAY_HO, "--record", '{"nosuchslot":"x"}', "--json"]);
    expect(ho.code).toBe(1);
    const report = JSON.parse(ho.out) as { ok: boolean; invalid: string; findings: { code: string }[] };
    expect([report.ok, report.invalid, report.findings.length > 0]).toStrictEqual([false, "record", true]);
    const text = rw(["check-ho", "--ho", PAY_HO, "--record", '{"nosuchslot":"x"}']);
    expect(text.code).toBe(1);
    expect(text.err).toContain("nosuchslot");
    const rb = rw(["check-rb", "--ho", PAY_HO, "--rb", PAY_HO, "--record", '{"nosuchslot":"x"}', "--json"]);
    expect(rb.code).toBe(1);
    expect(JSON.parse(rb.out)).toMatchObject({ roger: false, wilco: false, invalid: "record" });
    // JSON that does not parse stays a usage error, as the Worker's malformed-json is a 400.
    expect(rw(["check-ho", "--ho", PAY_HO, "--record", "{nope"]).code).toBe(2);
  });
  it("make-rb and prepare: an HO that does not parse or is invalid is printed as JSON with its findings", () => {
    for (const ho of ["RW1 junk", "RW1 HO a-1 from=a to=b item=x ask=POLISH"]) {
      const rb = rw(["make-rb", "--ho", ho, "--json"]);
      expect(rb.code).toBe(1);
      expect(JSON.parse(rb.out)).toMatchObject({ ok: false, invalid: "HO", line: null });
      const prepared = rw(["prepare", "--ho", ho, "--call", "{}", "--exp", "20991231T2359Z", "--store", join(tmp, "never.json"), "--json"]);
      expect(prepared.code).toBe(1);
      expect(JSON.parse(prepared.out)).toMatchObject({ ok: false, invalid: "HO" });
      expect((JSON.parse(prepared.out) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    }
  });
});

describe("message numbers run to 2^53 - 1, as ids do (note 16)", () => {
  it("make-rb --n and validate --seq take any safe integer, and refuse one past it with the range", () => {
    expect(rw(["make-rb", "--ho", PAY_HO, "--n", "1234567890"]).out).toMatch(/^RW1 RB payer-1234567890 /);
    const un = rw(["validate", "--as", "writer", "--seq", "9007199254740991"], "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n");
    expect(un.out).toContain("RW1 UN writer-9007199254740991 re=research-01");
    for (const args of [["make-rb", "--ho", PAY_HO, "--n", "9007199254740992"], ["validate", "--as", "writer", "--seq", "9007199254740992"]]) {
      const r = rw(args, "");
      expect(r.code).toBe(2);
      expect(r.err).toContain("a whole number from 0 to 9007199254740991");
    }
  });
  it("validate --seq 0 is taken, as an id's number may be 0 (section 2), and the UN it numbers is itself a valid line", () => {
    const r = rw(["validate", "--as", "b", "--seq", "0"], "RW1 HO a-1 from=a to=b item=x ask=POLISH\n");
    expect(r.code).toBe(1);
    const un = r.out.split("\n").find((l) => l.startsWith("RW1 UN")) as string;
    expect(un).toBe("RW1 UN b-0 re=a-1 from=b to=a item=x why=UNK // unknown ask=POLISH");
    expect(rw(["validate"], `${un}\n`)).toMatchObject({ code: 0, out: "line 1: ok\n" });
    expect(rw(["validate", "--as", "b", "--seq", "-1"], "").code).toBe(2);
  });
  it("validate --as: past the last number, a refused line gets no UN and the run says why, never an internal error", () => {
    const bad = "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n";
    const r = rw(["validate", "--as", "writer", "--seq", "9007199254740991"], bad + bad);
    expect(r.code).toBe(1);
    expect(r.err).toBe("");
    expect(r.out).toContain("RW1 UN writer-9007199254740991 ");
    expect(r.out).toContain("no refusal can be addressed: writer has no message number left (the next would pass 9007199254740991)");
  });
});

describe("each command accepts only the options it uses", () => {
  const acc = "RW1 HO research-01 from=research to=writer item=x ask=DRAFT rb=acc keys=len";
  const cases: [string, string[], string][] = [
    ["legend --file", ["legend", "--file", "/nonexistent"], "Unknown option '--file'"],
    ["check-rb --file", ["check-rb", "--ho", PAY_HO, "--rb", PAY_HO, "--file", "/nonexistent"], "Unknown option '--file'"],
    ["commit --profile", ["commit", "5339b96ee73af00187e408f89d3c1fdb", "--profile", "pay"], "Unknown option '--profile'"],
    ["delegation validate --profile", ["delegation", "validate", "--profile", "pay"], "Unknown option '--profile'"],
    ["check-rb --expect-acc without rb=acc", ["check-rb", "--ho", HO, "--rb", HO, "--expect-acc", "len:120w"], "--expect-acc is read at tier 4"],
    ["check-rb --record without rb=exec", ["check-rb", "--ho", acc, "--rb", HO, "--record", "{}"], "--record is read at tier 5, which this HO does not ask: it has no rb=exec, and its ask has no execution slots in the vocabulary"],
    ["check-rb --record for an ask with no execution slots", ["check-rb", "--ho", HO.replace(" //", " rb=exec //"), "--rb", HO, "--record", "{}"], "--record is read at tier 5, which this HO does not ask: its ask has no execution slots in the vocabulary (EXEC_NO_MAP)"],
    ["check-dn --record for an ask with no execution slots", ["check-dn", "--ho", HO.replace(" //", " rb=exec //"), "--rb", HO, "--dn", HO, "--record", "{}"], "(EXEC_NO_MAP)"],
    // The sender's own typo in its criteria is no fault of the readback: it is refused, not a void readback.
    ["check-rb --expect-acc that is not criteria", ["check-rb", "--ho", acc, "--rb", HO, "--expect-acc", ":::"], "--expect-acc: ':::' is not a constraint"],
    // A criterion with a character no line may carry could never be met: no receiver's acc= holds it.
    ["check-rb --expect-acc holding a control character", ["check-rb", "--ho", acc, "--rb", HO, "--expect-acc", "len:120w+must:a\u0001b"], "--expect-acc: 'must:a·b' holds a character no line may carry"],
    ["check-rb --expect-acc naming a single-valued key twice", ["check-rb", "--ho", acc, "--rb", HO, "--expect-acc", "len:120w+must:a+len:200w"], "--expect-acc: the sender's criteria name len more than once (len:120w, then len:200w)"],
    ["check-ho --adds without --relay-from", ["check-ho", "--ho", PAY_HO, "--record", "{}", "--adds", "{}"], "--adds names the slots a relay's role adds"],
  ];
  it.each([
    ["make-rb --acc without rb=acc", ["make-rb", "--ho", PAY_HO, "--acc", "len:120w"], "acc= is not asked by this HO"],
    ["make-rb --exec without rb=exec", ["make-rb", "--ho", HO, "--exec", '{"amt":"1.00"}'], "exec amt: not asked: the HO has no rb=exec"],
    ["make-rb --exec on a slot outside the exec map", ["make-rb", "--ho", PAY_HO, "--exec", '{"amount":"1.00"}'], "exec amount: not an execution slot of ask=PAY"],
  ])("%s: the core refuses what the readback would drop (exit 1, READBACK_NOT_ASKED)", (_, args, message) => {
    const r = rw(args as string[]);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toContain("READBACK_NOT_ASKED");
    expect(r.out + r.err).toContain(message);
  });
  it.each(cases)("%s is a usage error", (_, args, message) => {
    const r = rw(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
  it("help lists only the options a command uses, and the comment footer only where lines are read", () => {
    const legend = rw(["legend", "--help"]).out;
    expect(legend).not.toContain("--file");
    expect(legend).not.toContain("lines starting with #");
    const commit = rw(["commit", "--help"]).out;
    expect(commit).not.toContain("--profile");
    const validate = rw(["validate", "--help"]).out;
    expect(validate).toContain("lines starting with # are skipped");
    expect(validate).not.toContain("against this profile too");
    expect(rw(["delegation", "validate", "--help"]).out).not.toContain("--profile");
  });
});

describe("a single-valued option given twice is a usage error", () => {
  it.each([
    [["validate", "--file", "a", "--file", "b"], "--file"],
    [["validate", "--profile", "pay", "--profile", "clin"], "--profile"],
    [["make-rb", "--ho", PAY_HO, "--ho", PAY_HO], "--ho"],
    [["check-thread", "--now", "20261001T0000Z", "--now", "20261002T0000Z"], "--now"],
    [["mailbox", "new", tmp, "--kind", "hello", "--kind", "bye"], "--kind"],
  ])("%j", (args, option) => {
    const r = rw(args, "");
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${option} is given more than once`);
  });
  it("a repeated --json is harmless", () => {
    expect(rw(["validate", "--json", "--json"], `${HO}\n`).code).toBe(0);
  });
});

describe("help", () => {
  it("--json says what each command prints: a legend has no findings, a check reads no input lines", () => {
    const json = (command: string): string => (rw([command, "--help"]).out.split("\n").find((l) => l.trimStart().startsWith("--json")) ?? "").replace(/^\s*--json\s+/, "");
    expect(json("validate")).toBe("print JSON: one object per input line, with its findings");
    expect(json("legend")).toBe("print one JSON object: the profile, whether lean, and the legend text");
    expect(json("check-rb")).toBe("print one JSON object with the findings, also when an input is refused (invalid names it)");
    expect(json("check-thread")).toMatch(/^print the report as one JSON object/);
  });
  it("rw help COMMAND prints that command's help", () => {
    const r = rw(["help", "parse"]);
    expect(r.code).toBe(0);
    expect(r.out.startsWith("rw parse:")).toBe(true);
    expect(rw(["help", "mailbox", "new"]).out.startsWith("rw mailbox new:")).toBe(true);
  });
  it("rw --help COMMAND and rw -h COMMAND are rw help COMMAND (they printed the general usage, the command dropped)", () => {
    const validate = rw(["validate", "--help"]).out.split("\n")[0];
    for (const flag of ["--help", "-h"]) {
      const r = rw([flag, "validate"]);
      expect([r.code, r.err, r.out.split("\n")[0]]).toStrictEqual([0, "", validate]);
      expect(rw([flag, "mailbox", "new"]).out.startsWith("rw mailbox new:")).toBe(true);
    }
    // Anything else after it is no topic: refused as rw help refuses it, where it was ignored (exit 0).
    const stray = rw(["--help", "extra"]);
    expect([stray.code, stray.out]).toStrictEqual([2, ""]);
    expect(stray.err).toMatch(/^rw: no help for 'extra': not a command/);
  });
  it("a command followed by more is named as the command it is, the rest as the stray argument", () => {
    // It was "no help for 'validate extra': not a command", as if validate were none.
    const r = rw(["help", "validate", "extra"]);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    expect(r.err).toBe("rw: unexpected argument 'extra': rw help takes one command and its options (rw help validate)\nTry 'rw validate --help'.\n");
    expect(rw(["help", "mailbox", "new", "x"]).err).toMatch(/^rw: unexpected argument 'x': rw help takes one command and its options \(rw help mailbox new\)\n/);
  });
  it("help on help is the general usage (it was \"no help for 'help': not a command\", exit 2)", () => {
    const usage = rw(["--help"]).out;
    for (const args of [["help", "help"], ["help", "--help"], ["-h", "help"], ["--help", "-h"]]) {
      const r = rw(args);
      expect([r.code, r.err, r.out]).toStrictEqual([0, "", usage]);
    }
    const stray = rw(["help", "help", "x"]);
    expect([stray.code, stray.out, stray.err]).toStrictEqual([2, "", "rw: unexpected argument 'x': rw help help takes none\nTry 'rw --help'.\n"]);
  });
  it("help as a group's subcommand word is rw help GROUP, for every group (rw delegation help was \"unknown command\")", () => {
    for (const group of ["delegation", "mailbox"]) {
      const asked = rw(["help", group]);
      expect(asked.code).toBe(0);
      expect(asked.out).toContain(`rw ${group}: the ${group} commands`);
      for (const word of ["help", "--help", "-h"]) expect(rw([group, word]), `${group} ${word}`).toStrictEqual(asked);
    }
    // A command after it is that command's help, as after rw help GROUP.
    expect(rw(["mailbox", "help", "new"])).toStrictEqual(rw(["help", "mailbox", "new"]));
    expect(rw(["delegation", "help", "validate"]).out.startsWith("rw delegation validate:")).toBe(true);
  });
  it("a word after a help request is a usage error in both forms (rw validate --help extra printed the help, exit 0)", () => {
    for (const args of [["validate", "--help", "extra"], ["validate", "-h", "extra"], ["mailbox", "new", "--help", "extra"], ["validate", "--help", "--", "extra"]]) {
      const r = rw(args);
      expect([r.code, r.out], args.join(" ")).toStrictEqual([2, ""]);
      expect(r.err).toMatch(/^rw: unexpected argument 'extra': --help takes none after it \(rw (validate|mailbox new) --help\)\n/);
    }
    for (const args of [["delegation", "--help", "extra"], ["delegation", "help", "extra"], ["help", "delegation", "extra"]]) {
      const r = rw(args);
      expect([r.code, r.out, r.err.split("\n")[0]], args.join(" ")).toStrictEqual([2, "", expect.stringMatching(/^rw: no help for 'delegation extra': not a command/)]);
    }
    // What comes before the request is the command line it asks about: appending --help still shows the help.
    expect(rw(["commit", "TOKEN", "--help"]).out.startsWith("rw commit:")).toBe(true);
  });
  it("rw help COMMAND OPTIONS is rw COMMAND OPTIONS --help: the options are read, then the help printed (rw help check-rb --ho x was exit 2)", () => {
    const help = rw(["check-rb", "--help"]);
    expect(help.code).toBe(0);
    // Options with their values, before or after the request, in either form: the help, exit 0.
    for (const args of [["help", "check-rb", "--ho", "x"], ["check-rb", "--ho", "x", "--help"], ["--help", "check-rb", "--ho", "x", "--json"], ["-h", "check-rb", "--json"], ["check-rb", "--help", "--ho", "x"], ["check-rb", "--ho", "x", "--rb", "y", "--help", "--json"]]) {
      expect(rw(args), args.join(" ")).toStrictEqual(help);
    }
    expect(rw(["mailbox", "help", "new", "--json"])).toStrictEqual(rw(["mailbox", "new", "--json", "--help"]));
    expect(rw(["help", "mailbox", "new", "--json"]).out.startsWith("rw mailbox new:")).toBe(true);
    // An option the command does not take, or one missing its value, is the same usage error in both forms.
    for (const [asked, appended] of [[["help", "validate", "--bogus"], ["validate", "--bogus", "--help"]], [["help", "check-rb", "--ho"], ["check-rb", "--help", "--ho"]]] as const) {
      const r = rw([...asked]);
      expect([r.code, r.out], asked.join(" ")).toStrictEqual([2, ""]);
      expect(r).toStrictEqual(rw([...appended]));
    }
    expect(rw(["help", "validate", "--bogus"]).err).toBe("rw: Unknown option '--bogus'\nTry 'rw validate --help'.\n");
    // A word after the request is still refused, after options too.
    const stray = rw(["help", "check-rb", "--ho", "x", "extra"]);
    expect([stray.code, stray.out, stray.err.split("\n")[0]]).toStrictEqual([2, "", "rw: unexpected argument 'extra': rw help takes one command and its options (rw help check-rb)"]);
    expect(rw(["check-rb", "--help", "--ho", "x", "extra"]).err.split("\n")[0]).toBe("rw: unexpected argument 'extra': --help takes none after it (rw check-rb --help)");
  });
  it("a group's help takes options as a command's does (rw help mailbox --json was \"no help\", rw mailbox --json --help \"unknown command\")", () => {
    for (const group of ["mailbox", "delegation"]) {
      const help = rw(["help", group]);
      expect(help.code).toBe(0);
      for (const args of [["help", group, "--json"], [group, "--json", "--help"], [group, "--help", "--json"], [group, "help", "--json"], [group, "-h", "--json"], ["--help", group, "--json", "--file", "x"], [group, "--file", "x", "--json", "-h"]]) {
        expect(rw(args), args.join(" ")).toStrictEqual(help);
      }
    }
    // Each option one of the group's commands takes, with its value: --from is mailbox new's, --as mailbox check's.
    expect(rw(["help", "mailbox", "--from", "VEGA", "--as", "LYRA"])).toStrictEqual(rw(["help", "mailbox"]));
    // An option none of them takes, or one missing its value, is the same usage error in both forms, as a command's.
    for (const [asked, appended] of [[["help", "mailbox", "--bogus"], ["mailbox", "--bogus", "--help"]], [["help", "mailbox", "--from"], ["mailbox", "--help", "--from"]]] as const) {
      const r = rw([...asked]);
      expect([r.code, r.out], asked.join(" ")).toStrictEqual([2, ""]);
      expect(r).toStrictEqual(rw([...appended]));
    }
    expect(rw(["help", "mailbox", "--bogus"]).err).toBe("rw: Unknown option '--bogus'\nTry 'rw mailbox --help'.\n");
    // A word after the options is still refused, in either form; a word right after the group is no command of it.
    const asked = rw(["help", "mailbox", "--json", "extra"]);
    expect([asked.code, asked.out, asked.err]).toStrictEqual([2, "", "rw: unexpected argument 'extra': rw help takes one command group and its options (rw help mailbox)\nTry 'rw mailbox --help'.\n"]);
    const appended = rw(["mailbox", "--json", "--help", "extra"]);
    expect([appended.code, appended.out, appended.err]).toStrictEqual([2, "", "rw: unexpected argument 'extra': --help takes none after it (rw mailbox --help)\nTry 'rw mailbox --help'.\n"]);
    expect(rw(["help", "mailbox", "extra", "--json"]).err).toMatch(/^rw: no help for 'mailbox extra --json': not a command/);
    // Without a help request, options before a word that is no command of the group name the word.
    expect(rw(["mailbox", "--json", "chek"]).err).toBe("rw: unknown command 'mailbox chek' (did you mean mailbox check?) (mailbox check, mailbox new)\nTry 'rw mailbox --help'.\n");
  });
  it("options before a group's command are that command's (rw mailbox --json check was \"unknown command 'mailbox --json'\")", () => {
    const cp7 = join(ROOT, "test", "conformance", "delegation", "records", "cp-7.json");
    const after = rw(["delegation", "validate", "--json", "--file", cp7]);
    expect([after.code, JSON.parse(after.out).ok]).toStrictEqual([0, true]);
    // An option with its value before the command, or around it: one command line, read once.
    expect(rw(["delegation", "--json", "--file", cp7, "validate"])).toStrictEqual(after);
    expect(rw(["delegation", "--file", cp7, "validate", "--json"])).toStrictEqual(after);
    // The command's own usage errors and help, with the options before it.
    expect(rw(["mailbox", "--json", "check"])).toStrictEqual(rw(["mailbox", "check", "--json"]));
    expect(rw(["mailbox", "--json", "check"]).err).toBe("rw: mailbox check needs PATH (rw mailbox check PATH)\nTry 'rw mailbox check --help'.\n");
    expect(rw(["mailbox", "--json", "check", "--help"])).toStrictEqual(rw(["mailbox", "check", "--help"]));
    // Read as the command reads them: an option only another command of the group takes is refused.
    expect(rw(["mailbox", "--from", "VEGA", "check", "x"]).err).toBe("rw: Unknown option '--from'\nTry 'rw mailbox check --help'.\n");
    // After --, a word is no command.
    expect(rw(["mailbox", "--", "check"]).err).toBe("rw: unknown command 'mailbox --' (mailbox check, mailbox new)\nTry 'rw mailbox --help'.\n");
  });
  it("options before any command are the command's (rw --json validate was \"unknown command '--json'\", rw -v the same)", () => {
    const file = join(tmp, "before-command.txt");
    writeFileSync(file, `${HO}\n`);
    const after = rw(["validate", "--file", file, "--json"]);
    expect([after.code, after.out]).toStrictEqual([0, '{"line":1,"ok":true,"findings":[]}\n']);
    expect(rw(["--json", "validate", "--file", file])).toStrictEqual(after);
    expect(rw(["--file", file, "--json", "validate"])).toStrictEqual(after);
    // Through a group too: the group's rule takes the rest.
    expect(rw(["--json", "mailbox", "check"])).toStrictEqual(rw(["mailbox", "check", "--json"]));
    // An option no command takes is an unknown option; options with no command say so; a word that is no command is named.
    expect(rw(["-v"]).err).toBe("rw: Unknown option '-v'\nTry 'rw --help'.\n");
    const alone = rw(["--json"]);
    expect([alone.code, alone.out, alone.err]).toStrictEqual([2, "", "rw: no command given with --json: options go with a command (rw <command> --json ...; rw --help lists them)\nTry 'rw --help'.\n"]);
    expect(rw(["--json", "valdate"]).err).toMatch(/^rw: unknown command 'valdate' \(did you mean validate\?\) \(parse, /);
    // A help request before any command is rw's own.
    expect(rw(["--json", "--help"])).toStrictEqual(rw(["--help"]));
  });
  it("a group with options alone is the usage error of the group alone (rw mailbox --json was \"unknown command 'mailbox --json'\")", () => {
    for (const group of ["mailbox", "delegation"]) {
      const alone = rw([group]);
      expect([alone.code, alone.out], group).toStrictEqual([2, ""]);
      expect(alone.err).toContain(`rw ${group}: the ${group} commands`);
      for (const args of [[group, "--json"], [group, "--json", "--file", "x"]]) expect(rw(args), args.join(" ")).toStrictEqual(alone);
    }
    // The options are read as the group's commands read them: one none takes is named as such.
    expect(rw(["mailbox", "--bogus"]).err).toBe("rw: Unknown option '--bogus'\nTry 'rw mailbox --help'.\n");
  });
  it("rw mailbox and rw delegation --help list their commands", () => {
    const bare = rw(["mailbox"]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("mailbox check");
    const help = rw(["delegation", "--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("delegation evaluate");
  });
  it("an argument to a command that reads no lines does not talk about lines", () => {
    const r = rw(["legend", "pay"]);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain("lines come from stdin");
    expect(r.err).toContain("--profile");
  });
});

describe("validate --as the line's own sender", () => {
  it("writes no self-addressed UN, and says why on that line", () => {
    const r = rw(["validate", "--as", "research"], "RW1 HO research-01 from=research to=writer item=x ask=POLISH\n");
    expect(r.code).toBe(1);
    expect(r.out).not.toContain("RW1 UN");
    expect(r.out).toContain("sent by research itself");
  });
});

describe("validate --as numbers each UN past the receiver's own ids (section 2: ids are unique in a conversation)", () => {
  const refused = "RW1 HO a-3 from=a to=b item=x ask=POLISH";
  const uns = (r: Run): string[] => r.out.split("\n").filter((l) => l.startsWith("RW1 UN")).map((l) => l.split(" ").slice(0, 4).join(" "));
  it("never repeats an id NAME used on an earlier line, valid or not", () => {
    expect(uns(rw(["validate", "--as", "b"], `RW1 HO b-1 from=b to=a item=x ask=DRAFT\n${refused}\n`))).toStrictEqual(["RW1 UN b-2 re=a-3"]);
    // Refused lines of NAME's own (one that does not parse, a JSON form missing slots) still hold their ids.
    const own = ["RW1 HO b-4 from=b to=a item=x DRAFT", '{"v":"RW1","type":"HO","id":"b-7","from":"b"}', refused, "RW1 HO b-2 from=b to=a item=x ask=DRAFT", "RW1 HO a-4 from=a to=b item=x ask=POLISH"];
    expect(uns(rw(["validate", "--as", "b"], `${own.join("\n")}\n`))).toStrictEqual(["RW1 UN b-8 re=a-3", "RW1 UN b-9 re=a-4"]);
    // The refused line's own id, when it is NAME's, is taken too; another agent's (b-c) is not NAME's.
    expect(uns(rw(["validate", "--as", "b"], "RW1 HO b-c-9 from=b-c to=a item=x ask=DRAFT\nRW1 HO b-5 from=a to=b item=x ask=DRAFT\n"))).toStrictEqual(["RW1 UN b-6 re=b-5"]);
  });
  it("--seq is the floor, and --json's refusal is the same line", () => {
    expect(uns(rw(["validate", "--as", "b", "--seq", "10"], `RW1 HO b-1 from=b to=a item=x ask=DRAFT\n${refused}\n`))).toStrictEqual(["RW1 UN b-10 re=a-3"]);
    expect(uns(rw(["validate", "--as", "b", "--seq", "10"], `RW1 HO b-12 from=b to=a item=x ask=DRAFT\n${refused}\n${refused}\n`))).toStrictEqual(["RW1 UN b-13 re=a-3", "RW1 UN b-14 re=a-3"]);
    const r = rw(["validate", "--json", "--as", "b"], `RW1 HO b-1 from=b to=a item=x ask=DRAFT\n${refused}\n`);
    const rows = r.out.trim().split("\n").map((l) => JSON.parse(l) as { refusal: string | null });
    expect(rows.map((x) => x.refusal)).toStrictEqual([null, "RW1 UN b-2 re=a-3 from=b to=a item=x why=UNK // unknown ask=POLISH"]);
  });
  it("past an id of 2^53 - 1, each UN takes the lowest number none of NAME's ids and UNs read so far has (freshNumber)", () => {
    // One line anyone can write (b-9007199254740991) left b no refusal for the rest of the input.
    const own = ["RW1 HO b-1 from=b to=a item=x ask=DRAFT", "RW1 HO b-3 from=b to=a item=x ask=DRAFT", "RW1 HO b-9007199254740991 from=b to=a item=x ask=DRAFT"];
    const r = rw(["validate", "--as", "b"], `${own.join("\n")}\n${refused}\n${refused}\n${refused}\n`);
    expect(r.code).toBe(1);
    expect(uns(r)).toStrictEqual(["RW1 UN b-2 re=a-3", "RW1 UN b-4 re=a-3", "RW1 UN b-5 re=a-3"]);
    expect(r.out).not.toContain("no refusal can be addressed");
    // --seq is still the floor, and --json's refusal the same line.
    const seq = rw(["validate", "--json", "--as", "b", "--seq", "3"], `${own.join("\n")}\n${refused}\n`);
    const rows = seq.out.trim().split("\n").map((l) => JSON.parse(l) as { refusal?: string | null });
    expect(rows.at(-1)?.refusal).toBe("RW1 UN b-4 re=a-3 from=b to=a item=x why=UNK // unknown ask=POLISH");
  });
});

describe("a path the file system refuses, anywhere, is a usage error naming it", () => {
  it("mailbox check on a file", () => {
    const file = join(tmp, "note.md");
    writeFileSync(file, "hello\n");
    const r = rw(["mailbox", "check", file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`no inbox at ${file} (if it is one)`);
  });
  it("mailbox new --file that does not exist", () => {
    const room = mkdtempSync(join(tmpdir(), "rw-room-"));
    mkdirSync(join(room, "inbox"));
    const r = rw(["mailbox", "new", room, "--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--arena", "A", "--machine", "M", "--file", join(tmp, "nope.txt")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(tmp, "nope.txt")}: no such file`);
    const dir = rw(["mailbox", "new", room, "--message", tmp]);
    expect(dir.code).toBe(2);
    expect(dir.err).toContain("it is a directory");
  });
  it("a statement store that cannot be read is named in rw's words, not node's message", () => {
    // A link to itself fails as a store no one may read fails (EACCES), and also when run as root.
    const loop = join(tmp, "store-loop.json");
    symlinkSync(loop, loop);
    const r = rw(["commit", "0123456789abcdef0123456789abcdef", "--store", loop]);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    // It was "... cannot be read: ELOOP: too many symbolic links encountered, stat '...'".
    expect(r.err).toBe(`rw: the statement store ${loop} cannot be read: too many symbolic links\nTry 'rw commit --help'.\n`);
  });
});

describe("large input: CRLF across chunk boundaries and an undecodable line deep inside", () => {
  it("every line keeps its number", () => {
    const line = "RW1 HO research-01 from=research to=writer item=x ask=DRAFT";
    const parts = Array.from({ length: 30_000 }, () => Buffer.from(line));
    parts[12_345] = Buffer.concat([Buffer.from(`${line} // caf`), Buffer.from([0xe9])]);
    const file = join(tmp, "big-crlf.txt");
    writeFileSync(file, Buffer.concat(parts.flatMap((p) => [p, Buffer.from("\r\n")])));
    const r = spawnSync(process.execPath, [RW, "validate", "--json", "--file", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const rows = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { line: number; ok: boolean });
    expect(rows.length).toBe(30_000);
    expect(rows.filter((x) => !x.ok).map((x) => x.line)).toStrictEqual([12_346]);
    expect(rows.every((x, i) => x.line === i + 1)).toBe(true);
  });
  it("delegation reads a document with a BOM", () => {
    const r = rw(["delegation", "validate"], "\uFEFF{}");
    expect(r.err + r.out).not.toContain("not JSON");
    expect(r.code).toBe(1);
  });
});

describe("check-ho: the HO a relay received is an input like the HO", () => {
  const forward = PAY_HO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank");
  it("one that does not parse is invalid input (exit 1), named in the JSON report", () => {
    const r = rw(["check-ho", "--ho", forward, "--relay-from", "RW1", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, invalid: "relay-from", findings: [{ code: "MISSING_TYPE" }] });
  });
  it("and says so on stderr without --json", () => {
    const r = rw(["check-ho", "--ho", forward, "--relay-from", "RW1"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("MISSING_TYPE");
  });
});

describe("--exec, --call and --adds hold slot values, as the Worker's routes require", () => {
  const call = '{"sup":"marlow","amt":null,"cur":"GBP","kind":"GROSS","acct":"40-12-88/61102938","paid":"20261002","ref":"MD-2026-057","apref":"FD-0929"}';
  const forward = PAY_HO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank");
  it.each([
    ["make-rb --exec with null", ["make-rb", "--ho", PAY_HO, "--exec", '{"amt":null}'], "--exec"],
    ["make-rb --exec with an object", ["make-rb", "--ho", PAY_HO, "--exec", '{"amt":{"v":"5400.00"}}'], "--exec"],
    ["prepare --call with null", ["prepare", "--ho", PAY_HO, "--call", call, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", join(tmp, "null-call.json")], "--call"],
    ["check-ho --adds with null", ["check-ho", "--ho", forward, "--relay-from", PAY_HO, "--adds", '{"amt":null}'], "--adds"],
  ])("%s is a usage error, never a value the core reads as absent", (_, args, option) => {
    const r = rw(args as string[]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain(`${option}: a JSON object of slot values`);
  });
  it("prepare --call: a value its slot's type does not admit is the call's, not the record's", () => {
    const store = join(tmp, "call-shape.json");
    const r = rw(["prepare", "--ho", PAY_HO, "--call", '{"amt":"5400","zz":1}', "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", store]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("RECORD_SHAPE: the call's amt holds \"5400\", which is not money (two decimals, no separators); amt is typed money");
    expect(r.err).toContain("RECORD_SHAPE: the call names zz, which is not a slot of the vocabulary");
    expect(r.err).not.toContain("record");
    expect(existsSync(store)).toBe(false);
  });
  it("prepare stores nothing for a call it refuses", () => {
    rw(["prepare", "--ho", PAY_HO, "--call", call, "--exp", "20261002T1600Z", "--now", "20261002T1400Z", "--store", join(tmp, "null-call-2.json")]);
    expect(existsSync(join(tmp, "null-call-2.json"))).toBe(false);
  });
});

describe("a record's values and a relay's --adds are read by slot type, and refused when the type does not admit them (notes 24, 25)", () => {
  const record = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  it("check-ho: a record's paid given as a JSON number is RECORD_SHAPE, not a difference that reads the same", () => {
    const r = rw(["check-ho", "--ho", PAY_HO, "--record", JSON.stringify({ ...record, paid: 20261002 })]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("RECORD_SHAPE: the record's paid holds 20261002 (a JSON number), which is not a date (YYYYMMDD); paid is typed date");
    expect(`${r.out}${r.err}`).not.toContain("HO_DIFFERS");
    const json = JSON.parse(rw(["check-ho", "--ho", PAY_HO, "--record", JSON.stringify({ ...record, paid: 20261002 }), "--json"]).out) as unknown;
    expect(json).toMatchObject({ ok: false, invalid: "record", findings: [{ code: "RECORD_SHAPE", slot: "paid", expected: "date" }] });
  });
  it.each([
    ["a number", 12345678, "acct=12345678"],
    ["a boolean", true, "acct=Y"],
  ])("check-rb: a record's acct given as %s is RECORD_SHAPE, not an execution mismatch", (_, acct, written) => {
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    const rb = `RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS ${written} paid=20261002 ref=MD-2026-057 apref=FD-0929`;
    const r = rw(["check-rb", "--ho", ho, "--rb", rb, "--record", JSON.stringify({ acct, $resolve: ["acct"] }), "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ wilco: false, invalid: "record", findings: [{ code: "RECORD_SHAPE", slot: "acct", expected: "token" }] });
  });
  const received = "RW1 HO sch-1 from=sch to=relay item=x ask=DRAFT // go";
  const forward = "RW1 HO relay-1 from=relay to=payer item=x ask=DRAFT keep=relay+sch pri=1 // go";
  it("check-ho --adds written as on a line passes as its JSON form does", () => {
    for (const adds of ['{"keep":"relay+sch","pri":"1"}', '{"keep":["relay","sch"],"pri":1}']) {
      const r = rw(["check-ho", "--ho", forward, "--relay-from", received, "--adds", adds]);
      expect([r.code, r.out]).toStrictEqual([0, "handoff relay-1: ok\n"]);
    }
  });
  it("check-ho --adds with a value its slot's type does not admit is RECORD_SHAPE (exit 1)", () => {
    const r = rw(["check-ho", "--ho", forward, "--relay-from", received, "--adds", '{"keep":"relay+sch","pri":"x"}', "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toStrictEqual({ ok: false, findings: [{ code: "RECORD_SHAPE", severity: "error", message: 'the relay\'s added pri holds "x", which is not an integer; pri is typed int:1-5', slot: "pri", expected: "int:1-5", received: "x" }] });
  });
});

describe("stdin that is a directory (rw validate < dir) is a usage error, never empty input", () => {
  it.each([[["validate"]], [["check-thread", "--json"]], [["delegation", "validate"]]])("rw %s", (args) => {
    const fd = openSync(tmp, "r");
    try {
      const r = spawnSync(process.execPath, [RW, ...args], { stdio: [fd, "pipe", "pipe"], encoding: "utf8", cwd: ROOT });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("stdin: it is a directory");
    } finally {
      closeSync(fd);
    }
  });
});

describe("a refused line is echoed with every character the core refuses shown as a mark", () => {
  it.each([["U+009B (C1 CSI)", "\u009b"], ["U+0085 (NEL)", "\u0085"], ["U+2028", "\u2028"]])("%s never reaches the terminal raw", (_, char) => {
    const r = rw(["validate"], `RW1 HO a-1 from=a to=b item=x ask=DRAFT // ab${char}31mcd\n`);
    expect(r.code).toBe(1);
    expect(r.out).not.toContain(char);
    const [echo, caret] = r.out.split("\n").slice(2, 4) as [string, string];
    expect(echo).toBe("    RW1 HO a-1 from=a to=b item=x ask=DRAFT // ab·31mcd");
    expect(caret.indexOf("^")).toBe(echo.indexOf("·"));
  });
});

describe("what a record, an argument or a line gave is shown to the terminal with its controls marked", () => {
  // A record's key, an argument or an item was printed raw: an OSC sequence in a key retitled the terminal.
  const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
  it("a check's findings quoting a record (check-ho, check-rb, check-dn print them alike)", () => {
    const r = rw(["check-ho", "--ho", PAY_HO, "--record", '{"sup":"x\\u009b2J","zz\\u001b]0;title\\u0007":"1"}']);
    expect(r.code).toBe(1);
    expect(r.out + r.err).not.toMatch(RAW);
    expect(r.err).toContain('the record\'s sup holds "x·2J"');
    expect(r.err).toContain("the record names zz·]0;title·,");
  });
  it("a usage error quoting an argument", () => {
    const r = rw(["validate", "--as", "x\u001b[2J"]);
    expect([r.code, r.err.split("\n")[0]]).toStrictEqual([2, "rw: --as x·[2J: not an agent name ([A-Za-z0-9._-]+)"]);
  });
  it("JSON output writes them as escapes, read back as the same value (parse, format --json)", () => {
    const key = "z\u009b2J";
    const formatted = rw(["format", "--json"], `{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","${key}":"1"},"tail":null}\n`);
    expect(formatted.out).not.toMatch(RAW);
    expect(formatted.out).toContain("slots.z\\u009b2J");
    expect((JSON.parse(formatted.out) as { findings: { slot: string }[] }).findings[0]?.slot).toBe(`slots.${key}`);
    const parsed = rw(["parse"], "RW1 HO a-1 from=a to=b item=x\u202e1 ask=DRAFT\n");
    expect([parsed.code, parsed.out]).toStrictEqual([0, '{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x\\u202e1","slots":{"ask":"DRAFT"},"tail":null}\n']);
  });
  it("a refused line holding a zero-width space: echoed and quoted with it marked, the caret under the place, and escaped in JSON", () => {
    // `to=pay\u200b-1 is not an agent name` read as `to=pay-1`, which is one.
    const r = rw(["validate"], "RW1 HO a-1 from=a to=pay\u200b-1 item=x ask=DRAFT\n");
    expect(r.code).toBe(1);
    expect(r.out).not.toContain("\u200b");
    expect(r.out).toContain("error VALUE_TYPE at 18: to=pay·-1 is not an agent name");
    const [echo, caret] = r.out.split("\n").slice(2, 4) as [string, string];
    expect(echo).toBe("    RW1 HO a-1 from=a to=pay·-1 item=x ask=DRAFT");
    expect(caret.indexOf("^")).toBe(echo.indexOf("to=pay"));
    const parsed = rw(["parse"], "RW1 HO a-1 from=a to=b item=x\u200b1 ask=DRAFT\n");
    expect(parsed.out).toContain('"item":"x\\u200b1"');
    expect((JSON.parse(parsed.out) as { item: string }).item).toBe("x\u200b1");
  });
  it("check-thread's owners, whose items a line may give with a bidirectional control", () => {
    const r = rw(["check-thread", "--now", "20260101T0000Z"], "RW1 HO a-1 from=a to=b item=x\u202e1 ask=DRAFT\n");
    expect(r.out + r.err).not.toMatch(RAW);
    expect(r.out).toContain("  x·1 a (no readback yet: the sender holds it)");
  });
});

describe("the caret stands under the refused place in terminal columns", () => {
  it.each([
    ["double-width characters", "日本語日本語", 6],
    ["emoji, each two code units and two columns", "\u{1F600}\u{1F600}", 0],
    ["a combining mark, no column of its own", "e\u0301e\u0301", -2],
  ])("%s before it", (_, text, extra) => {
    const r = rw(["validate"], `RW1 HO a-1 from=a to=b item=x ask=DRAFT x_note=${text} pri=9\n`);
    const [echo, caret] = r.out.split("\n").slice(2, 4) as [string, string];
    // The columns before "pri=9": its index in the string, plus what the characters before it
    // take beyond one column each (a wide one two, a pair of code units one, a mark none).
    expect(caret.indexOf("^")).toBe(echo.indexOf("pri=9") + extra);
  });
});

describe("a long line's window never cuts a character in two", () => {
  // The window around a place in a long line began on the second half of an emoji: it printed as
  // U+FFFD, a column the caret's count did not have, so the caret stood one short of the place.
  it("an emoji at the window's edge is shown whole and the caret stays under the place", () => {
    const emoji = "\u{1F600}".repeat(100);
    const r = rw(["validate"], `RW1 HO a-1 from=a to=b item=x${emoji} ask=POLISH // ${emoji}\n`);
    const [echo, caret] = r.out.split("\n").slice(2, 4) as [string, string];
    expect(echo).not.toContain("\uFFFD");
    const before = echo.slice(4, echo.indexOf(" ask=POLISH"));
    expect(before).toMatch(/^…(\u{1F600})+$/u);
    // Four spaces, the ellipsis, two columns an emoji, the space before ask=.
    expect(caret.indexOf("^")).toBe(4 + 1 + 2 * [...before.slice(1)].length + 1);
  });
});

describe("run from source (npx tsx cli/rw.ts), rw finds its profiles and version as built", () => {
  // A path fixed to dist/cli/'s layout read /profiles/ above the checkout: p=pay was unknown, and --version a usage error.
  const source = (args: string[], input = ""): Run => {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "cli", "rw.ts"), ...args], { input, encoding: "utf8", cwd: ROOT });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  it("a line's p= loads the shipped profile", () => {
    expect(source(["validate"], `${PAY_HO}\n`)).toStrictEqual({ code: 0, out: "line 1: ok\n", err: "" });
  });
  it("--version", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(source(["--version"])).toStrictEqual({ code: 0, out: `${version}\n`, err: "" });
  });
});

describe("one very long line is read in linear time", () => {
  it("a 48 MB line with no break is refused in seconds, not quadratic minutes", () => {
    const file = join(tmp, "one-long-line.txt");
    writeFileSync(file, `RW1 HO a-1 from=a to=b item=x ask=DRAFT // ${"x".repeat(48_000_000)}`);
    const started = Date.now();
    const r = spawnSync(process.execPath, [RW, "digest", "--file", file], { encoding: "utf8", timeout: 60_000 });
    const elapsed = Date.now() - started;
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("TAIL_TOO_LONG");
    // Appending each 64 KiB chunk to the line so far copied it whole every time: about 20 s here.
    expect(elapsed).toBeLessThan(8_000);
  }, 90_000);
});

describe("a line longer than 64 MiB", () => {
  // Input that never breaks a line (`--file /dev/zero`) was kept whole in memory: tens of GB, and a
  // line past 512 MiB, which no string can hold, was then called "not valid UTF-8".
  it("is refused as LINE_TOO_LONG, its bytes dropped up to its line break, and the lines after it are read", () => {
    const file = join(tmp, "over-the-limit.txt");
    writeFileSync(file, `RW1 HO a-1 from=a to=b item=x ask=DRAFT x_a=${"y".repeat(64 * 1024 * 1024)}\r\nRW1 HO a-2 from=a to=b item=x ask=DRAFT\n`);
    const r = spawnSync(process.execPath, [RW, "validate", "--json", "--file", file], { encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(1);
    const results = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { line: number; ok: boolean; findings: { code: string }[] });
    expect(results.map((x) => [x.line, x.ok, x.findings.map((f) => f.code)])).toStrictEqual([
      [1, false, ["LINE_TOO_LONG"]],
      [2, true, []],
    ]);
  }, 90_000);
});
