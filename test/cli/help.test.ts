// `rw <command> --help` says what the command prints: a command that reads one folder or one
// document prints one JSON object with --json, and its help says so, not "one object per input line".
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const RECORDS = join(ROOT, "test", "conformance", "delegation", "records");
const ROOM = join(ROOT, "test", "conformance", "mailbox", "rooms", "demo");

const rw = (args: string[], input = ""): string => spawnSync(process.execPath, [RW, ...args], { input, encoding: "utf8", cwd: ROOT }).stdout;
const jsonHelp = (command: string[]): string => rw([...command, "--help"]).split("\n").find((line) => line.startsWith("  --json")) ?? "";

describe("--json's help, for the commands that read no lines", () => {
  it.each([
    [["mailbox", "check"], ["mailbox", "check", ROOM, "--now", "20261001T1230Z", "--json"], ""],
    [["mailbox", "new"], ["mailbox", "new", ROOM, "--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--arena", "CROX-SITE", "--machine", "VEGA-BOX", "--dry-run", "--json"], ""],
    [["delegation", "check-fences"], ["delegation", "check-fences", "--fences", join(RECORDS, "fences-cf7.json"), "--heads", join(RECORDS, "heads-after-reassignment.json"), "--json"], ""],
    [["delegation", "validate"], ["delegation", "validate", "--json"], "not json"],
  ])("%j says one JSON object, as it prints", (command, run, input) => {
    const help = jsonHelp(command);
    expect(help).toContain("one JSON object");
    expect(help).not.toContain("per input line");
    const out = rw(run, input);
    expect(out.split("\n").filter((line) => line !== "")).toHaveLength(1);
    expect(typeof JSON.parse(out)).toBe("object");
  });
});

describe("--profile's help", () => {
  it("says, for every command that takes it, that a file taking a shipped profile's name is refused", () => {
    const commands = rw(["--help"]).split("\n").filter((line) => /^ {2}[a-z]/.test(line)).map((line) => line.trim().split(/ {2,}/)[0] as string);
    const taking = commands.filter((c) => rw([...c.split(" "), "--help"]).split("\n").some((line) => line.startsWith("  --profile")));
    // Each command that reads RW1 lines, a legend, a mailbox's bodies: the ones named here at least.
    expect(taking).toEqual(expect.arrayContaining(["validate", "legend", "check-thread", "mailbox check", "mailbox new"]));
    for (const command of taking) {
      const help = rw([...command.split(" "), "--help"]).split("\n").find((line) => line.startsWith("  --profile")) ?? "";
      expect(help, command).toContain("a .json file whose \"profile\" is a shipped profile's name is refused (PROFILE_SHIPPED_NAME");
    }
  });
  it("says what a command needs where its usage line cannot (check-ho showed --ho alone; it needs --record or --relay-from)", () => {
    const help = (command: string[]): string[] => rw([...command, "--help"]).split("\n");
    expect(help(["check-ho"]).slice(2, 4)).toStrictEqual(["usage: rw check-ho --ho HO [options]", "needs: rw check-ho --ho HO --record FILE, or --relay-from HO for a relay"]);
    expect(help(["mailbox", "new"])[3]).toBe("needs: rw mailbox new PATH --from CALLSIGN --kind KIND --arena ARENA --machine MACHINE, the Handler-pinned opaque arena alias and machine alias or UUID; or --message FILE");
    // The same words as the usage error, which names what is missing.
    const r = spawnSync(process.execPath, [RW, "check-ho", "--ho", "x y"], { encoding: "utf8", cwd: ROOT });
    expect(r.stderr.split("\n")[0]).toBe("rw: check-ho needs --record or --relay-from (rw check-ho --ho HO --record FILE, or --relay-from HO for a relay)");
    // A command whose usage line says it all has no such line.
    expect(help(["check-rb"])[3]).toBe("");
  });
});
