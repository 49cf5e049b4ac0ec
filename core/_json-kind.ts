/**
 * A JSON value as a profile author names its kind, for a refusal that says what was given where
 * something else goes: `text`, `a number`, `true`, `false`, `null`, `a list`, `an object`, never the
 * JavaScript type names (`Array`, `Object`, `string`) the schema library words them in.
 */
export function _jsonKind(value: unknown): string {
  if (typeof value === "string") return "text";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A value as a refusal quotes it: text as written (JSON-quoted), anything else by its kind. */
export function _jsonShown(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : _jsonKind(value);
}
