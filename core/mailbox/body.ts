/**
 * What the mailbox reads in a message body: wikilinks (section 4: "every causal response body
 * wikilinks its exact parent"), an `ack`'s claim to follow welcomes (section 9), and RW1 lines,
 * which the core validates as it validates any line.
 */
import { readMessage } from "../index.js";
import type { LineCheck, VocabularyResolver } from "../index.js";
import { parseFilename } from "./filename.js";

/** The longest wikilink target, and the longest alias or heading after it, in UTF-16 code units. */
const MAX_LINK_PART = 512;
const CLOSE = 0x5d; // ]
const PIPE = 0x7c; // |
const HASH = 0x23; // #
const NEWLINE = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

// A SHA-256 in hex, not part of a longer run of hex digits (a fragment of a longer digest is none).
const SHA256_HEX = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{64}(?![0-9A-Fa-f])/;

/**
 * Whether a body names a content hash: a SHA-256 in hex, bare or after `sha256:`. A delivery
 * names "exact path, content hash" (5) and the receiver recomputes it before reliance (14); the
 * spec's digests are all SHA-256 (the contract pin, the root identifier).
 */
export function namesContentHash(body: string): boolean {
  return SHA256_HEX.test(body);
}

/**
 * The targets of `[[target]]`, `[[target|alias]]` and `[[target#heading]]` links, left to right,
 * none overlapping: a target of 1 to 512 characters other than `]`, `|`, `#` and a newline, then
 * `]]`, or `#` or `|` and up to 512 characters other than `]` and a newline, then `]]`.
 *
 * One pass: the regular expression this replaces rescanned up to 1,024 characters from every `[[`,
 * so a 1 MiB body of `[` took over a second, once for each rule that read the links. Here the end
 * of the target (and of the alias) after a `[[` is found once and reused by every later `[[` that
 * starts before it, since those ends only move forward.
 */
export function wikilinks(body: string): string[] {
  const out: string[] = [];
  const n = body.length;
  // The first `]`, `|`, `#` or newline at or after the current target's start (n: none), and the
  // first `]` or newline at or after the current alias's start.
  let targetEnd = -1;
  let aliasEnd = -1;
  let open = body.indexOf("[[");
  while (open !== -1) {
    const start = open + 2;
    if (targetEnd < start) {
      targetEnd = start;
      for (let c = body.charCodeAt(targetEnd); targetEnd < n && c !== CLOSE && c !== PIPE && c !== HASH && c !== NEWLINE; c = body.charCodeAt(++targetEnd));
    }
    let close = -1;
    const length = targetEnd - start;
    if (length >= 1 && length <= MAX_LINK_PART) {
      const stop = body.charCodeAt(targetEnd);
      if (stop === CLOSE) close = targetEnd;
      else if (stop === PIPE || stop === HASH) {
        const alias = targetEnd + 1;
        if (aliasEnd < alias) {
          aliasEnd = alias;
          for (let c = body.charCodeAt(aliasEnd); aliasEnd < n && c !== CLOSE && c !== NEWLINE; c = body.charCodeAt(++aliasEnd));
        }
        if (aliasEnd - alias <= MAX_LINK_PART && body.charCodeAt(aliasEnd) === CLOSE) close = aliasEnd;
      }
    }
    if (close !== -1 && body.charCodeAt(close + 1) === CLOSE) {
      out.push(body.slice(start, targetEnd).trim());
      open = body.indexOf("[[", close + 2);
    } else open = body.indexOf("[[", open + 1);
  }
  return out;
}

/** A wikilink target names the file `name` (with or without `.md`, with or without folders). */
export function linksTo(targets: readonly string[], file: string): boolean {
  const bare = file.replace(/\.md$/, "");
  return targets.some((t) => {
    const leaf = t.slice(t.lastIndexOf("/") + 1).replace(/\.md$/, "");
    return leaf === bare;
  });
}

/**
 * Whether a body claims to follow one or more welcomes: it wikilinks a welcome's file, or one
 * sentence says it follows (or comes after) a welcome. Read from the body's text, which is exactly
 * why the envelope, not the body, decides causality. `links` are the body's wikilinks, when the
 * caller already has them.
 */
export function claimsToFollowWelcomes(body: string, links: readonly string[] = wikilinks(body)): boolean {
  if (links.some((t) => parseFilename(`${t.slice(t.lastIndexOf("/") + 1).replace(/\.md$/, "")}.md`)?.kind === "welcome")) return true;
  return /\b(?:follow(?:s|ing|ed)?|after)\b[^.!?\n]{0,120}\bwelcomes?\b/i.test(body);
}

export interface BodyLine {
  /** The 1-based line in the file. */
  readonly line: number;
  readonly text: string;
  readonly check: LineCheck;
}

/**
 * A body line that holds an RW1 line: `RW<n> <TYPE> ...` alone on it, in inline code, or after
 * `> ` or a list marker. Prose that starts with "RW1" but not a type code is not a line.
 */
const RW1 = /^\s*(?:>\s*)*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(`?)(?=RW\d{1,3} [A-Z]{2}\b)/;

/**
 * The most RW1 lines a message body may hold: a handoff carries a few, and a 1 MiB body of 150,000
 * short refused lines cost a reader a second of CPU and a 75 MB answer (README: "RW1 lines").
 */
export const MAX_BODY_RW1_LINES = 1_000;

/** The RW1 lines of a body (the first `max`), read by the core as a receiver reads them. */
export function rw1Lines(body: string, firstLine: number, vocabulary: VocabularyResolver, max: number = Infinity): BodyLine[] {
  const out: BodyLine[] = [];
  if (!body.includes("RW")) return out;
  // Markdown's line endings (CommonMark): LF, CRLF, and a lone CR, which an editor shows as a line
  // break too; split at LF alone, a body of CR-ended lines held an RW1 line no check read.
  const lines = body.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length && out.length < max; i++) {
    const raw = lines[i] as string;
    if (!raw.includes("RW")) continue;
    const m = RW1.exec(raw);
    if (m === null) continue;
    // Markdown's trailing spaces and tabs are the body's; a trailing no-break space, U+2028 or BOM
    // is the line's, refused as it is on stdin (trimEnd dropped it, so the line read as valid).
    // Found from the end: /[ \t]+$/ is quadratic in a long run of spaces that does not end the line.
    let end = raw.length;
    while (end > m[0].length && (raw.charCodeAt(end - 1) === SPACE || raw.charCodeAt(end - 1) === TAB)) end--;
    let text = raw.slice(m[0].length, end);
    if (m[1] === "`" && text.endsWith("`")) text = text.slice(0, -1);
    out.push({ line: firstLine + i, text, check: readMessage(text, vocabulary) });
  }
  return out;
}
