/**
 * Profiles for the Worker, as the CLI has them (cli/profiles.ts): the one a request names with
 * `profile` (a shipped name, or an inline profile file as a JSON object), and any shipped profile
 * a line names with `p=`. Shipped profiles are checked and compiled once per isolate, by the core
 * (profiles/index.ts compiles them).
 */
import { checkProfile, compileVocabulary, coreVocabulary, profileResolver, shippedNameTaken } from "../core/index.js";
import type { Finding, Message, ProfileFile, Vocabulary, VocabularyResolver } from "../core/index.js";
import { shippedNames, shippedProfiles, shippedVocabulary } from "../profiles/index.js";
import { ProblemError } from "./problem.js";
import { shown } from "./shown.js";

const checkedFiles = new Map<string, ProfileFile>();

/** A shipped profile's file as the core checked it, or undefined when none has that name. */
export function shippedFile(name: string): ProfileFile | undefined {
  const cached = checkedFiles.get(name);
  if (cached !== undefined) return cached;
  if (!Object.hasOwn(shippedProfiles, name)) return undefined;
  const checked = checkProfile(coreVocabulary, shippedProfiles[name]);
  // A shipped profile the core refuses is a defect of this build, not of the request: a 500.
  if (!checked.ok) throw new Error(`shipped profile ${name} is refused: ${checked.findings.map((f) => f.message).join("; ")}`);
  checkedFiles.set(name, checked.value);
  return checked.value;
}

/**
 * PROFILE_SHIPPED_NAME when an inline profile file takes the name of a profile this build ships
 * (the core's rule, as `rw --profile FILE` applies it): `p=pay` means the shipped pay, on a
 * request as on a thread.
 */
export function inlineTakesShippedName(file: unknown): Finding | undefined {
  return shippedNameTaken(file, (name) => Object.hasOwn(shippedProfiles, name));
}

/**
 * The vocabulary a request's `profile` names: undefined for none, a shipped profile by name (404
 * when there is none), or an inline profile file (422 with the core's findings when refused).
 */
export function chosenProfile(value: unknown): Vocabulary | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    const found = shippedVocabulary(value);
    if (found === undefined) throw new ProblemError("unknown-profile", `no shipped profile is named ${JSON.stringify(shown(value))} (shipped: ${shippedNames.join(", ")})`, { parameter: "profile", profile: value });
    return found;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ProblemError("invalid-request", "profile: a shipped profile's name, or a profile file as a JSON object", { parameter: "profile" });
  }
  const taken = inlineTakesShippedName(value);
  if (taken !== undefined) throw new ProblemError("invalid-profile", `the inline profile is refused: ${taken.message}`, { parameter: "profile", findings: [taken] });
  const result = compileVocabulary(coreVocabulary, value);
  if (!result.ok) throw new ProblemError("invalid-profile", `the inline profile is refused: ${result.findings.map((f) => f.message).join("; ")}`, { parameter: "profile", findings: result.findings });
  return result.value;
}

export interface Profiles {
  /** The profile the request named, or null. */
  readonly chosen: Vocabulary | null;
  /** The vocabulary for a line or message naming `p` (null: none). */
  readonly resolve: VocabularyResolver;
  /** The vocabulary a message is read against: its `p=` profile's, or the chosen one. */
  vocabularyOf(message: Message): Vocabulary;
}

/**
 * As the CLI resolves: a line without `p=` is read against the chosen profile (or the core); a
 * line naming a profile is read against that profile (the inline one when its name matches, else a
 * shipped one); a line naming a profile there is none of is read against what there is, and the
 * core refuses it for that.
 */
export function profiles(chosen: Vocabulary | undefined): Profiles {
  const picked = chosen ?? null;
  const resolve = profileResolver(picked, shippedVocabulary);
  return {
    chosen: picked,
    resolve,
    vocabularyOf(message) {
      const p = message.slots["p"];
      return resolve(typeof p === "string" ? p : null) as Vocabulary;
    },
  };
}
