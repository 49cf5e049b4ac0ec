// The shipped profiles as data, for bundlers (the Worker, the playground). Node code may read the
// JSON files directly; both are the same bytes.
import { compileVocabulary, coreVocabulary } from "../core/index.js";
import type { Vocabulary } from "../core/index.js";
import clin from "./clin.json" with { type: "json" };
import pay from "./pay.json" with { type: "json" };
import pform from "./pform.json" with { type: "json" };

/** Shipped profile files by name, unvalidated: pass one to `compileVocabulary`. */
export const shippedProfiles: Readonly<Record<string, unknown>> = { clin, pay, pform };

/** The shipped profiles' names, sorted. */
export const shippedNames: readonly string[] = Object.keys(shippedProfiles).sort();

const compiled = new Map<string, Vocabulary>();

/**
 * A shipped profile compiled by the core, once per process or isolate; undefined when none has
 * that name. A shipped profile the core refuses is a defect of this build, not of any input, so it
 * throws (the tests compile every one).
 */
export function shippedVocabulary(name: string): Vocabulary | undefined {
  const cached = compiled.get(name);
  if (cached !== undefined) return cached;
  if (!Object.hasOwn(shippedProfiles, name)) return undefined;
  const result = compileVocabulary(coreVocabulary, shippedProfiles[name]);
  if (!result.ok) throw new Error(`shipped profile ${name} is refused: ${result.findings.map((f) => f.message).join("; ")}`);
  compiled.set(name, result.value);
  return result.value;
}
