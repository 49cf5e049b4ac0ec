// Options read before their command (`rw mailbox --json check`, `rw --json validate`) are read by
// one table, every command's merged: two commands that read one option two ways would have the
// first one's way read silently. mergedOptions refuses such a pair; every group's table, and the
// whole tool's, is merged here through the command, so a conflicting option added to any command
// fails this test (exit 70, naming the option and both commands).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergedOptions } from "../../cli/merged-options.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const rw = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [RW, ...args], { input: "", encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe("mergedOptions", () => {
  it("takes each option once when every command reads it the same way", () => {
    const merged = mergedOptions({ "g a": { json: { type: "boolean" }, as: { type: "string" } }, "g b": { json: { type: "boolean" }, from: { type: "string" } } });
    expect(merged).toStrictEqual({ json: { type: "boolean" }, as: { type: "string" }, from: { type: "string" } });
  });
  it("refuses an option two commands give two types, naming both, whichever comes first", () => {
    expect(() => mergedOptions({ "g a": { as: { type: "string" } }, "g b": { as: { type: "boolean" } } })).toThrow(new TypeError("options read before their command disagree: --as is a string for g a but a boolean for g b"));
    expect(() => mergedOptions({ "g b": { as: { type: "boolean" } }, "g a": { as: { type: "string" } } })).toThrow(/--as is a boolean for g b but a string for g a/);
  });
  it("refuses an option two commands give two short letters", () => {
    expect(() => mergedOptions({ "g a": { help: { type: "boolean", short: "h" } }, "g b": { help: { type: "boolean" } } })).toThrow(/--help is a boolean \(-h\) for g a but a boolean for g b/);
  });
});

describe("every group's commands, and all commands, read each option one way", () => {
  const groups = [...new Set(rw(["--help"]).out.split("\n").filter((line) => /^ {2}[a-z-]+ [a-z-]+ {2}/.test(line)).map((line) => line.trim().split(" ")[0] as string))];
  it("finds the groups", () => {
    expect(groups).toStrictEqual(["delegation", "mailbox"]);
  });
  // `rw help GROUP` reads its options with the group's merged table; `rw --help --json` with every command's.
  it.each([...groups.map((group) => ["help", group]), ["--help", "--json"]])("rw %s %s merges its tables", (...args) => {
    const r = rw(args);
    expect([r.code, r.err]).toStrictEqual([0, ""]);
  });
});
