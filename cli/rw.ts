#!/usr/bin/env node
/**
 * `rw`: the rogerwilco command. A thin adapter: it reads lines, calls core, prints results.
 * Exit codes: 0 pass, 1 a check failed or the input is invalid, 2 a usage error, 70 an internal
 * error (sysexits' EX_SOFTWARE): a bug in rw, which must read as neither a verdict nor the caller's mistake,
 * 141 an output whose reader left early (no verdict delivered).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import type { Command, CommandContext, CommonOption } from "./commands/context.js";
import { mergedOptions } from "./merged-options.js";
import { nearestName } from "./nearest-name.js";
import { Output, OutputClosed } from "./output.js";
import { packageRoot } from "./package-root.js";
import { needs, UsageError } from "./usage-error.js";

/** Commands defined in files this table does not own: the common options each actually reads. */
const narrow = (command: Command, common: readonly CommonOption[]): Command => ({ ...command, common });

/**
 * Each command's module is loaded when that command runs: the mailbox and delegation commands
 * bring `yaml`, `uuid` and the RW-003 schemas, about as much start-up again as the core, which
 * `rw validate` has no use for. Only the full usage list loads them all. The core itself (about
 * 70 modules, with valibot and the SHA-256) is loaded with the command, never before: `rw
 * --version`, a help text and a usage error found before the command is known do not load it.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  parse: async () => (await import("./commands/parse.js")).parseCommand,
  format: async () => (await import("./commands/format.js")).formatCommand,
  validate: async () => (await import("./commands/validate.js")).validateCommand,
  digest: async () => (await import("./commands/digest.js")).digestCommand,
  legend: async () => (await import("./commands/legend.js")).legendCommand,
  "make-rb": async () => (await import("./commands/make-rb.js")).makeRbCommand,
  "check-rb": async () => (await import("./commands/check-rb.js")).checkRbCommand,
  "check-ho": async () => (await import("./commands/check-ho.js")).checkHoCommand,
  "check-dn": async () => (await import("./commands/check-dn.js")).checkDnCommand,
  "check-thread": async () => (await import("./commands/check-thread.js")).checkThreadCommand,
  prepare: async () => (await import("./commands/statements.js")).prepareCommand,
  commit: async () => (await import("./commands/statements.js")).commitCommand,
  abandon: async () => (await import("./commands/statements.js")).abandonCommand,
  "delegation validate": async () => narrow((await import("./commands/delegation.js")).delegationValidateCommand, ["file", "json"]),
  "delegation check-child": async () => narrow((await import("./commands/delegation.js")).delegationCheckChildCommand, ["file", "json"]),
  "delegation check-reassignment": async () => narrow((await import("./commands/delegation.js")).delegationCheckReassignmentCommand, ["file", "json"]),
  "delegation check-attempts": async () => narrow((await import("./commands/delegation.js")).delegationCheckAttemptsCommand, ["file", "json"]),
  "delegation check-card-revision": async () => narrow((await import("./commands/delegation.js")).delegationCheckCardRevisionCommand, ["file", "json"]),
  "delegation check-fences": async () => narrow((await import("./commands/delegation.js")).delegationCheckFencesCommand, ["file", "json"]),
  "delegation evaluate": async () => narrow((await import("./commands/delegation.js")).delegationEvaluateCommand, ["file", "json"]),
  "mailbox check": async () => narrow((await import("./commands/mailbox-check.js")).mailboxCheckCommand, ["profile", "json"]),
  "mailbox new": async () => (await import("./commands/mailbox-new.js")).mailboxNewCommand,
};

/** The groups of two-word commands (`rw mailbox check`). */
const GROUPS = new Set(Object.keys(COMMANDS).filter((c) => c.includes(" ")).map((c) => c.split(" ")[0] as string));

type Spec = { type: "string" | "boolean"; help: string; short?: string };

function fileHelp(name: string, command: Command): string {
  if (command.readsLines === true) return "read the lines from PATH instead of stdin";
  if (name.startsWith("delegation ")) return "read the JSON document from PATH instead of stdin";
  if (name === "mailbox new") return "read the body text from PATH (- for stdin)";
  return "read input from PATH instead of stdin";
}

/** What --json prints, for the command at hand: a legend has no findings, a check reads no input lines. */
function jsonHelp(name: string, command: Command): string {
  if (name === "check-thread") return "print the report as one JSON object, with the lines left out of the thread and their findings (rejected), and the notes of the lines taken in (noted)";
  if (command.readsLines === true) return "print JSON: one object per input line, with its findings";
  if (name === "legend") return "print one JSON object: the profile, whether lean, and the legend text";
  // One report each, never one a line: a mailbox is a folder, a delegation check one document.
  if (name === "mailbox check") return "print the report as one JSON object: the files, the analysis (threads, callsigns), the participants and, with --as, the reconciliation, with their findings";
  if (name === "mailbox new") return "print one JSON object: ok, the file published (with --dry-run, the name it would take; null when refused) and the findings; for a message composed and preflighted, also whether it was published and its ids (with --dry-run, the message as written)";
  if (name.startsWith("delegation ")) return "print the core's report as one JSON object, with its findings (input that is not JSON: ok false and the error)";
  if (name === "commit") return "print one JSON object: ok, the statement and the findings";
  if (name === "abandon") return "print one JSON object: ok, the statement and the findings (with --handoff: ok and how many it cancelled)";
  return "print one JSON object with the findings, also when an input is refused (invalid names it)";
}

/** The file is the core's to refuse (shippedNameTaken), for every command that takes --profile. */
const SHIPPED_NAME = "a .json file whose \"profile\" is a shipped profile's name is refused (PROFILE_SHIPPED_NAME: p=pay means the shipped pay)";

function profileHelp(name: string): string {
  if (name === "legend") return `the profile whose legend to print (clin, pay, pform, or a .json file); default: the core alone; ${SHIPPED_NAME}`;
  return `load a profile (clin, pay, pform, or a .json file): a line's p= may name it, and a line without p= that uses its codes is refused with PROFILE_REQUIRED naming the p= it needs; a line's own p= loads a shipped profile by itself; ${SHIPPED_NAME}`;
}

/** Every option the command accepts: its own, then the common ones it uses, then --help. */
function optionsOf(name: string, command: Command): Record<string, Spec> {
  const common = command.common ?? ["profile", "file", "json"];
  const out: Record<string, Spec> = { ...command.options };
  if (common.includes("profile")) out["profile"] = { type: "string", help: profileHelp(name) };
  if (common.includes("file")) out["file"] = { type: "string", help: fileHelp(name, command) };
  if (common.includes("json")) out["json"] = { type: "boolean", help: jsonHelp(name, command) };
  out["help"] = { type: "boolean", help: "this text", short: "h" };
  return out;
}

const EXIT = "Exit: 0 pass, 1 invalid input or failed check, 2 usage error, 70 internal error (a bug in rw: RW_DEBUG=1 prints its stack trace), 141 the output's reader closed it early (rw stops reading; 128 + SIGPIPE, as a shell reports it).";
const LINES = "Lines end at LF, CRLF or CR; one leading byte order mark is dropped; blank lines and lines starting with # are skipped; a line longer than 64 MiB is refused (LINE_TOO_LONG).";

async function usage(group?: string): Promise<string> {
  const names = Object.keys(COMMANDS).filter((c) => group === undefined || c.startsWith(`${group} `));
  const width = Math.max(...names.map((c) => c.length));
  const loaded = await Promise.all(names.map((name) => (COMMANDS[name] as () => Promise<Command>)()));
  const commands = names.map((name, i) => `  ${name.padEnd(width)}  ${(loaded[i] as Command).summary}`);
  if (group !== undefined) return [`rw ${group}: the ${group} commands`, "", `usage: rw ${group} <command> [options]    (rw ${group} <command> --help for its options; options before <command> are its own)`, "", "commands:", ...commands, "", EXIT].join("\n");
  return ["rw: RW1 lines checked in code (rogerwilco)", "", "usage: rw <command> [options]    (rw <command> --help for its options)", "", "commands:", ...commands, "", "  --version   the version", "", EXIT].join("\n");
}

/** What the command cannot run without, as typed: `rw check-rb --ho HO --rb RB`, `rw commit TOKEN`. */
function synopsis(name: string, command: Command): string {
  const args = command.positionals === undefined ? "" : command.positionals.min > 0 ? ` ${command.positionals.name}` : ` [${command.positionals.name}]`;
  const required = Object.entries(command.required ?? {}).map(([o, value]) => ` --${o} ${value}`).join("");
  return `rw ${name}${args}${required}`;
}

function commandUsage(name: string, command: Command): string {
  const options = optionsOf(name, command);
  const width = Math.max(...Object.keys(options).map((o) => o.length + 2));
  const footer = command.readsLines === true ? [LINES, EXIT] : [EXIT];
  const input = command.input === undefined ? [] : [`input: one JSON document ${command.input} on stdin or --file${Object.keys(command.options).length > 0 ? ", or each part as its option" : ""}`, ""];
  const checks = command.checks === undefined ? [] : ["checks:", ...command.checks.map((c) => `  - ${c}`), ""];
  // What the synopsis cannot show (one option of two, options a --message replaces): said as the usage error says it.
  const needsLine = command.needsHow === undefined ? [] : [`needs: ${command.needsHow}`];
  return [`rw ${name}: ${command.summary}`, "", `usage: ${synopsis(name, command)} [options]`, ...needsLine, "", ...input, ...checks, "options:", ...Object.entries(options).map(([o, spec]) => `  --${o.padEnd(width)}${spec.help}`), "", ...footer].join("\n");
}

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

/** The command an argument list names: one word, or a group and a word (`mailbox check`). */
function commandName(argv: readonly string[]): { name: string | undefined; rest: readonly string[] } {
  const pair = argv.length > 1 ? `${argv[0]} ${argv[1]}` : "";
  return Object.hasOwn(COMMANDS, pair) ? { name: pair, rest: argv.slice(2) } : { name: argv[0], rest: argv.slice(1) };
}

/**
 * A command's arguments read as the command reads them: its options (an unknown one, or one
 * missing its value, is node's usage error) and the words among them, in order.
 */
function readArguments(specs: Record<string, Spec>, args: readonly string[]) {
  const options: ParseArgsConfig["options"] = {};
  for (const [o, spec] of Object.entries(specs)) options[o] = { type: spec.type, ...(spec.short ? { short: spec.short } : {}) };
  try {
    return parseArgs({ args: [...args], allowPositionals: true, strict: true, options, tokens: true });
  } catch (error) {
    throw unknownOptionNamed(error, options, args);
  }
}

/**
 * node's "Unknown option '--reply_to'", with the option meant when the typed one is it in another
 * case or with `_` for `-` (the envelope's field is `reply_to`, the option `--reply-to`), or one
 * edit from it (`--fil`); any other error as it came. Only ever said, never run as the guess.
 */
function unknownOptionNamed(error: unknown, options: NonNullable<ParseArgsConfig["options"]>, args: readonly string[]): unknown {
  if ((error as NodeJS.ErrnoException).code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION") return error;
  const typed = parseArgs({ args: [...args], allowPositionals: true, strict: false, options, tokens: true }).tokens.find((t) => t.kind === "option" && !Object.hasOwn(options, t.name));
  if (typed?.kind !== "option" || !typed.rawName.startsWith("--")) return error;
  const names = Object.keys(options).map((o) => `--${o}`);
  const near = nearestName(typed.rawName.toLowerCase().replaceAll("_", "-"), names, 1);
  return near === null ? error : new UsageError(`Unknown option '${typed.rawName}' (did you mean ${near}?)`);
}

/**
 * One rule for what may follow a help request, in either form: `rw help COMMAND ...` is `rw
 * COMMAND --help ...`. Options after it are read as the command reads them (an unknown one is a
 * usage error), then ignored, so a command line with --help appended, or rw help put before it,
 * shows the help; a word after it is a usage error, never a topic dropped unseen. `tokens` are the
 * arguments read past the request; `said` ends the message about a stray word.
 */
function helpTokens(tokens: ReturnType<typeof readArguments>["tokens"], said: string): void {
  const stray = tokens.find((t) => t.kind === "positional");
  if (stray?.kind === "positional") throw new UsageError(`unexpected argument '${stray.value}': ${said}`);
}

/**
 * Whether a command line read with readArguments asks for help with `--help` (or `-h`), for a
 * command or a group `name`: what comes before the request is the command line it asks about, a
 * word after it is a usage error (helpTokens), as after rw help COMMAND.
 */
function helpAsked(read: ReturnType<typeof readArguments>, name: string): boolean {
  if (read.values["help"] !== true) return false;
  const asked = read.tokens.findIndex((t) => t.kind === "option" && t.name === "help");
  helpTokens(read.tokens.slice(asked + 1), `--help takes none after it (rw ${name} --help)`);
  return true;
}

/**
 * Among arguments led by options (`rw --json validate`, `rw mailbox --json check`): the first word,
 * the command's place (null when there is none), whether `--` came before it (then it is an
 * argument, and no command was named), and where --help stands (`asked`, -1 when absent), which
 * comes first (`helpFirst`) when it stands before the word or there is none. `request` is the place
 * in the arguments of a help request made before the command is named, -1 when none is: --help (or
 * -h) before the first word, or that word itself when it is `help` (`rw --json help validate`).
 */
function firstWord(read: ReturnType<typeof readArguments>): { token: { value: string; index: number } | null; ended: boolean; asked: number; helpFirst: boolean; request: number } {
  const at = read.tokens.findIndex((t) => t.kind === "positional");
  const asked = read.tokens.findIndex((t) => t.kind === "option" && t.name === "help");
  const token = at === -1 ? null : (read.tokens[at] as { kind: "positional"; value: string; index: number });
  const ended = read.tokens.some((t, i) => (at === -1 || i < at) && t.kind === "option-terminator");
  const helpFirst = asked !== -1 && (at === -1 || asked < at);
  const request = helpFirst ? (read.tokens[asked] as { index: number }).index : token !== null && !ended && HELP_WORDS.has(token.value) ? token.index : -1;
  return { token, ended, asked, helpFirst, request };
}

/** `args` without the word at `index`: the command's own arguments, the options before it among them. */
const withoutWord = (args: readonly string[], index: number): string[] => [...args.slice(0, index), ...args.slice(index + 1)];

/**
 * `args` with the one at `index` put first: a command's word, or a help request, found among the
 * options that lead it, moved to where the command (or `rw help`) reads it, the options kept in
 * their order. Every ordering of a help request, options and command words comes to `rw help
 * COMMAND OPTIONS` this way, one step at a time, so one path answers them all.
 */
const wordFirst = (args: readonly string[], index: number): string[] => [args[index] as string, ...withoutWord(args, index)];

/**
 * Every option a group's commands take, so a group's help request reads the options around it as
 * one of its commands would (`rw mailbox --json --help` is `rw mailbox check --json --help` with
 * the command not yet chosen). Two commands of a group that give one option two types are a bug
 * mergedOptions refuses, on every run that reads options before the command.
 */
async function groupOptions(group?: string): Promise<Record<string, Spec>> {
  // No group: every command's, for options given before the command (`rw --json validate`).
  const names = Object.keys(COMMANDS).filter((c) => group === undefined || c.startsWith(`${group} `));
  const loaded = await Promise.all(names.map((name) => (COMMANDS[name] as () => Promise<Command>)()));
  return mergedOptions(Object.fromEntries(names.map((name, i) => [name, optionsOf(name, loaded[i] as Command)])));
}

/** An argument in an option's place (`--json`, `-h`, `--`), not a word (`-` is stdin, a word). */
const isOptionLike = (arg: string | undefined): boolean => arg !== undefined && arg.startsWith("-") && arg !== "-";

/** The words that ask for help in a command's place. */
const HELP_WORDS: ReadonlySet<string> = new Set(["help", "--help", "-h"]);

/** Where a usage error points: the command's own help once the command is known. */
let helpHint = "rw --help";

/**
 * The argument list with a group's help word read as rw's own: `rw delegation help`, `rw mailbox
 * --help new` are `rw help delegation`, `rw --help mailbox new`, so every group takes `help` as
 * a subcommand word as it takes `--help`, with the same answer and the same rule for what follows.
 */
function helpFirst(argv: readonly string[]): readonly string[] {
  const [group, word] = argv;
  return group !== undefined && GROUPS.has(group) && word !== undefined && HELP_WORDS.has(word) ? [word, group, ...argv.slice(2)] : argv;
}

/** An unknown command, listing those there are, with the nearest one when it is within two edits. */
function unknownCommand(typed: string, commands: readonly string[]): string {
  // In another case it is the same command mistyped (`VALIDATE`): commands are lower case.
  const near = nearestName(typed.toLowerCase(), commands);
  return `unknown command '${typed}'${near === null ? "" : ` (did you mean ${near}?)`} (${commands.join(", ")})`;
}

async function main(argv: readonly string[]): Promise<number> {
  const { name, rest } = commandName(helpFirst(argv));
  if (name === "--version") {
    if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}': --version takes none`);
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (name !== undefined && HELP_WORDS.has(name) && rest.length > 0) {
    // `rw help parse`, `rw help mailbox new`, `rw help mailbox`; `rw --help parse` as git reads it,
    // never the general usage with the command it names dropped.
    const topic = commandName(rest);
    if (topic.name !== undefined && Object.hasOwn(COMMANDS, topic.name)) {
      // A command followed by more is still a command: its options are read as after --help, a
      // word is what is wrong. A usage error about them points to the command's own help.
      const command = await (COMMANDS[topic.name] as () => Promise<Command>)();
      helpHint = `rw ${topic.name} --help`;
      helpTokens(readArguments(optionsOf(topic.name, command), topic.rest).tokens, `rw ${name} takes one command and its options (rw ${name} ${topic.name})`);
      process.stdout.write(`${commandUsage(topic.name, command)}\n`);
      return 0;
    }
    // A group alone, or with options (`rw help mailbox --json`): its help, the options read as its
    // commands read them, as after a command. A word right after the group is no command of it
    // (below); a word after its options is a stray argument, as after a command's.
    const group = rest[0] as string;
    if (GROUPS.has(group) && (rest.length === 1 || isOptionLike(rest[1]))) {
      helpHint = `rw ${group} --help`;
      const read = readArguments(await groupOptions(group), rest.slice(1));
      // Options before a command of the group (`rw help mailbox --json check`) are its own: its help, as `rw help mailbox check --json`.
      const first = firstWord(read);
      if (first.token !== null && !first.ended && Object.hasOwn(COMMANDS, `${group} ${first.token.value}`)) return main([name, group, ...wordFirst(rest.slice(1), first.token.index)]);
      helpTokens(read.tokens, `rw ${name} takes one command group and its options (rw ${name} ${group})`);
      process.stdout.write(`${await usage(group)}\n`);
      return 0;
    }
    // Options before the command (`rw help --json validate`, `rw help --json mailbox check`), read as
    // the commands read them: its help, as `rw help validate --json`. With no word, rw's own help,
    // as `rw --json --help`; after `--` a word is no command.
    if (isOptionLike(group)) {
      const first = firstWord(readArguments(await groupOptions(), rest));
      if (first.token === null) {
        process.stdout.write(`${await usage()}\n`);
        return 0;
      }
      if (!first.ended && (Object.hasOwn(COMMANDS, first.token.value) || GROUPS.has(first.token.value))) return main([name, ...wordFirst(rest, first.token.index)]);
    }
    // Help on help is the usage, which says how help is asked for (`rw help help`, `rw -h help`).
    if (HELP_WORDS.has(rest[0] as string)) {
      if (rest.length > 1) throw new UsageError(`unexpected argument '${rest[1]}': rw ${name} ${rest[0]} takes none`);
      process.stdout.write(`${await usage()}\n`);
      return 0;
    }
    throw new UsageError(`no help for '${rest.join(" ")}': not a command (${Object.keys(COMMANDS).join(", ")})`);
  }
  // Asked for, the usage is the answer (stdout, exit 0); given instead of a command, it explains
  // a usage error (stderr, exit 2), so a script that captures stdout gets nothing it would parse.
  if (name === undefined || HELP_WORDS.has(name)) {
    (name === undefined ? process.stderr : process.stdout).write(`${await usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  // A group alone explains a usage error (asked for with a help word, it is rw help GROUP, above).
  if (GROUPS.has(name) && rest.length === 0) {
    process.stderr.write(`${await usage(name)}\n`);
    return 2;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (load === undefined) {
    if (GROUPS.has(name)) {
      // The group's own help lists its commands; the whole tool's would not say more.
      helpHint = `rw ${name} --help`;
      // Options before any word are read as the group's commands read them. With --help
      // (`rw mailbox --json --help`): the group's help, as `rw help mailbox --json`; a word after
      // the request that is no command of the group is refused. Without it (`rw mailbox --json`):
      // no command yet, so the usage error of the group alone, not an option taken for a
      // command's name. Before a command of
      // the group (`rw mailbox --json check`, as `git -C x status`): that command with them, read
      // as it reads them, so one only another command of the group takes is its usage error.
      let word = rest[0] ?? "";
      if (isOptionLike(rest[0])) {
        const read = readArguments(await groupOptions(name), rest);
        const first = firstWord(read);
        // A help request before a command of the group (`rw mailbox --json --help check`, `rw mailbox
        // --json help check`): put first, it is `rw --help mailbox --json check`, that command's help.
        const named = first.token !== null && (first.request === first.token.index || Object.hasOwn(COMMANDS, `${name} ${first.token.value}`));
        if (first.request !== -1 && !first.ended && named) return main(wordFirst([name, ...rest], first.request + 1));
        if (first.token === null || first.helpFirst) {
          const help = helpAsked(read, name);
          (help ? process.stdout : process.stderr).write(`${await usage(name)}\n`);
          return help ? 0 : 2;
        }
        // After `--` a word is an argument, never the command: `rw mailbox -- check` names none.
        if (!first.ended) {
          word = first.token.value;
          if (Object.hasOwn(COMMANDS, `${name} ${word}`)) return main([name, word, ...withoutWord(rest, first.token.index)]);
        }
      }
      throw new UsageError(unknownCommand(`${name} ${word}`, Object.keys(COMMANDS).filter((c) => c.startsWith(`${name} `))));
    }
    // Options before the command (`rw --json validate`) are the command's, as before a group's
    // command: read as the commands read them (`-v`, none's, is an unknown option, not a command).
    if (isOptionLike(name)) {
      const args = [name, ...rest];
      const read = readArguments(await groupOptions(), args);
      const first = firstWord(read);
      // A help request before the command (`rw --json --help validate`, `rw --json help validate`): put
      // first, it is `rw --help --json validate`, that command's help.
      const named = first.token !== null && (first.request === first.token.index || Object.hasOwn(COMMANDS, first.token.value) || GROUPS.has(first.token.value));
      if (first.request !== -1 && !first.ended && named) return main(wordFirst(args, first.request));
      // A help request before any command (`rw --json --help`) is rw's, as `rw mailbox --json --help` is the group's.
      if (first.helpFirst) {
        helpTokens(read.tokens.slice(first.asked + 1), "--help takes none after it (rw --help)");
        process.stdout.write(`${await usage()}\n`);
        return 0;
      }
      if (first.token === null || first.ended) throw new UsageError(`no command given with ${name}: options go with a command (rw <command> ${name} ...; rw --help lists them)`);
      const word = first.token.value;
      if (Object.hasOwn(COMMANDS, word) || GROUPS.has(word)) return main([word, ...withoutWord(args, first.token.index)]);
      throw new UsageError(unknownCommand(word, Object.keys(COMMANDS)));
    }
    throw new UsageError(unknownCommand(name, Object.keys(COMMANDS)));
  }
  const command = await load();
  helpHint = `rw ${name} --help`;
  const specs = optionsOf(name, command);
  const read = readArguments(specs, rest);
  const { values, positionals, tokens } = read;
  if (helpAsked(read, name)) {
    process.stdout.write(`${commandUsage(name, command)}\n`);
    return 0;
  }
  // A single-valued option given twice is a mistake; the last one silently winning hides it.
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== "option" || specs[t.name]?.type !== "string") continue;
    if (seen.has(t.name)) throw new UsageError(`--${t.name} is given more than once: give it once`);
    seen.add(t.name);
  }
  const allowed = command.positionals ?? { name: "", min: 0, max: 0 };
  if (positionals.length > allowed.max) {
    // A message given bare to a command that takes its messages as options (`rw make-rb "$HO"`): the usage line says how.
    const byOption = command.required === undefined ? "" : `: the input is given with options (${command.needsHow ?? synopsis(name, command)})`;
    const hint = allowed.max > 0 ? "" : command.readsLines === true ? ": lines come from stdin or --file" : name.startsWith("delegation ") ? ": the JSON document comes from stdin or --file PATH" : byOption !== "" ? byOption : name === "legend" && values["profile"] === undefined ? ": give a profile with --profile NAME" : "";
    throw new UsageError(`unexpected argument '${positionals[allowed.max]}'${hint}`);
  }
  // What the command cannot run without, named all at once: its argument (an empty one names
  // nothing, so it is missing too) and its required options. Every usage error is printed after
  // "rw: ", so the command is named without its own "rw".
  // A required option given blank (nothing, or spaces and tabs: an unset variable) is missing too,
  // named with the rest and said to be empty, as rw delegation names an empty part.
  const { isBlankLine } = await import("../core/index.js");
  const required = Object.keys(command.required ?? {});
  const empty = required.filter((o) => typeof values[o] === "string" && isBlankLine(values[o])).map((o) => `--${o}`);
  const missing = [
    ...(positionals.length < allowed.min || positionals.some((p) => p === "") ? [allowed.name] : []),
    ...required.filter((o) => values[o] === undefined || empty.includes(`--${o}`)).map((o) => `--${o}`),
    ...(command.missingOptions?.(values as Record<string, string | boolean | undefined>) ?? []),
  ];
  const emptyNote = empty.length === 0 ? "" : `; ${empty.join(", ")} ${empty.length === 1 ? "is" : "are"} empty`;
  if (missing.length > 0) throw needs(name, missing, `${command.needsHow ?? synopsis(name, command)}${emptyNote}`);
  const [{ pathOption }, { profiles }] = await Promise.all([import("./arguments.js"), import("./profiles.js")]);
  const out = new Output(process.stdout);
  const err = new Output(process.stderr);
  const ctx: CommandContext = {
    name,
    // An empty --file names nothing: read as a path it was "cannot read : no such file".
    file: pathOption("file", values["file"] as string | undefined, "a file"),
    json: values["json"] === true,
    profiles: profiles(values["profile"] as string | undefined),
    out,
    err,
    options: values as Record<string, string | boolean | undefined>,
    args: positionals,
  };
  try {
    return await command.run(ctx);
  } finally {
    await out.flush();
    await err.flush();
  }
}

/** The exit code of an internal error: sysexits' EX_SOFTWARE, apart from 0, 1 and 2, which are answers. */
const INTERNAL_ERROR = 70;

/** A path a command was given that the file system refuses (missing, a directory, a file used as a folder). */
const PATH_CODES = new Set(["ENOENT", "EISDIR", "ENOTDIR", "EEXIST", "EACCES", "EPERM", "ELOOP", "ENAMETOOLONG"]);
async function pathProblem(error: unknown): Promise<string | null> {
  const e = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || e.code === undefined || !PATH_CODES.has(e.code)) return null;
  const { readProblem } = await import("./input.js");
  // Reading an open descriptor (a directory given as a file) reports no path: say what is known.
  return `${typeof e.path === "string" ? e.path : "a path given"}: ${readProblem(e)} (${e.syscall ?? "fs"})`;
}

/**
 * The exit code of a run whose output's reader left early (EPIPE: `rw validate big | head`): what a
 * shell reports for a command a broken pipe ended (128 + SIGPIPE). No verdict: the input was not
 * all read, or the answer not all delivered.
 */
const BROKEN_PIPE = 141;

/**
 * A standard stream that cannot be written. EPIPE is a reader that left early: rw stops (Output
 * throws OutputClosed) and exits BROKEN_PIPE, printing nothing. Any other failure (a full disk, an
 * I/O error) means the answer was not delivered: one line on stderr when it can take it, exit 2.
 */
let unwritable = false;
/** Why stdout cannot be written, in a few words (`1< file`, open only for reading, is EBADF). */
const WRITE_PROBLEMS: Readonly<Record<string, string>> = { ENOSPC: "no space left on device", EBADF: "it is not open for writing", EIO: "an input/output error", EDQUOT: "the disk quota is used up" };
let brokenPipe = false;
/** The exit code once a stream has failed, or `code` when none has. */
const finalCode = (code: number): number => (unwritable ? 2 : brokenPipe ? BROKEN_PIPE : code);
for (const [name, stream] of [["stdout", process.stdout], ["stderr", process.stderr]] as const) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (unwritable) return;
    // A failed last write can be reported after main has set the verdict's code: it is set here too.
    if (error.code === "EPIPE") {
      brokenPipe = true;
      process.exitCode = finalCode(0);
      return;
    }
    unwritable = true;
    process.exitCode = 2;
    if (name === "stdout" && process.stderr.writable) process.stderr.write(`rw: cannot write to stdout: ${error.code !== undefined && Object.hasOwn(WRITE_PROBLEMS, error.code) ? WRITE_PROBLEMS[error.code] : (error.code ?? error.message)}\n`);
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = finalCode(code);
  },
  async (error: unknown) => {
    // The command stopped because its output is gone: said already (exit 2) or nothing to say (EPIPE).
    if (error instanceof OutputClosed) {
      process.exitCode = finalCode(INTERNAL_ERROR);
      return;
    }
    // What was typed or read is quoted in the message: a control character or line break in it is
    // shown marked, so none acts on the terminal or forges a line.
    const { withControlsMarked: visible } = await import("../core/index.js");
    if (error instanceof UsageError || (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) {
      // node's parseArgs adds advice about positionals that starts with '-'; the option is the point.
      // Its "argument is ambiguous" (`--ho --json`, a value left out) is three sentences on three
      // lines of node's own text, naming a known option: one line, its breaks spaces, not marks.
      const message = error.message.replace(/\. To specify a positional argument[\s\S]*$/, "").replace(/([.?])\n(?=Did you forget|To specify an option argument)/g, "$1 ");
      const details = error instanceof UsageError ? error.details.map((line) => `${visible(line)}\n`).join("") : "";
      process.stderr.write(`rw: ${visible(message)}\n${details}Try '${helpHint}'.\n`);
      process.exitCode = 2;
      return;
    }
    const path = await pathProblem(error);
    if (path !== null) {
      process.stderr.write(`rw: cannot use ${visible(path)}\nTry '${helpHint}'.\n`);
      process.exitCode = 2;
      return;
    }
    // A bug, not a verdict: one line, and the stack trace only when asked for (RW_DEBUG), marked as
    // a message is, since an error's message may quote what was read.
    const debug = (process.env["RW_DEBUG"] ?? "") !== "";
    const message = visible(error instanceof Error ? error.message : String(error));
    // The stack's frames, after the message printed once: each its own line, marked on its own.
    const stack = debug && error instanceof Error ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).map((line) => `${visible(line)}\n`).join("") : "";
    process.stderr.write(`rw: internal error: ${message}\n${debug ? stack : "This is a bug in rw; RW_DEBUG=1 prints its stack trace.\n"}`);
    process.exitCode = INTERNAL_ERROR;
  },
);
