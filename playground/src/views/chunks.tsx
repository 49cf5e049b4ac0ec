/**
 * Long lists in memoized chunks: a list of a thousand rows is diffed as a few dozen chunks, and
 * only the chunk holding a changed item renders again. A chunk is the previous array while its
 * items are the same objects.
 */
import { useRef } from "preact/hooks";
import type { ComponentChild } from "preact";
import { memo } from "../memo.js";

const SIZE = 50;

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

/** Renders `items` with `render` (which must be the same function while its output would be), in chunks. */
export function Chunked<T>({ items, render }: { items: readonly T[]; render: (item: T) => ComponentChild }) {
  const previous = useRef<(readonly T[])[]>([]);
  const chunks = chunked(items, previous.current);
  previous.current = chunks;
  return (
    <>
      {chunks.map((c, k) => (
        <Chunk key={k} items={c} render={render as (item: never) => ComponentChild} />
      ))}
    </>
  );
}
