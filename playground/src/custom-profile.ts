/**
 * A custom profile pasted or loaded from a file, checked by the core's compileVocabulary (the
 * profile schema, valibot's checks with it). Loaded by the app only when a custom profile is given.
 */
import { compileVocabulary, coreVocabulary, isEmptyDocument, parseJsonText, withoutBom } from "../../core/index.js";
import type { CustomProfile } from "./profiles.js";

/**
 * One leading byte order mark is dropped, as the CLI drops it from a profile file. Only blank lines
 * are no profile (isEmptyDocument): a no-break space is read, and is not JSON, as rw --profile says.
 */
export function customProfile(text: string): CustomProfile | null {
  if (isEmptyDocument(text)) return null;
  const json = parseJsonText(withoutBom(text));
  if (!json.ok) return { ok: false, error: json.problem === "syntax" ? `not JSON: ${json.reason}` : json.reason, findings: [] };
  const result = compileVocabulary(coreVocabulary, json.value);
  if (!result.ok) return { ok: false, error: "the profile is refused", findings: result.findings };
  return { ok: true, vocabulary: result.value, findings: result.findings };
}
