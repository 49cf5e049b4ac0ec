/** What every subcommand receives and declares: its options, the profiles, the output streams. */
import type { Output } from "../output.js";
import type { Profiles } from "../profiles.js";

export interface CommandContext {
  /** The command as typed (`make-rb`, `delegation check-child`), for the messages that name it. */
  readonly name: string;
  readonly file: string | undefined;
  readonly json: boolean;
  readonly profiles: Profiles;
  readonly out: Output;
  readonly err: Output;
  /** Options particular to the subcommand, as given. */
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
  /** Positional arguments after the command (a token, for commit and abandon). */
  readonly args: readonly string[];
}

export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** Shown in `rw <command> --help`. */
  readonly help: string;
}

/** Options several commands share; each command names the ones it uses. */
export type CommonOption = "profile" | "file" | "json";

export interface Command {
  /** One short line: `rw --help` lists every command by it, so it says what, not every rule. */
  readonly summary: string;
  /** The JSON document it reads (`{ prior, next, parent? }`), shown in `rw <command> --help`. */
  readonly input?: string;
  /** What the command checks, one item each, shown in `rw <command> --help` under "checks:". */
  readonly checks?: readonly string[];
  /** Options beyond the common ones (--profile, --file, --json, --help). */
  readonly options: Readonly<Record<string, OptionSpec>>;
  /**
   * The common options the command reads; any other is refused as unknown, not ignored. Absent:
   * all three (commands defined elsewhere; rw.ts may narrow them).
   */
  readonly common?: readonly CommonOption[];
  /** Reads RW1 lines (or JSON forms) from stdin or --file: comments and line ends apply. */
  readonly readsLines?: boolean;
  /**
   * The options the command cannot run without, each with what its value is called in the usage
   * line (`{ ho: "HO" }`): one absent is a usage error naming every one missing, before it runs.
   */
  readonly required?: Readonly<Record<string, string>>;
  /**
   * The options the command needs only in some uses (mailbox new's composing options, which
   * --message replaces): given the options, those missing, named in the same one usage error as a
   * missing argument and `required` option, before the command reads anything.
   */
  readonly missingOptions?: (options: Readonly<Record<string, string | boolean | undefined>>) => readonly string[];
  /** How that usage error says to give what is missing, where the argument and `required` do not say it all. */
  readonly needsHow?: string;
  /** How many positional arguments the command takes, and what they are called. */
  readonly positionals?: { readonly name: string; readonly min: number; readonly max: number };
  run(ctx: CommandContext): Promise<number>;
}

/** Exit codes (DESIGN, Interfaces): 0 pass, 1 a check failed or input is invalid, 2 usage. */
export const PASS = 0;
export const FAIL = 1;
