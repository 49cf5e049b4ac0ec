/**
 * Object keys that schema libraries skip silently (valibot drops `__proto__`, `prototype` and
 * `constructor` from records) would otherwise vanish from the data: find them and refuse instead.
 */
export const _RESERVED_KEYS: ReadonlySet<string> = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Dot paths of every reserved own key anywhere in a JSON value. Walks with its own stack, not by
 * recursion: untrusted JSON nested thousands deep must get an answer, not a stack overflow.
 */
export function _reservedKeys(value: unknown): string[] {
  const out: string[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  // An object reached again is walked once: no JSON text makes a cycle or one object under two
  // keys, but a caller's own object may, and walked again it never ended (a list holding itself).
  const seen = new Set<object>();
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, path] = top;
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], path === "" ? String(i) : `${path}.${i}`]);
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const here = path === "" ? key : `${path}.${key}`;
      stack.push([(node as Record<string, unknown>)[key], here]);
    }
    for (const key of keys) if (_RESERVED_KEYS.has(key)) out.push(path === "" ? key : `${path}.${key}`);
  }
  return out;
}
