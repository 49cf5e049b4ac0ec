/** The core vocabulary with the shipped pay profile: what every bench figure over pay lines reads. */
import { compileVocabulary, coreVocabulary } from "../../dist/core/index.js";
import type { Vocabulary } from "../../dist/core/index.js";
import pay from "../../profiles/pay.json" with { type: "json" };

export function payVocabulary(): Vocabulary {
  const compiled = compileVocabulary(coreVocabulary, pay);
  if (!compiled.ok) throw new Error("pay profile does not compile");
  return compiled.value;
}
