// The refusals at read a core script compares, where it otherwise judges a document refused at read
// again by the typed check (which validates nothing): a contract naming one revision under two
// content digests among its references (README note 192), as "CONTRACT_REF_DIGEST_CONFLICT <path>",
// the path of the later naming, so the checker's own reading of the rule is part of the comparison.
type Finding = { severity: string; code: string; path?: string };

export function digestConflictRefusals(findings: readonly Finding[]): string[] {
  return findings.filter((f) => f.severity === "error" && f.code === "CONTRACT_REF_DIGEST_CONFLICT").map((f) => `${f.code} ${f.path ?? ""}`);
}
