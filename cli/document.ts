/**
 * Reading one JSON document, whole, from `--file PATH` or stdin: what the `rw delegation`
 * commands take (a record, or the inputs of a check). Not JSON is invalid input (exit 1), told on
 * stderr; no input at all is a usage error.
 */
import { access, readFile } from "node:fs/promises";
import { UsageError } from "./usage-error.js";

export type Document = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

async function text(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== "-") {
    try {
      await access(file);
    } catch {
      throw new UsageError(`cannot read ${file}: no such file, or not readable`);
    }
    return readFile(file, "utf8");
  }
  if (process.stdin.isTTY) throw new UsageError("no input: pipe a JSON document to stdin, or give --file PATH");
  process.stdin.setEncoding("utf8");
  let all = "";
  for await (const chunk of process.stdin) all += chunk as string;
  return all;
}

export async function readDocument(file: string | undefined): Promise<Document> {
  const raw = await text(file);
  if (raw.trim() === "") return { ok: false, problem: "the input is empty: give one JSON document" };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return { ok: false, problem: `the input is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
