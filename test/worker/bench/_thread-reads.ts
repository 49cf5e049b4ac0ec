// What the workerd read benchmarks share (thread-report-reads, thread-open-reads): a thread of n
// independent HOs, a timed GET, a timed walk of a list's pages, and the median they print.
import { LIMITS } from "../../../worker/limits.js";
import { call, postText } from "../http.js";

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
export const ms = (x: number): string => `${x.toFixed(1)} ms`;

/** GET `path`, timed to its last byte; `next` is the page's, when it has one. */
export async function timed(path: string): Promise<{ took: number; next: number | null }> {
  const start = performance.now();
  const r = await call(path);
  const text = await r.text();
  const took = performance.now() - start;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 200)}`);
  return { took, next: (JSON.parse(text) as { next?: number | null }).next ?? null };
}

/** A new thread named `prefix-<uuid>` holding n HOs ops-1..ops-n, each of its own item, stored and read once. */
export async function threadOfHandoffs(prefix: string, n: number): Promise<string> {
  const t = `${prefix}-${crypto.randomUUID()}`;
  for (let at = 0; at < n; at += LIMITS.lines) {
    const lines = Array.from({ length: Math.min(LIMITS.lines, n - at) }, (_, k) => `RW1 HO ops-${at + k + 1} from=ops to=b item=jira:X-${at + k + 1} ask=FIX`);
    const r = await postText(`/v1/threads/${t}/lines`, lines.join("\n"));
    if (r.status !== 200) throw new Error(`append ${r.status}`);
    await r.text();
  }
  await timed(`/v1/threads/${t}/lines?limit=1`);
  return t;
}

/** Every page of the list at `path` (its `after` added), each page's time and the walk's. */
export async function walkPages(path: string): Promise<{ pages: number[]; walk: number }> {
  const pages: number[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: { took: number; next: number | null } = await timed(`${path}?after=${after}`);
    pages.push(page.took);
    after = page.next;
  }
  return { pages, walk: pages.reduce((a, b) => a + b, 0) };
}
