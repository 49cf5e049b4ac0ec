/**
 * The dimensions of section 8 that a child contract is checked on, each with its stable code, in
 * the order a denied result lists them. "A denied result lists every failed dimension."
 */
import { delegationFinding } from "./codes.js";
import type { DelegationCode, DelegationDetail, DelegationFinding } from "./codes.js";

export const SUBDELEGATION_DIMENSIONS = {
  allowed: "SUBDELEGATION_DENIED",
  parent: "ATTENUATION_PARENT",
  depth: "ATTENUATION_DEPTH",
  subdelegation: "ATTENUATION_SUBDELEGATION",
  inputs: "ATTENUATION_INPUTS",
  objects: "ATTENUATION_OBJECTS",
  tools: "ATTENUATION_TOOLS",
  operations: "ATTENUATION_OPERATIONS",
  data: "ATTENUATION_DATA",
  effect_class: "ATTENUATION_EFFECT_CLASS",
  duration: "ATTENUATION_DURATION",
  retries: "ATTENUATION_RETRIES",
  concurrency: "ATTENUATION_CONCURRENCY",
  spend: "ATTENUATION_SPEND",
  budget: "ATTENUATION_BUDGET",
  denials: "INHERIT_DENIALS",
  human_gates: "INHERIT_HUMAN_GATES",
  consent: "INHERIT_CONSENT",
  monitoring: "INHERIT_MONITORING",
  verification: "INHERIT_VERIFICATION",
  revocation: "INHERIT_REVOCATION",
  delegate: "DELEGATE_BINDING",
  chain: "CHAIN_BROKEN",
  routing: "ROUTING",
  ancestor_fences: "ANCESTOR_FENCES",
} as const;

export type Dimension = keyof typeof SUBDELEGATION_DIMENSIONS;
export const DIMENSION_NAMES: readonly Dimension[] = Object.keys(SUBDELEGATION_DIMENSIONS) as Dimension[];

/** A failed dimension as a finding; `code` overrides the dimension's own (CHAIN_ATTESTATION). */
export function dimensionFinding(dimension: Dimension, message: string, detail: DelegationDetail = {}, code?: DelegationCode): DelegationFinding {
  return delegationFinding(code ?? SUBDELEGATION_DIMENSIONS[dimension], message, { dimension, ...detail });
}

/** The dimensions that failed, once each, in table order. */
export function failedDimensions(findings: readonly DelegationFinding[]): Dimension[] {
  const failed = new Set<string>();
  for (const f of findings) if (f.severity === "error" && f.dimension !== undefined) failed.add(f.dimension);
  return DIMENSION_NAMES.filter((d) => failed.has(d));
}

// The table's values are codes of the code table (checked by the compiler, costs nothing at run time).
const _codes: Readonly<Record<Dimension, DelegationCode>> = SUBDELEGATION_DIMENSIONS;
void _codes;
