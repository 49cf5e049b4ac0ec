/**
 * The message a damaged cursor entry still names. An entry enters the cursor exactly as a UUID
 * (CURSOR_INVALID_ENTRY otherwise: never repaired into one, so it never counts as consumption);
 * but one wrapped in spaces, written in uppercase or cut off by a byte that is not UTF-8 often
 * still holds the UUID it was, and a finding that names that message tells the user which one
 * the cursor meant, where the entry alone is text to search for.
 */
import { isUuid7 } from "./uuid7.js";

// A UUID's shape in either case, not inside a longer run of hex digits, letters or hyphens: a
// fragment of a longer token is not the UUID it resembles.
const UUID_SHAPED = /(?<![0-9A-Za-z-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z-])/g;

/** The one message UUIDv7 (canonical lowercase) an entry that is not one holds; null when none, or more than one. */
export function uuidInCursorEntry(entry: string): string | null {
  const held = new Set((entry.match(UUID_SHAPED) ?? []).map((s) => s.toLowerCase()).filter((s) => isUuid7(s)));
  return held.size === 1 ? ([...held][0] as string) : null;
}
