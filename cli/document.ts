/**
 * Reading one JSON document, whole, from `--file PATH` or stdin: what the `rw delegation`
 * commands take (a record, or the inputs of a check). Not JSON (or not UTF-8) is invalid input
 * (exit 1), told on stderr, whether it comes from stdin, --file or a part's option; no input at
 * all (empty, or only blank lines: the core's isEmptyDocument, `empty`, for the command to refuse as a
 * usage error naming what it needs), or a path that cannot be read, is a usage error, as is a file
 * or stdin holding more than MAX_FILE_BYTES. A no-break space or another Unicode space is no blank:
 * JSON refuses it, so such a document is "not JSON", never "empty".
 */
import { isEmptyDocument, parseJsonText, withoutBom } from "../core/index.js";
import { readFileText, readStdinAtMost } from "./input.js";

export type Document = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string; readonly empty: boolean };

/** The document's text; null when stdin's bytes are not UTF-8 (never replaced or guessed). */
async function text(file: string | undefined): Promise<string | null> {
  if (file !== undefined && file !== "-") return readFileText("--file", file);
  const bytes = await readStdinAtMost("a JSON document", file === "-" ? "--file" : undefined);
  try {
    const all = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return withoutBom(all);
  } catch {
    return null;
  }
}

export async function readDocument(file: string | undefined): Promise<Document> {
  return documentOf(await text(file));
}

/** A document's text (null: not UTF-8) read as one JSON document. */
export function documentOf(raw: string | null): Document {
  if (raw === null) return { ok: false, problem: "the input is not valid UTF-8", empty: false };
  if (isEmptyDocument(raw)) return { ok: false, problem: "the input is empty", empty: true };
  const json = parseJsonText(raw);
  if (json.ok) return { ok: true, value: json.value };
  return { ok: false, problem: json.problem === "syntax" ? `the input is not JSON: ${json.reason}` : `the input is refused: ${json.reason}`, empty: false };
}
