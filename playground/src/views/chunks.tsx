/**
 * Long lists in memoized chunks, rendered as far as they are seen: a list of a thousand rows is
 * diffed as a few dozen chunks, only the chunk holding a changed item renders again, and a list of
 * more than WHOLE items renders only the chunks within MARGIN pixels of the viewport, with a spacer
 * above and below as tall as the chunks it stands for (as measured when last shown, or estimated).
 * A chunk is the previous array while its items are the same objects. Each item renders one
 * element, the list's child: that is how a chunk's height is measured.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ComponentChild } from "preact";
import { memo } from "../memo.js";

const SIZE = 50;
/** Lists of up to this many items are rendered whole. */
const WHOLE = 200;
/** How far beyond the viewport, above and below, chunks are rendered (px). */
const MARGIN = 1500;
/** The height of an item before any was measured (px). */
const GUESS = 80;

function chunked<T>(items: readonly T[], previous: readonly (readonly T[])[]): (readonly T[])[] {
  const out: (readonly T[])[] = [];
  for (let i = 0, c = 0; i < items.length; i += SIZE, c++) {
    const old = previous[c];
    const end = Math.min(i + SIZE, items.length);
    let same = old !== undefined && old.length === end - i;
    for (let k = i; same && k < end; k++) same = (old as readonly T[])[k - i] === items[k];
    out.push(same ? (old as readonly T[]) : items.slice(i, end));
  }
  return out;
}

interface ChunkProps {
  readonly items: readonly unknown[];
  readonly render: (item: never) => ComponentChild;
}

const Chunk = memo(({ items, render }: ChunkProps) => <>{items.map((x) => render(x as never))}</>, "Chunk");

type Range = readonly [number, number];

interface Props<T> {
  readonly items: readonly T[];
  /** Must be the same function while its output would be. */
  readonly render: (item: T) => ComponentChild;
  /** The element a spacer is: a list item, or a table row. */
  readonly spacer?: "li" | "tr";
}

/** Renders `items` with `render`, in chunks; a long list only as far as it is near the viewport. */
export function Chunked<T>({ items, render, spacer = "li" }: Props<T>) {
  const previous = useRef<(readonly T[])[]>([]);
  const chunks = chunked(items, previous.current);
  const windowed = items.length > WHOLE;
  // Heights by chunk: a chunk that changed is a new array, measured again when shown; until then
  // it is taken to be as tall as the one it replaced (an edit seldom changes a chunk's height).
  const heights = useRef(new WeakMap<readonly T[], number>());
  chunks.forEach((c, k) => {
    const old = previous.current[k];
    const h = old === undefined || old === c ? undefined : heights.current.get(old);
    if (h !== undefined && !heights.current.has(c)) heights.current.set(c, h);
  });
  previous.current = chunks;
  const measured = useRef({ height: 0, items: 0 });
  const [range, setRange] = useState<Range>([0, 1]);
  // Renders again when a measured height changes the spacers.
  const [, setMeasures] = useState(0);
  const top = useRef<HTMLElement>(null);
  const live = useRef({ chunks, range });
  live.current = { chunks, range };

  const heightOf = (c: readonly T[]): number => heights.current.get(c) ?? c.length * (measured.current.items > 0 ? measured.current.height / measured.current.items : GUESS);

  /** The chunks within MARGIN of the viewport, from where the list starts on screen. */
  const update = useRef((): void => undefined);
  update.current = (): void => {
    const start = top.current;
    // Not laid out (a hidden panel): nothing to go by.
    if (start === null || start.getClientRects().length === 0) return;
    const all = live.current.chunks;
    let y = start.getBoundingClientRect().top;
    let from = -1;
    let to = -1;
    for (let k = 0; k < all.length; k++) {
      const h = heightOf(all[k] as readonly T[]);
      if (y + h > -MARGIN && y < innerHeight + MARGIN) {
        if (from < 0) from = k;
        to = k + 1;
      }
      y += h;
    }
    // A list wholly above or below the viewport shows its nearest chunk.
    const next: Range = from >= 0 ? [from, to] : y <= -MARGIN ? [Math.max(0, all.length - 1), all.length] : [0, 1];
    const [a, b] = live.current.range;
    if (next[0] !== a || next[1] !== b) setRange(next);
  };

  /** Measures the chunks shown, then sees whether the range still covers the view. */
  const measure = useRef((): void => undefined);
  measure.current = (): void => {
    const start = top.current;
    const list = start?.parentElement;
    if (start === null || list === null || list === undefined || start.getClientRects().length === 0) return;
    const { chunks, range } = live.current;
    const [from, to] = clamp(range, chunks.length);
    const first = Array.prototype.indexOf.call(list.children, start) + 1;
    let changed = false;
    for (let k = from; k < to; k++) {
      const c = chunks[k] as readonly T[];
      const a = list.children[first + (k - from) * SIZE];
      const b = list.children[first + (k - from) * SIZE + c.length];
      if (a === undefined || b === undefined) continue;
      const h = b.getBoundingClientRect().top - a.getBoundingClientRect().top;
      if (h <= 0) continue;
      const old = heights.current.get(c);
      // Within a pixel is the same: the spacers change only when a re-render is asked for.
      if (old !== undefined && Math.abs(old - h) <= 1) continue;
      changed = true;
      if (old !== undefined) {
        measured.current.height -= old;
        measured.current.items -= c.length;
      }
      heights.current.set(c, h);
      measured.current.height += h;
      measured.current.items += c.length;
    }
    if (changed) setMeasures((n) => n + 1);
    update.current();
  };

  // After each render, in the next frame (when the browser lays the page out anyway), not in the
  // task that rendered: a paste of thousands of lines is not made one long task by measuring.
  useLayoutEffect(() => {
    if (!windowed) return;
    const frame = requestAnimationFrame(() => measure.current());
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => {
    if (!windowed) return;
    let frame = 0;
    const later = (): void => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update.current();
        });
    };
    addEventListener("scroll", later, { passive: true });
    addEventListener("resize", later, { passive: true });
    return () => {
      removeEventListener("scroll", later);
      removeEventListener("resize", later);
      cancelAnimationFrame(frame);
    };
  }, [windowed]);

  if (!windowed) {
    return (
      <>
        {chunks.map((c, k) => (
          <Chunk key={k} items={c} render={render as (item: never) => ComponentChild} />
        ))}
      </>
    );
  }
  const [from, to] = clamp(range, chunks.length);
  let above = 0;
  let below = 0;
  chunks.forEach((c, k) => {
    if (k < from) above += heightOf(c);
    else if (k >= to) below += heightOf(c);
  });
  return (
    <>
      <Spacer tag={spacer} height={above} refTo={top} />
      {chunks.slice(from, to).map((c, k) => (
        <Chunk key={from + k} items={c} render={render as (item: never) => ComponentChild} />
      ))}
      <Spacer tag={spacer} height={below} />
    </>
  );
}

const clamp = ([from, to]: Range, n: number): Range => {
  const a = Math.min(from, Math.max(0, n - 1));
  return [a, Math.max(a + 1, Math.min(to, n))];
};

/** Stands for the chunks not rendered: as tall as they were, hidden from assistive technology. */
function Spacer({ tag, height, refTo }: { tag: "li" | "tr"; height: number; refTo?: { current: HTMLElement | null } }) {
  const style = { height: `${Math.round(height)}px` };
  return tag === "tr" ? (
    <tr ref={refTo as never} class="window-spacer" aria-hidden="true">
      <td colSpan={9} style={style} />
    </tr>
  ) : (
    <li ref={refTo as never} class="window-spacer" aria-hidden="true" style={style} />
  );
}
