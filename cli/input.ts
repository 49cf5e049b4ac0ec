/**
 * Reading the CLI's input: lines from `--file` or stdin, streamed, with their 1-based numbers, and
 * the text of option files. Lines end at LF, CRLF or CR; one leading UTF-8 byte order mark is
 * dropped; blank lines (only spaces and tabs) and lines starting with `#` are skipped (the core's
 * isSkippedLine; a comment line is skipped before it is decoded, so its bytes need not be UTF-8).
 * Bytes that are not UTF-8 are never replaced or guessed at: the line is refused with an
 * `ENCODING` finding. A line
 * longer than MAX_LINE_BYTES is refused (`LINE_TOO_LONG`) and its bytes are not kept, so input
 * that never breaks a line (`--file /dev/zero`) cannot take all the machine's memory.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import { isatty } from "node:tty";
import { finding, isSkippedLine, withoutBom } from "../core/index.js";
import type { LineCheck } from "../core/index.js";
import { replacedName } from "./replaced-name.js";
import { UsageError } from "./usage-error.js";

export interface InputLine {
  readonly n: number;
  /** The decoded line ("" when it is not UTF-8). */
  readonly text: string;
  /** Set when the line cannot be read at all (not UTF-8): the refusal to report for it. */
  readonly refused: LineCheck | null;
}

const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The longest line read, in bytes: far beyond any message (the Worker takes 8 KiB), and well below
 * the longest string a JavaScript engine makes (about 512 MiB), past which decoding would fail.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Why a path cannot be read, in a few words, from a Node system error. */
export function readProblem(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  switch (e.code) {
    case "ENOENT": {
      const replaced = typeof e.path === "string" ? replacedName(e.path) : null;
      return replaced === null ? "no such file" : `no such file (${replaced})`;
    }
    case "EISDIR":
      return "it is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "too many symbolic links";
    case "ENAMETOOLONG":
      return "the name is too long";
    case "EBADF":
      return "it is not open for reading";
    case "EIO":
      return "an input/output error";
    case "EEXIST":
      // mkdir -p reports a file standing where a folder of the path must be as EEXIST.
      return e.syscall === "mkdir" ? "a file is there where a folder is needed" : "it already exists";
    default:
      return e.code ?? (e instanceof Error ? e.message : String(e));
  }
}

/** UTF-8 text, or null when the bytes are not UTF-8. */
function decode(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The refusal of a message whose bytes are not UTF-8: `what` names it (`line 3`, `--ho FILE`). */
export function undecodable(what: string): LineCheck {
  return {
    ok: false,
    message: null,
    findings: [finding("ENCODING", `${what} is not valid UTF-8: the bytes were not read as text, nothing was replaced or guessed`)],
    envelope: { id: null, from: null, to: null, item: null },
  };
}

/** The refusal of a line longer than MAX_LINE_BYTES, whose bytes were dropped unread. */
function overlong(n: number): LineCheck {
  return {
    ok: false,
    message: null,
    findings: [finding("LINE_TOO_LONG", `line ${n} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB: it was not read, up to its line break`)],
    envelope: { id: null, from: null, to: null, item: null },
  };
}

/**
 * The whole text of a file an option names (`--ho`, `--record`, a profile, a JSON document), or a
 * usage error naming the path and why it cannot be read. One leading BOM is dropped; bytes that
 * are not UTF-8 are a usage error too, never replaced.
 */
export function readTextFile(label: string, path: string): string {
  const text = readFileText(label, path);
  if (text === null) throw new UsageError(`${label}: ${path} is not valid UTF-8`);
  return text;
}

/**
 * The most bytes read from a file an option names (a message, a record, a profile, a JSON
 * document), as for a line of `--file`: far beyond any of them, and a file that never ends
 * (`--ho /dev/zero`) is refused once it is passed instead of read until memory runs out.
 */
export const MAX_FILE_BYTES = MAX_LINE_BYTES;

/** The usage error for input past MAX_FILE_BYTES, a file an option names or stdin: `lead` names the option, if any. */
const tooLarge = (lead: string, source: string): UsageError => new UsageError(`${lead}cannot read ${source}: it holds more than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);

/**
 * The text of a file holding input (a JSON document), one leading BOM dropped; null when its
 * bytes are not UTF-8 (invalid input, for the caller to report); a usage error naming the path
 * and why when it cannot be read or holds more than MAX_FILE_BYTES.
 */
export function readFileText(label: string, path: string): string | null {
  const bytes = readBytesAtMost(label, path, MAX_FILE_BYTES);
  if (bytes === null) throw tooLarge(`${label}: `, path === "-" ? "stdin" : path);
  const text = decode(bytes);
  return text === null ? null : withoutBom(text);
}

/**
 * Stdin, whole (a JSON document `what` names), read as a file an option names is: never more than
 * MAX_FILE_BYTES, and once it holds more, a usage error and the rest not read, so `< /dev/zero`
 * is refused instead of read until memory runs out. `label` names the option that chose stdin
 * (`--file -`), if one did.
 */
export async function readStdinAtMost(what: string, label?: string): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const bytes of stdinChunks(what, label)) {
    size += bytes.length;
    // Leaving the loop destroys the stream: nothing more is read.
    if (size > MAX_FILE_BYTES) throw tooLarge(label === undefined ? "" : `${label}: `, "stdin");
    parts.push(bytes);
  }
  return Buffer.concat(parts, size);
}

/**
 * Reads from `fd` into `buffer` until the file ends or the buffer is full; the bytes read. A file
 * that never ends (`/dev/zero`) fills the buffer and stops there.
 */
export function readAtMost(fd: number, buffer: Uint8Array): number {
  let length = 0;
  for (let n = -1; n !== 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
  return length;
}

/**
 * The bytes of a file an option names (`-`: stdin), never more than `maxBytes`: `null` when it
 * holds more. A usage error naming `label`, the path and why when it cannot be read.
 */
function readBytesAtMost(label: string, path: string, maxBytes: number): Uint8Array | null {
  // `-` on a terminal would wait, saying nothing, for text typed up to an end of file: refused, as
  // stdin is wherever rw reads it and nothing was piped (stdinChunks). Asked of descriptor 0, never
  // of process.stdin: creating that stream makes a pipe non-blocking, and readSync then fails, EAGAIN.
  if (path === "-" && isatty(0)) throw new UsageError(`${label}: no input: stdin is a terminal; pipe the text to it, or give ${label} PATH`);
  // Never written past what is read, so only the pages a file fills are ever touched.
  const buffer = Buffer.allocUnsafe(maxBytes + 1);
  let fd: number | null = null;
  try {
    fd = path === "-" ? 0 : openSync(path, "r");
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    const length = readAtMost(fd, buffer);
    return length > maxBytes ? null : buffer.subarray(0, length);
  } catch (error) {
    throw new UsageError(`${label}: cannot read ${path === "-" ? "stdin" : path}: ${readProblem(error)}`);
  } finally {
    if (fd !== null && fd !== 0) closeSync(fd);
  }
}

/**
 * The text of a file an option names (`-`: stdin), as readTextFile reads it, but never more than
 * `maxBytes` bytes (plus a byte order mark): `null` when it holds more. A file that never ends
 * (`/dev/zero`) is then refused at once instead of read until memory runs out.
 */
export function readTextFileAtMost(label: string, path: string, maxBytes: number): string | null {
  const bytes = readBytesAtMost(label, path, maxBytes + 3);
  if (bytes === null) return null;
  const text = decode(bytes);
  if (text === null) throw new UsageError(`${label}: ${path === "-" ? "stdin" : path} is not valid UTF-8`);
  const bare = withoutBom(text);
  return new TextEncoder().encode(bare).length > maxBytes ? null : bare;
}

/**
 * Stdin's bytes as the input, or a usage error when it cannot be: a terminal (nothing was piped),
 * a directory (`rw validate < dir`), which Node's stream reads as empty input, so the run would
 * pass, or a read that fails (`0> file`, open only for writing: EBADF; EIO), named as a --file
 * that cannot be read is, not an internal error. `label` names the option that chose stdin.
 */
async function* stdinChunks(what: string, label?: string): AsyncGenerator<Buffer> {
  if (process.stdin.isTTY) throw new UsageError(`no input: pipe ${what} to stdin, or give --file PATH`);
  let directory = false;
  try {
    directory = fstatSync(0).isDirectory();
  } catch {
    // no descriptor 0 to ask about: the stream says what there is
  }
  if (directory) throw new UsageError("cannot read stdin: it is a directory");
  try {
    for await (const chunk of process.stdin) yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Buffer);
  } catch (error) {
    throw new UsageError(`${label === undefined ? "" : `${label}: `}cannot read stdin: ${readProblem(error)}`);
  }
}

async function* chunks(file: string | undefined): AsyncGenerator<Uint8Array> {
  if (file !== undefined && file !== "-") {
    let handle;
    try {
      handle = await open(file, "r");
      if ((await handle.stat()).isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    } catch (error) {
      await handle?.close();
      throw new UsageError(`cannot read ${file}: ${readProblem(error)}`);
    }
    try {
      for await (const chunk of handle.createReadStream()) yield chunk as Buffer;
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${readProblem(error)}`);
    } finally {
      await handle.close().catch(() => undefined);
    }
    return;
  }
  yield* stdinChunks("lines", file === "-" ? "--file" : undefined);
}

/** The bytes of a UTF-8 byte order mark, dropped once from the start of the input. */
const BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The lines of a region of bytes holding whole lines (its final line break left off); `text` is
 * null when not UTF-8, `bytes` each line's length, `first` its first character or byte: for the
 * input's first line (`atStart`), the one after a byte order mark, which is no part of the line.
 */
function* linesOf(region: Buffer, atStart: boolean): Generator<{ text: string | null; first: number; bytes: number }> {
  // Fast path: the region decodes as a whole; a failure is then found line by line. A region no
  // longer than the limit holds no line over it, so only a longer one is split by bytes.
  const all = region.length <= MAX_LINE_BYTES ? decode(region) : null;
  if (all !== null) {
    for (const text of all.split(/\r\n|\n|\r/)) yield { text, first: text.charCodeAt(0), bytes: 0 };
    return;
  }
  let start = 0;
  for (;;) {
    const lf = region.indexOf(LF, start);
    const cr = region.indexOf(CR, start);
    const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    const piece = region.subarray(start, end < 0 ? region.length : end);
    // A comment line is skipped undecoded, after the leading BOM too, as the line would be without it.
    const first = atStart && start === 0 && piece.subarray(0, 3).equals(BOM_BYTES) ? (piece[3] ?? -1) : (piece[0] ?? -1);
    yield { text: piece.length > MAX_LINE_BYTES ? null : decode(piece), first, bytes: piece.length };
    if (end < 0) return;
    start = end + 1;
    if (region[end] === CR && region[start] === LF) start++;
  }
}

/** Lines split at LF, CRLF or CR (a CRLF may straddle two chunks), each decoded on its own. */
export async function* readLines(file: string | undefined): AsyncGenerator<InputLine> {
  let n = 0;
  // The bytes of the line not yet ended, kept as the chunks they came in: appending each chunk to
  // one buffer would copy the line so far every time, quadratic in a long line.
  let carry: Buffer[] = [];
  let carried = 0;
  // The line not yet ended is already past the limit: its bytes are dropped up to its line break.
  let dropping = false;
  let afterCR = false;
  function* emit(region: Buffer): Generator<InputLine> {
    for (const { text, first, bytes } of linesOf(region, n === 0)) {
      n++;
      if (bytes > MAX_LINE_BYTES) {
        yield { n, text: "", refused: overlong(n) };
        continue;
      }
      if (first === HASH) continue;
      if (text === null) {
        yield { n, text: "", refused: undecodable(`line ${n}`) };
        continue;
      }
      const line = n === 1 ? withoutBom(text) : text;
      if (isSkippedLine(line)) continue;
      yield { n, text: line, refused: null };
    }
  }
  for await (const c of chunks(file)) {
    let chunk = Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    if (chunk.length === 0) continue;
    if (afterCR) {
      afterCR = false;
      if (chunk[0] === LF) chunk = chunk.subarray(1);
      if (chunk.length === 0) continue;
    }
    if (dropping) {
      const lf = chunk.indexOf(LF);
      const cr = chunk.indexOf(CR);
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) continue;
      dropping = false;
      n++;
      yield { n, text: "", refused: overlong(n) };
      afterCR = chunk[end] === CR && end === chunk.length - 1;
      chunk = chunk.subarray(chunk[end] === CR && chunk[end + 1] === LF ? end + 2 : end + 1);
      if (chunk.length === 0) continue;
    }
    const last = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
    if (last < 0) {
      carry.push(chunk);
      carried += chunk.length;
      if (carried > MAX_LINE_BYTES) {
        carry = [];
        carried = 0;
        dropping = true;
      }
      continue;
    }
    // The region ends before the last line break (both bytes of a CRLF).
    const end = chunk[last] === LF && last > 0 && chunk[last - 1] === CR ? last - 1 : last;
    afterCR = chunk[last] === CR && last === chunk.length - 1;
    const region = carry.length === 0 ? chunk.subarray(0, end) : Buffer.concat([...carry, chunk.subarray(0, end)]);
    carry = last + 1 < chunk.length ? [Buffer.from(chunk.subarray(last + 1))] : [];
    carried = carry[0]?.length ?? 0;
    yield* emit(region);
  }
  if (dropping) {
    n++;
    yield { n, text: "", refused: overlong(n) };
    return;
  }
  const rest = Buffer.concat(carry);
  if (rest.length > 0) yield* emit(rest);
}
