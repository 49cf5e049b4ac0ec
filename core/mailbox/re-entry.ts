/**
 * What a goodbye's body banks as `re-entry: returning | final` (section 8): a line of its own
 * saying the one chosen. The spec writes the line in a code span, and a Markdown author bolds or
 * italicises a key, so `` `re-entry: final` ``, `**re-entry:** final`, `*re-entry*: final` and
 * `re-entry: **final**` say it as `re-entry: final` does; a sentence that mentions it mid-line
 * banks nothing. Lines end at LF, CRLF or a lone CR, as Markdown's do (README note 79), and at
 * nothing else: U+2028, U+2029 and NEL are characters of the line (note 91).
 */

// Emphasis and code-span delimiters (`*`, `_`, a backtick; up to three) around the key and value.
const MARK = "[*_`]{0,3}";
// The value and what follows it on the line: "returning | final" is the template's choice, not one made.
const RE_ENTRY = new RegExp(`^[ \\t]*(?:[-*+][ \\t]+)?${MARK}re-entry${MARK}:${MARK}[ \\t]*${MARK}(returning|final)\\b([^]*)$`, "i");

/**
 * The re-entry a goodbye's body banks, or null when it banks none, or not one: a line offering
 * both (the template's `returning | final`) or lines stating each establish neither, and a
 * permanent retirement is never read from a contradiction.
 */
export function reEntryOf(body: string | undefined): "returning" | "final" | null {
  if (body === undefined || !/re-entry/i.test(body)) return null;
  const stated = new Set<string>();
  for (const line of body.split(/\r\n|\r|\n/)) {
    const m = RE_ENTRY.exec(line);
    if (m === null) continue;
    const said = (m[1] as string).toLowerCase();
    stated.add(said);
    // The other value later on the line offers both; the same one again ("final. This is final.") does not.
    if ((said === "final" ? /\breturning\b/i : /\bfinal\b/i).test(m[2] as string)) return null;
  }
  return stated.size === 1 ? ([...stated][0] as "returning" | "final") : null;
}
