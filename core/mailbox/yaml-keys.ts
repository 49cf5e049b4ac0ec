/**
 * The keys of a frontmatter's mappings, in linear time. `yaml`'s own `uniqueKeys` and `getIn`
 * compare each key with every key before it, so a 1 MiB frontmatter of 100,000 short keys took
 * minutes to read: a peer's file could stall every reader of the inbox. Here each mapping's keys
 * go into a hash map once, both to refuse a key named twice and to find a field's node.
 */
import { isAlias, isMap, isScalar, visit } from "yaml";
import type { Document, Node, Pair, YAMLMap } from "yaml";

/**
 * The name a key becomes in the JavaScript object `toJS` builds (`1` and `"1"` both become "1":
 * YAML tells them apart, the object would keep only the last), or null for a collection key.
 */
function propertyName(doc: Document, key: unknown): string | null {
  const node = isAlias(key) ? key.resolve(doc) : key;
  if (!isScalar(node)) return null;
  return node.value === null ? "" : String(node.value);
}

/** The offset of the first key a mapping names twice (as `toJS` would read it), or null. */
export function duplicateKeyOffset(doc: Document): number | null {
  let found: number | null = null;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const name = propertyName(doc, pair.key);
        if (name === null) continue;
        if (seen.has(name)) {
          found = (pair.key as Node | null)?.range?.[0] ?? map.range?.[0] ?? 0;
          return visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return found;
}

/** Finds the node at a path of keys (`["meta", "mailbox", "kind"]`), indexing each mapping once. */
export function nodeLocator(doc: Document): (path: readonly string[]) => Node | undefined {
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
  const indexOf = (map: YAMLMap): Map<string, Pair> => {
    let index = indexes.get(map);
    if (index === undefined) {
      index = new Map();
      for (const pair of map.items) {
        const name = propertyName(doc, pair.key);
        if (name !== null && !index.has(name)) index.set(name, pair as Pair);
      }
      indexes.set(map, index);
    }
    return index;
  };
  return (path) => {
    let node: unknown = doc.contents;
    for (const key of path) {
      if (isAlias(node)) node = node.resolve(doc);
      if (!isMap(node)) return undefined;
      node = indexOf(node).get(key)?.value ?? undefined;
    }
    return (node ?? undefined) as Node | undefined;
  };
}
