/**
 * JSON text read strictly: what `JSON.parse` reads, refused when an object names a key twice.
 * `JSON.parse` keeps the last of two values silently; which one the writer meant would be a
 * guess, and rule 2 forbids guessing. So is a number that is no integer as written but reads as
 * one (`1.0000000000000001` as 1). Every adapter reads untrusted JSON text through this.
 */
import { _cut } from "./_chars.js";
import { _ROUNDED_NAMED, _roundedNumbers } from "./_rounded-number.js";
import { jsonSyntaxError } from "./json-syntax.js";

export type JsonText =
  | { readonly ok: true; readonly value: unknown }
  /** `at`: the UTF-16 index where a syntax error starts. */
  | { readonly ok: false; readonly problem: "syntax"; readonly reason: string; readonly at?: number }
  /**
   * `key`: the first name given twice; `value`: what JSON.parse reads (the last of each repeated
   * key), from which a reader may still take what no repeated key names (a refusal's address);
   * `repeatedAtTop`: every key the outermost object names more than once, whose value would be a guess.
   */
  | { readonly ok: false; readonly problem: "duplicate-key"; readonly reason: string; readonly key: string; readonly value: unknown; readonly repeatedAtTop: readonly string[] }
  /**
   * A number written as no integer that JSON.parse reads as one: `path` is where the first is
   * (`slots.pri`, empty for the text as a whole), `at` its UTF-16 index; `numbers` each such number
   * in the order written (at most 100), with its own reason; `reason` names them all; `value` what
   * JSON.parse reads.
   */
  | { readonly ok: false; readonly problem: "rounded-number"; readonly reason: string; readonly path: string; readonly at: number; readonly numbers: readonly RoundedNumberAt[]; readonly value: unknown };

/** One number JSON.parse rounds to an integer: where (`path`, `at`), and why it is refused. */
export interface RoundedNumberAt {
  readonly path: string;
  readonly at: number;
  readonly reason: string;
}

/**
 * `integers`: the text's numbers are meant as integers where they are written as none (RW1's JSON
 * forms, an agent's epoch), so one written as no integer that JSON.parse reads as one is refused
 * (`rounded-number`, README note 70). Without it a number is kept as the nearest double, as every
 * JSON reader keeps it: RW-003's documents retain their unknown fields so (core/delegation/README.md).
 */
export interface JsonTextReading {
  readonly integers?: boolean;
}

export function parseJsonText(text: string, reading: JsonTextReading = {}): JsonText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The engine's words differ between Node, Chromium and workerd: ours are the same everywhere.
    const syntax = jsonSyntaxError(text);
    if (syntax === null) return { ok: false, problem: "syntax", reason: error instanceof Error ? error.message : "invalid JSON" };
    return { ok: false, problem: "syntax", reason: `${syntax.reason} (${lineAndColumn(text, syntax.at)})`, at: syntax.at };
  }
  const repeated = repeatedKey(text, false);
  if (repeated === null) {
    const rounded = reading.integers === true ? _roundedNumbers(text) : [];
    const [first] = rounded;
    if (first === undefined) return { ok: true, value };
    // Every one is named, so a writer fixing the text meets them all at once (rule 2, note 7).
    const numbers = rounded.map(({ path, at, literal }) => ({ path, at, reason: `${path === "" ? "" : `${_cut(path)}: `}the number ${_cut(literal)} is no integer, yet JSON.parse reads it as ${Number(literal)}` }));
    const reason = `${numbers.map((n) => n.reason).join("; ")}${rounded.length < _ROUNDED_NAMED ? "" : "; and maybe more"}; which was meant would be a guess`;
    return { ok: false, problem: "rounded-number", reason, path: first.path, at: first.at, numbers: numbers.map((n) => ({ ...n, reason: `${n.reason}; which was meant would be a guess` })), value };
  }
  // Found early in one place, a repeat may be elsewhere too: the outermost object's are all named.
  const atTop = new Set<string>();
  repeatedKey(text, true, atTop);
  return { ok: false, problem: "duplicate-key", reason: `the key ${JSON.stringify(repeated)} appears twice in one object; which value was meant would be a guess`, key: repeated, value, repeatedAtTop: [...atTop] };
}

/**
 * The first key an object of `text` (JSON that parses) names twice, or null. One linear pass.
 * With `whole`, the pass goes to the end and adds to `atTop` each key the outermost object repeats.
 */
function repeatedKey(text: string, whole: boolean, atTop?: Set<string>): string | null {
  const open: (Set<string> | null)[] = []; // one entry per open object (its keys) or array (null)
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let end = i + 1;
      let escaped = false;
      for (; text.charCodeAt(end) !== 34; end++) {
        if (text.charCodeAt(end) === 92) {
          end++;
          escaped = true;
        }
      }
      const keys = open[open.length - 1];
      if (atKey && keys !== undefined && keys !== null) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (keys.has(key)) {
          if (!whole) return key;
          if (open.length === 1) atTop?.add(key);
        }
        keys.add(key);
        atKey = false;
      }
      i = end;
    } else if (c === 123) {
      open.push(new Set());
      atKey = true;
    } else if (c === 91) {
      open.push(null);
      atKey = false;
    } else if (c === 125 || c === 93) {
      open.pop();
      atKey = false;
    } else if (c === 44) {
      atKey = open[open.length - 1] != null;
    }
  }
  return null;
}

/** `line L, column C` of a UTF-16 index, both counted from 1. */
function lineAndColumn(text: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${at - start + 1}`;
}
