/**
 * A page of a thread's entries, bounded in size as well as in count. The Durable Object hands a
 * page to the Worker over RPC, which refuses any value past 32 MiB serialized: lines of up to 8 KiB
 * (and items, ids, of as much) make 10,000 of them, or the state's six lists of 1,000, several
 * times that, and the read would fail (500) however often it was retried. So a page stops at
 * PAGE_BYTES too, and its `next` says where the rest begins, as it does at the count.
 */

/**
 * What one page (one list of the thread's state, or one page of its lines) may hold, measured as
 * twice its JSON text: V8 serializes a string holding any character past U+00FF at two bytes a
 * character. Six lists of this, the state's, stay well under the 32 MiB an RPC value may be.
 */
export const PAGE_BYTES = 4 * 1024 * 1024;

/**
 * The first rows, at most `limit` of them and at most PAGE_BYTES, never none while a row is there
 * (one entry is far below the bound); `more` when a row is left after them. It reads one row past
 * the page at most, so an SQL cursor is never drawn further.
 */
/** What a value costs an RPC answer, as the bounds here count it: twice its JSON text. */
export const serializedBytes = (value: unknown): number => 2 * JSON.stringify(value).length;

/** The `after` of the page following `page`, which began after `after`; null once nothing follows. */
export const nextAfter = (after: number, page: { readonly items: readonly unknown[]; readonly more: boolean }): number | null => (page.more ? after + page.items.length : null);

export function boundedPage<T>(rows: Iterable<T>, limit: number, bytes = PAGE_BYTES): { readonly items: T[]; readonly more: boolean } {
  const items: T[] = [];
  let size = 0;
  for (const row of rows) {
    if (items.length === limit) return { items, more: true };
    size += serializedBytes(row);
    if (items.length > 0 && size > bytes) return { items, more: true };
    items.push(row);
  }
  return { items, more: false };
}
