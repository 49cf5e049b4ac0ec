/**
 * Reading the CLI's input: lines from `--file` or stdin, streamed, with their 1-based numbers.
 * Blank lines and lines starting with `#` are comments and are skipped.
 */
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import { UsageError } from "./usage-error.js";

export interface InputLine {
  readonly n: number;
  readonly text: string;
}

export async function* readLines(file: string | undefined): AsyncGenerator<InputLine> {
  let stream: NodeJS.ReadableStream;
  if (file !== undefined && file !== "-") {
    try {
      await access(file);
    } catch {
      throw new UsageError(`cannot read ${file}: no such file, or not readable`);
    }
    stream = createReadStream(file, { encoding: "utf8" });
  } else {
    if (process.stdin.isTTY) throw new UsageError("no input: pipe lines to stdin, or give --file PATH");
    process.stdin.setEncoding("utf8");
    stream = process.stdin;
  }
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  let n = 0;
  for await (const text of reader) {
    n++;
    if (text.trim() === "" || text.startsWith("#")) continue;
    yield { n, text };
  }
}
