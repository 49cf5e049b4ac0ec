/**
 * Whether a JSON form of a conversation names a profile, as the core reads it (profileNamed): only
 * then does the conversation need the shipped profiles. A text search cannot tell (a form spells
 * its `p` key as `"p"` or `"\u0070"`, and a ` p=` in its tail names none), so the app asks this once
 * the reader of JSON forms, which holds it, has loaded.
 */
import { isJsonForm, profileNamed } from "../../../core/index.js";
import { splitAll } from "./lines.js";

/**
 * A reader of texts that keeps each JSON form's answer by its text from one call to the next, so
 * that an edit reads again only the forms it changed (reading one takes about 10 µs).
 */
export function createFormsNamingProfile(): (text: string) => boolean {
  let known = new Map<string, boolean>();
  return (text) => {
    const next = new Map<string, boolean>();
    let names = false;
    for (const { text: line } of splitAll(text, () => 0).lines) {
      if (!isJsonForm(line)) continue;
      const named = next.get(line) ?? known.get(line) ?? profileNamed(line) !== null;
      next.set(line, named);
      names ||= named;
    }
    known = next;
    return names;
  };
}
