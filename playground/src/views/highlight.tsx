/** An RW1 line with its parts coloured and its findings underlined where the core placed them. */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { Finding } from "../../../core/index.js";
import { pieces } from "../check/parts.js";
import { clip } from "./clip.js";
import { UnderlinedCode } from "./underlined-code.js";

export function Highlight({ text, findings }: { text: string; findings: readonly Finding[] }) {
  const errors: number[] = [];
  const notes: number[] = [];
  for (const f of findings) if (f.at !== undefined) (f.severity === "error" ? errors : notes).push(f.at);
  // A very long line is painted in part (clip.ts); its pieces are found over all of it.
  const { shown, more } = clip(text);
  const marks = more === 0 ? pieces(text, errors) : pieces(text, errors).filter((p) => p.start < shown.length).map((p) => (p.start + p.text.length > shown.length ? { ...p, text: p.text.slice(0, shown.length - p.start) } : p));
  const noted = new Set(notes.filter((at) => !errors.includes(at)));
  const atEnd = more === 0 && errors.some((at) => at >= text.length);
  const piece = (p: (typeof marks)[number]) => <span class={`p-${p.kind}${p.errorAt < 0 && noted.has(p.start) ? " mark-note" : ""}`}>{visible(p.text)}</span>;
  return <UnderlinedCode pieces={marks.map((p) => ({ at: p.errorAt, painted: piece(p) }))} endAt={atEnd ? text.length : null} ends="line" more={more} />;
}
