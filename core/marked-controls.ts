/**
 * Text shown to a person with what a line may not hold (line breaks and control characters, the
 * line reader's class), and the bidirectional and other invisible formatting characters it may,
 * replaced by a visible mark: raw, a C1 CSI can start a terminal escape, a NEL breaks the echoed
 * line, a right-to-left override shows one value as another, and a zero-width space is not seen at
 * all. Presentation only; one mark per UTF-16 code unit, so a caret placed by a finding's position
 * still lines up.
 */
import { _BIDI_CONTROL, _BREAK_OR_CONTROL, _INVISIBLE_FORMAT } from "./_controls.js";

const EVERY = /* @__PURE__ */ new RegExp(`${_BREAK_OR_CONTROL.source}|${_BIDI_CONTROL.source}|${_INVISIBLE_FORMAT.source}`, "gu");

/** `text` with each line break, control character, bidirectional control or other invisible formatting character replaced by `mark`. */
export function withControlsMarked(text: string, mark = "·"): string {
  // A tag character (U+E0000-U+E007F) is two code units: two marks keep the positions.
  return text.replace(EVERY, (c) => (c.length === 1 ? mark : mark.repeat(c.length)));
}
