/**
 * The profiles the playground reads with: the shipped ones (profiles/index.ts, merged on first
 * use) and a custom profile pasted or loaded from a file, checked by compileVocabulary in
 * custom-profile.ts, which loads only when a custom profile is given (it brings the profile
 * schema, which the shipped profiles do not need).
 */
import { profileResolver } from "../../core/index.js";
import type { Finding, Vocabulary, VocabularyResolver } from "../../core/index.js";
import { shippedNames, shippedVocabulary } from "../../profiles/index.js";

export const SHIPPED: readonly string[] = shippedNames;

/**
 * A custom profile as text: its vocabulary, what is wrong with it, or (its checker still loading,
 * or `unloaded`: why its code could not be loaded) nothing yet.
 */
export type CustomProfile =
  | { readonly ok: true; readonly vocabulary: Vocabulary; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly error: string; readonly findings: readonly Finding[] }
  | { readonly ok: null; readonly unloaded?: string };

/** A custom profile whose checker has not loaded yet. */
export const CUSTOM_PROFILE_LOADING: CustomProfile = { ok: null };

/**
 * The resolver for a chosen vocabulary (null: the core alone): lines without `p=` read with it,
 * lines naming a shipped profile with that one, as the CLI and the Worker read.
 */
export function resolverFor(chosen: Vocabulary | null): VocabularyResolver {
  return profileResolver(chosen, shippedVocabulary);
}
