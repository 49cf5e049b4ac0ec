/**
 * Which input lines carry no message, for every reader of lines (the CLI, the Worker, the
 * playground): a blank line, empty or only ASCII spaces and tabs, and a comment line, starting
 * with `#`. Input framing, not a protocol rule. Any other character makes the line a message to
 * read: a no-break space, a byte order mark inside the text or another Unicode space is refused
 * as a line, never dropped unseen (String.prototype.trim would drop them all).
 */
const BLANK = /^[ \t]*$/;
const HASH = 0x23;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * A blank line (its line break split off): empty, or only ASCII spaces and tabs. What else reads
 * "nothing here" goes by it too (an empty document, isEmptyDocument; the CLI's state files' blank
 * lines), so a line of a no-break space is content there as well, refused where it is not what is
 * expected.
 */
export function isBlankLine(line: string): boolean {
  return BLANK.test(line);
}

/** A line (its line break split off) that is blank or a `#` comment: skipped, not read. */
export function isSkippedLine(line: string): boolean {
  const first = line.charCodeAt(0);
  return line.length === 0 || first === HASH || ((first === SPACE || first === TAB) && BLANK.test(line));
}
