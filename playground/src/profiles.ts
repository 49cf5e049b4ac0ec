/**
 * The profiles the playground reads with: the shipped ones (compiled by the core on first use) and
 * a custom profile pasted or loaded from a file (checked by the core's compileVocabulary).
 */
import { compileVocabulary, coreVocabulary, profileResolver } from "../../core/index.js";
import type { Finding, Vocabulary, VocabularyResolver } from "../../core/index.js";
import { shippedProfiles } from "../../profiles/index.js";

export const SHIPPED: readonly string[] = Object.keys(shippedProfiles).sort();

const compiled = new Map<string, Vocabulary>();

/** A shipped profile compiled with the core, or undefined when none has that name. */
export function shippedVocabulary(name: string): Vocabulary | undefined {
  const cached = compiled.get(name);
  if (cached !== undefined) return cached;
  if (!Object.hasOwn(shippedProfiles, name)) return undefined;
  const result = compileVocabulary(coreVocabulary, shippedProfiles[name]);
  if (!result.ok) return undefined;
  compiled.set(name, result.value);
  return result.value;
}

/** A custom profile as text: its vocabulary, or what is wrong with it. */
export type CustomProfile =
  | { readonly ok: true; readonly vocabulary: Vocabulary; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly error: string; readonly findings: readonly Finding[] };

export function customProfile(text: string): CustomProfile | null {
  if (text.trim() === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}`, findings: [] };
  }
  const result = compileVocabulary(coreVocabulary, json);
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
