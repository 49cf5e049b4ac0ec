// What a browser needs to read lines under one profile: parse, validate, digest, the pay profile.
import { compileVocabulary, coreVocabulary, digest, parseLine, validate } from "../../core/index.js";
import pay from "../../profiles/pay.json" with { type: "json" };

const compiled = compileVocabulary(coreVocabulary, pay);

export function read(line: string): { ok: boolean; h: string | null; findings: number } {
  if (!compiled.ok) throw new Error("pay profile refused");
  const parsed = parseLine(line, compiled.value);
  if (!parsed.ok) return { ok: false, h: null, findings: parsed.findings.length };
  const findings = validate(parsed.value, compiled.value);
  return { ok: !findings.some((f) => f.severity === "error"), h: digest(parsed.value), findings: findings.length };
}
