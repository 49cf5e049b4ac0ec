// The shipped profiles as data, for bundlers (the Worker, the playground). Node code may read the
// JSON files directly; both are the same bytes.
import { coreVocabulary, extendVocabulary } from "../core/index.js";
import type { ProfileFile, Vocabulary } from "../core/index.js";
import clin from "./clin.json" with { type: "json" };
import pay from "./pay.json" with { type: "json" };
import pform from "./pform.json" with { type: "json" };

/** Shipped profile files by name, as the JSON files hold them (checked by the test suite). */
export const shippedProfiles: Readonly<Record<string, unknown>> = { clin, pay, pform };

export { shippedNames } from "./names.js";

const compiled = new Map<string, Vocabulary>();

/**
 * A shipped profile merged into the core vocabulary, once per process or isolate; undefined when
 * none has that name. Merged with `extendVocabulary`, without `compileVocabulary`'s checks: the
 * files ship with this build, and the test suite holds each to `compileVocabulary` and the two
 * merges to one vocabulary (test/core/profile.test.ts), so a bundle that reads only shipped
 * profiles leaves the profile schema out (the playground loads it when a custom profile is given).
 */
export function shippedVocabulary(name: string): Vocabulary | undefined {
  const cached = compiled.get(name);
  if (cached !== undefined) return cached;
  if (!Object.hasOwn(shippedProfiles, name)) return undefined;
  const vocabulary = extendVocabulary(coreVocabulary, shippedProfiles[name] as ProfileFile);
  compiled.set(name, vocabulary);
  return vocabulary;
}
