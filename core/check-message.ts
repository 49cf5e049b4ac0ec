/**
 * Reading a message given in its JSON form as a receiver does: shape first, then the vocabulary.
 * The JSON counterpart of checkLine, held to the same rules.
 */
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { coreVocabulary } from "./core-vocabulary.js";
import { hasError } from "./finding.js";
import { messageFromJson } from "./json-form.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";

export function checkMessage(input: unknown, vocabulary: Vocabulary | VocabularyResolver = coreVocabulary): LineCheck {
  const shaped = messageFromJson(input);
  if (!shaped.ok) {
    const o = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
    const text = (k: string): string | null => (typeof o[k] === "string" ? (o[k] as string) : null);
    return { ok: false, message: null, findings: shaped.findings, envelope: { id: text("id"), from: text("from"), to: text("to"), item: text("item") } };
  }
  const message = shaped.value;
  const p = message.slots["p"];
  const chosen =
    typeof vocabulary === "function" ? (vocabulary(typeof p === "string" ? p : null) ?? coreVocabulary) : vocabulary;
  const findings = validate(message, chosen);
  return { ok: !hasError(findings), message, findings, envelope: { id: message.id, from: message.from, to: message.to, item: message.item } };
}
