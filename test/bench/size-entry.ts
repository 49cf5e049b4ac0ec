// What a browser needs to read lines under one shipped profile: parse, validate, digest, and the
// pay profile merged with extendVocabulary (the profile is checked by the test suite, not at run
// time; size.ts also measures the variant that checks it with compileVocabulary).
import { coreVocabulary, digest, extendVocabulary, parseLine, validate } from "../../core/index.js";
import type { ProfileFile } from "../../core/index.js";
import pay from "../../profiles/pay.json" with { type: "json" };

const vocabulary = extendVocabulary(coreVocabulary, pay as ProfileFile);

export function read(line: string): { ok: boolean; h: string | null; findings: number } {
  const parsed = parseLine(line, vocabulary);
  if (!parsed.ok) return { ok: false, h: null, findings: parsed.findings.length };
  const findings = validate(parsed.value, vocabulary);
  return { ok: !findings.some((f) => f.severity === "error"), h: digest(parsed.value), findings: findings.length };
}
