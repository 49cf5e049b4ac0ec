/**
 * One message as a program receives it: a string is an RW1 line, or its JSON form when it starts
 * with `{`; an object is a JSON form. Every adapter (the CLI, the Worker, the playground) reads
 * its input through this, so none decides on its own what a line is.
 */
import { checkLine } from "./check-line.js";
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { checkMessage } from "./check-message.js";
import { _error, finding } from "./finding.js";
import { parseJsonText } from "./json-text.js";

/** True when a line of text holds a JSON form rather than an RW1 line. */
export function isJsonForm(text: string): boolean {
  return text.trimStart().startsWith("{");
}

/**
 * What `parse` makes of one input. An RW1 line is read as checkLine reads it. A JSON form (an
 * object, or text starting with `{`) is already a message: read as a line, its first token is only
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
  const json = parseJsonText(input);
  if (!json.ok) {
    const message = json.problem === "syntax" ? `not JSON: ${json.reason}` : json.reason;
    return { ok: false, message: null, findings: [finding("JSON_SHAPE", message, json.at === undefined ? undefined : { at: json.at })], envelope: { id: null, from: null, to: null, item: null } };
  }
  return checkMessage(json.value, resolve);
}
