// The shipped profiles compiled once for tests; a profile that fails to compile fails every test using it.
import type { Vocabulary } from "../core/index.js";
import { shippedNames, shippedVocabulary } from "../profiles/index.js";

let cache: Record<string, Vocabulary> | null = null;

export function vocabularies(): Record<string, Vocabulary> & { pay: Vocabulary; clin: Vocabulary; pform: Vocabulary } {
  if (cache === null) {
    cache = {};
    for (const name of shippedNames) cache[name] = shippedVocabulary(name) as Vocabulary;
  }
  return cache as Record<string, Vocabulary> & { pay: Vocabulary; clin: Vocabulary; pform: Vocabulary };
}

/** Resolver for checkLine: the shipped profile a line names, else the core. */
export function resolve(p: string | null): Vocabulary | undefined {
  // An own key only: `p=constructor` names no profile, not Object's constructor.
  const all = vocabularies();
  return p === null || !Object.hasOwn(all, p) ? undefined : all[p];
}
