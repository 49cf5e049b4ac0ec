/**
 * A custom profile pasted or loaded from a file, checked by the core's compileVocabulary (the
 * profile schema, valibot's checks with it), and refused when it takes a shipped profile's name
 * (the core's shippedNameTaken, as `rw --profile FILE` and the Worker refuse it). Loaded by the
 * app only when a custom profile is given.
 */
import { compileVocabulary, coreVocabulary, isEmptyDocument, parseJsonText, shippedNameTaken, withoutBom } from "../../core/index.js";
import { SHIPPED } from "./profile-choices.js";
import type { CustomProfile } from "./profile-choices.js";

/**
 * One leading byte order mark is dropped, as the CLI drops it from a profile file. Only blank lines
 * are no profile (isEmptyDocument): a no-break space is read, and is not JSON, as rw --profile says.
 */
export function customProfile(text: string): CustomProfile | null {
  if (isEmptyDocument(text)) return null;
  const json = parseJsonText(withoutBom(text));
  if (!json.ok) return { ok: false, error: json.problem === "syntax" ? `not JSON: ${json.reason}` : json.reason, findings: [] };
  // p=pay means the shipped pay here as to rw and the Worker: a file named pay may not replace it.
  const taken = shippedNameTaken(json.value, (name) => SHIPPED.includes(name));
  if (taken !== undefined) return { ok: false, error: "the profile is refused", findings: [taken] };
  const result = compileVocabulary(coreVocabulary, json.value);
  if (!result.ok) return { ok: false, error: "the profile is refused", findings: result.findings };
  return { ok: true, vocabulary: result.value, findings: result.findings };
}
