/** The marker after a text shown in part (clip.ts): how many characters are left out. */
export function More({ count }: { count: number }) {
  return count > 0 ? (
    <span class="more" data-more={count}>
      {" "}
      … {count.toLocaleString("en")} more characters
    </span>
  ) : null;
}
