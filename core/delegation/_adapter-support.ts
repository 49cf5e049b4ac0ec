/**
 * Whether a card supports the adapter a request names (section 10.3: "Capability or extension
 * negotiation narrows executable mechanics. It does not widen the signed Delegation Contract, and
 * unsupported or downgraded features fail closed for consequential effects"). What a card supports
 * is what its `supported_adapters` declare (4.1: "Protocol/transport names and versions, endpoint
 * references, authentication method names, and feature flags"), so the adapter is supported when
 * one entry declares its exact protocol and version, and, of what the adapter names, its
 * authentication method, its endpoint (when the entry lists endpoints) and every extension it
 * negotiated. A field the adapter leaves out is not compared: a local process adapter has no
 * endpoint or authentication method, and a feature the card declares that negotiation dropped
 * narrows the mechanics, which 10.3 allows. Read by evaluatePermission (ADAPTER_UNSUPPORTED).
 */
import type { SupportedAdapter } from "./agent-card.js";
import type { AdapterIdentity } from "./execution.js";

/** One thing the adapter uses that the entry does not declare. */
export interface AdapterGap {
  /** Under the request's `adapter`: `""` for its protocol/version, else the field. */
  readonly path: string;
  readonly message: string;
  readonly expected: string;
  readonly received: string;
}

export interface AdapterSupport {
  /**
   * The index in `supported_adapters` of the entry declaring the adapter's protocol/version that
   * supports it, or else leaves the fewest gaps (the first on a tie); null when none declares it.
   */
  readonly index: number | null;
  /** Empty when the adapter is supported. */
  readonly gaps: readonly AdapterGap[];
}

const listed = (names: readonly string[]): string => names.join(" ") || "none";

function gapsAgainst(entry: SupportedAdapter, at: string, a: AdapterIdentity): AdapterGap[] {
  const gaps: AdapterGap[] = [];
  // A card listing no endpoint makes no claim about where its agent is reached (endpoint discovery
  // is separable, 4.3, and endpoint selection RW-004's, 10.2); an adapter always reaches one, so an
  // empty list cannot mean "none". No authentication method, or no feature, is a real declaration.
  if (a.endpoint_ref !== undefined && entry.endpoint_refs.length > 0 && !entry.endpoint_refs.includes(a.endpoint_ref)) {
    gaps.push({ path: "endpoint_ref", message: `the adapter's endpoint ${a.endpoint_ref} is not among ${at}'s endpoint_refs (${listed(entry.endpoint_refs)})`, expected: listed(entry.endpoint_refs), received: a.endpoint_ref });
  }
  if (a.authentication_method !== undefined && !entry.authentication_methods.includes(a.authentication_method)) {
    gaps.push({ path: "authentication_method", message: `the adapter's authentication method ${a.authentication_method} is not among ${at}'s authentication_methods (${listed(entry.authentication_methods)})`, expected: listed(entry.authentication_methods), received: a.authentication_method });
  }
  const extensions = a.extensions ?? [];
  for (let i = 0; i < extensions.length; i++) {
    const x = extensions[i] as string;
    if (!entry.feature_flags.includes(x)) gaps.push({ path: `extensions.${i}`, message: `the negotiated extension ${x} is not among ${at}'s feature_flags (${listed(entry.feature_flags)})`, expected: listed(entry.feature_flags), received: x });
  }
  return gaps;
}

export function adapterSupport(supported: readonly SupportedAdapter[], a: AdapterIdentity): AdapterSupport {
  const named = `${a.protocol}/${a.version}`;
  const declared = listed(supported.map((e) => `${e.protocol}/${e.version}`));
  // Compared exactly, never folded (fail closed), but a name differing only in case is said to.
  const caseOnly = supported.find((e) => `${e.protocol}/${e.version}`.toLowerCase() === named.toLowerCase());
  const hint = caseOnly === undefined ? "" : `; it differs from ${caseOnly.protocol}/${caseOnly.version} only in case, and protocol names and versions are compared exactly (section 10.3: "the exact protocol/version")`;
  let best: AdapterSupport = { index: null, gaps: [{ path: "", message: `the adapter's protocol/version ${named} is not one the card's supported_adapters declare (${declared})${hint}`, expected: declared, received: named }] };
  for (let i = 0; i < supported.length; i++) {
    const entry = supported[i] as SupportedAdapter;
    // "the exact protocol/version" (10.3): another version, older or newer, is not the one declared.
    if (entry.protocol !== a.protocol || entry.version !== a.version) continue;
    const gaps = gapsAgainst(entry, `supported_adapters.${i}`, a);
    if (best.index === null || gaps.length < best.gaps.length) best = { index: i, gaps };
    if (gaps.length === 0) break;
  }
  return best;
}
