/**
 * Object keys that schema libraries skip silently (valibot drops `__proto__`, `prototype` and
 * `constructor` from records) would otherwise vanish from the data: find them and refuse instead.
 */
const RESERVED = new Set(["__proto__", "prototype", "constructor"]);

/** Dot paths of every reserved own key anywhere in a JSON value. */
export function _reservedKeys(value: unknown, path = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(..._reservedKeys(v, `${path}[${i}]`)));
    return out;
  }
  for (const key of Object.keys(value)) {
    const here = path === "" ? key : `${path}.${key}`;
    if (RESERVED.has(key)) out.push(here);
    out.push(..._reservedKeys((value as Record<string, unknown>)[key], here));
  }
  return out;
}
