#!/usr/bin/env node
/**
 * `rw`: the rogerwilco command. A thin adapter: it reads lines, calls core, prints results.
 * Exit codes: 0 pass, 1 a check failed or the input is invalid, 2 a usage error.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import { checkDnCommand } from "./commands/check-dn.js";
import { checkHoCommand } from "./commands/check-ho.js";
import { checkRbCommand } from "./commands/check-rb.js";
import { checkThreadCommand } from "./commands/check-thread.js";
import type { Command, CommandContext } from "./commands/context.js";
import { delegationCheckChildCommand, delegationCheckFencesCommand, delegationEvaluateCommand, delegationValidateCommand } from "./commands/delegation.js";
import { digestCommand } from "./commands/digest.js";
import { formatCommand } from "./commands/format.js";
import { legendCommand } from "./commands/legend.js";
import { mailboxCheckCommand } from "./commands/mailbox-check.js";
import { mailboxNewCommand } from "./commands/mailbox-new.js";
import { makeRbCommand } from "./commands/make-rb.js";
import { parseCommand } from "./commands/parse.js";
import { abandonCommand, commitCommand, prepareCommand } from "./commands/statements.js";
import { validateCommand } from "./commands/validate.js";
import { Output } from "./output.js";
import { profiles } from "./profiles.js";
import { UsageError } from "./usage-error.js";

const COMMANDS: Readonly<Record<string, Command>> = {
  parse: parseCommand,
  format: formatCommand,
  validate: validateCommand,
  digest: digestCommand,
  legend: legendCommand,
  "make-rb": makeRbCommand,
  "check-rb": checkRbCommand,
  "check-ho": checkHoCommand,
  "check-dn": checkDnCommand,
  "check-thread": checkThreadCommand,
  prepare: prepareCommand,
  commit: commitCommand,
  abandon: abandonCommand,
  "delegation validate": delegationValidateCommand,
  "delegation check-child": delegationCheckChildCommand,
  "delegation check-fences": delegationCheckFencesCommand,
  "delegation evaluate": delegationEvaluateCommand,
  "mailbox check": mailboxCheckCommand,
  "mailbox new": mailboxNewCommand,
};

const COMMON: Readonly<Record<string, { type: "string" | "boolean"; help: string; short?: string }>> = {
  profile: { type: "string", help: "read lines without p= against this profile too (clin, pay, pform, or a .json file); a line's own p= loads a shipped profile by itself" },
  file: { type: "string", help: "read input from PATH instead of stdin" },
  json: { type: "boolean", help: "print JSON (one object per input line, with the findings)" },
  help: { type: "boolean", help: "this text", short: "h" },
};

const FOOTER = "Blank lines and lines starting with # are skipped. Exit: 0 pass, 1 invalid input or failed check, 2 usage error.";

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const commands = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return ["rw: RW1 lines checked in code (rogerwilco)", "", "usage: rw <command> [options]    (rw <command> --help for its options)", "", "commands:", ...commands, "", "  --version   the version", "", FOOTER].join("\n");
}

function commandUsage(name: string, command: Command): string {
  const options = { ...command.options, ...COMMON };
  const width = Math.max(...Object.keys(options).map((o) => o.length + 2));
  const args = command.positionals === undefined ? "" : command.positionals.min > 0 ? ` ${command.positionals.name}` : ` [${command.positionals.name}]`;
  return [`rw ${name}: ${command.summary}`, "", `usage: rw ${name}${args} [options]`, "", "options:", ...Object.entries(options).map(([o, spec]) => `  --${o.padEnd(width)}${spec.help}`), "", FOOTER].join("\n");
}

function version(): string {
  return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

async function main(argv: readonly string[]): Promise<number> {
  // A two-word command (`rw mailbox check`) is one entry of the table.
  const pair = argv.length > 1 ? `${argv[0]} ${argv[1]}` : "";
  const [name, ...rest] = Object.hasOwn(COMMANDS, pair) ? [pair, ...argv.slice(2)] : argv;
  if (name === "--version") {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) throw new UsageError(`unknown command '${name}' (${Object.keys(COMMANDS).join(", ")})`);
  const options: ParseArgsConfig["options"] = {};
  for (const [o, spec] of Object.entries({ ...command.options, ...COMMON })) options[o] = { type: spec.type, ...("short" in spec && spec.short ? { short: spec.short } : {}) };
  const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, strict: true, options });
  if (values["help"] === true) {
    process.stdout.write(`${commandUsage(name, command)}\n`);
    return 0;
  }
  const allowed = command.positionals ?? { name: "", min: 0, max: 0 };
  if (positionals.length > allowed.max) throw new UsageError(`unexpected argument '${positionals[allowed.max]}'${allowed.max === 0 ? ": lines come from stdin or --file" : ""}`);
  if (positionals.length < allowed.min) throw new UsageError(`rw ${name} needs ${allowed.name}`);
  const out = new Output(process.stdout);
  const err = new Output(process.stderr);
  const ctx: CommandContext = {
    file: values["file"] as string | undefined,
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) {
      process.stderr.write(`rw: ${error.message}\nTry 'rw --help'.\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`rw: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
