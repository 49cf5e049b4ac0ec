/**
 * How deeply a YAML text nests its collections, measured before it is composed. `yaml` builds the
 * concrete syntax tree with an explicit stack but composes it (and `toJS` converts it) by
 * recursion, so a frontmatter of 100,000 `[` (or `- - - ...`, or `{a: {a: ...`) exhausts the
 * engine's stack and comes back as repeated "Maximum call stack size exceeded" errors. The CST is
 * walked here without recursion, so the depth is known before anything recurses on it.
 */
import { Parser } from "yaml";
import type { CST } from "yaml";

/** The most levels of mappings and sequences a frontmatter may nest (its top mapping is level 1). */
export const MAX_YAML_DEPTH = 128;

/**
 * The offset of the first collection nested deeper than `limit` levels, or null when none is.
 * Block and flow collections count alike; scalars, comments and properties do not.
 */
export function yamlTooDeep(yaml: string, limit: number = MAX_YAML_DEPTH): number | null {
  if (!mayNestDeeperThan(yaml, limit)) return null;
  const stack: { token: CST.Token; depth: number }[] = [];
  for (const token of new Parser().parse(yaml)) stack.push({ token, depth: 0 });
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { token, depth } = next;
    switch (token.type) {
      case "document":
        if (token.value !== undefined) stack.push({ token: token.value, depth });
        break;
      case "block-map":
      case "block-seq":
      case "flow-collection": {
        if (depth + 1 > limit) return token.offset;
        for (const item of token.items as readonly CST.CollectionItem[]) {
          if (item.key !== undefined && item.key !== null) stack.push({ token: item.key, depth: depth + 1 });
          if (item.value !== undefined) stack.push({ token: item.value, depth: depth + 1 });
        }
        break;
      }
      default:
        break;
    }
  }
  return null;
}

/**
 * Whether the text could nest more than `limit` levels at all. Every collection is opened by an
 * indicator of its own (`[`, `{`, a sequence entry's `-`, a key's `:` or `?`), so text holding at
 * most `limit` of them cannot: a typical frontmatter is then never parsed twice (the syntax tree
 * costs about 0.7x of what reading the frontmatter costs).
 */
function mayNestDeeperThan(yaml: string, limit: number): boolean {
  let indicators = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if ((c === 91 || c === 123 || c === 45 || c === 58 || c === 63) && ++indicators > limit) return true;
  }
  return false;
}
