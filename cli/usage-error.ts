/**
 * A mistake in how the command was called: reported in one line, exit code 2. `details` are the
 * lines that follow it (a refused profile's findings), each printed as its own line: the message
 * and each detail are one line each, so a line break an argument or a file gave is marked, never
 * a line of its own.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

/** `a`, `a and b`, `a, b and c`. */
const joined = (items: readonly string[]): string => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) as string}`);

/**
 * A command called without something it cannot run without (an argument, an option, a part of
 * its document, or given empty): every such thing named at once, with how to give it, in the one
 * shape every command shares, `make-rb needs --ho (rw make-rb --ho HO)`.
 */
export function needs(command: string, missing: readonly string[], how: string): UsageError {
  return new UsageError(`${command} needs ${joined(missing)} (${how})`);
}
