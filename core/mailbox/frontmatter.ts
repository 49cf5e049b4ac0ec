/**
 * Splitting a Markdown message into its YAML frontmatter and its body: the file opens with a `---`
 * line and the frontmatter ends at the next `---` (or `...`) line. LF and CRLF both end lines; a
 * lone CR, which ends a body's lines (README note 79), does not end the frontmatter's: the `yaml`
 * package does not read it as YAML 1.2's line break (`a: 1\rb: 2` is one key), nor do frontmatter
 * readers that look for `---\n`, so such a file is refused, saying so (README note 87). A `---` line
 * ended by a lone CR, or by U+2028 or U+2029 (which end no Markdown line), closes nothing (note 89).
 */
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";

export interface SplitMessage {
  /** The YAML text between the delimiters. */
  readonly yaml: string;
  /** The 1-based file line the YAML starts on. */
  readonly yamlLine: number;
  /** Everything after the closing delimiter line. */
  readonly body: string;
  /** The 1-based file line the body starts on. */
  readonly bodyLine: number;
  /** A note when a byte-order mark was dropped. */
  readonly findings: readonly MailboxFinding[];
}

const OPEN = /^---[ \t]*\r?\n/;
// Not the m flag's ^ and $: they also take a lone CR, U+2028 and U+2029 as a line's end. A line
// starts after LF, or after a lone CR, which the YAML check below then refuses, naming its line.
const CLOSE = /(?<=[\n\r])(?:---|\.\.\.)[ \t]*(?=\r?\n|$)/g;
const LONE_CR_CLOSE = /(?<=[\n\r])(?:---|\.\.\.)[ \t]*\r(?!\n)/g;
const LONE_CR_OPEN = /^---[ \t]*\r(?!\n)/;
const LONE_CR = /\r(?!\n)/;

export function splitFrontmatter(text: string): SplitMessage | MailboxFinding {
  const findings: MailboxFinding[] = [];
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    findings.push(mailboxFinding("ENCODING_BOM", "the file starts with a byte-order mark; it was ignored", { line: 1 }));
  }
  const open = OPEN.exec(text);
  if (open === null) {
    if (LONE_CR_OPEN.test(text)) return mailboxFinding("FRONTMATTER_MISSING", "the message's first line, ---, ends in a lone CR: the frontmatter's lines must end in LF or CRLF to be read (save the file with LF or CRLF line endings)", { line: 1, received: "CR" });
    return mailboxFinding("FRONTMATTER_MISSING", "the message does not open with a --- line: a mailbox message is Markdown with YAML frontmatter", { line: 1 });
  }
  CLOSE.lastIndex = open[0].length;
  const close = CLOSE.exec(text);
  if (close === null) {
    LONE_CR_CLOSE.lastIndex = open[0].length;
    const crClose = LONE_CR_CLOSE.exec(text);
    if (crClose !== null) return mailboxFinding("FRONTMATTER_UNCLOSED", "the frontmatter's closing --- line ends in a lone CR: the frontmatter's lines must end in LF or CRLF to be read (save the file with LF or CRLF line endings)", { line: 2 + countLines(text.slice(open[0].length, crClose.index)), received: "CR" });
    return mailboxFinding("FRONTMATTER_UNCLOSED", "the frontmatter has no closing --- line (a file still being written or synced looks like this: read it again after a bounded wait)", { line: 1 });
  }
  const yaml = text.slice(open[0].length, close.index);
  const cr = LONE_CR.exec(yaml);
  if (cr !== null) return mailboxFinding("YAML_INVALID", "a frontmatter line ends in a lone CR: the frontmatter's lines must end in LF or CRLF to be read as YAML (save the file with LF or CRLF line endings)", { line: 2 + countLines(yaml.slice(0, cr.index)), received: "CR" });
  let end = close.index + close[0].length;
  if (text.startsWith("\r\n", end)) end += 2;
  else if (text.startsWith("\n", end)) end += 1;
  const bodyLine = 2 + countLines(yaml) + 1;
  return { yaml, yamlLine: 2, body: text.slice(end), bodyLine, findings };
}

/** Line breaks (LF) in a text. */
export function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/**
 * The 1-based line of an offset into a text that starts on line `first`: the line starts are
 * found once, then each offset by binary search (a finding per field must not rescan the text).
 */
export function lineOfOffset(text: string, first: number): (offset: number | undefined) => number | undefined {
  let starts: number[] | null = null;
  return (offset) => {
    if (offset === undefined) return undefined;
    if (starts === null) {
      starts = [0];
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return first + lo;
  };
}
