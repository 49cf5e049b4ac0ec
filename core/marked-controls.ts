/**
 * Text shown to a person with what a line may not hold (line breaks and control characters, the
 * line reader's class), and the bidirectional formatting characters it may, replaced by a visible
 * mark: raw, a C1 CSI can start a terminal escape, a NEL breaks the echoed line, and a
 * right-to-left override shows one value as another. Presentation only; one length per
 * character, so a caret placed by a finding's position still lines up.
 */
import { _BIDI_CONTROL, _BREAK_OR_CONTROL } from "./_controls.js";

const EVERY = /* @__PURE__ */ new RegExp(`${_BREAK_OR_CONTROL.source}|${_BIDI_CONTROL.source}`, "g");

/** `text` with each line break, control character or bidirectional control replaced by `mark`. */
export function withControlsMarked(text: string, mark = "·"): string {
  return text.replace(EVERY, mark);
}
