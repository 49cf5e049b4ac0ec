/**
 * Where each value of a JSON form's text lies, so a reader can point at the value a finding names,
 * as slotPositions does for a line. A finding of a JSON form names a field or slot, never a
 * position: the form may be an object a program passed, with no text at all. Computed on demand,
 * only when there is something to point at, so reading a good form pays nothing for it.
 */
import { _namesKey } from "./_field-names.js";
import type { FindingCode } from "./finding.js";

/** A part of a text: from `start` up to, not including, `end` (UTF-16 indices). */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** What ends a number, `true`, `false` or `null`: whitespace, a comma, a closing bracket. */
const AFTER_WORD = new Set([...WHITE, 0x2c, 0x5d, 0x7d]);

/** The index after the string whose quote is at `i` (the text's length if it never closes). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  return text.length;
}

/** A key as the object holds it: its escapes read (`"\u0061mt"` is `amt`). */
function keyOf(quoted: string): string {
  if (!quoted.includes("\\")) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** The first index from `i` that is not JSON whitespace. */
function skip(text: string, i: number): number {
  while (i < text.length && WHITE.has(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The span of each value of a JSON form's text: every top-level field by its name (`from`,
 * `slots`, and any other key the object holds) and every slot by `slots.<key>`. Meant for text
 * that is JSON (readMessage has read it); for other text the spans are a best effort, and it
 * never throws. One pass, no recursion: nesting deeper than any stack is only skipped.
 */
export function jsonFormSpans(text: string): ReadonlyMap<string, TextSpan> {
  const spans = new Map<string, TextSpan>();
  // Each open container: the prefix its members are recorded under (null: not recorded), and the
  // name it is recorded as itself, with where it starts.
  const open: { readonly prefix: string | null; readonly name: string | null; readonly start: number }[] = [];
  let name: string | null = null; // what the next value is recorded as
  let i = skip(text, 0);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      const colon = skip(text, end);
      const prefix = open[open.length - 1]?.prefix ?? null;
      if (text.charCodeAt(colon) === 0x3a) {
        // A key: its value follows the colon.
        name = prefix === null ? null : prefix + keyOf(text.slice(i, end));
        i = skip(text, colon + 1);
        continue;
      }
      if (name !== null) spans.set(name, { start: i, end });
      name = null;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      // The top-level object's members are recorded by name, its `slots` object's as slots.<key>.
      const prefix = c !== 0x7b ? null : open.length === 0 ? "" : name === "slots" ? "slots." : null;
      open.push({ prefix, name, start: i });
      name = null;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      const closed = open.pop();
      if (closed !== undefined && closed.name !== null) spans.set(closed.name, { start: closed.start, end: i + 1 });
      name = null;
      i++;
    } else if (c === 0x2c || WHITE.has(c)) {
      i++;
    } else {
      // A number, true, false or null (or, in text that is not JSON, whatever stands there).
      let end = i + 1;
      while (end < text.length && !AFTER_WORD.has(text.charCodeAt(end)) && text.charCodeAt(end) !== 0x22) end++;
      if (name !== null) spans.set(name, { start: i, end });
      name = null;
      i = end;
    }
  }
  return spans;
}

/**
 * The span of the value a finding's `slot` names in a JSON form, from jsonFormSpans: the field or
 * path itself (`from`, `slots.amt`; a shape finding names a path), else the slot of that key
 * (validate names a slot by its key: `amt`), else the nearest enclosing value a path reaches
 * (`slots.opts.1`, an item of a list: `slots.opts`). Undefined when the text holds no such value.
 * Given the finding's `code`, a finding about a key (`SLOT_UNKNOWN`, `VALUE_TYPE`) names the slot
 * first, even one named like a field (`slots.v`, not the form's `v`).
 */
export function jsonSlotSpan(spans: ReadonlyMap<string, TextSpan>, slot: string, code?: FindingCode): TextSpan | undefined {
  const named = _namesKey(code) ? (spans.get(`slots.${slot}`) ?? spans.get(slot)) : (spans.get(slot) ?? spans.get(`slots.${slot}`));
  if (named !== undefined) return named;
  for (let dot = slot.lastIndexOf("."); dot > 0; dot = slot.lastIndexOf(".", dot - 1)) {
    const enclosing = spans.get(slot.slice(0, dot));
    if (enclosing !== undefined) return enclosing;
  }
  return undefined;
}
