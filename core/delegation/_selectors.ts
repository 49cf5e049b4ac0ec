/**
 * Scope selectors (objects, tools, operations): an exact reference, or a prefix ending in `*`
 * (`PRJ-1/*`; `*` alone is everything). Coverage is by prefix, so a narrower selector is always
 * covered by a wider one and never the other way round.
 */
import { foldCase } from "./tiers.js";

/** A URI's scheme and authority marker (`https://`, `file://`): the `//` there is no empty segment. */
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** The escapes of the characters that shape a path: `.`, `/` and `\`. */
const PATH_ESCAPE = /%(2e|2f|5c)/gi;
/**
 * An escape a resolver reads as the character it escapes: an unreserved one (RFC 3986 2.3: "should
 * be normalized by decoding"), or `/` or `\`, which `ambiguousSegment` already reads as separators.
 */
const CHARACTER_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;

/**
 * The first segment of an object reference (or object selector) that a path resolver would read
 * as another reference: `.`, `..`, or an empty one (`a//b`, `a/`), split at `/` and `\`, after
 * decoding `%2e`, `%2f` and `%5c` (RFC 3986 treats an escaped unreserved character as the
 * character). Null when there is none. Scope and denials match object references as text, by
 * prefix: `PRJ-1/proposals/../corpus/F-1` starts with `PRJ-1/proposals/`, and `PRJ-1//secret/k`
 * does not start with `PRJ-1/secret/`, so such a reference would pass a scope, or escape a denial,
 * that the object it resolves to does not. A leading `/` (an absolute path) and a URI's `//` after
 * its scheme are not empty segments.
 */
export function ambiguousSegment(reference: string): string | null {
  const decoded = reference.replace(PATH_ESCAPE, (e) => ({ "2e": ".", "2f": "/", "5c": "\\" })[e.slice(1).toLowerCase()] as string);
  const path = decoded.replace(AUTHORITY, "").replace(/^[/\\]/, "");
  for (const segment of path.split(/[/\\]/)) if (segment === "" || segment === "." || segment === "..") return segment === "" ? "(empty)" : segment;
  return null;
}

/**
 * What makes an object reference (or selector) name, to a resolver, another object than its text
 * matches: a dot or empty segment (`ambiguousSegment`), a `\` (a separator there, so
 * `PRJ-1\corpus\F-1` is `PRJ-1/corpus/F-1`), or an escaped character a resolver decodes
 * (`PRJ-1/corpus%2FF-1`, `PRJ-1/%63orpus/F-1`): a denial of `PRJ-1/corpus/*` matches none of those
 * spellings as text while a scope of `PRJ-1/*` or `*` covers them. Null when the text is the
 * object's only spelling.
 */
export function ambiguousSpelling(reference: string): string | null {
  const segment = ambiguousSegment(reference);
  if (segment !== null) return `the path segment ${segment}`;
  if (reference.includes("\\")) return "the separator \\";
  const escape = CHARACTER_ESCAPE.exec(reference)?.[0];
  return escape === undefined ? null : `the escape ${escape}, which a resolver reads as ${decodeURIComponent(escape)}`;
}

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

/**
 * Whether a denial's list covers a request's name in any case: "DELETE" does not escape a denial of
 * "delete" (names are ASCII). The scope itself allows exact names only (`coveringSelector`).
 */
export function denialCovers(list: readonly string[], value: string): boolean {
  return coveringSelector(list.map(foldCase), foldCase(value)) !== null;
}

/**
 * The selectors of `narrow` no selector of `wide` covers, in time linear in the lists' sizes (up
 * to a sort), never pairwise: a document of tens of thousands of selectors a side is checked in
 * milliseconds. The wildcard prefixes are kept sorted with none a prefix of another, so the one
 * that can be a prefix of a value is the greatest not after it: any prefix p of v with p < q <= v
 * would make q start with p.
 */
export function uncovered(wide: readonly string[], narrow: readonly string[]): string[] {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const s of wide) if (isWildcard(s)) prefixes.push(s.slice(0, -1));
  else exact.add(s);
  prefixes.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const minimal: string[] = [];
  for (const p of prefixes) {
    const last = minimal[minimal.length - 1];
    if (last === undefined || !p.startsWith(last)) minimal.push(p);
  }
  const coveredByPrefix = (value: string): boolean => {
    let [lo, hi] = [0, minimal.length - 1];
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((minimal[mid] as string) <= value) [best, lo] = [mid, mid + 1];
      else hi = mid - 1;
    }
    return best >= 0 && value.startsWith(minimal[best] as string);
  };
  return narrow.filter((n) => !exact.has(n) && !coveredByPrefix(n));
}
