/**
 * Whether a scope denial refuses a request (section 8's "denials"): one rule for permission
 * evaluation, the attempts' tools and the human gates a scope reaches. A denial refuses a request
 * matching every list it names: each list it names covers the request's name there, in any case
 * (`denialCovers`: `DELETE` is denied by `delete`, `Publish` by `Pub*`); a list it does not name
 * matches anything; a list it names where the request names nothing does not match.
 *
 * So a denial asked about a name in one dimension alone (`{ operation: "publish" }`) answers
 * whether it refuses every request naming that, whatever else the request names: it does exactly
 * when it covers the name and names no other list.
 */
import type { Denial } from "./contract.js";
import { denialCovers } from "./_selectors.js";

/** What a request names, for a denial to match: a name in each dimension, or none there. */
export interface DeniedNames {
  readonly operation?: string | undefined;
  readonly object?: string | undefined;
  readonly tool?: string | undefined;
  readonly effect_class?: string | undefined;
}

export function denialRefuses(d: Denial, names: DeniedNames): boolean {
  const hits = (list: readonly string[] | undefined, value: string | undefined): boolean => list === undefined || (value !== undefined && denialCovers(list, value));
  return hits(d.operations, names.operation) && hits(d.objects, names.object) && hits(d.tools, names.tool) && hits(d.effect_classes, names.effect_class);
}
