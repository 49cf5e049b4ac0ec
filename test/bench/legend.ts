/** Token counts of the legends (gpt-tokenizer, o200k encoding): core and each shipped profile, full and lean. */
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { compileVocabulary, coreVocabulary, legend } from "../../dist/core/index.js";
import { shippedProfiles } from "../../dist/profiles/index.js";

export function benchLegend(): void {
  const rows: [string, typeof coreVocabulary][] = [["core", coreVocabulary]];
  for (const [name, file] of Object.entries(shippedProfiles)) {
    const compiled = compileVocabulary(coreVocabulary, file);
    if (compiled.ok) rows.push([name, compiled.value]);
  }
  for (const [name, vocabulary] of rows) {
    const full = encode(legend(vocabulary)).length;
    const lean = encode(legend(vocabulary, { lean: true })).length;
    const budget = name === "pay" ? ` (budget with pay: 1,200 full, 900 lean; ${full <= 1200 ? "within" : "OVER"}, ${lean <= 900 ? "within" : "OVER"})` : "";
    console.log(`legend tokens, ${name}: ${full} full, ${lean} lean${budget}`);
  }
}
