/** One input line as a message: an RW1 line, or (starting with `{`) its JSON form. */
import { checkLine, checkMessage, finding } from "../core/index.js";
import type { LineCheck, VocabularyResolver } from "../core/index.js";

export function isJsonForm(text: string): boolean {
  return text.trimStart().startsWith("{");
}

export function readMessage(text: string, resolve: VocabularyResolver): LineCheck {
  if (!isJsonForm(text)) return checkLine(text, resolve);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    return { ok: false, message: null, findings: [finding("JSON_SHAPE", `not JSON: ${reason}`)], envelope: { id: null, from: null, item: null } };
  }
  return checkMessage(json, resolve);
}
