/**
 * A conversation as the playground reads it: the text split at LF, CRLF or CR, as the CLI and the
 * Worker split theirs; blank lines and lines starting with `#` are skipped (the core's
 * isSkippedLine, as there) but keep their numbers.
 *
 * Each line that is read also gets a key, which it keeps while the text around it changes: an edit
 * gives new keys only to the lines it touched (reusing theirs, in order, where it can), and the
 * lines after it keep theirs however they are renumbered. The thread audit is run with keys for
 * line numbers, so renumbering lines does not make it run again (relabel.ts maps keys back).
 */
import { isJsonForm, isSkippedLine, profileOf } from "../../../core/index.js";

export interface SourceLine {
  /** 1-based line number in the text (blank and comment lines counted). */
  readonly n: number;
  readonly text: string;
  readonly key: number;
}

export interface Source {
  /** The lines that are read, in order. */
  readonly lines: readonly SourceLine[];
  /** How many lines the text has, blank and comment lines included. */
  readonly total: number;
  /** Where each line of the text starts (null when the text holds CR: then every edit splits anew). */
  readonly starts: Int32Array | null;
  /** For each line of the text, its index in `lines`, or -1 when skipped. */
  readonly indexOf: Int32Array;
}

/** What an edit changed: `lines[from, to)` replaced what was `previous.lines[from, oldTo)`. */
export interface Edited {
  readonly source: Source;
  readonly from: number;
  readonly to: number;
  readonly oldTo: number;
}

/** Splits the whole text; every line read gets a new key. */
export function splitAll(text: string, newKey: () => number): Source {
  const lines: SourceLine[] = [];
  // A plain LF split is much faster, and the usual case.
  const lf = !text.includes("\r");
  const raw = lf ? text.split("\n") : text.split(/\r\n|\n|\r/);
  const starts = lf ? new Int32Array(raw.length) : null;
  const indexOf = new Int32Array(raw.length);
  let at = 0;
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i] as string;
    if (starts !== null) {
      starts[i] = at;
      at += line.length + 1;
    }
    if (isSkippedLine(line)) {
      indexOf[i] = -1;
      continue;
    }
    indexOf[i] = lines.length;
    lines.push({ n: i + 1, text: line, key: newKey() });
  }
  return { lines, total: raw.length, starts, indexOf };
}

/** Characters compared at once (as substrings, natively) before single characters. */
const CHUNK = 512;

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.substring(i, i + CHUNK) === b.substring(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(a: string, b: string, max: number): number {
  const n = Math.min(a.length, b.length, max);
  let i = 0;
  while (i + CHUNK <= n && a.substring(a.length - i - CHUNK, a.length - i) === b.substring(b.length - i - CHUNK, b.length - i)) i += CHUNK;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** The line holding character `at`: the last start at or before it. */
function lineAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * `next` as an edit of `previous` (whose split is `source`): the lines from the first changed one to
 * the last are split again, the others kept. Null when either text holds CR.
 */
export function editSource(source: Source, previous: string, next: string, newKey: () => number): Edited | null {
  const starts = source.starts;
  if (starts === null || next.includes("\r")) return null;
  const p = commonPrefix(previous, next);
  const s = commonSuffix(previous, next, Math.min(previous.length, next.length) - p);
  const delta = next.length - previous.length;
  // Lines a..b of the old text change; the new text has those replaced by the region's lines.
  const a = lineAt(starts, p);
  const b = lineAt(starts, previous.length - s);
  const start = starts[a] as number;
  const end = b + 1 < starts.length ? (starts[b + 1] as number) - 1 : previous.length;
  const region = next.slice(start, end + delta).split("\n");
  const shift = region.length - (b - a + 1);
  const total = source.total + shift;

  const nextStarts = new Int32Array(total);
  nextStarts.set(starts.subarray(0, a));
  let at = start;
  for (let i = 0; i < region.length; i++) {
    nextStarts[a + i] = at;
    at += (region[i] as string).length + 1;
  }
  for (let i = b + 1; i < starts.length; i++) nextStarts[i + shift] = (starts[i] as number) + delta;

  // The old lines read before, inside and after the region.
  let from = 0;
  while (from < source.lines.length && (source.lines[from] as SourceLine).n <= a) from++;
  let oldTo = from;
  while (oldTo < source.lines.length && (source.lines[oldTo] as SourceLine).n <= b + 1) oldTo++;
  const reuse = source.lines.slice(from, oldTo).map((l) => l.key);
  const lines: SourceLine[] = source.lines.slice(0, from);
  const indexOf = new Int32Array(total);
  indexOf.set(source.indexOf.subarray(0, a));
  region.forEach((text, i) => {
    if (isSkippedLine(text)) {
      indexOf[a + i] = -1;
      return;
    }
    indexOf[a + i] = lines.length;
    lines.push({ n: a + i + 1, text, key: reuse.shift() ?? newKey() });
  });
  const to = lines.length;
  for (let k = oldTo; k < source.lines.length; k++) {
    const l = source.lines[k] as SourceLine;
    lines.push(shift === 0 ? l : { n: l.n + shift, text: l.text, key: l.key });
  }
  for (let i = b + 1; i < source.total; i++) {
    const k = source.indexOf[i] as number;
    indexOf[i + shift] = k < 0 ? -1 : k - oldTo + to;
  }
  return { source: { lines, total, starts: nextStarts, indexOf }, from, to, oldTo };
}

/** A line break, as splitAll splits at (CR, LF or both). */
const isBreak = (c: string | undefined): boolean => c === "\n" || c === "\r";

/**
 * True when some line of `text` holds a JSON form (the core's isJsonForm: nothing but white space,
 * as trimStart drops it, before a `{` or a `[`), found without splitting: each `{` and `[` and the
 * white space before it, back to a line break or the start. Such a line is never skipped, so the
 * checker then needs the reader of JSON forms. Each character is looked at a bounded number of times.
 */
export function holdsJsonForm(text: string): boolean {
  return opensJsonForm(text, "{") || opensJsonForm(text, "[");
}

/**
 * True when an RW1 line of `text` names a profile where the core's checkLine reads one (profileOf:
 * a ` p=` before the line's tail): a ` p=` in a tail, `// set p=0`, names none, nor does one in a
 * JSON form's value (whether a form names one is the core's profileNamed, forms-naming-profile.ts).
 */
export function namesProfile(text: string): boolean {
  for (let i = text.indexOf(" p="); i >= 0; ) {
    let start = i;
    while (start > 0 && !isBreak(text[start - 1])) start--;
    let end = i;
    while (end < text.length && !isBreak(text[end])) end++;
    const line = text.slice(start, end);
    if (!isJsonForm(line) && profileOf(line) !== null) return true;
    i = text.indexOf(" p=", end);
  }
  return false;
}

/** True when some `open` in `text` has nothing but white space before it on its line. */
function opensJsonForm(text: string, open: string): boolean {
  for (let i = text.indexOf(open); i >= 0; i = text.indexOf(open, i + 1)) {
    let j = i;
    while (j > 0 && !isBreak(text[j - 1]) && (text[j - 1] as string).trim() === "") j--;
    if (j === 0 || isBreak(text[j - 1])) return true;
  }
  return false;
}
