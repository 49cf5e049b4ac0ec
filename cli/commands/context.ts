/** What every subcommand receives: parsed options, the profiles, and the two output streams. */
import type { Output } from "../output.js";
import type { Profiles } from "../profiles.js";

export interface CommandContext {
  readonly file: string | undefined;
  readonly json: boolean;
  readonly profiles: Profiles;
  readonly out: Output;
  readonly err: Output;
  /** Options particular to the subcommand, as given. */
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
}

/** Exit codes (DESIGN, Interfaces): 0 pass, 1 a check failed or input is invalid, 2 usage. */
export const PASS = 0;
export const FAIL = 1;
