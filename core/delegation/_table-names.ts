/**
 * A caller's name for a row of one of this module's fixed tables (a tier, an effect class, a
 * document check), and how a name misused is shown in the labelled error that refuses it.
 */

/**
 * Own keys only: `toString` or `__proto__` would read a prototype's member as a row. A value that
 * is no string is no name either, and is not handed to the lookup: a null-prototype object there
 * throws "Cannot convert object to primitive value" before any check could label it.
 */
export function isTableName<T extends object>(table: T, name: unknown): name is keyof T & string {
  return typeof name === "string" && Object.hasOwn(table, name);
}

/**
 * A misused value as its error shows it: JSON where JSON can hold it (JSON.stringify throws on a
 * bigint, a cycle, or nesting past the stack), else its type; at most 80 characters, so a long
 * text misused is named, not repeated.
 */
export function shownName(value: unknown): string {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? (typeof value === "function" ? "a function" : String(value));
  } catch {
    shown = typeof value === "bigint" ? `${value}n` : Array.isArray(value) ? "an array" : typeof value;
  }
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}
