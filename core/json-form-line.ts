/**
 * Whether a line of text holds a JSON form rather than an RW1 line: it starts with `{`, after any
 * white space. Apart from read-message.ts, which reads either, so that a reader that only asks
 * which it is (the playground's checker, before it has loaded the reader of JSON forms) does not
 * bring the JSON form's reader with it.
 */

/** True when a line of text holds a JSON form rather than an RW1 line. */
export function isJsonForm(text: string): boolean {
  return text.trimStart().startsWith("{");
}
