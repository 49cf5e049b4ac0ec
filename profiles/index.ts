// The shipped profiles as data, for bundlers (the Worker, the playground). Node code may read the
// JSON files directly; both are the same bytes.
import clin from "./clin.json" with { type: "json" };
import pay from "./pay.json" with { type: "json" };
import pform from "./pform.json" with { type: "json" };

/** Shipped profile files by name, unvalidated: pass one to `compileVocabulary`. */
export const shippedProfiles: Readonly<Record<string, unknown>> = { clin, pay, pform };
