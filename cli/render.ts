/** Findings as text for a person at a terminal: the line, a caret under the place, the message. */
import { withControlsMarked as visible } from "../core/index.js";
import type { Finding } from "../core/index.js";

const WIDTH = 160;
const LOW_SURROGATE = /^[\udc00-\udfff]$/;

/** The part of a long line around `at`, with the caret's column in it. */
function window(text: string, at: number): { shown: string; column: number } {
  if (text.length <= WIDTH) return { shown: text, column: at };
  let start = Math.max(0, Math.min(at - WIDTH / 2, text.length - WIDTH));
  let end = start + WIDTH;
  // Never half a surrogate pair at an edge: alone it prints as U+FFFD, a column the caret's count missed.
  if (start > 0 && LOW_SURROGATE.test(text.charAt(start))) start--;
  if (LOW_SURROGATE.test(text.charAt(end))) end++;
  const prefix = start > 0 ? "…" : "";
  const suffix = end < text.length ? "…" : "";
  return { shown: prefix + text.slice(start, end) + suffix, column: at - start + prefix.length };
}

/** Printable ASCII: one column a character, the common case, measured without loading anything. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Terminal columns: a wide character takes two, a combining mark none. `string-width` costs
 * about 100 ms to load (Unicode tables, a segmenter), so only text that needs it loads it.
 */
async function columns(text: string): Promise<number> {
  if (ASCII.test(text)) return text.length;
  const { default: stringWidth } = await import("string-width");
  return stringWidth(text);
}

export async function renderFindings(text: string, findings: readonly Finding[]): Promise<string> {
  const out: string[] = [];
  for (const f of findings) {
    const where = f.at === undefined ? "" : ` at ${f.at}`;
    out.push(`  ${f.severity} ${f.code}${where}: ${visible(f.message)}`);
    if (f.at !== undefined && text !== "") {
      const { shown, column } = window(text, f.at);
      out.push(`    ${visible(shown)}`);
      out.push(`    ${" ".repeat(await columns(visible(shown.slice(0, Math.max(0, column)))))}^`);
    }
  }
  return out.join("\n");
}
