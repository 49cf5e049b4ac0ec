/**
 * Reading a line as a receiver does: parse, validate, and place every finding on the line.
 * The one-call entry point for adapters (CLI, Worker, playground).
 */
import { _FIELDS_NOT_SLOTS, _namesKey } from "./_field-names.js";
import { coreVocabulary } from "./core-vocabulary.js";
import type { Finding } from "./finding.js";
import { hasError } from "./finding.js";
import type { Message } from "./message.js";
import { parseLine, slotPositions } from "./parse-line.js";
import type { Envelope } from "./parse-line.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";

export interface LineCheck {
  /** True when the line parses and no finding is an error (notes allowed). */
  readonly ok: boolean;
  /** The JSON form when the line parses, even if validation then refuses it. */
  readonly message: Message | null;
  /** Parse and validation findings, each with `at` where the line shows where. */
  readonly findings: readonly Finding[];
  /** Who a refusal goes to: from the message, or recovered from a line that did not parse. */
  readonly envelope: Envelope;
}

/**
 * Chooses the vocabulary for a line from the profile its `p=` names (`null` when it has none).
 * Returning `undefined` means the core.
 */
export type VocabularyResolver = (profile: string | null) => Vocabulary | undefined;

const P_TOKEN = / p=([^\s]+)/;

/** The profile a line names with `p=`, read without parsing the whole line (for choosing a vocabulary). */
export function profileOf(text: string): string | null {
  const separator = text.indexOf(" // ");
  const m = P_TOKEN.exec(separator >= 0 ? text.slice(0, separator) : text);
  return m === null ? null : (m[1] as string);
}

function place(findings: readonly Finding[], text: string): Finding[] {
  let at: Record<string, number> | null = null;
  return findings.map((f) => {
    if (f.at !== undefined || f.slot === undefined) return f;
    at ??= slotPositions(text);
    // An unknown key named like a part (`v=1`) is placed on its token, not on the part: on a line
    // that parsed, tokens are one space apart, none of the first three holds `=`, and the first
    // ` v=` is the key's (the tail comes after it).
    const position = _namesKey(f.code) && _FIELDS_NOT_SLOTS.has(f.slot) ? text.indexOf(` ${f.slot}=`) + 1 : at[f.slot];
    return position === undefined ? f : { ...f, at: position };
  });
}

/**
 * Parses and validates one line. `vocabulary` is a compiled vocabulary or a resolver from the
 * line's `p=` to one (the core is used when the resolver has none).
 */
export function checkLine(text: string, vocabulary: Vocabulary | VocabularyResolver = coreVocabulary): LineCheck {
  let chosen: Vocabulary;
  if (typeof vocabulary === "function") chosen = vocabulary(profileOf(text)) ?? coreVocabulary;
  else chosen = vocabulary;
  const parsed = parseLine(text, chosen);
  if (!parsed.ok) return { ok: false, message: null, findings: parsed.findings, envelope: parsed.envelope };
  const message = parsed.value;
  const findings = validate(message, chosen);
  const envelope = { id: message.id, from: message.from, to: message.to, item: message.item };
  if (findings.length === 0) return { ok: true, message, findings, envelope };
  return { ok: !hasError(findings), message, findings: place(findings, text), envelope };
}
