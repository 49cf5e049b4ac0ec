/**
 * A very long text shown in part: its first SHOWN characters, then how many more there are. Laying
 * out a megabyte line freezes the page; what the core says about the line still covers all of it.
 */
export const SHOWN = 4096;

/** The part of `text` to show, and how many characters are left out. */
export function clip(text: string): { readonly shown: string; readonly more: number } {
  return text.length <= SHOWN ? { shown: text, more: 0 } : { shown: text.slice(0, SHOWN), more: text.length - SHOWN };
}

/** The marker after a clipped text. */
export function More({ count }: { count: number }) {
  return count > 0 ? (
    <span class="more" data-more={count}>
      {" "}
      … {count.toLocaleString("en")} more characters
    </span>
  ) : null;
}
