/**
 * Reading a message given in its JSON form as a receiver does: shape first, then the vocabulary.
 * The JSON counterpart of checkLine, held to the same rules.
 */
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { coreVocabulary } from "./core-vocabulary.js";
import { hasError } from "./finding.js";
import { messageFromJson } from "./json-form.js";
import { _versionFinding, validate } from "./validate.js";
import { VERSION } from "./vocabulary.js";
import type { Vocabulary } from "./vocabulary-model.js";

export function checkMessage(input: unknown, vocabulary: Vocabulary | VocabularyResolver = coreVocabulary): LineCheck {
  const shaped = messageFromJson(input);
  if (!shaped.ok) {
    const o = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
    const text = (k: string): string | null => (typeof o[k] === "string" ? (o[k] as string) : null);
    const envelope = { id: text("id"), from: text("from"), to: text("to"), item: text("item") };
    // As for a line (note 7): another version's form is not read against this one's shape, so its
    // version is the only finding, and the receiver answers why=VER.
    const v = text("v");
    const findings = v !== null && v !== VERSION ? [_versionFinding(v, null)] : shaped.findings;
    return { ok: false, message: null, findings, envelope };
  }
  const message = shaped.value;
  const p = message.slots["p"];
  const chosen =
    typeof vocabulary === "function" ? (vocabulary(typeof p === "string" ? p : null) ?? coreVocabulary) : vocabulary;
  const findings = validate(message, chosen);
  return { ok: !hasError(findings), message, findings, envelope: { id: message.id, from: message.from, to: message.to, item: message.item } };
}
