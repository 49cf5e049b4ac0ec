/**
 * One message as the Worker receives it: a string is read exactly as the CLI reads an input line
 * (an RW1 line, or a JSON form when it starts with `{`; cli/read-message.ts, shared), an object is
 * a JSON form and goes straight to the core's checkMessage.
 */
import { checkMessage } from "../core/index.js";
import type { LineCheck, VocabularyResolver } from "../core/index.js";
import { isJsonForm, readMessage as readText } from "../cli/read-message.js";

export { isJsonForm };

export function readMessage(value: string | object, resolve: VocabularyResolver): LineCheck {
  return typeof value === "string" ? readText(value, resolve) : checkMessage(value, resolve);
}
