/**
 * The profiles the playground reads with: the shipped ones (profiles/index.ts, compiled by the core
 * on first use) and a custom profile pasted or loaded from a file (checked by compileVocabulary).
 */
import { compileVocabulary, coreVocabulary, parseJsonText, profileResolver, withoutBom } from "../../core/index.js";
import type { Finding, Vocabulary, VocabularyResolver } from "../../core/index.js";
import { shippedNames, shippedVocabulary } from "../../profiles/index.js";

export const SHIPPED: readonly string[] = shippedNames;

/** A custom profile as text: its vocabulary, or what is wrong with it. */
export type CustomProfile =
  | { readonly ok: true; readonly vocabulary: Vocabulary; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly error: string; readonly findings: readonly Finding[] };

/** One leading byte order mark is dropped, as the CLI drops it from a profile file. */
export function customProfile(text: string): CustomProfile | null {
  if (text.trim() === "") return null;
  const json = parseJsonText(withoutBom(text));
  if (!json.ok) return { ok: false, error: json.problem === "syntax" ? `not JSON: ${json.reason}` : json.reason, findings: [] };
  const result = compileVocabulary(coreVocabulary, json.value);
  if (!result.ok) return { ok: false, error: "the profile is refused", findings: result.findings };
  return { ok: true, vocabulary: result.value, findings: result.findings };
}

/**
 * The resolver for a chosen vocabulary (null: the core alone): lines without `p=` read with it,
 * lines naming a shipped profile with that one, as the CLI and the Worker read.
 */
export function resolverFor(chosen: Vocabulary | null): VocabularyResolver {
  return profileResolver(chosen, shippedVocabulary);
}
