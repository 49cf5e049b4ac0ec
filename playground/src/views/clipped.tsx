import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import { clip } from "./clip.js";

/** The marker after a text shown in part (clip.ts): how many characters are left out. */
export function More({ count }: { count: number }) {
  return count > 0 ? (
    <span class="more" data-more={count}>
      {" "}
      … {count.toLocaleString("en")} more characters
    </span>
  ) : null;
}

/**
 * A value or message from the input (an agent's name, an item, what check-thread says quoting
 * them), shown in part when very long, its controls marked: a valid line may carry a megabyte name,
 * which laid out whole, in every place that names it, froze the page for seconds.
 */
export function Shown({ text }: { text: string }) {
  const { shown, more } = clip(text);
  return (
    <>
      {visible(shown)}
      <More count={more} />
    </>
  );
}
