/**
 * Which vocabulary reads a message (section 7): a message without `p=` is read against the
 * profile the reader chose (or the core alone); a message naming a profile is read against that
 * profile, the chosen one when the names match, else one the reader can find by name. A message
 * naming a profile the reader does not have is read against what it does have, which refuses it
 * for that (PROFILE_UNKNOWN), never guessing at the missing vocabulary.
 */
import type { VocabularyResolver } from "./check-line.js";
import { coreVocabulary } from "./core-vocabulary.js";
import type { Vocabulary } from "./vocabulary-model.js";

/** A profile name as `p=` and the shipped files spell it. */
const PROFILE_NAME = /^[a-z][a-z0-9_-]*$/;

/** The resolver for a reader that chose `chosen` and can find other profiles by name with `find`. */
export function profileResolver(chosen: Vocabulary | null, find: (name: string) => Vocabulary | undefined): VocabularyResolver {
  return (p) => {
    if (p === null) return chosen ?? coreVocabulary;
    if (chosen !== null && chosen.name === p) return chosen;
    return (PROFILE_NAME.test(p) ? find(p) : undefined) ?? chosen ?? coreVocabulary;
  };
}
