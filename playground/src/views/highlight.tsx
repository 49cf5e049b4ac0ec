/** An RW1 line with its parts coloured and its findings underlined where the core placed them. */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { Finding } from "../../../core/index.js";
import { pieces } from "../check/parts.js";
import { clip, More } from "./clipped.js";

export function Highlight({ text, findings }: { text: string; findings: readonly Finding[] }) {
  const errors: number[] = [];
  const notes: number[] = [];
  for (const f of findings) if (f.at !== undefined) (f.severity === "error" ? errors : notes).push(f.at);
  // A very long line is painted in part (clipped.tsx); its pieces are found over all of it.
  const { shown, more } = clip(text);
  const marks = more === 0 ? pieces(text, errors) : pieces(text, errors).filter((p) => p.start < shown.length).map((p) => (p.start + p.text.length > shown.length ? { ...p, text: p.text.slice(0, shown.length - p.start) } : p));
  const noted = new Set(notes.filter((at) => !errors.includes(at)));
  const atEnd = more === 0 && errors.some((at) => at >= text.length);
  // Consecutive pieces under one error make one underlined run.
  const runs: { at: number; pieces: typeof marks }[] = [];
  for (const p of marks) {
    const last = runs[runs.length - 1];
    if (last !== undefined && p.errorAt >= 0 && last.at === p.errorAt) last.pieces.push(p);
    else runs.push({ at: p.errorAt, pieces: [p] });
  }
  // No keys: the pieces are always in text order, and a flat, unkeyed list lets Preact match them
  // by position. Keyed spans mixed with unkeyed arrays made it reuse DOM nodes out of order.
  const piece = (p: (typeof marks)[number]) => <span class={`p-${p.kind}${p.errorAt < 0 && noted.has(p.start) ? " mark-note" : ""}`}>{visible(p.text)}</span>;
  const children = runs.flatMap((r) =>
    r.at >= 0
      ? [
          <span class="err" data-at={r.at}>
            {r.pieces.map(piece)}
          </span>,
        ]
      : r.pieces.map(piece),
  );
  return (
    <>
      <code class="rw">
        {children}
        {atEnd ? <span class="err-end" data-at={text.length} title="the line stops here" /> : null}
      </code>
      <More count={more} />
    </>
  );
}
