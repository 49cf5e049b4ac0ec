/**
 * A request body of '#' without end (or of `size` bytes), streamed 1 MiB at a time, and how much of
 * it the Worker pulled: the limits and drain tests read from `seen.pulled` whether a refused body
 * was read to its end, drained to the bound, or cut off (no more pulled: a reader cancelled inside
 * the Worker does not reach this stream's `cancel`).
 */
export const MiB = 1024 * 1024;

export function watched(size = Infinity): { body: ReadableStream<Uint8Array>; seen: { pulled: number } } {
  const seen = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= size) return controller.close();
      const n = Math.min(MiB, size - seen.pulled);
      controller.enqueue(new Uint8Array(n).fill(0x23));
      seen.pulled += n;
    },
  });
  return { body, seen };
}
