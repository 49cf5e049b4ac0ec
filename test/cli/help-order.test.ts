// Every ordering of a help request, options and the words that name one command shows that
// command's help: `rw help mailbox --json check` and `rw --json --help validate` were usage errors
// while `rw mailbox --json check --help` printed check's help. A `help` word after the command's
// words is the command's argument (`rw mailbox check help` checks a folder named help), refused or
// read as one, and the refusal names the ordering that works.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");

const rw = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [RW, ...args], { input: "", encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** Every order of `parts`, each part kept whole (an option with its value is one part). */
function orders<T>(parts: readonly T[]): T[][] {
  if (parts.length <= 1) return [[...parts]];
  return parts.flatMap((part, i) => orders([...parts.slice(0, i), ...parts.slice(i + 1)]).map((rest) => [part, ...rest]));
}

const REQUESTS = ["help", "--help", "-h"] as const;

/**
 * The orderings of a request, the command's words and its options in which the words keep their
 * order (`check mailbox` names no command): whether each asks for the help, or puts the word
 * `help` after the command's words, where it is an argument.
 */
function table(words: readonly string[], options: readonly (readonly string[])[]) {
  return REQUESTS.flatMap((request) =>
    orders<readonly string[]>([[request], ...words.map((w) => [w]), ...options])
      .filter((order) => words.every((w, i) => i === 0 || order.findIndex((p) => p[0] === w) > order.findIndex((p) => p[0] === words[i - 1])))
      .map((order) => {
        const args = order.flat();
        const afterWords = order.findIndex((p) => p[0] === request) > order.findIndex((p) => p[0] === words.at(-1));
        return { line: args.join(" "), args, asks: request !== "help" || !afterWords };
      }),
  );
}

describe.each([
  { words: ["validate"], options: [["--json"], ["--profile", "pay"]] },
  { words: ["mailbox", "check"], options: [["--json"]] },
  { words: ["delegation", "evaluate"], options: [["--file", "x.json"]] },
])("rw $words.0 $words.1: every ordering of help, options and the command", ({ words, options }) => {
  const help = rw([...words, "--help"]);
  it("the reference: the command's help, exit 0", () => {
    expect([help.code, help.err, help.out.startsWith(`rw ${words.join(" ")}: `)]).toStrictEqual([0, "", true]);
  });
  it.each(table(words, options))("rw $line", ({ args, asks }) => {
    const r = rw(args);
    if (asks) {
      expect(r).toStrictEqual(help);
      return;
    }
    // The word help as the command's argument: refused, the refusal pointing to the command's help.
    expect([r.code, r.out, r.err.trimEnd().split("\n").at(-1)]).toStrictEqual([2, "", `Try 'rw ${words.join(" ")} --help'.`]);
  });
});

describe("a help request with options and no command is rw's own help, in every order", () => {
  it.each([["help", "--json"], ["--json", "help"], ["--json", "--help"], ["-h", "--json"]])("rw %s %s", (...args) => {
    expect(rw(args)).toStrictEqual(rw(["--help"]));
  });
  it("a word after the options that names no command is still refused", () => {
    for (const args of [["--json", "--help", "extra"], ["mailbox", "--json", "--help", "extra"], ["help", "mailbox", "--json", "extra"], ["help", "--json", "extra"]]) {
      const r = rw(args);
      expect([r.code, r.out], args.join(" ")).toStrictEqual([2, ""]);
      expect(r.err, args.join(" ")).toMatch(/^rw: (unexpected argument 'extra'|no help for '--json extra')/);
    }
  });
});
