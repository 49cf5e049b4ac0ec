/**
 * Text for a person at a terminal that may hold what a user or a file gave (an argument, a
 * record's key, a finding's message): each of its lines with every control character, line
 * break and bidirectional control in it shown as a mark, so an escape sequence is never acted on.
 * Its own line breaks, between the lines, are kept.
 */
import { withControlsMarked } from "../core/index.js";

export function terminalText(text: string): string {
  return text.split("\n").map((line) => withControlsMarked(line)).join("\n");
}
