// What walking the `open` pages of a thread, and reading its state, cost a thread of n independent
// HOs inside workerd (vitest's pool): a walk of every page of GET .../open at the default limit
// (1,000 a page; the median page, and the whole walk, of 5 walks), and GET /v1/threads/{thread}
// (the median of 21 requests). Prints; asserts nothing.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/thread-open-reads.bench.ts`
import { describe, it } from "vitest";
import { LIMITS } from "../../../worker/limits.js";
import { call, postText } from "../http.js";

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function timed(path: string): Promise<{ took: number; next: number | null }> {
  const start = performance.now();
  const r = await call(path);
  const text = await r.text();
  const took = performance.now() - start;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 200)}`);
  return { took, next: (JSON.parse(text) as { next?: number | null }).next ?? null };
}

describe("the open pages and the state, in workerd", () => {
  for (const n of [1_000, 16_000]) {
    it(`a thread of ${n} HOs`, async () => {
      const t = `open-reads-${crypto.randomUUID()}`;
      for (let at = 0; at < n; at += LIMITS.lines) {
        const lines = Array.from({ length: Math.min(LIMITS.lines, n - at) }, (_, k) => `RW1 HO ops-${at + k + 1} from=ops to=b item=jira:X-${at + k + 1} ask=FIX`);
        const r = await postText(`/v1/threads/${t}/lines`, lines.join("\n"));
        if (r.status !== 200) throw new Error(`append ${r.status}`);
        await r.text();
      }
      await timed(`/v1/threads/${t}/lines?limit=1`);
      const pages: number[] = [];
      const walks: number[] = [];
      let count = 0;
      for (let w = 0; w < 5; w++) {
        let after: number | null = 0;
        let walk = 0;
        count = 0;
        while (after !== null) {
          const page: { took: number; next: number | null } = await timed(`/v1/threads/${t}/open?after=${after}`);
          pages.push(page.took);
          walk += page.took;
          after = page.next;
          count++;
        }
        walks.push(walk);
      }
      const state: number[] = [];
      for (let k = 0; k < 21; k++) state.push((await timed(`/v1/threads/${t}`)).took);
      console.log(`n = ${n}: open page ${ms(median(pages))}, walk of ${count} pages ${ms(median(walks))} (${ms(Math.min(...walks))} to ${ms(Math.max(...walks))}); GET state ${ms(median(state))} (${ms(Math.min(...state))} to ${ms(Math.max(...state))})`);
    });
  }
});
