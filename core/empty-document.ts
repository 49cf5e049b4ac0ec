/**
 * Whether a whole document holds nothing: what a reader of one document (a JSON record, a profile,
 * a mailbox message) takes for "none given" rather than for content to read and refuse. Input
 * framing, as blank lines are (skipped-line.ts), so it goes by the same rule: empty, or only blank
 * lines, spaces and tabs. A no-break space, a byte order mark inside the text or another Unicode
 * space is content (String.prototype.trim would drop them all), so the reader refuses it.
 */
import { isBlankLine } from "./skipped-line.js";

const LINE_BREAK = /\r\n|\n|\r/;

/** True when every line of `text` is blank (isBlankLine): the CLI's empty document, and the playground's empty field. */
export function isEmptyDocument(text: string): boolean {
  return text.split(LINE_BREAK).every(isBlankLine);
}
