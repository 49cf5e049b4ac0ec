/**
 * The consent layer of a contract (section 9: a consent reference "MUST bind ... data classes"):
 * the data classes its consents bind, which are all the data classes it may touch. A contract that
 * relies on no consent has no consent layer (null): which data needs consent is project policy,
 * not modeled, so its scope's `data_classes` alone decide. Read by evaluatePermission
 * (CONSENT_DATA_CLASS) and by inheritance (a child's own consent may not bind more).
 */
import type { ConsentRef } from "./contract.js";

export function consentedClasses(consents: readonly ConsentRef[]): ReadonlySet<string> | null {
  return consents.length === 0 ? null : new Set(consents.flatMap((k) => k.data_classes));
}
