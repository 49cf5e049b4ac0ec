/**
 * The framing cases (framing.jsonl): a text of lines as a file, stdin, a text body or the
 * playground's text area holds it, and what each line that carries a message reads as. The CLI
 * (cli/input.ts, a byte stream), the Worker (worker/input.ts, a text body) and the playground
 * (playground/src/check/lines.ts, the text area) split lines each their own way; these cases hold
 * them to one answer: which lines are read (line ends LF, CRLF and CR; blank and `#` lines
 * skipped; one leading byte order mark dropped), under which numbers, and what each reads as.
 */
import type { Finding } from "../../core/index.js";

export interface FramingCase {
  readonly id: string;
  readonly about: string;
  readonly text: string;
  /** Each line read: its number in the text, whether it is valid, and its findings as `CODE@at`. */
  readonly lines: readonly (readonly [number, boolean, readonly string[]])[];
}

export const parseFraming = (jsonl: string): FramingCase[] =>
  jsonl
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as FramingCase);

/** A line's reading as the cases write it. */
export const framed = (n: number, ok: boolean, findings: readonly Finding[]): [number, boolean, string[]] => [n, ok, findings.map((f) => `${f.code}${f.at === undefined ? "" : `@${f.at}`}`)];
