/**
 * Scope selectors (objects, tools, operations): an exact reference, or a prefix ending in `*`
 * (`PRJ-1/*`; `*` alone is everything). Coverage is by prefix, so a narrower selector is always
 * covered by a wider one and never the other way round.
 */

export function isWildcard(selector: string): boolean {
  return selector.endsWith("*");
}

/** Whether selector `wide` covers selector (or exact value) `narrow`. */
export function selectorCovers(wide: string, narrow: string): boolean {
  if (!isWildcard(wide)) return wide === narrow;
  const prefix = wide.slice(0, -1);
  return narrow.startsWith(prefix);
}

/** The first selector of `allowed` that covers `value`, or null. */
export function coveringSelector(allowed: readonly string[], value: string): string | null {
  for (const s of allowed) if (selectorCovers(s, value)) return s;
  return null;
}

/** The selectors of `narrow` no selector of `wide` covers. */
export function uncovered(wide: readonly string[], narrow: readonly string[]): string[] {
  return narrow.filter((n) => coveringSelector(wide, n) === null);
}
