/**
 * A record's content as text, to tell two records given under one revision and content digest
 * apart. Keys are sorted at every level, so members written in another order are the same content;
 * an absent member and one holding `undefined` are too, as JSON cannot tell them apart. The digest
 * itself is never recomputed (its canonical serialization is RW-004's, section 13).
 */
export function recordContent(record: object): string {
  return JSON.stringify(record, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
