/**
 * One message as a program receives it: a string is an RW1 line, or its JSON form when it starts
 * with `{` (or `[`, a list, refused as a JSON form: isJsonForm); an object is a JSON form. Every
 * adapter (the CLI, the Worker, the playground) reads its input through this, so none decides on
 * its own what a line is.
 */
import { _cut } from "./_chars.js";
import { checkLine } from "./check-line.js";
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { _refusedForm, checkMessage } from "./check-message.js";
import { _error, finding } from "./finding.js";
import type { Finding } from "./finding.js";
import { formatLine } from "./format-line.js";
import { isJsonForm } from "./json-form-line.js";
import { parseJsonText } from "./json-text.js";

/**
 * What `parse` makes of one input. An RW1 line is read as checkLine reads it. A JSON form (an
 * object, or text starting with `{` or `[`) is already a message: read as a line, its first token is only
 * no version token, so it gets the one finding every adapter gives (VERSION, as a line reader
 * says, in words that name the form and the readers that take it) rather than each its own.
 */
export function readLine(input: string | object, resolve: VocabularyResolver): LineCheck {
  if (typeof input === "string" && !isJsonForm(input)) return checkLine(input, resolve);
  const at = typeof input === "string" ? input.length - input.trimStart().length : undefined;
  const said = _error("VERSION", "this is a JSON form: parse reads RW1 lines; format writes a JSON form's line, validate checks either", { slot: "v", expected: "RW1", ...(at === undefined ? {} : { at }) });
  return { ok: false, message: null, findings: [said], envelope: { id: null, from: null, to: null, item: null } };
}

export function readMessage(input: string | object, resolve: VocabularyResolver): LineCheck {
  if (typeof input !== "string") return checkMessage(input, resolve);
  if (!isJsonForm(input)) return checkLine(input, resolve);
  const json = parseJsonText(input, { integers: true });
  if (!json.ok) {
    if (json.problem === "syntax") return { ok: false, message: null, findings: [finding("JSON_SHAPE", `not JSON: ${json.reason}`, json.at === undefined ? undefined : { at: json.at })], envelope: { id: null, from: null, to: null, item: null } };
    // A key given twice, or a number rounded to an integer: the text is JSON, so the form is still
    // addressed from its other fields, as any JSON form refused for its shape is, and a line
    // refused for DUPLICATE_KEY (note 7). Each number is named by its path, as a shape finding is.
    if (json.problem === "rounded-number") return _refusedForm(json.value, json.numbers.map((n) => finding("JSON_SHAPE", n.reason, n.path === "" ? undefined : { slot: _cut(n.path) })));
    return _refusedForm(json.value, [finding("JSON_SHAPE", json.reason)], json.repeatedAtTop);
  }
  return checkMessage(json.value, resolve);
}

/** What `format` makes of one input: the line of a valid JSON form, or null, and the findings. */
export interface FormattedInput {
  readonly text: string | null;
  readonly findings: readonly Finding[];
}

/**
 * What `format` makes of one input, the mirror of readLine: a JSON form (an object, or text
 * starting with `{` or `[`) is read as readMessage reads it and, when valid, written as its line. Any
 * other text is no JSON form, and gets the one finding every adapter gives, naming what it looks
 * like: an RW1 line (which parse reads), or text holding no JSON object.
 */
export function formatInput(input: string | object, resolve: VocabularyResolver): FormattedInput {
  if (typeof input === "string" && !isJsonForm(input)) {
    const what = input.trimStart().startsWith("RW") ? "this is an RW1 line: parse reads RW1 lines, validate checks either" : "this holds no JSON object";
    return { text: null, findings: [finding("JSON_SHAPE", `format reads JSON forms, one object per line; ${what}`)] };
  }
  const checked = readMessage(input, resolve);
  if (!checked.ok || checked.message === null) return { text: null, findings: checked.findings };
  const formatted = formatLine(checked.message);
  return { text: formatted.ok ? formatted.value : null, findings: [...checked.findings, ...formatted.findings] };
}
