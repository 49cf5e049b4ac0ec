// What reading one handoff, and walking the findings and owners pages, costs a thread of n
// independent HOs inside workerd (vitest's pool): GET .../handoffs/{id} (the median of 41
// requests), and a walk of every findings page and every owners page at the default limit (1,000
// a page; the median page, and the whole walk, of 5 walks). Prints; asserts nothing.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/thread-report-reads.bench.ts`
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

describe("one handoff, and the findings and owners pages, in workerd", () => {
  for (const n of [1_000, 16_000]) {
    it(`a thread of ${n} HOs`, async () => {
      const t = `report-reads-${crypto.randomUUID()}`;
      for (let at = 0; at < n; at += LIMITS.lines) {
        const lines = Array.from({ length: Math.min(LIMITS.lines, n - at) }, (_, k) => `RW1 HO ops-${at + k + 1} from=ops to=b item=jira:X-${at + k + 1} ask=FIX`);
        const r = await postText(`/v1/threads/${t}/lines`, lines.join("\n"));
        if (r.status !== 200) throw new Error(`append ${r.status}`);
        await r.text();
      }
      await timed(`/v1/threads/${t}/lines?limit=1`);
      const handoff: number[] = [];
      for (let k = 0; k < 41; k++) handoff.push((await timed(`/v1/threads/${t}/handoffs/ops-${1 + ((k * 389) % n)}`)).took);
      const pages: Record<string, number[]> = { findings: [], owners: [] };
      const walks: Record<string, number[]> = { findings: [], owners: [] };
      for (let w = 0; w < 5; w++) {
        for (const list of ["findings", "owners"] as const) {
          let after: number | null = 0;
          let walk = 0;
          while (after !== null) {
            const page: { took: number; next: number | null } = await timed(`/v1/threads/${t}/${list}?after=${after}`);
            pages[list]?.push(page.took);
            walk += page.took;
            after = page.next;
          }
          walks[list]?.push(walk);
        }
      }
      console.log(`n = ${n}: GET handoff ${ms(median(handoff))} (${ms(Math.min(...handoff))} to ${ms(Math.max(...handoff))}); findings page ${ms(median(pages["findings"] ?? []))}, walk of ${(pages["findings"] ?? []).length / 5} pages ${ms(median(walks["findings"] ?? []))}; owners page ${ms(median(pages["owners"] ?? []))}, walk ${ms(median(walks["owners"] ?? []))}`);
    });
  }
});
