/**
 * Reading a message given in its JSON form as a receiver does: shape first, then the vocabulary.
 * The JSON counterpart of checkLine, held to the same rules.
 */
import type { LineCheck, VocabularyResolver } from "./check-line.js";
import { coreVocabulary } from "./core-vocabulary.js";
import { hasError } from "./finding.js";
import type { Finding } from "./finding.js";
import { messageFromJson } from "./json-form.js";
import { _versionFinding, validate } from "./validate.js";
import { VERSION } from "./vocabulary.js";
import type { Vocabulary } from "./vocabulary-model.js";

/**
 * A JSON value refused before its vocabulary is read, addressed from its fields as a line that does
 * not parse is (note 7). `unsure`: keys its text names twice, whose values would be a guess.
 */
export function _refusedForm(input: unknown, findings: readonly Finding[], unsure: readonly string[] = []): LineCheck {
  const o = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const text = (k: string): string | null => (!unsure.includes(k) && typeof o[k] === "string" ? (o[k] as string) : null);
  const envelope = { id: text("id"), from: text("from"), to: text("to"), item: text("item") };
  // As for a line (note 7): another version's form is not read against this one's shape, so its
  // version is the only finding, and the receiver answers why=VER.
  const v = text("v");
  return { ok: false, message: null, findings: v !== null && v !== VERSION ? [_versionFinding(v, null)] : findings, envelope };
}

export function checkMessage(input: unknown, vocabulary: Vocabulary | VocabularyResolver = coreVocabulary): LineCheck {
  const shaped = messageFromJson(input);
  if (!shaped.ok) return _refusedForm(input, shaped.findings);
  const message = shaped.value;
  const p = message.slots["p"];
  const chosen =
    typeof vocabulary === "function" ? (vocabulary(typeof p === "string" ? p : null) ?? coreVocabulary) : vocabulary;
  const findings = validate(message, chosen);
  return { ok: !hasError(findings), message, findings, envelope: { id: message.id, from: message.from, to: message.to, item: message.item } };
}
