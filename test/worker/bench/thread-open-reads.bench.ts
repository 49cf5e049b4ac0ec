// What walking the `open` pages of a thread, and reading its state, cost a thread of n independent
// HOs inside workerd (vitest's pool): a walk of every page of GET .../open at the default limit
// (1,000 a page; the median page, and the whole walk, of 5 walks), and GET /v1/threads/{thread}
// (the median of 21 requests). Prints; asserts nothing.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/thread-open-reads.bench.ts`
import { describe, it } from "vitest";
import { median, ms, threadOfHandoffs, timed, walkPages } from "./_thread-reads.js";

describe("the open pages and the state, in workerd", () => {
  for (const n of [1_000, 16_000]) {
    it(`a thread of ${n} HOs`, async () => {
      const t = await threadOfHandoffs("open-reads", n);
      const pages: number[] = [];
      const walks: number[] = [];
      let count = 0;
      for (let w = 0; w < 5; w++) {
        const { pages: each, walk } = await walkPages(`/v1/threads/${t}/open`);
        pages.push(...each);
        walks.push(walk);
        count = each.length;
      }
      const state: number[] = [];
      for (let k = 0; k < 21; k++) state.push((await timed(`/v1/threads/${t}`)).took);
      console.log(`n = ${n}: open page ${ms(median(pages))}, walk of ${count} pages ${ms(median(walks))} (${ms(Math.min(...walks))} to ${ms(Math.max(...walks))}); GET state ${ms(median(state))} (${ms(Math.min(...state))} to ${ms(Math.max(...state))})`);
    });
  }
});
