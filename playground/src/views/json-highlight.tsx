/**
 * A JSON form as written, each error underlined: on the value its finding names (where that value
 * lies is the core's jsonFormSpans and jsonSlotSpan), or, for text that is not JSON, at the
 * character where the core says it stops being JSON. Not coloured: a JSON form has no RW1 parts.
 * Each string literal stays isolated (isolate.tsx), in pieces where an underline starts or ends.
 */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import { jsonFormSpans, jsonSlotSpan } from "../../../core/index.js";
import type { Finding, TextSpan } from "../../../core/index.js";
import { clip } from "./clip.js";
import { stringLiterals } from "./isolate.js";
import { UnderlinedCode } from "./underlined-code.js";
import type { Piece } from "./underlined-code.js";

/** The text's error spans: a finding's value, or the one character where a syntax error starts. */
function errorSpans(text: string, findings: readonly Finding[]): TextSpan[] {
  const out: TextSpan[] = [];
  let spans: ReturnType<typeof jsonFormSpans> | null = null;
  for (const f of findings) {
    if (f.severity !== "error") continue;
    if (f.at !== undefined) {
      if (f.at < text.length) out.push({ start: f.at, end: f.at + String.fromCodePoint(text.codePointAt(f.at) as number).length });
    } else if (f.slot !== undefined) {
      spans ??= jsonFormSpans(text);
      const span = jsonSlotSpan(spans, f.slot, f.code);
      if (span !== undefined && span.end > span.start) out.push(span);
    }
  }
  return out;
}

export function JsonHighlight({ text, findings }: { text: string; findings: readonly Finding[] }) {
  const { shown, more } = clip(text);
  // Which error each shown character is under (its span's start), or -1: the widest spans are
  // painted first, so a value inside another (a slot in `slots`) keeps its own underline.
  const under = new Array<number>(shown.length).fill(-1);
  for (const span of errorSpans(text, findings).sort((a, b) => b.end - b.start - (a.end - a.start))) {
    for (let i = span.start; i < Math.min(span.end, shown.length); i++) under[i] = span.start;
  }
  // Pieces: cut at each string literal's ends and wherever the underline changes.
  const cuts = new Set<number>([0, shown.length]);
  const literal = new Array<boolean>(shown.length).fill(false);
  for (const [start, end] of stringLiterals(shown)) {
    cuts.add(start).add(end);
    literal.fill(true, start, end);
  }
  for (let i = 1; i < shown.length; i++) if (under[i] !== under[i - 1]) cuts.add(i);
  const bounds = [...cuts].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const start = bounds[k] as number;
    const chars = visible(shown.slice(start, bounds[k + 1]));
    pieces.push({ at: under[start] as number, painted: literal[start] === true ? <span class="iso">{chars}</span> : chars });
  }
  const atEnd = more === 0 && findings.some((f) => f.severity === "error" && f.at !== undefined && f.at >= text.length);
  return <UnderlinedCode pieces={pieces} endAt={atEnd ? text.length : null} ends="text" more={more} />;
}
