// What reading one handoff, and walking the findings and owners pages, costs a thread of n
// independent HOs inside workerd (vitest's pool): GET .../handoffs/{id} (the median of 41
// requests), and a walk of every findings page and every owners page at the default limit (1,000
// a page; the median page, and the whole walk, of 5 walks). Prints; asserts nothing.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/thread-report-reads.bench.ts`
import { describe, it } from "vitest";
import { median, ms, threadOfHandoffs, timed, walkPages } from "./_thread-reads.js";

describe("one handoff, and the findings and owners pages, in workerd", () => {
  for (const n of [1_000, 16_000]) {
    it(`a thread of ${n} HOs`, async () => {
      const t = await threadOfHandoffs("report-reads", n);
      const handoff: number[] = [];
      for (let k = 0; k < 41; k++) handoff.push((await timed(`/v1/threads/${t}/handoffs/ops-${1 + ((k * 389) % n)}`)).took);
      const pages: Record<string, number[]> = { findings: [], owners: [] };
      const walks: Record<string, number[]> = { findings: [], owners: [] };
      for (let w = 0; w < 5; w++) {
        for (const list of ["findings", "owners"] as const) {
          const { pages: each, walk } = await walkPages(`/v1/threads/${t}/${list}`);
          pages[list]?.push(...each);
          walks[list]?.push(walk);
        }
      }
      console.log(`n = ${n}: GET handoff ${ms(median(handoff))} (${ms(Math.min(...handoff))} to ${ms(Math.max(...handoff))}); findings page ${ms(median(pages["findings"] ?? []))}, walk of ${(pages["findings"] ?? []).length / 5} pages ${ms(median(walks["findings"] ?? []))}; owners page ${ms(median(pages["owners"] ?? []))}, walk ${ms(median(walks["owners"] ?? []))}`);
    });
  }
});
