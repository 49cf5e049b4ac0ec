/**
 * Aliases in a frontmatter, counted before anything expands them. `yaml`'s own limit
 * (`toJS({ maxAliasCount })`) is checked while converting, and that check grows with about the cube
 * of the aliases when an anchor is named from inside itself: 5 KB of `&a [*a, *a, ...]` held a
 * reader for minutes. Counting the alias nodes of the parsed document is one pass.
 */
import { isNode, visit } from "yaml";
import type { Document } from "yaml";

/** Where the aliases go too far (the offset of the alias), and why; null when they do not. */
export function aliasTrouble(doc: Document, max: number): { readonly offset: number; readonly why: string } | null {
  let count = 0;
  let found: { offset: number; why: string } | null = null;
  visit(doc, {
    Alias(_, alias, path) {
      const offset = alias.range?.[0] ?? 0;
      if (++count > max) {
        found = { offset, why: `it holds more than ${max} aliases` };
        return visit.BREAK;
      }
      // An alias inside the node its anchor names would make the value contain itself.
      if (path.some((node) => isNode(node) && node.anchor === alias.source)) {
        found = { offset, why: `*${alias.source} names the node it stands in (&${alias.source}), so the value would contain itself` };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}
