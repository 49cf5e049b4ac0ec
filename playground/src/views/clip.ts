/**
 * A very long text shown in part: its first SHOWN characters, then how many more there are. Laying
 * out a megabyte line freezes the page; what the core says about the line still covers all of it.
 */
import { textPrefix } from "../../../core/index.js";

export const SHOWN = 4096;

/**
 * The part of `text` to show, and how many characters are left out. The cut never splits a
 * surrogate pair (the core's textPrefix): half of one would show as U+FFFD.
 */
export function clip(text: string): { readonly shown: string; readonly more: number } {
  if (text.length <= SHOWN) return { shown: text, more: 0 };
  const shown = textPrefix(text, SHOWN);
  return { shown, more: text.length - shown.length };
}
