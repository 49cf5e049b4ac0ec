/**
 * What the mailbox reads in a message body: wikilinks (section 4: "every causal response body
 * wikilinks its exact parent"), an `ack`'s claim to follow welcomes (section 9), and RW1 lines,
 * which the core validates as it validates any line.
 */
import { readMessage } from "../index.js";
import type { LineCheck, VocabularyResolver } from "../index.js";
import { parseFilename } from "./filename.js";

/** The targets of `[[target]]`, `[[target|alias]]` and `[[target#heading]]` links. */
export function wikilinks(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/\[\[([^\]|#\n]{1,512})(?:[#|][^\]\n]{0,512})?\]\]/g)) out.push((m[1] as string).trim());
  return out;
}

/** A wikilink target names the file `name` (with or without `.md`, with or without folders). */
export function linksTo(targets: readonly string[], file: string): boolean {
  const bare = file.replace(/\.md$/, "");
  return targets.some((t) => {
    const leaf = t.slice(t.lastIndexOf("/") + 1).replace(/\.md$/, "");
    return leaf === bare;
  });
}

/**
 * Whether a body claims to follow one or more welcomes: it wikilinks a welcome's file, or one
 * sentence says it follows (or comes after) a welcome. Read from the body's text, which is exactly
 * why the envelope, not the body, decides causality.
 */
export function claimsToFollowWelcomes(body: string): boolean {
  if (wikilinks(body).some((t) => parseFilename(`${t.slice(t.lastIndexOf("/") + 1).replace(/\.md$/, "")}.md`)?.kind === "welcome")) return true;
  return /\b(?:follow(?:s|ing|ed)?|after)\b[^.!?\n]{0,120}\bwelcomes?\b/i.test(body);
}

export interface BodyLine {
  /** The 1-based line in the file. */
  readonly line: number;
  readonly text: string;
  readonly check: LineCheck;
}

/**
 * A body line that holds an RW1 line: `RW<n> <TYPE> ...` alone on it, in inline code, or after
 * `> ` or a list marker. Prose that starts with "RW1" but not a type code is not a line.
 */
const RW1 = /^\s*(?:>\s*)*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(`?)(?=RW\d{1,3} [A-Z]{2}\b)/;

/** Every RW1 line of a body, read by the core as a receiver reads it. */
export function rw1Lines(body: string, firstLine: number, vocabulary: VocabularyResolver): BodyLine[] {
  const out: BodyLine[] = [];
  if (!body.includes("RW")) return out;
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).replace(/\r$/, "");
    if (!raw.includes("RW")) continue;
    const m = RW1.exec(raw);
    if (m === null) continue;
    let text = raw.slice(m[0].length).trimEnd();
    if (m[1] === "`" && text.endsWith("`")) text = text.slice(0, -1);
    out.push({ line: firstLine + i, text, check: readMessage(text, vocabulary) });
  }
  return out;
}
