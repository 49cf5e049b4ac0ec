/**
 * Text from input, shown so that a bidirectional control in it (U+202E, say, which a tail may
 * hold) reorders nothing outside its own part: each string of a JSON text, and each token of a
 * line, is a span with `unicode-bidi: isolate` (class `iso`), which ends any embedding or override
 * begun inside it. The controls themselves are shown as a mark (withControlsMarked), one for one,
 * so what a person reads is the characters' own order: an override cannot show one value as
 * another.
 */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";

/** Where each string literal of `text` (JSON, or what should be) starts and ends. */
export function stringLiterals(text: string): [start: number, end: number][] {
  const out: [number, number][] = [];
  const strings = /"(?:[^"\\\n]|\\.)*"?/g;
  for (let m = strings.exec(text); m !== null; m = strings.exec(text)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * Each string literal of `text` (JSON, or what should be) isolated; the rest as it is. The
 * punctuation after a string (`,` `:` `}` `]`) is in its span, which the JSON view shows as one
 * box (style.css): compact JSON has no space to wrap at, so the view wraps between the boxes and
 * no line starts with a comma, where a narrow view broke a name wherever the line ran out.
 */
export function IsolatedJson({ text }: { text: string }) {
  const out: (string | preact.JSX.Element)[] = [];
  let at = 0;
  for (const [start, end] of stringLiterals(text)) {
    if (start > at) out.push(visible(text.slice(at, start)));
    let close = end;
    while (close < text.length && ",:}]".includes(text.charAt(close))) close++;
    out.push(<span class="iso">{visible(text.slice(start, close))}</span>);
    at = close;
  }
  if (at < text.length) out.push(visible(text.slice(at)));
  return <>{out}</>;
}

/** Each space-separated token of a line isolated, the tail (after ` // `) as one. */
export function IsolatedLine({ text }: { text: string }) {
  const separator = text.indexOf(" // ");
  const tokens = (separator < 0 ? text : text.slice(0, separator)).split(" ");
  const out: (string | preact.JSX.Element)[] = [];
  tokens.forEach((t, k) => {
    if (k > 0) out.push(" ");
    out.push(<span class="iso">{visible(t)}</span>);
  });
  if (separator >= 0) out.push(" // ", <span class="iso">{visible(text.slice(separator + 4))}</span>);
  return <>{out}</>;
}
