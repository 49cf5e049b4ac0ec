/**
 * One message as a program receives it: a string is an RW1 line, or its JSON form when it starts
 * with `{`; an object is a JSON form. Every adapter (the CLI, the Worker, the playground) reads
 * its input through this, so none decides on its own what a line is.
 */
import { checkLine } from "./check-line.js";
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { checkMessage } from "./check-message.js";
import { finding } from "./finding.js";
import { parseJsonText } from "./json-text.js";

/** True when a line of text holds a JSON form rather than an RW1 line. */
export function isJsonForm(text: string): boolean {
  return text.trimStart().startsWith("{");
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
