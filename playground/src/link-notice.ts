/**
 * What the page says about a link it opened: the fields it read wrong (left as they start) and
 * the fields it does not know (not read, so a person knows the link held more than is shown).
 * Field names come from the link, which anyone may have edited: each is quoted, cut and its
 * controls marked, and only the first few are listed.
 */
import { named } from "./named.js";

const LISTED = 5;

function listed(keys: readonly string[]): string {
  const more = keys.length - LISTED;
  return keys.slice(0, LISTED).map(named).join(", ") + (more > 0 ? ` and ${more} more` : "");
}

/** The notice for a link read with `problems` and `unknown` fields; null when there is nothing to say. */
export function linkNotice(problems: readonly string[], unknown: readonly string[]): string | null {
  const parts: string[] = [];
  if (problems.length > 0) parts.push(`Parts of this link's state were not understood and were left as they start: ${problems.join(", ")}.`);
  if (unknown.length > 0) parts.push(`This link holds ${unknown.length === 1 ? "a field" : `${unknown.length} fields`} this playground does not know, not read (a newer version's, or an edit): ${listed(unknown)}.`);
  return parts.length === 0 ? null : parts.join(" ");
}
