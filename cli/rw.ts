#!/usr/bin/env node
/**
 * `rw`: the rogerwilco command. A thin adapter: it reads lines, calls core, prints results.
 * Exit codes: 0 pass, 1 a check failed or the input is invalid, 2 a usage error.
 */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { digest } from "./commands/digest.js";
import { format } from "./commands/format.js";
import { parse } from "./commands/parse.js";
import { validate } from "./commands/validate.js";
import type { CommandContext } from "./commands/context.js";
import { Output } from "./output.js";
import { profiles } from "./profiles.js";
import { UsageError } from "./usage-error.js";

const USAGE = `rw: RW1 lines checked in code (rogerwilco)

usage: rw <command> [options] < lines
       rw <command> --file PATH

commands:
  parse      RW1 lines -> JSON forms, one per line
  format     JSON forms (one object per line) -> RW1 lines; only valid messages are written
  validate   check lines (or JSON forms) against the core and their profile
  digest     h= of each line (or JSON form): first 12 hex of SHA-256 of its canonical JSON

options:
  --profile NAME|FILE  read lines without p= against this profile too (clin, pay, pform, or a .json
                       file); a line's own p= loads a shipped profile by itself
  --file PATH          read input from PATH instead of stdin
  --json               print one JSON object per input line (line, ok, findings, ...)
  --as NAME            validate: also print the UN line receiver NAME sends for each refused line
  --seq N              validate --as: number of the first UN (NAME-N), default 1
  -h, --help           this text
  --version            the version

Blank lines and lines starting with # are skipped. Exit: 0 pass, 1 invalid input or failed
check, 2 usage error.`;

const COMMANDS: Record<string, (ctx: CommandContext) => Promise<number>> = { parse, format, validate, digest };
const PER_COMMAND: Record<string, readonly string[]> = { validate: ["as", "seq"] };

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      profile: { type: "string" },
      file: { type: "string" },
      json: { type: "boolean" },
      as: { type: "string" },
      seq: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const [command, ...extra] = positionals;
  if (values.help || command === undefined || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  const run = COMMANDS[command];
  if (run === undefined) throw new UsageError(`unknown command '${command}' (parse, format, validate, digest)`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}': lines come from stdin or --file`);
  for (const name of ["as", "seq"] as const) {
    if (values[name] !== undefined && !(PER_COMMAND[command] ?? []).includes(name)) throw new UsageError(`--${name} applies to validate only`);
  }
  if (values.as !== undefined && !/^[A-Za-z0-9._-]+$/.test(values.as)) throw new UsageError(`--as ${values.as}: not an agent name ([A-Za-z0-9._-]+)`);
  if (values.seq !== undefined && !/^\d{1,9}$/.test(values.seq)) throw new UsageError(`--seq ${values.seq}: not a number`);
  if (values.seq !== undefined && values.as === undefined) throw new UsageError("--seq needs --as NAME");
  const out = new Output(process.stdout);
  const err = new Output(process.stderr);
  const ctx: CommandContext = {
    file: values.file,
    json: values.json === true,
    profiles: profiles(values.profile),
    out,
    err,
    options: { as: values.as, seq: values.seq },
  };
  try {
    return await run(ctx);
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
