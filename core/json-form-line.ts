/**
 * Whether a line of text holds a JSON form rather than an RW1 line: it starts with `{`, or with `[`
 * (a list, which note 2 refuses as a JSON form, in the JSON reader's words: no RW1 line starts with
 * either, and read as one, its first token would be an unsupported version, why=VER), after any
 * white space. Apart from read-message.ts, which reads either, so that a reader that only asks
 * which it is (the playground's checker, before it has loaded the reader of JSON forms) does not
 * bring the JSON form's reader with it.
 */

/** True when a line of text holds a JSON form rather than an RW1 line. */
export function isJsonForm(text: string): boolean {
  const c = text.trimStart().charCodeAt(0);
  return c === 0x7b || c === 0x5b;
}
