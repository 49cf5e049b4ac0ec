/**
 * One option table for arguments read before their command is known (`rw mailbox --json check`,
 * `rw --json validate`): the tables of every command that may follow, merged. node's parseArgs
 * reads with one table, so an option two commands read differently (a string for one, a flag for
 * the other, or two short letters) would be read as the first command says, and the second's
 * options misread without a word: `--as VEGA` taken as a flag and VEGA as the command. Such a pair
 * is a bug in rw, refused here (a TypeError, exit 70) on every run that merges them, never hidden.
 */
export interface OptionShape {
  readonly type: "string" | "boolean";
  readonly short?: string;
}

/** The tables, keyed by command (`mailbox check`), as one: each option once, as every command reads it. */
export function mergedOptions<S extends OptionShape>(tables: Readonly<Record<string, Readonly<Record<string, S>>>>): Record<string, S> {
  const out: Record<string, S> = {};
  const readBy: Record<string, string> = {};
  for (const [command, table] of Object.entries(tables)) {
    for (const [option, spec] of Object.entries(table)) {
      const taken = out[option];
      if (taken === undefined) {
        out[option] = spec;
        readBy[option] = command;
      } else if (taken.type !== spec.type || taken.short !== spec.short) {
        throw new TypeError(`options read before their command disagree: --${option} is ${said(taken)} for ${readBy[option]} but ${said(spec)} for ${command}`);
      }
    }
  }
  return out;
}

const said = (spec: OptionShape): string => `a ${spec.type}${spec.short === undefined ? "" : ` (-${spec.short})`}`;
