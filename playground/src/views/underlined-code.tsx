/**
 * A text painted in pieces with its errors underlined, as Highlight paints a line and
 * JsonHighlight a JSON form: consecutive pieces under one error make one underlined run, and a
 * mark stands where the text stops short of what an error names.
 */
import { More } from "./clipped.js";

/** One painted piece, and the error it is under (that error's start), or -1. */
export interface Piece {
  readonly at: number;
  readonly painted: string | preact.JSX.Element;
}

export function UnderlinedCode({ pieces, endAt, ends, more }: { pieces: readonly Piece[]; endAt: number | null; ends: string; more: number }) {
  const runs: { at: number; painted: (string | preact.JSX.Element)[] }[] = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (last !== undefined && p.at >= 0 && last.at === p.at) last.painted.push(p.painted);
    else runs.push({ at: p.at, painted: [p.painted] });
  }
  // No keys: the pieces are always in text order, and a flat, unkeyed list lets Preact match them
  // by position. Keyed spans mixed with unkeyed arrays made it reuse DOM nodes out of order.
  const children = runs.flatMap((r) => (r.at >= 0 ? [<span class="err" data-at={r.at}>{r.painted}</span>] : r.painted));
  return (
    <>
      <code class="rw">
        {children}
        {endAt !== null ? <span class="err-end" data-at={endAt} title={`the ${ends} stops here`} /> : null}
      </code>
      <More count={more} />
    </>
  );
}
