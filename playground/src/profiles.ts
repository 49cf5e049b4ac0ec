/**
 * The profiles the playground reads with: the shipped ones (profiles/index.ts, merged on first
 * use) and a custom one (custom-profile.ts). The app loads this module, and with it the shipped
 * profiles' files, once a line names a profile, a shipped one is chosen, a line holds a JSON form,
 * the readback lab opens or a line of the mailbox tab's message names one: input read with the core
 * alone needs none of it.
 */
import { profileResolver } from "../../core/index.js";
import type { Vocabulary, VocabularyResolver } from "../../core/index.js";
import { shippedVocabulary } from "../../profiles/index.js";

export { shippedVocabulary };

/**
 * The resolver for a chosen vocabulary (null: the core alone): lines without `p=` read with it,
 * lines naming a shipped profile with that one, as the CLI and the Worker read.
 */
export function resolverFor(chosen: Vocabulary | null): VocabularyResolver {
  return profileResolver(chosen, shippedVocabulary);
}
