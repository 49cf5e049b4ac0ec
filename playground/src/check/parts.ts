/**
 * A line cut into pieces for display: the version, type and id, each key and value (envelope keys
 * apart), the tail, and the errors underlined from where the core placed them (a finding's `at`) to
 * the end of that token. Where each part starts is the core's slotPositions; this file only finds
 * where a token ends (the next space) to paint it. It decides nothing about the line.
 */
import { slotPositions } from "../../../core/index.js";

export type PartKind = "version" | "type" | "id" | "envelope-key" | "key" | "value" | "separator" | "tail" | "other";

export interface Piece {
  readonly start: number;
  readonly text: string;
  readonly kind: PartKind;
  /** Where the finding that underlines this piece placed it, or -1. */
  readonly errorAt: number;
}

const ENVELOPE = new Set(["re", "from", "to", "item"]);

/** The kind of every character of the line, by the parts slotPositions finds. */
function kinds(text: string): PartKind[] {
  const out = new Array<PartKind>(text.length).fill("other");
  const at = slotPositions(text);
  const tail = at["tail"];
  const tokensEnd = tail === undefined ? text.length : tail - 4;
  const end = (s: number): number => {
    const space = text.indexOf(" ", s);
    return Math.min(space < 0 ? text.length : space, tokensEnd);
  };
  const paint = (s: number, e: number, kind: PartKind): void => {
    for (let i = s; i < e; i++) out[i] = kind;
  };
  for (const [name, s] of Object.entries(at)) {
    if (name === "tail") continue;
    const e = end(s);
    if (name === "v") paint(s, e, "version");
    else if (name === "type") paint(s, e, "type");
    else if (name === "id") paint(s, e, "id");
    else {
      const eq = s + name.length;
      paint(s, eq, ENVELOPE.has(name) ? "envelope-key" : "key");
      paint(eq + 1, e, "value");
    }
  }
  if (tail !== undefined) {
    paint(tail - 4, tail, "separator");
    paint(tail, text.length, "tail");
  }
  return out;
}

/** Where each error underline ends: the end of the token it starts in (at least one character). */
function underline(text: string, at: number): number {
  const separator = text.indexOf(" // ");
  if (separator >= 0 && at >= separator + 4) return text.length;
  const space = text.indexOf(" ", at + 1);
  const end = space < 0 ? text.length : space;
  return Math.max(Math.min(end, separator >= 0 && at < separator ? separator : end), at + 1);
}

/** The pieces of `text`, underlined at each position in `errorsAt`. */
export function pieces(text: string, errorsAt: readonly number[]): Piece[] {
  const kind = kinds(text);
  const error = new Array<number>(text.length).fill(-1);
  for (const at of [...errorsAt].sort((a, b) => b - a)) {
    if (at < 0 || at >= text.length) continue;
    const e = underline(text, at);
    for (let i = at; i < e; i++) error[i] = at;
  }
  const out: Piece[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || kind[i] !== kind[start] || error[i] !== error[start]) {
      out.push({ start, text: text.slice(start, i), kind: kind[start] as PartKind, errorAt: error[start] as number });
      start = i;
    }
  }
  return out;
}
