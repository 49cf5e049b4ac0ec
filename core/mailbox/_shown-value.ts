/**
 * A value a finding names as `received`, as JSON where JSON can hold it. A caller's value may be
 * one JSON.stringify throws on (nested past the engine's stack, cyclic, a bigint): then its type.
 */
export function shownValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value === "bigint" ? `${value}n` : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;
  }
}
