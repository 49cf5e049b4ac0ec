// Reads JSON lines {"parent", "child", "chain", "siblings"?} on stdin and writes one JSON line per input: the
// core's answer as `rw delegation check-child` gives it (checkChildDocument), as {"valid", "ok",
// "findings"}: whether every record validated, the verdict and the sorted "CODE dimension" pairs of
// its section-8 findings. A document refused at validation (a mutated child whose own rules fail,
// TIER_EFFECT say) is judged again with the typed checkSubdelegation, which validates nothing, so its
// attenuation is still compared. A contract refused at read for one revision under two digests (README note
// 192) is compared too, as "CONTRACT_REF_DIGEST_CONFLICT <path>" (read-refusals.ts).
import { createInterface } from "node:readline";
import { checkChildDocument, checkSubdelegation } from "../../../core/delegation/index.js";
import { digestConflictRefusals } from "./read-refusals.js";

type Finding = { severity: string; code: string; dimension?: string };

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const { parent, child, chain, siblings } = JSON.parse(text) as { parent: never; child: never; chain: never; siblings?: never[] };
  const doc = siblings === undefined ? { parent, child, chain } : { parent, child, chain, siblings };
  const read = checkChildDocument(doc);
  const valid = !read.findings.some((f: Finding) => f.severity === "error" && f.dimension === undefined);
  const report = valid ? read : checkSubdelegation(parent, child, chain, siblings);
  const findings = [...new Set([...report.findings.filter((f: Finding) => f.severity === "error" && f.dimension !== undefined).map((f: Finding) => `${f.code} ${f.dimension}`), ...digestConflictRefusals(read.findings)])].sort();
  out.push(JSON.stringify({ valid, ok: findings.length === 0, findings }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));
